"""Regenerate the golden files in tests/golden/ (review the diff before committing).

python scripts/gen_golden.py

The rulebooks (English, and contract and persian in Bulgarian and Armenian), and the digests of seeded bot games (tests/test_play_digests.py):
a change to the digests means the engine or the bots now play differently.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.fsutil import atomic_write_text
from rummy_rules.render.rulebook import render_rulebook
from rummy_rules.spec.registry import shipped_variants

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for entry in shipped_variants():
        text = render_rulebook(load_variant(entry.path), "md")
        atomic_write_text(GOLDEN / f"{entry.id}.md", text)
        print(f"wrote tests/golden/{entry.id}.md")
    # The translated rulebooks of two variants (tests/test_languages.py).
    for variant in ("contract", "persian"):
        for lang in ("bg", "hy"):
            text = render_rulebook(load_variant(variant), "md", lang=lang)
            atomic_write_text(GOLDEN / f"{variant}.{lang}.md", text)
            print(f"wrote tests/golden/{variant}.{lang}.md")
    sys.path.insert(0, str(ROOT))
    from tests.engine_helpers import DIGEST_BOTS, DIGEST_SEED, play_digest

    digests = {
        f"{entry.id} {bots}": play_digest(entry.id, bots, DIGEST_SEED)
        for entry in shipped_variants()
        for bots in DIGEST_BOTS
    }
    text = json.dumps(digests, indent=1, sort_keys=True) + "\n"
    atomic_write_text(GOLDEN / "play_digests.json", text)
    print("wrote tests/golden/play_digests.json")


if __name__ == "__main__":
    main()
