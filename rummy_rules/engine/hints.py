"""What a hand lacks to meet a contract: the cards that would complete it, and
the most of the contract it already meets.

Used by ``rummy-rules meld`` to explain a "no", and meant for hints at the
table. Every answer comes from the contract solver, so it follows the
variant's meld rules (ace, wilds, exact sizes, all-out deals).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .rules import ContractPart, MeldRules
from .solver import Arrangement, find_contract

__all__ = ["ContractHint", "contract_hint"]

#: Search steps each all-out question may take (a hint, never a ruling).
_NODES = 20_000


@dataclass(frozen=True, slots=True)
class ContractHint:
    """What a hand that cannot meet a contract lacks.

    ``completing``: the faces any one of which, added to the hand, meets the
    contract (empty when one card is not enough). ``partial``: an arrangement
    meeting the largest part of the contract the hand can meet, with
    ``met`` those parts and ``missing`` the rest (``partial`` is ``None``
    and ``met`` empty when not even one meld of the contract can be made).
    """

    completing: tuple[int, ...]
    partial: Arrangement | None
    met: tuple[ContractPart, ...]
    missing: tuple[ContractPart, ...]


def contract_hint(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    *,
    pack: Sequence[int],
    value: Callable[[int], int],
    all_out: bool = False,
) -> ContractHint:
    """Explain why ``hand`` does not meet ``parts``: see :class:`ContractHint`.

    ``pack`` holds the faces of every card in the pack: only cards the pack
    still has beyond those in hand can complete the contract.
    """
    in_pack = Counter(pack)
    held = Counter(hand)
    completing = []
    for face in sorted(in_pack):
        if held[face] >= in_pack[face]:
            continue
        trial = [*hand, face]
        found = find_contract(
            trial, parts, rules, wild_faces, all_out=all_out, value=value, nodes=[_NODES]
        )
        if found is not None:
            completing.append(face)
    partial, met = _largest_part(hand, parts, rules, wild_faces, value)
    missing = list(parts)
    for part in met:
        missing.remove(part)
    return ContractHint(tuple(completing), partial, met, tuple(missing))


def _largest_part(
    hand: Sequence[int],
    parts: Sequence[ContractPart],
    rules: MeldRules,
    wild_faces: frozenset[int],
    value: Callable[[int], int],
) -> tuple[Arrangement | None, tuple[ContractPart, ...]]:
    """The arrangement meeting the most parts of the contract (fewest points
    left among those found first), and the parts it meets."""
    for size in range(len(parts) - 1, 0, -1):
        seen: set[tuple[ContractPart, ...]] = set()
        for chosen in itertools.combinations(parts, size):
            if chosen in seen:
                continue
            seen.add(chosen)
            found = find_contract(hand, chosen, rules, wild_faces, value=value, nodes=[_NODES])
            if found is not None:
                return found, chosen
    return None, ()
