"""Rules beyond the contract family, one scenario per rule, with stacked decks.

Openings without a requirement or by minimum points, new melds and the
melds-per-turn limit, lay-off targets, conditions on taking the discard,
the three scoring models, multipliers, target-score and elimination games,
turning the discards over, and going out only by a discard.
"""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_card
from rummy_rules.engine import ActionError, GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, play_game
from rummy_rules.spec.playable import unsupported_by_engine

from .engine_helpers import act, stacked_state, texts, why

# -- basic rummy: no opening, one meld a turn, winner collects ----------------

RUMMY_HANDS = {
    1: "AH 2H 3H 4H 5H 6H 7H 8H 9H KC",
    0: "2C 3D 5S 7C 9D JS QD KH KS 4C",
}


def rummy(**kw):
    kw.setdefault("upcard", "QC")
    kw.setdefault("stock", ("10H", "JC", "8D"))
    return stacked_state("basic-rummy", 2, kw.pop("hands", RUMMY_HANDS), **kw)


def test_without_an_opening_requirement_a_meld_is_laid_down_directly():
    state = rummy()
    act(state, "draw")
    assert "there is no opening" in why(state, "down 7H 8H 9H")
    assert why(state, "meld 7H 8H 9H") is None
    assert any(a.kind == "meld" for a in state.legal_actions())
    act(state, "meld 7H 8H 9H")
    assert state.is_down(1) and len(state.melds) == 1


def test_at_most_one_new_meld_a_turn_where_the_variant_says_so():
    state = rummy()
    act(state, "draw")
    assert "at most 1 new meld" in why(state, "meld AH 2H 3H / 4H 5H 6H")
    act(state, "meld AH 2H 3H")
    assert "at most 1 new meld" in why(state, "meld 4H 5H 6H")
    assert not any(a.kind == "meld" for a in state.legal_actions())


def test_a_player_may_lay_off_before_melding_where_the_variant_allows():
    state = rummy(stock=("JC", "10H", "8D"))
    act(state, "draw")  # p2 draws JC
    act(state, "meld 7H 8H 9H")
    act(state, "discard KC")
    act(state, "draw")  # p1 draws 10H and lays it off without having melded
    assert not state.is_down(0)
    assert why(state, "layoff 10H@1") is None
    closed = rummy(stock=("JC", "10H", "8D"), overrides=["melding.lay_off.before_opening=false"])
    act(closed, "draw")
    act(closed, "meld 7H 8H 9H")
    act(closed, "discard KC")
    act(closed, "draw")
    assert why(closed, "layoff 10H@1") == "you may lay off only after going down"


def test_lay_off_only_on_own_melds_when_the_targets_are_own():
    state = rummy(stock=("JC", "10H", "8D"), overrides=["melding.lay_off.targets=own"])
    act(state, "draw")
    act(state, "meld 7H 8H 9H")
    act(state, "discard KC")
    act(state, "draw")
    assert why(state, "layoff 10H@1") == "you may lay off only on your own melds"


def test_the_winner_collects_what_the_others_hold():
    state = rummy(overrides=["melding.melds_per_turn=null"])
    act(state, "draw")  # 10H
    act(state, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    act(state, "discard KC")
    result = state.results[0]
    held = 2 + 3 + 5 + 7 + 9 + 10 + 10 + 10 + 10 + 4
    assert result.went_out == 1 and result.scores == (0, held)


def test_a_target_score_ends_the_game_once_reached():
    state = rummy(overrides=["melding.melds_per_turn=null", "game_end.target_score=50"])
    act(state, "draw")
    act(state, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    act(state, "discard KC")
    assert state.is_terminal() and state.winners() == [1]
    assert state.game_over_reason == "rules"
    again = rummy(overrides=["melding.melds_per_turn=null", "game_end.target_score=500"])
    act(again, "draw")
    act(again, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    act(again, "discard KC")
    assert not again.is_terminal() and again.deal_index == 1  # the deal repeats


def test_going_out_only_by_a_discard_keeps_a_card_back():
    state = rummy(overrides=["melding.melds_per_turn=null", "going_out.method=must_discard"])
    act(state, "draw")
    act(state, "discard KC")
    act(state, "draw")
    act(state, "discard 2C")
    act(state, "draw")  # p2 holds AH..9H 10H JC: melding all ten hearts leaves JC
    assert why(state, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H") is None


def test_melding_the_last_card_is_refused_when_going_out_must_be_a_discard():
    state = rummy(
        overrides=["melding.melds_per_turn=null", "going_out.method=must_discard"],
        stock=("10H", "JC", "8D"),
    )
    act(state, "draw")
    act(state, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    act(state, "discard KC")  # out by discarding: allowed
    assert state.results[0].went_out == 1
    other = rummy(
        overrides=["melding.melds_per_turn=null", "going_out.method=must_discard"],
        hands={1: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", 0: RUMMY_HANDS[0]},
        stock=("JH", "JC"),
    )
    act(other, "draw")  # JH: eleven hearts in a row
    assert "go out by discarding" in why(other, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH")


def test_turning_the_discards_over_makes_the_bottom_card_the_top_of_the_stock():
    spec = load_variant(
        "basic-rummy", ["stock_exhausted.blocked_after=null", "stock_exhausted.action=turn_over"]
    )
    rules = compile_rules(spec, 2)
    for seed in range(20):
        state = GameState(rules, seed=seed)
        bots = [RandomBot(random.Random(seed + s)) for s in range(2)]
        while not state.is_terminal():
            if state.phase == "draw" and not state.stock and len(state.discard_pile) > 1:
                pile = state.discard_pile
                deal = state.deal_index
                act(state, "draw")
                if state.deal_index == deal:
                    assert state.discard_pile == [pile[-1]]
                    # p drew the old bottom card; the next card down is the next one up.
                    assert state.stock == list(reversed(pile[1:-1]))
                    return
                continue
            from rummy_rules.engine.view import seat_view

            seat = state.to_move
            state.apply(bots[seat].choose(seat_view(state, seat)))
    pytest.fail("no game turned the discards over")


# -- rummy 500: melded minus hand, lay-offs score for the layer ----------------

R500 = {
    1: "AS 2S 3S 7D 7C 7H KD QD 9C 4H 5D 8S 10C",
    2: "8D 9D 10D 3C 4C 6H 2D JC JS 5C 6C 9H QS",
}


def r500(**kw):
    kw.setdefault("upcard", "KC")
    kw.setdefault("stock", ("JD", "QH", "2H", "3H"))
    return stacked_state("rummy-500", 2, kw.pop("hands", R500), **kw)


def test_melded_cards_score_and_an_ace_low_in_a_run_is_worth_one():
    hands = {
        1: "AS 2S 3S 7D 7C 7H KD KH KS 9C 9D 9H 4H",
        0: "2C 3D 5S 8C 10D JS QD 6H 6S 4C 5D 8D QC",
    }
    state = r500(hands=hands, stock=("4S", "JH"), overrides=["game_end.target_score=10000"])
    act(state, "draw")  # 4S
    act(state, "meld AS 2S 3S 4S")
    act(state, "meld 7D 7C 7H")
    act(state, "meld KD KH KS")
    act(state, "meld 9C 9D 9H")
    act(state, "discard 4H")
    result = state.results[0]
    assert result.went_out == 1
    assert result.scores[1] == (1 + 2 + 3 + 4) + 21 + 30 + 27
    held = 2 + 3 + 5 + 8 + 10 + 10 + 10 + 6 + 6 + 4 + 5 + 8 + 10
    assert result.scores[0] == -held


def test_cards_laid_off_score_for_the_player_who_laid_them():
    state = stacked_state(
        "rummy-500",
        2,
        {1: "AS 2S 3S 7D 7C 7H 8C", 0: "7S 4D 9H JC QS KH 6C"},
        upcard="KC",
        stock=("2C", "5H", "3D"),
        overrides=["game_end.target_score=10000"],
    )
    act(state, "draw")  # p2 draws 2C
    act(state, "meld AS 2S 3S")
    act(state, "meld 7D 7C 7H")
    act(state, "discard 8C")
    act(state, "draw")  # p1 draws 5H
    act(state, "layoff 7S@2")
    act(state, "discard KH")
    act(state, "draw")  # p2 draws 3D
    act(state, "discard 3D")
    # Play on by drawing and discarding until the stock runs out and the deal is scored.
    state2 = state.clone()
    while not state2.is_terminal() and state2.deal_index == 0:
        legal = state2.legal_actions()
        draw_or_discard = [a for a in legal if a.kind in ("draw", "discard", "pass")]
        state2.apply(sorted(draw_or_discard or legal, key=str)[0])
    result = state2.results[0]
    set_of_sevens = next(m for m in result.table if m.kind == "set")
    assert set_of_sevens.owner == 1 and set_of_sevens.laid_by.count(0) == 1
    # p2: A-2-3 of spades (1 + 2 + 3) and three sevens (21); p1: the laid-off 7S (7).
    held = [sum(min(10, (f % 13) + 1) if f % 13 else 15 for f in hand) for hand in result.left]
    assert result.scores[0] == 7 - held[0]
    assert result.scores[1] == 6 + 21 - held[1]


def test_four_of_a_kind_laid_at_once_scores_double_three_then_one_does_not():
    over = [
        "game_end.target_score=10000",
        "scoring.multipliers+={meld: four_of_a_kind_at_once, factor: 2}",
    ]
    hands = {1: "JS JH JD JC 4D 9H 2C", 0: "3C 5D 8H QC KH 6S 10D"}
    state = stacked_state("rummy-500", 2, hands, upcard="KC", stock=("2S",), overrides=over)
    act(state, "draw")
    act(state, "meld JS JH JD JC")
    assert state.melds[0].factor == 2
    three = stacked_state("rummy-500", 2, hands, upcard="KC", stock=("2S",), overrides=over)
    act(three, "draw")
    act(three, "meld JS JH JD")
    act(three, "layoff JC@1")
    assert three.melds[0].factor == 1


# -- kalooki: an opening of 40 points, taking the discard obliges opening -----

KALOOKI = {
    1: "KS KH KD 10C JC QC 7S 7H 2D 4C 5H 9S 3D",
    2: "AS 2S 3S 4D 4H 6C 8C 9D JD QH 5S 6D 8H",
}


def kalooki(**kw):
    kw.setdefault("upcard", "7D")
    kw.setdefault("stock", ("3C", "3H", "2H"))
    return stacked_state("kalooki", 4, kw.pop("hands", KALOOKI), **kw)


def test_an_opening_must_be_worth_the_minimum_points():
    state = kalooki()
    act(state, "draw")
    assert "at least 40" in why(state, "down KS KH KD")  # worth 30
    assert why(state, "down KS KH KD / 10C JC QC") is None  # worth 60
    down = next(a for a in state.legal_actions() if a.kind == "down")
    assert len(down.melds) >= 2


def test_a_wild_counts_as_the_card_it_stands_for_in_the_opening():
    state = kalooki(hands={**KALOOKI, 1: "KS KH JK 10C JC QC 7S 7H 2D 4C 5H 9S 3D"})
    act(state, "draw")
    assert why(state, "down KS KH JK=KD / 10C JC QC") is None


def test_taking_the_discard_obliges_the_player_to_open():
    state = kalooki()
    assert why(state, "take 7D") is None  # 7S 7H 7D + KKK + 10-J-Q
    act(state, "take 7D")
    assert why(state, "discard 9S") == "you took the discard, so you must open (go down) first"
    assert [a.kind for a in state.legal_actions()] == ["down"]
    act(state, str(state.legal_actions()[0]))
    assert state.is_down(1)


def test_the_discard_may_not_be_taken_by_a_player_who_could_not_then_open():
    state = kalooki(hands={**KALOOKI, 1: "KS 2H 9D 10C 3C QC 7S 6H 2D 4C 5H 9S 3D"})
    assert "obliges you to open" in why(state, "take 7D")


def test_no_laying_off_before_opening_in_kalooki():
    state = kalooki()
    act(state, "draw")
    act(state, "down KS KH KD / 10C JC QC")
    act(state, "discard 9S")
    act(state, "draw")  # p3
    assert why(state, "layoff QH@2") == "you may lay off only after going down"


def test_meld_now_takes_the_discard_only_to_meld_it():
    state = r500(overrides=["draw.discard_condition=meld_now"], upcard="4S")
    assert why(state, "take 4S") is None  # AS 2S 3S 4S
    act(state, "take 4S")
    assert why(state, "discard 9C") == "4S must be melded first"
    assert why(state, "meld AS 2S 3S") == "4S must be melded first"
    act(state, "meld AS 2S 3S 4S")
    blocked = r500(overrides=["draw.discard_condition=meld_now"], upcard="QS")
    assert "only to be melded at once" in why(blocked, "take QS")


def test_elimination_drops_players_and_the_last_one_standing_wins():
    spec = load_variant("kalooki")
    rules = compile_rules(spec, 4)
    bought_back = 0
    for seed in range(8):
        state = GameState(rules, seed=seed)
        play_game(state, [RandomBot(random.Random(seed * 7 + s)) for s in range(4)])
        assert state.is_terminal() and state.game_over_reason == "rules"
        out_after: dict[int, int] = {}
        for result in state.results:
            for seat in result.eliminated:
                out_after[seat] = result.deal
            for seat, change in enumerate(result.adjust):
                if change:
                    bought_back += 1
                    assert result.totals[seat] < 151
        # An eliminated player is dealt no cards and never plays again.
        for result in state.results:
            for seat, deal in out_after.items():
                if result.deal > deal:
                    assert result.left[seat] == ()
        assert len(state.winners()) >= 1
        assert all(s not in out_after or len(out_after) == 4 for s in state.winners())
    assert bought_back > 0


def test_a_player_who_buys_back_re_enters_with_the_total_the_file_states():
    for total in ("highest_remaining", "zero"):
        spec = load_variant("kalooki", [f"game_end.buy_back_total={total}"])
        rules = compile_rules(spec, 4)
        seen = 0
        for seed in range(3):
            state = GameState(rules, seed=seed)
            play_game(state, [RandomBot(random.Random(seed * 7 + s)) for s in range(4)])
            for result in state.results:
                for seat, change in enumerate(result.adjust):
                    if not change:
                        continue
                    seen += 1
                    # The players still below the threshold who did not buy back.
                    still_in = [
                        t for s, t in enumerate(result.totals) if not result.adjust[s] and t < 151
                    ]
                    if total == "zero":
                        assert result.totals[seat] == 0
                    else:
                        assert result.totals[seat] == max(still_in), (result, still_in)
        assert seen > 0, total


def test_the_engine_plays_every_knob_value_it_accepts():
    for variant in ("basic-rummy", "rummy-500", "kalooki"):
        assert unsupported_by_engine(load_variant(variant)) == []


def test_an_illegal_meld_is_refused_with_the_reason():
    state = rummy()
    act(state, "draw")
    with pytest.raises(ActionError, match="do not hold"):
        act(state, "meld 10S JS QS")
    assert parse_card("7H") in state.hand(1)  # the refused meld left the hand as it was


def test_a_hand_of_only_wilds_that_may_not_be_discarded_may_still_end_the_turn():
    over = [
        "deck.jokers=2",
        "deck.wild_ranks=[2]",
        "wilds.discard=forbidden",
        "deals.1.cards=3",
        "scoring.card_values.joker=15",
    ]
    state = stacked_state(
        "basic-rummy", 2, {1: "JK JK 2C", 0: "5S 9D KH"}, upcard="QC", stock=("2D",), overrides=over
    )
    act(state, "draw")  # 2D: four wild cards and nothing else
    assert why(state, "discard 2D") is None
    mixed = stacked_state(
        "basic-rummy", 2, {1: "JK JK 7C", 0: "5S 9D KH"}, upcard="QC", stock=("2D",), overrides=over
    )
    act(mixed, "draw")
    assert why(mixed, "discard 2D") == "wild cards may not be discarded"


# -- persian: partnerships, natural jokers, the last card melded ---------------

PERSIAN = {
    1: "JS JH JD JC 4D 9H 2C",
    2: "3C 5D 8H QC KH 6S 10D",
    3: "JK JK JK 7C 8C 9C AS",
    0: "2D 3D 4S 5S 6C 7D KD",
}


def persian(**kw):
    kw.setdefault("upcard", "QD")
    kw.setdefault("stock", ("2S", "AH", "3S", "4H", "5H"))
    return stacked_state("persian", 4, kw.pop("hands", PERSIAN), **kw)


def test_persian_four_of_a_kind_at_once_scores_double_three_then_a_fourth_does_not():
    state = persian(hands={**PERSIAN, 1: "JS JH JD JC 7S 8S 9S"}, stock=("10S", "AH"))
    act(state, "draw")  # 10S
    act(state, "meld JS JH JD JC")
    three = persian(hands={**PERSIAN, 1: "JS JH JD JC 7S 8S 9S"}, stock=("10S", "AH"))
    act(three, "draw")
    act(three, "meld JS JH JD")
    act(three, "layoff JC@1")
    assert state.melds[0].factor == 2 and three.melds[0].factor == 1


FORBIDDEN = ["going_out.last_card_discard=forbidden"]


def test_the_last_card_must_be_melded_not_discarded():
    hands = {**PERSIAN, 1: "JS JH JD JC 7S 8S 9S"}
    state = persian(hands=hands, stock=("10S", "AH"), overrides=FORBIDDEN)
    act(state, "draw")  # 10S
    act(state, "meld JS JH JD JC")
    act(state, "meld 7S 8S 9S")  # leaves 10S, which fits the new run
    assert why(state, "discard 10S") == "in this variant you go out only by melding your last card"
    act(state, "layoff 10S@2")
    assert state.results[0].went_out == 1
    stuck = persian(hands=hands, stock=("2S", "AH"), overrides=FORBIDDEN)
    act(stuck, "draw")  # 2S fits nowhere
    act(stuck, "meld JS JH JD JC")
    assert "your last card could not be melded" in why(stuck, "meld 7S 8S 9S")


def test_a_discarded_last_card_does_not_end_the_deal_where_play_goes_on():
    # going_out.last_card_discard: play_on (S002: "discarding the last card does
    # not end the round"): the player plays on with no cards, and draws next turn.
    stock = ("2S", "AH", "3S", "4H", "5H")
    state = persian(hands={**PERSIAN, 1: "JS JH JD JC 7S 8S 9S"}, stock=stock)
    act(state, "draw")  # 2S fits nowhere
    act(state, "meld JS JH JD JC")
    act(state, "meld 7S 8S 9S")  # legal: the 2S left may be discarded
    act(state, "discard 2S")
    assert state.results == [] and state.hand(1) == [] and state.current == 2
    for _ in range(3):
        act(state, "draw")
        act(state, "discard " + format_card(state.hand(state.current)[0]))
    assert state.current == 1 and state.phase == "draw"
    act(state, "draw")
    assert state.hand(1) == [parse_card("5H")]


def test_persian_jokers_meld_only_as_a_set_of_jokers():
    state = persian()
    act(state, "draw")  # p2
    act(state, "discard 9H")
    act(state, "draw")  # p3 (seat 2)
    act(state, "discard 3C")
    act(state, "draw")  # seat 3 holds three jokers
    assert why(state, "meld JK JK JK") is None
    assert "not wild" in why(state, "meld JK=10C JK=JC 9C")
    assert any(str(a) == "meld JK JK JK" for a in state.legal_actions())


def test_partners_share_one_score():
    state = persian(hands={**PERSIAN, 1: "JS JH JD JC 7S 8S 9S"}, stock=("10S", "AH"))
    act(state, "draw")  # 10H
    act(state, "meld JS JH JD JC")
    act(state, "meld 7S 8S 9S 10S")
    # p2 (seat 1) has no card left: out by melding. Seats 1 and 3 are partners.
    result = state.results[0]
    assert result.went_out == 1
    assert result.scores[1] == result.scores[3]
    assert result.scores[0] == result.scores[2]
    melded = 2 * 40 + 7 + 8 + 9 + 10  # four jacks at once score double
    held_partner = 20 * 3 + 7 + 8 + 9 + 15  # seat 3: three jokers, 7C 8C 9C, AS
    assert result.scores[1] == melded + 25 - held_partner


def test_with_the_stock_gone_players_take_only_meldable_discards_or_pass():
    spec_over = ["deals.1.cards=7"]
    state = persian(overrides=spec_over)
    # Empty the stock by hand: make it look exhausted for the player in turn.
    state.game.deal.stock.clear()
    assert [str(a) for a in state.legal_actions() if a.kind in ("draw", "pass")] == ["pass"]
    assert "stock is empty" in why(state, "draw")
    for _ in range(4):
        assert state.deal_index == 0
        act(state, "pass")
    assert state.results[0].reason == "stock"


# -- table.upcard, table.first_player_extra_turn, draw.discard_after_going_down --


def test_without_an_upcard_the_discard_pile_starts_empty():
    state = stacked_state(
        "contract",
        4,
        {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS"},
        upcard="KC",
        overrides=["table.upcard=false"],
    )
    assert state.discard_pile == []
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    act(state, "draw")
    assert state.phase == "play"  # no discard: no buy window


def test_the_first_player_plays_two_turns_in_a_row():
    state = stacked_state(
        "contract",
        4,
        {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS"},
        upcard="KC",
        stock=("5D", "6D", "2H", "3H"),
        overrides=["table.first_player_extra_turn=true", "buying.enabled=false"],
    )
    first = state.current
    act(state, "draw")
    act(state, "discard QS")
    assert state.current == first and state.phase == "draw"
    act(state, "draw")
    act(state, "discard KD")
    assert state.current == (first + 1) % 4


def test_a_player_who_is_down_may_not_take_discards_where_the_rules_say_so():
    overrides = ["draw.discard_after_going_down=false", "buying.enabled=false"]
    hands = {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS"}
    state = stacked_state("contract", 4, hands, upcard="KC", stock=("5D",) * 1, overrides=overrides)
    act(state, "draw")
    act(state, "down 7H 7S 7D / 9C 9S 9D")
    act(state, "discard QS")
    for _ in range(3):  # the other players draw and discard
        act(state, "draw")
        act(state, "discard " + format_card(state.hand(state.current)[0]))
    assert state.current == 1
    assert why(state, "take " + format_card(state.faces[state.discard_pile[-1]])) == (
        "you have gone down, so you may no longer take discards"
    )


def test_a_deal_is_void_when_the_stock_runs_low_and_scores_nothing():
    overrides = ["stock_exhausted.action=void", "stock_exhausted.void_when_left=2"]
    overrides += ["stock_exhausted.blocked_after=null", "buying.enabled=false"]
    state = stacked_state(
        "contract", 4, {1: "7H 7S 7D 9C 9S 9D 2C 4H KD QS"}, upcard="KC", overrides=overrides
    )
    d = state.game.deal
    del d.stock[:-3]  # three cards left: one draw, then the stock holds two
    act(state, "draw")
    act(state, "discard QS")
    assert state.results == []
    act(state, "draw")  # would draw from a stock of two: the deal is void
    result = state.results[0]
    assert result.reason == "void" and result.went_out is None
    assert result.scores == (0, 0, 0, 0) and state.totals == [0, 0, 0, 0]
    assert state.deal_index == 1


def test_six_of_a_kind_goes_down_as_two_contract_sets_where_long_melds_may_count_twice():
    hands = {1: "7H 7S 7D 7C 7H 7S 2C 9D JD KH"}
    over = ["contract.long_meld_counts_once=false"]
    twice = stacked_state("contract", 4, hands, upcard="KC", stock=("5D",), overrides=over)
    once = stacked_state("contract", 4, hands, upcard="KC", stock=("5D",))
    for state in (twice, once):
        act(state, "take KC")
    assert why(twice, "down 7C 7D 7H 7H 7S 7S") is None
    assert "do not make the contract" in why(once, "down 7C 7D 7H 7H 7S 7S")
    act(twice, "down 7C 7D 7H 7H 7S 7S")
    assert twice.is_down(1) and len(twice.melds) == 1


def _round_to(state, seat):
    """Each other player takes the top discard and throws a card back, until ``seat``'s turn."""
    from .test_engine import _first_discardable

    while state.current != seat:
        act(state, "take " + str(state.legal_actions()[-1]).split()[-1])
        act(state, "discard " + _first_discardable(state))


PARTS = {1: "7H 7S 7D 9C 9D JK 4D JD KH QS"}


def test_a_contract_laid_in_parts_is_down_only_with_its_last_part():
    state = stacked_state(
        "contract", 4, PARTS, upcard="KC", stock=("5D",), overrides=["contract.all_at_once=false"]
    )
    act(state, "take KC")
    assert why(state, "down 7D 7H 7S") is None
    act(state, "down 7D 7H 7S")
    assert not state.is_down(1)
    # Not down yet: no lay-offs, and the turn ends with a discard.
    assert why(state, "layoff KC@1") == "you may lay off only after going down"
    act(state, "discard 4D")
    _round_to(state, 1)
    act(state, "draw")
    while state.phase == "buy":
        act(state, "pass")
    assert why(state, "down 7C 7D 7H") is not None  # that part is laid already
    # The listed go-down leaves the fewest points (the kings); the nines are legal too.
    assert "down KC KH JK=KD" in [str(a) for a in state.legal_actions()]
    assert why(state, "down 9C 9D JK=9H") is None
    act(state, "down 9C 9D JK=9H")
    assert state.is_down(1)


def test_a_contract_is_laid_all_at_once_by_default():
    state = stacked_state("contract", 4, PARTS, upcard="KC", stock=("5D",))
    act(state, "take KC")
    assert why(state, "down 7D 7H 7S").startswith("these melds do not make the contract")


def test_a_discard_that_forces_opening_needs_the_whole_contract_even_where_it_may_be_laid_in_parts():
    over = ["contract.all_at_once=false", "draw.discard_condition=forces_opening"]
    state = stacked_state("contract", 4, PARTS, upcard="KC", stock=("5D",), overrides=over)
    act(state, "take KC")
    assert why(state, "down 7D 7H 7S").startswith("these melds do not make the contract")
    assert why(state, "down 7D 7H 7S / 9C 9D JK=9H") is None


GO_OUT = {1: "7H 7H 7S 7D 7C 9C 9D 9S 9H 9H"}
GO_OUT_RULES = [
    "deals.1.first_down_must_go_out=true",
    "deals.1.exact=false",
    "buying.enabled=false",
]
GO_OUT_DOWN = "down 7C 7D 7H 7H 7S / 9C 9D 9H 9H 9S"


def test_the_first_player_down_who_must_go_out_may_not_keep_a_card_to_discard_by_default():
    state = stacked_state("contract", 4, GO_OUT, upcard="KC", stock=("4D",), overrides=GO_OUT_RULES)
    act(state, "draw")
    assert why(state, GO_OUT_DOWN) == "the first player to go down must go out in the same turn"
    assert not any(t.startswith("down") for t in texts(state))


def test_the_first_player_down_who_must_go_out_may_finish_with_a_discard_where_the_deal_says_so():
    over = [*GO_OUT_RULES, "deals.1.first_down_may_discard=true", "discard.required=false"]
    state = stacked_state("contract", 4, GO_OUT, upcard="KC", stock=("4D",), overrides=over)
    act(state, "draw")
    assert GO_OUT_DOWN in texts(state)  # the listed go-down keeps the card to discard
    assert why(state, "down 7C 7D 7H / 9C 9D 9S").startswith(
        "the first player to go down must go out in the same turn"
    )
    act(state, GO_OUT_DOWN)
    # Even where turns need no discard, this one ends by discarding the last card.
    assert texts(state) == ["discard 4D"]
    assert why(state, "end") is not None
    act(state, "discard 4D")
    assert state.results[0].went_out == 1
