"""A side's melds (Canasta): one set of each rank per side
(``melds.set.one_per_rank``), and the canastas a side needs before one of
its players may go out (``going_out.canastas``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import JOKER_FACE, format_card, rank_of
from . import table_refusals as T
from .dealing import lay_aside
from .game import ASKED_NO, ASKED_YES, Game, TableMeld
from .melds import Meld, rank_plural, wild_flags
from .refusals import Refusal

__all__ = [
    "canastas_in",
    "foot_down",
    "foot_slot",
    "going_out_only_reason",
    "holds_wild",
    "layoff_completes",
    "may_go_out",
    "opening_hand",
    "opening_minimum",
    "opening_minimum_of",
    "pair_needed",
    "pair_reason",
    "permits_going_out",
    "pick_up_foot",
    "pile_frozen",
    "second_set",
    "side_canastas",
    "side_may_go_out",
    "side_reason",
]


def _side_ranks(g: Game) -> set[int]:
    """The ranks of the sets on the table of the player in turn's side (partners
    who build on each other's melds are one side)."""
    d = g.deal
    seat = d.current
    play = g.rules.play
    shared = play.teams and play.partner_melds
    return {
        rank_of(m.stands_for[0])
        for m in d.melds
        if m.kind == "set" and (m.owner == seat or (shared and g.team[m.owner] == g.team[seat]))
    }


def second_set(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why ``melds`` would give the side a second set of a rank
    (``melds.set.one_per_rank``); ``None`` when they would not."""
    ranks = _side_ranks(g)
    for meld in melds:
        if meld.kind != "set":
            continue
        rank = rank_of(meld.stands_for[0])
        if rank in ranks:
            return T.SECOND_SET(ranks=rank_plural(rank, g.rules.melds))
        ranks.add(rank)
    return None


def side_canastas(g: Game, seat: int, *, natural: bool = False) -> int:
    """The canastas (melds of ``canasta_size`` cards or more) on the table of
    ``seat``'s side; with ``natural``, only those with no wild card."""
    size = g.rules.play.canasta_size
    return sum(
        1
        for m in g.deal.melds
        if len(m.cards) >= size
        and _of_side(g, m.owner, seat)
        and not (natural and holds_wild(g, [g.faces[c] for c in m.cards], m.stands_for))
    )


def holds_wild(g: Game, faces: Sequence[int], stands_for: Sequence[int]) -> bool:
    """Whether a meld of ``faces`` standing for ``stands_for`` holds a wild card
    (a wild-rank card in its own place is natural with ``wilds.own_place_natural``)."""
    own = g.rules.melds.own_place_natural
    return any(wild_flags(faces, stands_for, g.deal.rules.wild_faces, own))


def may_go_out(g: Game) -> bool:
    """Whether the player in turn may empty their hand: their foot is still down
    (emptying the hand picks it up), or their side has the canastas going out
    needs (``going_out.canastas``, ``natural_canastas`` of them natural,
    ``mixed_canastas`` mixed)."""
    seat = g.deal.current
    if foot_down(g, seat):
        return True
    return side_may_go_out(g) and permits_going_out(g)


def side_may_go_out(g: Game) -> bool:
    """Whether the player in turn has no foot down and their side has the
    canastas going out needs (natural ones too), whatever their partner says."""
    seat = g.deal.current
    if foot_down(g, seat):
        return False
    play = g.rules.play
    need = play.going_out_canastas
    if not need:
        return True
    total = side_canastas(g, seat)
    if total < need:
        return False
    natural = side_canastas(g, seat, natural=True)
    return natural >= play.going_out_natural and total - natural >= play.going_out_mixed


def permits_going_out(g: Game) -> bool:
    """Whether ``going_out.ask_partner`` lets the player in turn go out now: not
    after their partner said no; with ``must``, only after a yes."""
    rule = g.rules.play.ask_partner
    if rule == "never":
        return True
    asked = g.deal.duties.asked
    return asked != ASKED_NO and (rule != "must" or asked == ASKED_YES)


def foot_slot(g: Game, seat: int) -> int:
    """The index in ``deal.feet`` of ``seat``'s foot: the seat's own, or with
    ``deals[].foot_per: team`` its team's."""
    return g.team[seat] if g.deal.rules.foot_per_team else seat


def foot_down(g: Game, seat: int) -> bool:
    """Whether ``seat``'s foot (``deals[].foot``; their team's with ``foot_per:
    team``) is still face down."""
    feet = g.deal.feet
    return bool(feet) and bool(feet[foot_slot(g, seat)])


def pick_up_foot(g: Game, seat: int, *, by_discard: bool = False) -> bool:
    """When ``seat``'s hand is empty: pick up their foot if it is still down
    (True: they play on; bonus cards in it are laid aside and replaced), else
    False (they went out). ``by_discard``: the hand was emptied by a discard,
    so the foot is played from the seat's next turn."""
    d = g.deal
    if not foot_down(g, seat):
        return False
    slot = foot_slot(g, seat)
    d.hands[seat] = d.feet[slot]
    d.feet[slot] = []
    if by_discard:
        d.foot_pending[slot] = seat  # played from the seat's next turn
    else:
        d.foot_out[slot] = True
    bonus = g.rules.play.bonus_faces
    if bonus:  # bonus cards in the foot are laid aside and replaced as it is picked up
        lay_aside(d, g.faces, bonus, seat)
    return True


def _of_side(g: Game, owner: int, seat: int) -> bool:
    """Whether a meld of ``owner`` is one of ``seat``'s side's."""
    play = g.rules.play
    return owner == seat or (play.teams and play.partner_melds and g.team[owner] == g.team[seat])


def canastas_in(g: Game, melds: Sequence[Meld], *, natural: bool = False) -> int:
    """How many of the new ``melds`` are canastas (``melds.canasta_size``); with
    ``natural``, only those with no wild card."""
    size = g.rules.play.canasta_size
    return (
        sum(
            1
            for m in melds
            if len(m.cards) >= size and not (natural and holds_wild(g, m.cards, m.stands_for))
        )
        if size
        else 0
    )


def layoff_completes(g: Game, target: TableMeld) -> int:
    """1 when a card laid off on ``target`` makes it a canasta of the player in
    turn's side, else 0."""
    size = g.rules.play.canasta_size
    grows = size > 0 and len(target.cards) + 1 == size
    return 1 if grows and _of_side(g, target.owner, g.deal.current) else 0


def opening_minimum(g: Game) -> int:
    """The least a minimum-points opening of the player in turn is worth: the
    last step of ``opening.min_points_by_total`` their running total has
    reached, else ``min_points``."""
    return opening_minimum_of(g, g.deal.current)


def opening_minimum_of(g: Game, seat: int) -> int:
    """The least a minimum-points opening of ``seat`` is worth now (see
    :func:`opening_minimum`)."""
    play = g.rules.play
    total = g.totals[seat]
    deal_min = g.deal.rules_of(seat).min_points
    least = play.opening_min if deal_min is None else deal_min
    for at, points in play.opening_steps:
        if total >= at:
            least = points
    return least


def pair_needed(g: Game) -> bool:
    """Whether taking from the discard pile now needs a natural pair
    (``draw.natural_pair``): always, or while the pile is frozen: a wild card
    or a bonus card is in it, or the player in turn's side has not opened."""
    rule = g.rules.play.natural_pair
    if rule == "never":
        return False
    if rule in ("always", "or_lay_off"):
        return True
    return pile_frozen(g)


def pile_frozen(g: Game) -> bool:
    """Whether the discard pile is frozen for the player in turn: a wild card or a
    bonus card is in it, or their side has not opened."""
    d = g.deal
    frozen_by = d.rules.wild_faces | g.rules.play.bonus_faces
    return not g.is_open(d.current) or any(g.faces[c] in frozen_by for c in d.discard)


def holds_pair(g: Game, face: int) -> bool:
    """Whether the player in turn holds two natural cards of ``face``'s rank."""
    d = g.deal
    if face == JOKER_FACE or face in d.rules.wild_faces:
        return False
    wilds = d.rules.wild_faces
    rank = rank_of(face)
    faces = g.faces
    return (
        sum(1 for c in d.hands[d.current] if faces[c] not in wilds and rank_of(faces[c]) == rank)
        >= 2
    )


def pair_reason(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why ``melds`` do not meld the card taken with a natural pair (``must_pair``)
    with two more natural cards of its rank; ``None`` when they do, or hold no
    meld with that card (other checks ask for one)."""
    d = g.deal
    if not d.duties.must_pair or d.duties.must_meld is None:
        return None
    face = g.faces[d.duties.must_meld]
    wilds = d.rules.wild_faces
    for meld in melds:
        if face in meld.cards:
            naturals = [c for c in meld.cards if c not in wilds and rank_of(c) == rank_of(face)]
            if len(naturals) >= 3:
                return None
            return T.PAIR(card=format_card(face))
    return None


def opening_hand(g: Game) -> list[int]:
    """The faces the player in turn may open with: the whole hand, or with
    ``opening.from_pile: top_card_only`` all but the other cards taken from the
    pile this turn."""
    d = g.deal
    hand = d.hands[d.current]
    if g.rules.play.opening_from_pile != "top_card_only" or not d.duties.pile_cards:
        return sorted(g.faces[c] for c in hand)
    left = set(d.duties.pile_cards)
    return sorted(g.faces[c] for c in hand if c not in left)


def pile_reason(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why an opening with ``melds`` uses cards taken from the pile beside its top
    card (``opening.from_pile: top_card_only``); ``None`` when it does not."""
    if g.rules.play.opening_from_pile != "top_card_only" or not g.deal.duties.pile_cards:
        return None
    used = Counter(c for m in melds for c in m.cards)
    if used - Counter(opening_hand(g)):
        return T.PILE_OPENING
    return None


def going_out_only_reason(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why ``melds`` lay a card melded only by a player going out
    (``melds.going_out_only``) wrongly: with a wild card, leaving more than one
    card in the hand, or before the side has its canastas; ``None`` when they
    lay none or lay them rightly."""
    never = g.rules.play.unmeldable
    for meld in melds:
        barred = sorted({c for c in meld.cards if c in never})
        if barred:
            return T.UNMELDABLE(cards=" ".join(format_card(f) for f in barred))
    only = g.rules.play.going_out_only
    laid = [m for m in melds if any(c in only for c in (*m.cards, *m.stands_for))]
    if not laid:
        return None
    d = g.deal
    named = " ".join(
        format_card(f)
        for f in sorted({c for m in laid for c in (*m.cards, *m.stands_for) if c in only})
    )
    if any(m.kind != "set" for m in laid):
        return T.GOING_OUT_ONLY_SET(cards=named)
    wilds = d.rules.wild_faces
    if any(c in wilds for m in laid for c in m.cards):
        return T.GOING_OUT_ONLY_NATURAL(cards=named)
    left = len(d.hands[d.current]) - sum(len(m.cards) for m in melds)
    need = g.rules.play.going_out_canastas
    short = need and side_canastas(g, d.current) + canastas_in(g, melds) < need
    short = short or not permits_going_out(g)
    if left > 1 or short:
        return T.GOING_OUT_ONLY_LAST(cards=named)
    return None


def side_reason(g: Game, melds: Sequence[Meld], *, opening: bool = False) -> Refusal | None:
    """Why laying ``melds`` breaks a rule of this module: a second set of a rank,
    a card taken with a natural pair melded without it, or (``opening``) an
    opening with pile cards beside the top card; ``None`` when none."""
    if g.rules.melds.one_set_per_rank:
        why = second_set(g, melds)
        if why is not None:
            return why
    if g.rules.play.going_out_only or g.rules.play.unmeldable:
        why = going_out_only_reason(g, melds)
        if why is not None:
            return why
    why = pair_reason(g, melds)
    if why is None and opening:
        why = pile_reason(g, melds)
    return why
