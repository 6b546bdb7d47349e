"""Compare the speed of two versions of rummy-rules, run alternately.

    python benchmarks/ab.py A B [--rounds N] [--games N] [--hands N] [--output FILE]

``A`` and ``B`` are each a git revision of this repository (``HEAD~1``,
``main``, a commit) or a directory holding a ``rummy_rules`` package and the
``variants`` and ``templates`` folders (a checkout, or a copy built another
way). Every round measures A, then B, each in a fresh process that imports
that version; with a machine whose speed drifts by a third within the hour,
only figures taken this way, alternately and in the same run, are worth
comparing. Prints, per figure, the best and the median of the rounds for
each side and B / A (above 1: B is faster); ``--output`` also writes them as
JSON. Not part of the test suite.

``--guard R`` makes it a regression guard to run before landing an engine or
bot change (``python benchmarks/ab.py main HEAD --guard 0.95``): it exits
with status 1 and names each figure whose B / A is below ``R`` both at the
best and at the median of the rounds (one noisy round alone does not trip it).

Figures (the suite's functions in ``benchmarks/run.py``): contract games per
second with greedy bots, turns per second with random bots, and the worst
median of the 12-card, 2-wild solver sets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
#: (figure, True when larger is better)
FIGURES = (
    ("greedy_games_per_s", True),
    ("random_turns_per_s", True),
    ("solver_12_cards_2_wilds_worst_median_us", False),
)


def measure(games: int, hands: int) -> dict[str, float]:
    """The figures for the rummy_rules found first on the import path."""
    sys.path.insert(0, str(HERE))
    from run import solver, throughput

    greedy = throughput("contract", "greedy", games)
    random_ = throughput("contract", "random", games)
    rows = [r for r in solver(hands) if r["cards"] == 12 and r["wilds"] == 2 and not r["all_out"]]
    return {
        "greedy_games_per_s": greedy["games_per_s"],
        "random_turns_per_s": random_["turns_per_s"],
        "solver_12_cards_2_wilds_worst_median_us": max(r["median_us"] for r in rows),
    }


def side(spec: str, work: Path) -> Path:
    """A directory holding version ``spec`` (extracted from git for a revision)."""
    path = Path(spec)
    if path.is_dir():
        if not (path / "rummy_rules" / "__init__.py").is_file():
            raise SystemExit(f"error: {spec} holds no rummy_rules package")
        return path.resolve()
    out = work / spec.replace("/", "_").replace("~", "-").replace("^", "-")
    out.mkdir(parents=True, exist_ok=True)
    archive = out / "src.tar"
    with archive.open("wb") as sink:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "archive", spec, "rummy_rules", "variants", "templates"],
            stdout=sink,
            stderr=subprocess.PIPE,
            text=False,
        )
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"error: '{spec}' is neither a directory nor a git revision: {message}")
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(out, filter="data")
        else:
            tar.extractall(out)  # our own repository's archive
    archive.unlink()
    return out


def run_side(where: Path, games: int, hands: int) -> dict[str, float]:
    """Measure the version in ``where`` in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(where), PYTHONDONTWRITEBYTECODE="1")
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--measure",
        str(where),
        "--games",
        str(games),
        "--hands",
        str(hands),
    ]
    done = subprocess.run(command, env=env, cwd=where, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: measuring {where} failed:\n{done.stderr.strip()}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def summary(runs: dict[str, list[dict[str, float]]]) -> dict[str, Any]:
    """Best and median of each figure for each side, and B / A of each."""
    out: dict[str, Any] = {}
    for name, larger_better in FIGURES:
        row: dict[str, Any] = {}
        for label in ("A", "B"):
            values = [r[name] for r in runs[label]]
            row[label] = {
                "best": max(values) if larger_better else min(values),
                "median": statistics.median(values),
                "runs": values,
            }
        for key in ("best", "median"):
            a, b = row["A"][key], row["B"][key]
            # Above 1: B is faster (more per second, or fewer microseconds).
            row[f"b_over_a_{key}"] = round(b / a if larger_better else a / b, 3)
        out[name] = row
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", help="version A: a git revision or a directory")
    parser.add_argument("b", nargs="?", help="version B: a git revision or a directory")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of A then B (default 4)")
    parser.add_argument(
        "--games", type=int, default=20, help="contract games per bot kind (default 20)"
    )
    parser.add_argument("--hands", type=int, default=200, help="hands per solver set (default 200)")
    parser.add_argument("--output", type=Path, help="also write the figures as JSON")
    parser.add_argument(
        "--guard",
        type=float,
        metavar="R",
        help="exit 1 naming each figure whose B/A (best and median) is below R, e.g. 0.95",
    )
    parser.add_argument("--measure", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1 or args.hands < 1 or args.rounds < 1:
        parser.error("--rounds, --games and --hands must be at least 1")
    if args.guard is not None and not 0 < args.guard <= 1:
        parser.error("--guard takes a ratio above 0 and at most 1, e.g. 0.95")
    if args.measure:
        import rummy_rules

        found = Path(rummy_rules.__file__).resolve()
        if not found.is_relative_to(Path(args.measure).resolve()):
            raise SystemExit(f"error: imported {found}, not the version in {args.measure}")
        print(json.dumps(measure(args.games, args.hands)))
        return 0
    if not args.a or not args.b:
        parser.error("give the two versions to compare, A and B")
    with tempfile.TemporaryDirectory() as tmp:
        dirs = {"A": side(args.a, Path(tmp) / "a"), "B": side(args.b, Path(tmp) / "b")}
        runs: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
        for round_ in range(1, args.rounds + 1):
            for label in ("A", "B"):
                runs[label].append(run_side(dirs[label], args.games, args.hands))
            print(f"round {round_}: A {runs['A'][-1]}  B {runs['B'][-1]}", flush=True)
    result = summary(runs)
    print(f"\nA = {args.a}, B = {args.b}; {args.rounds} rounds, B / A above 1: B is faster")
    print(f"{'figure':42} {'A best':>9} {'A median':>9} {'B best':>9} {'B median':>9}  B/A")
    for name, row in result.items():
        print(
            f"{name:42} {row['A']['best']:9.1f} {row['A']['median']:9.1f} "
            f"{row['B']['best']:9.1f} {row['B']['median']:9.1f}  "
            f"{row['b_over_a_best']:.2f} (best), {row['b_over_a_median']:.2f} (median)"
        )
    if args.output:
        sys.path.insert(0, str(ROOT))
        from rummy_rules.fsutil import atomic_write_text

        document = {"a": args.a, "b": args.b, "rounds": args.rounds, "games": args.games}
        document["figures"] = result
        atomic_write_text(args.output, json.dumps(document, indent=2) + "\n")
    if args.guard is not None:
        fell = fallen(result, args.guard)
        for line in fell:
            print(line)
        if fell:
            return 1
        print(f"guard: no figure fell below {args.guard:.2f} of A")
    return 0


def fallen(result: dict[str, Any], ratio: float) -> list[str]:
    """One line for each figure of ``result`` (:func:`summary`) that B made
    worse than ``ratio`` of A, at the best and at the median of the rounds."""
    out = []
    for name, row in result.items():
        best, median = row["b_over_a_best"], row["b_over_a_median"]
        if best < ratio and median < ratio:
            out.append(
                f"FELL: {name}: B/A {best:.2f} (best), {median:.2f} (median), "
                f"below the guard's {ratio:.2f}"
            )
    return out


if __name__ == "__main__":
    sys.exit(main())
