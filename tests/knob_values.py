"""Every closed choice of the variant schema, and the choices a variant file makes.

Used by the generated-variant test to show that it plays every value of every
knob: :func:`schema_choices` lists each (dotted path, value) the schema
accepts for a closed choice (a ``Literal`` or a ``bool``), and
:func:`file_choices` the ones a variant file (as a dict) states. List items
share their list's path (``deals.contract.type``).
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from rummy_rules.spec.schema import VariantSpec

__all__ = ["VALUES", "file_choices", "schema_choices"]

#: Card values for generated variants (every rank, the joker and a numbered
#: pack's skip card).
VALUES = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 10, "Q": 10, "K": 10, "A": 15, "joker": 25, "skip": 15,
}  # fmt: skip

#: Paths that are not rules of play: names and text.
NOT_RULES = ("translations",)


def _literals(annotation: Any) -> list[object]:
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if annotation is bool:
        return [True, False]
    out: list[object] = []
    for arg in typing.get_args(annotation):
        out += _literals(arg)
    return out


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    out: list[type[BaseModel]] = []
    for arg in typing.get_args(annotation):
        out += _models(arg)
    return out


def schema_choices(model: type[BaseModel] = VariantSpec, path: str = "") -> set[tuple[str, object]]:
    """Every (dotted path, value) of a closed choice the schema accepts."""
    out: set[tuple[str, object]] = set()
    for name, field in model.model_fields.items():
        key = path + (field.alias or name)
        if key.split(".")[0] in NOT_RULES:
            continue
        for value in _literals(field.annotation):
            out.add((key, value))
        for sub in _models(field.annotation):
            out |= schema_choices(sub, key + ".")
    return out


def file_choices(data: Any, path: str = "") -> Iterator[tuple[str, object]]:
    """Every (dotted path, value) a variant file's data states (leaves only)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from file_choices(value, f"{path}{key}.")
    elif isinstance(data, list):
        for item in data:
            yield from file_choices(item, path)
    else:
        yield path.rstrip("."), data
