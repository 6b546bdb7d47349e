"""A fixed numbering of a variant's actions, for learning agents.

Research APIs (PettingZoo, OpenSpiel) want a fixed, finite action space:
the same number means the same kind of move in every position, and a mask
says which numbers are legal now. The engine lists the legal actions of a
position as :class:`~rummy_rules.engine.actions.Action` values; this module
gives each one its number, the same in every game of the variant.

Numbers, in blocks (``F`` = 53 faces: 52 cards and the joker, by their
face number ``suit * 13 + rank``; ``T`` = :data:`TABLE_SLOTS` table melds):

==========================  ================================================
``simple``                  one number each: draw, block, buy, pass, veto,
                            allow, give, keep, end, undo, drop, ask, yes, no,
                            call, force
``down``                    one number: the go-down the engine lists (the
                            arrangement of the contract leaving the fewest
                            points in hand)
``take f`` / ``discard f``  one number per face
``knock f``                 one per face discarded with the knock, and one
                            for a knock without a discard (big gin)
``meld``                    one per shape of meld: a set of one rank and
                            size, a run of one suit, first rank and length,
                            a colour meld of one suit and size, a meld of
                            jokers of one size
``layoff``                  one per (natural or wild, face stood for, meld)
``exchange``                one per (face given, meld)
``rearrange k``             the *k*-th rearrangement of the table in the
                            engine's listing (``melding.rearrange_table``),
                            for *k* below :data:`REARRANGE_SLOTS`
==========================  ================================================

Several listed actions may share a number: two sets of sevens of different
suits, or a lay-off of a joker or of a 2 (both wild) standing for the same
card. The number then means the first of them in the engine's listing (a
listing is sorted by the actions' text, so the choice is deterministic).
Table melds past the :data:`TABLE_SLOTS`-th have no lay-off or exchange
number. A rearrangement of the table has no shape of its own to number (it
takes any melds apart and lays any new ones): its number is its place among
the rearrangements of the listing (the engine lists the simple ones: one
card taken from a meld that stays a meld, laid with cards from the hand as
a new meld), so ``rearrange 0`` means the first one listed now; the ones
past :data:`REARRANGE_SLOTS` have no number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import FACES, JOKER_FACE, rank_of, suit_of
from ..engine.actions import KINDS, Action
from ..engine.melds import Meld

__all__ = ["REARRANGE_SLOTS", "TABLE_SLOTS", "ActionEncoding"]

#: Table melds a lay-off or an exchange can name by number.
TABLE_SLOTS = 64
#: Rearrangements of one listing that have a number.
REARRANGE_SLOTS = 64

#: The actions with no card or meld (draw, block, buy, …), in the notation's order.
_SIMPLE = KINDS[: KINDS.index("take")]
#: The longest meld a shape number can describe.
_MAX_MELD = 16
#: Rank positions of a run's first card: 0 (ace low) .. 13 (ace high).
_RUN_STARTS = 14


@dataclass(frozen=True, slots=True)
class ActionEncoding:
    """The action numbers of a variant (the same for every variant today: the
    blocks are sized for the standard faces and :data:`TABLE_SLOTS` melds)."""

    #: Where each block starts, and the total.
    simple: int = 0
    down: int = len(_SIMPLE)
    take: int = len(_SIMPLE) + 1
    discard: int = len(_SIMPLE) + 1 + FACES
    knock: int = len(_SIMPLE) + 1 + 2 * FACES
    meld: int = len(_SIMPLE) + 2 + 3 * FACES
    #: set (13 ranks) + run (4 suits x 14 starts) + colour (4 suits) + jokers,
    #: each by size 0 .. _MAX_MELD.
    layoff: int = len(_SIMPLE) + 2 + 3 * FACES + (13 + 4 * _RUN_STARTS + 4 + 1) * (_MAX_MELD + 1)
    exchange: int = layoff + 2 * FACES * TABLE_SLOTS
    rearrange: int = exchange + FACES * TABLE_SLOTS
    size: int = rearrange + REARRANGE_SLOTS

    def number(self, action: Action) -> int | None:
        """The number of ``action`` (``None``: it has none, see the module notes)."""
        kind = action.kind
        if kind in _SIMPLE:
            return self.simple + _SIMPLE.index(kind)
        if kind == "down":
            return self.down
        if kind == "take":
            return self.take + action.card
        if kind == "discard":
            return self.discard + action.card
        if kind == "knock":
            return self.knock + (FACES if action.card < 0 else action.card)
        if kind == "meld" and len(action.melds) == 1:
            shape = _shape(action.melds[0])
            return None if shape is None else self.meld + shape
        if kind == "layoff" and action.target < TABLE_SLOTS:
            stands = action.stands_for if action.stands_for >= 0 else action.card
            wild = int(stands != action.card)
            return self.layoff + (wild * FACES + stands) * TABLE_SLOTS + action.target
        if kind == "exchange" and action.target < TABLE_SLOTS:
            return self.exchange + action.card * TABLE_SLOTS + action.target
        return None

    def numbered(self, legal: Sequence[Action]) -> dict[int, Action]:
        """The legal actions by number: for a number several actions share, the
        first listed."""
        out: dict[int, Action] = {}
        rearrangements = 0
        for action in legal:
            if action.kind == "rearrange":
                if rearrangements < REARRANGE_SLOTS:
                    out[self.rearrange + rearrangements] = action
                rearrangements += 1
                continue
            n = self.number(action)
            if n is not None and n not in out:
                out[n] = action
        return out

    def describe(self, n: int) -> str:
        """What number ``n`` means, in words (for documentation and debugging)."""
        if not 0 <= n < self.size:
            raise ValueError(f"no action number {n} (0 to {self.size - 1})")
        for name, start, end in self._blocks():
            if start <= n < end:
                return f"{name} {n - start}"
        raise AssertionError(n)  # pragma: no cover - the blocks cover the range

    def _blocks(self) -> list[tuple[str, int, int]]:
        return [
            ("simple", self.simple, self.down),
            ("down", self.down, self.take),
            ("take", self.take, self.discard),
            ("discard", self.discard, self.knock),
            ("knock", self.knock, self.meld),
            ("meld", self.meld, self.layoff),
            ("layoff", self.layoff, self.exchange),
            ("exchange", self.exchange, self.rearrange),
            ("rearrange", self.rearrange, self.size),
        ]


def _shape(meld: Meld) -> int | None:
    """The shape number of a new meld within the meld block."""
    size = len(meld.stands_for)
    if size > _MAX_MELD:
        return None
    naturals = [f for f in meld.stands_for if f != JOKER_FACE]
    if meld.kind == "jokers" or not naturals:
        group = 13 + 4 * _RUN_STARTS + 4
    elif meld.kind == "colour":
        group = 13 + 4 * _RUN_STARTS + suit_of(naturals[0])
    elif len({rank_of(f) for f in naturals}) == 1 and meld.kind != "run":
        group = rank_of(naturals[0])
    else:
        # A run: its suit, and the position of its first card (an ace after a
        # king is the high ace, position 13).
        first = meld.stands_for[0]
        second = meld.stands_for[1] if size > 1 else first
        start = rank_of(first)
        if start == 0 and rank_of(second) != 1:
            start = 13
        group = 13 + suit_of(naturals[0]) * _RUN_STARTS + min(start, _RUN_STARTS - 1)
    return group * (_MAX_MELD + 1) + size
