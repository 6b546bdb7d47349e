"""Runs whose cards may be of any suits (``melds.run.suits: any``, knob 25): one
scenario per rule, and the meld finder against a brute-force oracle."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_rules import check_variant
from rummy_rules.cards import format_card
from rummy_rules.engine.candidates import iter_melds
from rummy_rules.engine.melds import Meld, check_meld

from .engine_helpers import act, meld_rules, natural_meld, stacked_state, texts, why

ANY = "melds.run.suits=any"


def rummy_melds(*overrides: str):
    return meld_rules("basic-rummy", 3, *overrides)


def run(text: str) -> Meld:
    return natural_meld("run", text)


def test_a_run_may_mix_suits_where_the_file_says_so():
    assert check_meld(run("5C 6H 7C"), rummy_melds(ANY), frozenset()) is None
    assert check_meld(run("5C 6H 7C"), rummy_melds(), frozenset()) == (
        "the cards of a run are all of one suit"
    )
    # Still in sequence, whatever the suits.
    assert check_meld(run("5C 7H 8C"), rummy_melds(ANY), frozenset()) is not None


def test_a_card_of_any_suit_is_laid_off_on_a_run_of_any_suits():
    hands = {1: "5C 6H 7C 2D 9D KS JC", 2: "8S 4D QH QC 2S 3S 10D"}
    state = stacked_state("basic-rummy", 3, hands, upcard="3H", overrides=[ANY])
    act(state, "draw")
    act(state, "meld 5C 6H 7C")
    act(state, "discard KS")
    act(state, "draw")
    assert why(state, "layoff 8S@1") is None
    assert why(state, "layoff 4D@1") is None
    listed = texts(state)
    assert "layoff 8S@1" in listed and "layoff 4D@1" in listed


def test_a_contract_is_met_with_runs_of_mixed_suits(cli):
    hand = "3C 4H 5S 6D 8C 9C 10H JD KS KH"
    result = cli("meld", "contract", "--deal", "3", "--set", ANY, *hand.split())
    assert result.exit_code == 0, result.stdout
    assert "Yes" in result.stdout
    same = cli("meld", "contract", "--deal", "3", *hand.split())
    assert "Yes" not in same.stdout


def test_same_suit_rules_for_contract_runs_have_no_effect_with_runs_of_any_suits():
    report = check_variant("contract", [ANY])
    assert any(
        w.path == "contract.same_suit_runs" and "has no effect" in w.message
        for w in report.warnings
    )


def _oracle(hand: list[int], rules) -> set[tuple[int, ...]]:
    """Every run (as sorted faces) some ordering of some cards of ``hand`` makes."""
    found = set()
    for size in range(rules.run_min, len(hand) + 1):
        for cards in set(itertools.combinations(sorted(hand), size)):
            for order in itertools.permutations(cards):
                if check_meld(Meld("run", order, order), rules, frozenset()) is None:
                    found.add(cards)
                    break
    return found


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True))
def test_the_runs_found_are_exactly_those_an_exhaustive_search_finds(hand):
    rules = rummy_melds(ANY)
    found = {
        tuple(sorted(m.cards))
        for m in iter_melds(hand, rules, frozenset(), "run")
        if check_meld(m, rules, frozenset()) is None
    }
    expected = _oracle(hand, rules)
    shown = " ".join(format_card(f) for f in sorted(hand))
    assert found == expected, shown
