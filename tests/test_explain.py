"""The rule behind a refused action, found in the rulebook's own sentences."""

from __future__ import annotations

import pytest

from rummy_rules import load_variant
from rummy_rules.render.explain import rule_behind
from rummy_rules.render.sentences import TOPICS


@pytest.mark.parametrize(
    ("variant", "overrides", "kind", "reason", "sentence"),
    [
        ("contract", ["wilds.discard=forbidden"], "discard", "wild cards may not be discarded",
         "Wild cards may not be discarded."),
        ("basic-rummy", [], "end", "in this variant every turn ends with a discard",
         "Every turn ends with a discard, unless the player goes out."),
        ("contract", [], "meld", "no new melds after going down in this variant",
         "After going down a player makes no new melds, but may lay off."),
        ("contract", [], "down", "10S 2C 3S: a run needs at least 4 cards",
         "A run (sequence) is four or more cards of the same suit in order."),
        ("contract-gamerules", [], "layoff", "you may lay off only from the turn after going down",
         "Laying off starts on the turn after going down."),
        ("persian", [], "draw", "the stock is empty: take a discard you can meld at once, or pass",
         "When the stock runs out, players may take a discard only to meld it at once; "
         "otherwise they pass."),
    ],
)  # fmt: skip
def test_the_rule_behind_a_refusal_is_the_rulebook_sentence(
    variant, overrides, kind, reason, sentence
):
    spec = load_variant(variant, overrides)
    assert rule_behind(spec, kind, reason) == sentence
    book = [s for topic in TOPICS for s in topic.sentences(spec)]
    assert sentence in book


@pytest.mark.parametrize(
    "reason",
    ["you do not hold 7H", "there is no meld 3 on the table", "draw first: from the stock, "
     "or take the discard", "4D does not fit meld 1 (7S 8S 9S)"],
)  # fmt: skip
def test_a_fact_of_the_position_gets_no_rule(reason):
    assert rule_behind(load_variant("contract"), "layoff", reason) is None
