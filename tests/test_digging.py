"""The greedy bot digs into the discard pile where the rules allow it (Rummy 500)."""

from __future__ import annotations

import random

from rummy_rules import load_variant
from rummy_rules.cards import parse_card
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.actions import Action
from rummy_rules.engine.view import seat_view
from rummy_rules.sim.bots import make_bot
from rummy_rules.sim.bots.digging import DIG_MOST, dig


def _pile(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_the_shallowest_card_below_the_top_is_taken_with_at_most_four_cards():
    pile = _pile("2C 3C 4C 5C 6C 7C")  # 7C on top
    takes = [Action("take", card=parse_card(c)) for c in ("7C", "3C", "5C", "4C")]
    chosen = dig(takes, pile)
    assert chosen is not None and chosen.card == parse_card("5C")  # 3 cards: 5C 6C 7C
    assert dig([Action("take", card=parse_card("2C"))], pile) is None  # 6 cards
    assert DIG_MOST == 4
    assert dig([Action("take", card=parse_card("7C"))], pile) is None  # the top is no dig
    assert dig([Action("draw")], pile) is None


def test_in_rummy_500_the_greedy_bot_takes_cards_from_below_the_top():
    # Before, 0 of 4,613 takes in Rummy 500 were below the top.
    rules = compile_rules(load_variant("rummy-500"), 3)
    dug = 0
    for seed in range(3):
        state = GameState(rules, seed=seed)
        bots = [make_bot("greedy", random.Random(seed * 3 + i)) for i in range(3)]
        deal = -1
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.deal_index != deal:
                deal = state.deal_index
                for s, bot in enumerate(bots):
                    bot.new_deal(state.deal_rules_of(s))
            seat = state.to_move
            view = seat_view(state, seat)
            action = bots[seat].choose(view)
            if action.kind == "take" and action.card != view.discard_pile[-1]:
                dug += 1
            state.apply(action)
    assert dug > 0
