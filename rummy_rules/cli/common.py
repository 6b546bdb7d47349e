"""Pieces shared by the commands: error handling, --set, JSON output, completion."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, ParamSpec, TextIO, TypeVar

import typer

from ..errors import RummyRulesError, UsageError, VariantError

__all__ = [
    "JSON_SCHEMA_VERSION",
    "ChangedSideSetOption",
    "ForceOption",
    "JsonOption",
    "OutputOption",
    "SetOption",
    "VariantArgument",
    "check_overrides",
    "complete_variant",
    "emit_json",
    "error",
    "handle_errors",
    "needs_terminal",
    "note",
    "os_error_text",
    "players_for",
    "read_line",
    "small_number",
    "stop_signals",
]

#: Version of the JSON documents printed by ``--json``.
JSON_SCHEMA_VERSION = 1

P = ParamSpec("P")
R = TypeVar("R")


def complete_variant(incomplete: str) -> Iterator[str]:
    """Tab completion for variant ids."""
    from ..spec.registry import shipped_variants

    for variant in shipped_variants():
        if variant.id.startswith(incomplete):
            yield variant.id


SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="PATH=VALUE",
        help=(
            "Change one rule on top of the file, e.g. --set deck.jokers=4 or "
            "--set buying.limits.per_deal=3. List items are numbered from 1 "
            "(deals.7.cards=13); PATH+=VALUE appends to a list. Repeatable."
        ),
    ),
]

#: ``--set`` for the commands that set two rule sets side by side (diff, compare).
ChangedSideSetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="PATH=VALUE",
        help=(
            "A rule change applied to every variant but the first (B in diff, every side "
            "but the baseline in compare), e.g. compare contract contract --set "
            "buying.limits.per_deal=3. Repeatable."
        ),
    ),
]

OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write to this file (the format follows its extension)."),
]

VariantArgument = Annotated[
    str,
    typer.Argument(
        metavar="VARIANT",
        help="A shipped variant id (see `rummy-rules list`) or a variant file.",
        autocompletion=complete_variant,
    ),
]

ForceOption = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace an existing output file even if rummy-rules did not write it.",
    ),
]

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print exactly one JSON document on stdout.")
]

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help=(
            "The language of the printed rules: en (English), bg (Bulgarian) or hy "
            "(Armenian). Default: the language of the environment's locale (LANG) if "
            "there is a catalog for it, else English."
        ),
    ),
]


GameLangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help=(
            "The language of the game: en (English), bg (Bulgarian) or hy (Armenian): "
            "the table, the messages, the refusals and the rules they quote. Default: "
            "the language of the environment's locale (LANG) if there is a catalog for "
            "it, else English."
        ),
    ),
]


def language_for(lang: str | None) -> str:
    """The language asked for with --lang, or the locale's; a usage error if unknown."""
    from ..render.i18n import LANGUAGES, default_language

    if lang is None:
        return default_language()
    code = lang.strip().lower().replace("-", "_").split("_")[0]
    if code not in LANGUAGES:
        known = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise typer.BadParameter(f"no catalog for '{lang}': use {known}", param_hint="'--lang'")
    return code


def note_untranslated(spec: Any, lang: str, *, notes: bool = True) -> None:
    """Say which of the variant's own words (name, description, and the notes
    where they are printed) have no translation into ``lang`` and are printed in
    English."""
    from ..render.i18n import LANGUAGES
    from ..render.rulebook import localized_words

    missing = [m for m in localized_words(spec, lang)[3] if notes or m != "notes"]
    if missing:
        note(
            f"note: {spec.id} gives no {LANGUAGES[lang]} ({lang}) translation of its "
            f"{', '.join(missing)} (translations: in the file): printed in English"
        )


#: Set by the root option --quiet: notes and "wrote FILE" lines are not printed.
QUIET = [False]


def note(message: str) -> None:
    """Print a note on stderr ("wrote FILE", a setting adjusted) unless --quiet."""
    if not QUIET[0]:
        error(message)


def error(message: str) -> None:
    """Print a diagnostic line on stderr (control characters shown escaped)."""
    from ..errors import safe_text

    typer.echo(safe_text(message, lines=True), err=True)


def emit_json(document: dict[str, Any]) -> None:
    """Print ``document`` as the one JSON document on stdout."""
    payload = {"schema_version": JSON_SCHEMA_VERSION, **document}
    typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))


def check_overrides(values: list[str] | None) -> list[str]:
    """Check the syntax of --set values; a malformed one is a usage error (exit 2)."""
    from ..spec.loader import parse_override

    out = list(values or [])
    for text in out:
        try:
            parse_override(text)
        except UsageError as exc:
            raise typer.BadParameter(f"{text!r}: {exc}", param_hint="'--set'") from None
    return out


def handle_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn known errors into a message on stderr and exit 1 (no traceback).

    ``RUMMY_RULES_DEBUG=1`` lets the traceback through.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.BadParameter):
            raise
        except VariantError as exc:
            if os.environ.get("RUMMY_RULES_DEBUG"):
                raise
            for problem in exc.problems:
                error(str(problem))
            _on_page([str(problem) for problem in exc.problems])
            raise typer.Exit(1) from None
        except RummyRulesError as exc:
            if os.environ.get("RUMMY_RULES_DEBUG"):
                raise
            error(f"error: {exc}")
            _on_page([f"error: {exc}"])
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            error("interrupted")
            raise typer.Exit(130) from None
        except BrokenPipeError:
            # stdout closed early (e.g. piped into head): nothing more to say.
            sys.stderr.close()
            raise typer.Exit(0) from None
        except OSError as exc:
            if os.environ.get("RUMMY_RULES_DEBUG"):
                raise
            error(f"error: {os_error_text(exc)}")
            raise typer.Exit(1) from None

    return wrapper


def _on_page(lines: list[str]) -> None:
    """A served game's error, shown on its web page too (stderr reaches only the
    server's console; the page would wait for a game that never starts)."""
    if os.environ.get("TEXTUAL_DRIVER") != WEB_DRIVER:
        return
    from .served import served_folder, show_error_page

    if served_folder() is not None:
        show_error_page(lines)


#: The longest line read from a person at a prompt; the rest of a longer line is skipped.
MAX_INPUT_LINE = 512

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def read_line(stdin: TextIO) -> str:
    """One line typed at a prompt ('' at the end of input): at most
    :data:`MAX_INPUT_LINE` characters are kept, the rest of a longer line is read
    and dropped (memory stays bounded whatever is piped in), and control
    characters (terminal escapes) become '?', so echoing the line is safe.
    Bytes that are not text in the input's encoding are read as U+FFFD."""
    if getattr(stdin, "errors", "replace") == "strict" and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")
    line = stdin.readline(MAX_INPUT_LINE)
    if line and not line.endswith("\n"):
        while True:  # skip the rest of an over-long line
            rest = stdin.readline(MAX_INPUT_LINE)
            if not rest or rest.endswith("\n"):
                break
        line += "\n"
    return _CONTROL.sub("?", line.rstrip("\n")) + ("\n" if line else "")


def small_number(text: str) -> int | None:
    """``text`` as a whole number if it is one of at most 6 ASCII digits (a
    choice from a list), else None: '²' and 5,000-digit numbers are not."""
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


#: The Textual driver textual-serve runs an app with (its ``TEXTUAL_DRIVER``):
#: the app then talks to a browser (``rummy-rules serve``), not to a terminal.
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def needs_terminal(what: str, instead: str) -> None:
    """Refuse, in one line and exit 1, to start ``what`` (a full-screen program)
    when standard input or output is not a terminal: it would wait for keys that
    never come."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return  # served to a browser by `rummy-rules serve` (textual-serve)
    error(f"error: {what} needs a terminal (standard input and output); {instead}")
    raise typer.Exit(1)


def os_error_text(exc: OSError) -> str:
    """An operating-system error in plain words: what failed, and on which file.
    (Outputs are written to a temporary file and renamed, so a failure leaves
    the file it would have replaced as it was.)"""
    import errno

    where = f" ({exc.filename})" if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        return f"the disk is full{where}: free some space and run the command again"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"permission denied{where}"
    if exc.errno == errno.EROFS:
        return f"the file system is read-only{where}"
    return f"{exc.strerror or exc}{where}"


def players_for(spec: Any, players: int | None) -> int:
    """The player count to use: the one given, else the variant's best or fewest.

    A count the variant does not allow is a usage error on ``--players``.
    """
    count: int = players or spec.players.best or spec.players.min
    if not spec.players.min <= count <= spec.players.max:
        raise typer.BadParameter(
            f"{spec.name} is for {spec.players.min}-{spec.players.max} players",
            param_hint="'--players'",
        )
    return count


class StopSignals:
    """Ctrl-C, SIGTERM and SIGHUP as one "stop now": each raises ``KeyboardInterrupt``.

    ``signum`` is the signal that stopped the run (``None`` while none has);
    ``exit_code`` is the status to end with (128 + the signal: 130, 143, 129).
    Inside :meth:`hold` a signal waits until the block ends, so a game record
    is never cut in the middle of a line.
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self._holding = 0
        self._pending = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.signum = signum
        if self._holding:
            self._pending = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Delay a stop signal until the block has run to its end."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding and self._pending:
                self._pending = False
                raise KeyboardInterrupt

    @property
    def exit_code(self) -> int:
        """128 + the signal's number (130 for Ctrl-C), 0 when no signal came."""
        return 128 + self.signum if self.signum is not None else 0


@contextlib.contextmanager
def stop_signals() -> Iterator[StopSignals]:
    """Handle SIGINT, SIGTERM and SIGHUP alike for the block (main thread only)."""
    guard = StopSignals()
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    wanted = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous: dict[int, Any] = {}
    try:
        for number in wanted:
            previous[number] = signal.signal(number, guard._handle)
    except ValueError:  # not the main thread: leave signals alone
        pass
    try:
        yield guard
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
