"""Drawing from the discard pile, one scenario per rule (``draw``): digging a
card and what must happen to it, taking the whole pile, taking only the
chosen card, and drawing from the stock only.

Rummy 500 with two players, stacked: p2 moves first. The pile is built as
KC (the upcard), then p2's 9S, then p1's 2D, so that KC lies two deep.
"""

from __future__ import annotations

from .engine_helpers import act, pile, stacked_state, texts, why

HANDS = {
    1: "KH KD 4C 5C 6C 9S 8H 10S JD 3S 7H QS 2H",
    0: "2D 3H 5S 7C 9D JS QD 6H 6S 4D 5D 8D QC",
}


def dug(*overrides):
    """p2 and p1 have each drawn and discarded once: the pile is KC 9S 2D, p2 to draw
    (Rummy 500 with the top discard taken freely: these tests are about digging)."""
    over = ["game_end.target_score=10000", "draw.discard_condition=none", *overrides]
    state = stacked_state(
        "rummy-500", 2, HANDS, upcard="KC", stock=("AC", "AD", "AH"), overrides=over
    )
    act(state, "draw")
    act(state, "discard 9S")
    act(state, "draw")
    act(state, "discard 2D")
    return state


def test_a_dug_card_to_be_melded_at_once_comes_before_anything_else():
    state = dug("draw.deep_card_use=meld_now")
    act(state, "take KC")
    assert why(state, "meld 4C 5C 6C") == "KC must be melded first"
    assert why(state, "discard 3S") == "KC must be melded first"
    assert why(state, "meld KH KD KC") is None


def test_a_dug_card_to_be_used_this_turn_may_wait_until_before_the_discard():
    state = dug("draw.deep_card_use=this_turn")
    act(state, "take KC")
    assert why(state, "meld 4C 5C 6C") is None
    assert not [t for t in texts(state) if t.startswith("discard")]
    assert "must be melded this turn before you discard" in why(state, "discard 3S")
    act(state, "meld 4C 5C 6C")
    assert "must be melded this turn" in why(state, "discard 3S")
    act(state, "meld KH KD KC")
    assert why(state, "discard 3S") is None
    assert "discard 3S" in texts(state)


def test_a_dug_card_to_be_used_this_turn_may_not_be_taken_if_it_cannot_be_melded():
    hands = dict(HANDS)
    hands[1] = "KH 7D 4C 5C 6C 9S 8H 10S JD 3S 7H QS 2H"
    state = stacked_state(
        "rummy-500",
        2,
        hands,
        upcard="KC",
        stock=("AC", "AD", "AH"),
        overrides=["draw.deep_card_use=this_turn"],
    )
    act(state, "draw")
    act(state, "discard 9S")
    act(state, "draw")
    act(state, "discard 2D")
    assert "it may be taken only to be melded this turn" in why(state, "take KC")
    assert "take KC" not in texts(state)


def test_a_dug_card_may_be_kept_where_its_use_is_free():
    state = dug("draw.deep_card_use=free")
    act(state, "take KC")
    assert why(state, "discard 3S") is None
    act(state, "discard 3S")
    assert state.to_move == 0


def test_digging_takes_only_the_chosen_card_where_the_cards_above_stay():
    state = dug("draw.deep_take_all_above=false", "draw.deep_card_use=free")
    act(state, "take KC")
    assert pile(state) == ["9S", "2D"]
    every = dug("draw.deep_card_use=free")
    act(every, "take KC")
    assert pile(every) == []


def test_taking_the_whole_pile_names_its_top_card():
    state = dug("draw.discard_pile=whole_pile")
    takes = [t for t in texts(state) if t.startswith("take")]
    assert takes == ["take 2D"]
    assert why(state, "take KC") == "the whole pile is taken by naming its top card, 2D"
    before = len(state.hand(1))
    act(state, "take 2D")
    assert pile(state) == [] and len(state.hand(1)) == before + 3


def test_drawing_from_the_stock_only_leaves_the_discard_pile_alone():
    state = dug("draw.discard_pile=none")
    assert [t for t in texts(state) if t.startswith("take")] == []
    assert why(state, "take 2D") == "in this variant players draw from the stock only"
    assert why(state, "draw") is None


def test_a_push_gives_the_next_player_the_refused_discard_and_a_stock_card():
    # draw.push (Push, Parlett; knob 44): refusing the discard pushes it and
    # the top stock card to the next player; the drawer takes the card after.
    from rummy_rules.cards import parse_card

    state = stacked_state(
        "contract",
        4,
        {},
        upcard="KC",
        stock=("5D", "6D", "2H"),
        overrides=["draw.push=true", "buying.enabled=false"],
    )
    before = [len(state.hand(s)) for s in range(4)]
    act(state, "draw")  # p2 draws
    assert state.phase == "play" and state.to_move == 1
    assert parse_card("6D") in state.hand(1)
    assert parse_card("KC") in state.hand(2) and parse_card("5D") in state.hand(2)
    assert [len(state.hand(s)) for s in range(4)] == [before[0], 11, 12, before[3]]
    assert pile(state) == []
    plain = stacked_state("contract", 4, {}, upcard="KC", stock=("5D",), overrides=[])
    act(plain, "draw")
    assert pile(plain) == ["KC"]


def test_a_push_cannot_be_played_with_buying():
    from .test_checks import errors

    found = errors("draw.push=true")
    assert any("draw.push" in e and "buying.enabled must be false" in e for e in found), found


def test_under_face_match_a_hand_of_only_the_piles_face_may_not_take_it():
    # discard.not_just_taken_match: face bars every card of the face taken; a
    # player holding only 7C could not end the turn after taking the 7C.
    def state(match):
        overrides = (
            "deck.decks=2",
            "deals=[{cards: 1}]",
            "discard.not_just_taken=single_card_take",
            f"discard.not_just_taken_match={match}",
        )
        return stacked_state(
            "basic-rummy", 2, {1: "7C"}, upcard="7C", stock=("KH", "QS"), overrides=overrides
        )

    refused = state("face")
    assert why(refused, "take 7C").code == "take.only_barred_left"
    assert texts(refused) == ["draw"]
    # Under card match the twin may be discarded: the take stands.
    allowed = state("card")
    assert why(allowed, "take 7C") is None
    act(allowed, "take 7C")
    assert texts(allowed) == ["discard 7C"]
