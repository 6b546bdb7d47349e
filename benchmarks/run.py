"""The benchmark suite: measured figures for simulation speed, the solver and start-up.

    python benchmarks/run.py [--quick] [--peers] [--compiled PYTHON] [--memory-games N]
                             [--memory-variant V] [--output FILE]

Prints a table and writes the figures as JSON (default
benchmarks/results/run.json). Not part of the test suite: timings on a busy or
small machine are noisy, so compare ratios taken in one run. ``--quick``
plays fewer games and hands (a smoke run); ``--peers`` also plays OpenSpiel's
and RLCard's gin rummy with random moves, when those packages are installed,
and prints our turns per second as a ratio to theirs. A turn is one player's
draw-to-discard cycle. ``--compiled PYTHON`` also measures the simulation
figures with the compiled build installed for that interpreter (a venv where
``RUMMY_RULES_COMPILE=1 pip install .`` ran), in the same run, and prints each
compiled figure as a ratio to the pure-Python one.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy_rules.fsutil import atomic_write_text

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "rummy_rules"]


def _attr(name: str, *modules: str) -> Any:
    """``name`` from the first of ``modules`` that has it.

    The package's modules moved into subpackages (spec, engine, sim, render);
    ``ab.py`` runs these functions against versions from before the move too.
    """
    for module in modules:
        try:
            found = importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        if hasattr(found, name):
            return getattr(found, name)
    raise ImportError(f"no {name} in {', '.join(modules)}")


def _median_time(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def throughput(variant: str, bots: str, games: int, workers: int = 1) -> dict[str, float]:
    """Turns and complete games per second for ``games`` games of ``variant``."""
    from rummy_rules import load_variant

    parse_bots = _attr("parse_bots", "rummy_rules.sim.simulate", "rummy_rules.simulate")
    simulate = _attr("simulate", "rummy_rules.sim.simulate", "rummy_rules.simulate")
    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    kinds = parse_bots(bots, players)
    start = time.perf_counter()
    stats = simulate(spec, players=players, bots=kinds, games=games, seed=1, workers=workers)
    seconds = time.perf_counter() - start
    turns = stats.game_turns.mean * stats.games
    return {
        "games": stats.games,
        "seconds": round(seconds, 2),
        "games_per_s": round(stats.games / seconds, 2),
        "turns_per_s": round(turns / seconds, 1),
    }


def solver(hands_per_set: int) -> list[dict[str, Any]]:
    """Median and 99th percentile of ``find_contract`` on fixed, seeded hand sets."""
    from rummy_rules import load_variant
    from rummy_rules.cards import JOKER_FACE

    find_contract = _attr(
        "find_contract",
        "rummy_rules.engine.solver",
        "rummy_rules.engine.melds",
        "rummy_rules.melds",
    )
    compile_rules = _attr("compile_rules", "rummy_rules.engine.rules", "rummy_rules.rules")

    rules = compile_rules(load_variant("contract"), 4)
    naturals = [f for f in rules.pack.faces() if f != JOKER_FACE]
    rows = []
    # The seven contracts with 10 and 12 cards, then the final deal's all-out check.
    cases = [(size, wilds, deal) for size in (10, 12) for wilds in (0, 1, 2) for deal in range(7)]
    cases += [(13, wilds, 6) for wilds in (0, 1, 2)]
    for size, wilds, deal in cases:
        d = rules.deals[deal]
        rng = random.Random(f"{size}-{wilds}-{deal}")
        times = []
        for _ in range(hands_per_set):
            hand = rng.sample(naturals, size - wilds) + [JOKER_FACE] * wilds
            start = time.perf_counter_ns()
            all_out = size == 13 and d.all_out
            find_contract(hand, d.parts, rules.melds, d.wild_faces, all_out=all_out)
            times.append(time.perf_counter_ns() - start)
        times.sort()
        rows.append(
            {
                "deal": deal + 1,
                "all_out": size == 13,
                "cards": size,
                "wilds": wilds,
                "median_us": round(times[len(times) // 2] / 1000, 1),
                "p99_us": round(times[min(len(times) - 1, int(len(times) * 0.99))] / 1000, 1),
            }
        )
    return rows


def command_time(args: list[str], repeat: int) -> float:
    return _median_time(
        lambda: subprocess.run(args, cwd=ROOT, check=True, capture_output=True), repeat
    )


def peak_memory_mb(games: int, variant: str = "contract") -> float:
    """Peak resident memory of a ``games``-game random-bot simulation of ``variant``.

    Measured in a fresh parent whose only child is the simulation, so earlier
    children (say the PDF renderer) do not count.
    """
    args = [*CLI, "simulate", variant, "--games", str(games), "--bots", "random", "--json"]
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], check=True, capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *args], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return round(int(out.stdout.strip()) / 1024, 1)


def peers(seconds: float) -> dict[str, float]:
    """Random-move turns per second of OpenSpiel's and RLCard's gin rummy, if installed."""
    out: dict[str, float] = {}
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        game = pyspiel.load_game("gin_rummy")
        rng = random.Random(1)
        turns = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choice(outcomes)[0])
                    continue
                action = rng.choice(state.legal_actions())
                if action in (52, 53):  # draw the upcard or from the stock
                    turns += 1
                state.apply_action(action)
        out["open_spiel_gin_rummy_turns_per_s"] = round(turns / (time.perf_counter() - start), 1)
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        env = rlcard.make("gin-rummy", config={"seed": 1})
        rng = random.Random(1)
        turns = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"].keys())
                action = rng.choice(legal)
                if action in (2, 3):  # draw_card / pick_up_discard
                    turns += 1
                state, _ = env.step(action)
        out["rlcard_gin_rummy_turns_per_s"] = round(turns / (time.perf_counter() - start), 1)
    return out


def compiled_figures(python: str, quick: bool, pure: dict[str, Any]) -> dict[str, Any]:
    """The simulation figures measured by ``python`` (the compiled build), with
    each one's ratio to the pure-Python figure ``pure`` of the same run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "compiled.json"
        # Run from outside the checkout, so that the installed build is imported.
        command = [python, str(Path(__file__).resolve()), "--sims-only", "--output", str(out)]
        subprocess.run([*command, *(["--quick"] if quick else [])], check=True, cwd=tmp)
        figures: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    print(f"compiled build: {figures['build']}")
    ratios = {}
    for key, row in figures["simulation"].items():
        ratios[key] = round(row["games_per_s"] / pure[key]["games_per_s"], 2)
        print(f"{key:17} compiled {row['games_per_s']} games/s: {ratios[key]}x pure", flush=True)
    figures["ratio_to_pure"] = ratios
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and hands")
    parser.add_argument("--peers", action="store_true", help="also time OpenSpiel and RLCard")
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="also measure the simulations with the compiled build installed for PYTHON",
    )
    parser.add_argument("--sims-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--memory-games",
        type=int,
        default=None,
        help="games in the peak-memory simulation (default 2000, 200 with --quick)",
    )
    parser.add_argument(
        "--memory-variant",
        default="contract",
        help="variant of the peak-memory simulation (default contract)",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=ROOT / "benchmarks/results/run.json",
        help="where to write the figures as JSON (default benchmarks/results/run.json)",
    )
    args = parser.parse_args(argv)
    games = 20 if args.quick else 200
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": {"cores": __import__("os").cpu_count(), "python": platform.python_version()},
    }
    sims = {}
    for variant in ("contract", "shanghai", "persian", "rummy-500"):
        for bots in ("random", "greedy"):
            sims[f"{variant} {bots}"] = throughput(variant, bots, games)
            print(f"{variant:10} {bots:7} {sims[f'{variant} {bots}']}", flush=True)
    results["simulation"] = sims
    one = throughput("contract", "greedy", games, workers=1)
    two = throughput("contract", "greedy", games, workers=2)
    results["workers"] = {
        "one": one,
        "two": two,
        "speedup": round(one["seconds"] / two["seconds"], 2),
    }
    print(f"workers 2 vs 1: {results['workers']['speedup']}x", flush=True)
    build = subprocess.run(
        [*CLI, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    results["build"] = build
    if args.sims_only:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(args.output, json.dumps(results, indent=2) + "\n")
        return 0
    if args.compiled:
        results["compiled"] = compiled_figures(args.compiled, args.quick, sims)
    rows = solver(100 if args.quick else 1000)
    results["solver"] = rows
    for row in rows:
        print(
            f"solver deal {row['deal']} {row['cards']} cards {row['wilds']} wilds: "
            f"median {row['median_us']} us, p99 {row['p99_us']} us"
        )
    results["validate_all_s"] = round(command_time([*CLI, "validate", "variants/"], 3), 3)
    results["help_s"] = round(command_time([*CLI, "--help"], 5), 3)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            pdf = [*CLI, "rulebook", "contract", "-o", str(Path(tmp) / "c.pdf")]
            results["rulebook_pdf_s"] = round(command_time(pdf, 3), 2)
        except subprocess.CalledProcessError:
            results["rulebook_pdf_s"] = None  # the pdf extra is not installed
    memory_games = args.memory_games or (200 if args.quick else 2000)
    results["peak_memory"] = {
        "variant": args.memory_variant,
        "games": memory_games,
        "mb": peak_memory_mb(memory_games, args.memory_variant),
    }
    print(
        f"validate {results['validate_all_s']} s, --help {results['help_s']} s, "
        f"pdf {results['rulebook_pdf_s']} s, peak memory {results['peak_memory']}"
    )
    if args.peers:
        results["peers"] = peers(10 if args.quick else 30)
        ours = sims["contract random"]["turns_per_s"]
        for name, rate in results["peers"].items():
            print(f"{name}: {rate} turns/s; ours / theirs = {ours / rate:.2f}")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.output, json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
