"""The knock play's shortcuts choose exactly what the plain search chooses.

The greedy and tuned bots in knock games, and the engine's list of knocks,
skip discards that cannot win: the least deadwood after discarding a card is
at least the whole hand's least deadwood less that card's value. Each is
checked here against the plain version (every discard tried, ``min`` over
them) on random hands of Gin Rummy and of Knock Rummy with wild cards.
"""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.actions import Action
from rummy_rules.engine.deadwood import best_layout, knock_discards
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots.knock_play import _after_discard, _best_discard, _Counting


def _counting(variant: str) -> _Counting:
    rules = compile_rules(load_variant(variant), 2)
    deal = rules.deals[0]
    assert deal.knock_melds is not None
    return _Counting(deal.knock_melds, deal.knock_values, deal.wild_faces, (0, 0))


def _hands(count: _Counting, n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    pack = list(range(52)) * 2 + [52, 52]  # two decks and jokers: repeats and wilds
    return [rng.sample(pack, size) for _ in range(n)]


@pytest.mark.parametrize("variant", ["gin", "knock-rummy"])
@pytest.mark.parametrize("partial", [0, 1, 3])
def test_the_best_discard_is_the_one_min_picks(variant, partial):
    count = _counting(variant)
    for hand in _hands(count, 150, 11, seed=partial):
        discards = [Action("discard", card=f) for f in sorted(set(hand))]
        plain = min(discards, key=lambda a: _after_discard(a.card, hand, count, partial))
        assert _best_discard(discards, hand, count, partial) is plain, hand


@pytest.mark.parametrize("variant", ["gin", "knock-rummy"])
def test_the_knocks_listed_are_every_discard_within_the_limit(variant):
    count = _counting(variant)
    for limit in (0, 5, 10, 25):
        for hand in _hands(count, 80, 11, seed=limit):
            plain = []
            for face in sorted(set(hand)):
                rest = list(hand)
                rest.remove(face)
                layout = best_layout(rest, count.rules, count.values, count.wilds)
                if layout.meets and layout.value <= limit:
                    plain.append(face)
            assert knock_discards(hand, count.rules, count.values, limit, count.wilds) == plain
