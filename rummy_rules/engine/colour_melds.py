"""Colour melds (``melds.colour``): cards of one suit (a numbered pack's colour)
in any ranks. Their candidates for the solver and the legal-move lists: every
choice of a suit's natural cards, with the wilds that bring it to size."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from ..cards import face_of
from .candidate import SUIT_ORDER, Candidate
from .rules import MeldRules

__all__ = ["all_wild_colour_cands", "colour_cands"]


def colour_cands(
    counts: Sequence[int], wilds: int, rules: MeldRules, lo: int, hi: int, out: list[Candidate]
) -> None:
    """Colour melds (``melds.colour``): cards of one suit in any ranks, with wilds."""
    if not rules.colour_min:
        return
    max_w = wilds if rules.colour_wilds else 0
    lo = max(lo, rules.colour_min)
    hi = min(hi, rules.colour_max)
    if lo > hi:
        return
    for suit in SUIT_ORDER:
        held = tuple(counts[suit * 13 : suit * 13 + rules.ranks])
        naturals = sum(held)
        if not naturals or naturals + max_w < lo:
            continue
        key = (rules, suit, held, max_w, lo, hi)
        found = _COLOUR.get(key)
        if found is None:
            if len(_COLOUR) > 4096:
                _COLOUR.clear()
            found = _COLOUR[key] = tuple(_suit_colour_cands(suit, held, max_w, rules, lo, hi))
        out.extend(found)


def _suit_colour_cands(
    suit: int, held: tuple[int, ...], max_w: int, rules: MeldRules, lo: int, hi: int
) -> Iterator[Candidate]:
    """The colour melds of ``suit`` whose naturals are taken from ``held`` (copies
    per rank): every choice of naturals, the highest ranks first, with the wilds
    that bring it to a size from ``lo`` to ``hi``. A wild stands for the suit's
    highest card (in a colour meld only its suit matters)."""
    top = face_of(rules.ranks - 1, suit)
    ranks = range(len(held) - 1, -1, -1)
    choices = itertools.product(*(range(held[r], -1, -1) for r in ranks))
    # A hand with many cards of one suit has more choices than are worth
    # listing (three to the thirteenth with two decks): past COLOUR_CHOICES,
    # only the first ones (the most of the highest ranks) are made.
    for taken in itertools.islice(choices, COLOUR_CHOICES):
        n = sum(taken)
        if not n or n > hi or n + max_w < lo:
            continue
        take = tuple(
            [face_of(r, suit) for r, c in zip(ranks, taken, strict=True) for _ in range(c)]
        )
        need = tuple([(face_of(r, suit), c) for r, c in zip(ranks, taken, strict=True) if c])
        for k in range(max(0, lo - n), min(max_w, hi - n) + 1):
            if not rules.wilds_ok(n + k, k):
                continue
            yield Candidate(
                (2, suit, *taken, k),
                "colour",
                take,
                k,
                take + (top,) * k,
                tuple(range(n, n + k)),
                -1,
                suit,
                0,
                0,
                need,
            )


#: The most choices of one suit's natural cards made into colour melds.
COLOUR_CHOICES = 4096

#: ``_suit_colour_cands`` by (meld rules, suit, copies per rank, wilds, size range).
_COLOUR: dict[tuple[object, ...], tuple[Candidate, ...]] = {}


def all_wild_colour_cands(wilds: int, rules: MeldRules, lo: int, hi: int) -> list[Candidate]:
    """Colour melds of wild cards only (``wilds.versus_naturals: any``): every
    suit, each length the wilds allow."""
    out: list[Candidate] = []
    if not (rules.colour_min and rules.colour_wilds):
        return out
    for suit in SUIT_ORDER:
        top = face_of(rules.ranks - 1, suit)
        for length in range(max(lo, rules.colour_min), min(hi, rules.colour_max, wilds) + 1):
            if rules.wilds_ok(length, length):
                out.append(
                    Candidate(
                        (2, suit, *(0,) * rules.ranks, length),
                        "colour",
                        (),
                        length,
                        (top,) * length,
                        tuple(range(length)),
                        -1,
                        suit,
                        0,
                        0,
                        (),
                    )
                )
    return out
