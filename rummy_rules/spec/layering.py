"""Layering a house-rules file on its base: mappings merge key by key, plain
values and lists replace, ``key+:`` appends to the base's list and ``key.N:``
changes item N of it. Every value keeps the mark (file, line, column) of the
layer that set it, so that a problem points at the file the user wrote.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from ..cards import normalize_rank
from ..errors import Problem
from .schema.base import COUNT_FORMS
from .yamlio import Located, Mark, PathT, format_path

__all__ = [
    "copy_marks",
    "drop_marks",
    "is_count",
    "locate_finding",
    "merge_layer",
    "replaced_schedules",
]


def drop_marks(located: Located, prefix: PathT) -> None:
    """Forget the marks of ``prefix`` and everything under it."""
    n = len(prefix)
    for table in (located.marks, located.key_marks):
        for key in [k for k in table if k[:n] == prefix]:
            del table[key]


def copy_marks(src: Located, dst: Located, src_prefix: PathT, dst_prefix: PathT) -> None:
    """Give ``dst`` the marks ``src`` has under ``src_prefix``, moved to ``dst_prefix``."""
    n = len(src_prefix)
    for s_table, d_table in ((src.marks, dst.marks), (src.key_marks, dst.key_marks)):
        for key, mark in s_table.items():
            if key[:n] == src_prefix:
                d_table[dst_prefix + key[n:]] = mark


def merge_layer(base: Located, over: Located, problems: list[Problem]) -> Located:
    """Lay ``over`` on ``base`` (in place on ``base``) and return it."""
    base.file = over.file
    base.marks.setdefault((), over.mark_for(()))
    _merge_map(base, base.data, over, over.data, (), problems)
    _drop_stale_translations(base.data, over.data)
    return base


#: The variant's own words, which ``translations`` translates.
_OWN_WORDS = ("name", "description", "notes")


def _drop_stale_translations(merged: dict[str, Any], over: dict[str, Any]) -> None:
    """A layer that changes the name, description or notes (or a numbered
    pack's colours) makes its base's translations of them wrong: drop those it
    does not translate itself."""
    translations = merged.get("translations")
    if not isinstance(translations, dict):
        return
    own = over.get("translations")
    own = own if isinstance(own, dict) else {}
    for key in _OWN_WORDS:
        if key not in over and f"{key}+" not in over:
            continue
        for code, words in translations.items():
            given = own.get(code)
            kept = isinstance(given, dict) and (key in given or f"{key}+" in given)
            if isinstance(words, dict) and not kept:
                words.pop(key, None)
    numbered = over.get("deck", {}).get("numbered") if isinstance(over.get("deck"), dict) else None
    if isinstance(numbered, dict) and "colours" in numbered:
        # Colours renamed by the layer: the base's translated names no longer match.
        for code, words in translations.items():
            given = own.get(code)
            if isinstance(words, dict) and not (isinstance(given, dict) and "colours" in given):
                words.pop("colours", None)


def _align_rank_keys(existing: dict[str, Any], values: dict[str, Any]) -> None:
    """Spell the ranks of a base's card values as the layer does (``1`` for
    ``A``, ``T`` for ``10``), so that the layer's value replaces the base's."""
    for key in values:
        rank = normalize_rank(str(key))
        if rank is None:
            continue
        for old in list(existing):
            if old != key and normalize_rank(str(old)) == rank:
                existing[key] = existing.pop(old)


#: A key that changes one item of the base's list: ``deals.3`` (numbered from 1).
_ITEM_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\.([0-9]+)$")


def _merge_item(
    base: Located,
    target: dict[str, Any],
    over: Located,
    value: Any,
    where: tuple[PathT, str, re.Match[str]],
    problems: list[Problem],
) -> None:
    """``deals.3: {cards: 12}``: item 3 of the base's ``deals`` changed (a
    mapping merges into the item key by key; anything else replaces it)."""
    path, key, match = where
    name, number = match.group(1), int(match.group(2))
    existing = target.get(name)
    child = (*path, key)
    if not isinstance(existing, list) or not 1 <= number <= len(existing):
        size = f"has {len(existing)} items" if isinstance(existing, list) else "is not a list"
        message = (
            f"'{key}' changes item {number} of '{name}', but the base's '{name}' {size} "
            f"(items are numbered from 1; '{name}+:' appends)"
        )
        problems.append(_problem(over, child, message))
        return
    item_path = (*path, name, number - 1)
    current = existing[number - 1]
    if isinstance(value, dict) and isinstance(current, dict) and not is_count(value):
        if child in over.key_marks:
            base.key_marks[item_path] = over.key_marks[child]
        renamed = Located(value, over.file)
        copy_marks(over, renamed, child, item_path)
        _merge_map(base, current, renamed, value, item_path, problems)
        return
    existing[number - 1] = copy.deepcopy(value)
    drop_marks(base, item_path)
    copy_marks(over, base, child, item_path)


def _merge_map(
    base: Located,
    target: dict[str, Any],
    over: Located,
    values: dict[str, Any],
    path: PathT,
    problems: list[Problem],
) -> None:
    for key, value in values.items():
        child = (*path, key)
        if key.endswith("+") and len(key) > 1:
            real = key[:-1]
            real_path = (*path, real)
            existing = target.get(real)
            if not isinstance(value, list):
                problems.append(
                    _problem(over, child, f"'{key}' appends to a list: give a list of items to add")
                )
                continue
            if existing is None:
                existing = []
            if not isinstance(existing, list):
                problems.append(
                    _problem(over, child, f"'{key}' appends to a list, but '{real}' is not a list")
                )
                continue
            offset = len(existing)
            target[real] = existing + copy.deepcopy(value)
            if real_path not in base.marks:
                copy_marks(over, base, child, real_path)
            else:
                for i in range(len(value)):
                    copy_marks(over, base, (*child, i), (*real_path, offset + i))
            continue
        item = _ITEM_KEY.match(key)
        if item is not None:
            _merge_item(base, target, over, value, (path, key, item), problems)
            continue
        existing = target.get(key)
        if isinstance(existing, list) and isinstance(value, list) and len(existing) != len(value):
            base.replaced.append((child, len(existing), len(value)))
        if key == "card_values" and isinstance(value, dict) and isinstance(existing, dict):
            _align_rank_keys(existing, value)
        if isinstance(value, dict) and isinstance(existing, dict) and not is_count(value):
            if child in over.key_marks:
                base.key_marks[child] = over.key_marks[child]
            _merge_map(base, existing, over, value, child, problems)
            continue
        target[key] = copy.deepcopy(value)
        drop_marks(base, child)
        copy_marks(over, base, child, child)


def _problem(over: Located, path: PathT, message: str) -> Problem:
    """A problem at the key ``path`` of the layer ``over``."""
    mark = over.mark_for(path, key=True)
    return Problem(mark.file, mark.line, mark.column, format_path(path), message)


def is_count(value: dict[str, Any]) -> bool:
    """Whether ``value`` is a number that depends on the player count
    (``{per_deck: 2}``, ``{by_players: ...}``, ``{formula: ...}``): one value,
    which replaces the base's as a whole instead of merging into it."""
    return bool(value.keys() & COUNT_FORMS)


def replaced_schedules(located: Located) -> list[Problem]:
    """A layer's ``deals`` of another length than its base's replaces the whole
    schedule: a warning when it is shorter (one item written to change one
    deal makes a one-deal game), a note when it is longer."""
    found: list[Problem] = []
    for path, before, after in located.replaced:
        if path != ("deals",):
            continue
        mark = located.mark_for(path, key=True)
        told = (
            f"this file's {after} deal{'s replace' if after != 1 else ' replaces'} the base's "
            f"{before}: the game now has {after} deal{'s' if after != 1 else ''}"
        )
        if after < before:
            message = (
                f"{told}. To change one deal, write only that item and what changes "
                "(deals.3: {cards: 12}); to add deals after the base's, deals+:"
            )
            found.append(Problem(mark.file, mark.line, mark.column, "deals", message, "warning"))
        else:
            found.append(Problem(mark.file, mark.line, mark.column, "deals", told, "note"))
    return found


def locate_finding(located: Located, path: PathT, message: str) -> tuple[Mark, str]:
    """Where to show a check's finding at ``path``, and its message.

    A finding on a section the files never wrote is shown where a value under
    it was set (``--set going_out.drop.first=0``). A value the user's file took
    from the file it extends is marked in that base file, which the user did
    not write (and, shipped, may not find). Such a finding is shown at the
    user's own key nearest to it — one in the same section, and in the same
    list item where the path runs through one (``deals.6.cards`` for a problem
    of ``deals.6.contract``) — with the base's place named in the message;
    without one, where it is.
    """
    mark = located.mark_for(path)
    if tuple(path) not in located.marks:
        # A section the file leaves out but a value under it set (by a layer or
        # --set): that value, the last one set, is where the finding comes from.
        depth = len(path)
        below = [m for p, m in located.marks.items() if len(p) > depth and p[:depth] == path]
        mark = below[-1] if below else mark
    if mark.file == located.file or mark.line is None:
        return mark, message
    # The shared part must reach the path's first list item, or its section.
    need = next((i + 1 for i, part in enumerate(path) if isinstance(part, int)), 1)
    best: tuple[int, int, Mark] | None = None
    for own, at in located.key_marks.items():
        if at.file != located.file or at.line is None:
            continue
        shared = 0
        for a, b in zip(own, path, strict=False):
            if a != b:
                break
            shared += 1
        if shared >= need and (best is None or (-shared, at.line) < (-best[0], best[1])):
            best = (shared, at.line, at)
    if best is None:
        return mark, message
    where = f"{mark.file}:{mark.line}" + (f":{mark.column}" if mark.column else "")
    extended = f"{format_path(path)} is as the file this one extends sets it: {where}"
    return best[2], f"{message} ({extended})"
