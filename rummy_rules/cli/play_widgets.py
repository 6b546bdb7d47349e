"""The widgets of ``play``'s full screen (:mod:`.play_screen`): the action box,
the list of legal actions and the hand, where cards are picked by keys or
the mouse, with the single-key shortcuts that act only there."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, OptionList, Static

from ..cards import CardNames
from ..render.i18n import N_, _
from .play_dialogs import speak

__all__ = [
    "CELL",
    "SHORTCUTS",
    "ActionList",
    "CommandBox",
    "HandBar",
    "StatusPane",
    "fold_entries",
    "to_the_box",
]


#: Columns of one card in the hand ("10H" and a space).
CELL = 4


#: Single-key shortcuts, active only in the hand (where nothing is typed);
#: each runs an action of the app.
SHORTCUTS: list[Any] = [
    Binding("h", "app.hint", N_("Hint")),
    Binding("g", "app.group", N_("Set aside")),
    Binding("d", "app.down('down')", N_("Down")),
    Binding("m", "app.down('meld')", N_("Meld"), show=False),
    Binding("x", "app.clear", N_("Clear picks"), show=False),
    Binding("u", "app.undo", N_("Take back"), show=False),
    Binding("s", "app.sort", N_("Sort"), show=False),
    # r and q do what the app's ^r and ^q do (shown in the footer everywhere):
    # not shown twice.
    Binding("r", "app.rules", N_("Rules"), show=False),
    Binding("f", "app.faster", N_("Faster bots"), show=False),
    Binding("l", "app.slower", N_("Slower bots"), show=False),
    Binding("q", "app.quit_game", N_("Quit"), show=False),
    Binding("escape", "app.focus('command')", N_("Type"), show=False),
]
_SHORTCUT_KEYS = frozenset(
    key for binding in SHORTCUTS for key in binding.key.split(",") if len(key) == 1
)


def to_the_box(widget: Any, event: events.Key, shortcuts: frozenset[str]) -> None:
    """A printable key that is none of ``shortcuts``, typed in the hand or the
    list: it goes to the action box (typing always lands there)."""
    if event.is_printable and event.character and event.key not in shortcuts:
        if event.key == "space" and "space" in shortcuts:
            return
        event.stop()
        event.prevent_default()
        box = widget.app.query_one("#command", Input)
        box.focus()
        box.insert_text_at_cursor(event.character)


class CommandBox(Input):
    """The action box: everything typed goes here; Down or Up moves into the list."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("down", "app.into_actions(1)", N_("Actions"), show=False),
        Binding("up", "app.into_actions(-1)", N_("Actions"), show=False),
    ]


class ActionList(OptionList):
    """The legal actions. Nothing is highlighted until the person moves to an
    action, and Enter plays only the action moved to."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape", "app.focus('command')", N_("Type"), show=False),
    ]

    def on_key(self, event: events.Key) -> None:
        to_the_box(self, event, frozenset())

    def on_blur(self) -> None:
        # Back in the box, Down starts again from the first action.
        self.highlighted = None

    def action_select(self) -> None:
        if self.highlighted is None:
            if self.option_count:
                self.app.bell()
            return
        super().action_select()


class HandBar(Static, can_focus=True):
    """The person's hand: cards picked with the mouse, or the arrows and space."""

    BINDINGS: ClassVar[list[Any]] = [
        *SHORTCUTS,
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Next card"), show=False),
        Binding("home", "go(0)", N_("First card"), show=False),
        Binding("end", "go(-1)", N_("Last card"), show=False),
        Binding("space", "pick", N_("Pick card"), show=False),
    ]

    def __init__(self, names: CardNames | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.names = names or CardNames()
        self.cards: list[int] = []
        self.picked: set[int] = set()
        self.groups: list[list[int]] = []  # positions in the hand, one list per meld
        self.cursor = 0
        speak(self)

    def name_keys(self) -> None:
        """The hand's keys under it, in short on a bar too narrow for the words
        (measured once the bar is laid out, and again whenever it is resized)."""
        width = self.outer_size.width  # the border line the keys are written in
        for keys in (
            _("click/space: pick · g: set aside · d: down · m: meld · x: clear"),
            _("space/g/d/m/x: pick/aside/down/meld/clear"),  # a narrow screen
            _("space g d m x · help: ?"),  # the words in the help
        ):
            if not width or len(keys) + 6 <= width:
                break
        self.border_subtitle = keys

    def show(self, cards: list[int]) -> None:
        """Show ``cards`` (sorted); a changed hand (or order) drops the picks."""
        if cards != self.cards:
            self.clear()
        self.cards = cards
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.draw()

    def clear(self) -> None:
        """Drop the picked cards and the melds set aside."""
        self.picked.clear()
        self.groups.clear()

    def per_line(self) -> int:
        return max(1, self.content_size.width // CELL) if self.content_size.width else 16

    def draw(self) -> None:
        text = Text()
        grouped = {i for g in self.groups for i in g}
        per_line = self.per_line()
        for i, face in enumerate(self.cards):
            style = ""
            if i in self.picked:
                style = "reverse"
            elif i in grouped:
                style = "dim strike"
            if i == self.cursor and self.has_focus:
                style += " underline bold"
            shown = self.names.symbols(self.names.text(face))
            text.append(shown.ljust(CELL - 1), style=style.strip())
            text.append("\n" if (i + 1) % per_line == 0 else " ")
        if self.groups:
            shown = "  ".join(
                "[" + self.names.symbols(self.names.texts(faces)) + "]"
                for faces in self.group_faces()
            )
            text.append("\n" + _("Melds set aside: {melds}").format(melds=shown))
        self.update(text)

    def picked_faces(self) -> list[int]:
        """The faces of the picked cards."""
        return [self.cards[i] for i in sorted(self.picked)]

    def group_faces(self) -> list[list[int]]:
        """The faces of each meld set aside."""
        return [[self.cards[i] for i in g] for g in self.groups]

    def set_aside(self) -> bool:
        """Set the picked cards aside as one meld; False when none is picked."""
        if not self.picked:
            return False
        self.groups.append(sorted(self.picked))
        self.picked.clear()
        self.draw()
        return True

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self.cards) or any(index in g for g in self.groups):
            return
        self.cursor = index
        self.picked.symmetric_difference_update({index})
        self.draw()
        self.post_message(self.Picked())

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.draw()

    def action_go(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)
            self.draw()

    def action_pick(self) -> None:
        self.toggle(self.cursor)

    def on_focus(self) -> None:
        self.draw()

    def on_blur(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()
        self.name_keys()

    def on_key(self, event: events.Key) -> None:
        to_the_box(self, event, _SHORTCUT_KEYS | {"space"})

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        column = offset.x // CELL
        if column >= self.per_line():
            return
        self.toggle(offset.y * self.per_line() + column)

    class Picked(Message):
        """The picked cards changed."""


#: What separates the entries of a status line (every seat's cards, points, …).
ENTRY_GAP = "  "


def fold_entries(line: str, width: int) -> list[str]:
    """``line`` in rows of at most ``width`` cells, broken only between its
    entries (parts joined by two spaces: one seat's cards and points), so that
    no entry is cut across two rows; an entry wider than a row is left whole
    (the pane wraps it)."""
    if width <= 0 or cell_len(line) <= width or ENTRY_GAP not in line:
        return [line]
    rows: list[str] = []
    row = ""
    for entry in line.split(ENTRY_GAP):
        if row and cell_len(row + ENTRY_GAP + entry) > width:
            rows.append(row)
            row = entry
        else:
            row = f"{row}{ENTRY_GAP}{entry}" if row else entry
    rows.append(row)
    return rows


class StatusPane(Static):
    """The status above the table: its lines folded between entries to the
    pane's width (80 columns: each seat's entry stays on one row), again
    whenever the pane is resized."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []

    def show(self, lines: list[str]) -> None:
        """Show ``lines`` (as printed, card symbols included), folded."""
        self.lines = lines
        self.fold()

    def fold(self) -> None:
        """Fold the lines to the pane's present width."""
        width = self.content_region.width
        self.update("\n".join(row for line in self.lines for row in fold_entries(line, width)))

    def on_resize(self) -> None:
        self.fold()
