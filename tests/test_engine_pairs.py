"""A pair of a named rank is a set (``melds.set.pair_ranks``, knob 26: the
"pair of aces" of a family's first contract): one scenario per rule, and the
set finder against a brute-force oracle."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import format_card, parse_cards
from rummy_rules.engine.candidates import iter_melds
from rummy_rules.engine.melds import Meld, check_meld
from rummy_rules.render.rulebook import render_rulebook

from .engine_helpers import act, meld_rules, natural_meld, stacked_state, texts, why

ACES = "melds.set.pair_ranks=[A]"
#: Contract's first deal as a pair of aces and three of a kind.
FIRST = "deals.1.contract=[{type: set, size: 2}, {type: set, size: 3}]"


def contract_melds(*overrides: str):
    return meld_rules("contract", 4, *overrides)


def a_set(text: str) -> Meld:
    return natural_meld("set", text)


def test_a_pair_of_a_listed_rank_is_a_set():
    rules = contract_melds(ACES)
    assert check_meld(a_set("AH AS"), rules, frozenset()) is None
    assert check_meld(a_set("AH AH AS"), rules, frozenset()) is None
    assert check_meld(a_set("AH"), rules, frozenset()) == "a set needs at least 3 cards"


def test_a_pair_of_another_rank_is_not_a_set():
    assert check_meld(a_set("7H 7S"), contract_melds(ACES), frozenset()) == (
        "only a pair of aces is a set of two"
    )
    assert check_meld(a_set("AH AS"), contract_melds(), frozenset()) == (
        "a set needs at least 3 cards"
    )
    kings = contract_melds("melds.set.pair_ranks=[K, A]")
    assert check_meld(a_set("KH KS"), kings, frozenset()) is None
    assert check_meld(a_set("QH QS"), kings, frozenset()) == (
        "only a pair of aces or kings is a set of two"
    )


def test_a_wild_card_may_complete_a_pair_under_the_wild_card_rules():
    rules = contract_melds(ACES)
    joker = parse_cards("JK")[0]
    wilds = frozenset({joker})
    pair = Meld("set", (parse_cards("AH")[0], joker), tuple(parse_cards("AH AS")))
    assert check_meld(pair, rules, wilds) is None
    # Contract needs a natural card in every meld: two jokers are no pair.
    two = Meld("set", (joker, joker), tuple(parse_cards("AH AS")))
    assert check_meld(two, rules, wilds) == "a meld needs at least one natural card"


def test_a_contract_may_ask_for_a_pair_where_pairs_are_sets():
    assert check_variant("contract", [ACES, FIRST]).valid
    report = check_variant("contract", [FIRST])
    assert not report.valid
    assert any("a set has at least 3 cards" in e.message for e in report.errors)


def test_a_pair_of_aces_meets_its_part_of_the_contract(cli):
    over = ["--set", ACES, "--set", FIRST]
    yes = cli("meld", "contract", "--deal", "1", *over, "AH", "AS", "7H", "7S", "7D", "KC")
    assert yes.exit_code == 0, yes.stdout
    assert "Yes" in yes.stdout and "AH AS" in yes.stdout
    no = cli("meld", "contract", "--deal", "1", *over, "8H", "8S", "7H", "7S", "7D", "KC")
    assert "Yes" not in no.stdout


def test_a_pair_of_aces_is_melded_and_an_ace_laid_off_on_it():
    hands = {1: "AH AS 2D 9D KS JC 4C", 2: "AD 4D QH QC 2S 3S 10D"}
    state = stacked_state("basic-rummy", 3, hands, upcard="3H", overrides=[ACES])
    act(state, "draw")
    assert "meld AH AS" in texts(state)
    assert why(state, "meld 2D 9D") is not None
    act(state, "meld AH AS")
    act(state, "discard KS")
    act(state, "draw")
    assert why(state, "layoff AD@1") is None
    assert "layoff AD@1" in texts(state)


def test_the_rulebook_says_which_pairs_are_sets():
    book = render_rulebook(load_variant("contract", [ACES, FIRST]))
    assert "A pair (two cards of the same rank) is a set too, for these ranks only: A." in book
    assert "| A♥ A♠ | valid |" in book  # the meld examples
    assert "Deal 1 (1 set of 2 + 1 set of 3): A♥ A♠ / K♦ K♥ K♠" in book
    plain = render_rulebook(load_variant("contract"))
    assert "A pair (two cards" not in plain


def _oracle(hand: list[int], rules) -> set[tuple[int, ...]]:
    """Every set (as sorted faces) some cards of ``hand`` make."""
    found = set()
    for size in range(2, len(hand) + 1):
        for cards in set(itertools.combinations(sorted(hand), size)):
            if check_meld(Meld("set", cards, cards), rules, frozenset()) is None:
                found.add(cards)
    return found


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(parse_cards("AH AS AD AC KH KS 7H 7S 7D")), min_size=2, max_size=7))
def test_the_sets_found_are_exactly_those_an_exhaustive_search_finds(hand):
    rules = contract_melds("melds.set.pair_ranks=[A, K]")
    found = {
        tuple(sorted(m.cards))
        for m in iter_melds(hand, rules, frozenset(), "set")
        if check_meld(m, rules, frozenset()) is None
    }
    expected = _oracle(hand, rules)
    shown = " ".join(format_card(f) for f in sorted(hand))
    assert found == expected, shown
