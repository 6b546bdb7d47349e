"""The cost of one listing of the legal actions at the schema's limits.

Two variants that validate at the edge of what docs/format.md allows — a
contract of twelve sets over a 40-card hand, and twelve mixed melds over a
60-card hand with 40 jokers and deuces wild — dealt with several seeds; for
each, the time of one ``legal_actions`` call on the first turn after the draw
(where the go-down search runs). The listing's search has a step budget
(``engine.melding.LISTING_SEARCH_NODES``), so these stay within seconds.

    python benchmarks/worst_listing.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules

_SETS = ", ".join(["{type: set, size: 3}"] * 12)
_MIXED = ", ".join(["{type: run, size: 3}"] * 6 + ["{type: set, size: 3}"] * 6)

VARIANTS = {
    "twelve sets, 40 cards": f"""extends: contract
id: worst-sets
players: {{min: 3, max: 4, best: 4}}
deck: {{decks: 6, jokers: 12}}
deals:
  - {{cards: 40, contract: [{_SETS}]}}
""",
    "twelve mixed melds, 60 cards, 40 jokers and deuces": f"""extends: contract
id: worst-mixed
players: {{min: 3, max: 4, best: 4}}
deck: {{decks: 8, jokers: 40, wild_ranks: ["2"]}}
melds: {{run: {{min_size: 3}}}}
wilds: {{versus_naturals: any}}
deals:
  - {{cards: 60, contract: [{_MIXED}]}}
""",
}


def first_listing(text: str, seed: int) -> tuple[float, int]:
    """Seconds of the first play-phase listing of a game of ``text``, and its size."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worst.yaml"
        path.write_text(text, encoding="utf-8")
        spec = load_variant(path)
    state = GameState(compile_rules(spec, 4), seed=seed)
    for _ in range(20):  # the draw, and any buy window after it
        actions = state.legal_actions()
        if any(a.kind == "discard" for a in actions):
            break
        state.apply(next((a for a in actions if a.kind in ("pass", "draw")), actions[0]))
    start = time.perf_counter()
    actions = state.legal_actions()
    return time.perf_counter() - start, len(actions)


def main() -> None:
    """Print each variant's listing times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for name, text in VARIANTS.items():
        times = [first_listing(text, seed)[0] for seed in range(1, args.seeds + 1)]
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"{name}: one listing takes {shown} s (worst {max(times):.2f} s)")


if __name__ == "__main__":
    main()
