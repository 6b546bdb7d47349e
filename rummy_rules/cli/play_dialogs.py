"""The dialogs over the full-screen game of ``rummy-rules play``: the rulebook,
a deal's end, the question asked on quitting, and the offer of an unfinished
game to a page opened again (Textual, the ``play`` extra)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Static

from ..render.i18n import N_, _

if TYPE_CHECKING:
    from ..sim.session import PlaySession

__all__ = ["DealEndScreen", "Offer", "OfferScreen", "QuitScreen", "RulesScreen", "speak"]


def speak(node: Any) -> None:
    """Word the key descriptions of ``node`` (shown in the footer) in the language
    in force: each is a catalog message (marked ``N_`` in the bindings)."""
    bindings = getattr(node, "_bindings", None)
    if bindings is None or not hasattr(bindings, "key_to_bindings"):
        return  # a Textual that keeps bindings elsewhere: they stay in English
    bindings.key_to_bindings = {
        key: [replace(b, description=_(b.description)) if b.description else b for b in found]
        for key, found in bindings.key_to_bindings.items()
    }


class RulesScreen(ModalScreen[None]):
    """The variant's rulebook as text, over the game, opened at the line
    ``mark`` (the current deal's row, marked with an arrow); Escape or r goes back."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,r,q", "dismiss", N_("Back to the game")),
    ]
    CSS = """
    RulesScreen { align: center middle; }
    #rules { width: 90%; height: 90%; border: round $primary; background: $surface; }
    """

    def __init__(self, text: str, *, mark: str | None = None, title: str = "") -> None:
        super().__init__()
        lines = text.splitlines()
        self.line = 0
        if mark is not None:
            for i, line in enumerate(lines):
                if line.strip().startswith(mark):
                    lines[i] = "→" + line[1:] if line.startswith(" ") else "→ " + line
                    self.line = i
                    break
        self.text = "\n".join(lines)
        self.title_text = title
        speak(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules") as box:
            box.border_title = self.title_text
            yield Static(self.text, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # Open at the current deal: its row a few lines from the top.
        box = self.query_one("#rules", VerticalScroll)
        self.call_after_refresh(box.scroll_to, 0, max(0, self.line - 3), animate=False)


class QuitScreen(ModalScreen[str | None]):
    """Asked on q or Ctrl-C: save the game (where), quit, or go back to it.

    Dismissed with the file to save to, ``""`` to quit without saving, or
    ``None`` to go back to the game."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "back", N_("Back to the game"))]
    CSS = """
    QuitScreen { align: center middle; }
    #quit { width: 72; height: auto; border: round $warning; background: $surface;
            padding: 1 2; }
    #quit Label { width: 100%; }
    #quit Horizontal { height: auto; margin-top: 1; }
    #quit Button { margin-right: 2; }
    """

    def __init__(self, record: Path | None, default: str) -> None:
        super().__init__()
        self.record = record
        self.default = default
        speak(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="quit"):
            if self.record is not None:
                from .served import served_folder

                if served_folder() is None:
                    saved = _(
                        "The game is saved in {file} after every move: "
                        "rummy-rules play --resume {file} goes on with it."
                    )
                else:  # a web page: opened again, it offers the game back
                    saved = _(
                        "The game is saved after every move: open this page again to go on with it."
                    )
                yield Label(saved.format(file=self.record))
                with Horizontal():
                    yield Button(_("Quit"), id="quit-saved", variant="primary")
                    yield Button(_("Back to the game"), id="back")
            else:
                yield Label(_("Save the game before quitting? It goes on with --resume FILE."))
                yield Input(self.default, id="save-as")
                yield Label("", id="save-error")
                with Horizontal():
                    yield Button(_("Save and quit"), id="save", variant="primary")
                    yield Button(_("Quit without saving"), id="discard", variant="error")
                    yield Button(_("Back to the game"), id="back")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.dismiss(None)
        elif event.button.id == "quit-saved":
            self.dismiss(str(self.record))
        elif event.button.id == "discard":
            self.dismiss("")
        else:
            self.save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.save()

    def save(self) -> None:
        name = self.query_one("#save-as", Input).value.strip()
        if not name:
            self.query_one("#save-error", Label).update(_("give a file name"))
            return
        from ..errors import RummyRulesError
        from ..fsutil import prepare_output
        from .served import save_path, served_folder

        folder = served_folder()
        try:
            # Served to a web page: a name in the server's folder, never a path.
            path = Path(name) if folder is None else save_path(name, folder)
            prepare_output(path, "records", force=False)
        except RummyRulesError as exc:
            self.query_one("#save-error", Label).update(str(exc))
            return
        self.dismiss(str(path))

    def action_back(self) -> None:
        self.dismiss(None)


class DealEndScreen(ModalScreen[None]):
    """A deal's end, over the game, until the person goes on (Enter, space,
    Escape or its button): how it ended, each hand with its cards and points,
    the table as the deal ended, the totals and what the next deal asks for
    (or the game's end)."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("enter,space,escape", "dismiss", N_("Go on")),
    ]
    CSS = """
    DealEndScreen { align: center middle; }
    #deal-end { width: 90%; height: auto; max-height: 90%; border: round $success;
                background: $surface; padding: 0 1; }
    #deal-end-text { height: auto; max-height: 60vh; }
    #deal-end Button { margin-top: 1; }
    """

    def __init__(self, lines: Sequence[str], title: str) -> None:
        super().__init__()
        self.text = "\n".join(lines)
        self.title_text = title
        speak(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="deal-end") as box:
            box.border_title = self.title_text
            box.border_subtitle = _("Enter: go on")
            with VerticalScroll(id="deal-end-text"):
                yield Static(self.text, markup=False)
            yield Button(_("Go on"), id="deal-end-go-on", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


@dataclass(slots=True)
class Offer:
    """An unfinished game offered before a new one starts (a served page
    opened again): ``session``, read back and claimed, saved at ``saved``;
    ``start_new`` keeps the new game's record once the person chooses it."""

    session: PlaySession
    saved: str
    start_new: Callable[[], None] = lambda: None


class OfferScreen(ModalScreen[bool]):
    """Asked before a new game starts where an unfinished game of the variant
    is waiting (a web page opened again): go on with it (y, Enter) or deal a
    new game (n, Escape). Dismissed with ``True`` to go on."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("y", "answer(True)", N_("Go on with it")),
        Binding("n,escape", "answer(False)", N_("New game")),
    ]
    CSS = """
    OfferScreen { align: center middle; }
    #offer { width: 72; height: auto; border: round $primary; background: $surface;
             padding: 1 2; }
    #offer Label { width: 100%; }
    #offer Horizontal { height: auto; margin-top: 1; }
    #offer Button { margin-right: 2; }
    """

    def __init__(self, name: str, saved: str, deal: int) -> None:
        super().__init__()
        self.text = _(
            "An unfinished game of {name} is waiting (saved {saved}, deal {deal}). Go on with it?"
        ).format(name=name, saved=saved, deal=deal)
        speak(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="offer"):
            yield Label(self.text)
            with Horizontal():
                yield Button(_("Go on with it"), id="go-on", variant="primary")
                yield Button(_("New game"), id="new-game")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#go-on", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "go-on")

    def action_answer(self, go_on: bool) -> None:
        self.dismiss(go_on)
