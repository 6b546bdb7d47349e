"""Tune the tuned bot's weights by self-play, and write them to its weights file.

    python benchmarks/tune_bot.py [--family contract] [--variant contract]
        [--games 200] [--passes 2] [--workers 2] [--write]
    python benchmarks/tune_bot.py --family knock --variant gin ...

The method (coordinate search by self-play): start from the weights in
``rummy_rules/sim/bots/tuned.json``; for each weight in turn, try each other
value of its grid, every other weight as the incumbent's. A trial plays
``--games`` games of ``--variant`` (its best player count) against the
incumbent as a ladder pairing: mirrored pairs, the same deals with the seats
swapped, half the seats each. The trial replaces the incumbent when it
scores more than half the points by at least one standard error (its share
less one standard error is above 50%). ``--passes`` rounds of all weights.
Then the tuned weights play the greedy bot the same way and the result is
printed. The game seeds are fixed (``--seed``), so a run repeats exactly.

``--write`` stores the weights for ``--family`` in the weights file, with
this method and the command. Not a test: a pass takes minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from rummy_rules import load_variant
from rummy_rules.sim.bots.tuned import GREEDY_VALUES, WEIGHTS_FILE
from rummy_rules.sim.ladder import ladder

#: The values tried for each weight, by family.
GRIDS: dict[str, dict[str, tuple[int, ...]]] = {
    "contract": {
        "buy_threshold": (2, 3, 4, 5),
        "take_threshold": (1, 2, 3),
        "buy_room": (1, 2, 3, 4, 5, 6),
        "all_out_room": (0, 1, 2, 3, 4),
        "late": (0, 1),
    },
    "knock": {
        "knock_at": (0, 2, 4, 6, 8, 10),
        "take_margin": (1, 2, 3, 5, 8),
        "partial": (0, 1, 2, 3, 5, 8),
    },
}
#: Knock Rummy knocks at any deadwood: the knock may wait for more.
GRIDS["knock_any"] = {**GRIDS["knock"], "knock_at": (0, 2, 4, 6, 8, 10, 15, 20, 30, 45, 60, 100)}
#: The families with no grid of their own tune the contract weights.
GRIDS["default"] = GRIDS["contract"]


def spec(weights: dict[str, int]) -> str:
    """The bot spec of these weights."""
    return "tuned:" + ":".join(f"{k}={v}" for k, v in sorted(weights.items()))


def share(variant: str, a: str, b: str, games: int, seed: int, workers: int) -> tuple[float, float]:
    """B's share of the points against A, and its standard error."""
    loaded = load_variant(variant)
    players = loaded.players.best or loaded.players.min
    result = ladder(loaded, players=players, bots=[a, b], games=games, seed=seed, workers=workers)
    (pairing,) = result.pairings
    if pairing.failed:
        raise SystemExit(f"{b} against {a}: {pairing.errors[0]}")
    p = 1 - pairing.points / pairing.games
    return p, math.sqrt(p * (1 - p) / pairing.games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--family", default="contract")
    parser.add_argument("--variant", default="contract")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    grid = GRIDS[args.family]
    known = data["families"].get(args.family, {})
    best = {k: int(known.get(k, GREEDY_VALUES[k])) for k in grid}
    start = time.perf_counter()
    trials: list[dict[str, Any]] = []
    for _ in range(args.passes):
        changed = False
        for key, values in grid.items():
            for value in values:
                if value == best[key]:
                    continue
                trial = {**best, key: value}
                p, se = share(
                    args.variant, spec(best), spec(trial), args.games, args.seed, args.workers
                )
                kept = p - se > 0.5
                trials.append({"weights": trial, "share": round(p, 3), "kept": kept})
                print(f"{key}={value}: {p:.3f} ± {se:.3f}{'  kept' if kept else ''}", flush=True)
                if kept:
                    best, changed = trial, True
        if not changed:
            break
    p, se = share(args.variant, "greedy", spec(best), 2 * args.games, args.seed + 1, args.workers)
    minutes = (time.perf_counter() - start) / 60
    print(f"tuned {best}: {p:.3f} ± {se:.3f} of the points against greedy ({minutes:.1f} min)")
    if args.write:
        data["families"][args.family] = best
        data["method"] = (
            "coordinate search by self-play (benchmarks/tune_bot.py): each weight's other "
            "values tried against the incumbent over mirrored pairs, kept when scoring more "
            "than half the points by one standard error"
        )
        command = "python benchmarks/tune_bot.py " + shlex.join(sys.argv[1:])
        data.setdefault("commands", {})[args.family] = command
        data["tuned_families"] = sorted({*data.get("tuned_families", []), args.family})
        data.setdefault("against_greedy", {})[args.family] = {
            "variant": args.variant,
            "games": 2 * args.games,
            "share": round(p, 3),
            "standard_error": round(se, 3),
        }
        WEIGHTS_FILE.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {Path(WEIGHTS_FILE).name}")


if __name__ == "__main__":
    main()
