"""Conquian: a card turned up from the stock and taken only to be melded at
once, or passed (``draw.mode: turn_up``); forcing a card on the next player
(``draw.force: may``); eleven cards melded to go out; a draw when the stock
is empty. Scenario tests of each rule, and simulated games read back by a
referee written from docs/records.md alone."""

from __future__ import annotations

import pytest

from .conftest import long_run
from .engine_helpers import act as play
from .engine_helpers import stacked_state, texts, why
from .play_or_draw_referee import simulate_and_referee
from .turn_up_referee import TurnUpReferee

#: Seat 1 moves first (dealer 0): a club run to be, a 5D that fits A-4 of diamonds.
_FIRST = "AC 2C 3C 5D 6H 9H 9S 10H 4S 7S"
_DEALER = "AD 2D 3D 6C 7C 8C 10S 10C 9C 5S"


def _game(stock=("4D", "4C", "8H"), hands=None, overrides=()):
    return stacked_state(
        "conquian",
        2,
        hands or {1: _FIRST, 0: _DEALER},
        upcard="",
        stock=stock,
        overrides=overrides,
    )


def _both_melded():
    """Each player has taken a face-up card and melded a run with it; seat 1 has
    just discarded 5D, which fits the dealer's run of diamonds."""
    state = _game()
    for move in ("draw", "pass", "take 4D", "meld AD 2D 3D 4D", "discard 10S"):
        play(state, move)
    for move in ("draw", "take 4C", "meld AC 2C 3C 4C", "discard 5D"):
        play(state, move)
    return state


def test_a_draw_turns_the_stock_card_face_up_onto_the_pile_not_into_the_hand():
    state = _game()
    play(state, "draw")
    assert state.hand(1) == sorted(state.hand(1)) and len(state.hand(1)) == 10
    assert texts(state) == ["pass"]  # 4D cannot be melded with seat 1's hand
    assert why(state, "take 4D").code == "take.meld_now"
    assert why(state, "draw").code == "turned.take_or_pass"
    assert why(state, "discard 9H").code == "turned.take_or_pass"


def test_a_card_turned_up_and_passed_is_the_next_players_to_take():
    state = _game()
    play(state, "draw")
    play(state, "pass")
    assert state.to_move == 0
    assert "take 4D" in texts(state)  # AD 2D 3D in hand
    play(state, "take 4D")
    assert why(state, "discard 10S").code == "turn.meld_taken_first"
    play(state, "meld AD 2D 3D 4D")
    assert "discard 10S" in texts(state)


def test_a_card_the_next_player_does_not_take_is_buried_by_the_next_card_turned_up():
    state = _game(stock=("8H", "4C", "4D"))
    play(state, "draw")
    play(state, "pass")  # 8H to the dealer, who turns up the next card instead
    play(state, "draw")
    assert why(state, "take 8H").code == "turned.only_that_card"
    play(state, "pass")  # 4C, which seat 1 may take
    assert texts(state) == ["draw", "take 4C"]


def test_the_turned_up_card_is_taken_on_the_same_terms_as_a_discard():
    state = _game(stock=("4C",))
    play(state, "draw")
    assert texts(state) == ["pass", "take 4C"]
    play(state, "take 4C")
    assert "meld AC 2C 3C 4C" in texts(state)
    assert why(state, "discard 9H").code == "turn.meld_taken_first"


def test_a_player_may_force_a_card_the_next_player_could_lay_off():
    state = _both_melded()
    assert state.phase == "force" and state.to_move == 1
    assert texts(state) == ["force", "pass"]
    assert why(state, "discard 6H").code == "force.decide"
    play(state, "force")
    assert state.to_move == 0 and 17 in state.hand(0)  # 5D (face 13 + 4) is in the hand
    assert why(state, "discard 5S").code == "turn.meld_taken_first"
    assert "layoff 5D@1" in texts(state)
    play(state, "layoff 5D@1")
    play(state, "discard 5S")


def test_not_forcing_lets_the_next_player_start_their_turn():
    state = _both_melded()
    play(state, "pass")
    assert state.to_move == 0 and state.phase == "draw"
    assert "take 5D" in texts(state)


def test_no_force_is_offered_when_the_next_player_could_not_lay_the_card_off():
    state = _game()
    for move in ("draw", "pass", "take 4D", "meld AD 2D 3D 4D", "discard 10S"):
        play(state, move)
    # Seat 1 has no melds: the turn passes at once.
    assert state.to_move == 1 and state.phase == "draw"
    assert why(state, "force").code == "force.not_now"


def test_forcing_is_refused_where_the_file_has_none():
    state = _game(overrides=("draw.force=never",))
    assert why(state, "force").code == "force.none"


def test_an_empty_stock_and_the_card_refused_cancel_the_deal():
    state = _game(stock=())
    # Deal the whole stock by turning cards up and passing them.
    while not state.is_terminal():
        legal = texts(state)
        play(state, "draw" if "draw" in legal else "pass")
    (result,) = state.results
    assert result.reason == "void" and result.scores == (0, 0)


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_records_follow_the_rules_a_referee_reads_in_the_docs(cli, tmp_path, bots):
    games = 200 if long_run() else 40
    counts = simulate_and_referee(
        cli, tmp_path, "conquian", games, bots, TurnUpReferee(), ends=("out", "void")
    )
    assert counts["out"] and counts["forced"] and counts["not_forced"] >= 0
    assert counts["took_turned"] and counts["took_discard"] and counts["passed"]
    if bots == "greedy":
        assert counts["out"] > counts["void"]
