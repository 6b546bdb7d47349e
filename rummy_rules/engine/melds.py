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
from .rules import MeldRules

__all__ = ["COLOUR_WORD", "Meld", "check_meld", "format_meld", "parse_meld", "run_span"]


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
    a colour meld starts with ``colour`` (unless ``word`` is false: the cards only)."""
    parts = [COLOUR_WORD] if meld.kind == "colour" and word else []
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
        if card == rules.skip_face:
            return "a skip card is never melded"
        if card == JOKER_FACE and rules.jokers_natural:
            return "jokers are not wild here: they meld only with each other"
        if not is_wild and card != face:
            return f"{format_card(card)} is not wild, so it stands only for itself"
        if face == JOKER_FACE:
            return "a wild card must stand for a standard card"
    if rules.ranks < 13:  # a numbered pack: nothing stands for a number beyond its highest
        beyond = [face % 13 + 1 for face in meld.stands_for if face % 13 >= rules.ranks]
        if beyond:
            return f"the pack has no {beyond[0]}: its numbers go up to {rules.ranks}"
    wilds = sum(wild)
    if meld.kind == "set":
        ranks = {rank_of(f) for f in meld.stands_for}
        if n < rules.set_min and not (n >= 2 and len(ranks) == 1 and ranks <= rules.pair_ranks):
            if rules.pair_ranks and n == 2 and len(ranks) == 1:
                return f"only a pair of {_pair_text(rules)} is a set of two"
            return f"a set needs at least {rules.set_min} cards"
        if n > rules.set_max:
            return f"a set has at most {rules.set_max} cards"
        if len(ranks) != 1:
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
        if not rules.runs:
            return "there are no runs in this variant: every meld is a set"
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
    elif meld.kind == "colour":
        reason = _colour_reason(meld, rules, wilds)
        if reason is not None:
            return reason
    else:
        return f"unknown kind of meld '{meld.kind}'"
    if not rules.wilds_ok(n, wilds):
        cap = rules.wild_cap(n)
        if wilds > cap:
            return f"a meld of {n} may hold at most {cap} wild card{'s' if cap != 1 else ''}"
        if n - wilds < rules.min_naturals:
            return f"a meld needs at least {rules.min_naturals} natural cards"
        return {
            "not_more": "a meld may not hold more wild cards than natural ones",
            "fewer": "a meld must hold fewer wild cards than natural ones",
            "at_least_one_natural": "a meld needs at least one natural card",
        }.get(rules.versus_naturals, "too many wild cards")
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


def _colour_reason(meld: Meld, rules: MeldRules, wilds: int) -> str | None:
    """Why a colour meld (cards of one suit, any ranks) is not valid, or None."""
    n = len(meld.cards)
    if not rules.colour_min:
        return "there are no colour melds here"
    if n < rules.colour_min:
        return f"a colour meld needs at least {rules.colour_min} cards"
    if n > rules.colour_max:
        return f"a colour meld has at most {rules.colour_max} cards"
    if len({suit_of(f) for f in meld.stands_for}) != 1:
        return "the cards of a colour meld are all of one suit"
    if wilds and not rules.colour_wilds:
        return "wild cards may not be used in colour melds"
    return None


def _run_reason(faces: Sequence[int], rules: MeldRules) -> str:
    if not rules.run_any_suit and len({suit_of(f) for f in faces}) != 1:
        return "the cards of a run are all of one suit"
    if rules.ace == "low_or_high" and rank_of(faces[0]) == 0 and rank_of(faces[-1]) == 0:
        return "the ace is at one end of a run or the other, not at both"
    loose = dataclasses.replace(rules, ace="wrap")
    if run_span(faces, loose) is not None:
        return {
            "low": "the ace is low only (A-2-3), so a run cannot go past the king",
            "high": "the ace is high only (Q-K-A), so a run cannot start at the ace",
            "low_or_high": "a run cannot turn the corner (K-A-2)",
        }.get(rules.ace, "not in sequence")
    return "the cards of a run are in sequence"
