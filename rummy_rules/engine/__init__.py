"""The generic game engine: one state machine driven only by the compiled rules.

:func:`compile_rules` turns a validated variant into the frozen rules the
engine reads; :class:`GameState` plays them, with every action checked.
"""

from __future__ import annotations

from .actions import Action, ActionError, format_seat_action, parse_action, parse_seat_action
from .chance import Chance, ScriptedChance, SeededChance
from .game import DealResult, MeldRecord, TableMeld
from .rules import Rules, compile_rules
from .state import GameState

__all__ = [
    "Action",
    "ActionError",
    "Chance",
    "DealResult",
    "GameState",
    "MeldRecord",
    "Rules",
    "ScriptedChance",
    "SeededChance",
    "TableMeld",
    "compile_rules",
    "format_seat_action",
    "parse_action",
    "parse_seat_action",
]
