"""Regenerate the files derived from the code: docs/format.md, docs/variant.schema.json
and docs/refusals.md.

python scripts/gen_docs.py          # write them
python scripts/gen_docs.py --check  # exit 1 if any is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

from rummy_rules.fsutil import atomic_write_text
from rummy_rules.render.docgen import format_reference, refusal_reference, schema_text

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {
    ROOT / "docs" / "format.md": format_reference,
    ROOT / "docs" / "variant.schema.json": schema_text,
    ROOT / "docs" / "refusals.md": refusal_reference,
}


def main() -> int:
    check = "--check" in sys.argv[1:]
    stale = []
    for path, make in TARGETS.items():
        text = make()
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not check:
            atomic_write_text(path, text)
            print(f"wrote {path.relative_to(ROOT)}")
    if check and stale:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)} (run python scripts/gen_docs.py)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
