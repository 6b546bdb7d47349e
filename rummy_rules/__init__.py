"""rummy-rules: house rules for the rummy family as data.

Every variant is one YAML file, validated by Pydantic schemas. For developers
who use the rules as data::

    from rummy_rules import load_variant, VariantError

    spec = load_variant("contract", overrides=["deck.jokers=4"])
    spec.deals[6].contract      # the last deal's contract

The names below are imported on first use, so that the command line starts
quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .errors import Problem, RummyRulesError, UsageError, VariantError
    from .spec.loader import Report, check_variant, load_variant
    from .spec.schema import SCHEMA_VERSION, VariantSpec

_LAZY = {
    "Problem": "errors",
    "RummyRulesError": "errors",
    "UsageError": "errors",
    "VariantError": "errors",
    "Report": "spec.loader",
    "check_variant": "spec.loader",
    "load_variant": "spec.loader",
    "SCHEMA_VERSION": "spec.schema",
    "VariantSpec": "spec.schema",
}

__all__ = [
    "SCHEMA_VERSION",
    "Problem",
    "Report",
    "RummyRulesError",
    "UsageError",
    "VariantError",
    "VariantSpec",
    "__version__",
    "check_variant",
    "load_variant",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rummy_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
