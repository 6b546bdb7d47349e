"""The player in turn's right over a buy, and a buyer who discards at once
(``buying.current_player``, ``buying.buyer_discards``), one scenario per rule.

Contract, four players, stacked: p2 draws 5D from the stock (declining KC),
and p3 is the first asked whether to buy KC; the next stock cards are 6D, 2H.
"""

from __future__ import annotations

from rummy_rules.cards import format_card, parse_card

from .engine_helpers import act, stacked_state, texts, why
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


def test_a_buyer_who_need_not_wait_melds_at_once_then_the_player_in_turn_goes_on():
    hands = {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS", 2: "KH KS 3C 3D 3S 8H 8C JD 10C AS"}
    over = ["buying.buyer_waits_for_turn=false"]
    state = stacked_state(
        "contract", 4, hands, upcard="KC", stock=("5D", "6D", "2H"), overrides=over
    )
    act(state, "draw")
    act(state, "buy")  # p3 buys KC and 6D
    assert state.phase == "play" and state.to_move == 2 and state.current == 2
    legal = texts(state)
    assert "end" in legal and not [t for t in legal if t.startswith("discard")]
    assert "discard at your own turn" in why(state, "discard AS")
    act(state, "down 3C 3D 3S / KC KH KS")
    assert state.is_down(2)
    act(state, "end")
    # p2, who drew 5D, goes on with the turn.
    assert state.current == 1 and state.to_move == 1 and state.phase == "play"
    assert why(state, "discard QS") is None


def test_a_buyer_waits_for_their_turn_to_meld_by_default():
    hands = {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS", 2: "KH KS 3C 3D 3S 8H 8C JD 10C AS"}
    state = stacked_state("contract", 4, hands, upcard="KC", stock=("5D", "6D", "2H"))
    act(state, "draw")
    act(state, "buy")
    assert state.to_move == 1 and not state.is_down(2)


def test_buys_before_the_next_draw_come_before_the_player_in_turn_draws_their_card():
    # buying.window until_next_draw: "say Buy before the next player draws" (Wikipedia
    # Shanghai), so the buyer's penalty card is the top of the stock, and the
    # player in turn draws the card under it once the window closes.
    state = asked("buying.window=until_next_draw")
    assert len(state.hand(1)) == 10  # p2 has chosen the stock but not drawn yet
    act(state, "buy")
    assert parse_card("KC") in state.hand(2) and parse_card("5D") in state.hand(2)
    assert parse_card("6D") in state.hand(1) and parse_card("5D") not in state.hand(1)
    assert state.phase == "play" and state.to_move == 1 and len(state.hand(1)) == 11
    # Nobody buys: the player in turn draws the top card after the last pass.
    passed = asked("buying.window=until_next_draw")
    while passed.phase == "buy":
        act(passed, "pass")
    assert parse_card("5D") in passed.hand(1) and len(passed.hand(1)) == 11


def test_may_give_draw_cannot_be_played_when_buys_come_before_the_draw():
    from .test_checks import errors

    found = errors("buying.current_player=may_give_draw", "buying.window=until_next_draw")
    assert any("may_give_draw" in e and "until_next_draw" in e for e in found), found


def test_a_block_call_draws_from_the_stock_and_nobody_may_buy_the_discard():
    # buying.block_call: S000's Shanghai, where calling "Shanghai" blocks buying.
    state = contract_state(overrides=["buying.block_call=true"])
    assert "block" in texts(state)
    act(state, "block")  # p2 draws 5D; no buy window opens
    assert state.phase == "play" and state.to_move == 1
    assert parse_card("5D") in state.hand(1)
    assert format_card(state.faces[state.discard_pile[-1]]) == "KC"
    plain = contract_state()
    assert "block" not in texts(plain)
    assert why(plain, "block") == "there is no block call in this variant"


def test_a_buy_before_the_draw_is_offered_only_if_the_stock_also_holds_the_drawers_card():
    # short_stock: no_buy with until_next_draw: the last stock card is the
    # drawer's, so nobody may buy with it (the buyer's penalty would leave
    # the player in turn nothing to draw).
    state = contract_state(overrides=["buying.window=until_next_draw"])
    del state.game.deal.stock[:-1]  # one card left: 5D
    act(state, "draw")
    assert state.phase == "play" and state.to_move == 1
    assert parse_card("5D") in state.hand(1)
    two = contract_state(overrides=["buying.window=until_next_draw"])
    del two.game.deal.stock[:-2]  # two cards: the penalty and the draw
    act(two, "draw")
    assert two.phase == "buy"


def test_a_buy_limit_reached_is_counted_where_it_withholds_the_offer():
    # A designer asks whether a limit ever came into play: the engine counts
    # each buy offer a limit withholds, under the limit's own key.
    free = asked()
    offered = len(free.game.deal.buy_queue)
    assert offered > 1 and free.limits_bound == {}
    for key in ("buying.limits.per_deal", "buying.limits.per_game", "deals.1.buy_limit"):
        state = contract_state(overrides=[f"{key}=0"])
        act(state, "draw")  # p2 draws 5D: nobody may buy KC
        assert state.phase == "play" and state.to_move == 1, key
        assert state.limits_bound == {key: offered}, key
    # A limit not reached withholds nothing.
    state = asked("buying.limits.per_deal=1")
    assert state.limits_bound == {}
    act(state, "buy")
    assert state.limits_bound == {}
