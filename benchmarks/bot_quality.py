"""How good is the greedy bot? One greedy bot against three random bots on 4-player contract.

    python benchmarks/bot_quality.py [--games 1000] [--workers 2] [--seed 1] [--variant contract]

Prints the greedy bot's win rate and each kind of bot's mean penalty per deal,
with 95% confidence intervals, and writes them as JSON
(benchmarks/results/bot_quality.json). The target (issue: bots and
simulate): the greedy bot wins at least 90% of 1,000 games, and its average
penalty per deal is far below the random bots'.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.sim.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="contract")
    parser.add_argument(
        "--output", type=Path, default=Path(__file__).parent / "results" / "bot_quality.json"
    )
    args = parser.parse_args(argv)

    spec = load_variant(args.variant)
    bots = ["greedy", "random", "random", "random"]
    start = time.perf_counter()
    stats = simulate(
        spec, players=4, bots=bots, games=args.games, seed=args.seed, workers=args.workers
    )
    seconds = time.perf_counter() - start
    data = stats.to_dict()
    deals = len(spec.deals)
    win = data["win_rate_by_seat"][0]
    per_deal = [{k: round(v / deals, 1) for k, v in m.items()} for m in data["mean_total_by_seat"]]
    result = {
        "variant": args.variant,
        "games": data["games"],
        "seed": args.seed,
        "workers": args.workers,
        "seconds": round(seconds, 1),
        "greedy_win_rate": win,
        "penalty_per_deal_by_seat": dict(
            zip(["greedy", "random 1", "random 2", "random 3"], per_deal, strict=True)
        ),
    }
    print(
        f"{args.variant}, 4 players, greedy (p1) against 3 random bots, {data['games']} games, "
        f"seed {args.seed}, {seconds:.0f} s with {args.workers} workers"
    )
    print(
        f"greedy win rate: {win['value'] * 100:.1f}% (95% CI {win['low'] * 100:.1f}-{win['high'] * 100:.1f}%)"
    )
    for name, m in result["penalty_per_deal_by_seat"].items():
        print(f"mean penalty per deal, {name}: {m['value']} ({m['low']}-{m['high']})")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
