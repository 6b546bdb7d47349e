"""Where random outcomes come from: the first dealer, every shuffle and cut.

:class:`SeededChance` derives everything from one seed, independently per
deal (game *i* of a simulation depends only on its seed); :class:`ScriptedChance`
replays outcomes given in advance (a record being replayed, a stacked deck
in a test). ``docs/records.md`` documents the seeded shuffle so that a
record's decks can be checked without this code.
"""

from __future__ import annotations

import copy as _copy
import hashlib
import random
from collections import Counter

__all__ = ["Chance", "ScriptedChance", "SeededChance", "below", "shuffle"]


def below(rng: random.Random, m: int) -> int:
    """A number from 0 to ``m`` - 1 (``m`` >= 1) as ``docs/records.md`` states it:
    with *k* the bit length of ``m``, draw *k* random bits until they are
    below ``m`` (what ``random.Random`` does for ``randrange(m)``,
    ``choice`` and ``shuffle``, here without the interpreted calls)."""
    bits = m.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= m:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, x: list[int]) -> None:
    """Shuffle ``x`` in place as ``docs/records.md`` states it: for *i* from
    len(*x*) - 1 down to 1, swap *x[i]* with *x[below(i + 1)]* (the same
    order as ``rng.shuffle(x)``)."""
    for i in range(len(x) - 1, 0, -1):
        j = below(rng, i + 1)
        x[i], x[j] = x[j], x[i]


class Chance:
    """Where random outcomes come from."""

    def first_dealer(self, seats: int) -> int:
        """The seat that deals first."""
        raise NotImplementedError

    def deck(self, deal: int, size: int) -> list[int]:
        """The order of the pack for deal ``deal`` (index 0 is dealt first)."""
        raise NotImplementedError

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        """A new order for ``cards`` when the discards become the stock."""
        raise NotImplementedError

    def cut(self, deal: int, size: int) -> int:
        """How many cards the cutter lifts (1 .. size - 1)."""
        raise NotImplementedError

    def copy(self) -> Chance:
        """An independent copy, which gives the outcomes this one would give from now on.

        The shipped kinds copy themselves field by field; this default (a deep
        copy) serves other subclasses.
        """
        return _copy.deepcopy(self)


def _rng(seed: int, *labels: object) -> random.Random:
    text = ":".join(str(x) for x in (seed, *labels))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class SeededChance(Chance):
    """Every outcome derived from one seed, independently per deal."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._reshuffles: Counter[int] = Counter()

    def first_dealer(self, seats: int) -> int:
        return _rng(self.seed, "dealer").randrange(seats)

    def deck(self, deal: int, size: int) -> list[int]:
        order = list(range(size))
        shuffle(_rng(self.seed, "deck", deal), order)
        return order

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        self._reshuffles[deal] += 1
        order = list(cards)
        shuffle(_rng(self.seed, "reshuffle", deal, self._reshuffles[deal]), order)
        return order

    def cut(self, deal: int, size: int) -> int:
        return _rng(self.seed, "cut", deal).randint(1, size - 1)

    def copy(self) -> SeededChance:
        twin = SeededChance(self.seed)
        twin._reshuffles = Counter(self._reshuffles)
        return twin


class ScriptedChance(Chance):
    """Outcomes given in advance (a record being replayed, a stacked deck).

    Anything not scripted falls back to ``fallback``.
    """

    def __init__(
        self,
        *,
        first_dealer: int | None = None,
        decks: dict[int, list[int]] | None = None,
        reshuffles: dict[int, list[list[int]]] | None = None,
        cuts: dict[int, int] | None = None,
        fallback: Chance | None = None,
    ) -> None:
        self._dealer = first_dealer
        self._decks = decks or {}
        self._reshuffles = {k: list(v) for k, v in (reshuffles or {}).items()}
        self._cuts = cuts or {}
        self._fallback = fallback or SeededChance(0)

    def first_dealer(self, seats: int) -> int:
        if self._dealer is not None:
            return self._dealer
        return self._fallback.first_dealer(seats)

    def deck(self, deal: int, size: int) -> list[int]:
        if deal in self._decks:
            order = list(self._decks[deal])
            if sorted(order) != list(range(size)):
                raise ValueError(f"the deck order for deal {deal + 1} is not the whole pack")
            return order
        return self._fallback.deck(deal, size)

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        queue = self._reshuffles.get(deal)
        if queue:
            order = queue.pop(0)
            if sorted(order) != sorted(cards):
                raise ValueError(f"a reshuffle in deal {deal + 1} does not hold the discards")
            return list(order)
        return self._fallback.reshuffle(deal, cards)

    def cut(self, deal: int, size: int) -> int:
        if deal in self._cuts:
            return self._cuts[deal]
        return self._fallback.cut(deal, size)

    def copy(self) -> ScriptedChance:
        return ScriptedChance(
            first_dealer=self._dealer,
            decks={k: list(v) for k, v in self._decks.items()},
            reshuffles={k: [list(o) for o in v] for k, v in self._reshuffles.items()},
            cuts=dict(self._cuts),
            fallback=self._fallback.copy(),
        )
