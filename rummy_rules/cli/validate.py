"""``rummy-rules validate``: check variant files and report every problem."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import (
    JsonOption,
    SetOption,
    check_overrides,
    complete_variant,
    emit_json,
    handle_errors,
)


def _expand(sources: list[str]) -> list[str]:
    out: list[str] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            # Every .yaml file, regular or not: a FIFO or device there is then
            # reported by the loader as not a regular file, not skipped in silence.
            files = sorted(str(p) for p in path.rglob("*") if p.suffix in (".yaml", ".yml"))
            if not files:
                out.append(source)  # reported as "is a directory" by the loader
            out.extend(files)
        else:
            out.append(source)
    return out


@handle_errors
def validate(
    sources: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH_OR_ID",
            help="Variant files, folders of them, or shipped variant ids.",
            autocompletion=complete_variant,
        ),
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")] = False,
    overrides: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """Check variant files: every problem is reported as FILE:LINE:COL: path: message.

    Besides types and unknown keys, the checks ask whether the rules can be
    played: is the pack big enough for every player count, does each contract
    fit in the hand and can it be made with the cards and wild-card limits,
    does every card have a value. Warnings point at questions the file leaves
    open; --strict makes them errors.

    Exit status: 0 when every file is valid, 1 when any is not, 2 on a usage error.
    """
    from ..spec.loader import check_variant

    sets = check_overrides(overrides)
    reports = [check_variant(source, sets, strict=strict) for source in _expand(sources)]
    all_valid = all(r.valid for r in reports)
    if json_output:
        emit_json({"valid": all_valid, "overrides": sets, "files": [r.to_dict() for r in reports]})
    else:
        changed = " with " + " ".join(f"--set {text}" for text in sets) if sets else ""
        for report in reports:
            ident = f" ({report.spec.id}){changed}" if report.spec else changed
            status = "ok" if report.valid else "invalid"
            typer.echo(f"{status}: {report.file}{ident}")
            for problem in [*report.errors, *report.warnings, *report.notes]:
                typer.echo(f"  {problem}")
        bad = sum(not r.valid for r in reports)
        summary = f"{len(reports) - bad} of {len(reports)} valid"
        typer.echo(summary if bad == 0 else f"{summary}; {bad} invalid")
    if not all_valid:
        raise typer.Exit(1)
