"""Our Gin Rummy beside OpenSpiel's gin_rummy: random-move turns per second, same run.

    python benchmarks/gin_vs_openspiel.py [--rounds 5] [--seconds 10] [--compiled PYTHON]
                                          [--variant VARIANT]

Both engines play hands of Gin Rummy with uniformly random legal moves (our
``RandomBot``, which knocks whenever it may; OpenSpiel's random choice among
its legal actions) for ``--seconds`` each, alternating, ``--rounds`` times;
a turn is one draw (from the stock or the discard pile). Ours plays
``variants/house/gin-openspiel.yaml`` (one hand, OpenSpiel's rules) through
the engine's public contract (``legal_actions``, ``apply``), as a research
loop would. With ``--compiled PYTHON`` the same loop also runs under that
interpreter (a venv where ``RUMMY_RULES_COMPILE=1 pip install .`` ran), in
the same rounds. ``--variant`` plays another variant (a shipped name or a
file) on our side instead, whole games at its best (or fewest) players, still
against OpenSpiel's gin: ``--variant contract`` gives the speed issue's
contract figure, rounds alternating with the peer's. Prints each round and
the medians, and the ratio ours ÷ OpenSpiel. Needs the ``peer`` extra
(open-spiel).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "variants" / "house" / "gin-openspiel.yaml"


def ours(seconds: float, seed: int = 1, variant: str = str(HOUSE)) -> float:
    """Random-move turns per second of our engine on ``variant`` (default:
    gin-openspiel); a turn is a draw from the stock or a take of the upcard."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState, compile_rules
    from rummy_rules.sim.bots import RandomBot, play_game

    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    rng = random.Random(seed)
    turns = 0
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GameState(rules, seed=seed * 100_000 + n)
        n += 1
        play_game(state, [RandomBot(rng) for _ in range(players)])
        turns += sum(
            1
            for entry in state.log
            if "action" in entry and entry["action"].split()[0] in ("draw", "take")
        )
    return turns / (time.perf_counter() - start)


def openspiel(seconds: float, seed: int = 1) -> float:
    """Random-move turns per second of OpenSpiel's gin_rummy (default parameters)."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            action = rng.choice(state.legal_actions())
            if action in (52, 53):  # the upcard or the stock
                turns += 1
            state.apply_action(action)
    return turns / (time.perf_counter() - start)


def _compiled(python: str, seconds: float, variant: str) -> float:
    code = (
        "import sys; sys.path.remove(sys.path[0]) if sys.path[0] in ('', '.') else None\n"
        f"sys.path.insert(0, {str(ROOT / 'benchmarks')!r})\n"
        "import gin_vs_openspiel as b, json, rummy_rules.build_info as bi\n"
        "assert bi.compiled_modules(), 'not the compiled build'\n"
        f"print(json.dumps(b.ours({seconds}, variant={variant!r})))"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    return float(json.loads(out.stdout))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--compiled", metavar="PYTHON")
    parser.add_argument(
        "--variant",
        default=str(HOUSE),
        help="the variant our side plays, a shipped name or a file (default: gin-openspiel)",
    )
    args = parser.parse_args(argv)
    if Path(args.variant).exists():  # the compiled side runs from another directory
        args.variant = str(Path(args.variant).resolve())
    rows: dict[str, list[float]] = {"ours": [], "openspiel": []}
    if args.compiled:
        rows["ours compiled"] = []
    for number in range(1, args.rounds + 1):
        rows["openspiel"].append(openspiel(args.seconds, number))
        rows["ours"].append(ours(args.seconds, number, args.variant))
        if args.compiled:
            rows["ours compiled"].append(_compiled(args.compiled, args.seconds, args.variant))
        shown = ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rows.items())
        print(f"round {number}: turns/s {shown}", flush=True)
    report(rows)
    return 0


def report(rows: dict[str, list[float]]) -> None:
    """Print each engine's median turns per second, and its ratio to OpenSpiel's
    (the median's, and the lowest and highest per round)."""
    theirs = statistics.median(rows["openspiel"])
    for key, values in rows.items():
        median = statistics.median(values)
        ratio = [v / o for v, o in zip(values, rows["openspiel"], strict=True)]
        print(
            f"{key:14} median {median:,.0f} turns/s; ÷ OpenSpiel {median / theirs:.3f} "
            f"(per round {min(ratio):.3f} to {max(ratio):.3f})"
        )


if __name__ == "__main__":
    sys.exit(main())
