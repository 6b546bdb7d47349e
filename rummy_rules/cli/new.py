"""``rummy-rules new``: start a house-rules file that extends a variant."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import SetOption, check_overrides, complete_variant, handle_errors, note


def _override_block(base: str, overrides: list[str]) -> dict[str, Any]:
    """The keys a house file needs to state so that it makes ``overrides``.

    A path into a list (``deals.7.cards``) states the whole resolved list,
    since lists replace; ``key+=value`` becomes ``key+: [value]``.
    """
    from ..spec.loader import load_variant, parse_override

    resolved = load_variant(base, overrides).model_dump(mode="json")
    block: dict[str, Any] = {}
    for text in overrides:
        segments, append, value = parse_override(text)
        keys: list[str] = []
        for seg in segments:
            if isinstance(seg, int):
                break
            keys.append(seg)
        cursor = block
        for key in keys[:-1]:
            cursor = cursor.setdefault(key, {})
        last = keys[-1]
        if append and len(keys) == len(segments):
            items = value if isinstance(value, list) else [value]
            cursor.setdefault(f"{last}+", []).extend(items)
            continue
        current: Any = resolved
        for key in keys:
            current = current[key]
        cursor[last] = current
    return block


def render_house_file(
    base: str, target: Path, name: str | None = None, overrides: list[str] | None = None
) -> str:
    """The text of a new house-rules file at ``target`` extending ``base``.

    Every rule of the resolved base appears as a comment with its value, so
    that changing a rule is uncommenting a line and editing it. ``overrides``
    (``--set`` values) are written as real keys.
    """
    import yaml

    from ..render.describe import IDENTITY
    from ..spec.loader import load_variant, resolve_source
    from ..spec.registry import find_shipped, schema_file
    from .schema_cmd import install_schema

    spec = load_variant(base)
    changes = _override_block(base, overrides or [])
    shipped = find_shipped(base)
    if shipped is not None:
        extends = spec.id
    else:
        base_path, _, _ = resolve_source(base)
        assert base_path is not None
        extends = os.path.relpath(base_path.resolve(), target.resolve().parent)
    # A copy of the schema in the user's data folder: an absolute reference to
    # it survives moving the file and reinstalling the package.
    try:
        schema_ref = str(install_schema())
    except OSError:  # no writable data folder: the installed package's copy
        schema_ref = str(schema_file())
    data = spec.model_dump(mode="json")
    title = name or f"My {spec.name}"
    lines = [
        f"# yaml-language-server: $schema={Path(schema_ref).as_posix()}",
        f"# House rules on top of {spec.name} ({spec.id}).",
        "# Every rule of the base is listed below as a comment showing its value.",
        "# To change a rule, uncomment its line (and the section line above it)",
        "# and edit the value; anything left commented keeps the base's value.",
        "# Lists replace the base's list; write `key+:` to append to it instead.",
        f"# Check the file with: rummy-rules validate {target.name}",
        f"extends: {extends}",
        f"name: {yaml.safe_dump(title, default_style=None).splitlines()[0]}",
    ]
    if changes:
        dumped = yaml.safe_dump(
            changes, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
        )
        lines.append("# Set with --set:")
        lines.extend(dumped.rstrip("\n").splitlines())
    if "notes+" not in changes:
        lines += ["notes+:", '  - "House rules: describe your changes here."']
    lines.append("")
    for key, value in data.items():
        if key in IDENTITY:
            continue
        block = yaml.safe_dump(
            {key: value}, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
        )
        lines.extend(f"# {line}" for line in block.rstrip("\n").splitlines())
    return "\n".join(lines) + "\n"


@handle_errors
def new(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="The house-rules file to create (.yaml).")
    ],
    base: Annotated[
        str,
        typer.Option(
            "--from",
            metavar="BASE",
            help="The variant to start from: a shipped id or a variant file.",
            autocompletion=complete_variant,
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(
            "--name", metavar="NAME", help="The name of your rules (default: 'My <base>')."
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
    overrides: SetOption = None,
) -> None:
    """Create a house-rules file that extends BASE, listing every rule you can change.

    The file starts with a line that lets editors with the YAML extension check
    it as you type, then `extends: BASE`, then every rule of BASE as a comment
    showing its value. Rules given with --set are written as real keys.
    """
    from ..fsutil import atomic_write_text, prepare_output

    sets = check_overrides(overrides)
    if name is not None:
        _check_name(name)
    prepare_output(file, "variant", force=force)
    text = render_house_file(base, file, name, sets)
    atomic_write_text(file, text)
    note(f"wrote {file}: edit it, then run `rummy-rules validate {file}`")


def _check_name(name: str) -> None:
    """A --name the variant file could not hold is a usage error, before anything is written."""
    from pydantic import TypeAdapter, ValidationError

    from ..errors import safe_text
    from ..spec.schema.base import Name

    try:
        TypeAdapter(Name).validate_python(name)
    except ValidationError as exc:
        message = exc.errors()[0]["msg"].removeprefix("Value error, ")
        raise typer.BadParameter(
            f"{safe_text(name[:60])!r}: {message}", param_hint="'--name'"
        ) from None
    if safe_text(name) != name:
        raise typer.BadParameter(
            f"{safe_text(name[:60])!r}: a name cannot hold control or text-direction characters",
            param_hint="'--name'",
        )
