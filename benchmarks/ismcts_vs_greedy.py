"""OpenSpiel's IS-MCTS bot against the greedy bot, through the OpenSpiel game.

    python benchmarks/ismcts_vs_greedy.py [--variant V] [--games N]
        [--simulations S] [--workers W] [--out FILE]

Each game is played through ``python_rummy_rules`` (the chance node is the
game's number, so game ``i`` deals as seed ``i``): one seat is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (the seat moves round the
table from game to game), the others the shipped greedy bot. The greedy
bot's chosen action is played by its number (where several actions share a
number, the first listed: a set of the same rank and size, say). IS-MCTS
searches ``--simulations`` determinised worlds per move
(``resample_from_infostate``: the unseen cards dealt again) with UCT
constant 2, and evaluates a leaf by letting greedy bots play every seat to
the end of the deal: 1 to the seats best placed then (the lowest total, or
the highest where the variant's winner has the highest), 0 to the others. A
move with one legal action is played without a search.

Prints the IS-MCTS seat's wins (a shared win counts for each winner) with a
95% interval against the 1/players expected of equal play, and writes the
figures as JSON to ``--out`` (default ``benchmarks/results/ismcts_vs_greedy.json``).
Needs the ``peer`` and ``rl`` extras. Not a test: a game of contract takes
minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent


class GreedyDealEvaluator:
    """IS-MCTS's leaf evaluator: greedy bots play the deal out."""

    def __init__(self, seed: int) -> None:
        from rummy_rules.sim.bots import make_bot

        self.rng = random.Random(seed)
        self.make = lambda: make_bot("greedy", self.rng)

    def evaluate(self, state: Any) -> np.ndarray:
        from rummy_rules.engine.view import seat_view

        players = state.get_game().num_players()
        if state.is_terminal():
            return np.array(state.returns())
        engine = state.engine.clone()
        bots = [self.make() for _ in range(players)]
        for seat, bot in enumerate(bots):
            bot.new_deal(engine.deal_rules_of(seat))
        deals = len(engine.results)
        while not engine.is_terminal() and len(engine.results) == deals:
            seat = engine.to_move
            engine.apply(bots[seat].choose(seat_view(engine, seat)))
        if engine.is_terminal():
            won = set(engine.winners())
            return np.array([float(s in won) for s in range(players)])
        best = max(engine.totals) if engine.rules.play.winner == "highest_total" else None
        best = min(engine.totals) if best is None else best
        return np.array([float(t == best) for t in engine.totals])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(variant: str, game_no: int, simulations: int) -> dict[str, Any]:
    """One game: IS-MCTS in seat ``game_no % players``, greedy elsewhere."""
    from open_spiel.python.algorithms import ismcts

    from rummy_rules.engine.view import seat_view
    from rummy_rules.envs.encoding import ActionEncoding
    from rummy_rules.envs.openspiel_game import openspiel_game
    from rummy_rules.sim.bots import make_bot

    game = openspiel_game(variant)
    players = game.num_players()
    searcher = game_no % players
    bot = ismcts.ISMCTSBot(
        game,
        GreedyDealEvaluator(game_no),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(game_no),
        child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
    )
    encoding = ActionEncoding()
    rng = random.Random(game_no)
    greedy = [make_bot("greedy", rng) for _ in range(players)]
    state = game.new_initial_state()
    state.apply_action(game_no)
    deal = -1
    searches = 0
    start = time.perf_counter()
    while not state.is_terminal():
        engine = state.engine
        if engine.deal_index != deal:
            deal = engine.deal_index
            for seat, g in enumerate(greedy):
                g.new_deal(engine.deal_rules_of(seat))
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == searcher and len(legal) > 1:
            action = bot.step(state)
            searches += 1
        elif seat == searcher:
            action = legal[0]
        else:
            action = encoding.number(greedy[seat].choose(seat_view(engine, seat)))
        state.apply_action(action)
    returns = state.returns()
    return {
        "game": game_no,
        "searcher": searcher,
        "returns": returns,
        "won": returns[searcher] > 0,
        "winners": sum(1 for r in returns if r > 0),
        "searches": searches,
        "seconds": round(time.perf_counter() - start, 1),
        "reason": state.engine.game_over_reason,
    }


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (sound at 0 and at all wins)."""
    z = 1.96
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(variant: str, simulations: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a run: IS-MCTS's wins with their interval."""
    players = len(games[0]["returns"])
    wins = sum(g["won"] for g in games)
    low, high = wilson(wins, len(games))
    return {
        "variant": variant,
        "games": len(games),
        "simulations": simulations,
        "ismcts_wins": wins,
        "ismcts_share": round(wins / len(games), 3),
        "interval95": [round(low, 3), round(high, 3)],
        "equal_play_share": round(1 / players, 3),
        "seconds_per_game": round(sum(g["seconds"] for g in games) / len(games), 1),
        "searches_per_game": round(sum(g["searches"] for g in games) / len(games), 1),
        "per_game": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="contract")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "ismcts_vs_greedy.json")
    args = parser.parse_args()
    games: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(play, args.variant, i, args.simulations) for i in range(args.games)]
        for job in jobs:
            games.append(job.result())
            g = games[-1]
            print(
                f"game {g['game']}: IS-MCTS p{g['searcher'] + 1} {'won' if g['won'] else 'lost'}"
                f" ({g['searches']} searches, {g['seconds']} s)",
                flush=True,
            )
    result = summarise(args.variant, args.simulations, games)
    low, high = result["interval95"]
    print(
        f"{args.variant}: IS-MCTS ({args.simulations} simulations a move) won "
        f"{result['ismcts_wins']} of {len(games)} against greedy "
        f"({result['ismcts_share']:.1%}, 95% interval {low:.1%} to {high:.1%}; "
        f"equal play {result['equal_play_share']:.1%})"
    )
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
