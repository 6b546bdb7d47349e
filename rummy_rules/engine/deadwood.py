"""Deadwood: the cards of a hand that no meld takes, and the layout that leaves least.

Knock games (Gin Rummy, Oklahoma Gin, Knock Rummy) end a hand when a player
whose unmatched cards are worth little enough *knocks*: the hand is laid out
in melds, and the cards no meld takes — the deadwood — are counted. This
module answers, for any hand and any meld rules of a variant:

* :func:`best_layout`: disjoint melds that leave the least deadwood (ties:
  the layout found first, which prefers melding the lower cards), and that
  deadwood's value;
* :func:`min_deadwood`: the value alone;
* :func:`knock_discards`: with one card more than the hand keeps, which
  discards leave a deadwood within a limit;
* :func:`layoff_targets`: where a card may be laid off on melds already laid.

The search is exact: a card is either deadwood or in one of the melds of the
remaining cards that contain it, tried in turn, with the results of each
remaining multiset of cards remembered. A ten- or eleven-card hand has few
melds, so this stays small (hands of 13 cards or more work too, more slowly).
"""

from __future__ import annotations

from collections.abc import Sequence

from .candidates import iter_melds
from .melds import Meld, check_meld
from .rules import MeldRules

__all__ = ["Layout", "best_layout", "knock_discards", "layoff_targets", "min_deadwood"]


class Layout:
    """Melds taken from a hand and the deadwood left (faces, and their total value)."""

    __slots__ = ("deadwood", "melds", "value")

    def __init__(self, melds: tuple[Meld, ...], deadwood: tuple[int, ...], value: int) -> None:
        self.melds = melds
        self.deadwood = deadwood
        self.value = value

    def __repr__(self) -> str:
        shown = " / ".join(str(m) for m in self.melds) or "no melds"
        return f"Layout({shown}; deadwood {self.value})"


def best_layout(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    wild_faces: frozenset[int] = frozenset(),
) -> Layout:
    """The melds of ``hand`` that leave the least deadwood, by ``values`` (per face).

    Every meld is valid under ``rules``; a card is in at most one meld.
    """
    cards = tuple(sorted(hand))
    melds = [
        m
        for m in iter_melds(cards, rules, wild_faces, "any")
        if check_meld(m, rules, wild_faces) is None
    ]
    by_card: dict[int, list[tuple[int, ...]]] = {}
    for meld in melds:
        used = tuple(sorted(meld.cards))
        for face in set(used):
            by_card.setdefault(face, []).append(used)
    shapes = {tuple(sorted(m.cards)): m for m in melds}
    memo: dict[tuple[int, ...], tuple[int, tuple[tuple[int, ...], ...]]] = {}

    def search(left: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if not left:
            return 0, ()
        found = memo.get(left)
        if found is not None:
            return found
        first = left[0]
        rest = left[1:]
        value, chosen = search(rest)
        best = (value + values[first], chosen)
        for used in by_card.get(first, ()):
            remaining = _without(left, used)
            if remaining is None:
                continue
            value, chosen = search(remaining)
            if value < best[0]:
                best = (value, (used, *chosen))
        memo[left] = best
        return best

    value, chosen = search(cards)
    left = list(cards)
    for used in chosen:
        for face in used:
            left.remove(face)
    return Layout(tuple(shapes[used] for used in chosen), tuple(left), value)


def _without(cards: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...] | None:
    """``cards`` less the faces of ``used`` (both sorted), or ``None`` if some are missing."""
    out: list[int] = []
    i = 0
    n = len(used)
    for face in cards:
        if i < n and used[i] == face:
            i += 1
        else:
            out.append(face)
    return tuple(out) if i == n else None


def min_deadwood(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    wild_faces: frozenset[int] = frozenset(),
) -> int:
    """The least deadwood ``hand`` can leave."""
    return best_layout(hand, rules, values, wild_faces).value


def knock_discards(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    limit: int,
    wild_faces: frozenset[int] = frozenset(),
) -> list[int]:
    """The faces of ``hand`` (one card more than is kept) whose discard leaves
    deadwood of at most ``limit``, in ascending order of face."""
    # A layout of the hand less one card, with that card as deadwood, is a
    # layout of the whole hand: no discard leaves less than the whole hand's
    # least deadwood less the card's value. Most hands stop here.
    if (
        not hand
        or min_deadwood(hand, rules, values, wild_faces) - max(values[f] for f in hand) > limit
    ):
        return []
    out = []
    for face in sorted(set(hand)):
        rest = list(hand)
        rest.remove(face)
        if min_deadwood(rest, rules, values, wild_faces) <= limit:
            out.append(face)
    return out


def layoff_targets(
    face: int,
    melds: Sequence[Meld],
    rules: MeldRules,
    wild_faces: frozenset[int] = frozenset(),
) -> list[tuple[int, Meld]]:
    """Where the card ``face`` may be laid off: each (index, new meld) of ``melds``
    that stays valid with the card added (at either end of a run)."""
    out = []
    for index, meld in enumerate(melds):
        if meld.kind == "set":
            grown = Meld("set", (*meld.cards, face), (*meld.stands_for, face))
            if check_meld(grown, rules, wild_faces) is None:
                out.append((index, grown))
        elif meld.kind == "run":
            for cards, stands in (
                ((face, *meld.cards), (face, *meld.stands_for)),
                ((*meld.cards, face), (*meld.stands_for, face)),
            ):
                grown = Meld("run", cards, stands)
                if check_meld(grown, rules, wild_faces) is None:
                    out.append((index, grown))
                    break
    return out
