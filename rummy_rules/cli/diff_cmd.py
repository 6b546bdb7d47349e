"""``rummy-rules diff``: every rule that differs between two variants."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import (
    ChangedSideSetOption,
    ForceOption,
    JsonOption,
    LangOption,
    OutputOption,
    check_overrides,
    complete_variant,
    emit_json,
    handle_errors,
    language_for,
    note,
)

_EXTENSIONS = {".md": "md", ".markdown": "md", ".txt": "txt"}


@handle_errors
def diff(
    first: Annotated[
        str,
        typer.Argument(metavar="A", help="A variant id or file.", autocompletion=complete_variant),
    ],
    second: Annotated[
        str,
        typer.Argument(
            metavar="B", help="Another variant id or file.", autocompletion=complete_variant
        ),
    ],
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="txt (a table of plain text; the default) or md (a Markdown table).",
        ),
    ] = None,
    output: OutputOption = None,
    overrides: ChangedSideSetOption = None,
    force: ForceOption = False,
    json_output: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """List every rule that differs between two variants, in plain words, and nothing else.

    --lang prints them in Bulgarian (bg) or Armenian (hy).
    """
    from ..fsutil import atomic_write_text, prepare_output
    from ..render.i18n import _, language
    from ..render.pack_words import pack_of
    from ..render.rulebook import localized_words, render_diff
    from ..spec.loader import load_variant

    chosen = _format(fmt, output)
    # JSON is for programs: English unless a language is asked for.
    code = "en" if json_output and lang is None else language_for(lang)
    sets = check_overrides(overrides)
    if output is not None:
        prepare_output(output, "md" if chosen == "md" else "txt", force=force)
    a = load_variant(first)
    b = load_variant(second, sets)
    changes = render_diff(a, b, lang=code)
    name_a, name_b = localized_words(a, code)[0], localized_words(b, code)[0]
    if json_output:
        rows: list[dict[str, Any]] = [
            {"topic": title, "a": before, "b": after} for title, before, after in changes
        ]
        emit_json({"a": a.id, "b": b.id, "overrides": sets, "differences": rows})
        return
    with language(code, pack_of(b)):
        if not changes:
            text = _("{a} and {b} have the same rules.").format(a=name_a, b=name_b) + "\n"
        elif chosen == "md":
            text = _markdown(name_a, name_b, changes)
        else:
            text = _table(name_a, name_b, changes, width=100 if output is not None else None)
        written = _("Written by rummy-rules.")
    if output is None:
        typer.echo(text, nl=False)
        return
    mark = "\n<!-- written by rummy-rules -->\n" if chosen == "md" else f"\n{written}\n"
    atomic_write_text(output, text + mark)
    note(f"wrote {output}")


def _format(fmt: str | None, output: Path | None) -> str:
    """txt or md: the one asked for (``text`` is txt), else the output's extension's."""
    from_extension = _EXTENSIONS.get(output.suffix.lower()) if output is not None else None
    if fmt is None:
        if output is not None and from_extension is None:
            raise typer.BadParameter(
                f"cannot tell the format from '{output.suffix}': give --format",
                param_hint="'--output'",
            )
        return from_extension or "txt"
    chosen = "txt" if fmt == "text" else fmt
    if chosen not in ("txt", "md"):
        raise typer.BadParameter(f"'{fmt}' is not one of txt, md", param_hint="'--format'")
    if from_extension is not None and from_extension != chosen:
        raise typer.BadParameter(
            f"--format {chosen} does not match the extension of {output}",
            param_hint="'--output'",
        )
    return chosen


def _markdown(a: str, b: str, changes: list[tuple[str, list[str], list[str]]]) -> str:
    from ..render.rulebook import md_escape

    def cell(texts: list[str]) -> str:
        return "<br>".join(md_escape(text) for text in texts)

    from ..render.i18n import _

    lines = [f"| {md_escape(_('rule'))} | {md_escape(a)} | {md_escape(b)} |", "|---|---|---|"]
    for title, before, after in changes:
        lines.append(f"| {md_escape(title)} | {cell(before)} | {cell(after)} |")
    return "\n".join(lines) + "\n"


def _table(
    a: str, b: str, changes: list[tuple[str, list[str], list[str]]], *, width: int | None
) -> str:
    """The differences as a table of plain text, as wide as the terminal (or ``width``)."""
    from rich.console import Console
    from rich.table import Table

    from .sim_output import console

    table = Table(show_lines=True, header_style="bold")
    from ..render.i18n import _

    for header in (_("rule"), a, b):
        table.add_column(header, overflow="fold")
    for title, before, after in changes:
        table.add_row(title, "\n".join(before), "\n".join(after))
    size = width or console().width
    buffer = io.StringIO()
    Console(file=buffer, width=size, color_system=None, highlight=False).print(table)
    return buffer.getvalue()
