"""``rummy-rules schema``: the JSON Schema of variant files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .common import handle_errors


@handle_errors
def schema(
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the schema to this file instead of stdout."),
    ] = None,
) -> None:
    """Print the JSON Schema (draft-07) of variant files.

    Point your editor at it for completion and help while writing house rules:
    with the YAML extension, a first line
    `# yaml-language-server: $schema=PATH` does it.
    """
    from ..fsutil import atomic_write_text
    from ..spec.jsonschema_export import variant_json_schema

    text = json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        atomic_write_text(output, text)
    except OSError as exc:
        typer.echo(f"error: cannot write {output}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"wrote {output}", err=True)
