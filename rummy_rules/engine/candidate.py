"""The candidate meld: what the solver and the legal-move lists know of a meld a
hand could make (the natural faces it takes and how many wild cards)."""

from __future__ import annotations

from collections import Counter

__all__ = ["SUIT_ORDER", "Candidate"]

#: The suits in the order candidates list them (0-3: the suit codes of cards).
SUIT_ORDER = (0, 1, 2, 3)


class Candidate:
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
