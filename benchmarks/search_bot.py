"""How long the search bot takes a move, and how it fares against the greedy bot.

    python benchmarks/search_bot.py [--variant V ...] [--bot SPEC] [--moves N]
        [--games N] [--workers W] [--out FILE]

Move time: one seat plays ``--bot`` (default ``hard``, the level people pick
in ``play``: ``search:seconds=2``), the others greedy bots, through game seed
1, 2, ... until ``--moves`` choices with more than one legal action have
been timed; prints the mean, the median, the 95th percentile and the longest.

Strength: ``rummy-rules ladder V --bots greedy,SPEC --games N`` (mirrored
pairs: every deal twice, the seats swapped), the search side's share of the
wins with its 95% interval. ``--games 0`` skips it (it takes minutes: every
search move plays dozens of rollouts).

Writes the figures as JSON to ``--out`` (default
``benchmarks/results/search_bot.json``). Not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState
from rummy_rules.engine.view import seat_view
from rummy_rules.sim.bots import make_bot
from rummy_rules.sim.ladder import ladder

HERE = Path(__file__).resolve().parent


def move_times(variant: str, spec: str, moves: int) -> dict[str, Any]:
    """Seconds per choice of ``spec`` in seat 1 against greedy bots."""
    loaded = load_variant(variant)
    players = loaded.players.best or loaded.players.min
    rules = compile_rules(loaded, players)
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        seed += 1
        state = GameState(rules, seed=seed)
        bots = [
            make_bot(spec if s == 0 else "greedy", random.Random(seed + s)) for s in range(players)
        ]
        deal = -1
        while not state.is_terminal() and len(times) < moves:
            if state.deal_index != deal:
                deal = state.deal_index
                for s, bot in enumerate(bots):
                    bot.new_deal(state.deal_rules_of(s))  # type: ignore[attr-defined]
            seat = state.to_move
            view = seat_view(state, seat)
            if seat == 0:
                start = time.perf_counter()
                action = bots[0].choose_in(state, view)  # type: ignore[attr-defined]
                if len(view.legal) > 1:
                    times.append(time.perf_counter() - start)
            else:
                action = bots[seat].choose(view)
            state.apply(action)
    times.sort()
    return {
        "moves": len(times),
        "mean_s": round(statistics.mean(times), 3),
        "median_s": round(statistics.median(times), 3),
        "p95_s": round(times[int(0.95 * (len(times) - 1))], 3),
        "max_s": round(times[-1], 3),
    }


def strength(variant: str, spec: str, games: int, workers: int) -> dict[str, Any]:
    """The search side's share of the wins against greedy, mirrored pairs."""
    loaded = load_variant(variant)
    players = loaded.players.best or loaded.players.min
    start = time.perf_counter()
    result = ladder(
        loaded, players=players, bots=["greedy", spec], games=games, seed=1, workers=workers
    ).to_dict()
    (pairing,) = result["pairings"]
    share = pairing["a_score"]
    return {
        "games": pairing["games"],
        "search_share": {
            k: round(1 - share[j], 3)
            for k, j in (("value", "value"), ("low", "high"), ("high", "low"))
        },
        "decided": pairing["decided"],
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", action="append", help="default: contract and gin")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "search_bot.json")
    args = parser.parse_args()
    figures: dict[str, Any] = {"bot": args.bot}
    for variant in args.variant or ["contract", "gin"]:
        row: dict[str, Any] = {"move_time": move_times(variant, args.bot, args.moves)}
        if args.games:
            row["against_greedy"] = strength(variant, args.bot, args.games, args.workers)
        figures[variant] = row
        print(variant, json.dumps(row))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
