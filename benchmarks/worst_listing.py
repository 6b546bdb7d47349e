"""The cost of play at the schema's limits: one listing, and whole games.

Variants that validate at the edge of what docs/format.md allows: a contract
of twelve sets over a 40-card hand, and twelve mixed melds over a 60-card hand
with 40 jokers and deuces wild (both 4 players), dealt with several seeds; for
each, the time of one ``legal_actions`` call on the first turn after the draw
(where the go-down search runs). The listing's search has a step budget
(``engine.melding.LISTING_SEARCH_NODES``), so these stay within a second.

With ``--games``, whole games at the limits as ``simulate`` plays them
(greedy bots, the default): 40 deals of each contract, with the most players
the pack allows (12 for the 40-card hands of 12 decks and 100 jokers, 10 for
the 60-card hands) and with 4; and, as the extreme, the first deals of the
twelve-set game between random bots (which seldom go down when they could,
so a deal runs until the stock has been rebuilt twice).

    python benchmarks/worst_listing.py [--seeds 3] [--games]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.simulate import make_job, play_summary
from rummy_rules.spec.schema import VariantSpec

_SETS = ", ".join(["{type: set, size: 3}"] * 12)
_MIXED = ", ".join(["{type: run, size: 3}"] * 6 + ["{type: set, size: 3}"] * 6)


def _sets(deals: int, most: int) -> str:
    rows = "\n".join([f"  - {{cards: 40, contract: [{_SETS}]}}"] * deals)
    return f"""extends: contract
id: worst-sets
players: {{min: 3, max: {most}, best: 4}}
deck: {{decks: 12, jokers: 100}}
deals:
{rows}
"""


def _mixed(deals: int, most: int) -> str:
    rows = "\n".join([f"  - {{cards: 60, contract: [{_MIXED}]}}"] * deals)
    return f"""extends: contract
id: worst-mixed
players: {{min: 3, max: {most}, best: 4}}
deck: {{decks: 12, jokers: 100, wild_ranks: ["2"]}}
melds: {{run: {{min_size: 3}}}}
wilds: {{versus_naturals: any}}
deals:
{rows}
"""


VARIANTS = {
    "twelve sets, 40 cards": _sets(1, 4),
    "twelve mixed melds, 60 cards, 100 jokers and deuces": _mixed(1, 4),
}

#: (name, file text, players) of the whole games.
GAMES = [
    ("twelve sets, 40 cards, 40 deals", _sets(40, 12), 12),
    ("twelve sets, 40 cards, 40 deals", _sets(40, 12), 4),
    ("twelve mixed melds, 60 cards, 40 deals", _mixed(40, 10), 10),
    ("twelve mixed melds, 60 cards, 40 deals", _mixed(40, 10), 4),
]


def _spec(text: str) -> VariantSpec:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worst.yaml"
        path.write_text(text, encoding="utf-8")
        return load_variant(path)


def first_listing(text: str, seed: int) -> tuple[float, int]:
    """Seconds of the first play-phase listing of a game of ``text``, and its size."""
    state = GameState(compile_rules(_spec(text), 4), seed=seed)
    for _ in range(20):  # the draw, and any buy window after it
        actions = state.legal_actions()
        if any(a.kind == "discard" for a in actions):
            break
        state.apply(next((a for a in actions if a.kind in ("pass", "draw")), actions[0]))
    start = time.perf_counter()
    actions = state.legal_actions()
    return time.perf_counter() - start, len(actions)


def whole_game(text: str, players: int, seed: int) -> tuple[float, int]:
    """Seconds of one game of ``text`` between greedy bots, and its turns."""
    job = make_job(_spec(text), players, ["greedy"] * players, seed, False)
    start = time.perf_counter()
    summary = play_summary(job, 0)
    return time.perf_counter() - start, sum(d.turns for d in summary.deals)


def random_deals(text: str, players: int, deals: int, seed: int) -> list[tuple[float, int]]:
    """Seconds and actions of the first ``deals`` deals of ``text`` between random bots."""
    import random

    state = GameState(compile_rules(_spec(text), players), seed=seed)
    choose = random.Random(seed)
    out: list[tuple[float, int]] = []
    start, actions = time.perf_counter(), 0
    while len(out) < deals and not state.is_terminal():
        deal = state.game.deal_index
        state.apply_listed(choose.choice(state.legal_actions()))
        actions += 1
        if state.game.deal_index != deal or state.is_terminal():
            out.append((time.perf_counter() - start, actions))
            start, actions = time.perf_counter(), 0
    return out


def main() -> None:
    """Print each variant's listing times, and with --games the whole games'."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--games", action="store_true", help="also play whole games")
    args = parser.parse_args()
    for name, text in VARIANTS.items():
        times = [first_listing(text, seed)[0] for seed in range(1, args.seeds + 1)]
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"{name}: one listing takes {shown} s (worst {max(times):.2f} s)", flush=True)
    if not args.games:
        return
    for name, text, players in GAMES:
        runs = [whole_game(text, players, seed) for seed in range(1, args.seeds + 1)]
        shown = ", ".join(f"{t:.1f} s ({turns} turns)" for t, turns in runs)
        worst = max(t for t, _ in runs)
        print(f"{name}, {players} greedy bots: one game takes {shown}; worst {worst:.1f} s")
        print(flush=True)
    name, text, players = GAMES[0]
    deals = random_deals(text, players, 3, 1)
    shown = ", ".join(f"{t:.1f} s ({n} actions)" for t, n in deals)
    print(f"{name}, {players} random bots: the first deals take {shown}")


if __name__ == "__main__":
    main()
