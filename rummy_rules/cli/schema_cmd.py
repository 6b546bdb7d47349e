"""``rummy-rules schema``: the JSON Schema of variant files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .common import ForceOption, error, handle_errors


@handle_errors
def schema(
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the schema to this file instead of stdout."),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Print the JSON Schema (draft-07) of variant files.

    Point your editor at it for completion and help while writing house rules:
    with the YAML extension, a first line
    `# yaml-language-server: $schema=PATH` does it.
    """
    from ..fsutil import atomic_write_text, prepare_output
    from ..spec.jsonschema_export import variant_json_schema

    text = json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    prepare_output(output, "schema", force=force)
    atomic_write_text(output, text)
    error(f"wrote {output}")
