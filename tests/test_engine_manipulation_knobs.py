"""Moving cards that are already on the table, one scenario per rule:
rearranging melds (``melding.rearrange_table``) and exchanges whose natural card
comes from another meld (``wilds.exchange.natural_from_hand: false``).
"""

from __future__ import annotations

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_card
from rummy_rules.engine import parse_action
from rummy_rules.spec.playable import unsupported_by_engine

from .engine_helpers import act, stacked_state, texts, why

REARRANGE = "melding.rearrange_table=true"


def table_melds(state):
    return [" ".join(format_card(state.faces[c]) for c in m.cards) for m in state.melds]


def rummy_table(*overrides, p3="5H 6H 9C 2D 4S QC KD"):
    """basic-rummy, three players: p2 melds four sevens; p3 to play, drawn."""
    hands = {1: "7S 7D 7C 7H 2C 9D KS", 2: p3}
    state = stacked_state("basic-rummy", 3, hands, upcard="3S", overrides=list(overrides))
    act(state, "draw")
    act(state, "meld 7C 7D 7H 7S")
    act(state, "discard KS")
    act(state, "draw")
    return state


def test_rearranging_takes_a_card_from_a_meld_into_a_new_meld_with_cards_from_the_hand():
    state = rummy_table(REARRANGE)
    action = "rearrange 1 into 7C 7D 7S / 5H 6H 7H"
    assert why(state, action) is None
    assert action in texts(state)
    hand_before = len(state.hand(2))
    act(state, action)
    assert table_melds(state) == ["7C 7D 7S", "5H 6H 7H"]
    assert len(state.hand(2)) == hand_before - 2
    # The seven kept who laid it; the new meld is p3's.
    assert state.melds[1].owner == 2
    assert state.melds[1].laid_by == [2, 2, 1]


def test_the_table_may_not_be_rearranged_where_the_file_forbids_it():
    state = rummy_table()
    assert why(state, "rearrange 1 into 7C 7D 7S / 5H 6H 7H") == (
        "melds on the table may not be rearranged in this variant"
    )
    assert not [t for t in texts(state) if t.startswith("rearrange")]


def test_a_rearrangement_lays_at_least_one_card_from_the_hand():
    state = rummy_table(REARRANGE)
    reason = why(state, "rearrange 1 into 7C 7D 7H 7S")
    assert reason == "a rearrangement lays at least one card from your hand"


def test_every_card_taken_from_the_table_is_laid_again():
    state = rummy_table(REARRANGE)
    reason = why(state, "rearrange 1 into 5H 6H 7H")
    assert reason == "every card taken from the table must be laid again: 7C 7D 7S is left out"


def test_every_meld_after_a_rearrangement_is_a_valid_meld():
    state = rummy_table(REARRANGE)
    reason = why(state, "rearrange 1 into 7C 7D / 5H 6H 7H 7S")
    assert reason is not None and reason.startswith("7C 7D:")


def test_a_rearrangement_uses_only_cards_the_player_holds():
    state = rummy_table(REARRANGE)
    assert why(state, "rearrange 1 into 7C 7D 7S / 7H 8H 9H") == "you do not hold 8H 9H"


def test_a_rearrangement_that_empties_the_hand_goes_out():
    state = rummy_table(REARRANGE)
    deal = state.game.deal
    # p3 is left holding only 5H and 6H (the other cards set aside for the scenario).
    kept = [c for c in deal.hands[2] if format_card(state.faces[c]) in ("5H", "6H")]
    deal.hands[2] = kept
    act(state, "rearrange 1 into 7C 7D 7S / 5H 6H 7H")
    assert state.results[-1].went_out == 2


def gamerules_sets(*overrides):
    """contract-gamerules, a deal of sets: p2 goes down 7C 7D 7S JK=7H; p3, who
    holds 5H 6H and may lay off before going down, to play."""
    sets = "deals=[{cards: 10, contract: [{type: set, size: 3}]}]"
    hands = {1: "7S 7D 7C JK 2C 9D KS 4D 4S QC", 2: "5H 6H 9C 2D 3S QD KD 10S 10C AD"}
    state = stacked_state(
        "contract-gamerules",
        3,
        hands,
        upcard="3H",
        overrides=[
            sets,
            REARRANGE,
            "melding.lay_off.before_opening=true",
            "wilds.versus_naturals=any",
            *overrides,
        ],
    )
    act(state, "draw")
    act(state, "down 7C 7D 7S JK=7H")
    act(state, "discard KS")
    act(state, "draw")
    return state


def test_a_melded_wild_keeps_what_it_stands_for_in_a_rearrangement():
    state = gamerules_sets()
    reason = why(state, "rearrange 1 into 7C 7D 7S / JK=4H 5H 6H")
    assert reason == (
        "JK on the table stands for 7H, and a melded wild keeps what it stands for in this variant"
    )


def test_a_rearrangement_that_adds_a_meld_needs_new_melds_to_be_allowed():
    state = gamerules_sets("melding.new_melds_after_opening=false")
    reason = why(state, "rearrange 1 into 7C 7D 7S / 5H 6H JK=7H")
    # A rearrangement that lays a new meld is refused by the rule against new melds.
    assert reason == "go down (open) before laying down other melds"
    assert reason.code == "meld.open_first"


# -- exchanges with the natural card from the table ---------------------------

FROM_TABLE = (
    "wilds.exchange.natural_from_hand=false",
    "wilds.exchange.use_same_turn=false",
    "wilds.exchange.player_down=not_required",
)
RUNS = "deals=[{cards: 10, contract: [{type: run, size: 3}, {type: run, size: 3}]}]"


def exchange_table(*overrides):
    """contract-gamerules, runs: p2 goes down JK=5C 6C 7C / 9S 10S JS, p3 goes
    down 2C 3C 4C 5C / 9H 10H JH; then a round, and p3 to play."""
    hands = {
        1: "JK 6C 7C 9S 10S JS 2D KD QS 4H",
        2: "2C 3C 4C 5C 9H 10H JH KS QH 3S",
    }
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides])
    act(state, "draw")
    act(state, "down JK=5C 6C 7C / 9S 10S JS")
    act(state, "discard KD")
    act(state, "draw")
    act(state, "down 2C 3C 4C 5C / 9H 10H JH")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        discard = next(t for t in texts(state) if t.startswith("discard"))
        act(state, discard)
    act(state, "draw")
    return state


def test_an_exchange_may_take_the_natural_card_from_another_meld():
    state = exchange_table(*FROM_TABLE)
    action = "exchange 5C@1 from 3"
    assert why(state, action) is None
    assert action in texts(state)
    act(state, action)
    assert table_melds(state)[0] == "5C 6C 7C"
    assert table_melds(state)[2] == "2C 3C 4C"
    assert parse_card("JK") in state.hand(2)


def test_the_natural_card_given_for_a_wild_comes_from_the_hand_where_the_file_says_so():
    state = exchange_table(*FROM_TABLE[1:])
    assert why(state, "exchange 5C@1 from 3") == (
        "the natural card given for a wild must come from your hand"
    )
    assert not [t for t in texts(state) if " from " in t]


def test_the_meld_that_gives_the_natural_card_must_stay_a_meld():
    state = exchange_table(*FROM_TABLE)
    act(state, "exchange 5C@1 from 3")  # 2C 3C 4C left
    act(state, next(t for t in texts(state) if t.startswith("discard")))
    for _ in range(2):
        act(state, "draw")
        act(state, next(t for t in texts(state) if t.startswith("discard")))
    act(state, "draw")
    # Nothing more can leave a run of three.
    reason = why(state, "exchange 4C@1 from 3")
    assert reason is not None


@pytest.mark.parametrize(
    "text",
    ["exchange 5C@1 from 3", "rearrange 1,3 into 7C 7D 7S / 5H 6H 7H", "rearrange 2 into 5H 6H 7H"],
)
def test_the_notation_of_moves_from_the_table_reads_back(text):
    assert str(parse_action(text)) == text


def test_moves_from_the_table_are_no_longer_refused_by_the_engine():
    spec = load_variant("basic-rummy", [REARRANGE, "wilds.exchange.natural_from_hand=false"])
    assert unsupported_by_engine(spec) == []
