"""Rummikub, and turns that play or draw: scenario tests of each rule, and the
records of simulated games read back as a referee would, from docs/records.md
alone (the table, the hands and the stock followed line by line; no engine
code is used to read them)."""

from __future__ import annotations

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState

from .conftest import long_run
from .engine_helpers import act as play
from .engine_helpers import stacked_state, texts, why
from .play_or_draw_referee import Referee, read_games, simulate_and_referee

# -- the rules, position by position -----------------------------------------------


def _opening(hand: str):
    """A Rummikub game for two whose first player (seat 1) holds ``hand``."""
    return stacked_state("rummikub", 2, {1: hand}, upcard="")


def test_a_turn_starts_with_a_choice_between_laying_and_drawing():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    listed = texts(state)
    assert state.phase == "play" and "draw" in listed and "end" not in listed
    assert not any(t.startswith("discard") for t in listed)


def test_drawing_ends_the_turn_at_once():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    play(state, "draw")
    assert state.current == 0 and len(state.hand(1)) == 15  # the next player's turn


def test_the_first_meld_counts_thirty_from_the_hand():
    state = _opening("2C 3C 4C 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    reason = why(state, "down 2C 3C 4C")
    assert reason is not None and reason.code.startswith("down.")  # 9 points: too few
    assert why(state, "down 2C 3C 4C / 5D 6D 7D 8D") is None  # 9 + 26 = 35


def test_a_turn_that_laid_a_card_may_not_draw_and_may_end():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    play(state, "down 10C JC QC")
    assert why(state, "draw").code == "turn.played_no_draw"
    assert "end" in texts(state) and "draw" not in texts(state)
    play(state, "end")
    assert state.current == 0


def test_a_turn_that_laid_nothing_may_not_end():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    assert why(state, "end").code == "end.play_or_draw"


def test_nothing_is_ever_discarded():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    assert why(state, "discard 2H").code == "discard.none"
    assert state.discard_pile == []


def test_a_pass_is_only_for_an_empty_stock():
    state = _opening("10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS")
    assert why(state, "pass").code == "turn.draw_not_pass"


def test_when_everyone_passes_on_an_empty_stock_the_lowest_rack_wins():
    rules = compile_rules(load_variant("rummikub"), 2)
    state = GameState(rules, seed=3)
    game = state.game
    game.deal.stock.clear()  # the pool is empty
    hands = game.deal.hands
    while not state.is_terminal():
        assert texts(state) == ["pass"] or "pass" in texts(state)
        play(state, "pass")
    result = state.results[0]
    assert result.reason == "stock" and result.went_out is None
    counts = [sum(rules.value(game.faces[c], wild=False) for c in hand) for hand in hands]
    low = min(range(2), key=counts.__getitem__)
    high = 1 - low
    assert result.scores[high] == -counts[high]
    assert result.scores[low] == counts[high] - counts[low]


def test_the_player_going_out_scores_the_others_racks_and_each_loses_their_own():
    from rummy_rules.engine.ending import end_deal

    state = stacked_state("rummikub", 3, {1: "10C JC QC KC"}, upcard="")
    game = state.game
    rules = game.rules
    game.deal.hands[1] = []  # seat 1 has laid every tile
    left = [sum(rules.value(game.faces[c], wild=False) for c in h) for h in game.deal.hands]
    end_deal(game, "out", 1)
    assert state.results[0].scores == (-left[0], left[0] + left[2], -left[2])


def test_the_validator_asks_a_play_or_draw_file_to_say_there_is_no_pile(write):
    from rummy_rules import check_variant

    path = write(
        "bad.yaml",
        "extends: rummikub\nid: bad\ndraw: {discard_pile: top}\ntable: {upcard: true}\n",
    )
    messages = " ".join(str(p) for p in check_variant(path).errors)
    assert "draw.discard_pile" in messages and "table.upcard" in messages


# -- the records, read as a referee would (docs/records.md) ------------------------


# The greedy games take longer: CI's long run plays them, the quick suite the random ones.
@pytest.mark.parametrize("bots", [pytest.param("greedy", marks=pytest.mark.long), "random"])
def test_simulated_rummikub_games_pass_the_referee(cli, tmp_path, bots):
    games = 200 if long_run() else (12 if bots == "greedy" else 6)
    counts = simulate_and_referee(cli, tmp_path, "rummikub", games, bots)
    assert counts["first_melds"] and counts["draws"]
    if bots == "greedy":
        assert counts["rearrangements"] and counts["exchanges"] and counts["out"]


def test_the_referee_catches_a_broken_rule(cli, tmp_path):
    """The referee is not a test that cannot fail: a record with a discard, a
    draw after a play, or an opening below 30 is caught."""
    records = tmp_path / "game.jsonl"
    result = cli("simulate", "rummikub", "--games", "1", "--seed", "4", "--records", str(records))
    assert result.exit_code == 0, result.stderr
    (game,) = read_games(records)
    Referee().check(game)
    draw = next(i for i, e in enumerate(game) if e.get("action", "").endswith(" draw"))
    down = next(i for i, e in enumerate(game) if " down " in e.get("action", ""))
    seat = game[down]["action"].split()[0]
    tamperings = {
        "no discard pile": {draw: {"action": game[draw]["action"].replace("draw", "discard AC")}},
        "drew after laying": {down + 1: {"action": f"{seat} draw"}},
        "a first meld of": {down: {"action": f"{seat} down AC 2C 3C"}},
    }
    for says, changes in tamperings.items():
        tampered = [changes.get(i, e) for i, e in enumerate(game)]
        with pytest.raises(AssertionError, match=says):
            Referee().check(tampered)
