"""The start of a deal and the end of a turn, one scenario per rule: who is
offered the upcard (``table.upcard_offer``), turns that end without a discard
(``discard.required: false``) and going out only all at once
(``going_out.method: all_at_once``).

Basic rummy, stacked; dealer p1, so p2 moves first. The upcard is KC.
"""

from __future__ import annotations

from rummy_rules import check_variant
from rummy_rules.cards import format_card

from .engine_helpers import act, pile, stacked_state, texts, why

THREE = {
    0: "2D 3H 5S 7C 9D JS QD",
    1: "KH KD 4C 5C 6C 9S 8H",
    2: "3C 3D 3S 8C 10D 2S AH",
}


def offered(offer, players=3, hands=THREE, **kw):
    over = [f"table.upcard_offer={offer}", *kw.pop("overrides", ())]
    return stacked_state(
        "basic-rummy", players, hands, upcard="KC", stock=("AC", "AD"), overrides=over, **kw
    )


def test_upcard_offered_each_in_turn_is_taken_or_passed_not_drawn():
    state = offered("each_in_turn")
    assert state.to_move == 1
    assert texts(state) == ["pass", "take KC"]
    assert why(state, "draw") == "the upcard is offered to you first: take it or pass"
    act(state, "pass")
    assert state.to_move == 2
    assert texts(state) == ["pass", "take KC"]


def test_upcard_taken_by_a_later_seat_makes_that_seat_play_and_the_next_one_follow():
    state = offered("each_in_turn")
    act(state, "pass")  # p2
    act(state, "take KC")  # p3
    assert state.phase == "play" and state.current == 2
    act(state, "discard AH")
    # Play goes on after the taker: p1, then p2.
    assert state.current == 0
    assert texts(state)[0] == "draw" and "take AH" in texts(state)


def test_upcard_refused_by_every_seat_leaves_the_first_player_to_draw_from_the_stock():
    state = offered("each_in_turn")
    for _ in range(3):
        act(state, "pass")
    assert state.current == 1 and state.phase == "draw"
    assert texts(state) == ["draw"]
    assert "refused" in why(state, "take KC")
    act(state, "draw")
    act(state, "discard 8H")
    # The next player may take the first player's discard as usual.
    assert "take 8H" in texts(state)


def test_upcard_offered_to_the_non_dealer_then_the_dealer():
    two = {0: THREE[0], 1: THREE[1]}
    state = offered("non_dealer_then_dealer", players=2, hands=two)
    act(state, "pass")  # the non-dealer refuses
    assert state.to_move == 0 and texts(state) == ["pass", "take KC"]
    act(state, "take KC")
    act(state, "discard 2D")
    assert state.current == 1
    assert pile(state) == ["2D"]
    assert texts(state) == ["draw", "take 2D"]


def test_upcard_offer_when_the_first_player_takes_it_is_a_normal_first_turn():
    state = offered("each_in_turn")
    act(state, "take KC")
    act(state, "discard 9S")
    assert state.current == 2 and texts(state) == ["draw", "take 9S"]


def test_upcard_offer_needs_an_upcard(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: basic-rummy\nname: No upcard\n"
        "table:\n  upcard: false\n  upcard_offer: each_in_turn\n"
    )
    report = check_variant(path)
    assert not report.valid
    assert any(
        f.path == "table.upcard_offer" and "table.upcard is false" in f.message
        for f in report.errors
    )


def two_player(hand, *overrides, stock=("6C",)):
    hands = {1: hand, 0: "2D 3H 5S 7C 9D JS QD 2C 2H 8D"}
    return stacked_state(
        "basic-rummy", 2, hands, upcard="KC", stock=stock, overrides=list(overrides)
    )


def test_a_turn_may_end_without_a_discard_where_no_discard_is_required():
    state = two_player("3C 4C 5C 7D 7H 7S 9H 10H JH KD", "discard.required=false")
    act(state, "draw")
    assert "end" in texts(state) and "discard KD" in texts(state)
    act(state, "end")
    assert state.current == 0
    assert len(state.hand(1)) == 11
    assert pile(state) == ["KC"]


def test_a_turn_ends_with_a_discard_by_default():
    state = two_player("3C 4C 5C 7D 7H 7S 9H 10H JH KD")
    act(state, "draw")
    assert "end" not in texts(state)
    assert why(state, "end") == "in this variant every turn ends with a discard"


def test_a_card_taken_to_be_melded_at_once_is_melded_before_a_turn_ends_without_a_discard():
    state = two_player(
        "KH KD 5C 7D 7H 7S 9H 10H JH QS",
        "discard.required=false",
        "draw.discard_condition=meld_now",
    )
    act(state, "take KC")
    assert "end" not in texts(state)
    assert why(state, "end") == "KC must be melded first"
    act(state, "meld KC KD KH")
    assert why(state, "end") is None


def test_the_last_card_may_be_kept_when_no_discard_is_required_though_it_must_be_melded():
    hands = {1: "3C 4C 5C 6C 7D 7H KD", 0: THREE[0], 2: "8C 10D 2S AH QC QH JC"}
    over = [
        "going_out.method=must_meld_last",
        "melding.melds_per_turn=null",
        "table.upcard_offer=first_player",
    ]
    required = stacked_state("basic-rummy", 3, hands, upcard="KC", stock=("7S",), overrides=over)
    act(required, "draw")
    act(required, "meld 3C 4C 5C 6C")
    assert "your last card could not be melded" in why(required, "meld 7D 7H 7S")
    free = stacked_state(
        "basic-rummy",
        3,
        hands,
        upcard="KC",
        stock=("7S",),
        overrides=[*over, "discard.required=false"],
    )
    act(free, "draw")
    act(free, "meld 3C 4C 5C 6C")
    act(free, "meld 7D 7H 7S")
    assert texts(free) == ["end"]
    act(free, "end")
    assert [format_card(f) for f in free.hand(1)] == ["KD"] and free.current == 2


WHOLE = "3C 4C 5C 7D 7H 7S 9H 10H JH QH"


def test_going_out_all_at_once_lays_the_whole_hand_in_one_action():
    state = two_player(WHOLE, "going_out.method=all_at_once", "melding.melds_per_turn=null")
    act(state, "draw")
    melds = [t for t in texts(state) if t.startswith("meld")]
    assert melds == ["meld 3C 4C 5C 6C / 7D 7H 7S / 9H 10H JH QH"]
    act(state, melds[0])
    assert state.results[0].reason == "out" and state.results[0].went_out == 1


def test_going_out_all_at_once_allows_no_melds_that_leave_cards_in_hand():
    state = two_player(WHOLE, "going_out.method=all_at_once", "melding.melds_per_turn=null")
    act(state, "draw")
    assert why(state, "meld 3C 4C 5C 6C") == "in this deal you must lay down every card at once"


def test_going_out_all_at_once_makes_every_contract_deal_an_all_out_deal():
    from rummy_rules import load_variant
    from rummy_rules.engine.rules import compile_rules

    rules = compile_rules(load_variant("contract", ["going_out.method=all_at_once"]), 4)
    assert all(deal.all_out for deal in rules.deals)
    plain = compile_rules(load_variant("contract"), 4)
    assert [deal.all_out for deal in plain.deals] == [False] * 6 + [True]


# -- discard.playable: a discard one could have laid off ------------------------


def test_discarding_a_card_one_could_lay_off_is_taken_back_with_two_penalty_cards():
    state = two_player(
        "3C 4C 5C 7D 7H 7S 9H 10H JH KD", "discard.playable=penalty", stock=("6C", "2S", "3S")
    )
    act(state, "draw")
    act(state, "meld 3C 4C 5C")
    held = len(state.hand(1))
    act(state, "discard 6C")
    assert state.current == 1, "the turn goes on"
    assert len(state.hand(1)) == held + 2
    assert "6C" in [format_card(f) for f in state.hand(1)]
    assert pile(state) == ["KC"]
    act(state, "discard KD")
    assert state.current == 0 and pile(state) == ["KC", "KD"]


def test_a_card_nobody_could_lay_off_is_discarded_as_usual_under_the_penalty_rule():
    state = two_player("3C 4C 5C 7D 7H 7S 9H 10H JH KD", "discard.playable=penalty")
    act(state, "draw")
    act(state, "discard KD")
    assert state.current == 0 and pile(state) == ["KC", "KD"]


def test_a_playable_discard_is_allowed_by_default():
    state = two_player("3C 4C 5C 7D 7H 7S 9H 10H JH KD", stock=("6C",))
    act(state, "draw")
    act(state, "meld 3C 4C 5C")
    act(state, "discard 6C")
    assert state.current == 0 and pile(state) == ["KC", "6C"]


def test_the_penalty_takes_the_number_of_cards_the_file_states():
    state = two_player(
        "3C 4C 5C 7D 7H 7S 9H 10H JH KD",
        "discard.playable=penalty",
        "discard.playable_penalty_cards=1",
        stock=("6C", "2S"),
    )
    act(state, "draw")
    act(state, "meld 3C 4C 5C")
    held = len(state.hand(1))
    act(state, "discard 6C")
    assert len(state.hand(1)) == held + 1 and state.current == 1


def test_the_penalty_rule_is_printed_and_warned_about_where_nothing_can_be_laid_off(tmp_path):
    from rummy_rules import load_variant
    from rummy_rules.render.rulebook import render_rulebook

    spec = load_variant("basic-rummy", ["discard.playable=penalty"])
    assert "could have laid off takes it back, takes two penalty cards" in render_rulebook(
        spec, "md"
    )
    path = tmp_path / "v.yaml"
    path.write_text(
        "extends: basic-rummy\ndiscard: {playable: penalty}\nmelding: {lay_off: {targets: none}}\n"
    )
    report = check_variant(path)
    assert any(f.path == "discard.playable" for f in report.warnings)


def test_the_wild_rank_follows_every_deal_even_when_the_last_deal_repeats():
    """deck.wild_rank_follows_deal: aces wild in deal 1, twos in deal 2 … and on
    past the schedule, where a target-score game repeats its last deal."""
    from rummy_rules import load_variant
    from rummy_rules.cards import rank_of
    from rummy_rules.engine import compile_rules

    spec = load_variant(
        "basic-rummy",
        ["deck.wild_rank_follows_deal=true", "deck.jokers=0"],
    )
    rules = compile_rules(spec, 2)
    assert len(rules.deals) == 1 and spec.game_end.kind == "target_score"
    for index, rank in [(0, 0), (1, 1), (2, 2), (11, 11), (12, 12), (13, 0), (14, 1)]:
        assert {rank_of(f) for f in rules.deal(index).wild_faces if f < 52} == {rank}, index
        assert rules.deal(index).number == 1  # the schedule's deal, repeated
