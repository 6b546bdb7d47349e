"""Comparing variants rule by rule, in the words of the rulebook.

:func:`diff_topics` finds the keys that differ between two variants and shows each
difference as the two sentences of its topic (:mod:`.sentences`) that differ.
"""

from __future__ import annotations

from typing import Any

from ..spec.schema import (
    VariantSpec,
)
from .i18n import _
from .sentences import TOPICS, Topic
from .words import deal_rows, plural

__all__ = ["IDENTITY", "diff_topics", "flatten"]

#: Keys that describe a variant rather than set a rule.
IDENTITY = (
    "schema_version",
    "id",
    "name",
    "aliases",
    "based_on",
    "description",
    "sources",
    "notes",
    "translations",
)


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Dotted paths to leaf values (lists of scalars and of mappings are leaves)."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}.{key}" if prefix else key))
        return out
    return {prefix: value}


def _covered(path: str, topic: Topic) -> bool:
    return any(path == p or path.startswith(p + ".") for p in topic.paths)


def diff_topics(a: VariantSpec, b: VariantSpec) -> list[tuple[str, list[str], list[str]]]:
    """The rules that differ between ``a`` and ``b``: (title, a's sentences, b's sentences).

    Deals are compared deal by deal; the identity keys (name, notes, …) are not rules.
    """
    fa = {
        k: v
        for k, v in flatten(a.model_dump(mode="json")).items()
        if k.split(".")[0] not in IDENTITY
    }
    fb = {
        k: v
        for k, v in flatten(b.model_dump(mode="json")).items()
        if k.split(".")[0] not in IDENTITY
    }
    changed = {k for k in fa.keys() | fb.keys() if fa.get(k) != fb.get(k)}
    out: list[tuple[str, list[str], list[str]]] = []
    if "deals" in changed:
        ra, rb = deal_rows(a), deal_rows(b)
        lines_a, lines_b = [], []
        for i in range(max(len(ra), len(rb))):
            da = _deal_line(ra[i]) if i < len(ra) else "—"
            db = _deal_line(rb[i]) if i < len(rb) else "—"
            if da != db:
                lines_a.append(_("Deal {n}: {deal}").format(n=i + 1, deal=da))
                lines_b.append(_("Deal {n}: {deal}").format(n=i + 1, deal=db))
        if len(ra) != len(rb):
            lines_a.insert(0, f"{plural(len(ra), 'deal')}")
            lines_b.insert(0, f"{plural(len(rb), 'deal')}")
        out.append((_("Deals"), lines_a, lines_b))
    for topic in TOPICS:
        if any(_covered(path, topic) for path in changed):
            sa, sb = list(topic.sentences(a)), list(topic.sentences(b))
            only_a = [x for x in sa if x not in sb]
            only_b = [x for x in sb if x not in sa]
            if only_a or only_b:
                out.append((_(topic.title), only_a, only_b))
    return out


def _deal_line(row: dict[str, str]) -> str:
    text = _("{cards} cards, {contract}").format(cards=row["cards"], contract=row["contract"])
    if row["special"]:
        text += f" ({row['special']})"
    return text
