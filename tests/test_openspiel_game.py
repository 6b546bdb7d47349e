"""Variants as OpenSpiel games: OpenSpiel's own random simulation test (with
serialisation), the chance node, copies, pickling and resampling."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("numpy")

from rummy_rules.envs.openspiel_game import SEEDS, openspiel_game  # noqa: E402

HOUSE = "variants/house/family-contract.yaml"


@pytest.mark.parametrize(
    "variant",
    [
        "persian",
        "variants/house/gin-openspiel.yaml",
        *(pytest.param(v, marks=pytest.mark.long) for v in ("contract", "gin", HOUSE)),
    ],
)
def test_openspiel_random_sim_test_with_serialisation_passes(variant):
    from .conftest import ROOT

    name = str(ROOT / variant) if variant.endswith(".yaml") else variant
    pyspiel.random_sim_test(openspiel_game(name), num_sims=1, serialize=True, verbose=False)


def _started(variant: str, seed: int, moves: int):
    game = openspiel_game(variant)
    state = game.new_initial_state()
    state.apply_action(seed)
    for i in range(moves):
        legal = state.legal_actions()
        state.apply_action(legal[(i * 7) % len(legal)])
    return game, state


def test_the_chance_node_chooses_the_seed_of_the_engines_game():
    game = openspiel_game("contract")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == SEEDS and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(41)
    spec = load_variant("contract")
    engine = GameState(compile_rules(spec, 4), seed=41)
    assert state.engine.game.log[:2] == engine.game.log[:2]  # the same decks
    assert state.current_player() == engine.to_move
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 41) == "seed 41"


def test_action_strings_are_the_engines_notation():
    _, state = _started("contract", 3, 0)
    names = {state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
    assert names == {str(a) for a in state.engine.legal_actions()}


def test_a_clone_is_independent_and_a_pickle_replays_to_the_same_position():
    _, state = _started("persian", 9, 40)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    deep = copy.deepcopy(state)
    assert deep.engine is not state.engine and str(deep) == str(state)
    back = pickle.loads(pickle.dumps(state))
    assert back.history() == state.history() and str(back) == str(state)
    assert back.legal_actions() == state.legal_actions()
    for seat in range(4):
        assert back.information_state_string(seat) == state.information_state_string(seat)


def test_information_states_hide_the_other_hands_and_show_every_action():
    _, state = _started("contract", 5, 30)
    one, two = state.information_state_string(0), state.information_state_string(1)
    assert one != two
    assert "you are p1" in one and "you are p2" in two
    played = [f"p{e['seat'] + 1} {e['action']}" for e in state.engine.log if "action" in e]
    assert one.endswith("played: " + ", ".join(played))
    assert len(state.observation_tensor(0)) == state.get_game().observation_tensor_size()


@pytest.mark.parametrize("variant", ["contract", "hand-and-foot"])
def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest_again(variant):
    _, state = _started(variant, 12, 25)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for _ in range(5):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        a, b = state.engine.game.deal, other.engine.game.deal
        assert [len(h) for h in a.hands] == [len(h) for h in b.hands]
        assert len(a.stock) == len(b.stock)
        assert Counter(other.engine.all_cards()) == Counter(state.engine.all_cards())
        changed |= a.hands != b.hands
        # The resampled game plays on.
        other.apply_action(other.legal_actions()[0])
    assert changed


def test_an_unknown_variant_is_an_error_naming_it():
    with pytest.raises(Exception, match="nosuch"):
        openspiel_game("nosuch")


def test_a_variant_that_rearranges_the_table_plays_through_openspiels_own_checks():
    # Rummikub: play or draw, no discard pile, the table rearranged.
    game = openspiel_game("rummikub")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_openspiels_ismcts_bot_plays_through_the_binding_against_the_greedy_bot():
    # The research docs' example (benchmarks/ismcts_vs_greedy.py), one short
    # game each: IS-MCTS searches resampled worlds through the binding.
    import sys

    from .conftest import ROOT

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from ismcts_vs_greedy import play

    gin = play(str(ROOT / "variants/house/gin-openspiel.yaml"), 1, 3)
    persian = play("persian", 1, 3)
    for game in (gin, persian):
        assert game["reason"] == "rules" and game["searches"] > 0
        assert game["winners"] >= 1
