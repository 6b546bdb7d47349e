"""The same Gin hands, with the same moves, in our engine and in OpenSpiel's gin_rummy.

    python benchmarks/same_moves.py [--hands 200] [--rounds 5] [--policy seek|random]
                                    [--compiled PYTHON] [--seed 1]
    python benchmarks/same_moves.py --variant V [--players N] [--hands 200] [--rounds 5]

Speed on random play says little about real play: a player who seeks low
deadwood knocks often, and listing knocks is where a knock engine spends its
time. This benchmark plays ``--hands`` hands of OpenSpiel's ``gin_rummy``
(default parameters) with a seeded policy — ``seek`` (the default): knock
when allowed nine times in ten, mostly discard the card that leaves least
deadwood, as ``tests/openspiel_gin.py`` plays; ``random``: uniform legal
moves — keeps each hand's actions (chance outcomes included), and maps them
once to our actions under ``variants/house/gin-openspiel.yaml`` (the
differential of ``tests/openspiel_gin.py``, which also checks that both
engines offer the same choices throughout).

Then, for ``--rounds`` rounds, engines alternating, each replays every hand
as a player would meet it: at each decision it lists the legal actions and
applies the recorded one (OpenSpiel: ``legal_actions`` and ``apply_action``;
ours: ``legal_actions`` and ``apply`` on a ``GameState`` dealt the same
cards). A turn is one draw (the stock or the upcard); the figure is turns
per second of process time, and the ratio ours ÷ OpenSpiel per round. With
``--compiled PYTHON`` our replay also runs under that interpreter (a venv
where ``RUMMY_RULES_COMPILE=1 pip install .`` ran) in the same rounds. Hands
that end by OpenSpiel's guard against endless play are left out. Needs the
``peer`` extra (open-spiel).

With ``--variant V`` (a shipped name or a file) there is no peer: greedy bots
play ``--hands`` seeded games of V (at its best player count), and our engine
replays them for ``--rounds`` rounds in the same way, listing the legal
actions at each decision; it prints turns per second and seconds per game,
for the knock, declare and canasta families' listings (``--variant
indian-rummy``, ``--variant canasta``), and first the bots' own time: seconds
per game played by the greedy bots, their thinking included.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gin_vs_openspiel import report

ROOT = Path(__file__).resolve().parent.parent
# The checkout, for tests.openspiel_gin; last, so that an installed (compiled)
# rummy_rules comes first where there is one.
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

#: OpenSpiel's draw actions: the upcard, the stock.
_DRAWS = (52, 53)


def _random_policy(state: Any, rng: random.Random, utils: Any, took: int | None) -> int:
    return int(rng.choice(state.legal_actions()))


def record_hands(count: int, seed: int, policy: str) -> list[dict[str, Any]]:
    """``count`` hands played in OpenSpiel by ``policy``, each with OpenSpiel's
    actions and the same hand as our actions (texts, seat prefixed), checked by
    the differential replay."""
    import pyspiel

    from tests import openspiel_gin as diff

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    diff._UTILS[:] = [utils]
    diff._MELDS.update({k: list(v) for k, v in utils.int_to_meld.items()})
    params = diff.Params()
    chooser = _random_policy if policy == "random" else diff.policy
    hands = []
    number = seed * 1_000_000
    while len(hands) < count:
        number += 1
        actions = _play(pyspiel, params, number, chooser)
        hand = diff.play_openspiel_actions(pyspiel, params, actions)
        if not hand.steps:
            continue
        try:
            reason, state = diff.replay_in_ours(params, hand)
        except diff.Disagreement:
            continue  # (an OpenSpiel departure the differential notes; not timed)
        if reason == "guard":
            continue
        ours = [f"p{e['seat'] + 1} {e['action']}" for e in state.log if "action" in e]
        hands.append({"openspiel": actions, "deal": hand.deal, "draws": hand.draws, "ours": ours})
    return hands


def _play(pyspiel: Any, params: Any, seed: int, chooser: Any) -> list[int]:
    game = pyspiel.load_game("gin_rummy", params.openspiel())
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    took = None
    last_player = None
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            player = state.current_player()
            action = chooser(state, rng, utils, took if player == last_player else None)
            took = state.upcard() if action == 52 else None
            last_player = player
        actions.append(int(action))
        state.apply_action(action)
    return actions


def _forget() -> None:
    """Nothing remembered from an earlier replay of the same hands: the layouts
    and meld checks a fresh process would not have (real play never sees the
    same hand twice)."""
    from rummy_rules.engine import deadwood

    for memo in (getattr(deadwood, "_LAYOUTS", None), getattr(deadwood, "_FITS", None)):
        if memo is not None:
            memo.clear()


def time_openspiel(hands: list[dict[str, Any]]) -> float:
    """OpenSpiel replaying every hand: turns per second of process time."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    turns = 0
    start = time.process_time()
    for hand in hands:
        state = game.new_initial_state()
        for action in hand["openspiel"]:
            if not state.is_chance_node():
                state.legal_actions()
                turns += action in _DRAWS
            state.apply_action(action)
    return turns / (time.process_time() - start)


def time_ours(hands: list[dict[str, Any]]) -> float:
    """Our engine replaying every hand: turns per second of process time."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState, compile_rules, parse_seat_action
    from rummy_rules.engine.chance import ScriptedChance
    from tests.openspiel_gin import HOUSE, ours

    rules = compile_rules(load_variant(HOUSE), 2)
    physical = {face: card for card, face in enumerate(rules.pack.faces())}
    prepared = []
    for hand in hands:
        deal, draws = hand["deal"], hand["draws"]
        order = [
            physical[ours(c)] for pair in zip(deal[:10], deal[10:20], strict=True) for c in pair
        ]
        order.append(physical[ours(deal[20])])
        seen = {ours(c) for c in deal} | {ours(c) for c in draws}
        order += [physical[ours(c)] for c in draws]
        order += [physical[f] for f in range(52) if f not in seen]
        actions = [parse_seat_action(text)[1] for text in hand["ours"]]
        prepared.append((order, actions))
    _forget()
    turns = 0
    start = time.process_time()
    for order, actions in prepared:
        state = GameState(rules, chance=ScriptedChance(first_dealer=1, decks={0: order}))
        for action in actions:
            state.legal_actions()
            turns += action.kind in ("draw", "take")
            state.apply(action)
    return turns / (time.process_time() - start)


def record_games(
    variant: str, count: int, seed: int, players: int | None = None
) -> list[dict[str, Any]]:
    """``count`` games of ``variant`` between greedy bots (``players``, default
    the variant's best count): each game's seed and actions (seat prefixed)."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState, compile_rules
    from rummy_rules.sim.bots import make_bot, play_game

    spec = load_variant(variant)
    players = players or spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    games = []
    start = time.process_time()
    for number in range(count):
        game_seed = seed * 1_000_000 + number
        state = GameState(rules, seed=game_seed)
        play_game(
            state, [make_bot("greedy", random.Random(game_seed * 10 + s)) for s in range(players)]
        )
        actions = [f"p{e['seat'] + 1} {e['action']}" for e in state.log if "action" in e]
        games.append({"variant": variant, "players": players, "seed": game_seed, "ours": actions})
    spent = (time.process_time() - start) / count
    print(f"{count} games of {variant} played by {players} greedy bots: {spent:.3f} s a game")
    return games


def time_games(games: list[dict[str, Any]]) -> tuple[float, float]:
    """Our engine replaying recorded games: turns per second and seconds per
    game, of process time."""
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState, compile_rules, parse_seat_action

    first = games[0]
    rules = compile_rules(load_variant(first["variant"]), first["players"])
    prepared = [(g["seed"], [parse_seat_action(t)[1] for t in g["ours"]]) for g in games]
    _forget()
    turns = 0
    start = time.process_time()
    for game_seed, actions in prepared:
        state = GameState(rules, seed=game_seed)
        for action in actions:
            state.legal_actions()
            turns += action.kind in ("draw", "take")
            state.apply(action)
    spent = time.process_time() - start
    return turns / spent, spent / len(games)


def _compiled(python: str, path: Path) -> float:
    code = (
        "import sys, pickle, json\n"
        f"sys.path.insert(0, {str(ROOT / 'benchmarks')!r})\n"
        "import same_moves as b, rummy_rules.build_info as bi\n"
        "assert bi.compiled_modules(), 'not the compiled build'\n"
        f"print(json.dumps(b.time_ours(pickle.load(open({str(path)!r}, 'rb')))))"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    return float(json.loads(out.stdout))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--policy", choices=("seek", "random"), default="seek")
    parser.add_argument("--compiled", metavar="PYTHON")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", help="replay greedy games of this variant instead (no peer)")
    parser.add_argument("--players", type=int, help="with --variant: players (default: best)")
    args = parser.parse_args(argv)
    if args.variant:
        games = record_games(args.variant, args.hands, args.seed, args.players)
        figures = []
        for number in range(1, args.rounds + 1):
            figures.append(time_games(games))
            print(f"round {number}: {figures[-1][0]:,.0f} turns/s, {figures[-1][1]:.3f} s a game")
        rate = sorted(f[0] for f in figures)[len(figures) // 2]
        per_game = sorted(f[1] for f in figures)[len(figures) // 2]
        print(f"median {rate:,.0f} turns/s, {per_game:.3f} s a game")
        return 0
    hands = record_hands(args.hands, args.seed, args.policy)
    turns = sum(sum(a in _DRAWS for a in h["openspiel"]) for h in hands)
    knocks = sum(any(t.split()[1] == "knock" for t in h["ours"]) for h in hands)
    print(f"{len(hands)} hands ({args.policy}), {turns} turns, {knocks} ended by a knock")
    rows: dict[str, list[float]] = {"openspiel": [], "ours": []}
    path = None
    if args.compiled:
        rows["ours compiled"] = []
        with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as f:
            pickle.dump(hands, f)
            path = Path(f.name)
    for number in range(1, args.rounds + 1):
        rows["openspiel"].append(time_openspiel(hands))
        rows["ours"].append(time_ours(hands))
        if path is not None and args.compiled:
            rows["ours compiled"].append(_compiled(args.compiled, path))
        shown = ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rows.items())
        print(f"round {number}: turns/s {shown}", flush=True)
    if path is not None:
        path.unlink()
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
