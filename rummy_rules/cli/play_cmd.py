"""``rummy-rules play``: play your house rules against bots."""

from __future__ import annotations

import functools
import random
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from ..render.action_words import (
    game_commands,
    game_words,
    shown_action,
    typed_action,
    typed_command,
)
from ..render.i18n import N_, _
from ..render.pack_words import pack_examples
from .autosave import SavedGame, games_folder, new_game_path, unfinished_games
from .common import (
    ForceOption,
    GameLangOption,
    SetOption,
    check_overrides,
    complete_variant,
    error,
    handle_errors,
    language_for,
    needs_terminal,
    note,
    os_error_text,
    players_for,
    read_line,
    small_number,
)
from .runs import PlayersOption, bot_list, check_playable
from .served import served_folder

if TYPE_CHECKING:
    from ..sim.session import PlaySession
    from .play_dialogs import Offer

Say = Callable[[str], None]

#: The most actions listed by number at a prompt (the rest are typed).
SHOWN_ACTIONS = 40

_HELP = N_("""\
Type the number of an action, or the action itself:
  draw | take 7H | buy | pass | down 7H 7S 7D / 4C 5C 6C 7C | meld 5C 6C 7C
  layoff 5S@2 | exchange 7H@2 | discard QC | end
  undo (take back this turn's last play, where the rules allow it)""")
#: How cards are typed, for a standard pack and for a numbered one (whose
#: example cards are written in the game's own numbers and letters).
_HELP_CARDS = N_(
    "Cards: 10H QS AS JK (T for ten, lower case and ♠♥♦♣ work too); a wild card in a meld "
    "may say what it stands for (JK=7D), or leave it to the game to find. Meld numbers are "
    "the table's. A refused action shows the rule."
)
_HELP_NUMBERED_CARDS = N_(
    "Cards: 7H 12S JK (the number, then the letter of its colour; lower case works too); a "
    "wild card in a meld may say what it stands for (JK=7D), or leave it to the game to "
    "find. Meld numbers are the table's. A refused action shows the rule."
)
#: The help's last line, in the game's own word for what ``hint`` tells.
_HELP_LAST = {
    "down": N_("Other commands: all (every legal action), hint (can I go down?), help, quit."),
    "knock": N_("Other commands: all (every legal action), hint (can I knock?), help, quit."),
    "declare": N_("Other commands: all (every legal action), hint (can I declare?), help, quit."),
}


def _help(session: PlaySession) -> str:
    """The --plain help, its hint in the game's word: go down, knock or declare;
    its example cards in the game's pack."""
    play = session.state.rules.play
    goal = ("declare" if play.declares else "knock") if play.knocks else "down"
    cards = _HELP_NUMBERED_CARDS if session.spec.deck.numbered else _HELP_CARDS
    moves = game_commands(_(_HELP), session.spec)
    text = moves + "\n" + textwrap.fill(_(cards), width=79) + "\n" + _(_HELP_LAST[goal])
    return pack_examples(text, session.spec)


PlayBotsOption = Annotated[
    str | None,
    typer.Option(
        "--bots",
        metavar="BOTS",
        help=(
            "Bots by seat, comma-separated and repeated to fill the table (default "
            "greedy): a level (easy, medium, hard: a bot that searches, at most about 2 "
            "seconds a move), random, greedy, greedy with a personality "
            "(greedy:buy=eager:down=late), search, or your own class as module:Class or "
            "file.py:Class (see docs/bots.md). With --resume: seats these bots instead "
            "of the record's (a record's own bots are seated only when they are shipped "
            "bots: nothing a file names is imported)."
        ),
    ),
]


ContinueOption = Annotated[
    bool,
    typer.Option(
        "--continue",
        help="Go on with the newest game left unfinished in the games folder (of "
        "VARIANT, when given).",
    ),
]
PlainOption = Annotated[
    bool,
    typer.Option(
        "--plain",
        help="Line-based play on standard input and output (screen readers, pipes, "
        "tests) instead of the full screen.",
    ),
]
NoSaveOption = Annotated[
    bool,
    typer.Option(
        "--no-save",
        help="Keep no record of this game (by default every game is saved in the "
        "games folder as it is played; see the last paragraph above).",
    ),
]


@handle_errors
def play(
    source: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT",
            help="A shipped variant id or a variant file (not needed with --resume).",
            autocompletion=complete_variant,
        ),
    ] = None,
    overrides: SetOption = None,
    players: PlayersOption = None,
    seat: Annotated[
        int, typer.Option("--seat", min=1, help="Your seat, from 1 (p1 plays first).")
    ] = 1,
    bots: PlayBotsOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="The game's seed: the same seed deals the same game. Default: a new "
            "seed for every game, printed at the start so the game can be dealt again.",
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Keep the game's record in FILE, complete after every action "
            "(replay it with `rummy-rules replay`, go on with --resume).",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume", metavar="FILE", help="Go on with a game recorded by `play --record`."
        ),
    ] = None,
    go_on: ContinueOption = False,
    no_save: NoSaveOption = False,
    plain: PlainOption = False,
    force: ForceOption = False,
    lang: GameLangOption = None,
) -> None:
    """Play a game of VARIANT against bots: you see your own hand and the table.

    The bots' moves are shown one by one; on your turn the legal actions are
    listed (pick one, or pick cards in your hand and go down with them). An
    illegal action is refused with the engine's reason and the rulebook's
    sentence for the rule, and changes nothing. --resume FILE goes on with a
    saved game. --lang plays in Bulgarian (bg) or Armenian (hy): the table, the
    messages, the refusals and their rules (the actions are typed as the help
    shows them).

    Every game is saved after every action: in --record FILE, else in a new
    file of the games folder ($RUMMY_RULES_GAMES, or rummy-rules/games in your
    data folder: ~/.local/share on Linux), named by the variant and the time so
    that no game replaces another. A new game of a variant with one left
    unfinished there offers it first (at a terminal); --continue goes on with
    the newest; --no-save keeps no record.
    """
    from ..render.i18n import language
    from ..render.pack_words import pack_of

    code = language_for(lang)
    if not plain:
        needs_terminal("the full-screen game", "play line by line with --plain")
    if go_on:
        resume, source = _newest_unfinished(source, resume), None
    offer, busy = None, False
    if resume is not None:
        session = _resumed(source, resume, record, bots, force=force)
    else:
        if source is None:
            raise typer.BadParameter("give the variant to play", param_hint="VARIANT")
        session, offer, busy = _new_game(
            source, overrides, players, seat, bots, seed, record, force=force, save=not no_save
        )
    knock = session.spec.going_out.knock
    declares = knock is not None and knock.word == "declare"
    joins = session.spec.melds.set.join and not session.spec.melding.rearrange_table
    # The record is this game's alone until it ends; its words are the game's own.
    with session, game_words(declares, joins):
        if plain:
            with language(code, pack_of(session.spec)):
                play_plain(session, sys.stdin, sys.stdout)
            return
        try:
            from .play_screen import run_screen
        except ImportError:
            error(
                "error: the full-screen game needs Textual: pip install 'rummy-rules[play]' "
                "(or play line by line with --plain)"
            )
            raise typer.Exit(1) from None
        with language(code, pack_of(session.spec)):
            run_screen(session, offer, busy=busy)


def _resumed(
    source: str | None, resume: Path, record: Path | None, bots: str | None, *, force: bool
) -> PlaySession:
    """``--resume`` (or ``--continue``): the game recorded at ``resume``, its
    record kept there or in ``record``."""
    from ..fsutil import prepare_output
    from ..sim.session import PlaySession

    if source is not None:
        raise typer.BadParameter("give a VARIANT or --resume, not both", param_hint="VARIANT")
    if record is not None:
        prepare_output(record, "records", force=force)
    session = PlaySession.resume(resume, record=record, bots=bots)
    note(f"going on with {resume}")
    return session


def _new_game(
    source: str,
    overrides: list[str] | None,
    players: int | None,
    seat: int,
    bots: str | None,
    seed: int | None,
    record: Path | None,
    *,
    force: bool,
    save: bool = True,
) -> tuple[PlaySession, Offer | None, bool]:
    """A new game of ``source`` for ``play``, its record (if any) written once:
    in ``record``, else (with ``save``) in a new file of the games folder (a
    served game's: the server's folder). With it, where a served page is
    opened again, the newest unfinished game of the variant that no other
    page has open, offered on the page before the new game starts; and
    whether the page should say that an unfinished game of the variant is
    open in another page (so none is offered: this page plays a new game)."""
    from ..fsutil import prepare_output
    from ..sim.session import PlaySession
    from ..spec.loader import load_variant

    spec = load_variant(source, check_overrides(overrides))
    check_playable(spec)
    count = players_for(spec, players)
    if seat > count:
        raise typer.BadParameter(f"there are {count} seats", param_hint="'--seat'")
    kinds = bot_list(bots or "greedy", count - 1) if count > 1 else []
    if record is not None:
        prepare_output(record, "records", force=force)
    folder = served_folder()
    chosen = seed is not None or record is not None or not save
    offer = None
    busy = False
    if folder is not None:
        # A page opened again (a reload, another tab): its game is offered back.
        waiting = [] if chosen else unfinished_games(spec.id, folder=folder, free=True)
        offer = _offer(waiting[0], bots) if waiting else None
        busy = not chosen and not waiting and bool(unfinished_games(spec.id, folder=folder))
    elif waiting := unfinished_games(spec.id):
        game = waiting[0]
        # Asked where a person answers at a terminal, for a game not chosen
        # by its seed or record; elsewhere (a pipe, a script) a note only.
        if not chosen and _interactive():
            when = game.saved.strftime("%Y-%m-%d %H:%M")
            if typer.confirm(
                f"An unfinished game of {game.name} (saved {when}) is in {game.path}. "
                "Go on with it?",
                default=True,
                err=True,
            ):
                return _resumed(None, game.path, None, bots, force=force), None, False
        else:
            note(
                f"an unfinished game of {game.name} is saved in {game.path}: "
                "rummy-rules play --continue goes on with it"
            )
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        note(f"seed {seed} (--seed {seed} deals this game again)")
    session = PlaySession(spec, players=count, seat=seat - 1, bots=kinds, seed=seed, record=record)
    if offer is not None:
        # Its file is made only if the new game is chosen (Offer.start_new):
        # a page closed while asking leaves no empty game to be offered next.
        offer.start_new = functools.partial(_keep_new, session, spec.id, folder)
        return session, offer, False
    if record is None and save:
        _keep_new(session, spec.id, folder)
    else:
        session.save()
    return session, None, busy


def _offer(game: SavedGame, bots: str | None) -> Offer | None:
    """The offer of ``game`` to a served page: the game read back and claimed
    (no other page takes it while the page asks), or none if it cannot be."""
    from ..errors import RummyRulesError
    from ..sim.session import PlaySession
    from .play_dialogs import Offer

    try:
        waiting = PlaySession.resume(game.path, bots=bots)
    except RummyRulesError as exc:
        note(f"the unfinished game in {game.path} is not offered: {exc}")
        return None
    return Offer(waiting, game.saved.strftime("%Y-%m-%d %H:%M"))


def _keep_new(session: PlaySession, variant_id: str, folder: Path | None) -> None:
    """Keep the record of the new game ``session`` in a new file of the games
    folder (``folder``, a served game's), and write it."""
    try:
        record = new_game_path(variant_id, folder=folder)
        session.keep_record(record)
    except OSError as exc:
        note(f"this game is not saved: {os_error_text(exc)} (give --record FILE)")
        return
    if folder is None:
        note(f"saving the game in {record} (--no-save keeps none)")
    session.save()


def _interactive() -> bool:
    """Whether a person answers at a terminal (standard input and error)."""
    return sys.stdin.isatty() and sys.stderr.isatty()


def _newest_unfinished(source: str | None, resume: Path | None) -> Path:
    """``--continue``: the newest unfinished game in the games folder (of
    ``source``'s variant, when given)."""
    if resume is not None:
        raise typer.BadParameter("give --continue or --resume, not both", param_hint="--continue")
    wanted = None
    if source is not None:
        from ..spec.loader import load_variant

        wanted = load_variant(source).id
    waiting = unfinished_games(wanted)
    if not waiting:
        of = f" of {wanted}" if wanted else ""
        raise typer.BadParameter(
            f"no unfinished game{of} in {games_folder()}", param_hint="--continue"
        )
    return waiting[0].path


def play_plain(session: PlaySession, stdin: TextIO, stdout: TextIO) -> None:
    """The line-based game: bots' moves and the table as text, actions read line by line."""

    def say(text: str = "") -> None:
        stdout.write(text + "\n")
        stdout.flush()

    from ..render.table_words import (
        deal_results,
        game_over_line,
        move_line,
        resumed_lines,
        variant_name,
    )

    intro = _("{name}: you are {seat}. Type help for the commands.")
    say(intro.format(name=variant_name(session.spec), seat=f"p{session.seat + 1}"))
    for line in resumed_lines(session.state) if session.resumed else []:
        say(line)
    # A new game reports the deals that ended as they were dealt (a win on the deal).
    ended = len(session.state.results) if session.resumed else 0

    def report() -> None:
        """How a deal that has just ended went, before any move of the next."""
        nonlocal ended
        for line in deal_results(session.state, ended):
            say(line)
        ended = len(session.state.results)

    try:
        while True:
            report()  # a deal the person's own move ended
            for move in session.bot_moves():
                say(move_line(move.text, move.bought))
                report()
            if session.over():
                say(game_over_line(session.state, session.seat))
                return
            answer = _turn(session, stdin, say)
            if answer != "played":
                if answer == "quit" and session.record is None:
                    _offer_save(session, stdin, say)
                _stopped(session, say)
                return
    except KeyboardInterrupt:
        if session.record is None:
            _offer_save(session, stdin, say)
        _stopped(session, say)
        raise typer.Exit(130) from None


def _offer_save(session: PlaySession, stdin: TextIO, say: Say) -> None:
    """After Ctrl-C in a game kept nowhere: ask for a file to save it in."""
    from ..errors import RummyRulesError
    from ..fsutil import free_name, prepare_output

    default = str(free_name(Path(f"{session.spec.id}-game.jsonl")))
    say("")
    while True:
        ask = _("Save the game? A file name (Enter: {default}), or n to quit without saving:")
        say(ask.format(default=default))
        try:
            line = read_line(stdin)
        except KeyboardInterrupt:
            return
        answer = line.strip()
        if not line or answer.lower() in ("n", "no"):
            return
        path = Path(answer or default)
        try:
            prepare_output(path, "records", force=False)
            session.keep_record(path)
        except RummyRulesError as exc:
            say(str(exc))
            continue
        session.save()
        return


def _turn(session: PlaySession, stdin: TextIO, say: Say) -> str:
    """One prompt: show the table and the actions, read until an action is made.
    ``played``, or ``quit`` when the person quits, ``ended`` when the input ends."""
    from ..render.refusals import refusal_line, refusal_text, rule_lines
    from ..render.table_words import drawn_line, move_line, status_lines

    say("")
    for line in status_lines(session.state, session.seat):
        say(line)
    legal = session.legal()
    _list_actions(legal, say, limit=SHOWN_ACTIONS)
    while True:
        line = read_line(stdin)
        if not line:
            return "ended"
        text = typed_command(line.strip())
        if not text:
            continue
        if text in ("quit", "q", "exit"):
            return "quit"
        if text in ("help", "?"):
            say(_help(session))
            continue
        if text == "all":
            _list_actions(legal, say, limit=None)
            continue
        if text == "hint":
            say(refusal_text(session.hint()))
            continue
        number = small_number(text)
        if number is not None:
            if not 1 <= number <= len(legal):
                say(_("there is no action {number}: choose 1 to {last}").format(
                    number=number, last=len(legal)
                ))  # fmt: skip
                continue
            text = legal[number - 1]
        reason = session.play(typed_action(text))
        if reason is None:
            say(move_line(f"p{session.seat + 1} {session.last_made}", session.last_bought))
            if session.last_drawn:
                bought = session.last_bought is not None
                say(drawn_line(session.state, session.last_drawn, bought=bought))
            return "played"
        say(refusal_line(reason))
        for rule in rule_lines(session.spec, reason):
            say("  " + _("the rule: {rule}").format(rule=rule))


def _list_actions(legal: list[str], say: Say, *, limit: int | None) -> None:
    shown = legal if limit is None else legal[:limit]
    for i, text in enumerate(shown, 1):
        say(f"  {i:>2}. {shown_action(text)}")
    if len(shown) < len(legal):
        more = _("... and {n} more: type all to list them, or the action")
        say("  " + more.format(n=len(legal) - len(shown)))
    if legal == ["no", "yes"]:
        say(_("Your partner asks: may I go out? (yes binds them to go out this turn)"))
    say(_("Your move (a number, an action, or help):"))


def _stopped(session: PlaySession, say: Say) -> None:
    if session.record is not None:
        saved = _("Stopped. The game is saved in {file}: rummy-rules play --resume {file} goes on.")
        say(saved.format(file=session.record))
    else:
        say(_("Stopped (give --record FILE to keep a game and go on later)."))
