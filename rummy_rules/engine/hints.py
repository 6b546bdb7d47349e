"""What a hand lacks to meet a contract: the cards that would complete it, and
the most of the contract it already meets.

Used by ``rummy-rules meld`` to explain a "no", and by the hint key of
``rummy-rules play``. Every answer comes from the contract solver, so it
follows the variant's meld rules (ace, wilds, exact sizes, all-out deals).
:func:`read_group` finds what a group of cards a player picked can be as one
meld (what each wild card in it stands for).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import JOKER_FACE, format_card, rank_of
from .candidates import iter_melds
from .melds import Meld, check_meld, too_short
from .refusals import N_, Refusal, refusal, refusal_kind
from .rules import ContractPart, MeldRules
from .solver import Arrangement, find_contract

__all__ = ["ContractHint", "contract_hint", "read_group"]

_NO_MELD = refusal_kind("group.no_meld", (), N_("{cards} make no meld: {reasons}"))
_WILDS_THAT_WAY = refusal(
    "group.wilds",
    ("wilds.max_per_meld", "wilds.versus_naturals"),
    N_("the wild cards in it may not be used that way in this variant"),
)

#: The most readings of one group that :func:`read_group` returns.
MAX_READINGS = 24

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


def read_group(
    cards: Sequence[int], rules: MeldRules, wild_faces: frozenset[int]
) -> tuple[list[Meld], Refusal | None]:
    """Every way ``cards`` (faces, in any order) make one meld under ``rules``:
    a set, a run in order, each wild card standing for a card it may stand for.

    Returns the melds (at most :data:`MAX_READINGS`) and, when there is none,
    why the cards make no meld (the meld check's reason for a set and for a run).
    """
    held = Counter(cards)
    readings: list[Meld] = []
    seen: set[str] = set()
    size = len(cards)
    for meld in iter_melds(list(cards), rules, wild_faces, "any", min_size=size, max_size=size):
        if Counter(meld.cards) != held or check_meld(meld, rules, wild_faces) is not None:
            continue
        key = f"{meld.kind} {meld}"
        if key not in seen:
            seen.add(key)
            readings.append(meld)
            if len(readings) >= MAX_READINGS:
                break
    if readings:
        return readings, None
    shown = " ".join(format_card(c) for c in cards)
    naturals = [c for c in cards if c not in wild_faces]
    reasons: list[Refusal] = []
    set_least = rules.set_min
    if naturals and all(c != JOKER_FACE and rank_of(c) in rules.pair_ranks for c in naturals):
        set_least = min(2, set_least)  # a pair of a pair rank is a set
    for kind, least in (("set", set_least), ("run", rules.run_min)):
        if size < least:
            reason: Refusal | None = too_short(kind, least)
        elif naturals:
            # What the natural cards alone break (the group is long enough).
            if kind == "run":
                naturals.sort(key=lambda f: (0 if rules.run_any_suit else f // 13, f % 13))
            reason = check_meld(
                Meld(kind, tuple(naturals), tuple(naturals)),
                dataclasses.replace(rules, set_min=1, run_min=1),
                wild_faces,
            )
        else:
            reason = None
        if reason is not None and reason not in reasons:
            reasons.append(reason)
    if rules.colour_min:  # what the cards break as a colour meld
        colour: Refusal | None = None
        if size < rules.colour_min:
            colour = too_short("colour", rules.colour_min)
        elif naturals:
            loose = dataclasses.replace(rules, colour_min=1)
            colour = check_meld(Meld("colour", tuple(naturals), tuple(naturals)), loose, wild_faces)
        if colour is not None and colour not in reasons:
            reasons.append(colour)
    if not reasons:
        reasons.append(_WILDS_THAT_WAY)
    why = _NO_MELD(cards=shown, reasons="; ".join(reasons))
    return [], why.gathering(tuple(reasons))
