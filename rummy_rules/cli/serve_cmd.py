"""``rummy-rules serve``: play or watch in a web browser (textual-serve)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import error, handle_errors

__all__ = [
    "check_served",
    "exposure_warning",
    "prepare_folder",
    "serve",
    "served_argv",
]

#: The commands that can be served: the full-screen ones.
SERVED = ("play", "watch")


def check_served(arguments: list[str]) -> None:
    """Check the command to serve before listening, as it would check itself:
    its options (a usage error), the variant and its --set changes, seats and
    bots for ``play`` (or the game to resume), the record for ``watch``. A
    problem is an error here, not a page that shows it in the browser."""
    from .app import app

    # Typer's group of commands (its own Click): the served command's parser.
    commands = getattr(typer.main.get_command(app), "commands")  # noqa: B009
    command = commands[arguments[0]]
    with command.make_context(f"rummy-rules serve {arguments[0]}", list(arguments[1:])) as ctx:
        params = ctx.params
    try:
        _check_params(arguments[0], params)
    except typer.BadParameter as exc:
        # A bad --seat or bot list is the served command's usage error: its
        # usage line, not serve's.
        exc.ctx = ctx
        raise


def _check_params(name: str, params: dict[str, Any]) -> None:
    """check_served's checks of the served command's parsed options."""
    if name == "watch":
        from ..sim.records import RecordError, load_game

        try:
            load_game(params["record"], game=params["game"] or 1)
        except RecordError as exc:
            error(str(exc))
            raise typer.Exit(1) from None
        return
    from ..sim.session import PlaySession

    if params["go_on"]:
        raise typer.BadParameter(
            "a served game does not go on with this machine's saved games: give --resume FILE",
            param_hint="--continue",
        )
    if params["resume"] is not None:
        # Read and checked, then let go: each page claims the record in turn.
        PlaySession.resume(params["resume"], bots=params["bots"]).close()
        return
    if params["source"] is None:
        raise typer.BadParameter("give the variant to play", param_hint="VARIANT")
    from ..spec.loader import load_variant
    from .common import check_overrides, players_for
    from .runs import bot_list, check_playable

    spec = load_variant(params["source"], check_overrides(params["overrides"]))
    check_playable(spec)
    count = players_for(spec, params["players"])
    if params["seat"] > count:
        raise typer.BadParameter(f"there are {count} seats", param_hint="'--seat'")
    bot_list(params["bots"] or "greedy", count - 1)


def served_argv(arguments: list[str]) -> list[str]:
    """The command the server starts for each browser page, run directly (no
    shell): this Python running ``rummy-rules`` with ``arguments``
    (``play contract …``)."""
    return [sys.executable, "-m", "rummy_rules", *arguments]


#: Games at once, by default: a table's worth of pages, well within a small machine.
DEFAULT_MAX_GAMES = 16
#: Each game's address space, by default, in MiB: a game at the largest screen
#: uses about a quarter of it.
DEFAULT_MEMORY_MIB = 1024


def prepare_folder(folder: Path) -> Path:
    """The server's folder, absolute, made if it is not there yet (its parent must be)."""
    from ..errors import RummyRulesError

    if folder.exists() and not folder.is_dir():
        raise RummyRulesError(f"--folder {folder} is not a folder")
    try:
        folder.mkdir(exist_ok=True)
    except FileNotFoundError:
        raise RummyRulesError(
            f"--folder {folder}: the folder {folder.parent} does not exist"
        ) from None
    except OSError as exc:
        raise RummyRulesError(f"--folder {folder}: {exc.strerror or exc}") from None
    return folder.resolve()


def exposure_warning(host: str, port: int, folder: Path, max_games: int) -> str | None:
    """What ``serve`` says at start when it listens beyond this computer: the
    address, and what a visitor can do there; ``None`` on loopback."""
    from .web import is_loopback

    if is_loopback(host):
        return None
    where = (
        "every network interface of this computer"
        if host in ("", "0.0.0.0", "::")
        else f"the address {host}"
    )
    shown = host or "''"
    return (
        f"warning: listening on {where} (--host {shown}): anyone who can reach "
        f"port {port} from the network can open a page, play a game on this computer "
        f"(up to {max_games} at once) and save games in {folder}. Serve on 127.0.0.1 "
        "(the default) unless you mean to."
    )


@handle_errors
def serve(
    ctx: typer.Context,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. Default 127.0.0.1: only this computer. "
            "0.0.0.0 lets another device on your network (a tablet at the table) "
            "open the game at http://THIS-COMPUTER'S-ADDRESS:PORT (serve then warns "
            "that anyone on the network can).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")
    ] = 8000,
    folder: Annotated[
        Path,
        typer.Option(
            "--folder",
            metavar="DIR",
            help="The one folder pages may write in: a game saved from a page is saved "
            "here, under a file name (not a path) the page gives. Made if it is not "
            "there yet.",
        ),
    ] = Path("served-games"),
    max_games: Annotated[
        int,
        typer.Option(
            "--max-games",
            min=1,
            max=1000,
            help="The most games at once (one per open page); a page past it is told to try later.",
        ),
    ] = DEFAULT_MAX_GAMES,
    memory: Annotated[
        int,
        typer.Option(
            "--memory",
            metavar="MIB",
            min=256,
            help="The most memory (address space, in MiB) each game may take; past it "
            "that game fails alone.",
        ),
    ] = DEFAULT_MEMORY_MIB,
) -> None:
    """Serve `play` or `watch` to a web browser: rummy-rules serve play contract.

    Everything after the options is the command to serve, as you would type it
    after rummy-rules (play VARIANT [options] or watch RECORD [options]; not
    --plain); it is checked before the server starts, as the command itself
    checks it (the variant, its options, the record). Open the address printed
    (http://127.0.0.1:8000 by default) in a browser: each page that opens it
    starts its own game, which ends when the page closes. Every game is saved
    after every move in the --folder (served-games by default), the only folder
    a page can write in, and a page opened again (a reload, a new tab) offers
    the newest unfinished game no other page has open; with play --no-save, a
    game is saved only from the quit dialog, under a name the page gives. A record given with --record or --resume is played by one page
    at a time: another page is told it is in use. Ctrl-C stops the server and
    every game. Needs the serve extra: pip install 'rummy-rules[serve]'.
    """
    arguments = list(ctx.args)
    if not arguments or arguments[0] not in SERVED:
        raise typer.BadParameter(
            "give the command to serve: play VARIANT … or watch RECORD …", param_hint="COMMAND"
        )
    if "--plain" in arguments:
        raise typer.BadParameter("a served game is full screen: leave out --plain")
    check_served(arguments)
    try:
        from .web import GameServer
    except ImportError:
        error("error: serving to a browser needs textual-serve: pip install 'rummy-rules[serve]'")
        raise typer.Exit(1) from None
    where = prepare_folder(folder)
    warning = exposure_warning(host, port, where, max_games)
    if warning is not None:
        error(warning)
    server = GameServer(
        served_argv(arguments),
        folder=where,
        host=host,
        port=port,
        title="rummy-rules " + " ".join(arguments[:2]),
        max_games=max_games,
        memory=memory * 1024 * 1024,
    )
    server.banner = [f"Games saved from a page go to {where}"]
    server.serve()
