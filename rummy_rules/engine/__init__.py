"""The generic game engine: one state machine driven only by the compiled rules."""

from __future__ import annotations

from .actions import Action, format_seat_action, parse_action, parse_seat_action
from .state import (
    ActionError,
    Chance,
    DealResult,
    GameState,
    ScriptedChance,
    SeededChance,
    TableMeld,
)

__all__ = [
    "Action",
    "ActionError",
    "Chance",
    "DealResult",
    "GameState",
    "ScriptedChance",
    "SeededChance",
    "TableMeld",
    "format_seat_action",
    "parse_action",
    "parse_seat_action",
]
