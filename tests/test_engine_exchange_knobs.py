"""Conditions on exchanging a melded wild (``wilds.exchange``), one scenario per
rule: an exchange that obliges the player to go down that turn, and a freed
wild that may go only into a new meld; then melded wilds that move when their
natural card is laid off (``wilds.reposition``, ``wilds.declared_identity``).

contract-gamerules with a runs deal, stacked: p2 goes down with
5H JK=6H 7H 8H / 9S 10S JS; p3 holds the natural 6H.
"""

from __future__ import annotations

from rummy_rules.cards import format_card, parse_card

from .engine_helpers import act, stacked_state, texts, why
from .test_engine import _first_discardable

RUNS = "deals=[{cards: 10, contract: [{type: run, size: 3}, {type: run, size: 3}]}]"


def table(p3_hand="2D 3D 4D 9C 10C JC 6H KS QH 3S", *overrides):
    hands = {1: "5H JK 7H 8H 9S 10S JS 2C KD QS", 2: p3_hand}
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides])
    act(state, "draw")
    act(state, "down 5H JK=6H 7H 8H / 9S 10S JS")
    act(state, "discard KD")
    act(state, "draw")  # p3's turn
    return state


FORCES = (
    "wilds.exchange.player_down=not_required",
    "wilds.exchange.use_same_turn=false",
    "wilds.exchange.forces_going_down=true",
)


def test_an_exchange_obliges_a_player_not_yet_down_to_go_down_that_turn():
    state = table("2D 3D 4D 9C 10C JC 6H KS QH 3S", *FORCES)
    assert why(state, "exchange 6H@1") is None
    act(state, "exchange 6H@1")
    assert "must go down this turn before you discard" in why(state, "discard KS")
    assert not [t for t in texts(state) if t.startswith("discard")]
    act(state, "down 2D 3D 4D / 9C 10C JC")
    assert why(state, "discard KS") is None


def test_an_exchange_is_refused_to_a_player_who_could_not_then_go_down():
    state = table("2D 7D QD 9C 4C KC 6H KS QH 3S", *FORCES)
    assert "obliges you to go down this turn" in why(state, "exchange 6H@1")
    assert "exchange 6H@1" not in texts(state)
    free = table("2D 7D QD 9C 4C KC 6H KS QH 3S", *FORCES[:2])
    assert why(free, "exchange 6H@1") is None


def waited(*overrides):
    """p3 has gone down and a round has passed: p3 to play, down since an earlier turn."""
    return waited_with("2D 3D 4D 9C 10C JC 6H KS QH 3S", *overrides)


def test_a_freed_wild_may_not_be_laid_off_where_it_goes_only_into_a_new_meld():
    state = waited(
        "wilds.exchange.use_same_turn=false", "wilds.exchange.freed_wild_use=new_meld_only"
    )
    act(state, "exchange 6H@1")
    assert parse_card("JK") in state.hand(2)
    assert why(state, "layoff JK=5D@3") == "a wild freed from a meld may go only into a new meld"
    assert not [t for t in texts(state) if t.startswith("layoff JK")]
    anywhere = waited("wilds.exchange.use_same_turn=false")
    act(anywhere, "exchange 6H@1")
    assert why(anywhere, "layoff JK=5D@3") is None


def test_a_freed_wild_to_be_used_at_once_goes_into_a_new_meld_not_a_lay_off():
    state = waited("wilds.exchange.freed_wild_use=new_meld_only")
    act(state, "exchange 6H@1")  # p3 holds AC 3C QH 3S and now the joker
    assert sorted(texts(state)) == ["meld 3C 3S JK=3D", "meld AC JK=2C 3C"]
    assert why(state, "layoff JK=5D@3") is not None
    act(state, "meld AC JK=2C 3C")
    assert why(state, "discard QH") is None


# -- melded wilds that move (wilds.reposition, wilds.declared_identity) ------

MOVING = {
    1: "4C 6C JK 7D 7H JK 9S 8H 10S JD 3S QS 2H",
    0: "5C 7S 7C 2D 3H 5S 9D JS QD 6H 6S 4D 5D",
}


def melded_wilds(*overrides):
    """Rummy 500: p2 has melded 4C JK=5C 6C and 7D 7H JK=7S; p1 has drawn and
    holds 5C, 7C and 7S."""
    state = stacked_state(
        "rummy-500",
        2,
        MOVING,
        upcard="KC",
        stock=("AC", "AD", "AH", "8C"),
        overrides=["melds.set.suits=distinct", *overrides],
    )
    act(state, "draw")
    act(state, "meld 4C JK=5C 6C")
    act(state, "meld 7D 7H JK=7S")
    act(state, "discard 2H")
    act(state, "draw")
    return state


def shown(state, index):
    meld = state.melds[index]
    cards = [format_card(state.faces[c]) for c in meld.cards]
    return " ".join(
        c if c != "JK" else f"JK={format_card(s)}"
        for c, s in zip(cards, meld.stands_for, strict=True)
    )


def test_a_melded_wild_keeps_its_card_by_default():
    state = melded_wilds()
    assert "does not fit meld 1" in why(state, "layoff 5C@1")
    assert "does not fit meld 2" in why(state, "layoff 7S@2")


def test_reposition_slide_to_end_moves_the_wild_to_the_high_end_of_the_run():
    state = melded_wilds("wilds.reposition=slide_to_end")
    assert "layoff 5C@1" in texts(state)
    act(state, "layoff 5C@1")
    assert shown(state, 0) == "4C 5C 6C JK=7C"
    # Sets are not runs: the set's wild still keeps its card.
    assert "does not fit meld 2" in why(state, "layoff 7S@2")
    # A natural 7C now takes the wild's place again, and the wild slides on.
    act(state, "layoff 7C@1")
    assert shown(state, 0) == "4C 5C 6C 7C JK=8C"


def test_reposition_slide_to_end_once_moves_each_wild_only_once():
    state = melded_wilds("wilds.reposition=slide_to_end_once")
    act(state, "layoff 5C@1")
    assert "does not fit meld 1" in why(state, "layoff 7C@1")


def test_reposition_sends_the_wild_to_the_low_end_when_the_run_cannot_grow_upwards():
    hands = {1: "JC QC JK 7D 7H JK 9S 8H 10S JD 3S QS 2H", 0: MOVING[0].replace("5C", "KC")}
    state = stacked_state(
        "rummy-500",
        2,
        hands,
        upcard="5C",
        stock=("AC", "AD", "AH"),
        overrides=["wilds.reposition=slide_to_end", "melds.run.ace=low"],
    )
    act(state, "draw")
    act(state, "meld JC QC JK=KC")
    act(state, "discard 2H")
    act(state, "draw")
    act(state, "layoff KC@1")
    assert shown(state, 0) == "JK=10C JC QC KC"


def test_declared_identity_may_change_lets_a_set_wild_take_another_suit():
    state = melded_wilds("wilds.declared_identity=may_change")
    act(state, "layoff 7S@2")
    assert shown(state, 1) == "7D 7H JK=7C 7S"
    act(state, "layoff 5C@1")
    assert shown(state, 0) == "4C 5C 6C JK=7C"


CLAIMS = (
    "wilds.exchange.claim_order=first_in_rotation",
    "wilds.exchange.player_down=not_required",
    "wilds.exchange.use_same_turn=false",
)


def melded(*overrides):
    """p2 has just gone down with JK=6H; p3 holds the natural 6H."""
    hands = {1: "5H JK 7H 8H 9S 10S JS 2C KD QS", 2: "2D 3D 4D 9C 10C JC 6H KS QH 3S"}
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides])
    act(state, "draw")
    act(state, "down 5H JK=6H 7H 8H / 9S 10S JS")
    return state


def test_a_wild_may_be_claimed_out_of_turn_by_the_first_in_rotation_as_soon_as_it_is_melded():
    state = melded(*CLAIMS)
    # The turn waits while p3, next in turn order, is asked.
    assert state.phase == "claim" and state.to_move == 2 and state.current == 1
    assert texts(state) == ["exchange 6H@1", "pass"]
    assert why(state, "discard KD") is not None
    act(state, "exchange 6H@1")
    assert parse_card("JK") in state.hand(2) and parse_card("6H") not in state.hand(2)
    assert [format_card(state.faces[c]) for c in state.melds[0].cards][1] == "6H"
    # The window closes (nobody else may claim) and p2 finishes the turn.
    assert state.phase == "play" and state.to_move == 1
    assert state.log[-1] == {"seat": 2, "action": "exchange 6H@1"}
    act(state, "discard KD")
    assert state.current == 2


def test_a_claim_passed_leaves_the_wild_for_its_own_turn_rules():
    state = melded(*CLAIMS)
    act(state, "pass")
    assert state.phase == "play" and state.to_move == 1
    assert parse_card("JK") in [state.faces[c] for c in state.melds[0].cards]


def test_wilds_are_claimed_only_in_own_turn_by_default():
    state = melded(*CLAIMS[1:])
    assert state.phase == "play" and state.to_move == 1


def test_a_claim_out_of_turn_cannot_oblige_the_claimant_to_use_or_go_down_that_turn():
    from .test_checks import errors

    for key in ("use_same_turn", "forces_going_down"):
        found = errors(
            "wilds.exchange.claim_order=first_in_rotation",
            f"wilds.exchange.{key}=true",
            source="contract-gamerules",
        )
        assert any("first_in_rotation" in e and key in e for e in found), (key, found)


# -- whose melds, and when the freed wild is used (S001) ----------------------


def owner_table(*overrides):
    """p2 goes down with 5H JK=6H 7H 8H / 9S 10S JS holding the natural 6H, and a
    round later has drawn: down since an earlier turn, beside its own joker."""
    hands = {1: "5H JK 7H 8H 9S 10S JS 2C KD 6H", 2: "2D 3D 4D 9C 10C JC 4S KS QH 3S"}
    state = stacked_state("contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides])
    act(state, "draw")
    act(state, "down 5H JK=6H 7H 8H / 9S 10S JS")
    act(state, "discard KD")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")
    act(state, "draw")
    return state


def test_a_joker_is_taken_only_from_another_players_run_where_s001_says_so():
    state = owner_table()  # contract-gamerules: wilds.exchange.from_owner: others
    assert why(state, "exchange 6H@1") == "wild cards may be taken only from other players' melds"
    assert "exchange 6H@1" not in texts(state)
    assert why(owner_table("wilds.exchange.from_owner=any"), "exchange 6H@1") is None
    assert why(owner_table("wilds.exchange.from_owner=own"), "exchange 6H@1") is None
    assert "your own melds" in why(waited("wilds.exchange.from_owner=own"), "exchange 6H@1")


def test_a_freed_joker_may_be_melded_after_other_plays_of_the_same_turn():
    """contract-gamerules: wilds.exchange.freed_wild_first: false ('during that turn')."""

    state = waited_with("2D 3D 4D 9C 10C JC 6H KS 5D 3S")
    act(state, "exchange 6H@1")
    assert (
        why(state, "discard 3S") == "the freed wild JK must be melded this turn before you discard"
    )
    act(state, "layoff 5D@3")  # another play first
    assert why(state, "discard 3S") is not None
    act(state, "layoff JK=6D@3")
    assert why(state, "discard 3S") is None


def test_a_freed_joker_to_be_used_at_once_comes_before_any_other_play():
    state = waited_with("2D 3D 4D 9C 10C JC 6H KS 5D 3S", "wilds.exchange.freed_wild_first=true")
    act(state, "exchange 6H@1")
    assert why(state, "layoff 5D@3") == "JK must be melded first"
    act(state, "layoff JK=5D@3")
    assert why(state, "discard 3S") is None


def waited_with(p3_hand, *overrides):
    """p3, dealt ``p3_hand``, has gone down and a round has passed: p3 to play,
    down since an earlier turn."""
    state = table(p3_hand, *overrides)
    act(state, "down 2D 3D 4D / 9C 10C JC")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")
    act(state, "draw")
    return state


def test_the_twin_of_a_card_just_taken_may_not_be_discarded_where_the_face_is_barred():
    """discard.not_just_taken_match: face (contract-gamerules): the other deck's
    identical card cannot stand in for the card taken."""
    hands = {1: "5H JK 7H 8H 9S 10S JS 2C KD 2S", 2: "2D 3D 4D 9C 10C JC 6H KS QH 3S"}

    def taken(*overrides):
        state = stacked_state(
            "contract-gamerules", 3, hands, upcard="2S", overrides=[RUNS, *overrides]
        )
        act(state, "take 2S")
        return state

    assert "may not discard the card you just took" in why(taken(), "discard 2S")
    assert "discard 2S" not in texts(taken())
    assert why(taken("discard.not_just_taken_match=card"), "discard 2S") is None


def test_the_twin_of_a_card_just_taken_may_be_discarded_after_one_of_them_is_melded():
    """discard.not_just_taken_match: card (Buraco, two decks): a player who held
    7H and took the other 7H from the pile may discard a 7H — the twin — even
    once one of the two is melded (the engine's copy melded was the twin);
    without a twin the card taken stays barred."""

    def taken(second_hand):
        hands = {1: "7H 2C 4D 6S 8C 10D QS KD 5C 3C 3D", 2: second_hand}
        state = stacked_state("buraco", 4, hands, upcard="", stock=("JC", "JD"))
        for text in ("draw", "discard 7H", "take 7H"):
            act(state, text)
        return state

    state = taken("7H 8H 9H 2D 4S 6D 8S 10S QD KS 5D")
    assert why(state, "discard 7H") is None
    act(state, "meld 7H 8H 9H")
    assert why(state, "discard 7H") is None and "discard 7H" in texts(state)
    state = taken("6H 8H 9H 2D 4S 6D 8S 10S QD KS 5D")
    assert "may not discard the card you just took" in why(state, "discard 7H")


def test_not_just_taken_always_bars_the_card_chosen_when_the_pile_comes_with_it():
    """discard.not_just_taken: always (Buraco takes the whole pile): the top card
    named may not be thrown back, though other cards came with it; the cards
    under it may; single_card_take bars nothing after a take of two."""
    hands = {
        1: "7H 2C 4D 6S 8C 10D QS KD 5C 3C 3D",
        2: "6H 8H 9H 2D 4S 6D 8S 10S QD KS 5D",
        3: "7C 2H 4H 6C 9C 10C QC KC 5H 3H JH",
    }

    def taken(value):
        state = stacked_state(
            "buraco", 4, hands, upcard="", stock=("JC", "AD", "AC"),
            overrides=[f"discard.not_just_taken={value}"],
        )  # fmt: skip
        for text in ("draw", "discard 7H", "draw", "discard 10S", "take 10S"):
            act(state, text)  # the third player takes the pile: 7H under 10S
        return state

    state = taken("always")
    assert "may not discard the card you just took" in why(state, "discard 10S")
    assert why(state, "discard 7H") is None
    state = taken("single_card_take")
    assert why(state, "discard 10S") is None


def set_table(first_meld, *overrides, p3="7C 3D 3C 3S 5C 5H 5S 6H QH KS"):
    """p2 goes down with ``first_meld`` / 9S 9D 9C; p3, holding 7C, goes down
    too; a round later p3 is to play (contract-gamerules, sets deal)."""
    sets = "deals=[{cards: 10, contract: [{type: set, size: 3}, {type: set, size: 3}]}]"
    p2 = first_meld.replace("JK=7C", "JK").replace("JK=7D", "JK").split()
    hands = {
        1: " ".join([*p2, "9S", "9D", "9C", *"2C KD QS 4H 5D 6S".split()][:10]),
        2: p3,
    }
    state = stacked_state(
        "contract-gamerules", 3, hands, upcard="2S",
        overrides=[sets, "wilds.exchange.from_melds=any", *overrides],
    )  # fmt: skip
    act(state, "draw")
    act(state, f"down {first_meld} / 9S 9D 9C")
    act(state, "discard KD")
    act(state, "draw")
    act(state, "down 3D 3C 3S / 5C 5H 5S")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {_first_discardable(state)}")
    act(state, "draw")
    return state


def test_a_set_that_lacks_only_one_suit_frees_its_wild_for_that_card():
    """wilds.exchange.set_needs_all_missing_suits (Kalooki): 7H 7S 7D JK=7C lacks
    only clubs, so 7C frees the joker; 7H 7S JK=7C lacks two suits, and one
    card cannot supply both (without the key it can)."""
    rule = "wilds.exchange.set_needs_all_missing_suits=true"
    four = set_table("7H 7S 7D JK=7C", rule)
    assert why(four, "exchange 7C@1") is None
    three = set_table("7H 7S JK=7C", rule)
    assert "every missing suit" in why(three, "exchange 7C@1")
    assert why(set_table("7H 7S JK=7C"), "exchange 7C@1") is None


#: p3 holds both suits 7H 7S JK=7C lacks, 7C and 7D.
BOTH = "7C 7D 3D 3C 3S 5C 5H 5S 6H KS"
MISSING = "wilds.exchange.set_needs_all_missing_suits=true"


def test_a_set_of_three_lacking_two_suits_frees_its_wild_for_both_at_once():
    """set_needs_all_missing_suits (Kalooki, equal-chance): 7H 7S JK=7C lacks
    clubs and diamonds; ``exchange 7C 7D@1`` gives both, 7C in the wild's place
    and 7D joining the set, and the joker comes to the hand."""
    state = set_table("7H 7S JK=7C", MISSING, p3=BOTH)
    assert "every missing suit" in why(state, "exchange 7C@1")
    assert "exchange 7C 7D@1" in texts(state)
    assert why(state, "exchange 7D 7C@1") is None  # either order
    act(state, "exchange 7D 7C@1")
    assert state.game.log[-1]["action"] == "exchange 7C 7D@1"  # recorded stand-in first
    meld = state.melds[0]
    assert sorted(format_card(state.faces[c]) for c in meld.cards) == ["7C", "7D", "7H", "7S"]
    assert "JK" in [format_card(f) for f in state.hand(2)]
    assert "7C" not in [format_card(f) for f in state.hand(2)]


def test_two_cards_are_given_only_where_a_set_lacks_two_suits():
    """One card for a set lacking one suit; two never without the key, nor for a
    run; a second card of a suit the set holds does not free the wild."""
    four = set_table("7H 7S 7D JK=7C", MISSING, p3=BOTH)
    assert why(four, "exchange 7C 7D@1") == (
        "this exchange gives one card only: the card the wild stands for"
    )
    plain = set_table("7H 7S JK=7C", p3=BOTH)
    assert why(plain, "exchange 7C 7D@1") == (
        "this exchange gives one card only: the card the wild stands for"
    )
    assert why(plain, "exchange 7C@1") is None
    three = set_table("7H 7S JK=7C", MISSING, p3="7C 7H 3D 3C 3S 5C 5H 5S 6H KS")
    assert "every missing suit" in why(three, "exchange 7C 7H@1")


def test_a_set_holding_every_suit_is_closed():
    """wilds.exchange.full_set_closed (Kalooki, equal-chance): 7H 7S 7D JK=7C
    holds every suit, its joker never taken; the set of three still frees its
    joker for both missing suits."""
    closed = "wilds.exchange.full_set_closed=true"
    four = set_table("7H 7S 7D JK=7C", MISSING, closed, p3=BOTH)
    assert (
        why(four, "exchange 7C@1") == "a set holding every suit is closed: its wild is never taken"
    )
    assert not [t for t in texts(four) if t.startswith("exchange")]
    three = set_table("7H 7S JK=7C", MISSING, closed, p3=BOTH)
    assert why(three, "exchange 7C 7D@1") is None


def test_picking_both_missing_suits_in_the_hand_offers_the_two_card_exchange():
    """play: with 7C and 7D picked in the hand the actions shown hold the
    two-card exchange (PlaySession.actions_with counts its second card)."""
    from rummy_rules import load_variant
    from rummy_rules.sim.session import PlaySession

    state = set_table("7H 7S JK=7C", MISSING, p3=BOTH)
    sets = "deals=[{cards: 10, contract: [{type: set, size: 3}, {type: set, size: 3}]}]"
    spec = load_variant("contract-gamerules", [sets, "wilds.exchange.from_melds=any", MISSING])
    session = PlaySession(spec, players=3, seat=2, bots=["random", "random"], state=state)
    assert session.my_turn()
    picked = [parse_card("7C"), parse_card("7D")]
    assert session.actions_with(picked) == ["exchange 7C 7D@1"]
