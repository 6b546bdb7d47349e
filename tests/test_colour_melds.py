"""Colour melds (``melds.colour``, knob 26: "seven cards of one colour"): cards
of one suit in any ranks. One scenario per rule, whole games, and the contract
solver against the brute-force oracle on colour contracts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import format_cards, parse_cards
from rummy_rules.engine import GameState, parse_action
from rummy_rules.engine.hints import read_group
from rummy_rules.engine.melds import Meld, check_meld
from rummy_rules.engine.rules import ContractPart, compile_rules
from rummy_rules.engine.solver import best_contract, find_contract
from rummy_rules.render.rulebook import render_rulebook
from rummy_rules.sim.bots import make_bot
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import examples
from .engine_helpers import (
    act,
    meld_rules,
    natural_meld,
    play_checked_game,
    stacked_state,
    texts,
    why,
)
from .oracle import oracle

COLOUR = "melds.colour={min_size: 7}"
#: Contract's first deal as one colour meld of seven.
FIRST = "deals.1.contract=[{type: colour, size: 7}]"
JOKER = parse_cards("JK")[0]


def colour_rules(*overrides: str):
    return meld_rules("contract", 4, COLOUR, *overrides)


def a_colour(text: str) -> Meld:
    return natural_meld("colour", text)


def test_seven_cards_of_one_suit_in_any_ranks_are_a_colour_meld():
    rules = colour_rules()
    assert check_meld(a_colour("2H 5H 9H JH KH AH 4H"), rules, frozenset()) is None
    assert check_meld(a_colour("2H 2H 5H 9H JH KH KH"), rules, frozenset()) is None


def test_a_colour_meld_is_all_of_one_suit():
    reason = check_meld(a_colour("2H 5H 9H JH KH AH 4S"), colour_rules(), frozenset())
    assert reason == "the cards of a colour meld are all of one suit"


def test_a_colour_meld_has_at_least_its_minimum_and_at_most_its_maximum():
    rules = colour_rules("melds.colour.max_size=8")
    assert check_meld(a_colour("2H 5H 9H JH KH AH"), rules, frozenset()) == (
        "a colour meld needs at least 7 cards"
    )
    nine = a_colour("2H 3H 5H 6H 9H JH QH KH AH")
    assert check_meld(nine, rules, frozenset()) == "a colour meld has at most 8 cards"


def test_there_are_no_colour_melds_where_the_file_has_none():
    rules = meld_rules("contract", 4)
    assert check_meld(a_colour("2H 5H 9H JH KH AH 4H"), rules, frozenset()) == (
        "there are no colour melds here"
    )


def test_wild_cards_in_colour_melds_follow_the_file():
    wilds = frozenset({JOKER})
    cards = (*parse_cards("2H 5H 9H JH KH AH"), JOKER)
    meld = Meld("colour", cards, (*parse_cards("2H 5H 9H JH KH AH"), parse_cards("7H")[0]))
    assert check_meld(meld, colour_rules(), wilds) is None
    no_wilds = colour_rules("melds.colour.wilds_allowed=false")
    assert check_meld(meld, no_wilds, wilds) == "wild cards may not be used in colour melds"
    # The wild-card limits of the file hold in colour melds too.
    capped = colour_rules("wilds.max_per_meld=0")
    assert check_meld(meld, capped, wilds) == "a meld of 7 may hold at most 0 wild cards"


def test_a_colour_meld_is_written_with_its_word():
    action = parse_action("down colour 2H 5H 9H JH KH AH JK=7H")
    assert action.melds[0].kind == "colour"
    assert str(action) == "down colour 2H 5H 9H JH KH AH JK=7H"
    # Without the word, cards in sequence are a run and cards of one rank a set.
    assert parse_action("down 5H 6H 7H 8H").melds[0].kind == "run"
    assert parse_action("meld colour 5H 6H 7H 8H").melds[0].kind == "colour"


def test_a_colour_contract_part_is_met_only_by_a_colour_meld():
    rules = compile_rules(load_variant("contract", [COLOUR, FIRST]), 4)
    deal = rules.deals[0]
    hand = parse_cards("2H 5H 9H JH KH AH 4H 7S 8C")
    found = find_contract(hand, deal.parts, rules.melds, deal.wild_faces)
    assert found is not None
    assert found.melds[0].kind == "colour"
    assert sorted(found.left) == sorted(parse_cards("7S 8C"))
    # A run of seven is a run: it meets a run part, and "any" never takes a colour meld.
    mixed = parse_cards("2H 5H 9H JH KH AH 4S 7S 8C")
    assert find_contract(mixed, deal.parts, rules.melds, deal.wild_faces) is None
    any_part = (ContractPart("any", 7, True),)
    assert find_contract(hand, any_part, rules.melds, deal.wild_faces) is None


def test_the_solver_keeps_the_cheapest_cards_out_of_a_colour_meld():
    rules = compile_rules(load_variant("contract", [COLOUR, FIRST]), 4)
    deal = rules.deals[0]
    hand = parse_cards("2H 3H 5H 9H JH KH AH 4H QH")

    def value(face):
        return rules.value(face, wild=face in deal.wild_faces)

    best = best_contract(hand, deal.parts, rules.melds, deal.wild_faces, value=value)
    assert best is not None
    assert sorted(best.left) == sorted(parse_cards("2H 3H"))


#: Basic Rummy with colour melds of five and two wild jokers.
BASIC = ["melds.colour={min_size: 5}", "deck.jokers=2", "scoring.card_values.joker=15"]
BASIC_HANDS = {
    0: "2C 3C 4D 7S 8S 9D KD",
    1: "2H 5H 9H JH KH 8C 10D",
    2: "JK 6C 6D QS QD 4S 4H",
}


def _colour_on_the_table():
    """Basic Rummy where p2 has melded colour KH JH 9H 5H 2H and p3 has drawn."""
    state = stacked_state(
        "basic-rummy", 3, BASIC_HANDS, upcard="3D", stock=["8D", "7H", "4C"], overrides=BASIC
    )
    act(state, "draw")
    assert "meld colour KH JH 9H 5H 2H" in texts(state)
    assert why(state, "meld KH JH 9H 5H 2H") is not None  # without its word: no run, no set
    act(state, "meld colour KH JH 9H 5H 2H")
    act(state, "discard 8C")
    act(state, "draw")
    return state


def test_any_card_of_its_suit_is_laid_off_on_a_colour_meld():
    state = _colour_on_the_table()
    assert why(state, "layoff 4H@1") is None
    assert why(state, "layoff 4S@1") == "4S does not fit meld 1 (colour KH JH 9H 5H 2H)"
    assert [t for t in texts(state) if t.startswith("layoff")] == [
        "layoff 4H@1",
        "layoff 7H@1",
        "layoff JK=KH@1",  # a wild is listed once, standing for the suit's highest card
    ]


def test_a_wild_laid_off_on_a_colour_meld_stands_for_any_card_of_its_suit():
    state = _colour_on_the_table()
    assert why(state, "layoff JK=4H@1") is None
    assert why(state, "layoff JK=4S@1") == "JK=4S does not fit meld 1 (colour KH JH 9H 5H 2H)"
    act(state, "layoff JK=4H@1")
    meld = state.melds[0]
    assert meld.kind == "colour"
    assert format_cards(meld.stands_for) == "KH JH 9H 5H 2H 4H"


def test_a_contract_of_a_colour_meld_is_met_by_going_down_with_it():
    hands = {1: "2H 5H 9H JH KH AH 4H 7S 8C 10D"}
    state = stacked_state(
        "contract", 3, hands, upcard="3C", stock=["8H"], overrides=[COLOUR, FIRST]
    )
    act(state, "draw")
    while state.to_move != 1:  # the others pass on buying the upcard
        act(state, "pass")
    assert why(state, "down 2H 5H 9H JH KH AH 4H") is not None
    assert why(state, "down colour 2H 5H 9H JH KH AH") == (
        "colour 2H 5H 9H JH KH AH: a colour meld needs at least 7 cards"
    )
    downs = [t for t in texts(state) if t.startswith("down")]
    assert downs and all(t.startswith("down colour") for t in downs)
    act(state, "down colour 2H 5H 9H JH KH AH 4H")
    assert state.is_down(1)


def test_the_rulebook_describes_colour_melds():
    book = render_rulebook(load_variant("contract", [COLOUR, FIRST]))
    assert "A colour meld is seven or more cards of the same suit, whatever their ranks" in book
    assert "Any card of its colour may be laid off on a colour meld." in book
    assert "| 1 | 10 | 1 colour meld of 7 |" in book
    assert "the cards of a colour meld are all of one suit" in book  # an example refused
    assert "Colour melds" not in render_rulebook(load_variant("contract"))


def test_a_colour_part_needs_the_rules_for_colour_melds():
    report = check_variant("contract", [FIRST])
    assert not report.valid
    assert any("a colour meld needs the rules for colour melds" in e.message for e in report.errors)
    assert check_variant("contract", [COLOUR, FIRST]).valid
    short = check_variant("contract", ["melds.colour={min_size: 8}", FIRST])
    assert any("a colour meld has at least 8 cards" in e.message for e in short.errors)
    # Only a colour meld may be longer than fourteen cards.
    long = check_variant("contract", ["deals.1.contract=[{type: run, size: 15}]"])
    assert any("only a colour meld may have more than 14 cards" in e.message for e in long.errors)


@pytest.mark.parametrize("seed", range(3))
def test_whole_games_with_colour_melds_keep_every_rule_and_replay(seed, tmp_path):
    spec = load_variant("variants/house/colour-contract.yaml")
    state = GameState(compile_rules(spec, 4), seed=seed)
    bots = ("random", "greedy")[seed % 2 :] * 4
    play_checked_game(state, [make_bot(bots[s], random.Random(seed * 10 + s)) for s in range(4)])
    lines = list(record_lines(state, spec.model_dump(mode="json")))
    assert any(" down colour " in line for line in lines)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = replay_record(path)
    assert report.finished and list(report.totals) == state.totals


@st.composite
def colour_hand(draw):
    """A colour deal of a contract and a hand crowded in one or two suits."""
    variation = draw(st.sampled_from(["contract", "shanghai"]))
    parts = draw(
        st.sampled_from(
            [
                "[{type: colour, size: 7}]",
                "[{type: colour, size: 6}, {type: set, size: 3}]",
                "[{type: colour, size: 5}, {type: run, size: 4}]",
                "[{type: colour, size: 4}, {type: colour, size: 4}]",
            ]
        )
    )
    overrides = [
        "melds.colour={min_size: 4}",
        f"deals.1.contract={parts}",
        f"deals.1.exact={draw(st.booleans())}".lower(),
    ]
    rules = compile_rules(load_variant(variation, overrides), 4)
    deal = rules.deals[0]
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    palette = [s * 13 + r for s in suits for r in range(13)]
    size = draw(st.integers(6, 12))
    hand = draw(st.lists(st.sampled_from(palette), min_size=size, max_size=size))
    hand = [f for f in hand if hand.count(f) <= rules.pack.decks]
    wilds = sorted(deal.wild_faces)
    for _ in range(draw(st.integers(0, 2))):
        hand.append(draw(st.sampled_from(wilds)))
    return variation, rules, deal, hand[:13]


@settings(max_examples=examples(10, 80), deadline=None, suppress_health_check=list(HealthCheck))
@given(colour_hand())
def test_the_solver_agrees_with_the_oracle_on_colour_contracts(case):
    variation, rules, deal, hand = case

    def value(face):
        return rules.value(face, wild=face in deal.wild_faces)

    expected = oracle(hand, deal.parts, rules.melds, deal.wild_faces, all_out=False, value=value)
    found = find_contract(hand, deal.parts, rules.melds, deal.wild_faces)
    best = best_contract(hand, deal.parts, rules.melds, deal.wild_faces, value=value)
    note = f"{variation}: {[str(p) for p in deal.parts]}: {format_cards(hand)}"
    assert (found is None) == (expected is None), note
    assert (best is None) == (expected is None), note
    if best is not None:
        assert best.points_left == expected, note
        for meld in best.melds:
            assert check_meld(meld, rules.melds, deal.wild_faces) is None, note


def test_a_group_that_makes_no_meld_says_what_it_breaks_as_a_colour_meld():
    rules = compile_rules(load_variant("variants/house/colour-contract.yaml"), 4)
    wild = rules.deals[0].wild_faces
    found, why_not = read_group(parse_cards("2C 5C 9C 10C JC QC 3D"), rules.melds, wild)
    assert found == []
    assert why_not is not None and "the cards of a colour meld are all of one suit" in why_not
    found, _ = read_group(parse_cards("2C 5C 9C 10C JC QC 3C"), rules.melds, wild)
    assert [m.kind for m in found] == ["colour"]


def test_in_a_numbered_pack_the_pair_refusal_names_numbers():
    rules = meld_rules("variants/house/numbered-contract.yaml", 4, "melds.set.pair_ranks=['1']")
    assert check_meld(natural_meld("set", "7C 7D"), rules, frozenset()) == (
        "only a pair of 1s is a set of two"
    )
