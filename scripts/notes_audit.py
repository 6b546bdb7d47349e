"""List, for a fidelity review, each rule a variant file sets whose key its notes
do not name.

    python scripts/notes_audit.py contract persian      # shipped ids or files
    python scripts/notes_audit.py --all                  # every shipped file

Every value in a shipped file must be traceable to a cited source or be
named in its notes as a choice ("Not stated by the sources, chosen here:
... (key)"). Values the sources give are often stated in the notes in words
("runs of at least 4 with the ace high or low") rather than by key, so this
is a reading list, not a verdict: for each key printed, check that a cited
source gives the value, or add a note. The keys that sources most often leave
open are held to their notes by tests/test_render.py
(test_a_rule_no_source_states_is_a_key_and_a_note).

Reads the file as written (its own keys, not its base's or the defaults);
deals and the descriptive fields are left out.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {
    "aliases",
    "based_on",
    "deals",
    "description",
    "extends",
    "id",
    "name",
    "notes",
    "notes+",
    "schema_version",
    "sources",
    "translations",
}


def leaves(node: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Each key path of ``node`` with its value (lists as values)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if prefix or key not in SKIPPED:
                yield from leaves(value, f"{prefix}{key}.")
    else:
        yield prefix[:-1], node


def audit(path: Path) -> list[str]:
    """The lines to print for one file."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    notes = " ".join([*raw.get("notes", []), *raw.get("notes+", [])])
    unnamed = [f"  {key} = {value!r}" for key, value in leaves(raw) if key not in notes]
    return [f"{path.relative_to(ROOT)}: {len(unnamed)} keys its notes do not name", *unnamed]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="shipped ids or variant files")
    parser.add_argument("--all", action="store_true", help="every shipped file")
    args = parser.parse_args(argv)
    if args.all:
        paths = sorted((ROOT / "variants").rglob("*.yaml"))
    else:
        paths = []
        for name in args.variants:
            path = Path(name)
            if not path.is_file():
                found = list((ROOT / "variants").rglob(f"{name}.yaml"))
                if not found:
                    parser.error(f"{name}: no such file or shipped variant")
                path = found[0]
            paths.append(path.resolve())
    if not paths:
        parser.error("give variant ids or files, or --all")
    for path in paths:
        print("\n".join(audit(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
