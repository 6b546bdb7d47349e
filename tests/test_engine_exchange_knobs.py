"""Conditions on exchanging a melded wild (``wilds.exchange``), one scenario per
rule: an exchange that obliges the player to go down that turn, and a freed
wild that may go only into a new meld.

contract-gamerules with a runs deal, stacked: p2 goes down with
5H JK=6H 7H 8H / 9S 10S JS; p3 holds the natural 6H.
"""

from __future__ import annotations

from rummy_rules.cards import parse_card

from .engine_helpers import act, stacked_state, texts, why
from .test_engine import _first_discardable

RUNS = "deals=[{cards: 10, contract: [{type: run, size: 3}, {type: run, size: 3}]}]"


def table(p3_hand="2D 3D 4D 9C 10C JC 6H KS QH 3S", *overrides):
    hands = {1: "5H JK 7H 8H 9S 10S JS 2C KD QS", 2: p3_hand}
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides])
    act(state, "draw")
    act(state, "down 5H JK=6H 7H 8H / 9S 10S JS")
    act(state, "discard KD")
    act(state, "draw")  # p3's turn
    return state


FORCES = (
    "wilds.exchange.player_down=not_required",
    "wilds.exchange.use_same_turn=false",
    "wilds.exchange.forces_going_down=true",
)


def test_an_exchange_obliges_a_player_not_yet_down_to_go_down_that_turn():
    state = table("2D 3D 4D 9C 10C JC 6H KS QH 3S", *FORCES)
    assert why(state, "exchange 6H@1") is None
    act(state, "exchange 6H@1")
    assert "must go down this turn before you discard" in why(state, "discard KS")
    assert not [t for t in texts(state) if t.startswith("discard")]
    act(state, "down 2D 3D 4D / 9C 10C JC")
    assert why(state, "discard KS") is None


def test_an_exchange_is_refused_to_a_player_who_could_not_then_go_down():
    state = table("2D 7D QD 9C 4C KC 6H KS QH 3S", *FORCES)
    assert "obliges you to go down this turn" in why(state, "exchange 6H@1")
    assert "exchange 6H@1" not in texts(state)
    free = table("2D 7D QD 9C 4C KC 6H KS QH 3S", *FORCES[:2])
    assert why(free, "exchange 6H@1") is None


def waited(*overrides):
    """p3 has gone down and a round has passed: p3 to play, down since an earlier turn."""
    state = table("2D 3D 4D 9C 10C JC 6H KS QH 3S", *overrides)
    act(state, "down 2D 3D 4D / 9C 10C JC")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")
    act(state, "draw")
    return state


def test_a_freed_wild_may_not_be_laid_off_where_it_goes_only_into_a_new_meld():
    state = waited(
        "wilds.exchange.use_same_turn=false", "wilds.exchange.freed_wild_use=new_meld_only"
    )
    act(state, "exchange 6H@1")
    assert parse_card("JK") in state.hand(2)
    assert why(state, "layoff JK=5D@3") == "a wild freed from a meld may go only into a new meld"
    assert not [t for t in texts(state) if t.startswith("layoff JK")]
    anywhere = waited("wilds.exchange.use_same_turn=false")
    act(anywhere, "exchange 6H@1")
    assert why(anywhere, "layoff JK=5D@3") is None


def test_a_freed_wild_to_be_used_at_once_goes_into_a_new_meld_not_a_lay_off():
    state = waited("wilds.exchange.freed_wild_use=new_meld_only")
    act(state, "exchange 6H@1")  # p3 holds AC 3C QH 3S and now the joker
    assert sorted(texts(state)) == ["meld 3C 3S JK=3D", "meld AC JK=2C 3C"]
    assert why(state, "layoff JK=5D@3") is not None
    act(state, "meld AC JK=2C 3C")
    assert why(state, "discard QH") is None
