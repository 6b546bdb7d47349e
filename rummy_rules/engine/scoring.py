"""Scoring a deal: the scoring model, bonuses, multiplied melds and team scores."""

from __future__ import annotations

from ..cards import rank_of
from .deadwood import meets_needs
from .game import Game, TableMeld
from .melds import Meld
from .side_sets import holds_wild, side_canastas

__all__ = ["Part", "add_bonus", "feet_left", "score_deal"]


def add_bonus(g: Game, seat: int, points: int, to: str) -> None:
    """Give ``points`` to ``seat`` (``to: self``) or to every other player still in."""
    scores = g.deal.scores
    if to == "self":
        scores[seat] += points
    else:
        for other in range(g.seats):
            if other != seat and g.active[other]:
                scores[other] += points


#: One part of a deal's score: (seat, what, points), ``what`` a bonus event of
#: ``scoring.bonuses`` or ``play`` (points scored during the deal), ``cards``
#: (the scoring model), ``melded`` and ``in_hand`` (``melded_minus_hand``),
#: ``factor`` (a multiplied hand).
Part = tuple[int, str, int]


def score_deal(g: Game, went_out: int | None) -> list[Part]:
    """Add the deal's points to ``g.deal.scores``: the model, then the bonuses,
    then (with team scoring) each seat shows its team's score. Returns the
    parts, seat by seat, which add up to each seat's own score before partners
    are combined."""
    d = g.deal
    play = g.rules.play
    parts: list[Part] = [(seat, "play", p) for seat, p in enumerate(d.scores) if p]
    before = list(d.scores)
    _model_scores(g, went_out, parts)
    if play.scoring_model != "melded_minus_hand":
        parts += _moved(before, d.scores, "cards")
    if went_out is not None:
        events = _going_out_events(g, went_out)
        for event, points, to in play.bonuses:
            if event in events:
                _bonus(g, parts, event, went_out, points, to)
    if play.canasta_size:
        _canasta_bonuses(g, parts)
    if play.bonus_faces:
        _bonus_card_points(g, parts)
    if d.feet:
        _foot_bonuses(g, parts)
    if d.exact_cut and d.cutter is not None:
        for event, points, to in play.bonuses:
            if event == "exact_cut":
                _bonus(g, parts, event, d.cutter, points, to)
    if d.score_factor > 1:  # a knocked hand under a spade upcard
        before = list(d.scores)
        d.scores[:] = [points * d.score_factor for points in d.scores]
        parts += _moved(before, d.scores, "factor")
    if play.teams and play.team_scoring:
        # Partners share one score: each seat shows its team's.
        combined = [
            sum(d.scores[o] for o in range(g.seats) if g.team[o] == g.team[s])
            for s in range(g.seats)
        ]
        d.scores[:] = combined
    return parts


def _moved(before: list[int], after: list[int], what: str) -> list[Part]:
    """The seats whose score moved from ``before`` to ``after``, as parts."""
    moved = zip(before, after, strict=True)
    return [(seat, what, a - b) for seat, (b, a) in enumerate(moved) if a != b]


def _bonus(g: Game, parts: list[Part], event: str, seat: int, points: int, to: str) -> None:
    """:func:`add_bonus`, its points kept as parts named by ``event``."""
    before = list(g.deal.scores)
    add_bonus(g, seat, points, to)
    parts += _moved(before, g.deal.scores, event)


def _foot_bonuses(g: Game, parts: list[Part]) -> None:
    """``foot_left`` for each foot not played, ``bonus_card_in_foot`` for each
    bonus card in a foot still face down, to its seat (its team's first)."""
    d = g.deal
    play = g.rules.play
    for seat in feet_left(g):
        for event, points, to in play.bonuses:
            if event == "foot_left":
                _bonus(g, parts, event, seat, points, to)
    team = d.rules.foot_per_team
    for slot, foot in enumerate(d.feet):
        held = sum(1 for c in foot if g.faces[c] in play.bonus_faces)
        for event, points, to in play.bonuses:
            if event == "bonus_card_in_foot" and held:
                _bonus(g, parts, event, g.team.index(slot) if team else slot, points * held, to)


def feet_left(g: Game) -> list[int]:
    """The seats whose foot (``deals[].foot``; with ``foot_per: team``, the first
    seat of each team whose foot) was not played: still down, turned into the
    stock, or picked up by a discard whose player has had no turn since."""
    d = g.deal
    team = d.rules.foot_per_team
    return [g.team.index(slot) if team else slot for slot, out in enumerate(d.foot_out) if not out]


def _canasta_bonuses(g: Game, parts: list[Part]) -> None:
    """Each canasta on the table (a meld of ``canasta_size`` cards or more)
    scores its bonus for its owner: natural with no wild card, else mixed."""
    d = g.deal
    play = g.rules.play
    runs_apart = any(name == "run_canasta" for name, _, _ in play.bonuses)
    for meld in d.melds:
        if len(meld.cards) < play.canasta_size:
            continue
        mixed = holds_wild(g, [g.faces[c] for c in meld.cards], meld.stands_for)
        event = "mixed_canasta" if mixed else "natural_canasta"
        if runs_apart and meld.kind == "run":
            event = "run_canasta"  # Samba's samba, in place of the other two
        for name, points, to in play.bonuses:
            if name == event:
                _bonus(g, parts, event, meld.owner, points, to)


def _bonus_card_points(g: Game, parts: list[Part]) -> None:
    """``deck.bonus_cards``: each bonus card laid aside scores ``bonus_card`` for
    its player; a side (partners, or one player) with every bonus card of the
    pack scores ``all_bonus_cards`` once more. With ``scoring.bonus_cards_unopened:
    against`` a side with no meld on the table loses these points instead."""
    d = g.deal
    play = g.rules.play
    in_pack = sum(1 for f in g.faces if f in play.bonus_faces)
    done: set[int] = set()
    for seat in range(g.seats):
        if not d.aside[seat]:
            continue
        side = [
            o for o in range(g.seats) if o == seat or (play.teams and g.team[o] == g.team[seat])
        ]
        sign = 1
        if play.bonus_against and not any(m.owner in side for m in d.melds):
            sign = -1
        if play.bonus_against_short and side_canastas(g, seat) < play.going_out_canastas:
            sign = -1
        whole = sum(len(d.aside[o]) for o in side) == in_pack and side[0] not in done
        done.add(side[0])
        for name, points, to in play.bonuses:
            if name == "bonus_card":
                _bonus(g, parts, name, seat, sign * points * len(d.aside[seat]), to)
            elif name == "all_bonus_cards" and whole:
                _bonus(g, parts, name, seat, sign * points, to)


def _going_out_events(g: Game, went_out: int) -> set[str]:
    """The bonus events of going out: one turn, first turn, with or without wilds;
    of a knocked hand: winning it, with gin or by an undercut."""
    d = g.deal
    if d.knocker >= 0:
        events = {"went_out"}
        if not d.hands[d.knocker]:  # gin: every card melded (knocking.is_gin)
            events.add("gin")
            if d.big_gin:
                events.add("big_gin")
        elif went_out != d.knocker:
            events.add("undercut")
        return events
    one_turn = d.down_turn[went_out] == d.turn and d.duties.down_this_turn
    first_turn = d.turns_played[went_out] == 1
    no_wilds = not any(
        g.faces[c] in d.rules.wild_faces for m in d.melds if m.owner == went_out for c in m.cards
    )
    events = {"went_out"}
    if one_turn:
        has_no_wild_bonus = any(e == "one_turn_out_no_wilds" for e, _, _ in g.rules.play.bonuses)
        if no_wilds and has_no_wild_bonus:
            events.add("one_turn_out_no_wilds")
        else:
            events.add("one_turn_out")
    if first_turn:
        events.add("first_turn_out")
    return events


def _model_scores(g: Game, went_out: int | None, parts: list[Part]) -> None:
    """Add the deal's points by the scoring model (bonuses come after)."""
    d = g.deal
    play = g.rules.play
    faces = g.faces
    held = [sum(g.value(faces[c]) for c in hand) for hand in d.hands]
    if not any(event == "foot_left" for event, _, _ in play.bonuses):
        for slot, foot in enumerate(d.feet):  # a foot not picked up counts with the hand
            held[g.team.index(slot) if d.rules.foot_per_team else slot] += sum(
                g.value(faces[c]) for c in foot
            )
    if play.scoring_model == "penalty":
        if d.knocker >= 0 and play.count_all_without_needs:
            _count_all_without_needs(g, held)
        for seat in range(g.seats):
            if d.dropped and d.dropped[seat] >= 0:
                d.scores[seat] += d.dropped[seat]  # left the deal: its stated cost
            elif seat != went_out:
                points = held[seat]
                d.scores[seat] += points if play.deal_cap is None else min(points, play.deal_cap)
    elif play.scoring_model == "winner_collects":
        if went_out is not None:
            d.scores[went_out] += sum(held)
    elif play.scoring_model == "losers_pay":
        _losers_pay(g, went_out, held)
    elif play.scoring_model == "stakes":
        _stakes(g, went_out, held)
    elif play.scoring_model == "knock_difference":
        # The winner of a knocked hand (the lowest deadwood) scores the
        # difference between their deadwood and each other player's (the
        # knocker's is what they kept after laying their melds).
        if went_out is not None and d.knocker >= 0:
            mine = held[went_out]
            d.scores[went_out] += sum(
                held[s] - mine for s in range(g.seats) if s != went_out and g.active[s]
            )
    else:  # melded_minus_hand
        layer = play.lay_off_scores_for == "layer"
        before = list(d.scores)
        for meld in d.melds:
            for i, by in enumerate(meld.laid_by):
                seat = by if layer else meld.owner
                d.scores[seat] += _melded_value(g, meld, i) * meld.factor
        parts += _moved(before, d.scores, "melded")
        for seat in range(g.seats):
            d.scores[seat] -= held[seat]
            if held[seat]:
                parts.append((seat, "in_hand", -held[seat]))


def _losers_pay(g: Game, went_out: int | None, held: list[int]) -> None:
    """``losers_pay``: each player in the deal but its winner loses the count of
    their own hand; the winner (the player going out, else the lowest count:
    every player tied for it) scores each other player's count less its own."""
    d = g.deal
    seats = g.in_deal()
    if went_out is not None:
        won = [went_out]
    else:
        low = min(held[s] for s in seats)
        won = [s for s in seats if held[s] == low]
    for seat in seats:
        if seat in won:
            d.scores[seat] += sum(held[o] - held[seat] for o in seats if o not in won)
        else:
            d.scores[seat] -= held[seat]


def _stakes(g: Game, went_out: int | None, held: list[int]) -> None:
    """``stakes``: the deal's winner is paid by each other player in the deal
    the stakes of how it was won (``scoring.stakes``): going out with or
    without a final discard, on the deal, by a call; a caught caller pays each
    player whose count is equal or lower instead; with no one out (the stock
    gone), the lowest count wins, players tied for it each paid by the others."""
    d = g.deal
    out, out_no_discard, dealt, call, caught, lowest = g.rules.play.stakes
    seats = g.in_deal()

    def paid(winner: int, by: list[int], stake: int) -> None:
        for seat in by:
            d.scores[seat] -= stake
            d.scores[winner] += stake

    if d.caller >= 0:
        caller = d.caller
        catchers = [s for s in seats if s != caller and held[s] <= held[caller]]
        if not catchers:
            paid(caller, [s for s in seats if s != caller], call)
        for seat in catchers:
            paid(seat, [caller], caught)
        return
    if went_out is not None:
        stake = dealt if d.dealt_win else out if d.out_by_discard else out_no_discard
        paid(went_out, [s for s in seats if s != went_out], stake)
        return
    low = min(held[s] for s in seats)
    won = [s for s in seats if held[s] == low]
    for winner in won:
        paid(winner, [s for s in seats if s not in won], lowest)


def _count_all_without_needs(g: Game, held: list[int]) -> None:
    """``count_all_without_needs``: a player whose laid melds do not meet the
    knock's needs counts their melded cards too (in ``held``)."""
    d = g.deal
    wilds = d.rules.wild_faces
    for seat in range(g.seats):
        mine = [m for m in d.melds if m.owner == seat]
        as_melds = [
            Meld(m.kind, tuple(g.faces[c] for c in m.cards), tuple(m.stands_for)) for m in mine
        ]
        if not meets_needs(as_melds, g.rules.play.knock_needs, wilds):
            held[seat] += sum(g.value(g.faces[c]) for m in mine for c in m.cards)


def _melded_value(g: Game, meld: TableMeld, index: int) -> int:
    """What card ``index`` of ``meld`` scores for whoever melded it."""
    face = g.faces[meld.cards[index]]
    stands = meld.stands_for[index]
    play = g.rules.play
    wild = face in g.deal.rules.wild_faces
    if meld.kind == "jokers" or (wild and play.melded_wild_value == "own"):
        return g.value(face)
    if meld.kind == "run" and play.ace_low_in_run is not None and rank_of(stands) == 0:
        after = meld.stands_for[index + 1] if index + 1 < len(meld.stands_for) else None
        if after is not None and rank_of(after) == 1:  # A-2-3: the ace is low
            return play.ace_low_in_run
    return g.rules.card_values[stands]
