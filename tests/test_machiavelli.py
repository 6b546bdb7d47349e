"""Machiavelli: a turn that plays or draws with standard cards, no jokers and
no first-meld requirement; scenario tests of the rules the file states, and
simulated games read back by the play-or-draw referee (docs/records.md)."""

from __future__ import annotations

import pytest

from .conftest import long_run
from .engine_helpers import act as play
from .engine_helpers import stacked_state, texts, why
from .play_or_draw_referee import Referee, read_games, simulate_and_referee

_HAND = "10C JC QC 5D 6D 7D 8D 2H 9S 3S 4S KH KD AS 9H"


def _game(hand: str = _HAND, players: int = 2):
    """A Machiavelli game whose first player (seat 1) holds ``hand``."""
    return stacked_state("machiavelli", players, {1: hand}, upcard="")


def test_fifteen_cards_each_from_two_packs_without_jokers():
    state = _game()
    assert len(state.hand(1)) == 15 and len(state.hand(0)) == 15
    assert state.rules.pack.size == 104


def test_any_meld_may_be_laid_on_the_first_turn():
    # No first-meld requirement: a three-card run worth little opens the table.
    state = _game()
    assert why(state, "meld 5D 6D 7D") is None
    assert "meld 5D 6D 7D" in texts(state)


def test_a_set_has_at_most_four_cards_each_of_a_different_suit():
    state = _game("KC KD KH KS KC 2D 3H 4S 5C 6D 7H 8S 9C 10D JH")
    assert why(state, "meld KC KD KH KS") is None
    assert why(state, "meld KC KD KH KS KC") is not None  # five, and clubs twice
    assert why(state, "meld KC KC KD") is not None  # clubs twice


def test_the_ace_is_high_or_low_but_never_both():
    state = _game("AC 2C 3C QD KD AD 2D 3S 4S 5S 6S 7S 8S 9S 10S")
    assert why(state, "meld AC 2C 3C") is None
    assert why(state, "meld QD KD AD") is None
    assert why(state, "meld KD AD 2D") is not None  # round the corner


def test_a_turn_plays_or_draws_and_never_discards():
    state = _game()
    listed = texts(state)
    assert "draw" in listed and "end" not in listed
    assert not any(t.startswith("discard") for t in listed)
    assert why(state, "discard 2H").code == "discard.none"
    play(state, "draw")
    assert state.current == 0 and len(state.hand(1)) == 16


def test_the_cards_left_count_one_each_and_the_fewest_win():
    from rummy_rules.engine.ending import end_deal

    state = _game(players=3)
    game = state.game
    game.deal.hands[1] = []  # seat 1 has laid every card
    end_deal(game, "out", 1)
    (result,) = state.results
    assert result.scores == (15, 0, 15)  # one point a card left, against
    assert state.is_terminal() and state.winners() == [1]


# The greedy games take longer: CI's long run plays them, the quick suite the random ones.
@pytest.mark.parametrize("bots", [pytest.param("greedy", marks=pytest.mark.long), "random"])
def test_simulated_machiavelli_games_pass_the_referee(cli, tmp_path, bots):
    games = 100 if long_run() else (8 if bots == "greedy" else 4)
    counts = simulate_and_referee(cli, tmp_path, "machiavelli", games, bots)
    assert counts["draws"] and counts["turns_laid"]
    if bots == "greedy":
        assert counts["rearrangements"] and counts["out"]


def test_the_referee_holds_machiavelli_to_its_own_rules(cli, tmp_path):
    """Rummikub's first meld of 30 is not asked here, and a run through the ace
    (K-A-2) or a set with a suit twice is caught."""
    records = tmp_path / "game.jsonl"
    result = cli(
        "simulate", "machiavelli", "--games", "1", "--seed", "2", "--records", str(records)
    )
    assert result.exit_code == 0, result.stderr
    (game,) = read_games(records)
    referee = Referee()
    referee.check(game)
    assert not referee.valid(["KD", "AD", "2D"])
    assert not referee.valid(["7C", "7C", "7H"])
    assert referee.valid(["QD", "KD", "AD"]) and referee.valid(["AD", "2D", "3D"])
