"""Which knob values the game engine can play.

A variant file may state rules the engine cannot play yet: ``validate`` warns
about them (``--strict``: errors), and ``simulate``, ``compare`` and ``replay``
refuse such a variant with these messages. This is a fact about values in the
file, so it lives beside the schema and needs nothing from the engine.

The engine plays every value the schema accepts, so the list below is empty:
a value added to the schema before the engine plays it goes there (its
dotted path and the values not yet played), rather than repeating the
schema's choice lists here.
"""

from __future__ import annotations

from .schema import VariantSpec

__all__ = ["unsupported_by_engine"]


#: (dotted path, the values of it the engine cannot play yet).
_NOT_YET: tuple[tuple[str, tuple[object, ...]], ...] = ()


def _get(spec: VariantSpec, path: str) -> object:
    value: object = spec
    for part in path.split("."):
        value = getattr(value, part)
    return value


def unsupported_by_engine(spec: VariantSpec) -> list[tuple[str, str]]:
    """Knob values the game engine cannot play yet, as (dotted path, message)."""
    out: list[tuple[str, str]] = []
    for path, not_yet in _NOT_YET:
        value = _get(spec, path)
        if value in not_yet:
            if isinstance(value, bool):
                shown = "true" if value else "false"
            else:
                shown = "null" if value is None else str(value)
            out.append((path, f"{shown} cannot be played by the engine yet"))
    return out
