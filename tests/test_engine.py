"""The state machine, rule by rule, with stacked decks."""

from __future__ import annotations

import dataclasses

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_card
from rummy_rules.engine import ActionError, GameState, parse_action
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.view import SeatView, live_seat_view, seat_view
from rummy_rules.sim.bots import play_game

from .engine_helpers import act, stacked_state, texts


def legal_texts(state):
    return [str(a) for a in state.legal_actions()]


HANDS_CONTRACT = {
    1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS",
    2: "3C 3D 5S 6S 8H 8C JD JH 10C AS",
}


def contract_state(**kw):
    kw.setdefault("upcard", "KC")
    kw.setdefault("stock", ("5D", "6D", "2H", "3H"))
    return stacked_state("contract", 4, HANDS_CONTRACT, **kw)


def test_each_player_is_dealt_the_scheduled_cards_and_an_upcard_starts_the_discards():
    state = contract_state()
    assert [len(state.hand(s)) for s in range(4)] == [10, 10, 10, 10]
    assert [state.faces[c] for c in state.discard_pile] == [parse_card("KC")]
    assert state.current == 1 and state.phase == "draw"


def test_player_in_turn_may_take_the_top_discard_free():
    state = contract_state()
    act(state, "take KC")
    assert parse_card("KC") in state.hand(1)
    assert state.phase == "play"


def test_drawing_from_the_stock_opens_the_buy_window_in_turn_order():
    state = contract_state()
    act(state, "draw")
    assert state.phase == "buy"
    # seat 0 dealt the upcard? No: the upcard has no discarder, so everyone but p2 may buy.
    assert state.to_move == 2


def test_buyer_takes_the_discard_and_a_penalty_card_from_the_stock():
    state = contract_state()
    act(state, "draw")  # p2 draws 5D
    act(state, "buy")  # p3 buys KC and takes 6D as the penalty card
    assert parse_card("KC") in state.hand(2) and parse_card("6D") in state.hand(2)
    assert len(state.hand(2)) == 12
    assert state.phase == "play" and state.current == 1


def test_a_pass_moves_the_buy_offer_to_the_next_player():
    state = contract_state()
    act(state, "draw")
    act(state, "pass")
    assert state.to_move == 3
    act(state, "pass")
    act(state, "pass")
    assert state.phase == "play"


def test_discarder_may_not_buy_back_their_own_discard():
    state = contract_state()
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    act(state, "discard QS")
    act(state, "draw")  # p3 declines QS, discarded by p2
    assert state.phase == "buy"
    queue = []
    while state.phase == "buy":
        queue.append(state.to_move)
        act(state, "pass")
    assert 1 not in queue


def test_going_down_needs_exactly_the_contract():
    state = contract_state()
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    with pytest.raises(ActionError, match="do not make the contract"):
        act(state, "down 7H 7S 7D")
    act(state, "down 7H 7S 7D / 9C 9S 9D")
    assert state.is_down(1)


def test_lay_off_is_not_allowed_on_the_turn_of_going_down():
    state = contract_state()
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    act(state, "down 7H 7S 7D / 9C 9S 9D")
    with pytest.raises(ActionError, match="turn after going down"):
        act(state, "layoff 5D@1")


def test_illegal_action_leaves_the_state_unchanged():
    state = contract_state()
    before = state.clone()
    with pytest.raises(ActionError) as info:
        act(state, "discard AS")
    assert "draw first" in info.value.reason
    assert state.hand(1) == before.hand(1)
    assert state.log == before.log and state.phase == before.phase


def test_discard_ends_the_turn_and_passes_it_on():
    state = contract_state()
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    act(state, "discard KD")
    assert state.current == 2 and state.phase == "draw"
    assert state.faces[state.discard_pile[-1]] == parse_card("KD")


def test_cards_are_conserved_through_a_turn():
    state = contract_state()
    every = sorted(range(state.rules.pack.size))
    for text in ("draw", "buy", "down 7H 7S 7D / 9C 9S 9D", "discard KD"):
        act(state, text)
        assert sorted(state.all_cards()) == every


def test_views_show_only_the_seats_own_hand():
    state = contract_state()
    view = seat_view(state, 2)
    assert list(view.hand) == state.hand(2)
    assert view.hand_sizes == (10, 10, 10, 10)
    assert not hasattr(view, "hands")
    assert view.legal == ()  # not p3's move
    assert seat_view(state, 1).legal


def test_a_live_view_shows_what_the_eager_view_shows_and_cannot_be_changed():
    state = contract_state()
    for seat in range(4):
        live, eager = live_seat_view(state, seat), seat_view(state, seat)
        assert isinstance(live, SeatView)
        for field in dataclasses.fields(SeatView):
            assert getattr(live, field.name) == getattr(eager, field.name), field.name
    live = live_seat_view(state, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        live.hand = ()  # type: ignore[misc]
    assert not hasattr(live, "hands")


def test_play_game_hands_live_views_only_to_bots_that_ask_for_them():
    class Recorder:
        def __init__(self, live):
            self.live_view = live
            self.views = []

        def choose(self, view):
            self.views.append(view)
            return view.legal[0]

    eager, live = Recorder(False), Recorder(True)
    play_game(contract_state(), [eager, live, eager, live], max_actions=12)
    assert all(type(v) is SeatView for v in eager.views)
    assert live.views and all(type(v) is not SeatView for v in live.views)
    # An eager view is a copy: it still shows the game as it was once play moved on.
    first = eager.views[0]
    assert first.legal and first.to_move == first.seat


def final_deal_state():
    """A one-deal Contract Rummy whose only deal is the all-out final deal."""
    final = (
        "deals=[{cards: 12, contract: [{type: run, size: 4}, {type: run, size: 4}, "
        "{type: run, size: 4}], all_out: true}]"
    )
    hands = {1: "3H 4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C"}
    return stacked_state("contract", 4, hands, upcard="KD", stock=("5C",), overrides=[final])


def test_final_deal_requires_going_out_without_discard():
    state = final_deal_state()
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    with pytest.raises(ActionError, match="every card at once"):
        act(state, "down 3H 4H 5H 6H / 8S 9S 10S JS / 2C 3C 4C 5C")
    act(state, "down 3H 4H 5H 6H 7H / 8S 9S 10S JS / 2C 3C 4C 5C")
    assert state.results[0].reason == "out" and state.results[0].went_out == 1
    assert state.results[0].scores[1] == 0


def test_penalty_scoring_counts_the_cards_left_in_hand():
    state = final_deal_state()
    others = [sum(state.value(f) for f in state.hand(s)) for s in (0, 2, 3)]
    act(state, "draw")
    for _ in range(3):
        act(state, "pass")
    act(state, "down 3H 4H 5H 6H 7H / 8S 9S 10S JS / 2C 3C 4C 5C")
    scores = state.results[0].scores
    assert [scores[0], scores[2], scores[3]] == others
    assert state.is_terminal()
    assert state.winners() == [1]


def test_single_card_taken_from_the_discards_may_not_be_thrown_back():
    state = stacked_state(
        "contract-gamerules", 3, {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS"}, upcard="KC"
    )
    act(state, "take KC")
    with pytest.raises(ActionError, match="just took"):
        act(state, "discard KC")
    act(state, "discard KD")


def test_deep_discard_may_be_taken_only_to_meld_it_at_once():
    hands = {
        0: "2D 3S 4D 5H 6C 8D 10D JC QC KH",
        1: "7H 7S 7C 9S 9D 4H KD QS 5C 6D",
        2: "3C 3D 5S 6S 8H 8C JD JH 10C AS",
    }
    state = stacked_state("contract-gamerules", 3, hands, upcard="9C")
    act(state, "draw")
    act(state, "discard 4H")  # p2 covers the 9C
    assert "take 9C" not in legal_texts(state)  # p3 could not meld it
    act(state, "draw")
    act(state, "discard AS")
    act(state, "draw")
    act(state, "discard KH")
    # p2 again: 9C lies under 4H, AS and KH; with 9S 9D it makes a set
    assert "take 9C" in legal_texts(state)
    act(state, "take 9C")
    assert parse_card("KH") in state.hand(1) and parse_card("4H") in state.hand(1)
    with pytest.raises(ActionError, match="must be melded first"):
        act(state, "discard QS")
    act(state, "down 7H 7S 7C / 9C 9S 9D")
    act(state, "discard QS")


def test_legal_actions_are_sorted_and_all_legal():
    state = contract_state()
    for _ in range(30):
        actions = state.legal_actions()
        assert [str(a) for a in actions] == sorted(str(a) for a in actions)
        assert all(state.is_legal(a) for a in actions)
        state.apply(actions[0])


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "take 7H",
        "buy",
        "pass",
        "down 7H 7S JK=7D / 3C 4C 5C 6C",
        "layoff 5S@2",
        "layoff JK=9H@1",
        "exchange 7H@3",
        "discard QC",
    ],
)
def test_action_notation_round_trips(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    "text", ["", "jump", "take", "take 11H", "layoff 5S", "layoff 5S@0", "draw 7H"]
)
def test_bad_action_text_is_an_error(text):
    with pytest.raises(ValueError):
        parse_action(text)


def pass_all(state):
    while state.phase == "buy":
        act(state, "pass")


def test_buy_limit_per_deal_stops_further_buys():
    # Shanghai: at most two buys per player per deal; seat 2 buys whenever asked.
    state = stacked_state("shanghai", 4, {}, upcard="KC")
    buyer = 2
    asked_after_limit = []
    for _ in range(24):
        act(state, "draw")
        while state.phase == "buy":
            if state.to_move == buyer:
                if state.game.deal.buys[buyer] >= 2:
                    asked_after_limit.append(state.turn)
                act(state, "buy")
            else:
                act(state, "pass")
        act(state, f"discard {_first_discardable(state)}")
    assert state.game.deal.buys[buyer] == 2
    assert asked_after_limit == []


def _first_discardable(state):
    from rummy_rules.cards import format_card

    for action in state.legal_actions():
        if action.kind == "discard":
            return format_card(action.card)
    raise AssertionError("no discard")


def test_buyers_are_asked_from_the_dealers_left_when_the_variant_says_so():
    # shanghai-10: the buyer closest to the dealer's left has precedence.
    state = stacked_state("shanghai-10", 4, {}, upcard="KC", dealer=0)
    act(state, "draw")  # p2 (seat 1) is in turn
    asked = []
    while state.phase == "buy":
        asked.append(state.to_move)
        act(state, "pass")
    assert asked == [2, 3, 0]  # seat 1 is in turn; dealer's left is seat 1, then 2, 3, 0


def test_nearest_in_turn_order_is_asked_first():
    state = contract_state(dealer=2)
    act(state, "draw")  # seat 3 is in turn (left of dealer 2)
    asked = []
    while state.phase == "buy":
        asked.append(state.to_move)
        act(state, "pass")
    assert asked == [0, 1, 2]


def test_stock_exhaustion_reshuffles_the_discards_keeping_the_top_card():
    state = contract_state()
    deal = state.game.deal
    # empty the stock into the discard pile by hand, keeping the pile's top
    while len(deal.stock) > 0:
        deal.discard.insert(0, deal.stock.pop())
    top = deal.discard[-1]
    act(state, "draw")
    assert state.discard_pile == [top]
    assert len(state.stock) > 0
    assert any("reshuffle" in entry for entry in state.log)


def test_with_meldable_discards_only_every_player_passing_in_a_row_ends_the_deal():
    # Persian's rulebook: "otherwise they pass, and when every player has
    # passed in a row the deal ends and is scored as it stands."
    from rummy_rules.engine.dealing import stock_closed

    state = GameState(compile_rules(load_variant("persian"), 4), seed=5)
    deal = state.game.deal
    deal.stock.clear()
    assert stock_closed(state.game)
    for _ in range(4):
        assert not state.results and "pass" in texts(state)
        act(state, "pass")
    (result,) = state.results
    assert result.reason == "stock" and result.went_out is None


def test_stock_exhaustion_ends_the_deal_when_the_variant_says_so():
    state = contract_state(overrides=["stock_exhausted.action=end_deal"])
    deal = state.game.deal
    while deal.stock:
        deal.discard.insert(0, deal.stock.pop())
    act(state, "draw")
    assert state.results[0].reason == "stock"
    assert state.deal_index == 1


def joker_run_table():
    """contract-gamerules with a runs deal: p2 has gone down with 5H JK=6H 7H 8H,
    and p3 (holding 6H) has just drawn on its first turn."""
    runs = "deals=[{cards: 10, contract: [{type: run, size: 3}, {type: run, size: 3}]}]"
    hands = {
        1: "5H JK 7H 8H 9S 10S JS 2C KD QS",
        2: "2D 3D 4D 9C 10C JC 6H KS QH 3S",
    }
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[runs])
    act(state, "draw")
    act(state, "down 5H JK=6H 7H 8H / 9S 10S JS")
    act(state, "discard KD")
    act(state, "draw")
    return state


def go_down_and_wait_a_round(state):
    """p3 goes down, then p1 and p2 draw and discard: p3 is next, down since an earlier turn."""
    act(state, "down 2D 3D 4D / 9C 10C JC")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")


def test_joker_exchange_from_a_run_by_a_player_down_before_this_turn():
    state = joker_run_table()
    with pytest.raises(ActionError, match="went down on an earlier turn"):
        act(state, "exchange 6H@1")
    go_down_and_wait_a_round(state)
    act(state, "draw")  # seat 2, down since an earlier turn
    act(state, "exchange 6H@1")
    assert state.melds[0].stands_for == [parse_card(f) for f in "5H 6H 7H 8H".split()]
    assert parse_card("JK") in state.hand(2)
    with pytest.raises(ActionError, match="freed wild JK must be melded this turn"):
        act(state, "discard QH")
    act(state, "layoff JK=5D@3")
    assert parse_card("JK") not in state.hand(2)


def test_jokers_in_sets_are_not_exchanged_where_only_runs_give_them_up():
    sets = "deals=[{cards: 10, contract: [{type: set, size: 3}, {type: set, size: 3}]}]"
    hands = {1: "7H 7S JK 9S 9D 9C 2C KD QS 4H", 2: "7D 3D 3C 3S 5C 5D 5S 6H QH KS"}
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[sets])
    act(state, "draw")
    act(state, "down 7H 7S JK=7C / 9S 9D 9C")
    act(state, "discard KD")
    act(state, "draw")
    act(state, "down 3D 3C 3S / 5C 5D 5S")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")
    act(state, "draw")
    with pytest.raises(ActionError, match="only from runs"):
        act(state, "exchange 7C@1")


def test_exact_cut_bonus_takes_fifty_off_the_cutters_score():
    from rummy_rules import load_variant
    from rummy_rules.engine import GameState, ScriptedChance
    from rummy_rules.engine.rules import compile_rules

    rules = compile_rules(load_variant("liverpool"), 4)
    exact = 4 * 10 + 1
    state = GameState(rules, chance=ScriptedChance(first_dealer=0, cuts={0: exact}))
    assert state.game.deal.exact_cut and state.game.deal.cutter == 3  # the dealer's right
    state2 = GameState(rules, chance=ScriptedChance(first_dealer=0, cuts={0: exact + 1}))
    assert not state2.game.deal.exact_cut


def test_a_deal_with_no_play_through_two_rebuilt_stocks_is_blocked():
    state = contract_state()
    deal = state.game.deal
    deal.rebuilt_without_play = 2  # the stock has been rebuilt twice with no meld or lay-off
    while deal.stock:
        deal.discard.insert(0, deal.stock.pop())
    act(state, "draw")
    assert state.results[0].reason == "blocked"


def test_a_deal_rebuilt_once_with_no_play_is_rebuilt_again_not_blocked():
    """blocked_after: 2 stops the deal when the stock runs out after two rebuilds,
    as the rulebook says, not at the second rebuild."""
    state = contract_state()
    deal = state.game.deal
    deal.rebuilt_without_play = 1
    while deal.stock:
        deal.discard.insert(0, deal.stock.pop())
    act(state, "draw")
    assert not state.results and state.game.deal.rebuilt_without_play == 2


def test_a_lay_off_or_going_down_resets_the_blocked_count():
    state = contract_state()
    state.game.deal.rebuilt_without_play = 2
    act(state, "draw")
    pass_all(state)
    act(state, "down 7H 7S 7D / 9C 9S 9D")
    assert state.game.deal.rebuilt_without_play == 0


def test_an_exchange_that_would_leave_no_card_to_discard_is_illegal():
    # Found by the conformance run: after taking back a joker that must be used
    # at once, the only card left was the one just taken from the discards.
    state = joker_run_table()
    go_down_and_wait_a_round(state)
    deal = state.game.deal
    top = deal.discard[-1]
    act(state, f"take {format_card(state.faces[top])}")  # seat 2 takes a single discard
    # leave seat 2 holding only the natural 6H and the card just taken
    six = next(c for c in deal.hands[2] if state.faces[c] == parse_card("6H"))
    deal.hands[2] = [six, top]
    with pytest.raises(ActionError, match="could not be used this turn"):
        act(state, "exchange 6H@1")


def test_a_trial_copy_of_the_deal_shares_nothing_it_could_change():
    # Moves are tried on copies (``Game.trial``); a copy that shared a list with
    # the game would let a trial change the real deal.
    import dataclasses

    state = contract_state()
    act(state, "draw")
    pass_all(state)
    act(state, "down 7H 7S 7D / 9C 9S 9D")
    deal = state.game.deal
    copied = deal.copy()
    for field in dataclasses.fields(deal):
        value, twin = getattr(deal, field.name), getattr(copied, field.name)
        assert twin == value, field.name
        if isinstance(value, list):
            assert twin is not value, field.name
    for meld, twin in zip(deal.melds, copied.melds, strict=True):
        assert twin is not meld
        # (``fits`` is shared on purpose: a meld that changes gets a new one.)
        for part in ("cards", "stands_for", "laid_by"):
            assert getattr(twin, part) is not getattr(meld, part), part
    hand, pile = state.hand(state.current), state.discard_pile
    from rummy_rules.engine.discarding import apply_discard

    trial = state.game.trial()
    apply_discard(trial, trial.faces[trial.deal.hands[trial.deal.current][0]])
    assert trial.deal.discard != state.game.deal.discard
    assert state.hand(state.current) == hand and state.discard_pile == pile
    assert state.phase == "play"


def _last_stock_card(state):
    """Leave one card in the stock: the others go under the discard pile's top card."""
    d = state.game.deal
    d.discard[:0] = d.stock[:-1]
    del d.stock[:-1]


def test_a_buy_is_not_offered_when_nothing_can_pay_the_penalty_card():
    # buying.cost.short_stock: no_buy. The stock cannot be rebuilt (end_deal),
    # and the player in turn takes its last card: a buyer could not pay.
    state = contract_state(overrides=["stock_exhausted.action=end_deal"])
    _last_stock_card(state)
    act(state, "draw")
    assert state.phase == "play"


def test_a_buy_is_offered_when_the_rebuilt_stock_can_pay():
    state = contract_state()  # reshuffle_keep_top: the discards under the top pay
    _last_stock_card(state)
    act(state, "draw")
    assert state.phase == "buy"
    buyer = state.to_move
    size = len(state.hand(buyer))
    act(state, "buy")
    assert len(state.hand(buyer)) == size + 2


def test_a_buyer_takes_what_is_left_when_the_rules_say_so():
    overrides = ["stock_exhausted.action=end_deal", "buying.cost.short_stock=pay_what_is_left"]
    state = contract_state(overrides=overrides)
    _last_stock_card(state)
    act(state, "draw")
    assert state.phase == "buy"
    buyer = state.to_move
    size = len(state.hand(buyer))
    act(state, "buy")
    assert len(state.hand(buyer)) == size + 1
