"""The full-screen record viewer of ``rummy-rules watch`` (Textual, the ``play`` extra)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static

from .watch_cmd import Steps

__all__ = ["WatchApp", "run_watch"]


class WatchApp(App[None]):
    """Step through a recorded game."""

    TITLE = "rummy-rules watch"
    CSS = """
    #position { border: round $primary; padding: 0 1; height: 1fr; }
    """
    BINDINGS: ClassVar[list[Any]] = [
        Binding("right,n,enter", "step(1)", "Next move"),
        Binding("left,b", "step(-1)", "Back"),
        Binding("down,d", "deal(1)", "Next deal"),
        Binding("up,u", "deal(-1)", "Deal back"),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go(-1)", "End", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, steps: Steps, seat: int | None) -> None:
        super().__init__()
        self.steps = steps
        self.seat = seat
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="position")
        yield Footer()

    def on_mount(self) -> None:
        who = "every hand open" if self.seat is None else f"as p{self.seat + 1} saw it"
        self.sub_title = f"{self.steps.spec.name}, {who}"
        self.show()

    def show(self) -> None:
        """Draw the current position."""
        self.query_one("#position", Static).update("\n".join(self.steps.text(self.step, self.seat)))

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
