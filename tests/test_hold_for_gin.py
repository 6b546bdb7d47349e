"""Holding on for gin: the greedy bot in a knock game discards instead of
knocking when the chance of gin at its next draw, times what gin is worth
more than the knock, beats the chance the other player ends the hand first,
times what the knock would have won and the hand would then lose — the hand's
worth counting the gin bonus, the boxes and, where it reaches the target,
the game bonus (rummy_rules.sim.bots.knock_play.holds_for_gin)."""

from __future__ import annotations

import dataclasses

from rummy_rules import load_variant
from rummy_rules.cards import parse_card
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.view import seat_view
from rummy_rules.sim.bots.knock_play import Stakes, _Counting, holds_for_gin

RULES = compile_rules(load_variant("gin"), 2)
#: Melds 5C 6C 7C, 8D 8H 8S, JH QH KH; AS left over; 9S to discard: a knock
#: with 1 point, and gin at a draw of 4C, 8C or 10H (then AS goes).
HAND = [parse_card(c) for c in "5C 6C 7C 8D 8H 8S JH QH KH AS 9S".split()]
DISCARD = parse_card("9S")


def _holds(stakes: Stakes, totals: tuple[int, int] = (0, 0), turn: int = 1) -> bool:
    view = dataclasses.replace(
        seat_view(GameState(RULES, seed=1), 0),
        hand=tuple(HAND),
        discard_pile=(parse_card("2D"),),
        own_turn=turn,
        totals=totals,
        stock_size=30,
    )
    count = _Counting(RULES.melds, RULES.card_values, RULES.deals[0].wild_faces, (0, 0))
    return holds_for_gin(view, HAND, count, DISCARD, 1, stakes)


GIN = Stakes.of(RULES.play, RULES.pack)


def test_gin_s_own_stakes_knock_with_one_point_and_three_outs():
    assert (GIN.gin, GIN.box, GIN.target, GIN.game) == (25, 25, 100, 100)
    assert not _holds(GIN)


def test_a_bigger_gin_bonus_holds_on_for_gin():
    assert _holds(dataclasses.replace(GIN, gin=50))


def test_two_boxes_for_gin_hold_on_for_gin_too():
    assert _holds(dataclasses.replace(GIN, gin_boxes=2))


def test_a_knock_that_reaches_the_target_is_taken():
    assert not _holds(dataclasses.replace(GIN, gin=50), totals=(90, 50))


def test_later_in_the_hand_the_other_player_s_knock_is_likelier_and_the_bot_knocks():
    assert not _holds(dataclasses.replace(GIN, gin=50), turn=8)


def test_a_gin_is_never_held():
    view = seat_view(GameState(RULES, seed=1), 0)
    count = _Counting(RULES.melds, RULES.card_values, RULES.deals[0].wild_faces, (0, 0))
    assert not holds_for_gin(view, HAND, count, DISCARD, 0, dataclasses.replace(GIN, gin=500))


def test_play_tells_its_bots_the_game_s_stakes():
    """`play` (a session) tells each bot the game's rules before its first move,
    as play_game does: the greedy bot then knows Gin's stakes."""
    from rummy_rules.sim.session import PlaySession

    session = PlaySession(load_variant("gin"), players=2, seat=0, bots=["greedy"], seed=3)
    while session.my_turn():
        session.play(session.legal()[0])
    for _move in session.bot_moves():
        pass
    assert session.bots[1].stakes == GIN


def test_the_greedy_bot_knocks_up_to_a_house_limit_above_ten():
    """deadwood_limit: 11 (a house's): the greedy bot, told the game, knocks
    with 11 where the standard limit keeps it waiting (the audit's
    deadwood_limit 10 → 11 now changes play)."""
    import random

    from rummy_rules import load_variant
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.state import GameState
    from rummy_rules.sim.bots import make_bot, play_game
    from rummy_rules.sim.bots.knock_play import _knock_deadwood

    class Spy:
        """The greedy bot, noting the deadwood of each knock it makes."""

        def __init__(self, seed: int, seen: list[int]) -> None:
            self.bot = make_bot("greedy", random.Random(seed))
            self.seen = seen
            self.new_game = self.bot.new_game
            self.new_deal = self.bot.new_deal

        def choose(self, view):  # type: ignore[no-untyped-def]
            action = self.bot.choose(view)
            if action.kind == "knock":
                self.seen.append(_knock_deadwood(action, list(view.hand), self.bot.knock_values))
            return action

    def knocks(limit: str) -> list[int]:
        spec = load_variant("gin", [f"going_out.knock.deadwood_limit={limit}"])
        seen: list[int] = []
        for seed in range(12):
            state = GameState(compile_rules(spec, 2), seed=seed)
            play_game(state, [Spy(seed * 2 + i, seen) for i in range(2)])
        return seen

    assert max(knocks("10")) <= 10
    assert 11 in knocks("11")
