"""Sanity checks: rules that type-check but cannot be played are explained."""

from __future__ import annotations

from rummy_rules import check_variant, load_variant
from rummy_rules.spec.checks import max_meld_size

from .conftest import MINIMAL


def errors(*overrides: str, source: str = "contract") -> list[str]:
    report = check_variant(source, list(overrides))
    return [f"{e.path}: {e.message}" for e in report.errors]


def warnings(*overrides: str, source: str = "contract") -> list[str]:
    report = check_variant(source, list(overrides))
    return [f"{e.path}: {e.message}" for e in report.warnings]


def test_pack_too_small_for_the_largest_player_count():
    # Nine players: 9×12 + 1 upcard + 9 stock = 118 > 2 decks + 8 jokers = 112.
    found = errors("players.max=10")
    assert any("with 9 players deal 4 needs 9×12" in e and "= 118" in e for e in found)
    assert errors("players.max=8") == []


def test_pack_size_check_counts_upcard_and_a_working_stock():
    # One deck, four players, 12 cards: 48 + 1 upcard + 4 stock = 53 = 52 + 1 joker.
    assert errors("deck.decks=1", "deck.jokers=1", "players.max=4") == []
    assert any("= 53" in e for e in errors("deck.decks=1", "deck.jokers=0", "players.max=4"))


def test_contract_larger_than_the_hand_without_buying_is_an_error():
    found = errors("buying.enabled=false", "deals.1.cards=4")
    assert any("deal 1's contract needs 6 cards" in e for e in found)
    # Five cards plus the draw make six: going down goes out.
    assert errors("buying.enabled=false", "deals.1.cards=5") == []


def test_contract_larger_than_the_hand_with_limited_buying_is_an_error():
    found = errors("buying.limits.per_deal=1", "deals.1.cards=2")
    assert any("can reach only 5" in e for e in found)


def test_contract_needing_buys_is_a_note_not_an_error():
    report = check_variant("shanghai-10")
    assert report.valid
    assert any("must buy" in n.message for n in report.notes)


def test_all_out_deal_must_absorb_the_whole_hand():
    # Exact runs of 4 cannot take 13 cards.
    found = errors("deals.7.exact=true")
    assert any("every card at once" in e for e in found)


def test_all_out_deal_with_too_few_cards_for_the_contract():
    found = errors("deals.7.cards=9", "buying.enabled=false")
    assert any("every card at once" in e for e in found)


def test_all_out_deal_absorbs_the_hand_through_longer_runs():
    assert errors("deals.7.cards=13") == []


def test_run_longer_than_the_ace_rule_allows():
    found = errors("melds.run.ace=low", "deals.3.contract.1.size=14", "deals.3.cards=14")
    assert any("a run of 14 cannot be made" in e for e in found)


def test_minimum_run_unreachable_under_the_ace_rule():
    found = errors("melds.run.ace=high", "melds.run.min_size=14")
    assert any("longest run is 13" in e for e in found)


def test_wild_cap_makes_a_big_set_impossible():
    # Two decks hold 8 natural cards of a rank; a set of 9 needs a wild,
    # which max_per_meld 0 forbids.
    found = errors("wilds.max_per_meld=0", "deals.4.contract.1.size=9")
    assert any("a set of 9 cannot be made" in e for e in found)
    assert errors("deals.4.contract.1.size=9") == []


def test_distinct_suit_sets_cannot_exceed_four():
    found = errors("melds.set.suits=distinct", "deals.4.contract.1.size=5")
    assert any("a set of 5 cannot be made" in e for e in found)


def test_contract_meld_smaller_than_the_meld_definition():
    found = errors("melds.set.min_size=4")
    assert any("a set has at least 4 cards" in e for e in found)


def test_wilds_not_more_than_naturals_limits_set_size():
    spec = load_variant("contract", ["wilds.versus_naturals=not_more"])
    # 8 naturals + up to 8 wilds, but only players - 1 jokers exist
    assert max_meld_size(spec, "set", 3) == 10
    assert max_meld_size(spec, "run", 3) == 14


def test_every_card_needs_a_value(write):
    path = write("v.yaml", MINIMAL.replace(" K: 10, A: 1,", ""))
    report = check_variant(path)
    assert any("no value for A, K" in e.message for e in report.errors)


def test_jokers_need_a_value(write):
    path = write("v.yaml", MINIMAL.replace(", joker: 15", ""))
    report = check_variant(path)
    assert any("no joker value" in e.message for e in report.errors)


def test_fixed_pairs_need_even_player_counts():
    found = errors("players.min=3", "players.max=5", source="persian")
    assert any("fixed pairs need an even number" in e for e in found)


def test_player_count_table_must_cover_every_count():
    found = errors("deck.decks={by_players: {'3-4': 2}}")
    assert any("no entry for 5 players" in e for e in found)


def test_player_count_table_ranges_must_not_overlap():
    found = errors("deck.decks={by_players: {'3-4': 2, '4+': 3}}")
    assert any("overlap" in e for e in found)


def test_opening_by_contract_needs_a_contract_in_every_deal():
    found = errors("deals.1.contract=[]")
    assert any("has no contract" in e for e in found)


def test_contract_given_without_contract_opening_is_an_error():
    found = errors("opening.requirement=none")
    assert any("opening.requirement is none" in e for e in found)


def test_min_points_opening_needs_the_number():
    found = errors("opening.requirement=min_points", source="basic-rummy")
    assert any("needs min_points" in e for e in found)


def test_last_player_standing_needs_elimination():
    found = errors("game_end.winner=last_player_standing")
    assert any("needs game_end.kind elimination" in e for e in found)


def test_open_question_buying_after_going_down_is_a_warning():
    found = warnings("buying.after_going_down=null")
    assert any("buy after going down" in w for w in found)
    report = check_variant("contract", ["buying.after_going_down=null"], strict=True)
    assert not report.valid


def test_open_question_stock_exhaustion_is_a_warning():
    assert any("stock runs out" in w for w in warnings("stock_exhausted=null"))


def test_open_question_joker_exchange_is_a_warning_only_with_wilds():
    assert any("melded wild" in w for w in warnings("wilds.exchange.allowed=null"))
    found = warnings("wilds.exchange.allowed=null", source="persian")
    assert not any("melded wild" in w for w in found)


def test_natural_jokers_too_few_for_a_joker_set_warns():
    assert any("never be made" in w for w in warnings("deck.jokers=2", source="persian"))


def test_knob_values_the_engine_cannot_play_yet_are_warned_about(engine_cannot_rearrange):
    found = warnings("melding.rearrange_table=true")
    assert any(w.startswith("melding.rearrange_table: true cannot be played") for w in found)
    report = check_variant("contract", ["melding.rearrange_table=true"], strict=True)
    assert not report.valid
    assert any("melding.rearrange_table" in e.path for e in report.errors)


def test_nothing_is_silently_ignored_buy_limit_without_buying():
    found = warnings("buying.enabled=false", "deals.1.buy_limit=2", "deals.1.cards=6")
    assert any("buy_limit has no effect" in w for w in found)


def test_going_out_all_at_once_with_a_meld_limit_warns_that_the_hand_goes_out_in_that_many_melds():
    found = warnings("going_out.method=all_at_once", source="basic-rummy")
    assert any(w.startswith("melding.melds_per_turn:") and "1 meld(s)" in w for w in found)


def test_upcard_offer_without_discards_to_take_is_an_error():
    report = check_variant(
        "basic-rummy", ["table.upcard_offer=each_in_turn", "draw.discard_pile=none"]
    )
    assert not report.valid
    assert any(e.path == "table.upcard_offer" for e in report.errors)


def test_contract_in_parts_warns_that_an_all_out_deal_is_still_laid_at_once():
    found = warnings("contract.all_at_once=false")
    assert any(w.startswith("deals.7.all_out:") and "own rule wins" in w for w in found)


def test_a_contract_with_more_melds_than_a_turn_allows_is_an_error():
    found = errors("melding.melds_per_turn=1")
    assert any("deal 1's contract is laid in one turn as 2 melds" in e for e in found)
    # Laid over several turns it fits (but for the all-out last deal, laid at once).
    found = errors("melding.melds_per_turn=1", "contract.all_at_once=false")
    assert [e for e in found if "melds_per_turn" in e] == [
        "deals.7.contract: deal 7's contract is laid in one turn as 3 melds, but "
        "melding.melds_per_turn allows 1: nobody could ever go down"
    ]


def test_a_first_player_down_who_must_go_out_with_a_contract_too_small_for_the_hand_is_an_error():
    found = errors("deals.1.first_down_must_go_out=true")
    assert any(
        "deal 1's first player down must go out, keeping no card" in e
        and "contract takes at most 6: nobody could ever go down" in e
        for e in found
    ), found
    assert errors("deals.1.first_down_must_go_out=true", "deals.1.exact=false") == []


def test_first_down_may_discard_without_first_down_must_go_out_warns_that_it_does_nothing():
    found = warnings("deals.1.first_down_may_discard=true")
    assert any("does nothing without first_down_must_go_out" in w for w in found), found


def test_first_down_may_discard_contradicts_a_last_card_that_must_be_melded():
    found = errors(
        "deals.1.first_down_must_go_out=true",
        "deals.1.exact=false",
        "deals.1.first_down_may_discard=true",
        "going_out.method=must_meld_last",
    )
    assert any("going_out.method must_meld_last" in e for e in found), found


def test_an_all_out_deal_that_only_buying_can_fill_is_a_note_not_an_error():
    # Deal 7: three runs of 4 from 10 cards dealt, 11 after the draw: one buy fills it.
    over = ("deals.7.cards=10", "deals.7.exact=true")
    assert errors(*over) == []
    notes = [n.message for n in check_variant("contract", list(over)).notes]
    assert any("deal 7 must be won with every card at once" in n and "must buy" in n for n in notes)
    found = errors(*over, "buying.enabled=false")
    assert any("deal 7 must be won with every card at once" in e for e in found), found


def test_claims_in_rotation_from_ones_own_melds_only_is_an_error():
    found = errors(
        "wilds.exchange.allowed=true",
        "wilds.exchange.claim_order=first_in_rotation",
        "wilds.exchange.from_owner=own",
    )
    assert any("claims are made on another player's meld" in e for e in found)
