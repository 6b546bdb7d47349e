"""``rummy-rules serve``: play or watch in a web browser (textual-serve)."""

from __future__ import annotations

import shlex
import sys
from typing import Annotated, Any

import typer

from .common import error, handle_errors

__all__ = ["check_served", "serve", "served_command"]

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

    if params["resume"] is not None:
        PlaySession.resume(params["resume"], bots=params["bots"])
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


def served_command(arguments: list[str]) -> str:
    """The shell command textual-serve starts for each browser page: this
    Python running ``rummy-rules`` with ``arguments`` (``play contract …``)."""
    return shlex.join([sys.executable, "-m", "rummy_rules", *arguments])


@handle_errors
def serve(
    ctx: typer.Context,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. Default 127.0.0.1: only this computer. "
            "0.0.0.0 lets another device on your network (a tablet at the table) "
            "open the game at http://THIS-COMPUTER'S-ADDRESS:PORT.",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")
    ] = 8000,
) -> None:
    """Serve `play` or `watch` to a web browser: rummy-rules serve play contract.

    Everything after the options is the command to serve, as you would type it
    after rummy-rules (play VARIANT [options] or watch RECORD [options]; not
    --plain); it is checked before the server starts, as the command itself
    checks it (the variant, its options, the record). Open the address printed (http://127.0.0.1:8000 by default) in a
    browser: each page that opens it starts its own game (so give --record only
    when one person plays). Ctrl-C stops the server. Needs the serve extra:
    pip install 'rummy-rules[serve]'.
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
        from textual_serve.server import Server
    except ImportError:
        error("error: serving to a browser needs textual-serve: pip install 'rummy-rules[serve]'")
        raise typer.Exit(1) from None
    title = "rummy-rules " + " ".join(arguments[:2])
    Server(served_command(arguments), host=host, port=port, title=title).serve()
