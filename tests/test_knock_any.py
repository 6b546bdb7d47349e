"""The greedy bot where a knock may have any deadwood (``deadwood_limit: any``,
Knock Rummy): it knocks whenever its deadwood is below what it expects the
best other hand to hold (docs/bots.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_cards
from rummy_rules.engine.actions import Action
from rummy_rules.engine.deadwood import knock_layouts, min_deadwood
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots.greedy import GreedyBot

#: After the draw: 2-3-4 of clubs and 7-8-9 of diamonds; discarding KD leaves
#: 5H 6H AS 2S, 14 in deadwood.
HAND = "2C 3C 4C 7D 8D 9D 5H 6H AS 2S KD"


def _choice(variant: str, hand: str, *, pile: list[int], other: int, answer_any: bool = True):
    """What the greedy bot does after drawing ``hand`` in a game of two, with
    ``pile`` the discard pile and ``other`` cards in the other hand."""
    rules = compile_rules(load_variant(variant), 2)
    faces = parse_cards(hand)
    values = rules.card_values
    layouts = knock_layouts(faces, rules.melds, values, 1000)
    limit = 1000 if rules.play.knock_any else rules.play.knock_limit
    legal = [
        Action("knock", card=face, melds=layout.melds)
        for face, layout in layouts
        if layout.value <= limit
    ]
    legal += [Action("discard", card=face) for face in sorted(set(faces))]
    view = SimpleNamespace(
        phase="play",
        legal=tuple(legal),
        hand=tuple(faces),
        seat=0,
        players=2,
        hand_sizes=(len(faces), other),
        discard_pile=tuple(pile),
        stock_size=20,
        own_turn=2,
        totals=(0, 0),
    )
    bot = GreedyBot(random.Random(1))
    bot.new_game(rules)
    if not answer_any:  # the bot as it was: the fixed knock_at of 10
        bot.stakes = replace(bot.stakes, knock_any=False)
    bot.new_deal(rules.deals[0])
    return bot.choose(view)  # type: ignore[arg-type]


def test_where_any_deadwood_may_knock_the_greedy_bot_knocks_below_the_others_expected_hand():
    early = parse_cards("QH")
    action = _choice("knock-rummy", HAND, pile=early, other=10)
    assert action.kind == "knock" and format_card(action.card) == "KD"
    # Gin's limit of 10 lists no such knock; the bot before this rule discarded.
    assert _choice("gin", HAND, pile=early, other=10).kind == "discard"
    assert _choice("knock-rummy", HAND, pile=early, other=10, answer_any=False).kind == "discard"


def _seen_all_but(other: str) -> list[int]:
    """A discard pile holding every card but HAND's and ``other``'s: the cards
    the bot has not seen are then exactly the other hand."""
    held = set(parse_cards(HAND)) | set(parse_cards(other))
    return [face for face in range(52) if face not in held]


def test_the_expected_other_hand_is_the_other_hand_when_every_other_card_is_seen():
    """Oracle: with every other card seen, each deal of the unseen cards is the
    other hand itself, so the bot knocks exactly when its 14 is below that
    hand's least deadwood."""
    rules = compile_rules(load_variant("knock-rummy"), 2)
    knocked = {}
    for other in ("3H 4H 10C JC QC KC 8S 9S 10S JS", "3H 7H 10C 10H QC KC 5S 9S 6C JS"):
        theirs = min_deadwood(parse_cards(other), rules.melds, rules.card_values)
        action = _choice("knock-rummy", HAND, pile=_seen_all_but(other), other=10)
        knocked[theirs] = action.kind == "knock"
    assert knocked == {7: False, 80: True}
