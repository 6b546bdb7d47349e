"""Melds: what a meld is, its text notation, and whether it is valid under a
variant's rules.

A :class:`Meld` lists the faces of its cards and, for each, the face it
*stands for*: a natural card stands for itself, a wild card for the card it
replaces. Runs list their cards in order. With every wild's represented card
explicit, lay-offs, joker exchanges and scoring are unambiguous.

Engine-wide conventions (documented in ``docs/format.md``):

- a wild card is always wild, even where it stands for its own face;
- how many natural cards a meld needs is ``wilds.versus_naturals`` (with
  ``any``, a meld may be all wild cards, each standing for a declared card).

Finding melds in a hand is :mod:`.candidates`; meeting a contract is :mod:`.solver`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import JOKER_FACE, format_card, parse_card, rank_of, suit_of
from . import table_refusals
from .refusals import N_, Refusal, refusal, refusal_kind
from .rules import MeldRules

__all__ = [
    "COLOUR_WORD",
    "Meld",
    "check_meld",
    "format_meld",
    "parse_meld",
    "run_span",
    "too_short",
    "wild_flags",
]


@dataclass(frozen=True, slots=True)
class Meld:
    """Cards laid down together: ``kind`` is ``set``, ``run``, ``colour`` or ``jokers``."""

    kind: str
    cards: tuple[int, ...]
    stands_for: tuple[int, ...]

    def __str__(self) -> str:
        return format_meld(self)


#: The word that opens a colour meld's text (``colour 2H 5H 9H``): a colour meld
#: of cards in sequence, or of one rank, would otherwise read as a run or a set.
COLOUR_WORD = "colour"


def format_meld(meld: Meld, *, word: bool = True) -> str:
    """``7H 8H JK=9H 10H``: each card, with ``=FACE`` where it stands for another;
    a colour meld starts with ``colour`` (unless ``word`` is false: the cards only).
    A meld built with fewer or more stand-ins than cards (refused by
    :func:`check_meld`) shows its cards only."""
    parts = [COLOUR_WORD] if meld.kind == "colour" and word else []
    if len(meld.cards) != len(meld.stands_for):
        return " ".join([*parts, *map(format_card, meld.cards)])
    for card, face in zip(meld.cards, meld.stands_for, strict=True):
        text = format_card(card)
        if face != card:
            text += "=" + format_card(face)
        parts.append(text)
    return " ".join(parts)


def parse_meld(kind: str, text: str | Iterable[str]) -> Meld:
    """Parse ``7H 8H JK=9H`` (the inverse of :func:`format_meld`); a text that
    starts with ``colour`` is a colour meld, whatever ``kind`` says."""
    items = text.split() if isinstance(text, str) else list(text)
    if items and items[0].lower() == COLOUR_WORD:
        kind = "colour"
        items = items[1:]
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
    past 13 (14 = ace, 15 = two, …). The suit is -1 where runs may mix suits
    (``melds.run.suits: any``).
    """
    if not faces or any(f == JOKER_FACE for f in faces):
        return None
    if rules.run_any_suit:
        suit = -1
    else:
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
        elif start == 1 and end == 14:
            continue  # low_or_high: the ace at either end, but not at both
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


_JOKER_ROLE = ("deck.joker_role",)
_NO_STAND_IN = refusal("meld.stand_in_missing", (), N_("every card needs the card it stands for"))
_NO_JOKER_SETS = refusal(
    "meld.no_joker_sets", _JOKER_ROLE, N_("jokers are wild here: there are no sets of jokers")
)
_ONLY_JOKERS = refusal(
    "meld.joker_set_only_jokers", _JOKER_ROLE, N_("a set of jokers holds only jokers")
)
_JOKER_SET_MIN = refusal_kind(
    "meld.joker_set_min",
    ("melds.joker_set_min_size",),
    N_("a set of jokers needs at least {count}"),
)
_SKIP = refusal("meld.skip", ("deck.numbered.skips",), N_("a skip card is never melded"))
_JOKERS_NATURAL = refusal(
    "meld.jokers_not_wild",
    _JOKER_ROLE,
    N_("jokers are not wild here: they meld only with each other"),
)
_STANDS_FOR_JOKER = refusal(
    "meld.wild_stands_for_joker", (), N_("a wild card must stand for a standard card")
)
_BEYOND = refusal_kind(
    "meld.beyond_highest",
    ("deck.numbered.highest",),
    N_("the pack has no {number}: its numbers go up to {highest}"),
)
_PAIR = refusal_kind(
    "meld.pair_ranks", ("melds.set.pair_ranks",), N_("only a pair of {ranks} is a set of two")
)
_SET_MIN = refusal_kind(
    "meld.set_min", ("melds.set.min_size",), N_("a set needs at least {count} cards")
)
_SET_MAX = refusal_kind(
    "meld.set_max", ("melds.set.max_size",), N_("a set has at most {count} cards")
)
_SET_RANK = refusal(
    "meld.set_one_rank", ("melds.set.min_size",), N_("the cards of a set are all of one rank")
)
_SET_WILDS = refusal(
    "meld.set_wilds", ("melds.set.wilds_allowed",), N_("wild cards may not be used in sets")
)
_SET_SUITS = {
    "distinct": refusal(
        "meld.set_distinct_suits", ("melds.set.suits",), N_("a set may not repeat a suit")
    ),
    "distinct_then_all_four": refusal(
        "meld.set_three_then_four_suits",
        ("melds.set.suits",),
        N_("a set of three needs three suits, and a set of four or more all four"),
    ),
    "exactly_three": refusal(
        "meld.set_exactly_three_suits", ("melds.set.suits",), N_("a set shows exactly three suits")
    ),
}
_NO_RUNS = refusal(
    "meld.no_runs",
    ("melds.run.allowed",),
    N_("there are no runs in this variant: every meld is a set"),
)
_RUN_MIN = refusal_kind(
    "meld.run_min", ("melds.run.min_size",), N_("a run needs at least {count} cards")
)
_RUN_MAX = refusal_kind(
    "meld.run_max", ("melds.run.max_size",), N_("a run has at most {count} cards")
)
_RUN_WILDS = refusal(
    "meld.run_wilds", ("melds.run.wilds_allowed",), N_("wild cards may not be used in runs")
)
_ADJACENT = refusal(
    "meld.adjacent_wilds",
    ("wilds.adjacent_allowed",),
    N_("two wild cards may not sit next to each other"),
)
_UNKNOWN_KIND = refusal_kind("meld.unknown_kind", (), N_("unknown kind of meld '{kind}'"))
_WILD_CAP_KEYS = ("wilds.max_per_meld", "wilds.max_by_length")
_WILD_CAP_ONE = refusal_kind(
    "meld.wild_cap_one", _WILD_CAP_KEYS, N_("a meld of {count} may hold at most 1 wild card")
)
_WILD_CAP = refusal_kind(
    "meld.wild_cap", _WILD_CAP_KEYS, N_("a meld of {count} may hold at most {cap} wild cards")
)
_MIN_NATURALS = refusal_kind(
    "meld.min_naturals",
    ("wilds.min_naturals",),
    N_("a meld needs at least {count} natural cards"),
)
_VERSUS = ("wilds.versus_naturals",)
_VERSUS_NATURALS = {
    "not_more": refusal(
        "meld.wilds_not_more", _VERSUS, N_("a meld may not hold more wild cards than natural ones")
    ),
    "fewer": refusal(
        "meld.wilds_fewer", _VERSUS, N_("a meld must hold fewer wild cards than natural ones")
    ),
    "at_least_one_natural": refusal(
        "meld.one_natural", _VERSUS, N_("a meld needs at least one natural card")
    ),
}
_NO_COLOURS = refusal(
    "meld.no_colour_melds", ("melds.colour.min_size",), N_("there are no colour melds here")
)
_COLOUR_MIN = refusal_kind(
    "meld.colour_min", ("melds.colour.min_size",), N_("a colour meld needs at least {count} cards")
)
_COLOUR_MAX = refusal_kind(
    "meld.colour_max", ("melds.colour.max_size",), N_("a colour meld has at most {count} cards")
)
_COLOUR_SUIT = refusal(
    "meld.colour_one_suit",
    ("melds.colour.min_size",),
    N_("the cards of a colour meld are all of one suit"),
)
_COLOUR_WILDS = refusal(
    "meld.colour_wilds",
    ("melds.colour.wilds_allowed",),
    N_("wild cards may not be used in colour melds"),
)
_RUN_SUIT = refusal(
    "meld.run_one_suit", ("melds.run.suits",), N_("the cards of a run are all of one suit")
)
_ACE = ("melds.run.ace",)
_ACE_BOTH_ENDS = refusal(
    "meld.ace_both_ends",
    _ACE,
    N_("the ace is at one end of a run or the other, not at both"),
)
_ACE_RULE = {
    "low": refusal(
        "meld.ace_low_only",
        _ACE,
        N_("the ace is low only (A-2-3), so a run cannot go past the king"),
    ),
    "high": refusal(
        "meld.ace_high_only",
        _ACE,
        N_("the ace is high only (Q-K-A), so a run cannot start at the ace"),
    ),
    "low_or_high": refusal("meld.no_corner", _ACE, N_("a run cannot turn the corner (K-A-2)")),
}
_NUMBERS_UP = refusal(
    "meld.numbers_up",
    ("deck.numbered.highest",),
    N_("a run of numbers goes up from 1 and never turns the corner"),
)
_IN_SEQUENCE = refusal(
    "meld.run_in_sequence", ("melds.run.min_size",), N_("the cards of a run are in sequence")
)


def too_short(kind: str, least: int) -> Refusal:
    """The refusal of a ``kind`` meld (``set``, ``run``, ``colour``) shorter than ``least``."""
    return {"set": _SET_MIN, "run": _RUN_MIN, "colour": _COLOUR_MIN}[kind](count=least)


def wild_flags(
    faces: Sequence[int], stands_for: Sequence[int], wild_faces: frozenset[int], own_place: bool
) -> list[bool]:
    """Per card of a meld (``faces``, standing for ``stands_for``), whether it is
    wild there: a wild face, unless ``own_place`` (``wilds.own_place_natural``)
    and it stands for itself."""
    return [
        f in wild_faces and not (own_place and f == s)
        for f, s in zip(faces, stands_for, strict=True)
    ]


def check_meld(meld: Meld, rules: MeldRules, wild_faces: frozenset[int]) -> Refusal | None:
    """Why ``meld`` is not valid under ``rules`` (``None`` when it is)."""
    n = len(meld.cards)
    if n != len(meld.stands_for):
        return _NO_STAND_IN
    if meld.kind == "jokers":
        if not rules.jokers_natural:
            return _NO_JOKER_SETS
        if any(c != JOKER_FACE for c in meld.cards + meld.stands_for):
            return _ONLY_JOKERS
        if n < rules.joker_set_min:
            return _JOKER_SET_MIN(count=rules.joker_set_min)
        return None
    wild = wild_flags(meld.cards, meld.stands_for, wild_faces, rules.own_place_natural)
    for card, face, is_wild in zip(meld.cards, meld.stands_for, wild, strict=True):
        if card == rules.skip_face:
            return _SKIP
        if card == JOKER_FACE and rules.jokers_natural:
            return _JOKERS_NATURAL
        if not is_wild and card != face:
            return table_refusals.NOT_WILD(card=format_card(card))
        if face == JOKER_FACE:
            return _STANDS_FOR_JOKER
    if rules.ranks < 13:  # a numbered pack: nothing stands for a number beyond its highest
        beyond = [face % 13 + 1 for face in meld.stands_for if face % 13 >= rules.ranks]
        if beyond:
            return _BEYOND(number=beyond[0], highest=rules.ranks)
    wilds = sum(wild)
    if meld.kind == "set":
        ranks = {rank_of(f) for f in meld.stands_for}
        if n < rules.set_min and not (n >= 2 and len(ranks) == 1 and ranks <= rules.pair_ranks):
            if rules.pair_ranks and n == 2 and len(ranks) == 1:
                return _PAIR(ranks=_pair_text(rules))
            return _SET_MIN(count=rules.set_min)
        if n > rules.set_max:
            return _SET_MAX(count=rules.set_max)
        if len(ranks) != 1:
            return _SET_RANK
        if wilds and not rules.set_wilds:
            return _SET_WILDS
        if not _suits_ok(rules.set_suits, [suit_of(f) for f in meld.stands_for]):
            return _SET_SUITS[rules.set_suits]
    elif meld.kind == "run":
        if not rules.runs:
            return _NO_RUNS
        if n < rules.run_min:
            return _RUN_MIN(count=rules.run_min)
        if n > rules.run_max:
            return _RUN_MAX(count=rules.run_max)
        if run_span(meld.stands_for, rules) is None:
            return _run_reason(meld.stands_for, rules)
        if wilds and not rules.run_wilds:
            return _RUN_WILDS
        if not rules.adjacent_wilds and any(a and b for a, b in itertools.pairwise(wild)):
            return _ADJACENT
    elif meld.kind == "colour":
        reason = _colour_reason(meld, rules, wilds)
        if reason is not None:
            return reason
    else:
        return _UNKNOWN_KIND(kind=meld.kind)
    if not rules.wilds_ok(n, wilds):
        cap = rules.wild_cap(n)
        if wilds > cap:
            return _WILD_CAP_ONE(count=n) if cap == 1 else _WILD_CAP(count=n, cap=cap)
        if n - wilds < rules.min_naturals:
            return _MIN_NATURALS(count=rules.min_naturals)
        return _VERSUS_NATURALS[rules.versus_naturals]
    return None


_RANK_PLURALS = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)


def rank_plural(rank: int, rules: MeldRules) -> str:
    """``sevens`` (in a numbered pack: ``7s``)."""
    return f"{rank + 1}s" if rules.ranks < 13 else _RANK_PLURALS[rank]


def _pair_text(rules: MeldRules) -> str:
    """``aces`` or ``aces or kings``: the ranks whose pairs are sets (in a
    numbered pack, by number: ``1s`` or ``1s or 12s``)."""
    if rules.ranks < 13:
        return " or ".join(f"{rank + 1}s" for rank in sorted(rules.pair_ranks))
    return " or ".join(_RANK_PLURALS[rank] for rank in sorted(rules.pair_ranks))


def _colour_reason(meld: Meld, rules: MeldRules, wilds: int) -> Refusal | None:
    """Why a colour meld (cards of one suit, any ranks) is not valid, or None."""
    n = len(meld.cards)
    if not rules.colour_min:
        return _NO_COLOURS
    if n < rules.colour_min:
        return _COLOUR_MIN(count=rules.colour_min)
    if n > rules.colour_max:
        return _COLOUR_MAX(count=rules.colour_max)
    if len({suit_of(f) for f in meld.stands_for}) != 1:
        return _COLOUR_SUIT
    if wilds and not rules.colour_wilds:
        return _COLOUR_WILDS
    return None


def _run_reason(faces: Sequence[int], rules: MeldRules) -> Refusal:
    if not rules.run_any_suit and len({suit_of(f) for f in faces}) != 1:
        return _RUN_SUIT
    if rules.ace == "low_or_high" and rank_of(faces[0]) == 0 and rank_of(faces[-1]) == 0:
        return _ACE_BOTH_ENDS
    loose = dataclasses.replace(rules, ace="wrap")
    if run_span(faces, loose) is not None:
        if rules.numbered:
            return _NUMBERS_UP
        return _ACE_RULE.get(rules.ace, _IN_SEQUENCE)
    return _IN_SEQUENCE
