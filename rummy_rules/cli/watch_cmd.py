"""``rummy-rules watch``: step through a game record, forwards and backwards."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from ..render.action_words import game_words, shown_action
from ..render.i18n import N_, _
from .common import (
    GameLangOption,
    error,
    handle_errors,
    language_for,
    needs_terminal,
    read_line,
    small_number,
)

if TYPE_CHECKING:
    from ..engine.state import GameState

__all__ = ["Steps", "watch"]

_KEYS = N_(
    "Enter or n: next move; b: back one move; d: next deal; u: back one deal; "
    "g N: go to move N; q: quit"
)


class Steps:
    """Every position of a recorded game: the start of play, then after each
    action; a deal's end has a position of its own (how it ended, each hand and
    the table as the deal ended) before the next deal's first position."""

    def __init__(self, path: Path, game: int | None) -> None:
        from ..sim.records import load_game

        self.states: list[GameState] = []
        #: The action that led to each position ("" for the start of a deal).
        self.actions: list[str] = []
        #: How many moves of the game were made up to each position.
        self.moves: list[int] = []
        #: The first position after each move number (position_of's table).
        self._position: dict[int, int] = {}
        #: The deal (from 0) each position is in; a deal's end is in the deal it ends.
        self.deals: list[int] = []
        #: For the position of a deal's end, the index of its result; else None.
        self.ends: list[int | None] = []
        loaded = load_game(path, game=game, on_action=self._keep)
        self.spec = loaded.spec
        self.header = loaded.header
        knock = self.spec.going_out.knock
        #: Whether the game calls a knock a declaration (``going_out.knock.word``).
        self.declares = knock is not None and knock.word == "declare"
        #: Whether its only rearrangement joins a side's sets (Samba: *join*).
        self.joins = self.spec.melds.set.join and not self.spec.melding.rearrange_table

    def _add(self, state: GameState, action: str, deal: int, end: int | None) -> None:
        self.states.append(state)
        self.actions.append(action)
        self.moves.append(self.moves[-1] + 1 if action else (self.moves[-1] if self.moves else 0))
        self._position.setdefault(self.moves[-1], len(self.moves) - 1)
        self.deals.append(deal)
        self.ends.append(end)

    def _keep(self, state: GameState) -> None:
        state = state.clone()
        if not self.states:
            self._add(state, "", state.deal_index, None)
            return
        action = self._last_action(state)
        before = self.states[-1].game.deal
        if action.split(" ")[1:2] == ["buy"] and before.buy_card is not None:
            # A buy names the card bought, as everyone at the table sees it.
            bought = state.rules.names.text(self.states[-1].game.faces[before.buy_card])
            action = f"{action} ({bought})"
        ended = len(self.states[-1].results)
        if len(state.results) == ended:
            self._add(state, action, state.deal_index, None)
            return
        # The move that ended a deal: the deal's end, then (if the game goes on)
        # the next deal as dealt.
        self._add(state, action, state.results[ended].deal - 1, ended)
        if not state.is_terminal():
            self._add(state, "", state.deal_index, None)

    @staticmethod
    def _last_action(state: GameState) -> str:
        from ..render.table_words import logged_action_text

        for entry in reversed(state.log):
            if "action" in entry:
                return logged_action_text(state, entry)
        return ""

    def __len__(self) -> int:
        return len(self.states)

    @property
    def last_move(self) -> int:
        """The number of the game's last move."""
        return self.moves[-1]

    def position_of(self, move: int) -> int:
        """The position just after move number ``move`` (0: the start)."""
        return self._position.get(move, len(self) - 1)

    def recent(self, step: int, most: int) -> list[tuple[int, str]]:
        """The moves of the deal of position ``step`` up to it (the last
        ``most``, with their numbers)."""
        out: list[tuple[int, str]] = []
        deal = self.deals[step]
        i = step
        while i > 0 and len(out) < most and self.deals[i] == deal and self.actions[i]:
            out.append((self.moves[i], shown_action(self.actions[i])))
            i -= 1
        return out[::-1]

    def deal_of(self, step: int) -> int:
        """The deal (from 0) the position ``step`` is in."""
        return self.deals[step]

    def next_deal(self, step: int) -> int:
        """The first position of the next deal (or the last position)."""
        deal = self.deal_of(step)
        for i in range(step + 1, len(self)):
            if self.deal_of(i) != deal:
                return i
        return len(self) - 1

    def previous_deal(self, step: int) -> int:
        """The first position of this deal, or of the one before if already there."""
        deal = self.deal_of(step)
        start = step
        while start > 0 and self.deal_of(start - 1) == deal:
            start -= 1
        if start < step:
            return start
        if start == 0:
            return 0
        return self.previous_deal(start - 1)

    def text(self, step: int, seat: int | None) -> list[str]:
        """The position ``step`` as seat ``seat`` saw it (every hand with None)."""
        from ..render.table_words import deal_end_lines, table_lines

        state = self.states[step]
        last = self.last_move
        if self.actions[step]:
            head = _("Move {step} of {last}").format(step=self.moves[step], last=last)
            head += f": {shown_action(self.actions[step])}"
        elif step == 0:
            head = _("Move {step} of {last}").format(step=0, last=last) + ": " + _("the deal")
        else:
            head = _("Deal {number} dealt, after move {step} of {last}").format(
                number=self.deals[step] + 1, step=self.moves[step], last=last
            )
        side = self.header.get("side")
        if isinstance(side, str):  # a record written by compare
            compared = _("(side {side} of a compare: {name})")
            head += " " + compared.format(side=side, name=self.spec.name)
        end = self.ends[step]
        if end is not None:
            return [head, *deal_end_lines(state, end)]
        return [head, *table_lines(state, seat, label=_("shown"))]


@handle_errors
def watch(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A game record: from `play --record`, `simulate --records` or anyone else.",
        ),
    ],
    game: Annotated[
        int | None,
        typer.Option(
            "--game", min=1, help="Which game of a file of many (from 1; the first by default)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", min=1, help="Show the table as this seat saw it (from 1; default: p1)."
        ),
    ] = None,
    everyone: Annotated[bool, typer.Option("--all", help="Show every hand, open.")] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain", help="Step line by line on standard input and output instead of full screen."
        ),
    ] = False,
    lang: GameLangOption = None,
) -> None:
    """Step through a recorded game forwards and backwards, move by move or deal by deal.

    The record is checked as `replay` checks it. The table is shown as one seat
    saw it (--seat; only that seat's hand), or with every hand open (--all).
    A deal's end has a position of its own: how it ended, each hand with its
    points and the table as the deal ended; the next deal as dealt follows.
    Keys: Enter or n next move, b back, d next deal, u back a deal, g go to a
    move by its number, q quit; the full screen lists the moves of the deal so far.
    --lang shows the table in Bulgarian (bg) or Armenian (hy).
    """
    from ..render.i18n import language
    from ..render.pack_words import pack_of
    from ..sim.records import RecordError

    code = language_for(lang)
    try:
        steps = Steps(record, game or 1)
    except RecordError as exc:
        error(str(exc))
        raise typer.Exit(1) from None
    players = len(steps.states[0].totals)
    if seat is not None and seat > players:
        raise typer.BadParameter(f"the game has {players} seats", param_hint="'--seat'")
    shown: int | None = None if everyone else (seat or 1) - 1
    if not plain:
        needs_terminal("the full-screen viewer", "step line by line with --plain")
    if plain:
        with language(code, pack_of(steps.spec)), game_words(steps.declares, steps.joins):
            watch_plain(steps, shown, sys.stdin, sys.stdout)
        return
    try:
        from .watch_screen import run_watch
    except ImportError:
        error(
            "error: the full-screen viewer needs Textual: pip install 'rummy-rules[play]' "
            "(or step line by line with --plain)"
        )
        raise typer.Exit(1) from None
    with language(code, pack_of(steps.spec)), game_words(steps.declares, steps.joins):
        run_watch(steps, shown)


def watch_plain(steps: Steps, seat: int | None, stdin: TextIO, stdout: TextIO) -> None:
    """Step through ``steps`` with commands read line by line."""

    def show(step: int) -> None:
        stdout.write("\n".join(["", *steps.text(step, seat), "(n, b, d, u, g N, q)"]) + "\n")
        stdout.flush()

    stdout.write(_(_KEYS) + "\n")
    step = 0
    show(step)
    last = len(steps) - 1
    while True:
        line = read_line(stdin)
        if not line:
            return
        command = line.strip().lower()
        if command in ("q", "quit"):
            return
        if command in ("", "n", "next"):
            step = min(last, step + 1)
        elif command in ("b", "back"):
            step = max(0, step - 1)
        elif command == "d":
            step = steps.next_deal(step)
        elif command == "u":
            step = steps.previous_deal(step)
        elif command.startswith("g ") and small_number(command[2:].strip()) is not None:
            step = steps.position_of(min(steps.last_move, small_number(command[2:].strip()) or 0))
        else:
            stdout.write(_(_KEYS) + "\n")
            continue
        show(step)
