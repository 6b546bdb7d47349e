"""The player in turn's right over a buy, and a buyer who discards at once
(``buying.current_player``, ``buying.buyer_discards``), one scenario per rule.

Contract, four players, stacked: p2 draws 5D from the stock (declining KC),
and p3 is the first asked whether to buy KC; the next stock cards are 6D, 2H.
"""

from __future__ import annotations

from rummy_rules.cards import format_card, parse_card

from .engine_helpers import act, texts
from .test_engine import contract_state


def asked(*overrides):
    state = contract_state(overrides=list(overrides))
    act(state, "draw")  # p2 draws 5D
    assert state.phase == "buy" and state.to_move == 2
    return state


def test_free_priority_a_buy_needs_no_leave():
    state = asked()
    act(state, "buy")
    assert state.phase == "play" and state.to_move == 1
    assert parse_card("KC") in state.hand(2)


def test_the_player_in_turn_may_veto_a_buy():
    state = asked("buying.current_player=veto")
    hand = state.hand(2)
    act(state, "buy")
    assert state.to_move == 1 and texts(state) == ["allow", "veto"]
    act(state, "veto")
    assert state.hand(2) == hand and state.phase == "play"
    assert format_card(state.faces[state.discard_pile[-1]]) == "KC"
    allowed = asked("buying.current_player=veto")
    act(allowed, "buy")
    act(allowed, "allow")
    assert parse_card("KC") in allowed.hand(2) and len(allowed.hand(2)) == 12


def test_the_player_in_turn_may_hand_their_drawn_card_to_the_buyer():
    state = asked("buying.current_player=may_give_draw")
    act(state, "buy")
    assert texts(state) == ["give", "keep"]
    act(state, "give")
    assert parse_card("5D") in state.hand(2) and parse_card("KC") in state.hand(2)
    assert parse_card("5D") not in state.hand(1) and parse_card("6D") in state.hand(1)
    assert len(state.hand(1)) == 11 and len(state.hand(2)) == 12
    kept = asked("buying.current_player=may_give_draw")
    act(kept, "buy")
    act(kept, "keep")
    assert parse_card("5D") in kept.hand(1) and parse_card("6D") in kept.hand(2)


def test_a_buyer_who_discards_at_once_keeps_only_the_penalty_cards_extra():
    state = asked("buying.buyer_discards=true")
    act(state, "buy")
    assert state.phase == "buy" and state.to_move == 2
    assert all(t.startswith("discard") for t in texts(state))
    assert "discard KC" not in texts(state)
    card = texts(state)[0].split()[1]
    act(state, f"discard {card}")
    assert len(state.hand(2)) == 11 and state.phase == "play" and state.to_move == 1
    assert format_card(state.faces[state.discard_pile[-1]]) == card
