"""A deal's score in parts (``DealResult.parts``) adds up to the score, and the
deal-end report shows it side by side."""

from __future__ import annotations

import random
import re

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.render.table_words import deal_result_lines
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.spec.registry import shipped_variants

#: Long: score parts over simulated deals: the long run (CI).
pytestmark = pytest.mark.long


def _played(variant: str, players: int, seed: int = 1, bot: str = "random") -> GameState:
    state = GameState(compile_rules(load_variant(variant), players), seed=seed)
    bots = [make_bot(bot, random.Random(seed * 10 + i)) for i in range(players)]
    play_game(state, bots, max_actions=1500)
    return state


@pytest.mark.parametrize("shipped", shipped_variants(), ids=lambda s: s.id)
def test_each_seat_s_parts_add_up_to_its_score(shipped):
    spec = load_variant(shipped.path)
    players = max(2, min(4, spec.players.max), spec.players.min)
    state = _played(str(shipped.path), players)
    play = state.rules.play
    together = play.teams and play.team_scoring
    for result in state.results:
        for seat in range(players):
            mine = [
                points
                for s, _, points in result.parts
                if (state.team[s] == state.team[seat] if together else s == seat)
            ]
            assert sum(mine) == result.scores[seat], (result.deal, seat, result.parts)


@pytest.mark.parametrize("variant", ["canasta", "buraco", "hand-and-foot"])
def test_the_deal_end_report_gives_each_side_s_parts_and_their_sum(variant):
    state = _played(variant, 4, seed=2, bot="greedy")
    lines = deal_result_lines(state, 0)
    first = lines.index("How the deal scored:")
    sides = lines[first + 1 : first + 3]
    result = state.results[0]
    for line in sides:
        who, _, rest = line.strip().partition(": ")
        seat = int(who.split()[0][1:]) - 1
        parts, _, total = rest.rpartition(" = ")
        numbers = [int(n) for n in re.findall(r"[+-]\d+", parts)]
        assert sum(numbers) == int(total) == result.scores[seat], line
