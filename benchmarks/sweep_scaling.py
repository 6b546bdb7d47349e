"""How a sweep scales with the workers: local processes and a Dask LocalCluster.

    python benchmarks/sweep_scaling.py [--games N] [--output FILE]

Times one sweep (contract, buying.limits.per_deal=0,2, greedy bots, seed 1)
with ``--executor local`` and ``--executor dask`` at 1 and 2 workers, checks
that every run gives the same figures, and writes the timings as JSON
(default benchmarks/results/sweep_scaling.json). The Dask times include
starting and stopping the local cluster, as a user's command does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rummy_rules import load_variant
from rummy_rules.fsutil import atomic_write_text
from rummy_rules.sim.sweep import DaskExecutor, LocalExecutor, combinations, parse_vary, run_sweep

ROOT = Path(__file__).resolve().parent.parent


def timed(executor: object, games: int) -> tuple[float, str]:
    combos = combinations(
        lambda extra: load_variant("contract", extra), [parse_vary("buying.limits.per_deal=0,2")]
    )
    start = time.perf_counter()
    result = run_sweep(
        combos, players=4, bots=["greedy"] * 4, games=games, seed=1, executor=executor, chunk=10
    )
    seconds = time.perf_counter() - start
    return seconds, json.dumps(result.to_dict(), sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per combination")
    parser.add_argument(
        "--output", type=Path, default=ROOT / "benchmarks/results/sweep_scaling.json"
    )
    args = parser.parse_args(argv)
    runs = {
        "local 1": LocalExecutor(1),
        "local 2": LocalExecutor(2),
        "dask 1": DaskExecutor(workers=1),
        "dask 2": DaskExecutor(workers=2),
    }
    seconds: dict[str, float] = {}
    figures = set()
    for name, executor in runs.items():
        seconds[name], figure = timed(executor, args.games)
        figures.add(figure)
        print(f"{name}: {seconds[name]:.1f} s", flush=True)
    same = len(figures) == 1
    print(f"identical figures: {same}")
    print(f"dask 2 workers / 1: {seconds['dask 1'] / seconds['dask 2']:.2f}x")
    document = {
        "date": time.strftime("%Y-%m-%d"),
        "games_per_combination": args.games,
        "combinations": 2,
        "seconds": {k: round(v, 2) for k, v in seconds.items()},
        "dask_speedup_2_over_1": round(seconds["dask 1"] / seconds["dask 2"], 2),
        "local_speedup_2_over_1": round(seconds["local 1"] / seconds["local 2"], 2),
        "identical_figures": same,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.output, json.dumps(document, indent=2) + "\n")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
