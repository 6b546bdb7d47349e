"""The full-screen game of ``rummy-rules play`` (Textual, the ``play`` extra).

The screen shows only the person's seat's view (their hand, the table, the
discard pile, every player's hand size, down status and score), the bots'
moves one by one in a log, and the legal actions: pick one with the arrow keys
and Enter, or type any action (``discard QC``) in the box below. Keys: h asks
the solver for a hint, r shows the rulebook, s sorts the hand by rank or by
suit, f and l make the bots play faster or slower, q saves and quits.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static

from ..sim.session import Move, PlaySession

__all__ = ["PlayApp", "run_screen"]

#: The smallest terminal the screen is laid out for.
MIN_SIZE = (80, 24)


class RulesScreen(ModalScreen[None]):
    """The variant's rulebook as text, over the game; Escape or r goes back."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,r,q", "dismiss", "Back to the game"),
    ]
    CSS = """
    RulesScreen { align: center middle; }
    #rules { width: 90%; height: 90%; border: round $primary; background: $surface; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Static(self.text, markup=False)
        yield Footer()


class PlayApp(App[None]):
    """A game of rummy against bots, one seat's view."""

    TITLE = "rummy-rules play"
    CSS = """
    #left { width: 3fr; }
    #right { width: 2fr; }
    #status { height: auto; border: round $primary; padding: 0 1; }
    #table { height: 1fr; border: round $primary; padding: 0 1; }
    #hand { height: auto; border: round $success; padding: 0 1; }
    #log { height: 1fr; border: round $primary; }
    #actions { height: 12; border: round $success; }
    #command { dock: bottom; }
    """
    BINDINGS: ClassVar[list[Any]] = [
        Binding("h", "hint", "Hint"),
        Binding("s", "sort", "Sort by rank/suit"),
        Binding("r", "rules", "Rules"),
        Binding("f", "faster", "Faster bots"),
        Binding("l", "slower", "Slower bots"),
        Binding("q", "quit_game", "Save and quit"),
    ]

    def __init__(self, session: PlaySession, *, pace: float = 0.4) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self._moves: Iterator[Move] | None = None
        self._ended = len(session.state.results)
        self.by_rank = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="status")
                yield Static(id="table")
                yield Static(id="hand")
            with Vertical(id="right"):
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
                yield OptionList(id="actions")
        yield Input(placeholder="type an action (discard QC), or help", id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"{self.session.spec.name}: you are p{self.session.seat + 1}"
        self.log_line(f"{self.session.spec.name}: you are p{self.session.seat + 1}.")
        self.refresh_table()
        self.call_later(self.advance)

    # -- the table ----------------------------------------------------------------

    def log_line(self, text: str) -> None:
        """Add a line to the log pane."""
        log = self.query_one("#log", RichLog)
        log.write(text, scroll_end=True)

    def refresh_table(self) -> None:
        """Redraw the status, table and hand from the person's view."""
        lines = self.session.status(by_rank=self.by_rank)
        hand = [line for line in lines if line.startswith("Your hand")]
        rest = [line for line in lines if not line.startswith("Your hand")]
        table_at = next((i for i, line in enumerate(rest) if line == "Table:"), len(rest))
        self.query_one("#status", Static).update("\n".join(rest[:table_at]))
        self.query_one("#table", Static).update(
            "\n".join(rest[table_at:]) or "Nothing on the table yet."
        )
        self.query_one("#hand", Static).update("\n".join(hand))

    def show_actions(self) -> None:
        """List the person's legal actions (empty while the bots play)."""
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        legal = self.session.legal()
        if legal:
            actions.add_options(legal)
            actions.highlighted = 0
            actions.focus()

    # -- the game going on ----------------------------------------------------------

    def advance(self) -> None:
        """Play the bots' next move, or stop at the person's turn or the end."""
        session = self.session
        if self._moves is None:
            self._moves = session.bot_moves()
        move = next(self._moves, None)
        if move is not None:
            self.log_line(move.text)
            self.report_deals()
            self.refresh_table()
            self.set_timer(self.pace, self.advance) if self.pace else self.call_later(self.advance)
            return
        self._moves = None
        self.report_deals()
        self.refresh_table()
        if session.over():
            for line in session.result():
                self.log_line(line)
            self.query_one("#actions", OptionList).clear_options()
            return
        self.show_actions()

    def report_deals(self) -> None:
        """Log how each deal that has just ended went."""
        for line in self.session.deal_results(self._ended):
            self.log_line(line)
        self._ended = len(self.session.state.results)

    def act(self, text: str) -> None:
        """Make the person's action (or a command such as hint or help)."""
        text = text.strip()
        if not text:
            return
        if text in ("hint", "help", "?"):
            self.action_hint() if text == "hint" else self.log_line(_HELP)
            return
        reason = self.session.play(text)
        if reason is not None:
            self.log_line(f"not allowed: {reason}")
            self.bell()
            return
        self.log_line(f"p{self.session.seat + 1} {text}")
        self.query_one("#actions", OptionList).clear_options()
        self.refresh_table()
        self.call_later(self.advance)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.act(str(event.option.prompt))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.act(event.value)

    def action_hint(self) -> None:
        self.log_line(self.session.hint())

    def action_rules(self) -> None:
        from ..render.rulebook import render_rulebook

        self.push_screen(RulesScreen(render_rulebook(self.session.spec, "txt")))

    def action_sort(self) -> None:
        self.by_rank = not self.by_rank
        self.refresh_table()

    def action_slower(self) -> None:
        self.pace = min(3.0, max(0.2, self.pace * 2))
        self.log_line(f"the bots play one move every {self.pace:.1f} s")

    def action_faster(self) -> None:
        self.pace = 0.0 if self.pace < 0.1 else self.pace / 4
        self.log_line("the bots play faster" if self.pace else "the bots play at once")

    def action_quit_game(self) -> None:
        if self.session.record is not None:
            self.session.save()
        self.exit()


_HELP = (
    "Pick an action with the arrows and Enter, or type one: draw, take 7H, buy, pass, "
    "down 7H 7S 7D / 4C 5C 6C 7C, meld 5C 6C 7C, layoff 5S@2, exchange 7H@2, discard QC. "
    "Keys: h hint, r rules, s sort the hand, f/l faster/slower bots, q save and quit."
)


def run_screen(session: PlaySession) -> None:
    """Run the full-screen game for ``session`` until it ends or the person quits."""
    import shutil

    columns, rows = shutil.get_terminal_size((80, 24))
    if columns < MIN_SIZE[0] or rows < MIN_SIZE[1]:
        from ..errors import RummyRulesError

        raise RummyRulesError(
            f"the terminal is {columns}x{rows}: the game needs at least "
            f"{MIN_SIZE[0]}x{MIN_SIZE[1]} (or play line by line with --plain)"
        )
    PlayApp(session).run()
    if session.record is not None and not session.over():
        print(
            f"The game is saved in {session.record}: "
            f"rummy-rules play --resume {session.record} goes on."
        )
