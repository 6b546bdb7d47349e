"""Our bots against OpenSpiel's SimpleGinRummyBot inside OpenSpiel's ``gin_rummy``.

``tests/simple_gin.py`` is the bridge (see its docstring); here a few games
check that it keeps our engine's mirror in step with OpenSpiel's hand (every
choice of our bot is a move OpenSpiel allows, every hand of ours is
OpenSpiel's); the 1,000-game figures are in benchmarks/RESULTS.md. Needs the
``peer`` extra (open-spiel).
"""

from __future__ import annotations

import pytest

from rummy_rules.cards import parse_card

from .openspiel_gin import MELD_BASE, ours
from .simple_gin import Bridge, match

pyspiel = pytest.importorskip("pyspiel")


def test_a_run_longer_than_five_cards_is_two_of_openspiels_melds():
    bridge = Bridge(pyspiel)
    run = tuple(parse_card(c) for c in "3H 4H 5H 6H 7H 8H 9H".split())
    melds = bridge.melds(run)
    assert len(melds) == 2
    laid = sorted(f for m in melds for f in bridge.meld_faces(m))
    assert laid == sorted(run)
    assert all(len(bridge.meld_faces(m)) >= 3 for m in melds)
    assert all(m >= MELD_BASE for m in melds)


def test_card_numbers_map_both_ways():
    from .simple_gin import _theirs

    assert all(ours(_theirs(face)) == face for face in range(52))


@pytest.mark.parametrize("spec", ["tuned", "greedy", "random"])
def test_games_against_the_simple_bot_stay_in_step(spec):
    result = match(pyspiel, spec, games=4, seed=5)
    assert result.games == 4
    assert result.hands >= 4
    assert result.won + result.lost + result.void <= result.hands
    assert len(result.decisions) > result.hands


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_the_search_bot_plays_a_hand_against_the_simple_bot():
    result = match(pyspiel, "search:samples=4", games=1, seed=7, target=1)
    assert result.hands >= 1


def test_a_series_in_two_processes_plays_the_games_one_process_plays():
    from .simple_gin import series

    alone = match(pyspiel, "greedy", games=4, seed=3)
    shared = series("greedy", games=4, seed=3, target=100, workers=2)
    figures = ("games", "games_won", "hands", "won", "lost", "void", "points_won", "points_lost")
    assert [getattr(shared, f) for f in figures] == [getattr(alone, f) for f in figures]
