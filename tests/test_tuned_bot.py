"""The tuned bot (rummy_rules/sim/bots/tuned.py): weights as data, each with
the effect it names."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.deadwood import best_layout
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState
from rummy_rules.engine.view import seat_view
from rummy_rules.errors import UsageError
from rummy_rules.sim.bots import make_bot, parse_bot_spec, play_game
from rummy_rules.sim.bots.tuned import GREEDY_VALUES, TUNED_WEIGHTS, family_of, tuned_weights
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
    assert data["method"]
    assert {"contract", "default", "knock"} <= set(data["families"])
    for family in data["tuned_families"]:
        assert data["commands"][family].startswith("python benchmarks/tune_bot.py")
    for weights in data["families"].values():
        assert set(weights) <= set(TUNED_WEIGHTS)
        for key, value in weights.items():
            low, high = TUNED_WEIGHTS[key]
            assert low <= value <= high, key


def test_every_weight_has_the_greedy_bots_value_to_fall_back_on():
    assert set(GREEDY_VALUES) == set(TUNED_WEIGHTS)


def test_each_deal_takes_the_weights_of_its_family():
    contract = compile_rules(load_variant("contract"), 4).deal(0)
    gin = compile_rules(load_variant("gin"), 2).deal(0)
    rummy = compile_rules(load_variant("basic-rummy"), 2).deal(0)
    knock = compile_rules(load_variant("knock-rummy"), 2).deal(0)
    families = [family_of(d) for d in (contract, gin, rummy, knock)]
    assert families == ["contract", "knock", "default", "knock_any"]


def test_knock_rummy_plays_its_own_family_weights():
    # Gin's weights (knock only with gin) lose at Knock Rummy, where a knock
    # at any deadwood is the game: it has weights of its own (knock_any).
    def log(bot: str) -> list[dict]:
        state = GameState(compile_rules(load_variant("knock-rummy"), 2), seed=3)
        play_game(state, [make_bot(bot, random.Random(s)) for s in range(2)], max_actions=500)
        return state.log

    weights = tuned_weights()["families"]["knock_any"]
    assert weights != tuned_weights()["families"]["knock"]
    own = "tuned:" + ":".join(f"{key}={value}" for key, value in weights.items())
    assert log("tuned") == log(own)
    assert log("tuned") != log("greedy")


GREEDY_KNOCK = "tuned:knock_at=10:take_margin=1:partial=0"


def test_with_the_greedy_bots_knock_weights_it_plays_gin_as_the_greedy_bot():
    def log(bot: str) -> list[dict]:
        spec = load_variant("gin")
        state = GameState(compile_rules(spec, 2), seed=5)
        play_game(state, [make_bot(bot, random.Random(s)) for s in range(2)], max_actions=800)
        return state.log

    assert log(GREEDY_KNOCK) == log("greedy")


def _gin_choices(a: str, b: str, games: int = 6):
    """Each state of greedy gin games where bots ``a`` and ``b`` choose
    differently: (view, a's choice, b's choice)."""
    spec = load_variant("gin")
    rules = compile_rules(spec, 2)
    found = []
    for seed in range(games):
        state = GameState(rules, seed=seed)
        movers = [make_bot("greedy", random.Random(s)) for s in range(2)]
        while not state.is_terminal() and len(found) < 40:
            seat = state.to_move
            view = seat_view(state, seat)
            one, two = (make_bot(spec_, random.Random(0)) for spec_ in (a, b))
            for bot in (one, two, movers[seat]):
                bot.new_deal(state.deal_rules_of(seat))
            x, y = one.choose(view), two.choose(view)
            if x != y:
                found.append((view, x, y))
            state.apply(movers[seat].choose(view))
    return found


def _deadwood(action, hand, values) -> int:
    left = Counter(hand)
    left[action.card] -= 1
    for meld in action.melds:
        left.subtract(meld.cards)
    return sum(values[f] * n for f, n in left.items() if n > 0)


def test_knock_at_is_the_most_deadwood_it_knocks_with():
    values = compile_rules(load_variant("gin"), 2).deal(0).knock_values
    differences = _gin_choices("tuned:knock_at=10", "tuned:knock_at=0")
    assert differences  # the greedy bot knocks with deadwood that knock_at=0 keeps
    for view, eager, patient in differences:
        assert eager.kind == "knock" and patient.kind == "discard"
        assert 0 < _deadwood(eager, view.hand, values) <= 10


def test_take_margin_is_how_much_the_upcard_must_lower_the_deadwood():
    differences = _gin_choices("tuned:take_margin=1", "tuned:take_margin=30")
    assert differences
    for view, taker, drawer in differences:
        assert view.phase == "draw"
        assert taker.kind == "take" and drawer.kind in ("draw", "pass")


def test_partial_keeps_cards_that_could_start_a_meld():
    deal = compile_rules(load_variant("gin"), 2).deal(0)

    def starts(hand, discard) -> int:
        rest = list(hand)
        rest.remove(discard)
        dead = best_layout(rest, deal.knock_melds, deal.knock_values).deadwood
        return sum(
            any(_near(a, b) for j, b in enumerate(dead) if j != i) for i, a in enumerate(dead)
        )

    differences = _gin_choices("tuned:partial=0", "tuned:partial=5")
    assert differences
    for view, plain, partial in differences:
        assert plain.kind == partial.kind == "discard"
        # It gives up deadwood points to keep more cards that could start a meld.
        assert starts(view.hand, partial.card) > starts(view.hand, plain.card)


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


def _near(a: int, b: int) -> bool:
    return a % 13 == b % 13 or (a // 13 == b // 13 and abs(a % 13 - b % 13) <= 2)
