"""Candidate melds: every meld of a kind and size range that a hand can give.

The contract solver (:mod:`.solver`) and the legal-move lists read these.
Natural cards count by face and wild cards are interchangeable, so a
candidate names the natural faces it takes and how many wilds; the
candidates of one rank (sets) or one suit (runs) depend only on that rank's
or suit's counts and are kept in bounded tables.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from ..cards import JOKER_FACE, face_of
from .candidate import SUIT_ORDER, Candidate
from .colour_melds import all_wild_colour_cands, colour_cands
from .melds import Meld
from .rules import ContractPart, MeldRules

__all__ = ["Candidate", "candidates", "iter_melds", "split_hand"]


def _set_wild_suits(rule: str, present: list[int], length: int, wilds: int) -> list[int] | None:
    """Suits for the wilds of a set whose naturals have suits ``present``."""
    have = set(present)
    missing = [s for s in SUIT_ORDER if s not in have]
    if rule == "distinct" or (rule == "distinct_then_all_four" and length < 4):
        if len(have) != len(present) or length > 4:
            return None
        return missing[:wilds]
    if rule == "distinct_then_all_four":
        if wilds < len(missing):
            return None
        return missing + [missing[0] if missing else present[0]] * (wilds - len(missing))
    if rule == "exactly_three":
        if len(have) > 3:
            return None
        need = 3 - len(have)
        if wilds < need:
            return None
        fill = missing[:need]
        anchor = fill[0] if fill else present[0]
        return fill + [anchor] * (wilds - need)
    cycle = missing + list(SUIT_ORDER)
    return [cycle[i % len(cycle)] for i in range(wilds)]


def _memo(rules: MeldRules, kind: int, max_w: int, lo: int, hi: int) -> list[_Table]:
    """Candidate tables of ``rules`` for one kind and size range: one per rank or suit."""
    entry = _MEMOS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_MEMOS) > 16:
            _forget()
        entry = _MEMOS[id(rules)] = (rules, {})
    tables = entry[1]
    key = (kind, max_w, lo, hi)
    found = tables.get(key)
    if found is None:
        found = tables[key] = [{} for _ in range(13)]
    return found


def _memo_by_top(rules: MeldRules, kind: int, max_w: int, lo: int, hi: int) -> list[list[_Table]]:
    """``_memo`` for the size ranges ``lo`` to ``top``, indexed by ``top`` (up to ``hi``)."""
    key = (id(rules), kind, max_w, lo, hi)
    found = _BY_TOP.get(key)
    if found is None or _MEMOS.get(id(rules), (None,))[0] is not rules:
        tops = [_memo(rules, kind, max_w, lo, top) for top in range(lo, hi + 1)]
        found = _BY_TOP[key] = [tops[0]] * lo + tops
    return found


def _forget() -> None:
    """Drop every candidate table."""
    global _MEMO_SIZE, _SUIT_SIZE
    _MEMOS.clear()
    _BY_TOP.clear()
    _MEMO_SIZE = 0
    _SUIT_SIZE = 0


def _remember(
    table: _Table, key: tuple[int, ...] | int, cands: Iterable[Candidate]
) -> tuple[Candidate, ...]:
    """Store ``cands`` under ``key``; every table is emptied once they hold too many."""
    global _MEMO_SIZE
    _MEMO_SIZE += 1
    if _MEMO_SIZE > _MEMO_BOUND:
        _forget()
    found = table[key] = tuple(cands)
    return found


def _remember_suit(table: _Table, key: int, cands: Iterable[Candidate]) -> tuple[Candidate, ...]:
    """``_remember`` for the tables of whole suits (kind 1), bounded on their own.

    They hold the runs of one suit by which of its 13 ranks are held: tens of
    thousands of patterns in a long contract simulation (a quarter of its
    look-ups find nothing; gin's deadwood layouts, asking about the same
    suits again and again, almost always find them), each a tuple of
    candidates shared with the tables by start (kind 2). Once
    ``_SUIT_BOUND`` are stored only these are emptied: the tables they are
    made from stay, where filling the shared memo emptied those too.
    """
    global _SUIT_SIZE
    _SUIT_SIZE += 1
    if _SUIT_SIZE > _SUIT_BOUND:
        _SUIT_SIZE = 0
        for _, tables in _MEMOS.values():
            for kind_key, per_suit in tables.items():
                if kind_key[0] == 1:
                    for each in per_suit:
                        each.clear()
    found = table[key] = tuple(cands)
    return found


_Table = dict[tuple[int, ...] | int, tuple["Candidate", ...]]
#: Candidate melds by rank (kind 0: sets) or suit (kind 1: runs, by the ranks
#: of the suit held, a bitmask; kind 2: runs from one start, by the ranks held
#: from there), per meld rules, kind and size range: the candidates of one
#: rank or suit depend only on that rank's or suit's counts. Kinds 0 and 2
#: are dropped once ``_MEMO_BOUND`` have been stored, kind 1 once
#: ``_SUIT_BOUND`` (see ``_remember_suit``), which bounds the memory a long
#: simulation uses (at most about 1.5 kB an entry).
_MEMOS: dict[int, tuple[MeldRules, dict[tuple[int, ...], list[_Table]]]] = {}
_MEMO_BOUND = 30_000
_MEMO_SIZE = 0
_SUIT_BOUND = 20_000
_SUIT_SIZE = 0
#: ``_memo_by_top``'s lists (dropped with the tables they hold).
_BY_TOP: dict[tuple[int, int, int, int, int], list[list[_Table]]] = {}
_NO_SUITS = (0, 0, 0, 0)


def _set_cands(
    counts: Sequence[int], wilds: int, rules: MeldRules, lo: int, hi: int, out: list[Candidate]
) -> None:
    max_w = wilds if rules.set_wilds else 0
    hi = min(hi, rules.set_max)
    pair_lo = max(lo, 2)
    lo = max(lo, rules.set_min)
    pairs = bool(rules.pair_ranks) and pair_lo < lo and pair_lo <= hi
    if lo > hi and not pairs:
        return
    plain_top = _memo_by_top(rules, 0, max_w, lo, hi) if lo <= hi else []
    pair_top = _memo_by_top(rules, 0, max_w, pair_lo, hi) if pairs else []
    pair_ranks = rules.pair_ranks if pairs else frozenset()
    ranks = rules.ranks
    by_rank = zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)
    for rank, avail in enumerate(by_rank):
        if avail == _NO_SUITS:
            continue
        if rank >= ranks:
            break  # a numbered pack has no card of this rank
        if rank in pair_ranks:  # a pair of this rank is a set: sizes from pair_lo
            by_top, least = pair_top, pair_lo
        elif plain_top:
            by_top, least = plain_top, lo
        else:
            continue
        # A set of this rank holds at most its naturals and the wilds: a larger
        # bound gives the same candidates, so share the smaller bound's table.
        most = sum(avail) + max_w
        if most < least:
            continue
        table = by_top[hi][rank] if most >= hi else by_top[most][rank]
        found = table.get(avail)
        if found is None:
            top = min(hi, most)
            found = _remember(table, avail, _rank_set_cands(rank, avail, max_w, rules, least, top))
        out.extend(found)


def _rank_set_cands(
    rank: int, avail: tuple[int, ...], max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[Candidate]:
    """The set candidates of one rank whose naturals per suit are ``avail``."""
    out = []
    for take, k, present, wild_suits, need in _set_templates(avail, max_w, rules, lo, hi):
        naturals = tuple([suit * 13 + rank for suit in present])
        length = len(present) + k
        out.append(
            Candidate(
                (0, rank, *take, k),
                "set",
                naturals,
                k,
                naturals + tuple([suit * 13 + rank for suit in wild_suits]),
                tuple(range(len(present), length)),
                rank,
                -1,
                0,
                0,
                tuple([(suit * 13 + rank, copies) for suit, copies in need]),
            )
        )
    return out


_SetTemplate = tuple[
    tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]
]


def _set_templates(
    avail: tuple[int, ...], max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[_SetTemplate]:
    """The sets ``avail`` (naturals of one rank, per suit) can make, whatever the
    rank: (copies taken per suit, wilds, suits of the naturals, suits the wilds
    stand for, (suit, copies) taken)."""
    key = (
        rules.set_suits,
        rules.wild_caps,
        rules.versus_naturals,
        rules.min_naturals,
        avail,
        max_w,
        lo,
        hi,
    )
    found = _SET_TEMPLATES.get(key)
    if found is not None:
        return found
    found = []
    for take in itertools.product(*(range(a + 1) for a in avail)):
        n = sum(take)
        if n == 0:
            continue
        present = [s for s in SUIT_ORDER for _ in range(take[s])]
        need = tuple([(s, c) for s, c in enumerate(take) if c])
        for k in range(max_w + 1):
            length = n + k
            if length < lo:
                continue
            if length > hi:
                break
            if not rules.wilds_ok(length, k):
                continue
            suits = _set_wild_suits(rules.set_suits, present, length, k)
            if suits is None:
                continue
            found.append((take, k, tuple(present), tuple(suits), need))
    if len(_SET_TEMPLATES) > 4096:
        _SET_TEMPLATES.clear()
    _SET_TEMPLATES[key] = found
    return found


_SET_TEMPLATES: dict[tuple[object, ...], list[_SetTemplate]] = {}


def _run_cands(
    counts: Sequence[int], wilds: int, rules: MeldRules, lo: int, hi: int, out: list[Candidate]
) -> None:
    max_w = wilds if rules.run_wilds else 0
    hi = min(hi, rules.run_longest())
    lo = max(lo, rules.run_min)
    if lo > hi:
        return
    if rules.run_any_suit:
        _any_suit_run_cands(counts, max_w, rules, lo, hi, out)
        return
    by_top = _memo_by_top(rules, 1, max_w, lo, hi)
    for suit in SUIT_ORDER:
        base = suit * 13
        held = counts[base : base + 13]
        mask = 0
        count = 0
        for rank, copies in enumerate(held):
            if copies:
                mask |= 1 << rank
                count += 1
        if not mask:
            continue
        # A run of 14 (ace to ace) needs both aces: without it, as with
        # 13 cards or fewer, a run uses each face at most once and only
        # which ranks are held matters.
        if hi > 13 and count + (held[0] >= 2) + max_w >= 14:
            most = sum(held) + max_w
            if most >= lo:
                out.extend(_counted_run_cands(suit, held, mask, max_w, rules, lo, min(hi, most)))
            continue
        most = count + max_w  # the longest run this suit could make
        if most < lo:
            continue
        suit_hi = min(hi, 13)
        table = by_top[suit_hi][suit] if most >= suit_hi else by_top[most][suit]
        found = table.get(mask)
        if found is None:
            cands = _held_run_cands(suit, mask, max_w, rules, lo, min(suit_hi, most))
            found = _remember_suit(table, mask, cands)
        out.extend(found)


def _any_suit_run_cands(
    counts: Sequence[int], max_w: int, rules: MeldRules, lo: int, hi: int, out: list[Candidate]
) -> None:
    """Runs whose cards may be of any suits (``melds.run.suits: any``): the runs of
    one suit that the ranks held (in whatever suits) would make, each natural card
    then taken in every suit the hand holds it in.

    The choices of suits multiply (a 30-card hand holding most ranks in three
    suits has millions of runs of thirteen): past :data:`ANY_SUIT_RUNS` in all,
    each window of ranks is taken in its first choices of suits only (clubs,
    diamonds, hearts, spades first), so for such hands the solver is no longer
    exhaustive. A move a player names is still judged exactly."""
    by_rank = [sum(counts[suit * 13 + rank] for suit in SUIT_ORDER) for rank in range(13)]
    if not any(by_rank):
        return
    most = sum(map(bool, by_rank)) + max_w
    if hi <= 13 or most < 14:
        hi = min(hi, 13)
        ranks: Sequence[int] = [int(bool(n)) for n in by_rank]
    else:
        ranks = by_rank  # a run of 14 uses the ace twice: how many count
    if most < lo:
        return
    windows = _suit_run_cands(0, ranks, max_w, rules, lo, min(hi, most))
    held = [sum(1 for s in SUIT_ORDER if counts[s * 13 + rank]) for rank in range(13)]
    ways = sum(
        math.prod([held[f % 13] for p, f in enumerate(c.stands_for) if p not in c.wild_slots])
        for c in windows
    )
    each = ways if ways <= ANY_SUIT_RUNS else max(4, ANY_SUIT_RUNS // len(windows))
    for cand in windows:
        out.extend(itertools.islice(_in_held_suits(cand, counts), each))


#: The most runs of mixed suits the candidate lists hold for one hand (about;
#: see ``_any_suit_run_cands``).
ANY_SUIT_RUNS = 1024


def _in_held_suits(cand: Candidate, counts: Sequence[int]) -> Iterator[Candidate]:
    """``cand`` (a run of clubs standing for ranks) with each natural card in each
    suit held; a wild stands for its rank in the suit of the run's first natural card."""
    slots = set(cand.wild_slots)
    choices = [
        (-1,) if p in slots else tuple(s for s in SUIT_ORDER if counts[s * 13 + face % 13])
        for p, face in enumerate(cand.stands_for)
    ]
    for suits in itertools.product(*choices):
        taken = [
            suit * 13 + face % 13
            for face, suit in zip(cand.stands_for, suits, strict=True)
            if suit >= 0
        ]
        if len(set(taken)) < len(taken) and any(n > counts[f] for f, n in Counter(taken).items()):
            continue
        lead = next(s for s in suits if s >= 0)
        stands = tuple(
            (suit if suit >= 0 else lead) * 13 + face % 13
            for face, suit in zip(cand.stands_for, suits, strict=True)
        )
        yield Candidate(
            key=(1, -1, cand.lo, cand.size, *cand.wild_slots, -1, *suits),
            kind="run",
            take=tuple(taken),
            wilds=cand.wilds,
            stands_for=stands,
            wild_slots=cand.wild_slots,
            rank=-1,
            suit=-1,
            lo=cand.lo,
            hi=cand.hi,
        )


def _suit_run_cands(
    suit: int, counts: Sequence[int], max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[Candidate]:
    """The run candidates of one suit; ``counts`` holds how many of each rank (by index)."""
    held = 0
    for r, c in enumerate(counts):
        if c:
            held |= 1 << r
    if hi <= 13:
        # No window repeats a rank: what is held is all that matters.
        return _held_run_cands(suit, held, max_w, rules, lo, hi)
    return list(_counted_run_cands(suit, counts, held, max_w, rules, lo, hi))


def _held_run_cands(
    suit: int, held: int, max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[Candidate]:
    """The run candidates of one suit of at most 13 cards; ``held`` is a bitmask
    of the ranks held. The same candidates, in the same order, as
    ``_counted_run_cands`` makes from the counts."""
    by_start = _memo(rules, 2, max_w, lo, 0)[suit]
    doubled = held | held << 13  # values past the king come round to the ace
    out: list[Candidate] = []
    for start, prefix, span in _run_starts(rules, lo):
        if (prefix & ~held).bit_count() > max_w:
            continue  # the first ``lo`` cards already miss too many
        # A run from here depends only on the ranks held from ``start`` up to
        # the card that misses one more than there are wilds (or the end).
        end = min(hi, span)
        window = (1 << end) - 1
        bits = doubled >> (start - 1) & window
        gaps = ~bits & window
        for _ in range(max_w):
            gaps &= gaps - 1
        if gaps:
            cut = gaps & -gaps
            end = cut.bit_length() - 1
            bits &= cut - 1
        key = (start << 8 | end) << 16 | bits
        found = by_start.get(key)
        if found is None:
            cands = _start_run_cands(suit, start, bits, max_w, rules, lo, end)
            found = _remember(by_start, key, cands)
        out.extend(found)
    return out


def _start_run_cands(
    suit: int, start: int, bits: int, max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[Candidate]:
    """The run candidates starting at value ``start``; bit ``i`` of ``bits`` says
    whether the card ``i`` places on is held."""
    values = rules.run_values()
    wrap = rules.ace == "wrap"
    last_value = values[-1]
    out: list[Candidate] = []
    faces: list[int] = []
    natural_at: list[int] = []
    wild_at: list[int] = []
    for length in range(1, hi + 1):
        value = start + length - 1
        if not wrap and value > last_value:
            break
        faces.append(face_of((value - 1) % 13, suit))
        if bits >> (length - 1) & 1:
            natural_at.append(length - 1)
        else:
            wild_at.append(length - 1)
            if len(wild_at) > max_w:
                break
        if length < lo or not natural_at:
            continue
        out.extend(_run_variants(rules, suit, start, tuple(faces), natural_at, len(wild_at), max_w))
    return out


def _counted_run_cands(
    suit: int,
    counts: Sequence[int],
    held: int,
    max_w: int,
    rules: MeldRules,
    lo: int,
    hi: int,
) -> Iterator[Candidate]:
    """The run candidates of one suit; ``counts`` holds how many of each rank (by index)."""
    values = rules.run_values()
    wrap = rules.ace == "wrap"
    last_value = values[-1]
    suit_faces = [face_of(r, suit) for r in range(13)]
    for start, prefix, _ in _run_starts(rules, lo):
        # The first ``lo`` cards of the window miss more than there are
        # wilds: no run of ``lo`` or more starts here (a quick test).
        if (prefix & ~held).bit_count() > max_w:
            continue
        # Grow the window one card at a time: the cards it misses never
        # decrease, so stop once more are missing than there are wilds.
        faces: list[int] = []
        natural_at: list[int] = []
        used: dict[int, int] = {}
        missing = 0
        for length in range(1, hi + 1):
            value = start + length - 1
            if not wrap and value > last_value:
                break
            face = suit_faces[(value - 1) % 13]
            faces.append(face)
            if used.get(face, 0) < counts[(value - 1) % 13]:
                used[face] = used.get(face, 0) + 1
                natural_at.append(length - 1)
            else:
                missing += 1
                if missing > max_w:
                    break
            if length < lo or not natural_at:
                continue
            yield from _run_variants(rules, suit, start, tuple(faces), natural_at, missing, max_w)


def _run_starts(rules: MeldRules, lo: int) -> list[tuple[int, int, int]]:
    """Where a run of at least ``lo`` cards may start: each start with the ranks
    (a bitmask by rank index) of its first ``lo`` cards, and how many values
    there are from it on."""
    key = (rules.ace, rules.ranks, lo)  # the values depend on a numbered pack's highest too
    found = _RUN_STARTS.get(key)
    if found is None:
        values = rules.run_values()
        wrap = rules.ace == "wrap"
        found = []
        for start in range(1, 14) if wrap else values:
            span = 13 if wrap else values[-1] - start + 1
            if span < lo:
                continue  # the window runs past the last value
            mask = 0
            for value in range(start, start + min(lo, 13)):
                mask |= 1 << ((value - 1) % 13)
            found.append((start, mask, span))
        _RUN_STARTS[key] = found
    return found


_RUN_STARTS: dict[tuple[str, int, int], list[tuple[int, int, int]]] = {}


def _run_variants(
    rules: MeldRules,
    suit: int,
    start: int,
    faces: tuple[int, ...],
    natural_at: list[int],
    missing: int,
    max_w: int,
) -> Iterator[Candidate]:
    length = len(faces)
    # A natural card may also be left out in favour of a wild (it may be
    # needed elsewhere); at least one natural always stays.
    most_extra = min(max_w - missing, len(natural_at) - 1)
    for extra in range(most_extra + 1):
        k = missing + extra
        if not rules.wilds_ok(length, k):
            continue
        for swap in itertools.combinations(natural_at, extra):
            nat = [p for p in natural_at if p not in swap]
            wild_pos = tuple(p for p in range(length) if p not in nat)
            if not rules.adjacent_wilds and any(
                b - a == 1 for a, b in itertools.pairwise(wild_pos)
            ):
                continue
            yield Candidate(
                key=(1, suit, start, length, *wild_pos),
                kind="run",
                take=tuple(faces[p] for p in nat),
                wilds=k,
                stands_for=faces,
                wild_slots=wild_pos,
                rank=-1,
                suit=suit,
                lo=start,
                hi=start + length - 1,
            )


def candidates(
    part: ContractPart, counts: Sequence[int], wilds: int, rules: MeldRules, size_cap: int
) -> list[Candidate]:
    """Every meld for ``part`` (at most ``size_cap`` cards) that natural cards
    ``counts`` (by face) and ``wilds`` wild cards can make: those with natural
    cards first, then, where the rules allow melds of wild cards only, those."""
    lo = part.size
    hi = part.size if part.exact else size_cap
    out: list[Candidate] = []
    if part.kind in ("set", "any"):
        _set_cands(counts, wilds, rules, lo, hi, out)
    if part.kind in ("run", "any"):
        _run_cands(counts, wilds, rules, lo, hi, out)
    if part.kind == "colour":
        colour_cands(counts, wilds, rules, lo, hi, out)
    if wilds and rules.versus_naturals == "any":
        out.extend(_all_wild_cands(part.kind, wilds, rules, lo, hi))
    return out


def _all_wild_cands(
    kind: str, wilds: int, rules: MeldRules, lo: int, hi: int
) -> tuple[Candidate, ...]:
    """The melds of wild cards only (``wilds.versus_naturals: any``): a set of
    every rank, a run of every suit and start, each as long as the wilds allow."""
    key = (rules, kind, wilds, lo, hi)
    found = _ALL_WILD.get(key)
    if found is not None:
        return found
    out: list[Candidate] = []
    if kind in ("set", "any") and rules.set_wilds:
        fewest = min(rules.set_min_of(rank) for rank in range(rules.ranks))
        for length in range(max(lo, fewest), min(hi, rules.set_max, wilds) + 1):
            suits = _set_wild_suits(rules.set_suits, [], length, length)
            if suits is None or not rules.wilds_ok(length, length):
                continue
            for rank in range(rules.ranks):
                if length < rules.set_min_of(rank):
                    continue
                out.append(
                    Candidate(
                        (0, rank, 0, 0, 0, 0, length),
                        "set",
                        (),
                        length,
                        tuple([suit * 13 + rank for suit in suits]),
                        tuple(range(length)),
                        rank,
                        -1,
                        0,
                        0,
                        (),
                    )
                )
    if kind in ("run", "any") and rules.run_wilds and (rules.adjacent_wilds or hi < 2):
        top = min(hi, rules.run_longest(), wilds)
        for suit in SUIT_ORDER:
            for start, _, span in _run_starts(rules, max(lo, rules.run_min)):
                for length in range(max(lo, rules.run_min), min(top, span) + 1):
                    if not rules.wilds_ok(length, length):
                        continue
                    faces = tuple(
                        [face_of((v - 1) % 13, suit) for v in range(start, start + length)]
                    )
                    out.append(
                        Candidate(
                            key=(1, suit, start, length, *range(length)),
                            kind="run",
                            take=(),
                            wilds=length,
                            stands_for=faces,
                            wild_slots=tuple(range(length)),
                            rank=-1,
                            suit=suit,
                            lo=start,
                            hi=start + length - 1,
                        )
                    )
    if kind == "colour":
        out.extend(all_wild_colour_cands(wilds, rules, lo, hi))
    if len(_ALL_WILD) > 1024:
        _ALL_WILD.clear()
    found = _ALL_WILD[key] = tuple(out)
    return found


#: ``_all_wild_cands`` by (meld rules, kind, wilds, size range).
_ALL_WILD: dict[tuple[MeldRules, str, int, int, int], tuple[Candidate, ...]] = {}


def iter_melds(
    hand: Sequence[int],
    rules: MeldRules,
    wild_faces: frozenset[int],
    kind: str,
    *,
    min_size: int = 0,
    max_size: int = 64,
) -> Iterator[Meld]:
    """Every meld of ``kind`` (set, run, colour, or any: every kind) that can be
    taken from ``hand``.

    Where jokers are natural, sets of jokers count as sets.

    Natural cards count by face; wild cards are interchangeable, and the
    most valuable-looking choice is not made here: the wilds used are the
    first ones found in ``hand``.
    """
    counts, wild_cards = split_hand(hand, wild_faces)
    found = candidates(
        ContractPart(kind, max(min_size, 2), exact=False), counts, len(wild_cards), rules, max_size
    )
    if kind == "any" and rules.colour_min:
        colour = ContractPart("colour", max(min_size, 2), exact=False)
        found += candidates(colour, counts, len(wild_cards), rules, max_size)
    for cand in found:
        cards = list(cand.stands_for)
        for slot, wild in zip(cand.wild_slots, wild_cards, strict=False):
            cards[slot] = wild
        yield Meld(cand.kind, tuple(cards), cand.stands_for)
    if rules.jokers_natural and kind in ("set", "any"):
        # Natural jokers meld only with each other, in sets of jokers.
        for size in range(max(rules.joker_set_min, min_size), counts[JOKER_FACE] + 1):
            yield Meld("jokers", (JOKER_FACE,) * size, (JOKER_FACE,) * size)


def split_hand(hand: Sequence[int], wild_faces: frozenset[int]) -> tuple[list[int], list[int]]:
    counts = [0] * 53
    wild_cards = []
    for face in hand:
        if face in wild_faces:
            wild_cards.append(face)
        else:
            counts[face] += 1
    return counts, wild_cards
