"""rummy-rules: house rules for the rummy family as data.

Every variant is one YAML file, validated by Pydantic schemas. For developers
who use the rules as data::

    from rummy_rules import load_variant, VariantError

    spec = load_variant("contract", overrides=["deck.jokers=4"])
    spec.deals[6].contract      # the last deal's contract
"""

from __future__ import annotations

__version__ = "0.1.0"

from .errors import Problem, RummyRulesError, UsageError, VariantError
from .loader import Report, check_variant, load_variant
from .schema import SCHEMA_VERSION, VariantSpec

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
