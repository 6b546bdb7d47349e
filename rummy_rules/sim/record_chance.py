"""What a record's chance lines must be: the error a record that does not replay
raises, and the check that every reshuffle and turn-over line stands where the
rules make it (see :mod:`.records`)."""

from __future__ import annotations

from typing import Any

from ..engine.refusals import Refusal
from ..engine.state import GameState
from ..errors import RummyRulesError

__all__ = ["ChanceLines", "RecordError"]


class RecordError(RummyRulesError, ValueError):
    """A record that is malformed or does not replay: ``line`` is 1-based;
    ``action`` and ``reason`` are the recorded action and the engine's refusal
    of it, for an illegal action (``reason`` worded in any language by render)."""

    def __init__(
        self,
        file: str,
        line: int | None,
        message: str,
        *,
        action: str = "",
        reason: Refusal | None = None,
    ) -> None:
        where = f"{file}:{line}" if line is not None else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line
        self.message = message
        self.action = action
        self.reason = reason


class ChanceLines:
    """The record's reshuffle and turn-over lines, each required where the rules
    make one: right after the action that emptied the stock, in order, none
    missing and none extra (docs/records.md lists every chance line)."""

    _KEYS = ("reshuffle", "turn_over")

    def __init__(self, file: str, lines: list[tuple[int, dict[str, Any]]], state: GameState):
        self.file = file
        self.state = state
        self.recorded: list[tuple[int, int, str]] = []  # (actions before, line, key)
        actions = 0
        for number, entry in lines[1:]:
            if "action" in entry:
                actions += 1
            key = next((k for k in self._KEYS if k in entry), None)
            if key is not None:
                self.recorded.append((actions, number, key))
        self.next = 0  # the next recorded chance line to meet
        self.seen = 0  # how much of the engine's log has been read

    def after_action(self, number: int, actions: int) -> None:
        """Check the chance lines the rules made while playing action ``actions``
        (on record line ``number``)."""
        log = self.state.log
        while self.seen < len(log):
            entry = log[self.seen]
            self.seen += 1
            key = next((k for k in self._KEYS if k in entry), None)
            if key is None:
                continue
            found = self.recorded[self.next] if self.next < len(self.recorded) else None
            if found is None or found[0] != actions or found[2] != key:
                self._out_of_place(number, key, found, actions)
            self.next += 1

    def misfit(self, number: int, actions: int) -> None:
        """Action ``actions`` (line ``number``) failed in a way a chance line out of
        place explains: the rules reshuffled there and the record has no line for
        it (the engine took the deal's next recorded one, which does not fit)."""
        found = self.recorded[self.next] if self.next < len(self.recorded) else None
        if found is None or found[0] != actions:
            self._out_of_place(number, found[2] if found else "reshuffle", found, actions)

    def _out_of_place(
        self, number: int, key: str, found: tuple[int, int, str] | None, actions: int
    ) -> None:
        made = "reshuffle the discards" if key == "reshuffle" else "turn the discards over"
        early = found is not None and found[0] < actions
        where = f"at line {found[1]}, before it" if found and early else "missing"
        raise RecordError(
            self.file,
            number,
            f"after this action the rules {made} into the stock, but the record's "
            f"'{key}' line for it is {where}",
        )

    def at_end(self) -> None:
        """No recorded chance line is left over, one the rules never made."""
        if self.next < len(self.recorded):
            _, number, key = self.recorded[self.next]
            raise RecordError(self.file, number, f"a '{key}' line where the rules make none")
