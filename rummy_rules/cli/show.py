"""``rummy-rules show``: the fully resolved rules of a variant."""

from __future__ import annotations

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


@handle_errors
def show(
    source: Annotated[
        str,
        typer.Argument(
            metavar="ID_OR_PATH",
            help="A shipped variant id or a variant file.",
            autocompletion=complete_variant,
        ),
    ],
    overrides: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """Print the fully resolved rules: the file after extends and --set, with every default.

    The output is itself a valid variant file (YAML, or JSON with --json).
    """
    import yaml

    from ..loader import load_variant

    spec = load_variant(source, check_overrides(overrides))
    data = spec.model_dump(mode="json")
    if json_output:
        emit_json({"variant": data})
        return
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    typer.echo(f"# Resolved rules of {spec.name} ({spec.id})\n{text}", nl=False)
