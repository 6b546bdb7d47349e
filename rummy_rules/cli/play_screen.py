"""The full-screen game of ``rummy-rules play`` (Textual, the ``play`` extra).

The screen shows only the person's seat's view (their hand, the table, the
discard pile, every player's hand size, down status and score), the bots'
moves one by one in a log, and the legal actions.

Input cannot be misread. When a turn begins the focus is in the action box:
whatever is typed goes there, and Enter plays what was typed. The list of
legal actions has no highlight until the person moves into it (Down or Tab
from the box, or a click): Enter in the list plays only the action moved to,
and a letter typed in the list goes to the box. Single-key shortcuts act
only in the hand, where cards are picked (any other letter typed there goes
to the box too). In the box the same commands are words (``hint``,
``rules``, ``sort``, ``quit``) or keys with Ctrl (Ctrl-R the rules, Ctrl-Q
or Ctrl-C quit).

Cards are picked in the hand with the mouse, or with the arrow keys and the
space bar once the hand has the focus (Tab): the action list then shows only
the actions with the picked cards (discard, lay off, exchange). To go down,
pick each meld's cards and press g to set them aside as one meld, then d (or
m to lay them down as new melds after going down): the engine reads each group
as a set or a run, with what each wild card stands for.

Keys in the hand: h a hint, r the rulebook at the current deal, s sort the
hand by rank or by suit, f and l bots faster or slower, q (or Ctrl-C
anywhere) asks whether to save and quit; Escape (in the hand or the list)
goes back to the box.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static

from ..render.action_words import game_commands, shown_action, typed_action, typed_command
from ..render.i18n import N_, _, current_language
from ..render.pack_words import pack_examples
from ..render.refusals import refusal_line, refusal_text, rule_lines
from ..render.table_words import (
    deadwood_lines,
    deal_end_lines,
    deal_results,
    drawn_line,
    game_over_line,
    move_line,
    offer_lines,
    resumed_lines,
    sorted_hand,
    table_lines,
    variant_name,
)
from ..sim.session import Move, PlaySession
from .play_dialogs import DealEndScreen, Offer, OfferScreen, QuitScreen, RulesScreen, speak
from .play_widgets import ActionList, CommandBox, HandBar, StatusPane

__all__ = ["PlayApp", "run_screen"]

#: The smallest terminal the screen is laid out for.
MIN_SIZE = (80, 24)


class PlayApp(App[None]):
    """A game of rummy against bots, one seat's view."""

    TITLE = "rummy-rules play"
    CSS = """
    #left { width: 3fr; }
    #right { width: 2fr; }
    #status { height: auto; border: round $primary; padding: 0 1; }
    #table-box { height: 1fr; border: round $primary; }
    #table { height: auto; padding: 0 1; }
    #hand { height: auto; border: round $success; padding: 0 1; }
    #log { height: 1fr; border: round $primary; }
    #actions { height: 12; border: round $success; }
    #command { dock: bottom; }
    """
    BINDINGS: ClassVar[list[Any]] = [
        Binding("ctrl+r", "rules", N_("Rules"), priority=True),
        Binding("ctrl+q", "quit_game", N_("Quit"), priority=True),
        Binding("ctrl+c", "quit_game", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        session: PlaySession,
        *,
        pace: float = 0.4,
        offer: Offer | None = None,
        busy: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.offer = offer  # an unfinished game to offer first (a served page opened again)
        # A served page opened while the variant's unfinished game is open in
        # another page: it plays a new game, and says so.
        self.busy = busy
        self.pace = pace
        self._moves: Iterator[Move] | None = None
        # A new game shows the deals that ended as they were dealt (a win on the deal).
        self._ended = len(session.state.results) if session.resumed else 0
        self.by_rank = False
        speak(self)
        # Textual's command palette speaks English only: offered in English.
        setattr(self, "ENABLE_COMMAND_PALETTE", current_language() == "en")  # noqa: B010

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="left"):
                yield StatusPane(id="status")
                # The table scrolls (mouse wheel) where its melds outgrow the pane.
                box = VerticalScroll(id="table-box")
                box.can_focus = False  # Tab goes between the hand, the actions and the box
                with box:
                    yield Static(id="table")
                yield HandBar(self.session.cards, id="hand")
            with Vertical(id="right"):
                # min_width: RichLog renders at 78 columns at least, which the
                # narrower pane would cut; lines wrap at the pane's own width.
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                log.can_focus = False  # Tab goes between the hand, the actions and the box
                yield log
                yield ActionList(id="actions")
        example = self.session.cards.show("discard QC")
        yield CommandBox(
            placeholder=_("type an action ({example}) or help · Down: the list").format(
                example=shown_action(example)
            ),
            id="command",
            select_on_focus=False,
        )
        yield Footer()

    def on_mount(self) -> None:
        offer = self.offer
        if offer is None:
            self._begin()
            self.call_later(self.advance)
            return
        # Asked over empty panes: neither game's cards are shown until chosen.
        waiting = offer.session
        deal = waiting.state.deal_index + 1
        ask = OfferScreen(variant_name(waiting.spec), offer.saved, deal)
        self.push_screen(ask, self._offered)

    def _begin(self) -> None:
        """Name the seat and show the game as it stands (a resumed game's story so far)."""
        you = _("{name}: you are {seat}").format(
            name=variant_name(self.session.spec), seat=f"p{self.session.seat + 1}"
        )
        self.sub_title = you
        if self.busy:
            self.log_line(
                _(
                    "Your unfinished game of {name} is open in another page; this page plays "
                    "a new game."
                ).format(name=variant_name(self.session.spec))
            )
        self.log_line(you)
        for line in resumed_lines(self.session.state) if self.session.resumed else []:
            self.log_line(line, symbols=True)
        self.refresh_table()

    def _offered(self, go_on: bool | None) -> None:
        """After the offer: go on with the waiting game, or start the new one."""
        offer, self.offer = self.offer, None
        assert offer is not None
        if go_on:
            self.session.close()
            self.session = offer.session
            self._ended = len(self.session.state.results)
            self.query_one("#hand", HandBar).names = self.session.cards
        else:
            offer.session.close()
            offer.start_new()
        self._begin()
        self.call_later(self.advance)

    # -- the table ----------------------------------------------------------------

    def log_line(self, text: str, *, symbols: bool = False) -> None:
        """Add a line to the log pane; with ``symbols`` (moves, deal ends), its
        cards shown with suit symbols as on the table (messages keep the codes
        a player types)."""
        log = self.query_one("#log", RichLog)
        log.write(self.session.cards.symbols(text) if symbols else text, scroll_end=True)

    def refresh_table(self) -> None:
        """Redraw the status, table and hand from the person's view."""
        state, seat = self.session.state, self.session.seat
        offer = offer_lines(state, seat)  # shown with the status, above the table
        lines = table_lines(state, seat)
        # The hand has its own bar: its line goes, the deadwood under it stays.
        counted = deadwood_lines(state, seat, state.hand(seat))
        rest = lines[: len(lines) - 1 - len(counted)] + counted
        table_at = next((i for i, line in enumerate(rest) if line == _("Table:")), len(rest))
        shown = self.session.cards.symbols
        self.query_one("#status", StatusPane).show(
            shown("\n".join(rest[:table_at] + offer)).split("\n")
        )
        self.query_one("#table", Static).update(
            shown("\n".join(rest[table_at:])) or _("Nothing on the table yet.")
        )
        faces = sorted_hand(self.session.state.hand(self.session.seat), by_rank=self.by_rank)
        bar = self.query_one("#hand", HandBar)
        bar.show(faces)
        bar.border_title = _("Your hand ({n})").format(n=len(faces))
        bar.name_keys()

    def show_actions(self, *, focus: bool = True) -> None:
        """List the person's legal actions (empty while the bots play); with
        cards picked in the hand, only the actions with those cards."""
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        legal = self.session.legal()
        picked = self.query_one("#hand", HandBar).picked_faces()
        actions.border_title = _("Your move") if legal else ""
        if legal == ["no", "yes"]:
            actions.border_title = _("Your partner asks: may I go out?")
        if legal and picked:
            cards = self.session.cards.symbols(self.session.cards.texts(picked))
            matching = self.session.actions_with(picked)
            if matching:
                legal = matching
                actions.border_title = _("With {cards}").format(cards=cards)
            else:  # every action stays in reach
                actions.border_title = _("Your move (none with {cards} alone)").format(cards=cards)
        if legal:
            names = self.session.cards
            actions.add_options([names.symbols(shown_action(text)) for text in legal])
            # No highlight until the person moves to an action: Enter in the
            # list never plays an action nobody chose.
            actions.highlighted = None
            if focus:
                self.query_one("#command", Input).focus()

    def on_hand_bar_picked(self, event: HandBar.Picked) -> None:
        self.show_actions(focus=False)

    # -- the game going on ----------------------------------------------------------

    def advance(self) -> None:
        """Play the bots' next move, or stop at the person's turn, a deal's end
        (its summary over the game until the person goes on) or the game's end."""
        session = self.session
        if self.deal_break():
            return
        if self._moves is None:
            self._moves = session.bot_moves()
        if session.bot_searches():
            # A searching bot thinks for seconds: in a thread, the screen alive.
            self.log_line(_("p{seat} is thinking…").format(seat=session.state.to_move + 1))
            moves = self._moves
            self.run_worker(lambda: self._think(moves), thread=True, group="bots")
            return
        self.moved(next(self._moves, None))

    def _think(self, moves: Iterator[Move]) -> None:
        """The searching bot's move, worked out in a worker thread."""
        move = next(moves, None)
        if self.app.is_running:  # not after the person has quit
            self.app.call_from_thread(self.moved, move)

    def moved(self, move: Move | None) -> None:
        """Show a bot's move and go on, or, with none left, stop at the person's
        turn or the game's end."""
        session = self.session
        if move is not None:
            self.log_line(move_line(move.text, move.bought), symbols=True)
            self.refresh_table()
            self.set_timer(self.pace, self.advance) if self.pace else self.call_later(self.advance)
            return
        self._moves = None
        self.refresh_table()
        if session.over():
            self.log_line(game_over_line(session.state, session.seat), symbols=True)
            self.query_one("#actions", OptionList).clear_options()
            return
        self.show_actions()

    def deal_break(self) -> bool:
        """If a deal has just ended: log how it went and show its end over the
        game; the game goes on when the person dismisses it."""
        state = self.session.state
        if len(state.results) == self._ended:
            return False
        summary: list[str] = []
        for index in range(self._ended, len(state.results)):
            summary += map(self.session.cards.symbols, deal_end_lines(state, index))
        for line in deal_results(state, self._ended):
            self.log_line(line, symbols=True)
        self._ended = len(state.results)
        self.refresh_table()
        self.query_one("#actions", OptionList).clear_options()
        if state.is_terminal():
            title = _("The game is over")
        else:
            title = _("Deal {number} is over").format(number=self._ended)
        self.push_screen(DealEndScreen(summary, title), lambda _result: self.advance())
        return True

    def act(self, text: str) -> None:
        """Make the person's action (or a command such as hint or help)."""
        text = text.strip()
        if not text:
            return
        command = _COMMANDS.get(typed_command(text).lower())
        if command is not None:
            getattr(self, f"action_{command}")()
            return
        self.answer(text, self.session.play(typed_action(text)))

    def action_help(self) -> None:
        spec = self.session.spec
        self.log_line(self.session.cards.show(pack_examples(game_commands(_(_HELP), spec), spec)))

    def action_into_actions(self, step: int) -> None:
        """From the box into the list: the first (Down) or last (Up) action
        highlighted. Keys pressed before the focus has moved (Down Down Down
        typed ahead) reach the box: each moves the highlight on by one."""
        actions = self.query_one("#actions", OptionList)
        count = actions.option_count
        if not count:
            return
        actions.focus()
        if actions.highlighted is None:
            actions.highlighted = 0 if step > 0 else count - 1
        else:
            actions.highlighted = max(0, min(count - 1, actions.highlighted + step))

    def answer(self, text: str, reason: str | None) -> None:
        """Show a refusal (and the rule behind it), or go on after a made action."""
        if reason is not None:
            self.log_line(refusal_line(reason))
            for rule in rule_lines(self.session.spec, reason):
                self.log_line("  " + _("the rule: {rule}").format(rule=rule))
            self.bell()
            return
        made = f"p{self.session.seat + 1} {self.session.last_made}"
        self.log_line(move_line(made, self.session.last_bought), symbols=True)
        if self.session.last_drawn:
            bought = self.session.last_bought is not None
            drawn = drawn_line(self.session.state, self.session.last_drawn, bought=bought)
            self.log_line(drawn, symbols=True)
        self.query_one("#hand", HandBar).clear()
        self.query_one("#actions", OptionList).clear_options()
        self.refresh_table()
        self.call_later(self.advance)

    def action_group(self) -> None:
        if not self.query_one("#hand", HandBar).set_aside():
            self.log_line(
                _("pick the cards of a meld first (click them, or Tab to the hand and space)")
            )
        self.show_actions(focus=False)

    def action_down(self, kind: str) -> None:
        bar = self.query_one("#hand", HandBar)
        bar.set_aside()
        groups = bar.group_faces()
        if not groups:
            self.log_line(_("pick each meld's cards and press g after each, then d to go down"))
            return
        text = f"{kind} " + " / ".join(self.session.cards.texts(g) for g in groups)
        self.answer(text, self.session.play_groups(kind, groups))

    def action_clear(self) -> None:
        self.query_one("#hand", HandBar).clear()
        self.query_one("#hand", HandBar).draw()
        self.show_actions(focus=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        text = str(event.option.prompt)
        self.answer(text, self.session.play(typed_action(text)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        event.input.value = ""
        self.act(event.value)

    def action_hint(self) -> None:
        self.log_line(refusal_text(self.session.hint()))

    def action_undo(self) -> None:
        """Take back this turn's last play (``melding.take_back: this_turn``)."""
        self.answer("undo", self.session.play("undo"))

    def action_rules(self) -> None:
        from ..render.i18n import current_language
        from ..render.rulebook import render_rulebook

        state = self.session.state
        deal = min(state.deal_index, len(self.session.spec.deals) - 1) + 1
        # The deal's row of the rulebook's table of deals starts "Deal 3 ".
        row = _("Deal %(number)s %(cards)s cards:").split("%(number)s")[0]
        title = _("{name}: you are playing deal {deal}")
        self.push_screen(
            RulesScreen(
                render_rulebook(self.session.spec, "txt", lang=current_language()),
                mark=f"{row}{deal} ",
                title=title.format(name=variant_name(self.session.spec), deal=deal),
            )
        )

    def action_sort(self) -> None:
        self.by_rank = not self.by_rank
        self.refresh_table()

    def action_slower(self) -> None:
        self.pace = min(3.0, max(0.2, self.pace * 2))
        self.log_line(
            _("the bots play one move every {seconds} s").format(seconds=f"{self.pace:.1f}")
        )

    def action_faster(self) -> None:
        self.pace = 0.0 if self.pace < 0.1 else self.pace / 4
        self.log_line(_("the bots play faster") if self.pace else _("the bots play at once"))

    def action_quit_game(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        session = self.session
        if session.over():
            self.exit()
            return
        from ..fsutil import free_name
        from .served import free_save_name, served_folder

        folder = served_folder()
        if folder is None:
            default = str(free_name(Path(f"{session.spec.id}-game.jsonl")))
        else:
            default = free_save_name(f"{session.spec.id}-game", folder)
        self.push_screen(QuitScreen(session.record, default), self.quit_to)

    def quit_to(self, answer: str | None) -> None:
        """After the quit question: save where asked (``""``: do not), or go back."""
        if answer is None:
            return
        if answer:
            from ..errors import RummyRulesError

            try:
                self.session.keep_record(Path(answer))
            except RummyRulesError as exc:  # another game took the name meanwhile
                self.log_line(str(exc))
                return
            self.session.save()
        self.exit()


_HELP = N_(
    "Type an action and Enter: draw, take 7H, buy, pass, down 7H 7S JK / 4C 5C 6C 7C, "
    "meld 5C 6C 7C, layoff 5S@2, exchange 7H@2, discard QC. Or press Down (or Tab) to move "
    "into the list of actions, then the arrows and Enter. Or click cards in your hand (Tab, "
    "arrows and space work too): the list shows what you can do with them; g sets them "
    "aside as one meld, d goes down with the melds set aside, m lays them down as new "
    "melds, x clears, u takes back this turn's last play (where the rules allow it). "
    "Keys in the hand and the list: h hint, r rules at this deal, s sort the hand, "
    "f/l faster/slower bots, q quit, Escape back to typing. Typed: hint, rules, sort, "
    "quit. Anywhere: Ctrl-R rules, Ctrl-Q or Ctrl-C quit (asks to save)."
)

#: Words typed in the box that are commands of the screen, not actions.
_COMMANDS = {
    "hint": "hint",
    "help": "help",
    "?": "help",
    "rules": "rules",
    "sort": "sort",
    "quit": "quit_game",
    "q": "quit_game",
    "faster": "faster",
    "slower": "slower",
    "clear": "clear",
}


def run_screen(session: PlaySession, offer: Offer | None = None, *, busy: bool = False) -> None:
    """Run the full-screen game for ``session`` until it ends or the person quits
    (after offering ``offer``'s unfinished game first, where there is one;
    ``busy``: saying first that the unfinished game is open in another page)."""
    import shutil

    columns, rows = shutil.get_terminal_size((80, 24))
    if columns < MIN_SIZE[0] or rows < MIN_SIZE[1]:
        from ..errors import RummyRulesError

        raise RummyRulesError(
            f"the terminal is {columns}x{rows}: the game needs at least "
            f"{MIN_SIZE[0]}x{MIN_SIZE[1]} (or play line by line with --plain)"
        )
    app = PlayApp(session, offer=offer, busy=busy)
    try:
        app.run()
    finally:
        for other in (app.session, offer.session if offer is not None else None):
            if other is not None and other is not session:
                other.close()  # the game gone on with (or offered): its claim
    session = app.session
    if session.record is not None and not session.over():
        print(
            f"The game is saved in {session.record}: "
            f"rummy-rules play --resume {session.record} goes on."
        )
