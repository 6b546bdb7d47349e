"""The end of a turn, of a deal and of the game.

A turn passes to the next seat (or the deal stops at the turn cap); a deal
ends when someone goes out, the stock runs out, it is blocked, or every
player passes on an empty stock; it is scored, recorded in ``g.results`` and
the log, players drop out of an elimination game, and either the game ends
or the next dealer deals.
"""

from __future__ import annotations

from typing import Any

from ..cards import format_card
from .dealing import start_next_deal
from .game import (
    DRAW,
    OVER,
    PLAY,
    DealResult,
    Game,
    MeldRecord,
    ScoreColumn,
    TurnDuties,
    step_active,
)
from .scoring import Part, score_deal

__all__ = ["end_deal", "leaves", "next_turn", "pass_turn"]


def next_turn(g: Game) -> None:
    """Pass the turn to the next seat still in the game."""
    d = g.deal
    play = g.rules.play
    if play.void_at_turn_end and len(d.stock) <= play.void_when_left:
        end_deal(g, "void", None)  # the stock is down to the wall: the deal is cancelled
        return
    if play.stall_turns is not None and _stalled(g, play.stall_turns):
        end_deal(g, "blocked", None)  # the pile only goes round: the deal ends
        return
    if d.hit:
        d.hit[d.current] = False  # a hit bars one call: this turn's, now over
    d.turn += 1
    if d.turn >= g.turn_cap:
        end_deal(g, "turn_cap", None)
        return
    if not (d.turn == 1 and play.first_player_extra_turn):
        d.current = g.next_seat(d.current)  # (the first player's second turn stays)
    if d.current in d.foot_pending:  # a foot picked up by a discard is now played
        slot = d.foot_pending.index(d.current)
        d.foot_out[slot], d.foot_pending[slot] = True, -1
    d.turns_played[d.current] += 1
    d.duties = TurnDuties()
    d.phase = PLAY if play.play_or_draw else DRAW  # play_or_draw: no draw first


def _stalled(g: Game, limit: int) -> bool:
    """Count a turn that drew no stock card and laid no card (``draw.stall_turns``);
    whether ``limit`` such turns have now passed in a row."""
    d = g.deal
    key = (len(d.stock), sum(len(m.cards) for m in d.melds))
    d.stalled = d.stalled + 1 if key == d.stall_key else 0
    d.stall_key = key
    return d.stalled >= limit


def pass_turn(g: Game) -> None:
    """With the stock gone, a player who cannot use a discard passes; all passing ends the deal."""
    d = g.deal
    d.passes += 1
    if d.passes >= len(g.in_deal()):
        end_deal(g, "stock", None)
        return
    next_turn(g)


def end_deal(g: Game, reason: str, went_out: int | None) -> None:
    """Score the deal, record it, and deal the next one or end the game."""
    d = g.deal
    parts = score_deal(g, went_out) if reason != "void" else []  # a cancelled deal: nothing
    ended = _enter_columns(g, _boxes(g, reason)) if g.columns else []
    if not g.columns:
        for seat in range(g.seats):
            g.totals[seat] += d.scores[seat]
    in_deal = [s for s in range(g.seats) if g.active[s]]
    adjust, bought_back, eliminated = _eliminate(g)
    result = _result(g, reason, went_out, adjust, eliminated, parts)
    g.results.append(result)
    entry: dict[str, Any] = {
        "deal_end": result.deal,
        "reason": reason,
        "went_out": went_out,
        "scores": list(result.scores),
        "totals": list(result.totals),
        "left": [" ".join(format_card(f) for f in hand) for hand in result.left],
    }
    if result.dropped:
        entry["dropped"] = [None if c < 0 else c for c in result.dropped]
    if result.aside:
        entry["aside"] = [" ".join(format_card(f) for f in cards) for cards in result.aside]
    if result.foot:
        entry["foot"] = [" ".join(format_card(f) for f in cards) for cards in result.foot]
    if result.columns:
        entry["games"] = [list(totals) for totals in result.columns]
        if ended:
            entry["games_ended"] = ended
    if g.rules.play.game_end == "elimination":
        entry["bought_back"] = bought_back
        entry["eliminated"] = list(eliminated)
    g.log.append(entry)
    if g.stage and reason != "void":
        # contract.progression each_player: who went down moves on to the next contract.
        for seat in range(g.seats):
            if d.down[seat] and g.active[seat]:
                g.stage[seat] += 1
    g.deal_index += 1
    over = _game_over(g)
    if over is not None:
        _end_game(g, over, in_deal)
        return
    rotation = g.rules.play.dealer_rotation
    if reason == "void" and g.rules.play.void_same_dealer:
        pass  # the same dealer deals the cancelled deal again
    elif rotation == "winner" and went_out is not None and g.active[went_out]:
        g.dealer = went_out
    else:
        g.dealer = step_active(g.active, g.dealer, 1 if rotation != "right" else -1)
    start_next_deal(g)


def _result(
    g: Game,
    reason: str,
    went_out: int | None,
    adjust: tuple[int, ...],
    eliminated: tuple[int, ...],
    parts: list[Part],
) -> DealResult:
    d = g.deal
    faces = g.faces
    return DealResult(
        deal=g.deal_index + 1,
        reason=reason,
        went_out=went_out,
        scores=tuple(d.scores),
        totals=tuple(g.totals),
        left=tuple(tuple(sorted(faces[c] for c in hand)) for hand in d.hands),
        adjust=adjust,
        eliminated=eliminated,
        table=tuple(
            MeldRecord(
                m.owner,
                m.kind,
                tuple(faces[c] for c in m.cards),
                tuple(m.stands_for),
                tuple(m.laid_by),
                m.factor,
            )
            for m in d.melds
        ),
        dropped=tuple(d.dropped) if leaves(g) else (),
        aside=tuple(tuple(faces[c] for c in cards) for cards in d.aside),
        foot=tuple(tuple(sorted(faces[c] for c in cards)) for cards in d.feet),
        columns=tuple(c.totals for c in g.columns),
        parts=tuple(parts),
    )


def leaves(g: Game) -> bool:
    """Whether a player may leave a deal in this variant (a drop or a wrong declaration)."""
    play = g.rules.play
    return max(play.drop_first, play.drop_middle, play.wrong_declaration) >= 0


def _end_game(g: Game, over: str, in_deal: list[int]) -> None:
    if not any(g.active):  # everyone left went out together
        for seat in in_deal:
            g.active[seat] = True
    g.deal.phase = OVER
    bonuses = _game_bonuses(g)
    end: dict[str, Any] = {
        "game_end": True,
        "totals": list(g.totals),
        "winners": winners(g),
    }
    if bonuses is not None:
        end["bonuses"] = bonuses
    if over != "rules":
        end["reason"] = over
    g.game_over_reason = over
    g.log.append(end)


def _boxes(g: Game, reason: str) -> int:
    """How many boxes (``game_end.hand_bonus``) a deal won this way counts."""
    play = g.rules.play
    return play.gin_boxes if reason == "gin" else play.undercut_boxes if reason == "undercut" else 1


def _enter_columns(g: Game, boxes: int) -> list[dict[str, Any]]:
    """Hollywood scoring (``game_end.games_at_once``): enter each seat's score
    for the deal into every unfinished game they have scored in and the first
    unfinished game they have not; end each game a total has reached the
    target in, with its bonuses; the totals become the sums of the games.
    Returns the games ended by this deal, each with its bonuses."""
    scores = g.deal.scores
    columns = g.columns
    for seat in range(g.seats):
        points = scores[seat]
        if points <= 0:
            continue
        open_ = [i for i, c in enumerate(columns) if not c.over]
        started = [i for i in open_ if columns[i].entered[seat]]
        fresh = [i for i in open_ if not columns[i].entered[seat]][:1]
        for i in started + fresh:
            c = columns[i]
            columns[i] = ScoreColumn(_plus(c.totals, seat, points), _plus(c.entered, seat, boxes))
    ended: list[dict[str, Any]] = []
    target = g.rules.play.target_score
    for i, c in enumerate(columns):
        if c.over or target is None or max(c.totals) < target:
            continue
        bonuses = _bonuses(g, list(c.totals), list(c.entered))
        totals = tuple(t + b for t, b in zip(c.totals, bonuses, strict=True))
        columns[i] = ScoreColumn(totals, c.entered, True)
        ended.append({"game": i + 1, "bonuses": bonuses})
    for seat in range(g.seats):
        g.totals[seat] = sum(c.totals[seat] for c in columns)
    return ended


def _plus(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if s == seat else v for s, v in enumerate(values))


def _game_bonuses(g: Game) -> list[int] | None:
    """Add the end-of-game bonuses (``game_end.shutout_factor``, ``game_bonus``,
    ``hand_bonus``) to the totals; what each seat got, or ``None`` if the
    variant has none.

    The leaders are the seats still in with the highest total from the deals;
    a shutout multiplies a leader's total when no other seat won a deal; each
    leader gets the game bonus; every seat gets the hand bonus per box won (a
    deal won is a box, or ``gin_boxes``, ``undercut_boxes``)."""
    play = g.rules.play
    if g.columns or not (play.game_bonus or play.hand_bonus or play.shutout_factor > 1):
        return None  # (games scored at once have their bonuses as each ends)
    won = [sum(_boxes(g, r.reason) for r in g.results if r.went_out == s) for s in range(g.seats)]
    added = _bonuses(g, g.totals, won)
    for seat in range(g.seats):
        g.totals[seat] += added[seat]
    return added


def _bonuses(g: Game, totals: list[int], won: list[int]) -> list[int]:
    """What each seat adds at the end of a game with these ``totals``, having
    won ``won`` boxes each (a deal won is a box, or ``gin_boxes``,
    ``undercut_boxes``): the leaders (the seats still in with the highest
    total) are multiplied by the shutout factor when no other seat won a deal,
    and get the game bonus; every seat gets the hand bonus per deal won."""
    play = g.rules.play
    seats = [s for s in range(g.seats) if g.active[s]]
    best = max(totals[s] for s in seats)
    leaders = [s for s in seats if totals[s] == best]
    added = [0] * g.seats
    for seat in leaders:
        if all(won[o] == 0 for o in range(g.seats) if o != seat):
            added[seat] += totals[seat] * (play.shutout_factor - 1)
        added[seat] += play.game_bonus
    for seat in seats:
        added[seat] += play.hand_bonus * won[seat]
    return added


def winners(g: Game) -> list[int]:
    """The seats with the best total among those still in the game (several on a
    tie); with ``contract.progression: each_player``, among those who went down
    with the last contract, if any has."""
    seats = [s for s in range(g.seats) if g.active[s]]
    last = len(g.rules.deals)
    finished = [s for s in seats if g.stage and g.stage[s] >= last]
    if finished:
        seats = finished
    pick = max if g.rules.play.winner == "highest_total" else min
    best = pick(g.totals[s] for s in seats)
    return [s for s in seats if g.totals[s] == best]


def _eliminate(g: Game) -> tuple[tuple[int, ...], list[int], tuple[int, ...]]:
    """Elimination games: buy back or drop players at the threshold.

    A player who buys back re-enters with the total ``game_end.buy_back_total``
    says: the highest among the players still below the threshold, or zero;
    with ``buy_back_limit``, only while that highest is at most the limit.
    """
    play = g.rules.play
    adjust = [0] * g.seats
    if play.game_end != "elimination" or play.elimination_at is None:
        return tuple(adjust), [], ()
    limit = play.elimination_at
    over = [s for s in range(g.seats) if g.active[s] and g.totals[s] >= limit]
    safe = [g.totals[s] for s in range(g.seats) if g.active[s] and s not in over]
    bought: list[int] = []
    out: list[int] = []
    for seat in over:
        allowed = play.buy_back_limit is None or (safe and max(safe) <= play.buy_back_limit)
        left = g.buy_backs_used[seat] < play.buy_backs
        if safe and not (allowed and left):  # a limit withheld the buy-back
            key = "game_end.buy_backs" if allowed else "game_end.buy_back_limit"
            g.bound[key] = g.bound.get(key, 0) + 1
        if safe and allowed and left:
            g.buy_backs_used[seat] += 1
            fresh = max(safe) if play.buy_back_total == "highest_remaining" else 0
            adjust[seat] = fresh - g.totals[seat]
            g.totals[seat] = fresh
            bought.append(seat)
        else:
            g.active[seat] = False
            out.append(seat)
    return tuple(adjust), bought, tuple(out)


def _target_reached(g: Game) -> bool:
    target = g.rules.play.target_score
    return target is not None and any(g.totals[s] >= target for s in range(g.seats) if g.active[s])


def _one_leader(g: Game) -> bool:
    """Whether one player leads, or one side where partners score together (the
    partners' equal totals are one side's, not a tie: ``ties: extra_deal``)."""
    play = g.rules.play
    together = play.teams and play.team_scoring
    return len({g.team[s] if together else s for s in winners(g)}) == 1


def _game_over(g: Game) -> str | None:
    """Why the game ends after the deal just scored (``None``: it goes on)."""
    play = g.rules.play
    if g.columns:  # games scored at once: over when every one of them is
        if all(c.over for c in g.columns):
            return "rules"
        return "deal_cap" if g.deal_index >= g.deal_cap else None
    if play.each_player:
        if any(s >= len(g.rules.deals) for s in g.stage):
            return "rules"
    elif play.game_end == "fixed_deals":
        if g.deal_index < len(g.rules.deals):
            return None
        if play.ties != "extra_deal" or _one_leader(g):
            return "rules"
        # Equal leaders play another deal (the last of the schedule again).
    if play.game_end == "elimination":
        if sum(g.active) <= 1:
            return "rules"
    elif _target_reached(g) and (play.ties != "extra_deal" or _one_leader(g)):
        return "rules"
    if g.deal_index >= g.deal_cap:
        return "deal_cap"
    return None
