"""Deadwood: the cards of a hand that no meld takes, and the layout that leaves least.

Knock games (Gin Rummy, Oklahoma Gin, Knock Rummy) end a hand when a player
whose unmatched cards are worth little enough *knocks*: the hand is laid out
in melds, and the cards no meld takes — the deadwood — are counted. This
module answers, for any hand and any meld rules of a variant:

* :func:`best_layout`: disjoint melds that leave the least deadwood (ties:
  the one that leaves fewest cards worth 0, such as Indian Rummy's wild
  cards, then the layout found first, which prefers melding the lower
  cards), and that deadwood's value;
* :func:`min_deadwood`: the value alone;
* :func:`knock_discards`: with one card more than the hand keeps, which
  discards leave a deadwood within a limit (:func:`knock_layouts`: with the
  layout each leaves);
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

__all__ = [
    "Layout",
    "best_layout",
    "is_pure",
    "knock_discards",
    "knock_layouts",
    "layoff_targets",
    "meets_needs",
    "min_deadwood",
]


class Layout:
    """Melds taken from a hand and the deadwood left (faces, and their total value).

    ``meets``: whether the melds meet the needs asked for (always, when none were)."""

    __slots__ = ("deadwood", "meets", "melds", "value")

    def __init__(
        self,
        melds: tuple[Meld, ...],
        deadwood: tuple[int, ...],
        value: int,
        meets: bool = True,
    ) -> None:
        self.melds = melds
        self.deadwood = deadwood
        self.value = value
        self.meets = meets

    def __repr__(self) -> str:
        shown = " / ".join(str(m) for m in self.melds) or "no melds"
        return f"Layout({shown}; deadwood {self.value})"


def is_pure(meld: Meld, wild_faces: frozenset[int]) -> bool:
    """Whether ``meld`` holds no wild card, but a wild-rank card standing for itself."""
    return all(
        c not in wild_faces or c == s for c, s in zip(meld.cards, meld.stands_for, strict=True)
    )


def meets_needs(melds: Sequence[Meld], needs: tuple[int, int], wild_faces: frozenset[int]) -> bool:
    """Whether ``melds`` hold at least ``needs[0]`` runs, ``needs[1]`` of them pure."""
    runs = [m for m in melds if m.kind == "run"]
    return len(runs) >= needs[0] and sum(is_pure(m, wild_faces) for m in runs) >= needs[1]


_NEVER = 1 << 40


def best_layout(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    wild_faces: frozenset[int] = frozenset(),
    needs: tuple[int, int] = (0, 0),
) -> Layout:
    """The melds of ``hand`` that leave the least deadwood, by ``values`` (per face).

    Every meld is valid under ``rules``; a card is in at most one meld. With
    ``needs`` (runs, pure runs), only layouts holding at least that many runs,
    that many of them pure, count; when there is none, the layout is no meld at
    all, with ``meets`` false.

    Layouts found are remembered (the listing of knocks, its check and the
    bots ask for the same hands again and again): the result is the same
    object each time, and must not be changed.
    """
    cards = tuple(sorted(hand))
    key = (cards, rules, tuple(values), wild_faces, needs)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= _LAYOUTS_MAX:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _search_layout(cards, rules, values, wild_faces, needs)
    return found


#: :func:`best_layout` remembered, by hand (sorted), rules, values, wild faces
#: and needs; cleared when it holds :data:`_LAYOUTS_MAX` entries.
_LAYOUTS: dict[tuple[object, ...], Layout] = {}
_LAYOUTS_MAX = 20_000
#: Whether a candidate meld is valid, and pure, under the rules and wilds:
#: the same few melds come up in hand after hand.
_FITS: dict[tuple[MeldRules, frozenset[int]], dict[Meld, tuple[bool, bool]]] = {}


def _search_layout(
    cards: tuple[int, ...],
    rules: MeldRules,
    values: Sequence[int],
    wild_faces: frozenset[int],
    needs: tuple[int, int],
) -> Layout:
    """:func:`best_layout` searched afresh (``cards`` sorted)."""
    cost = _costs(cards, values)
    by_card: dict[int, list[tuple[tuple[int, ...], Meld, int, int]]] = {}
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    fits = _FITS.get((rules, wild_faces))
    if fits is None or len(fits) >= _LAYOUTS_MAX:
        if len(_FITS) >= 64:
            _FITS.clear()
        fits = _FITS[rules, wild_faces] = {}
    for meld in iter_melds(cards, rules, wild_faces, "any"):
        fit = fits.get(meld)
        if fit is None:
            valid = check_meld(meld, rules, wild_faces) is None
            fit = fits[meld] = (valid, valid and is_pure(meld, wild_faces))
        if not fit[0]:
            continue
        used = tuple(sorted(meld.cards))
        run = 1 if meld.kind == "run" else 0
        pure = 1 if run and fit[1] else 0
        if not any(needs):
            run = pure = 0  # only the cards matter
        if (used, run, pure) in seen:
            continue
        seen.add((used, run, pure))
        for face in set(used):
            by_card.setdefault(face, []).append((used, meld, run, pure))
    # The cards left are a bit mask over the places of ``cards`` (sorted). Of
    # equal faces the lowest places go first, so the places of a face left are
    # always its last ones: each multiset of cards has one mask.
    group: dict[int, int] = {}
    for place, face in enumerate(cards):
        group[face] = group.get(face, 0) | (1 << place)
    shift = len(cards)
    memo: dict[int, tuple[int, tuple[Meld, ...]]] = {}

    def search(left: int, runs: int, pure: int) -> tuple[int, tuple[Meld, ...]]:
        if not left:
            return (0, ()) if runs <= 0 and pure <= 0 else (_NEVER, ())
        key = left | (runs << shift) | (pure << (shift + 8))
        found = memo.get(key)
        if found is not None:
            return found
        low = left & -left
        first = cards[low.bit_length() - 1]
        value, chosen = search(left ^ low, runs, pure)
        best = (value + cost[first], chosen)
        for used, meld, run, is_pure_run in by_card.get(first, ()):
            remaining = left
            for face in used:
                places = remaining & group[face]
                if not places:
                    break
                remaining ^= places & -places
            else:
                value, chosen = search(remaining, max(0, runs - run), max(0, pure - is_pure_run))
                if value < best[0]:
                    best = (value, (meld, *chosen))
        memo[key] = best
        return best

    value, chosen = search((1 << len(cards)) - 1, needs[0], needs[1])
    # ``search`` calls itself through its own name: a reference cycle (the
    # memo, the candidate melds) that only the cyclic garbage collector would
    # free. Breaking it frees them now.
    search = _spent
    if value >= _NEVER:
        return Layout((), cards, sum(values[f] for f in cards), meets=False)
    left = list(cards)
    for meld in chosen:
        for face in meld.cards:
            left.remove(face)
    return Layout(chosen, tuple(left), sum(values[f] for f in left))


def _costs(cards: tuple[int, ...], values: Sequence[int]) -> Sequence[int]:
    """What leaving each face out of the melds costs the search: its value,
    and where ``cards`` hold a card worth 0, its value scaled up by one more
    than the cards held, plus 1 for a card worth 0 — so of layouts leaving
    equal deadwood the search keeps the one leaving fewest cards worth 0 (a
    wild card left out of every meld is worth nothing, but a declaration lays
    every card in a meld). Without such a card, the values themselves."""
    if all(values[f] for f in cards):
        return values
    scale = len(cards) + 1
    return [v * scale + (v == 0) for v in values]


def _spent(left: int, runs: int, pure: int) -> tuple[int, tuple[Meld, ...]]:
    """What the search of :func:`best_layout` is left as once it is over."""
    return (_NEVER, ())


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
    needs: tuple[int, int] = (0, 0),
) -> list[int]:
    """The faces of ``hand`` (one card more than is kept) whose discard leaves
    deadwood of at most ``limit`` (with melds meeting ``needs``), in ascending
    order of face. A limit of 0 is gin (a declaration): no card left over,
    not even one worth 0."""
    return [face for face, _ in knock_layouts(hand, rules, values, limit, wild_faces, needs)]


def knock_layouts(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    limit: int,
    wild_faces: frozenset[int] = frozenset(),
    needs: tuple[int, int] = (0, 0),
) -> list[tuple[int, Layout]]:
    """:func:`knock_discards` with the layout each discard leaves (the least
    deadwood, meeting ``needs``)."""
    # A layout of the hand less one card, with that card as deadwood, is a
    # layout of the whole hand: no discard leaves less than the whole hand's
    # least deadwood less the card's value. Most hands stop here.
    if not hand:
        return []
    highest = max(values[f] for f in hand)
    if _surely_dead(hand, rules, wild_faces, values) - highest > limit:
        return []  # (a cheap bound says so: no search needed)
    whole = min_deadwood(hand, rules, values, wild_faces)
    if whole - highest > limit:
        return []
    out = []
    for face in sorted(set(hand)):
        if whole - values[face] > limit:
            continue  # (the same bound, card by card)
        rest = list(hand)
        rest.remove(face)
        layout = best_layout(rest, rules, values, wild_faces, needs)
        if layout.meets and layout.value <= limit and (limit or not layout.deadwood):
            out.append((face, layout))
    return out


def _surely_dead(
    hand: Sequence[int], rules: MeldRules, wild_faces: frozenset[int], values: Sequence[int]
) -> int:
    """A lower bound on the least deadwood of ``hand``: the value of the cards
    no meld can take — fewer cards of their rank than a set needs, and fewer
    cards in sequence in their suit around them than a run needs (the ace
    counted next to both the two and the king). 0 where that reasoning does not
    hold (a wild card or a joker in the hand, runs of mixed suits, colour
    melds, numbered packs)."""
    if rules.colour_min or rules.run_any_suit or rules.numbered:
        return 0
    present = set(hand)
    if 52 in present or present & wild_faces:
        return 0
    ranks = [0] * 13
    for face in hand:
        ranks[face % 13] += 1
    run_min = rules.run_min if rules.runs else 14
    total = 0
    for face in hand:
        rank, base = face % 13, face - face % 13
        if ranks[rank] >= rules.set_min_of(rank):
            continue
        length = 1
        for step in (1, -1):
            other = (rank + step) % 13
            while length < 13 and base + other in present:
                length += 1
                other = (other + step) % 13
        if length >= run_min:
            continue
        total += values[face]
    return total


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
