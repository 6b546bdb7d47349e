"""A slow, obviously correct contract solver: every subset of the hand, every reading.

It shares only :func:`rummy_rules.engine.melds.check_meld` (the definition of a valid
meld, tested on its own) with the fast solver.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from rummy_rules.cards import face_of, rank_of, suit_of
from rummy_rules.engine.melds import Meld, check_meld, run_span
from rummy_rules.engine.rules import ContractPart, MeldRules


def readings(cards: Sequence[int], kind: str, rules: MeldRules, wild: frozenset[int]) -> list[Meld]:
    """Every valid reading of exactly these cards as a meld of ``kind``."""
    naturals = [c for c in cards if c not in wild]
    wilds = [c for c in cards if c in wild]
    if not naturals:
        return _wild_readings(cards, kind, rules, wild)
    out: list[Meld] = []
    if kind == "colour":  # one suit, any ranks: a wild stands for any card of it
        suit = suit_of(naturals[0])
        stands = tuple(naturals) + (face_of(rules.ranks - 1, suit),) * len(wilds)
        meld = Meld("colour", tuple(naturals) + tuple(wilds), stands)
        return [meld] if check_meld(meld, rules, wild) is None else []
    if kind == "set":
        if len({rank_of(c) for c in naturals}) != 1:
            return []
        rank = rank_of(naturals[0])
        for suits in itertools.product(range(4), repeat=len(wilds)):
            stands = tuple(naturals) + tuple(face_of(rank, s) for s in suits)
            meld = Meld("set", tuple(naturals) + tuple(wilds), stands)
            if check_meld(meld, rules, wild) is None:
                out.append(meld)
        return out
    if len({suit_of(c) for c in naturals}) != 1:
        return []
    suit = suit_of(naturals[0])
    n = len(cards)
    need = Counter(naturals)
    for start in range(1, 27):
        faces = [face_of((v - 1) % 13, suit) for v in range(start, start + n)]
        if run_span(faces, rules) is None:
            continue
        # choose, for every natural face, which of its positions it takes
        choices = []
        ok = True
        for face, count in need.items():
            positions = [i for i, f in enumerate(faces) if f == face]
            if len(positions) < count:
                ok = False
                break
            choices.append(list(itertools.combinations(positions, count)))
        if not ok:
            continue
        for pick in itertools.product(*choices):
            taken = {p for group in pick for p in group}
            laid = list(faces)
            wild_iter = iter(wilds)
            for i in range(n):
                if i not in taken:
                    laid[i] = next(wild_iter)
            meld = Meld("run", tuple(laid), tuple(faces))
            if check_meld(meld, rules, wild) is None:
                out.append(meld)
    return out


def _wild_readings(
    cards: Sequence[int], kind: str, rules: MeldRules, wild: frozenset[int]
) -> list[Meld]:
    """Every reading of wild cards only: each set of every rank and suits, each
    run of every suit and start (``check_meld`` says which are valid)."""
    out: list[Meld] = []
    n = len(cards)
    if kind == "colour":
        for suit in range(4):
            meld = Meld("colour", tuple(cards), (face_of(rules.ranks - 1, suit),) * n)
            if check_meld(meld, rules, wild) is None:
                out.append(meld)
        return out
    if kind == "set":
        for rank in range(13):
            for suits in itertools.product(range(4), repeat=n):
                meld = Meld("set", tuple(cards), tuple(face_of(rank, s) for s in suits))
                if check_meld(meld, rules, wild) is None:
                    out.append(meld)
        return out
    for suit in range(4):
        for start in range(1, 27):
            faces = tuple(face_of((v - 1) % 13, suit) for v in range(start, start + n))
            if run_span(faces, rules) is None:
                continue
            meld = Meld("run", tuple(cards), faces)
            if check_meld(meld, rules, wild) is None:
                out.append(meld)
    return out


def _compatible(a: Meld, b: Meld, rules: MeldRules) -> bool:
    if a.kind == "set" and b.kind == "set":
        return not (
            rules.sets_of_same_rank == "forbidden"
            and rank_of(a.stands_for[0]) == rank_of(b.stands_for[0])
        )
    if a.kind == "run" and b.kind == "run":
        sa = run_span(a.stands_for, rules)
        sb = run_span(b.stands_for, rules)
        assert sa and sb
        if sa[0] != sb[0]:
            return True
        if rules.same_suit_runs == "forbidden":
            return False
        if rules.same_suit_runs == "not_contiguous":
            a_hi = sa[1] + len(a.stands_for) - 1
            b_hi = sb[1] + len(b.stands_for) - 1
            return not (sb[1] == a_hi + 1 or sa[1] == b_hi + 1)
    return True


def _merged_contracts(parts: Sequence[ContractPart]) -> list[list[ContractPart]]:
    """Every contract made by joining parts of one kind: each part gets a group
    label (a restricted growth string), and a group's parts are summed."""
    out = []
    n = len(parts)

    def labels(prefix: list[int]) -> Iterator[list[int]]:
        if len(prefix) == n:
            yield prefix
            return
        for label in range(max(prefix, default=-1) + 2):
            yield from labels([*prefix, label])

    for labelling in labels([]):
        groups: dict[int, list[ContractPart]] = {}
        for part, label in zip(parts, labelling, strict=True):
            groups.setdefault(label, []).append(part)
        if any(len({p.kind for p in group}) > 1 for group in groups.values()):
            continue
        out.append(
            [
                ContractPart(group[0].kind, sum(p.size for p in group), all(p.exact for p in group))
                for group in groups.values()
            ]
        )
    return out


def oracle(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild: frozenset[int],
    *,
    all_out: bool,
    value: Callable[[int], int],
) -> int | None:
    """The fewest points left in hand over every way to meet the contract (None: no way).

    Where one long meld may count as several contract melds, every contract
    made by joining parts of one kind is tried too."""
    contracts = [list(parts)] if rules.long_meld_counts_once else _merged_contracts(parts)
    found = [
        points
        for contract in contracts
        if (points := _fewest_left(hand, contract, rules, wild, all_out, value)) is not None
    ]
    return min(found) if found else None


def _fewest_left(hand, parts, rules, wild, all_out, value):
    """:func:`oracle` for one contract, as written."""
    n = len(hand)
    full = (1 << n) - 1
    per_part: list[list[tuple[int, Meld]]] = []
    cache: dict[tuple[int, str], list[Meld]] = {}
    for part in parts:
        options = []
        for mask in range(1, full + 1):
            size = mask.bit_count()
            if size < part.size or (part.exact and size != part.size):
                continue
            cards = [hand[i] for i in range(n) if mask >> i & 1]
            kinds = ("set", "run") if part.kind == "any" else (part.kind,)
            for kind in kinds:
                key = (mask, kind)
                if key not in cache:
                    cache[key] = readings(cards, kind, rules, wild)
                options.extend((mask, m) for m in cache[key])
        per_part.append(options)
    best: list[int | None] = [None]

    def rec(i: int, used: int, chosen: list[Meld]) -> None:
        if i == len(parts):
            if all_out and used != full:
                return
            pts = sum(value(hand[j]) for j in range(n) if not used >> j & 1)
            if best[0] is None or pts < best[0]:
                best[0] = pts
            return
        for mask, meld in per_part[i]:
            if mask & used:
                continue
            if all(_compatible(meld, other, rules) for other in chosen):
                chosen.append(meld)
                rec(i + 1, used | mask, chosen)
                chosen.pop()

    rec(0, 0, [])
    return best[0]
