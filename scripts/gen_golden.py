"""Regenerate the golden rulebooks in tests/golden/ (review the diff before committing).

python scripts/gen_golden.py
"""

from __future__ import annotations

from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.fsutil import atomic_write_text
from rummy_rules.registry import shipped_variants
from rummy_rules.render import render_rulebook

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for entry in shipped_variants():
        text = render_rulebook(load_variant(entry.path), "md")
        atomic_write_text(GOLDEN / f"{entry.id}.md", text)
        print(f"wrote tests/golden/{entry.id}.md")


if __name__ == "__main__":
    main()
