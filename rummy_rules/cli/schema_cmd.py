"""``rummy-rules schema``: the JSON Schema of variant files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .common import ForceOption, handle_errors, note


@handle_errors
def schema(
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the schema to this file instead of stdout."),
    ] = None,
    force: ForceOption = False,
    install: Annotated[
        bool,
        typer.Option(
            "--install",
            help="Write the schema to this user's data folder, where files made by "
            "`rummy-rules new` point (it survives moving a file or reinstalling).",
        ),
    ] = False,
) -> None:
    """Print the JSON Schema (draft-07) of variant files.

    Point your editor at it for completion and help while writing house rules:
    with the YAML extension, a first line
    `# yaml-language-server: $schema=PATH` does it.
    """
    from ..fsutil import atomic_write_text, prepare_output
    from ..spec.jsonschema_export import variant_json_schema

    if install:
        note(f"wrote {install_schema()}")
        return
    text = json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    prepare_output(output, "schema", force=force)
    atomic_write_text(output, text)
    note(f"wrote {output}")


def user_schema_path() -> Path:
    """Where ``schema --install`` puts the schema: the user's data folder
    (``$XDG_DATA_HOME`` or ``~/.local/share``; Application Support on macOS,
    ``%APPDATA%`` on Windows), under ``rummy-rules/``."""
    from .autosave import user_data_folder

    return user_data_folder() / "variant.schema.json"


def install_schema() -> Path:
    """Write the current schema to :func:`user_schema_path` and return that path."""
    from ..fsutil import atomic_write_text, prepare_output
    from ..spec.jsonschema_export import variant_json_schema

    path = user_schema_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    prepare_output(path, "schema", force=True)
    atomic_write_text(path, json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n")
    return path
