"""The ``rummy-rules`` command-line application (Typer)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .. import __version__
from ..render.i18n import CatalogError
from .audit_cmd import audit
from .common import QUIET
from .compare_cmd import compare
from .diff_cmd import diff
from .ladder_cmd import ladder
from .list_cmd import list_variants
from .meld import meld
from .new import new
from .play_cmd import play
from .replay import replay
from .rulebook import rulebook
from .schema_cmd import schema
from .serve_cmd import serve
from .show import show
from .simulate_cmd import simulate
from .sweep_cmd import sweep
from .validate import validate
from .watch_cmd import watch

__all__ = ["app", "main"]


def _metavar_in_capitals(label: str | None) -> str | None:
    """The word ``--help`` shows for Typer's type label of a value (``<int
    range>``, ``<path>``, ``<str>``, ``<a|b>``): ``N``, ``FILE``, ``TEXT`` or
    the choices, as docs/cli.md writes them."""
    if not label:
        return label
    bare = label.strip("<>")
    if "|" in bare:
        return bare
    words = {"int": "N", "float": "NUMBER", "path": "FILE", "bool": None}
    for word, shown in words.items():
        if bare.startswith(word):
            return shown
    return "TEXT"


def _help_in_capitals() -> None:
    """Recent Typer releases print a parameter's Python type in ``--help``
    (``<str>``, ``<path>``, ``<int range>``) and put required arguments in
    braces (``{VARIANT}``). Show what docs/cli.md describes instead: options
    with a value in capitals (``N``, ``FILE``, ``TEXT``), arguments by their
    capital name alone, required ones bare and optional ones in brackets, as
    Click writes them. Only help text changes; releases without these
    methods are left as they are."""
    core = getattr(typer, "core", None)
    argument = getattr(core, "TyperArgument", None)
    option = getattr(core, "TyperOption", None)
    if argument is not None and hasattr(argument, "display_type_rich"):
        argument.display_type_rich = lambda self, ctx: None

    if argument is not None and hasattr(argument, "_usage_display_name"):

        def usage_name(self: typer.core.TyperArgument) -> str:
            name = str(self.metavar or (self.name or "").upper())
            name = name if self.required else f"[{name}]"
            return f"{name}..." if self.nargs != 1 and "..." not in name else name

        argument._usage_display_name = usage_name
    if option is not None and hasattr(option, "display_type_rich"):
        original = option.display_type_rich

        def option_type(self: typer.core.TyperOption, ctx: Any) -> str | None:
            shown = original(self, ctx)
            return shown if self.metavar is not None else _metavar_in_capitals(shown)

        option.display_type_rich = option_type


_help_in_capitals()

app = typer.Typer(
    name="rummy-rules",
    help=(
        "House rules for the rummy family as data: start your own house rules, check "
        "them, print rulebooks, simulate games between bots and compare rule sets, "
        "replay game records, play against bots.\n\n"
        "Every command follows the same conventions: a variant is a shipped id (see "
        "'rummy-rules list') or a .yaml file; --set PATH=VALUE changes one rule; --json "
        "prints one JSON document; -q silences notes on stderr; a file is replaced only "
        "when it is an earlier output of the same kind, or with --force. 'rummy-rules "
        "COMMAND --help' explains each command.\n\n"
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
        from ..build_info import HOT_MODULES, compiled_modules

        compiled = compiled_modules()
        if not compiled:
            build = "pure Python"
        elif len(compiled) == len(HOT_MODULES):
            build = f"compiled with mypyc: {len(compiled)} modules"
        else:
            build = f"partly compiled: {len(compiled)} of {len(HOT_MODULES)} modules"
        typer.echo(f"rummy-rules {__version__} ({build})")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
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
    from .served import enter_served

    enter_served()  # a game served to a web page takes on its limits first
    # The streams of this invocation (a test runner's, or a program's that
    # calls the app) may not be the ones main() saw.
    _tolerate_narrow_encodings()
    ctx.call_on_close(_note_replaced)


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
app.command("sweep")(sweep)
app.command("audit")(audit)
app.command("ladder")(ladder)
app.command("play")(play)
app.command("watch")(watch)
app.command(
    "serve",
    options_metavar="[OPTIONS] COMMAND [ARGS]...",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)(serve)


#: The exit status of an internal error (a bug): EX_SOFTWARE.
INTERNAL_ERROR = 70


def main() -> None:
    """Entry point of the ``rummy-rules`` console script.

    Known problems are reported by each command; anything else is a bug in
    rummy-rules: it is reported in one line, with the traceback saved to a
    file for the bug report (``RUMMY_RULES_DEBUG=1`` prints it instead).
    """
    import os
    import sys

    _tolerate_narrow_encodings()  # also for --help, before any command starts
    try:
        app()
    except (KeyboardInterrupt, SystemExit):
        _note_replaced()
        raise
    except CatalogError as exc:
        # A checkout run without Babel: how to get the catalogs, not a bug.
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    except Exception as exc:
        if os.environ.get("RUMMY_RULES_DEBUG"):
            raise
        saved = _save_traceback(exc)
        where = f"; the details are in {saved}" if saved else ""
        print(
            f"internal error: {type(exc).__name__}: {exc}. This is a bug in rummy-rules, "
            f"not in your input{where}. Please report it.",
            file=sys.stderr,
        )
        raise SystemExit(INTERNAL_ERROR) from None


#: Set once a character was printed as '?' (see :func:`_tolerate_narrow_encodings`).
_REPLACED: list[bool] = []


def _replace_unencodable(exc: UnicodeError) -> tuple[str, int]:
    if not _REPLACED:
        _REPLACED.append(True)
    assert isinstance(exc, UnicodeEncodeError)
    return "?" * (exc.end - exc.start), exc.end


def _tolerate_narrow_encodings() -> None:
    """Where stdout or stderr cannot encode every character (a latin-1 terminal,
    PYTHONIOENCODING=ascii), print '?' for the others instead of failing;
    :func:`_note_replaced` then says so once."""
    import codecs
    import sys

    codecs.register_error("rummy_rules_replace", _replace_unencodable)
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="rummy_rules_replace")


def _note_replaced() -> None:
    """Say once, on stderr, that characters were printed as '?'."""
    import sys

    if _REPLACED:
        _REPLACED.clear()
        print(
            "note: the terminal's character encoding cannot show some characters; "
            "they were printed as '?' (set PYTHONIOENCODING=utf-8, or write to a "
            "file with -o)",
            file=sys.stderr,
        )


def _save_traceback(exc: BaseException) -> str | None:
    """Write the traceback to a temporary file; its path, or None if it cannot be written."""
    import tempfile
    import traceback

    try:
        with tempfile.NamedTemporaryFile(
            "w", prefix="rummy-rules-error-", suffix=".txt", delete=False, encoding="utf-8"
        ) as fh:
            fh.write("".join(traceback.format_exception(exc)))
            return fh.name
    except OSError:
        return None
