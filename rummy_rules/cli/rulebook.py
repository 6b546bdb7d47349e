"""``rummy-rules rulebook`` and ``rummy-rules diff``: printed rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..fsutil import OutputKind
from .common import (
    ForceOption,
    JsonOption,
    SetOption,
    VariantArgument,
    check_overrides,
    complete_variant,
    emit_json,
    error,
    handle_errors,
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
    return chosen


@handle_errors
def rulebook(
    source: VariantArgument,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write to this file (the format follows its extension)."
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="md, html, pdf, txt or card (a one-page table card, HTML or PDF).",
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.")] = "a4",
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
        int | None, typer.Option("--players", min=2, help="Columns of the score sheet.")
    ] = None,
    overrides: SetOption = None,
    force: ForceOption = False,
) -> None:
    """Print the rules of a variant: a rulebook, a house-rules sheet or a score sheet.

    Every sentence comes from the variant's rules, and the examples are checked
    by the rules engine. Without --output the text goes to stdout (PDF needs
    --output and the pdf extra: pip install 'rummy-rules[pdf]').
    """
    from ..fsutil import atomic_write_bytes, atomic_write_text, prepare_output
    from ..render.rulebook import render_house_sheet, render_rulebook, render_score_sheet, to_pdf
    from ..spec.loader import load_base, load_variant

    if paper not in ("a4", "letter"):
        raise typer.BadParameter("use a4 or letter", param_hint="'--paper'")
    chosen = _format(fmt, output)
    pdf = chosen == "pdf" or (
        chosen == "card" and output is not None and output.suffix.lower() == ".pdf"
    )
    if pdf and output is None:
        raise typer.BadParameter(
            "PDF goes to a file: give --output FILE.pdf", param_hint="'--format'"
        )
    sets = check_overrides(overrides)
    markup = "html" if chosen in ("html", "pdf", "card") else chosen
    if output is not None:
        kind: OutputKind = "pdf" if pdf else "html" if markup == "html" else "md"
        if chosen == "txt" and not (house_sheet or score_sheet):
            kind = "txt"
        prepare_output(output, kind, force=force)
    spec = load_variant(source, sets)
    if house_sheet:
        base = load_base(source)
        if base is None:
            typer.echo(
                f"error: {source} does not extend another variant, so it has no house sheet",
                err=True,
            )
            raise typer.Exit(1)
        text = render_house_sheet(spec, base, "html" if markup == "html" else "md", paper=paper)
    elif score_sheet:
        if players is not None:
            players_for(spec, players)
        text = render_score_sheet(
            spec, "html" if markup == "html" else "md", players=players, paper=paper
        )
    elif chosen == "card":
        text = render_rulebook(spec, "card", paper=paper)
    else:
        text = render_rulebook(spec, markup, paper=paper)
    if pdf:
        assert output is not None
        atomic_write_bytes(output, to_pdf(text))
        error(f"wrote {output}")
        return
    if output is None:
        typer.echo(text, nl=False)
        return
    atomic_write_text(output, text)
    error(f"wrote {output}")


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
        str, typer.Option("--format", "-f", help="text (a terminal table) or md.")
    ] = "text",
    json_output: JsonOption = False,
) -> None:
    """List every rule that differs between two variants, in plain words, and nothing else."""
    from ..render.rulebook import render_diff
    from ..spec.loader import load_variant

    if fmt not in ("text", "md"):
        raise typer.BadParameter("use text or md", param_hint="'--format'")
    a = load_variant(first)
    b = load_variant(second)
    changes = render_diff(a, b)
    if json_output:
        rows: list[dict[str, Any]] = [
            {"topic": title, "a": before, "b": after} for title, before, after in changes
        ]
        emit_json({"a": a.id, "b": b.id, "differences": rows})
        return
    if not changes:
        typer.echo(f"{a.name} and {b.name} have the same rules.")
        return
    if fmt == "md":
        from ..render.rulebook import md_escape

        def cell(texts: list[str]) -> str:
            return "<br>".join(md_escape(text) for text in texts)

        lines = [f"| rule | {md_escape(a.name)} | {md_escape(b.name)} |", "|---|---|---|"]
        for title, before, after in changes:
            lines.append(f"| {md_escape(title)} | {cell(before)} | {cell(after)} |")
        typer.echo("\n".join(lines))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(show_lines=True, header_style="bold")
    table.add_column("rule")
    table.add_column(a.name)
    table.add_column(b.name)
    for title, before, after in changes:
        table.add_row(title, "\n".join(before), "\n".join(after))
    import sys

    console = Console() if sys.stdout.isatty() else Console(width=160)
    console.print(table)
