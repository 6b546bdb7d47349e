"""The contract solver: can a hand meet a contract, and how?

:func:`find_contract` decides whether a hand can meet a contract and returns
one arrangement; :func:`best_contract` returns the arrangement that leaves
the fewest points in hand. Both are exact: they search every way of taking
the contract's melds from the hand (natural cards by face, wild cards as
interchangeable), pruned only by symmetry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .candidates import Candidate, candidates, split_hand
from .melds import Meld
from .rules import ContractPart, MeldRules
from .shapes import contract_shapes

__all__ = ["Arrangement", "best_contract", "find_contract"]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds that meet a contract, and the cards left in hand."""

    melds: tuple[Meld, ...]
    left: tuple[int, ...]
    points_left: int


def _compatible(cand: Candidate, chosen: Sequence[Candidate], rules: MeldRules) -> bool:
    for other in chosen:
        if cand.kind == "set" and other.kind == "set":
            if rules.sets_of_same_rank == "forbidden" and cand.rank == other.rank:
                return False
        elif cand.kind == "run" and other.kind == "run" and cand.suit == other.suit >= 0:
            if rules.same_suit_runs == "forbidden":
                return False
            if rules.same_suit_runs == "not_contiguous" and (
                cand.lo == other.hi + 1 or other.lo == cand.hi + 1
            ):
                return False
    return True


_Layout = tuple[list[int], list[ContractPart], list[int], list[bool], list[int]]


def _layout(parts: Sequence[ContractPart]) -> _Layout:
    """How the solver takes a contract's parts: (order, parts in that order, the
    cards still needed from each level on, whether a part repeats the one
    before, the first level with the same part as each level)."""
    entry = _LAYOUTS.get(id(parts))
    if entry is not None and entry[0] is parts:
        return entry[1]
    keys = [_part_order(part) for part in parts]
    order = sorted(range(len(parts)), key=keys.__getitem__)
    ordered = [parts[i] for i in order]
    min_need = [sum(p.size for p in ordered[i:]) for i in range(len(ordered) + 1)]
    same_as_prev = [i > 0 and ordered[i - 1] == part for i, part in enumerate(ordered)]
    first = [ordered.index(part) for part in ordered]
    layout = (order, ordered, min_need, same_as_prev, first)
    if len(_LAYOUTS) > 256:
        _LAYOUTS.clear()
    _LAYOUTS[id(parts)] = (parts, layout)
    return layout


_LAYOUTS: dict[int, tuple[Sequence[ContractPart], _Layout]] = {}


def _part_order(part: ContractPart) -> tuple[bool, str, int, bool]:
    """The order in which the solver takes parts: by kind, the longest first, and
    colour melds last (they take any cards of a suit, so they fit round the rest)."""
    return part.kind == "colour", part.kind, -part.size, part.exact


def _search(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    *,
    all_out: bool,
    value: Callable[[int], int],
    best: bool,
    require: int | None = None,
    nodes: list[int] | None = None,
) -> Arrangement | None:
    # One function on purpose: the two searches below (``rec`` level by level,
    # ``cover`` card by card for all-out deals) are closures over the counts and
    # the choices so far, which they read and change at every node; as local
    # variables of one frame these are the cheapest state Python can keep.
    counts, wild_cards = split_hand(hand, wild_faces)
    required_wild = require is not None and require in wild_faces
    required_natural = require if require is not None and not required_wild else None
    required_count = counts[required_natural] if required_natural is not None else 0
    order, ordered, min_need, same_as_prev, first = _layout(parts)
    total = len(hand)
    # Each part's candidates from the whole hand, at the largest size it may
    # take (worked out once for parts that repeat).
    level_cands: list[list[Candidate]] = []
    for i, part in enumerate(ordered):
        if first[i] < i:
            level_cands.append(level_cands[first[i]])
            continue
        cap = total - (min_need[0] - part.size)
        cands = candidates(part, counts, len(wild_cards), rules, cap)
        if not cands:
            return None  # no meld for this part, whatever the others take
        level_cands.append(cands)
    # Melds take the most valuable wilds; the cheapest stay in hand.
    if len(wild_cards) > 1:
        wild_cards.sort(key=value, reverse=True)
    found: list[tuple[int, list[Candidate]]] = []
    chosen: list[Candidate] = []
    wilds_left = [len(wild_cards)]
    best_points = [10**9]

    # Whether a meld may be wild cards only.
    all_wild = rules.versus_naturals == "any"
    # Whether two melds can clash at all (same rank or same suit rules).
    constrained = rules.sets_of_same_rank == "forbidden" or rules.same_suit_runs in (
        "forbidden",
        "not_contiguous",
    )

    # The natural faces in hand (for points left, and the all-out search).
    held = [f for f, c in enumerate(counts) if c] if best or all_out else []
    # Each held face with its value, and the value of the wild cards from the
    # k-th on (the cheapest stay in hand), worked out once for the search.
    held_values = [(f, value(f)) for f in held] if best else []
    wilds_from = [0] * (len(wild_cards) + 1)
    if best:
        for k in range(len(wild_cards) - 1, -1, -1):
            wilds_from[k] = wilds_from[k + 1] + value(wild_cards[k])

    levels = len(ordered)
    # The last level of a plain search takes the first meld that fits.
    quick_last = not best

    def rec(i: int, remaining: int) -> bool:
        if nodes is not None:
            nodes[0] -= 1
            if nodes[0] < 0:
                raise _OutOfNodes
        if i == levels:
            if required_natural is not None and counts[required_natural] == required_count:
                return False
            if required_wild and wilds_left[0] == len(wild_cards):
                return False
            if best:
                # The points left in hand (inline: in the compiled build a
                # closure that another calls is kept in their shared
                # environment, which it refers to: a cycle of its own).
                pts = sum([v * counts[f] for f, v in held_values])
                pts += wilds_from[len(wild_cards) - wilds_left[0]]
                if pts < best_points[0]:
                    best_points[0] = pts
                    found[:] = [(pts, list(chosen))]
                return pts == 0
            found[:] = [(0, list(chosen))]
            return True
        size_cap = remaining - min_need[i + 1]
        if size_cap < ordered[i].size:
            return False
        prev_key = chosen[-1].key if same_as_prev[i] else None
        wilds_now = wilds_left[0]
        last = quick_last and i == levels - 1
        # At the last level, a card that must be melded and is not yet can
        # only go into this meld: the others would fail at the leaf.
        needs = -1
        needs_wild = False
        if i == levels - 1:
            if required_natural is not None and counts[required_natural] == required_count:
                needs = required_natural
            needs_wild = required_wild and wilds_now == len(wild_cards)
        # The candidates from what is left are exactly, and in the same order,
        # the whole hand's candidates whose cards are all still there: filter
        # those instead of generating the candidates afresh at every node.
        for cand in level_cands[i]:
            if cand.wilds > wilds_now or cand.size > size_cap:
                continue
            if (needs >= 0 and needs not in cand.take) or (needs_wild and not cand.wilds):
                continue
            for face, copies in cand.need:
                if counts[face] < copies:
                    break
            else:
                if prev_key is not None and cand.key < prev_key:
                    continue
                if constrained and not _compatible(cand, chosen, rules):
                    continue
                if last:
                    found[:] = [(0, [*chosen, cand])]
                    return True
                for face in cand.take:
                    counts[face] -= 1
                wilds_left[0] -= cand.wilds
                chosen.append(cand)
                done = rec(i + 1, remaining - cand.size)
                chosen.pop()
                for face in cand.take:
                    counts[face] += 1
                wilds_left[0] += cand.wilds
                if done:
                    return True
        return False

    slots: list[Candidate | None] = [None] * levels
    # Where every part is a run (or every part a set), the cards left must
    # fall into no more suits (ranks) than there are melds left to hold them.
    kinds = {part.kind for part in ordered}
    one_kind = next(iter(kinds)) if len(kinds) == 1 and "any" not in kinds else ""

    def cover(remaining: int) -> bool:
        """All-out search: the lowest card left must go into one of the melds left.

        Every card must be melded, so each level only tries melds holding
        that card: an exact cover, far narrower than trying every meld.
        """
        if nodes is not None:
            nodes[0] -= 1
            if nodes[0] < 0:
                raise _OutOfNodes
        open_slots = [j for j in range(levels) if slots[j] is None]
        if not open_slots:
            if remaining:
                return False
            if required_natural is not None and counts[required_natural] == required_count:
                return False
            if required_wild and wilds_left[0] == len(wild_cards):
                return False
            found[:] = [(0, [c for c in slots if c is not None])]
            return True
        lowest = -1
        for face in held:
            if counts[face]:
                lowest = face
                break
        if lowest < 0:
            if not all_wild:
                return False  # only wilds left, and every meld needs a natural card
            open_slots = open_slots[:1]  # only wilds left: fill the slots in order
        elif one_kind and _too_spread(counts, held, one_kind, len(open_slots)):
            return False
        need_min = sum([ordered[j].size for j in open_slots])
        tried: list[int] = []
        for j in open_slots:
            if first[j] in tried:
                continue  # identical parts: trying the first is enough
            tried.append(first[j])
            part = ordered[j]
            size_cap = remaining - (need_min - part.size)
            if size_cap < part.size:
                continue
            wilds_now = wilds_left[0]
            for cand in level_cands[j]:  # filtered as in rec
                if lowest < 0:
                    if cand.take:
                        continue
                elif lowest not in cand.take:
                    continue
                if cand.wilds > wilds_now or cand.size > size_cap:
                    continue
                for face, copies in cand.need:
                    if counts[face] < copies:
                        break
                else:
                    if constrained and not _compatible(
                        cand, [c for c in slots if c is not None], rules
                    ):
                        continue
                    for face in cand.take:
                        counts[face] -= 1
                    wilds_left[0] -= cand.wilds
                    slots[j] = cand
                    done = cover(remaining - cand.size)
                    slots[j] = None
                    for face in cand.take:
                        counts[face] += 1
                    wilds_left[0] += cand.wilds
                    if done:
                        return True
        return False

    try:
        if all_out:
            if _every_card_placeable(level_cands, first, held):
                try:
                    cover(total)
                except _OutOfNodes:
                    return None  # the caller's budget is spent: no arrangement found
        else:
            try:  # noqa: SIM105 (a bare try costs nothing on this hot path)
                rec(0, total)
            except _OutOfNodes:
                pass  # the budget is spent: the best arrangement found so far, if any
    finally:
        # ``rec`` and ``cover`` call themselves through their own names: a
        # reference cycle holding the whole search, which only the cyclic
        # garbage collector would free (and the collections it triggers cost
        # a fifth of a compiled simulation). Breaking it frees the search now.
        rec = _spent_rec
        cover = _spent_cover
    if not found:
        return None
    return _arrangement(found[0][1], order, counts, wild_cards, value)


def _spent_rec(i: int, remaining: int) -> bool:
    """What ``rec`` of :func:`_search` is left as once the search is over."""
    return False


def _spent_cover(remaining: int) -> bool:
    """What ``cover`` of :func:`_search` is left as once the search is over."""
    return False


class _OutOfNodes(Exception):
    """A search's step budget is spent."""


def _too_spread(counts: list[int], held: list[int], kind: str, melds: int) -> bool:
    """Whether the natural cards left (``counts`` of the faces ``held``) fall
    into more suits (runs, colour melds) or ranks (sets) than ``melds`` melds can hold."""
    groups = 0
    seen = 0
    for face in held:
        if counts[face]:
            bit = 1 << (face % 13 if kind == "set" else face // 13)
            if not seen & bit:
                seen |= bit
                groups += 1
                if groups > melds:
                    return True
    return False


def _every_card_placeable(
    level_cands: list[list[Candidate]], first: list[int], held: list[int]
) -> bool:
    """Whether every natural face held is in some candidate: in an all-out
    search a card that no candidate holds rules the hand out before any search."""
    placed = bytearray(53)
    for i, cands in enumerate(level_cands):
        if first[i] == i:
            for cand in cands:
                for face in cand.take:
                    placed[face] = 1
    return all(placed[face] for face in held)


def _arrangement(
    cands: list[Candidate],
    order: list[int],
    counts: list[int],
    wild_cards: list[int],
    value: Callable[[int], int],
) -> Arrangement:
    """The melds of the candidates found, in the caller's part order, and the
    cards left: the naturals no meld takes (``counts`` is the whole hand's, and
    is used up here) and the wilds not used."""
    by_part: list[Candidate | None] = [None] * len(cands)
    for slot, cand in zip(order, cands, strict=True):
        by_part[slot] = cand
    wild_iter = iter(wild_cards)
    melds = []
    for picked in by_part:
        assert picked is not None
        cards = list(picked.stands_for)
        for slot in picked.wild_slots:
            cards[slot] = next(wild_iter)
        melds.append(Meld(picked.kind, tuple(cards), picked.stands_for))
    for cand in cands:
        for face in cand.take:
            counts[face] -= 1
    used = sum(cand.wilds for cand in cands)
    left = [face for face, c in enumerate(counts) if c for _ in range(c)] + wild_cards[used:]
    left.sort()
    left_cards = tuple(left)
    return Arrangement(tuple(melds), left_cards, sum(value(f) for f in left_cards))


def find_contract(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    *,
    all_out: bool = False,
    value: Callable[[int], int] | None = None,
    require: int | None = None,
    max_melds: int | None = None,
    nodes: list[int] | None = None,
) -> Arrangement | None:
    """One arrangement of ``hand`` that meets the contract ``parts``, or ``None``.

    With ``all_out`` every card of the hand must be melded; with ``require``
    (a face) the arrangement must meld a card of that face. Where one long meld
    may count as several (``rules.long_meld_counts_once`` false), the
    arrangement may have fewer melds than ``parts``: see
    :func:`~rummy_rules.engine.rules.contract_shapes`; ``max_melds`` leaves out
    the shapes with more melds than that. ``nodes``, a one-item list, is a
    budget of search steps shared between calls: once it is spent the answer is
    ``None`` (for suggestions, never for legality).
    """
    for shape in contract_shapes(tuple(parts), rules):
        if max_melds is not None and len(shape) > max_melds:
            continue
        found = _search(
            hand,
            shape,
            rules,
            wild_faces,
            all_out=all_out,
            value=value or _zero,
            best=False,
            require=require,
            nodes=nodes,
        )
        if found is not None:
            return found
    return None


def best_contract(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    *,
    value: Callable[[int], int],
    all_out: bool = False,
    require: int | None = None,
    max_melds: int | None = None,
    nodes: list[int] | None = None,
) -> Arrangement | None:
    """The arrangement meeting the contract that leaves the fewest points in hand
    (over every shape of the contract, as :func:`find_contract`). ``nodes``, a
    one-item list, is a budget of search steps shared by the shapes: once it is
    spent, the best arrangement found so far (or ``None``) is the answer."""
    best: Arrangement | None = None
    for shape in contract_shapes(tuple(parts), rules):
        if max_melds is not None and len(shape) > max_melds:
            continue
        found = _search(
            hand,
            shape,
            rules,
            wild_faces,
            all_out=all_out,
            value=value,
            best=True,
            require=require,
            nodes=nodes,
        )
        if found is not None and (best is None or found.points_left < best.points_left):
            best = found
    return best


def _zero(face: int) -> int:
    return 0
