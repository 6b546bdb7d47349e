"""The variant file format, as Pydantic models.

A variant file is one YAML document whose top level is a :class:`VariantSpec`.
Every field carries a ``description``: it feeds the JSON Schema (editors show
it as help) and ``docs/format.md``. Unknown keys are errors, closed choices
are fixed lists of words, and nothing in a file is ever executed.

Numbers that depend on how many people play (decks, jokers, cards dealt) are
a :data:`PlayerCountValue`: a plain number, a table by player count, or one of
a few named formulas.
"""

from __future__ import annotations

from .base import (
    SCHEMA_VERSION,
    FormulaCount,
    PerDeckCount,
    PlayerCountTable,
    PlayerCountValue,
    evaluate_count,
    parse_player_key,
)
from .melds import (
    ColourRules,
    ContractPart,
    ContractRules,
    DealSpec,
    JokerExchange,
    MeldRules,
    RunRules,
    SetRules,
    WildRules,
)
from .scoring import Bonus, GameEnd, Multiplier, Scoring, Stakes
from .table import DeckSpec, Partnerships, Players, Source, StockExhausted, TableRules
from .turn import (
    BuyCost,
    Buying,
    BuyLimits,
    CallRules,
    DiscardRules,
    DrawRules,
    DropRules,
    GoingOut,
    KnockNeeds,
    KnockRules,
    LayOff,
    Melding,
    OpeningRules,
    OpeningStep,
)
from .variant import VariantSpec

__all__ = [
    "SCHEMA_VERSION",
    "Bonus",
    "BuyCost",
    "BuyLimits",
    "Buying",
    "CallRules",
    "ColourRules",
    "ContractPart",
    "ContractRules",
    "DealSpec",
    "DeckSpec",
    "DiscardRules",
    "DrawRules",
    "DropRules",
    "FormulaCount",
    "GameEnd",
    "GoingOut",
    "JokerExchange",
    "KnockNeeds",
    "KnockRules",
    "LayOff",
    "MeldRules",
    "Melding",
    "Multiplier",
    "OpeningRules",
    "OpeningStep",
    "Partnerships",
    "PerDeckCount",
    "PlayerCountTable",
    "PlayerCountValue",
    "Players",
    "RunRules",
    "Scoring",
    "SetRules",
    "Source",
    "Stakes",
    "StockExhausted",
    "TableRules",
    "VariantSpec",
    "WildRules",
    "evaluate_count",
    "parse_player_key",
]
