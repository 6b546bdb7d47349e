"""Where a simulated game's time goes, decision by decision.

    python benchmarks/decision_costs.py [VARIANT] [--bots random|greedy|...] [--games N]

Plays ``N`` games one decision at a time, as ``play_game`` does, and times
each step separately: listing the legal actions, building the seat's view
(which lists them again, so its own cost is the difference), the bot's
choice and applying the action. A bot with ``live_view`` (both shipped bots)
gets a view worked out as it reads it: its view step is only the view's
creation (the listing just timed is handed to it), and the fields it reads
are worked out inside its choice. Prints microseconds per decision and per turn
(a turn: one player's draw-to-discard cycle, buy windows included) by phase
(draw, buy, play). Not part of the test suite; compare figures taken in one
run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict

STEPS = ("legal", "view", "choose", "apply")


def measure(
    variant: str, bots: str, games: int
) -> tuple[int, dict[str, int], dict[str, dict[str, float]]]:
    """(turns, decisions by phase, seconds spent in each step by phase)."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.view import live_seat_view, seat_view
    from rummy_rules.sim.bots import make_bot

    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    names = bots.split(",")
    clock = time.perf_counter
    spent: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(STEPS, 0.0))
    decisions: dict[str, int] = defaultdict(int)
    turns = 0
    for game in range(games):
        state = GameState(rules, seed=game)
        seated = [
            make_bot(names[s % len(names)], random.Random(game * 31 + s)) for s in range(players)
        ]
        deal = -1
        while not state.is_terminal():
            if state.deal_index != deal:
                deal = state.deal_index
                for bot in seated:
                    new_deal = getattr(bot, "new_deal", None)
                    if new_deal is not None:
                        new_deal(state.deal_rules)
            seat = state.to_move
            phase = state.phase
            live = getattr(seated[seat], "live_view", False)
            t0 = clock()
            listed = state.legal_actions()
            t1 = clock()
            if live:
                view = live_seat_view(state, seat)
                view._known["legal"] = tuple(listed)  # type: ignore[attr-defined]
            else:
                view = seat_view(state, seat)
            t2 = clock()
            action = seated[seat].choose(view)
            t3 = clock()
            if action in view.legal:  # as play_game does
                state.apply_listed(action)
            else:
                state.apply(action)
            t4 = clock()
            row = spent[phase]
            row["legal"] += t1 - t0
            # An eager view lists them again: its own cost is the difference.
            row["view"] += (t2 - t1) if live else max(0.0, (t2 - t1) - (t1 - t0))
            row["choose"] += t3 - t2
            row["apply"] += t4 - t3
            decisions[phase] += 1
            turns += phase == "draw"
    return turns, dict(decisions), {k: dict(v) for k, v in spent.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="contract")
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    turns, decisions, spent = measure(args.variant, args.bots, args.games)
    total = sum(decisions.values())
    print(
        f"{args.variant}, {args.bots} bots, {args.games} games: {turns} turns, "
        f"{total / turns:.2f} decisions a turn"
    )
    print(f"{'phase':6} {'decisions':>9}  " + "  ".join(f"{s + ' us':>10}" for s in STEPS))
    for phase, row in sorted(spent.items()):
        n = decisions[phase]
        cells = "  ".join(f"{row[s] / n * 1e6:10.1f}" for s in STEPS)
        print(f"{phase:6} {n:9}  {cells}")
    per_turn = {s: sum(row[s] for row in spent.values()) / turns * 1e6 for s in STEPS}
    print("per turn (us): " + ", ".join(f"{s} {v:.0f}" for s, v in per_turn.items()))
    print(
        f"measured steps alone: {turns / sum(sum(r.values()) for r in spent.values()):.0f} turns/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
