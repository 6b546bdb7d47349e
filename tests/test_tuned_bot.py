"""The tuned bot (rummy_rules/sim/bots/tuned.py): weights as data, each with
the effect it names."""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState
from rummy_rules.errors import UsageError
from rummy_rules.sim.bots import make_bot, parse_bot_spec, play_game
from rummy_rules.sim.bots.tuned import TUNED_WEIGHTS, family_of, tuned_weights
from rummy_rules.sim.simulate import simulate

GREEDY_WEIGHTS = "tuned:buy_threshold=3:take_threshold=2:buy_room=3:all_out_room=0:late=0"


def _log(variant: str, bot: str) -> list[dict]:
    spec = load_variant(variant)
    state = GameState(compile_rules(spec, 4), seed=9)
    play_game(state, [make_bot(bot, random.Random(s)) for s in range(4)], max_actions=600)
    return state.log


def test_with_the_greedy_bots_weights_it_plays_as_the_greedy_bot():
    assert _log("contract", GREEDY_WEIGHTS) == _log("contract", "greedy")


def test_room_in_an_all_out_deal_lets_it_buy_in_contract_rummys_last_deal():
    spec = load_variant("contract")

    def last_deal_buys(bot: str) -> float:
        stats = simulate(spec, players=4, bots=[bot] * 4, games=4, seed=2).to_dict()
        return stats["deals"][6]["buys"]["value"]

    assert last_deal_buys("greedy") == 0  # the hand is full from the deal
    assert last_deal_buys("tuned:all_out_room=3") > 0


def test_the_weights_file_has_every_weight_in_range_and_says_how_it_was_made():
    data = tuned_weights()
    assert data["method"] and data["command"].startswith("python benchmarks/tune_bot.py")
    assert {"contract", "default"} <= set(data["families"])
    for weights in data["families"].values():
        assert set(weights) == set(TUNED_WEIGHTS)
        for key, value in weights.items():
            low, high = TUNED_WEIGHTS[key]
            assert low <= value <= high, key


def test_a_deal_with_a_contract_takes_the_contract_weights():
    contract = compile_rules(load_variant("contract"), 4).deal(0)
    gin = compile_rules(load_variant("gin"), 2).deal(0)
    assert (family_of(contract), family_of(gin)) == ("contract", "default")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("tuned:greed=3", "the tuned bot has no 'greed'"),
        ("tuned:buy_room=13", "buy_room is a whole number from 0 to 12"),
        ("tuned:late=yes", "late is a whole number from 0 to 1"),
    ],
)
def test_tuned_weights_in_a_spec_are_checked(spec, message):
    with pytest.raises(UsageError, match=message):
        parse_bot_spec(spec)
