"""The ``rummy-rules`` command-line application (Typer)."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import __version__
from .common import QUIET
from .compare_cmd import compare
from .diff_cmd import diff
from .list_cmd import list_variants
from .meld import meld
from .new import new
from .play_cmd import play
from .replay import replay
from .rulebook import rulebook
from .schema_cmd import schema
from .show import show
from .simulate_cmd import simulate
from .validate import validate
from .watch_cmd import watch

__all__ = ["app", "main"]

app = typer.Typer(
    name="rummy-rules",
    help=(
        "House rules for the rummy family as data: start your own house rules, check "
        "them, print rulebooks, simulate games between bots and compare rule sets, "
        "replay game records. docs/cli.md has the conventions every command follows.\n\n"
        "Exit status: 0 success, 1 a problem was reported, 2 a usage error, 130/143/129 a "
        "simulation stopped by Ctrl-C/SIGTERM/SIGHUP."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rummy-rules {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            help="Print no notes or 'wrote FILE' lines on stderr (errors still are).",
        ),
    ] = False,
) -> None:
    """House rules for the rummy family as data."""
    QUIET[0] = quiet


app.command("validate")(validate)
app.command("list")(list_variants)
app.command("show")(show)
app.command("schema")(schema)
app.command("new")(new)
app.command("meld")(meld)
app.command("replay")(replay)
app.command("rulebook")(rulebook)
app.command("diff")(diff)
app.command("simulate")(simulate)
app.command("compare")(compare)
app.command("play")(play)
app.command("watch")(watch)


def main() -> None:
    """Entry point of the ``rummy-rules`` console script."""
    app()
