"""Where the shipped variants and templates are, installed or in a checkout.

This module is the one place that knows: everything else asks it. In a
built wheel the top-level ``variants/`` and ``templates/`` folders are
bundled as ``rummy_rules/_data/``; in a source checkout (or an editable
install) they are read from the repository itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ..errors import RummyRulesError

__all__ = [
    "ShippedVariant",
    "data_dir",
    "display_name",
    "find_shipped",
    "schema_file",
    "shipped_variants",
    "templates_dir",
    "variants_dir",
]

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """The folder of bundled data called ``name`` (``variants`` or ``templates``)."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise RummyRulesError(
        f"cannot find the shipped '{name}' folder: the installation is incomplete "
        "(reinstall rummy-rules)"
    )


def schema_file() -> Path:
    """The JSON Schema of variant files (``docs/variant.schema.json`` in a checkout)."""
    for candidate in (
        _PACKAGE / "_data" / "variant.schema.json",
        _PACKAGE.parent / "docs" / "variant.schema.json",
    ):
        if candidate.is_file():
            return candidate
    raise RummyRulesError("cannot find variant.schema.json: the installation is incomplete")


def variants_dir() -> Path:
    """The folder of shipped variant files."""
    return data_dir("variants")


def templates_dir() -> Path:
    """The folder of rulebook templates."""
    return data_dir("templates")


@dataclass(frozen=True, slots=True)
class ShippedVariant:
    """A variant file shipped with the package, as found on disk."""

    id: str
    path: Path
    aliases: tuple[str, ...]
    house: bool
    """True for house-rules examples (files under ``variants/house/``)."""


def display_name(path: Path) -> str:
    """How a file is named in messages: shipped files as ``variants/…``, others as given."""
    try:
        root = variants_dir()
        return str(Path("variants") / path.resolve().relative_to(root))
    except (ValueError, RummyRulesError):
        return str(path)


#: The fastest safe YAML loader at hand (libyaml's, where PyYAML was built with it).
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _entry(path: Path, root: Path) -> ShippedVariant:
    """The shipped variant of one file: its id (else the file's stem) and aliases.

    Only these two keys are read, with a plain YAML parse (ten times cheaper
    than the located one validation uses); a file that does not parse is
    listed under its stem, and its problems are reported when it is loaded."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_FAST_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        data = None
    ident = path.stem
    aliases: tuple[str, ...] = ()
    if isinstance(data, dict):
        if isinstance(data.get("id"), str):
            ident = data["id"]
        raw = data.get("aliases")
        if isinstance(raw, list):
            aliases = tuple(a for a in raw if isinstance(a, str))
    return ShippedVariant(ident, path, aliases, path.parent != root)


@cache
def shipped_variants() -> tuple[ShippedVariant, ...]:
    """Every shipped variant file, standard variants first, then house examples."""
    root = variants_dir()
    found = [_entry(path, root) for path in sorted(root.rglob("*.yaml"))]
    found.sort(key=lambda v: (v.house, v.id))
    return tuple(found)


@cache
def _named_file(wanted: str) -> ShippedVariant | None:
    """The shipped file named ``<wanted>.yaml`` whose id is ``wanted``, read alone:
    a command naming a shipped variant by its id need not read all the others
    (ids are unique, so it is the one the full search would find first)."""
    if not wanted or not all(c.isalnum() or c in "-_" for c in wanted):
        return None
    root = variants_dir()
    for path in (root / f"{wanted}.yaml", root / "house" / f"{wanted}.yaml"):
        if path.is_file():
            entry = _entry(path, root)
            if entry.id == wanted:
                return entry
    return None


def find_shipped(name: str) -> ShippedVariant | None:
    """The shipped variant whose id or alias is ``name`` (case-insensitive)."""
    wanted = name.strip().lower()
    named = _named_file(wanted)
    if named is not None:
        return named
    variants = shipped_variants()
    for variant in variants:
        if variant.id == wanted:
            return variant
    for variant in variants:
        if wanted in variant.aliases:
            return variant
    return None
