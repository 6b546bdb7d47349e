"""Meld kinds as data (the Canasta family): runs switched off, and a fewest
number of natural cards in every meld; each rule by the scenario it names."""

from __future__ import annotations

import json
import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.melds import check_meld, parse_meld
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines

from .conftest import examples
from .engine_helpers import natural_meld

#: Plain Rummy with two decks and four jokers, melds of one rank only, at most
#: three wild cards and at least two natural cards a meld.
SETS_ONLY = (
    "deck.decks=2",
    "deck.jokers=4",
    "wilds.exchange.allowed=false",
    "scoring.card_values.joker=50",
    "melds.set.max_size=12",
    "melds.run.allowed=false",
    "wilds.max_per_meld=3",
    "wilds.min_naturals=2",
)


def _rules(*extra):
    return compile_rules(load_variant("basic-rummy", [*SETS_ONLY, *extra]), 4)


def test_with_runs_switched_off_no_run_is_a_meld():
    rules = _rules()
    why = check_meld(natural_meld("run", "5H 6H 7H"), rules.melds, frozenset())
    assert why == "there are no runs in this variant: every meld is a set"
    assert check_meld(natural_meld("set", "7H 7S 7D"), rules.melds, frozenset()) is None


def test_a_meld_needs_its_fewest_natural_cards():
    rules = _rules()
    wild = rules.deals[0].wild_faces
    two_jokers = parse_meld("set", "JK=9H JK=9C 9S")
    assert check_meld(two_jokers, rules.melds, wild) == "a meld needs at least 2 natural cards"
    one_joker = parse_meld("set", "JK=9H 9D 9S")
    assert check_meld(one_joker, rules.melds, wild) is None


def test_nothing_that_needs_a_run_validates_without_runs():
    report = check_variant("contract", ["melds.run.allowed=false"])
    assert any("there are no runs" in p.message for p in report.errors), report.errors
    report = check_variant(
        "indian-rummy", ["melds.run.allowed=false", "going_out.knock.needs={runs: 2}"]
    )
    assert any("cannot need runs" in p.message for p in report.errors), report.errors


def test_played_melds_are_sets_with_two_natural_cards_read_from_the_records():
    """Read from the records: every meld laid (greedy and random play) is of one
    rank and holds at least two cards that are not jokers."""
    spec = load_variant("basic-rummy", list(SETS_ONLY))
    melds = 0
    for seed in range(examples(4, 20)):
        state = GameState(compile_rules(spec, 4), seed=seed)
        kind = "greedy" if seed % 2 else "random"
        play_game(state, [make_bot(kind, random.Random(seed + s)) for s in range(4)])
        for line in record_lines(state, spec.model_dump(mode="json")):
            action = json.loads(line).get("action", "").partition(" ")[2]
            if not action.startswith(("meld", "down")):
                continue
            for meld in action.split(" ", 1)[1].split(" / "):
                cards = meld.split()
                assert len({c.split("=")[-1][:-1] for c in cards}) == 1, action
                assert sum(not c.startswith("JK") for c in cards) >= 2, action
                melds += 1
    assert melds > 0


ONE_PER_RANK = (*SETS_ONLY, "melds.set.one_per_rank=true", "melding.melds_per_turn=null")


def test_a_side_has_one_set_of_each_rank_and_adds_more_cards_to_it():
    from .engine_helpers import act, stacked_state, why

    hands = {
        1: "7H 7S 7D 7C 7H 7S 9C 9D 9H KC",
        0: "3C 4D 5H 6S 8C 10D JH QH KS AC",
    }
    state = stacked_state(
        "basic-rummy", 2, hands, upcard="2D", stock=("2H",), overrides=ONE_PER_RANK
    )
    act(state, "draw")
    reason = why(state, "meld 7H 7S 7D / 7C 7H 7S")
    assert reason == "your side already has a set of sevens: add the cards to it"
    act(state, "meld 7H 7S 7D")
    assert why(state, "meld 7C 7H 7S") == reason
    assert why(state, "layoff 7C@1") is None
    assert why(state, "meld 9C 9D 9H") is None  # another rank is free


def test_one_set_per_rank_needs_no_contract():
    report = check_variant("contract", ["melds.set.one_per_rank=true"])
    assert any("min_points or none" in p.message for p in report.errors), report.errors


PARTNERS = (
    "players={min: 4, max: 4}",
    "partnerships.teams=fixed_pairs",
    "partnerships.build_on_partner_melds=true",
)


@pytest.mark.parametrize("partners", [False, True])
def test_played_sides_never_hold_two_sets_of_a_rank(partners):
    """Read from the deal ends: a side (a seat; with partners, seats s and s + 2)
    never has two sets of one rank on the table."""
    spec = load_variant("basic-rummy", [*ONE_PER_RANK, *(PARTNERS if partners else ())])
    for seed in range(examples(4, 20)):
        state = GameState(compile_rules(spec, 4), seed=seed)
        kind = "greedy" if seed % 2 else "random"
        play_game(state, [make_bot(kind, random.Random(seed + s)) for s in range(4)])
        for result in state.results:
            side = [(m.owner % 2 if partners else m.owner) for m in result.table]
            ranks = [
                (side[i], m.stands_for[0] % 13)
                for i, m in enumerate(result.table)
                if m.kind == "set"
            ]
            assert len(ranks) == len(set(ranks)), result.table


def test_a_canasta_on_the_table_scores_its_bonus_for_its_owner():
    from .engine_helpers import act, stacked_state

    bonuses = (
        "melds.canasta_size=7",
        "scoring.bonuses=[{event: natural_canasta, points: 500}, "
        "{event: mixed_canasta, points: 300}]",
    )
    hands = {1: "7H 7S 7D 7C 7H 7S 7D 9C 9D 9H", 0: "3C 4D 5H 6S 8C 10D JH QH KS AC"}
    state = stacked_state(
        "basic-rummy", 2, hands, upcard="2D", stock=("4H",), overrides=(*ONE_PER_RANK, *bonuses)
    )
    act(state, "draw")
    act(state, "meld 7C 7D 7D 7H 7H 7S 7S")
    act(state, "meld 9C 9D 9H")
    act(state, "discard 4H")
    result = state.results[0]
    left = 3 + 4 + 5 + 6 + 8 + 10 + 10 + 10 + 10 + 1  # p1's hand, as basic Rummy counts it
    assert result.went_out == 1 and result.scores[1] == left + 500


def test_canasta_bonuses_need_a_canasta_size():
    report = check_variant(
        "basic-rummy", ["scoring.bonuses=[{event: natural_canasta, points: 500}]"]
    )
    assert any("set melds.canasta_size" in p.message for p in report.errors), report.errors


CANASTA_OUT = (
    *ONE_PER_RANK,
    "melds.canasta_size=7",
    "going_out.canastas=1",
    "scoring.bonuses=[{event: natural_canasta, points: 500}]",
)


def _canasta_state(p2, p1="3C 4D 5H 6S 8C 10D JH QH KS AC", stock=("4H",)):
    from .engine_helpers import stacked_state

    hands = {1: p2, 0: p1}
    return stacked_state("basic-rummy", 2, hands, upcard="2D", stock=stock, overrides=CANASTA_OUT)


def test_without_a_canasta_a_player_may_not_go_out():
    from .engine_helpers import act, why

    state = _canasta_state("7H 7S 7D 7C 9C 9D 9H KC KD KH", stock=("7H",))
    act(state, "draw")  # 7H: five sevens, three nines, three kings
    act(state, "meld 9C 9D 9H")
    act(state, "meld KC KD KH")
    needed = "your side needs a canasta on the table before you go out"
    assert why(state, "meld 7C 7D 7H 7H 7S") == needed  # no card left
    assert why(state, "meld 7C 7D 7H 7S") == needed  # one left, whose discard goes out
    assert why(state, "meld 7C 7D 7H") is None  # two left: discard one, keep one
    act(state, "meld 7C 7D 7H")
    act(state, "discard 7S")
    assert state.hand(1) and not state.results


def test_a_meld_that_completes_a_canasta_may_go_out():
    from .engine_helpers import act, why

    state = _canasta_state("7H 7S 7D 7C 7H 7S 7D 9C 9D 9H")
    act(state, "draw")  # 4H
    assert why(state, "meld 9C 9D 9H") is None
    act(state, "meld 9C 9D 9H")
    # 7 sevens and 4H: meld the sevens (a canasta) and discard 4H to go out.
    act(state, "meld 7C 7D 7D 7H 7H 7S 7S")
    act(state, "discard 4H")
    assert state.results[0].went_out == 1


@pytest.mark.long  # whole games; the CI runs it
def test_played_games_go_out_only_with_a_canasta():
    """Whole games (random and greedy play), every invariant checked after every
    action; read from the deal ends: whoever went out has a canasta on the table."""
    from .engine_helpers import play_checked_game

    spec = load_variant("basic-rummy", list(CANASTA_OUT))
    outs = 0
    for seed in range(examples(4, 20)):
        state = GameState(compile_rules(spec, 2), seed=seed, deal_cap=6)
        kind = "greedy" if seed % 2 else "random"
        play_checked_game(state, [make_bot(kind, random.Random(seed + s)) for s in range(2)])
        for result in state.results:
            if result.reason == "out":
                mine = [m for m in result.table if m.owner == result.went_out]
                assert any(len(m.faces) >= 7 for m in mine), result
                outs += 1
    assert outs > 0


def test_the_opening_minimum_rises_with_the_running_total():
    from .engine_helpers import act, stacked_state, why

    steps = (
        "opening.requirement=min_points",
        "opening.min_points=15",
        "opening.min_points_by_total=[{at: 0, points: 50}, {at: 1500, points: 90}]",
    )
    hands = {1: "KC KD KH 9C 9D 9H 4C 5D 6H 8S", 0: "3C 4D 5H 6S 8C 10D JH QH KS AC"}
    state = stacked_state(
        "basic-rummy", 2, hands, upcard="2D", stock=("4H",), overrides=(*SETS_ONLY, *steps)
    )
    act(state, "draw")
    worth_30 = "down KC KD KH"
    assert why(state, worth_30) == "an opening must be worth at least 50; these melds are worth 30"
    state.game.totals[1] = -10  # below the first step: min_points
    assert why(state, worth_30) is None
    state.game.totals[1] = 1600
    assert "at least 90" in why(state, "down KC KD KH / 9C 9D 9H")


def test_opening_steps_must_rise():
    report = check_variant(
        "basic-rummy",
        [
            "opening.requirement=min_points",
            "opening.min_points=15",
            "opening.min_points_by_total=[{at: 10, points: 50}, {at: 0, points: 90}]",
        ],
    )
    assert any("must rise" in p.message for p in report.errors), report.errors


def test_a_stop_card_on_the_pile_stops_the_next_player_taking_it():
    from .engine_helpers import act, stacked_state, texts, why

    hands = {1: "3S 4D 5H 6S 8C 10D JH QH KS AC", 0: "3C 4C 5C 6C 8D 10H JS QS KD AD"}
    stop = ("draw.stop_cards=[3C, 3S]",)
    state = stacked_state("basic-rummy", 2, hands, upcard="9D", stock=("2H",), overrides=stop)
    act(state, "draw")
    act(state, "discard 3S")
    assert "take 3S" not in texts(state)
    assert why(state, "take 3S") == "3S on top of the discard pile stops you from taking from it"
    act(state, "draw")
    act(state, "discard 4C")
    assert "take 4C" in texts(state)  # the next discard covers it


def test_played_games_never_take_from_under_a_stop_card():
    spec = load_variant("rummy-500", ["draw.stop_cards=[3C, 3S]"])
    for seed in range(examples(3, 12)):
        state = GameState(compile_rules(spec, 3), seed=seed, deal_cap=3)
        kind = "greedy" if seed % 2 else "random"
        play_game(state, [make_bot(kind, random.Random(seed + s)) for s in range(3)])
        top = None
        for entry in state.log:
            action = entry.get("action", "")
            if action.startswith("discard"):
                top = action.split()[1]
            elif action.startswith("take"):
                assert top not in ("3C", "3S"), entry
                top = None
            elif "deal_end" in entry or "deck" in entry:
                top = None


PILE = (
    *ONE_PER_RANK,
    "draw.discard_pile=whole_pile",
    "draw.discard_condition=meld_now",
    "draw.natural_pair=when_frozen",
)
P2_PILE = "7D 9C 9D 9H KC KD 3H 4H 5H 6H"


def _pile_state(p1, *extra):
    from .engine_helpers import act, stacked_state

    hands = {1: P2_PILE, 0: p1}
    state = stacked_state(
        "basic-rummy", 2, hands, upcard="4D", stock=("QS",), overrides=(*PILE, *extra)
    )
    act(state, "draw")
    act(state, "discard 7D")
    return state


def test_a_frozen_pile_is_taken_only_with_a_natural_pair():
    from .engine_helpers import texts, why

    # p1 has not opened, so the pile is frozen for them.
    state = _pile_state("7C 8S 2C 2S 8C 10D JH QH KS AC")
    assert "take 7D" not in texts(state)
    assert why(state, "take 7D") == (
        "the pile is frozen: take 7D only with two natural cards of its rank from your hand"
    )
    state = _pile_state("7C 7S 2C 2S 8C 10D JH QH KS AC")
    assert "take 7D" in texts(state)


def test_a_card_taken_with_a_natural_pair_is_melded_with_it():
    from .engine_helpers import act, texts, why

    state = _pile_state("7C 7S JK 2S 8C 10D JH QH KS AC")
    act(state, "take 7D")  # the whole pile: 4D and 7D
    reason = why(state, "meld 7D 7C JK=7H")
    assert reason == "7D was taken with a natural pair: meld it with two natural cards of its rank"
    melds = [t for t in texts(state) if t.startswith("meld")]
    assert melds and all({"7C", "7D", "7S"} <= set(t.split()) for t in melds), melds
    assert why(state, "meld 7C 7D 7S") is None


def test_without_the_rule_any_meld_of_the_top_card_will_do():
    from .engine_helpers import act, why

    state = _pile_state("7C 7S JK 2S 8C 10D JH QH KS AC", "draw.natural_pair=never")
    act(state, "take 7D")
    assert why(state, "meld 7D 7C JK=7H") is None


def test_played_games_with_a_frozen_pile_keep_every_invariant():
    from .engine_helpers import play_checked_game

    spec = load_variant("basic-rummy", list(PILE))
    takes = 0
    for seed in range(examples(4, 20)):
        state = GameState(compile_rules(spec, 3), seed=seed, deal_cap=4)
        kind = "greedy" if seed % 2 else "random"
        play_checked_game(state, [make_bot(kind, random.Random(seed + s)) for s in range(3)])
        takes += sum(1 for e in state.log if e.get("action", "").startswith("take"))
    assert takes > 0


def test_an_opening_from_the_pile_uses_only_its_top_card_and_the_hand():
    from .engine_helpers import act, texts, why

    opening = (
        "opening.requirement=min_points",
        "opening.min_points=20",
        "opening.from_pile=top_card_only",
    )
    state = _pile_state("7C 7S 4C 4S 8C 10D JH QH KS AC", *opening)
    act(state, "take 7D")  # the whole pile: the upcard 4D, and 7D on top
    reason = why(state, "down 7C 7D 7S / 4C 4D 4S")
    assert reason == "an opening uses only the pile's top card and cards already in your hand"
    assert why(state, "down 7C 7D 7S") is None
    downs = [t for t in texts(state) if t.startswith("down")]
    assert downs and all("4D" not in t for t in downs)
    state = _pile_state("7C 7S 4C 4S 8C 10D JH QH KS AC", *opening[:2])
    act(state, "take 7D")
    assert why(state, "down 7C 7D 7S / 4C 4D 4S") is None  # from_pile: any
