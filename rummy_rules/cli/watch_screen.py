"""The full-screen record viewer of ``rummy-rules watch`` (Textual, the ``play`` extra)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Header, Input, Static

from ..render.i18n import N_, _, current_language
from ..render.table_words import variant_name
from .common import small_number
from .play_dialogs import speak
from .watch_cmd import Steps

__all__ = ["WatchApp", "run_watch"]


class WatchApp(App[None]):
    """Step through a recorded game."""

    TITLE = "rummy-rules watch"
    #: The keys step through the game; the go-to box takes focus only when opened.
    AUTO_FOCUS = None
    CSS = """
    #position { border: round $primary; padding: 0 1; height: 1fr; width: 1fr; }
    #moves { border: round $secondary; padding: 0 1; height: 1fr; width: 36; }
    #goto { display: none; }
    #goto.open { display: block; }
    """
    #: How many of the moves before the position the side pane lists.
    RECENT = 12
    BINDINGS: ClassVar[list[Any]] = [
        Binding("right,n,enter", "step(1)", N_("Next move")),
        Binding("left,b", "step(-1)", N_("Back")),
        Binding("down,d", "deal(1)", N_("Next deal")),
        Binding("up,u", "deal(-1)", N_("Deal back")),
        Binding("home", "go(0)", N_("Start"), show=False),
        Binding("end", "go(-1)", N_("End"), show=False),
        Binding("g", "ask_move", N_("Go to move")),
        Binding("escape", "close_goto", N_("Back to stepping"), show=False),
        Binding("q", "quit", N_("Quit")),
    ]

    def __init__(self, steps: Steps, seat: int | None) -> None:
        super().__init__()
        self.steps = steps
        self.seat = seat
        self.step = 0
        speak(self)
        # Textual's command palette speaks English only: offered in English.
        setattr(self, "ENABLE_COMMAND_PALETTE", current_language() == "en")  # noqa: B010

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield Static(id="position")
            yield Static(id="moves")
        last = self.steps.last_move
        ask = _("go to move (0 to {last}), Enter; Escape: back").format(last=last)
        yield Input(id="goto", placeholder=ask)
        yield Footer()

    def on_mount(self) -> None:
        if self.seat is None:
            who = _("every hand open")
        else:
            who = _("as {seat} saw it").format(seat=f"p{self.seat + 1}")
        self.sub_title = f"{variant_name(self.steps.spec)}, {who}"
        self.show()

    def show(self) -> None:
        """Draw the current position, and the moves of its deal that led to it."""
        self.query_one("#position", Static).update("\n".join(self.steps.text(self.step, self.seat)))
        recent = self.steps.recent(self.step, self.RECENT)
        moves = [f"{number:>4}. {text}" for number, text in recent]
        self.query_one("#moves", Static).update("\n".join([_("Moves so far:"), *moves]))

    def action_ask_move(self) -> None:
        box = self.query_one("#goto", Input)
        box.value = ""
        box.add_class("open")
        box.focus()

    def action_close_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.remove_class("open")
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        number = small_number(event.value.strip())
        last = self.steps.last_move
        if number is None or number > last:
            event.input.value = ""
            ask = _("a move number from 0 to {last}; Escape: back")
            event.input.placeholder = ask.format(last=last)
            return
        self.step = self.steps.position_of(number)
        self.action_close_goto()
        self.show()

    def action_step(self, by: int) -> None:
        self.step = max(0, min(len(self.steps) - 1, self.step + by))
        self.show()

    def action_deal(self, by: int) -> None:
        steps = self.steps
        self.step = steps.next_deal(self.step) if by > 0 else steps.previous_deal(self.step)
        self.show()

    def action_go(self, where: int) -> None:
        self.step = where if where >= 0 else len(self.steps) - 1
        self.show()


def run_watch(steps: Steps, seat: int | None) -> None:
    """Run the viewer until the person quits."""
    WatchApp(steps, seat).run()
