"""Play leaves no reference cycles: what a game builds is freed as soon as it
is done with, not left for Python's cyclic garbage collector.

A search written as a closure that calls itself (the contract solver, the
deadwood layout, the matching of melds to a contract's parts) is such a
cycle: each call left its whole search behind until the collector ran, and
the collections that the garbage set off took a fifth of a compiled
simulation's time. Each game here is played with the collector recording
what it would free; it must find nothing.
"""

from __future__ import annotations

import gc
import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, play_game
from rummy_rules.sim.bots.greedy import GreedyBot

from .conftest import VARIANTS

#: Long: games watched for cyclic garbage: the long run (CI).
pytestmark = pytest.mark.long

SHIPPED_FILES = sorted(VARIANTS.rglob("*.yaml"))

#: One file for each way of playing, in the quick suite (each of these games
#: begins with a full collection, most of a second): the contract solver,
#: knocking and declaring (the deadwood layout), the Canasta family with and
#: without feet, rearranging the table, turning up cards, calling, a numbered
#: pack and games scored at once. The long suite (.ci/run) plays every file.
QUICK = {
    "contract",
    "gin",
    "indian-rummy",
    "canasta",
    "buraco",
    "hand-and-foot",
    "rummikub",
    "machiavelli",
    "conquian",
    "tonk",
    "colour-contract",
    "hollywood-gin",
}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, id=p.stem, marks=[] if p.stem in QUICK else [pytest.mark.long])
        for p in SHIPPED_FILES
    ],
)
def test_a_game_leaves_nothing_for_the_cyclic_garbage_collector(path):
    spec = load_variant(str(path))
    players = spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for seed, kind in ((1, RandomBot), (2, GreedyBot)):
            bots = [kind(random.Random(seed * 10 + s)) for s in range(players)]
            play_game(GameState(rules, seed=seed), bots, max_actions=400)
        gc.collect()
        kinds = sorted({type(o).__qualname__ for o in gc.garbage})
        functions = sorted({o.__qualname__ for o in gc.garbage if type(o).__name__ == "function"})
        assert not gc.garbage, f"{len(gc.garbage)} objects in cycles: {kinds}; {functions}"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
