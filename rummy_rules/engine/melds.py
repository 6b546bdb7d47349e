"""Melds: validity under a variant's rules, and an exact contract solver.

A :class:`Meld` lists the faces of its cards and, for each, the face it
*stands for*: a natural card stands for itself, a wild card for the card it
replaces. Runs list their cards in order. With every wild's represented card
explicit, lay-offs, joker exchanges and scoring are unambiguous.

Engine-wide conventions (documented in ``docs/format.md``):

- a wild card is always wild, even where it stands for its own face;
- every meld holds at least one natural card (sets of natural jokers aside).

:func:`find_contract` decides whether a hand can meet a contract and returns
one arrangement; :func:`best_contract` returns the arrangement that leaves
the fewest points in hand. Both are exact: they search every way of taking
the contract's melds from the hand (natural cards by face, wild cards as
interchangeable), pruned only by symmetry.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..cards import JOKER_FACE, face_of, format_card, parse_card, rank_of, suit_of
from .rules import ContractPart, MeldRules

__all__ = [
    "Arrangement",
    "Meld",
    "best_contract",
    "check_meld",
    "find_contract",
    "format_meld",
    "iter_melds",
    "parse_meld",
    "run_span",
]


@dataclass(frozen=True, slots=True)
class Meld:
    """Cards laid down together: ``kind`` is ``set``, ``run`` or ``jokers``."""

    kind: str
    cards: tuple[int, ...]
    stands_for: tuple[int, ...]

    def __str__(self) -> str:
        return format_meld(self)


def format_meld(meld: Meld) -> str:
    """``7H 8H JK=9H 10H``: each card, with ``=FACE`` where it stands for another."""
    parts = []
    for card, face in zip(meld.cards, meld.stands_for, strict=True):
        text = format_card(card)
        if face != card:
            text += "=" + format_card(face)
        parts.append(text)
    return " ".join(parts)


def parse_meld(kind: str, text: str | Iterable[str]) -> Meld:
    """Parse ``7H 8H JK=9H`` (the inverse of :func:`format_meld`)."""
    items = text.split() if isinstance(text, str) else list(text)
    cards = []
    faces = []
    for item in items:
        card_text, _, face_text = item.partition("=")
        card = parse_card(card_text)
        cards.append(card)
        faces.append(parse_card(face_text) if face_text else card)
    return Meld(kind, tuple(cards), tuple(faces))


def run_span(faces: Sequence[int], rules: MeldRules) -> tuple[int, int] | None:
    """(suit, first value) of a run whose cards stand for ``faces`` in order, or None.

    Values: 1 = ace low, 2..13, 14 = ace high; under the wrap rule values go on
    past 13 (14 = ace, 15 = two, …).
    """
    if not faces or any(f == JOKER_FACE for f in faces):
        return None
    suit = suit_of(faces[0])
    if any(suit_of(f) != suit for f in faces):
        return None
    n = len(faces)
    allowed = rules.run_values()
    first_rank = rank_of(faces[0])
    starts = [first_rank + 1] + ([14] if first_rank == 0 else [])
    for start in starts:
        end = start + n - 1
        if rules.ace == "wrap":
            if n > 13 or start > 13:
                continue
        elif start not in allowed or end not in allowed:
            continue
        if all(rank_of(f) == (start + i - 1) % 13 for i, f in enumerate(faces)):
            return suit, start
    return None


def _suits_ok(rule: str, suits: Sequence[int]) -> bool:
    distinct = len(set(suits))
    if rule == "distinct":
        return distinct == len(suits)
    if rule == "distinct_then_all_four":
        return distinct == len(suits) if len(suits) < 4 else distinct == 4
    if rule == "exactly_three":
        return distinct == 3
    return True


def check_meld(meld: Meld, rules: MeldRules, wild_faces: frozenset[int]) -> str | None:
    """Why ``meld`` is not valid under ``rules`` (``None`` when it is)."""
    n = len(meld.cards)
    if n != len(meld.stands_for):
        return "every card needs the card it stands for"
    if meld.kind == "jokers":
        if not rules.jokers_natural:
            return "jokers are wild here: there are no sets of jokers"
        if any(c != JOKER_FACE for c in meld.cards + meld.stands_for):
            return "a set of jokers holds only jokers"
        if n < rules.joker_set_min:
            return f"a set of jokers needs at least {rules.joker_set_min}"
        return None
    wild = [c in wild_faces for c in meld.cards]
    for card, face, is_wild in zip(meld.cards, meld.stands_for, wild, strict=True):
        if not is_wild and card != face:
            return f"{format_card(card)} is not wild, so it stands only for itself"
        if face == JOKER_FACE:
            return "a wild card must stand for a standard card"
        if card == JOKER_FACE and rules.jokers_natural:
            return "jokers are not wild here: they meld only with each other"
    wilds = sum(wild)
    if wilds == n:
        return "a meld needs at least one natural card"
    if meld.kind == "set":
        if n < rules.set_min:
            return f"a set needs at least {rules.set_min} cards"
        if n > rules.set_max:
            return f"a set has at most {rules.set_max} cards"
        if len({rank_of(f) for f in meld.stands_for}) != 1:
            return "the cards of a set are all of one rank"
        if wilds and not rules.set_wilds:
            return "wild cards may not be used in sets"
        if not _suits_ok(rules.set_suits, [suit_of(f) for f in meld.stands_for]):
            return {
                "distinct": "a set may not repeat a suit",
                "distinct_then_all_four": (
                    "a set of three needs three suits, and a set of four or more all four"
                ),
                "exactly_three": "a set shows exactly three suits",
            }.get(rules.set_suits, "suits")
    elif meld.kind == "run":
        if n < rules.run_min:
            return f"a run needs at least {rules.run_min} cards"
        if n > rules.run_max:
            return f"a run has at most {rules.run_max} cards"
        if run_span(meld.stands_for, rules) is None:
            return _run_reason(meld.stands_for, rules)
        if wilds and not rules.run_wilds:
            return "wild cards may not be used in runs"
        if not rules.adjacent_wilds and any(a and b for a, b in itertools.pairwise(wild)):
            return "two wild cards may not sit next to each other"
    else:
        return f"unknown kind of meld '{meld.kind}'"
    if not rules.wilds_ok(n, wilds):
        cap = rules.wild_cap(n)
        if wilds > cap:
            return f"a meld of {n} may hold at most {cap} wild card{'s' if cap != 1 else ''}"
        return {
            "not_more": "a meld may not hold more wild cards than natural ones",
            "fewer": "a meld must hold fewer wild cards than natural ones",
        }.get(rules.versus_naturals, "too many wild cards")
    return None


def _run_reason(faces: Sequence[int], rules: MeldRules) -> str:
    if len({suit_of(f) for f in faces}) != 1:
        return "the cards of a run are all of one suit"
    loose = dataclasses.replace(rules, ace="wrap")
    if run_span(faces, loose) is not None:
        return {
            "low": "the ace is low only (A-2-3), so a run cannot go past the king",
            "high": "the ace is high only (Q-K-A), so a run cannot start at the ace",
            "low_or_high": "a run cannot turn the corner (K-A-2)",
        }.get(rules.ace, "not in sequence")
    return "the cards of a run are in sequence"


# --------------------------------------------------------------------------
# The contract solver
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds that meet a contract, and the cards left in hand."""

    melds: tuple[Meld, ...]
    left: tuple[int, ...]
    points_left: int


class _Cand:
    """A candidate meld of the solver (never changed once made; shared by the tables)."""

    __slots__ = (
        "hi",
        "key",
        "kind",
        "lo",
        "need",
        "rank",
        "size",
        "stands_for",
        "suit",
        "take",
        "wild_slots",
        "wilds",
    )

    def __init__(
        self,
        key: tuple[int, ...],
        kind: str,
        take: tuple[int, ...],  # natural faces used, one entry per card
        wilds: int,
        stands_for: tuple[int, ...],
        wild_slots: tuple[int, ...],
        rank: int,  # sets
        suit: int,  # runs
        lo: int,  # runs: first value
        hi: int,  # runs: last value
        need: tuple[tuple[int, int], ...] | None = None,
    ) -> None:
        self.key = key
        self.kind = kind
        self.take = take
        self.wilds = wilds
        self.stands_for = stands_for
        self.wild_slots = wild_slots
        self.rank = rank
        self.suit = suit
        self.lo = lo
        self.hi = hi
        # (face, copies) taken, for availability checks
        self.need: tuple[tuple[int, int], ...]
        if need is not None:
            self.need = need
        elif len(set(take)) == len(take):
            self.need = tuple([(face, 1) for face in take])
        else:
            self.need = tuple(Counter(take).items())
        self.size = len(stands_for)  # cards in the meld


_SUIT_ORDER = (0, 1, 2, 3)


def _set_wild_suits(rule: str, present: list[int], length: int, wilds: int) -> list[int] | None:
    """Suits for the wilds of a set whose naturals have suits ``present``."""
    have = set(present)
    missing = [s for s in _SUIT_ORDER if s not in have]
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
    cycle = missing + list(_SUIT_ORDER)
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
    global _MEMO_SIZE
    _MEMOS.clear()
    _BY_TOP.clear()
    _MEMO_SIZE = 0


def _remember(
    table: _Table, key: tuple[int, ...] | int, cands: Iterable[_Cand]
) -> tuple[_Cand, ...]:
    """Store ``cands`` under ``key``; every table is emptied once they hold too many."""
    global _MEMO_SIZE
    _MEMO_SIZE += 1
    if _MEMO_SIZE > _MEMO_BOUND:
        _forget()
    found = table[key] = tuple(cands)
    return found


_Table = dict[tuple[int, ...] | int, tuple["_Cand", ...]]
#: Candidate melds by rank (kind 0: sets) or suit (kind 1: runs, by the suit's
#: counts; kind 2: runs from one start, by the ranks held from there), per meld
#: rules, kind and size range: the candidates of one rank or suit depend only
#: on that rank's or suit's counts. All are dropped once ``_MEMO_BOUND`` have
#: been stored, which bounds the memory a long simulation uses (at most about
#: 1.5 kB an entry).
_MEMOS: dict[int, tuple[MeldRules, dict[tuple[int, ...], list[_Table]]]] = {}
_MEMO_BOUND = 30_000
_MEMO_SIZE = 0
#: ``_memo_by_top``'s lists (dropped with the tables they hold).
_BY_TOP: dict[tuple[int, int, int, int, int], list[list[_Table]]] = {}
_NO_SUITS = (0, 0, 0, 0)


def _set_cands(
    counts: Sequence[int], wilds: int, rules: MeldRules, lo: int, hi: int, out: list[_Cand]
) -> None:
    max_w = wilds if rules.set_wilds else 0
    hi = min(hi, rules.set_max)
    lo = max(lo, rules.set_min)
    if lo > hi:
        return
    by_top = _memo_by_top(rules, 0, max_w, lo, hi)
    tables = by_top[hi]
    by_rank = zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)
    for rank, avail in enumerate(by_rank):
        if avail == _NO_SUITS:
            continue
        # A set of this rank holds at most its naturals and the wilds: a larger
        # bound gives the same candidates, so share the smaller bound's table.
        most = sum(avail) + max_w
        if most < lo:
            continue
        table = tables[rank] if most >= hi else by_top[most][rank]
        found = table.get(avail)
        if found is None:
            top = min(hi, most)
            found = _remember(table, avail, _rank_set_cands(rank, avail, max_w, rules, lo, top))
        out.extend(found)


def _rank_set_cands(
    rank: int, avail: tuple[int, ...], max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[_Cand]:
    """The set candidates of one rank whose naturals per suit are ``avail``."""
    out = []
    for take, k, present, wild_suits, need in _set_templates(avail, max_w, rules, lo, hi):
        naturals = tuple([suit * 13 + rank for suit in present])
        length = len(present) + k
        out.append(
            _Cand(
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
    key = (rules.set_suits, rules.wild_caps, rules.versus_naturals, avail, max_w, lo, hi)
    found = _SET_TEMPLATES.get(key)
    if found is not None:
        return found
    found = []
    for take in itertools.product(*(range(a + 1) for a in avail)):
        n = sum(take)
        if n == 0:
            continue
        present = [s for s in _SUIT_ORDER for _ in range(take[s])]
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
    counts: Sequence[int], wilds: int, rules: MeldRules, lo: int, hi: int, out: list[_Cand]
) -> None:
    max_w = wilds if rules.run_wilds else 0
    hi = min(hi, rules.run_longest())
    lo = max(lo, rules.run_min)
    if lo > hi:
        return
    by_top = _memo_by_top(rules, 1, max_w, lo, hi)
    tables = by_top[hi]
    # A run of 13 cards or fewer uses each face at most once: only which faces
    # are held matters (a 14-card run uses the ace twice).
    once = hi <= 13
    for suit in _SUIT_ORDER:
        held = counts[suit * 13 : suit * 13 + 13]
        suit_counts = tuple(map(bool, held)) if once else tuple(held)
        if not any(suit_counts):
            continue
        most = sum(suit_counts) + max_w  # the longest run this suit could make
        if most < lo:
            continue
        table = tables[suit] if most >= hi else by_top[most][suit]
        found = table.get(suit_counts)
        if found is None:
            top = min(hi, most)
            cands = _suit_run_cands(suit, suit_counts, max_w, rules, lo, top)
            found = _remember(table, suit_counts, cands)
        out.extend(found)


def _suit_run_cands(
    suit: int, counts: Sequence[int], max_w: int, rules: MeldRules, lo: int, hi: int
) -> list[_Cand]:
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
) -> list[_Cand]:
    """The run candidates of one suit of at most 13 cards; ``held`` is a bitmask
    of the ranks held. The same candidates, in the same order, as
    ``_counted_run_cands`` makes from the counts."""
    by_start = _memo(rules, 2, max_w, lo, 0)[suit]
    doubled = held | held << 13  # values past the king come round to the ace
    out: list[_Cand] = []
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
) -> list[_Cand]:
    """The run candidates starting at value ``start``; bit ``i`` of ``bits`` says
    whether the card ``i`` places on is held."""
    values = rules.run_values()
    wrap = rules.ace == "wrap"
    last_value = values[-1]
    out: list[_Cand] = []
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
) -> Iterator[_Cand]:
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
    key = (rules.ace, lo)
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


_RUN_STARTS: dict[tuple[str, int], list[tuple[int, int, int]]] = {}


def _run_variants(
    rules: MeldRules,
    suit: int,
    start: int,
    faces: tuple[int, ...],
    natural_at: list[int],
    missing: int,
    max_w: int,
) -> Iterator[_Cand]:
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
            yield _Cand(
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


def _cands(
    part: ContractPart, counts: Sequence[int], wilds: int, rules: MeldRules, size_cap: int
) -> list[_Cand]:
    lo = part.size
    hi = part.size if part.exact else size_cap
    out: list[_Cand] = []
    if part.kind in ("set", "any"):
        _set_cands(counts, wilds, rules, lo, hi, out)
    if part.kind in ("run", "any"):
        _run_cands(counts, wilds, rules, lo, hi, out)
    return out


def iter_melds(
    hand: Sequence[int],
    rules: MeldRules,
    wild_faces: frozenset[int],
    kind: str,
    *,
    min_size: int = 0,
    max_size: int = 64,
) -> Iterator[Meld]:
    """Every meld of ``kind`` (set, run or any) that can be taken from ``hand``.

    Where jokers are natural, sets of jokers count as sets.

    Natural cards count by face; wild cards are interchangeable, and the
    most valuable-looking choice is not made here: the wilds used are the
    first ones found in ``hand``.
    """
    counts, wild_cards = _split_hand(hand, wild_faces)
    part = ContractPart(kind, max(min_size, 2), exact=False)
    for cand in _cands(part, counts, len(wild_cards), rules, max_size):
        cards = list(cand.stands_for)
        for slot, wild in zip(cand.wild_slots, wild_cards, strict=False):
            cards[slot] = wild
        yield Meld(cand.kind, tuple(cards), cand.stands_for)
    if rules.jokers_natural and kind in ("set", "any"):
        # Natural jokers meld only with each other, in sets of jokers.
        for size in range(max(rules.joker_set_min, min_size), counts[JOKER_FACE] + 1):
            yield Meld("jokers", (JOKER_FACE,) * size, (JOKER_FACE,) * size)


def _compatible(cand: _Cand, chosen: Sequence[_Cand], rules: MeldRules) -> bool:
    for other in chosen:
        if cand.kind == "set" and other.kind == "set":
            if rules.sets_of_same_rank == "forbidden" and cand.rank == other.rank:
                return False
        elif cand.kind == "run" and other.kind == "run" and cand.suit == other.suit:
            if rules.same_suit_runs == "forbidden":
                return False
            if rules.same_suit_runs == "not_contiguous" and (
                cand.lo == other.hi + 1 or other.lo == cand.hi + 1
            ):
                return False
    return True


def _split_hand(hand: Sequence[int], wild_faces: frozenset[int]) -> tuple[list[int], list[int]]:
    counts = [0] * 53
    wild_cards = []
    for face in hand:
        if face in wild_faces:
            wild_cards.append(face)
        else:
            counts[face] += 1
    return counts, wild_cards


_Layout = tuple[list[int], list[ContractPart], list[int], list[bool], list[int]]


def _layout(parts: Sequence[ContractPart]) -> _Layout:
    """How the solver takes a contract's parts: (order, parts in that order, the
    cards still needed from each level on, whether a part repeats the one
    before, the first level with the same part as each level)."""
    entry = _LAYOUTS.get(id(parts))
    if entry is not None and entry[0] is parts:
        return entry[1]
    order = sorted(range(len(parts)), key=lambda i: (parts[i].kind, -parts[i].size, parts[i].exact))
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
) -> Arrangement | None:
    counts, wild_cards = _split_hand(hand, wild_faces)
    required_wild = require is not None and require in wild_faces
    required_natural = require if require is not None and not required_wild else None
    required_count = counts[required_natural] if required_natural is not None else 0
    order, ordered, min_need, same_as_prev, first = _layout(parts)
    total = len(hand)
    # Each part's candidates from the whole hand, at the largest size it may
    # take (worked out once for parts that repeat).
    level_cands: list[list[_Cand]] = []
    for i, part in enumerate(ordered):
        if first[i] < i:
            level_cands.append(level_cands[first[i]])
            continue
        cap = total - (min_need[0] - part.size)
        cands = _cands(part, counts, len(wild_cards), rules, cap)
        if not cands:
            return None  # no meld for this part, whatever the others take
        level_cands.append(cands)
    # Melds take the most valuable wilds; the cheapest stay in hand.
    if len(wild_cards) > 1:
        wild_cards.sort(key=value, reverse=True)
    found: list[tuple[int, list[_Cand]]] = []
    chosen: list[_Cand] = []
    wilds_left = [len(wild_cards)]
    best_points = [10**9]

    # Whether two melds can clash at all (same rank or same suit rules).
    constrained = rules.sets_of_same_rank == "forbidden" or rules.same_suit_runs in (
        "forbidden",
        "not_contiguous",
    )

    # The natural faces in hand (for points left, and the all-out search).
    held = [f for f, c in enumerate(counts) if c] if best or all_out else []

    def points_left() -> int:
        used_wilds = len(wild_cards) - wilds_left[0]
        pts = sum([value(f) * counts[f] for f in held if counts[f]])
        return pts + sum([value(f) for f in wild_cards[used_wilds:]])

    levels = len(ordered)
    # The last level of a plain search takes the first meld that fits.
    quick_last = not best and require is None

    def rec(i: int, remaining: int) -> bool:
        if i == levels:
            if required_natural is not None and counts[required_natural] == required_count:
                return False
            if required_wild and wilds_left[0] == len(wild_cards):
                return False
            if best:
                pts = points_left()
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
        # The candidates from what is left are exactly, and in the same order,
        # the whole hand's candidates whose cards are all still there: filter
        # those instead of generating the candidates afresh at every node.
        for cand in level_cands[i]:
            if cand.wilds > wilds_now or cand.size > size_cap:
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

    slots: list[_Cand | None] = [None] * levels

    def cover(remaining: int) -> bool:
        """All-out search: the lowest card left must go into one of the melds left.

        Every card must be melded, so each level only tries melds holding
        that card: an exact cover, far narrower than trying every meld.
        """
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
        for lowest in held:
            if counts[lowest]:
                break
        else:
            return False  # only wilds left, and every meld needs a natural card
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
                if lowest not in cand.take or cand.wilds > wilds_now or cand.size > size_cap:
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

    if all_out:
        # Every natural card must go into some meld: one that no candidate
        # holds rules the hand out before any search.
        placed = bytearray(53)
        for i in range(levels):
            if first[i] == i:
                for cand in level_cands[i]:
                    for face in cand.take:
                        placed[face] = 1
        if all(placed[face] for face in held):
            cover(total)
    else:
        rec(0, total)
    if not found:
        return None
    _, cands = found[0]
    # Build concrete melds in the caller's part order.
    by_part: list[_Cand | None] = [None] * len(parts)
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
    # What is left: the naturals no meld takes, and the wilds not used.
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
) -> Arrangement | None:
    """One arrangement of ``hand`` that meets the contract ``parts``, or ``None``.

    With ``all_out`` every card of the hand must be melded; with ``require``
    (a face) the arrangement must meld a card of that face.
    """
    return _search(
        hand,
        parts,
        rules,
        wild_faces,
        all_out=all_out,
        value=value or _zero,
        best=False,
        require=require,
    )


def best_contract(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    *,
    value: Callable[[int], int],
    all_out: bool = False,
    require: int | None = None,
) -> Arrangement | None:
    """The arrangement meeting the contract that leaves the fewest points in hand."""
    return _search(
        hand, parts, rules, wild_faces, all_out=all_out, value=value, best=True, require=require
    )


def _zero(face: int) -> int:
    return 0
