"""Random-agent steps per second through the PettingZoo environment and the
OpenSpiel game, beside the engine's own random play of the same games.

    python benchmarks/env_throughput.py [--variant V] [--games N] [--rounds N]

Each round plays ``--games`` games with uniformly random legal action
numbers (seeds 0..N-1; ``random.Random(seed).choice`` of the sorted legal
numbers, so all three play the very same games), first through ``rummy_rules.envs.rummy_env`` (observation, mask and
``last()`` at every step, as an agent loop sees them), then directly on the
engine (``legal_actions``, numbered, and ``apply_listed``: uniformly among
the action numbers, as the agents choose), then through OpenSpiel
(``python_rummy_rules``: ``legal_actions`` and ``apply_action``, seeds as the
chance outcome), and prints the medians of actions per second and their
ratios to the engine's. Needs the ``rl`` and ``peer`` extras. Not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def through_env(variant: str, games: int) -> float:
    """Actions per second of random agents through the environment."""
    import numpy as np

    from rummy_rules.envs import rummy_env

    env = rummy_env(variant)  # made once, as an agent loop does; reset per game
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps / (time.perf_counter() - start)


def through_openspiel(variant: str, games: int) -> float:
    """Actions per second of random play through the OpenSpiel game."""
    from rummy_rules.envs.openspiel_game import openspiel_game

    game = openspiel_game(variant)  # made once
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state()
        state.apply_action(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def on_engine(variant: str, games: int) -> float:
    """Actions per second of random play straight on the engine, choosing as
    the environments' agents do: uniformly among the action numbers (not
    among the listed actions, several of which may share a number)."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.envs.encoding import ActionEncoding

    spec = load_variant(variant)
    rules = compile_rules(spec, spec.players.best or spec.players.min)
    encoding = ActionEncoding()
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = GameState(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            numbered = encoding.numbered(state.legal_actions())
            state.apply_listed(numbered[rng.choice(sorted(numbered))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="contract")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env_rates, engine_rates, spiel_rates = [], [], []
    for _ in range(args.rounds):
        env_rates.append(through_env(args.variant, args.games))
        engine_rates.append(on_engine(args.variant, args.games))
        spiel_rates.append(through_openspiel(args.variant, args.games))
    env_rate = statistics.median(env_rates)
    engine_rate = statistics.median(engine_rates)
    spiel_rate = statistics.median(spiel_rates)
    result = {
        "variant": args.variant,
        "games": args.games,
        "rounds": args.rounds,
        "env_actions_per_s": round(env_rate),
        "engine_actions_per_s": round(engine_rate),
        "env_over_engine": round(env_rate / engine_rate, 2),
        "openspiel_actions_per_s": round(spiel_rate),
        "openspiel_over_engine": round(spiel_rate / engine_rate, 2),
    }
    print(f"{args.variant}: on the engine {engine_rate:,.0f} actions/s; ", end="")
    print(f"PettingZoo {env_rate:,.0f} ({env_rate / engine_rate:.2f}); ", end="")
    print(f"OpenSpiel {spiel_rate:,.0f} ({spiel_rate / engine_rate:.2f})")
    out = HERE / "results" / "env_throughput.json"
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
