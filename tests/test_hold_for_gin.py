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


GIN = Stakes.of(RULES.play)


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
