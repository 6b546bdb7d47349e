"""Rearranging the table (``melding.rearrange_table: true``): the player in turn
takes apart melds on the table and lays their cards again, with at least one
card from the hand, as new melds.

The rule, as the engine plays it:

- the player must be allowed to lay off now (``melding.lay_off``: after going
  down, from the turn after where the file says so) and on every meld taken
  apart (``lay_off.targets``); a rearrangement that ends with more melds than
  it took apart lays a new meld, so new melds must be allowed too
  (``melding.new_melds_after_opening``);
- every card of the melds taken apart goes into the new melds, with at least
  one card from the hand; every new meld is a valid meld;
- a wild card taken from the table stands for the same card as before, unless
  ``wilds.declared_identity: may_change``;
- the new melds belong to the player (each card keeps who laid it, for
  ``lay_off.scores_for: layer``); they are put at the end of the table, the
  melds left keeping their order;
- the hand must be left as any meld leaves it (a card to discard, the last card
  rule); an empty hand goes out.

Every legal rearrangement may be played (by a person, or from a record); the
listing of legal actions offers the simple ones only: one card taken from a meld
that stays a meld without it, laid with cards from the hand as a new meld.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from ..cards import format_card, rank_of
from . import table_refusals as T
from .actions import Action
from .candidates import iter_melds
from .ending import end_deal
from .game import Game, TableMeld
from .laying_off import (
    check_leaving,
    may_lay_off,
    meld_without,
    needs_after,
    target_reason,
)
from .melding import may_meld
from .melds import Meld, check_meld
from .refusals import NOT_HELD, Refusal

__all__ = ["apply_rearrange", "check_rearrange", "rearrange_actions"]


def check_rearrange(g: Game, action: Action) -> Refusal | None:
    """Why the rearrangement ``action`` is illegal for the player in turn (``None``: legal)."""
    d = g.deal
    seat = d.current
    play = g.rules.play
    if not play.rearrange and not g.rules.melds.join_sets:
        return T.NO_REARRANGING
    reason = may_lay_off(g)
    if reason is not None:
        return T.AS_REARRANGING.get(reason.code, reason)
    taken = action.taken
    if not taken or len(set(taken)) != len(taken):
        return T.NAME_TAKEN
    for index in taken:
        if not 0 <= index < len(d.melds):
            return T.NO_MELD(meld=index + 1)
        reason = target_reason(g, d.melds[index].owner, seat)
        if reason is not None:
            return T.AS_REARRANGING.get(reason.code, reason)
    if not action.melds:
        return T.NAME_NEW
    joining = not play.rearrange  # melds.set.join: sets of one rank joined
    reason = _check_join(g, action) if joining else None
    if reason is not None:
        return reason
    wild_faces = d.rules.wild_faces
    for m in action.melds:
        reason = check_meld(m, g.rules.melds, wild_faces)
        if reason is not None:
            return reason.said_of(str(m))
    reason, from_hand = _check_cards(g, action, joining)
    if reason is not None:
        return reason
    if len(action.melds) > len(taken):
        reason = may_meld(g)
        if reason is not None:
            return reason  # the rule against a new meld
    left = len(d.hands[seat]) - sum(from_hand.values())
    after = None
    if needs_after(g, left):
        after = g.trial()
        apply_rearrange(after, action)
    return check_leaving(g, left, from_hand, after)


def _check_join(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is no join (``melds.set.join``): two or more of the side's
    sets of one rank laid again as one set, with no card from the hand; a wild
    card may not so reach a canasta that takes no more (``canasta_takes_wilds``)."""
    d = g.deal
    taken = [d.melds[i] for i in action.taken]
    ranks = {rank_of(m.stands_for[0]) for m in taken if m.kind == "set"}
    made = action.melds
    if len(taken) < 2 or len(ranks) != 1 or any(m.kind != "set" for m in taken):
        return T.JOIN_SETS
    faces = sorted(g.faces[c] for m in taken for c in m.cards)
    if len(made) != 1 or made[0].kind != "set" or sorted(made[0].cards) != faces:
        return T.JOIN_SETS
    play = g.rules.play
    if play.canasta_size and not play.canasta_takes_wilds:
        wild_faces = d.rules.wild_faces
        wilds = [sum(g.faces[c] in wild_faces for c in m.cards) for m in taken]
        for index, m, own in zip(action.taken, taken, wilds, strict=True):
            if len(m.cards) >= play.canasta_size and sum(wilds) > own:
                return T.WILD_ONTO_CANASTA(meld=index + 1)
    return None


def _check_cards(
    g: Game, action: Action, joining: bool = False
) -> tuple[Refusal | None, Counter[int]]:
    """The cards: every table card taken is laid again, the rest (the faces
    returned) come from the hand (none in a join); a wild taken keeps what it
    stands for."""
    d = g.deal
    seat = d.current
    faces = g.faces
    wild_faces = d.rules.wild_faces
    table = Counter(faces[c] for i in action.taken for c in d.melds[i].cards)
    laid = Counter(f for m in action.melds for f in m.cards)
    if table - laid:
        out = " ".join(format_card(f) for f in sorted((table - laid).elements()))
        return T.LEFT_OUT(cards=out), Counter()
    from_hand = laid - table
    if not from_hand and not joining:
        return T.FROM_HAND, from_hand
    held = Counter(g.hand_faces(seat))
    if from_hand - held:
        missing = " ".join(format_card(f) for f in sorted((from_hand - held).elements()))
        return NOT_HELD(card=missing), from_hand
    if g.rules.play.wild_identity != "may_change":
        before = Counter(
            (faces[c], s)
            for i in action.taken
            for c, s in zip(d.melds[i].cards, d.melds[i].stands_for, strict=True)
            if faces[c] in wild_faces
        )
        after = Counter(
            (f, s)
            for m in action.melds
            for f, s in zip(m.cards, m.stands_for, strict=True)
            if f in wild_faces
        )
        if before - after:
            wild, stands = next(iter((before - after).elements()))
            return T.WILD_KEEPS(wild=format_card(wild), card=format_card(stands)), from_hand
    return None, from_hand


def apply_rearrange(g: Game, action: Action) -> None:
    """Play the rearrangement ``action`` (checked to be legal)."""
    d = g.deal
    seat = d.current
    faces = g.faces
    wild_faces = d.rules.wild_faces
    # The table cards taken, as (card, stands for, laid by); each new place takes
    # one of them first (a wild: one standing for the same card, if any), then
    # a card from the hand.
    pool = [
        (c, s, by)
        for i in action.taken
        for c, s, by in zip(
            d.melds[i].cards, d.melds[i].stands_for, d.melds[i].laid_by, strict=True
        )
    ]
    hand = d.hands[seat]
    new: list[TableMeld] = []
    for m in action.melds:
        meld = TableMeld(seat, m.kind, [], list(m.stands_for), [])
        for face, stands in zip(m.cards, m.stands_for, strict=True):
            pick = _from_pool(pool, faces, face, stands, face in wild_faces)
            if pick is not None:
                card, by = pick
            else:
                found = g.find(hand, face)
                assert found is not None
                hand.remove(found)
                card, by = found, seat
            meld.cards.append(card)
            meld.laid_by.append(by)
        new.append(meld)
    assert not pool
    if d.duties.must_meld is not None and d.duties.must_meld not in hand:
        d.duties.must_meld = None  # the card taken this turn is melded
    d.melds = [m for i, m in enumerate(d.melds) if i not in action.taken] + new
    d.table_view = None
    d.rebuilt_without_play = 0
    if not hand:
        end_deal(g, "out", seat)


def _from_pool(
    pool: list[tuple[int, int, int]], faces: Sequence[int], face: int, stands: int, wild: bool
) -> tuple[int, int] | None:
    """Take from ``pool`` a card of ``face`` (a wild standing for ``stands`` first)."""
    best = -1
    for i, (card, was, _) in enumerate(pool):
        if faces[card] == face:
            if not wild or was == stands:
                best = i
                break
            if best < 0:
                best = i
    if best < 0:
        return None
    card, _, by = pool.pop(best)
    return card, by


def rearrange_actions(g: Game) -> list[Action]:
    """The simple legal rearrangements: one card taken from a meld that stays a
    meld without it, laid with cards from the hand as one new meld."""
    d = g.deal
    if may_lay_off(g) is not None:
        return []
    if not g.rules.play.rearrange:
        return _join_actions(g) if g.rules.melds.join_sets else []
    faces = g.faces
    wild_faces = d.rules.wild_faces
    hand = sorted(set(g.hand_faces(d.current)))
    size = g.rules.melds.fewest_in_meld
    actions: list[Action] = []
    seen: set[str] = set()
    for index, meld in enumerate(d.melds):
        for place in _removable(g, meld):
            face = faces[meld.cards[place]]
            if face in wild_faces:
                continue  # a wild taken keeps its card: the exchange is for that
            left = meld_without(g, meld, place)
            for pair in combinations(hand, size - 1):
                cards = [face, *pair]
                melds = iter_melds(cards, g.rules.melds, wild_faces, "any", min_size=size)
                for made in melds:
                    if len(made.cards) != size:
                        continue
                    action = Action("rearrange", melds=(left, made), taken=(index,))
                    text = str(action)
                    if text not in seen and check_rearrange(g, action) is None:
                        seen.add(text)
                        actions.append(action)
    return actions


def _join_actions(g: Game) -> list[Action]:
    """The legal joins of two sets of one rank (``melds.set.join``)."""
    d = g.deal
    faces = g.faces
    sets = [(i, m) for i, m in enumerate(d.melds) if m.kind == "set"]
    actions: list[Action] = []
    for (i, a), (j, b) in combinations(sets, 2):
        if rank_of(a.stands_for[0]) != rank_of(b.stands_for[0]):
            continue
        cards = tuple(faces[c] for c in (*a.cards, *b.cards))
        made = Meld("set", cards, (*a.stands_for, *b.stands_for))
        action = Action("rearrange", melds=(made,), taken=(i, j))
        if check_rearrange(g, action) is None:
            actions.append(action)
    return actions


def _removable(g: Game, meld: TableMeld) -> list[int]:
    """The places of the cards ``meld`` can lose and stay a meld (the ends of a
    run; any card of a set bigger than the smallest)."""
    places = range(len(meld.cards)) if meld.kind != "run" else (0, len(meld.cards) - 1)
    rules, wild_faces = g.rules.melds, g.deal.rules.wild_faces
    return [p for p in places if check_meld(meld_without(g, meld, p), rules, wild_faces) is None]
