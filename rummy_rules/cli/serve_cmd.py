"""``rummy-rules serve``: play or watch in a web browser (textual-serve)."""

from __future__ import annotations

import shlex
import sys
from typing import Annotated

import typer

from .common import error, handle_errors

__all__ = ["serve", "served_command"]

#: The commands that can be served: the full-screen ones.
SERVED = ("play", "watch")


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
    --plain). Open the address printed (http://127.0.0.1:8000 by default) in a
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
    try:
        from textual_serve.server import Server
    except ImportError:
        error("error: serving to a browser needs textual-serve: pip install 'rummy-rules[serve]'")
        raise typer.Exit(1) from None
    title = "rummy-rules " + " ".join(arguments[:2])
    Server(served_command(arguments), host=host, port=port, title=title).serve()
