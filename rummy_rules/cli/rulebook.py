"""``rummy-rules rulebook`` and ``rummy-rules diff``: printed rules."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from ..fsutil import OutputKind
from .common import (
    ForceOption,
    LangOption,
    OutputOption,
    SetOption,
    VariantArgument,
    check_overrides,
    error,
    handle_errors,
    language_for,
    note,
    note_untranslated,
    players_for,
)

_FORMATS = ("md", "html", "pdf", "txt", "card")
_EXTENSIONS = {
    ".md": "md",
    ".markdown": "md",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
    ".txt": "txt",
}


def _format(fmt: str | None, output: Path | None) -> str:
    """The format asked for, or the one the output's extension names (md by default)."""
    chosen = fmt
    if chosen is None and output is not None:
        chosen = _EXTENSIONS.get(output.suffix.lower())
        if chosen is None:
            raise typer.BadParameter(
                f"cannot tell the format from '{output.suffix}': give --format",
                param_hint="'--output'",
            )
    chosen = chosen or "md"
    if chosen not in _FORMATS:
        raise typer.BadParameter(
            f"'{chosen}' is not one of {', '.join(_FORMATS)}", param_hint="'--format'"
        )
    if fmt is not None and output is not None and output.suffix.lower() in _EXTENSIONS:
        written = _EXTENSIONS[output.suffix.lower()]
        fits = written == chosen or (chosen == "card" and written in ("html", "pdf", "txt"))
        if not fits:
            raise typer.BadParameter(
                f"--format {chosen} does not match the extension of {output}",
                param_hint="'--output'",
            )
    return chosen


_NOTES_HELP = (
    "Print the file's notes after the sources: where each value comes from and what "
    "was chosen where sources disagree or say nothing (the designer's notes; `show` "
    "always has them)."
)


@handle_errors
def rulebook(
    source: VariantArgument,
    output: OutputOption = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="md, html, pdf, txt or card (a one-page table card, HTML or PDF).",
        ),
    ] = None,
    paper: Annotated[
        str, typer.Option("--paper", metavar="a4|letter", help="a4 or letter.")
    ] = "a4",
    house_sheet: Annotated[
        bool,
        typer.Option(
            "--house-sheet", help="Only the rules that differ from the variant this file extends."
        ),
    ] = False,
    score_sheet: Annotated[
        bool, typer.Option("--score-sheet", help="A printable score sheet instead.")
    ] = False,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", min=2, help="Columns of the score sheet."),
    ] = None,
    notes: Annotated[
        bool,
        typer.Option("--notes", help=_NOTES_HELP),
    ] = False,
    overrides: SetOption = None,
    force: ForceOption = False,
    lang: LangOption = None,
) -> None:
    """Print the rules of a variant: a rulebook, a house-rules sheet or a score sheet.

    Every sentence comes from the variant's rules, and the examples are checked
    by the rules engine. Without --output the text goes to stdout (PDF needs
    --output and the pdf extra: pip install 'rummy-rules[pdf]'). --lang prints
    them in Bulgarian (bg) or Armenian (hy).
    """
    from ..fsutil import atomic_write_bytes, atomic_write_text, prepare_output
    from ..render.rulebook import render_house_sheet, render_rulebook, render_score_sheet, to_pdf
    from ..spec.loader import load_base, load_variant

    if paper not in ("a4", "letter"):
        raise typer.BadParameter("use a4 or letter", param_hint="'--paper'")
    chosen = _format(fmt, output)
    language = language_for(lang)
    pdf = chosen == "pdf" or (
        chosen == "card" and output is not None and output.suffix.lower() == ".pdf"
    )
    if pdf and output is None:
        raise typer.BadParameter(
            "PDF goes to a file: give --output FILE.pdf", param_hint="'--format'"
        )
    sets = check_overrides(overrides)
    # A table card is HTML (or PDF) in a file of that kind, plain text elsewhere.
    card_text = chosen == "card" and (output is None or output.suffix.lower() == ".txt")
    markup = "txt" if card_text else "html" if chosen in ("html", "pdf", "card") else chosen
    if output is not None:
        kind: OutputKind = "pdf" if pdf else "html" if markup == "html" else markup  # type: ignore[assignment]
        prepare_output(output, kind, force=force)
    spec = load_variant(source, sets)
    note_untranslated(spec, language, notes=notes)
    if house_sheet:
        base = load_base(source)
        if base is None:
            error(f"error: {source} does not extend another variant, so it has no house sheet")
            raise typer.Exit(1)
        text = render_house_sheet(spec, base, markup, paper=paper, lang=language)
    elif score_sheet:
        if players is not None:
            players_for(spec, players)
        text = render_score_sheet(spec, markup, players=players, paper=paper, lang=language)
    elif chosen == "card":
        # A house file's card lists what the house changes.
        text = render_rulebook(
            spec,
            "card_txt" if card_text else "card",
            paper=paper,
            lang=language,
            base=load_base(source),
        )
    else:
        text = render_rulebook(spec, markup, paper=paper, lang=language, notes=notes)
    if pdf:
        assert output is not None
        with _working("making the PDF"):
            data = to_pdf(text)
        atomic_write_bytes(output, data)
        note(f"wrote {output}")
        return
    if output is None:
        typer.echo(text, nl=False)
        return
    atomic_write_text(output, text)
    note(f"wrote {output}")


@contextlib.contextmanager
def _working(what: str) -> Iterator[None]:
    """A spinner on stderr while a slow step runs, in a terminal only (and not with -q)."""
    import sys

    from .common import QUIET

    if QUIET[0] or not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(what):
        yield
