"""Gin Rummy against a peer engine: OpenSpiel's gin_rummy plays the same deals.

``tests/openspiel_gin.py`` is the harness (see its docstring); here it runs a
sample of hands across OpenSpiel's parameters (500 with ``--long``, as CI runs; the full
10,000-hand comparison is ``python -m tests.openspiel_gin --games 10000``,
figures in benchmarks/RESULTS.md), and OpenSpiel's own gin test cases
(open_spiel/games/gin_rummy/gin_rummy_test.cc) are replayed through it, each
named after the rule it checks. Needs the ``peer`` extra (open-spiel).
"""

from __future__ import annotations

import pytest

from rummy_rules.engine import parse_action

from .engine_helpers import act, stacked_state, texts
from .openspiel_gin import (
    HOUSE,
    Params,
    compare,
    play_openspiel_actions,
    replay_in_ours,
)

pyspiel = pytest.importorskip("pyspiel")


def test_hands_across_openspiels_parameters_agree_move_by_move():
    tally = compare(pyspiel, 40, seed=3)
    assert tally.disagreements == []
    assert {"knock", "void"} <= set(tally.ended)


@pytest.mark.long
def test_five_hundred_hands_agree_move_by_move():
    """What CI runs (the 10,000-hand figure is in benchmarks/RESULTS.md)."""
    tally = compare(pyspiel, 500, seed=4)
    assert tally.disagreements == []
    # The sample reaches every way a hand ends.
    assert {"knock", "gin", "void"} <= set(tally.ended)


def _replayed(actions, **params):
    import tests.openspiel_gin as harness

    if not harness._MELDS:
        compare(pyspiel, 0, 0)  # loads OpenSpiel's meld table
    hand = play_openspiel_actions(pyspiel, Params(**params), actions)
    reason, state = replay_in_ours(Params(**params), hand)
    return hand, reason, state


def test_openspiel_case_breaking_a_meld_to_lay_off_wins_an_undercut():
    """GameplayTest1: p2 lays off 8S 9S and 8C 7C instead of melding its eights,
    leaving 9 deadwood against the knocker's 10: an undercut, bonus 20."""
    actions = [11, 4, 5, 6, 21, 22, 23, 12, 25, 38, 1, 14, 27, 40, 7, 20, 33, 8, 19, 13, 36]
    actions += [52, 55, 11, 119, 125, 140, 54, 7, 8, 20, 19, 54, 65, 54]
    hand, reason, state = _replayed(actions, undercut_bonus=20)
    assert hand.returns == [-21.0, 21.0]
    assert reason == "undercut" and list(state.results[0].scores) == [0, 21]


def test_openspiel_case_laying_sets_rather_than_runs_avoids_the_undercut():
    """GameplayTest2: laid as three sets, the knocker's melds take no lay-off
    of 5H 6H 7H that matters; the knocker keeps 1 against 3 and scores 2."""
    actions = [1, 4, 5, 6, 17, 18, 19, 30, 31, 32, 2, 3, 16, 29, 43, 44, 45, 7, 20, 33, 0]
    actions += [52, 55, 1, 79, 84, 89, 54, 54, 74, 94, 158, 54]
    hand, reason, state = _replayed(actions)
    assert hand.returns == [2.0, -2.0]
    assert reason == "knock" and list(state.results[0].scores) == [2, 0]


def test_openspiel_case_a_ten_laid_off_on_a_run_lets_the_nine_follow():
    """GameplayTest3: 10S goes on JS QS KS (not on the set of tens), so 9S
    lays off after it; p2 is left with nothing and undercuts."""
    actions = [10, 11, 12, 22, 35, 48, 13, 26, 1, 40, 9, 8, 3, 16, 29, 42, 4, 17, 30, 43, 0]
    actions += [52, 55, 1, 59, 101, 131, 54, 9, 8, 54, 75, 80, 54]
    hand, reason, state = _replayed(actions)
    assert hand.returns == [-27.0, 27.0]
    assert reason == "undercut" and list(state.results[0].scores) == [0, 27]


def test_openspiel_case_an_ace_upcard_in_oklahoma_allows_only_gin():
    """OklahomaTest: with AC turned up, a hand of 1 deadwood may not knock."""
    state = stacked_state(
        HOUSE,
        2,
        {0: "10D QD 10C JC 3H 2D 3D 4D JH QH", 1: "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"},
        upcard="AD",
        stock=["2C"],
        overrides=["going_out.knock.deadwood_limit=upcard"],
        dealer=1,
    )
    act(state, "pass")
    act(state, "take AD")  # p2 takes the ace: AS-9S and AD KH... deadwood 1 + 10
    assert not [t for t in texts(state) if t.startswith("knock")]
    act(state, "discard KH")  # deadwood now AD alone: still no knock with an ace up
    assert state.check(parse_action("knock KH")) is not None


def test_an_ace_upcard_that_counts_its_value_allows_a_knock_with_one_point():
    """going_out.knock.ace_upcard: its_value: the same hand as above, with the ace
    counting one, may knock with AD alone as deadwood."""
    state = stacked_state(
        HOUSE,
        2,
        {0: "10D QD 10C JC 3H 2D 3D 4D JH QH", 1: "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"},
        upcard="AD",
        stock=["2C"],
        overrides=[
            "going_out.knock.deadwood_limit=upcard",
            "going_out.knock.ace_upcard=its_value",
        ],
        dealer=1,
    )
    act(state, "pass")
    act(state, "take AD")
    assert state.check(parse_action("knock KH")) is None
