"""Meld kinds as data (the Canasta family): runs switched off, and a fewest
number of natural cards in every meld; each rule by the scenario it names."""

from __future__ import annotations

import json
import random

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
