"""A contract's shapes and plain words: the ways a contract may be met when
one long meld may count as several (``contract.long_meld_counts_once:
false``: two runs of four as one run of eight, and every other joining of
parts of the same kind), and its parts in words."""

from __future__ import annotations

import functools
import itertools
import re

from .rules import ContractPart, MeldRules

__all__ = ["contract_shapes", "describe_contract", "group_parts", "read_contract"]


def contract_shapes(
    parts: tuple[ContractPart, ...], rules: MeldRules
) -> tuple[tuple[ContractPart, ...], ...]:
    """The ways a contract may be met: the parts themselves and, where one long
    meld may count as several (``contract.long_meld_counts_once: false``), every
    way of joining parts of the same kind into one longer part (two runs of four
    as one run of eight; exact only if every joined part is exact)."""
    if rules.long_meld_counts_once or len(parts) < 2:
        return (parts,)
    return _joined_shapes(parts)


@functools.cache
def _joined_shapes(parts: tuple[ContractPart, ...]) -> tuple[tuple[ContractPart, ...], ...]:
    by_kind: dict[str, list[ContractPart]] = {}
    for part in parts:
        by_kind.setdefault(part.kind, []).append(part)
    per_kind = [_joinings(tuple(sorted(group, key=_part_key))) for group in by_kind.values()]
    written = sorted(parts, key=_part_key)
    shapes: list[tuple[ContractPart, ...]] = [parts]  # the contract as written first
    for combo in itertools.product(*per_kind):
        shape = tuple(part for joined in combo for part in joined)
        if sorted(shape, key=_part_key) != written:
            shapes.append(shape)
    shapes[1:] = sorted(shapes[1:], key=lambda shape: (-len(shape), [_part_key(p) for p in shape]))
    return tuple(shapes)


def _part_key(part: ContractPart) -> tuple[str, int, bool]:
    return part.kind, part.size, part.exact


@functools.cache
def _joinings(parts: tuple[ContractPart, ...]) -> tuple[tuple[ContractPart, ...], ...]:
    """Every distinct way of joining ``parts`` (of one kind, sorted) into groups,
    each group one part: the first part joins some sub-multiset of the others."""
    if not parts:
        return ((),)
    first, rest = parts[0], parts[1:]
    distinct = sorted(set(rest), key=_part_key)
    counts = [rest.count(part) for part in distinct]
    out: set[tuple[ContractPart, ...]] = set()
    for taken in itertools.product(*(range(c + 1) for c in counts)):
        group = [first] + [p for p, n in zip(distinct, taken, strict=True) for _ in range(n)]
        left = list(rest)
        for part in group[1:]:
            left.remove(part)
        joined = ContractPart(first.kind, sum(p.size for p in group), all(p.exact for p in group))
        for tail in _joinings(tuple(left)):
            out.add(tuple(sorted((joined, *tail), key=_part_key)))
    return tuple(sorted(out, key=lambda shape: [_part_key(p) for p in shape]))


def group_parts(parts: tuple[ContractPart, ...]) -> list[tuple[ContractPart, int]]:
    """A contract's parts with the same part in a row counted once: (part, how many)."""
    groups: list[tuple[ContractPart, int]] = []
    for part in parts:
        if groups and groups[-1][0] == part:
            groups[-1] = (part, groups[-1][1] + 1)
        else:
            groups.append((part, 1))
    return groups


def describe_contract(parts: tuple[ContractPart, ...], *, all_out: bool = False) -> str:
    """Plain words for a contract: ``2 sets of 3 + 1 run of 4``."""
    words = []
    for part, count in group_parts(parts):
        noun = {"set": "set", "run": "run", "colour": "colour meld", "any": "meld"}[part.kind]
        plural = "s" if count > 1 else ""
        size = f"{part.size}" if part.exact else f"{part.size} or more"
        words.append(f"{count} {noun}{plural} of {size}")
    text = " + ".join(words) if words else "no contract"
    if all_out:
        text += ", every card at once, no discard"
    return text


_NOUNS = {"set": "set", "run": "run", "colour meld": "colour", "meld": "any"}
_PART = re.compile(r"(\d+) (set|run|colour meld|meld)s? of (\d+)( or more)?")
_ALL_OUT = ", every card at once, no discard"


def read_contract(text: str) -> tuple[tuple[ContractPart, ...], bool] | None:
    """The parts and all-out flag of a contract in :func:`describe_contract`'s
    words (its exact inverse); ``None`` if ``text`` is not such a description.
    A refusal carries its contract as those words; the renderer reads them back
    to word the contract in the reader's language."""
    all_out = text.endswith(_ALL_OUT)
    body = text[: -len(_ALL_OUT)] if all_out else text
    if body == "no contract":
        return (), all_out
    parts: list[ContractPart] = []
    for chunk in body.split(" + "):
        found = _PART.fullmatch(chunk)
        if found is None:
            return None
        count, noun, size, more = found.groups()
        parts += [ContractPart(_NOUNS[noun], int(size), not more)] * int(count)
    return tuple(parts), all_out
