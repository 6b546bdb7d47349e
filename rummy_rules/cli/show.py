"""``rummy-rules show``: the fully resolved rules of a variant."""

from __future__ import annotations

import typer

from .common import (
    JsonOption,
    SetOption,
    VariantArgument,
    check_overrides,
    emit_json,
    handle_errors,
)


@handle_errors
def show(
    source: VariantArgument,
    overrides: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """Print the fully resolved rules: the file after extends and --set, with every default.

    The output is itself a valid variant file (YAML, or JSON with --json): the
    name and description first, then the rules, then the sources, notes and
    translations.
    """
    import yaml

    from ..spec.loader import load_variant

    spec = load_variant(source, check_overrides(overrides))
    data = spec.model_dump(mode="json")
    if json_output:
        emit_json({"variant": data})
        return
    # The rules before the long sources, notes and translations.
    last = ("sources", "notes", "translations")
    data = {k: v for k, v in data.items() if k not in last} | {k: data[k] for k in last}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    typer.echo(f"# Resolved rules of {spec.name} ({spec.id})\n{text}", nl=False)
