"""Laying off a wild card as the README says: its stand-in may be left out
(the game finds it, and the record writes it), and in a set any stand-in of
the set's rank that keeps the set valid is accepted, not only the one listed."""

from __future__ import annotations

from .engine_helpers import act, stacked_state, why

JOKERS = ("deck.jokers=2", "scoring.card_values.joker=15")


def _state(p2):
    return stacked_state(
        "basic-rummy",
        2,
        {0: "2C 3D 9S 10D JC QS KH 8C 6D 5S", 1: p2},
        upcard="AD",
        stock=("KS", "QD"),
        overrides=JOKERS,
    )


def test_a_wild_laid_off_without_its_stand_in_on_a_run_takes_the_high_end():
    state = _state("5H 6H 7H 2D 3S 9C JK 10C KC KD")
    act(state, "draw")  # KS
    act(state, "meld 5H 6H 7H")
    assert why(state, "layoff JK@1") is None
    act(state, "layoff JK@1")
    assert state.game.log[-1]["action"] == "layoff JK=8H@1"


def test_a_wild_laid_off_on_a_set_may_stand_for_any_suit_the_set_allows():
    state = _state("4C 4D 4S 2D 3S 9C JK 10C KC KD")
    act(state, "draw")
    act(state, "meld 4C 4D 4S")
    assert why(state, "layoff JK=4H@1") is None
    assert why(state, "layoff JK=4C@1") is None  # suits may repeat in this variant
    assert why(state, "layoff JK=5C@1") == "JK=5C does not fit meld 1 (4C 4D 4S)"
    act(state, "layoff JK@1")
    assert state.game.log[-1]["action"].startswith("layoff JK=4")


def test_a_wild_rank_card_laid_off_plain_stands_for_itself_where_it_fits_so():
    """Records write a wild-rank card standing for itself plain (`2H`), so a
    plain lay-off of one that fits as itself keeps that meaning on replay."""
    state = stacked_state(
        "basic-rummy",
        2,
        {0: "2C 3D 9S 10D JC QS KH 8C 6D 5S", 1: "3H 4H 5H 2H 3S 9C 10C KC KD QC"},
        upcard="AD",
        stock=("KS", "QD"),
        overrides=("deck.wild_ranks=[2]",),
    )
    act(state, "draw")
    act(state, "meld 3H 4H 5H")
    act(state, "layoff 2H@1")
    assert state.game.log[-1]["action"] == "layoff 2H@1"
    meld = state.game.deal.melds[0]
    assert state.faces[meld.cards[0]] == meld.stands_for[0]  # 2H as 2H, at the low end


def test_a_listed_lay_off_is_shared_and_keeps_its_text():
    """The listing reuses one lay-off object per card, stand-in and meld (as it
    does the discards): listed again, the same object with the same text."""
    from rummy_rules.engine.actions import action_text

    state = _state("5H 6H 7H 2D 3S 9C JK 10C KC KD")
    act(state, "draw")
    act(state, "meld 5H 6H 7H")
    first = [a for a in state.legal_actions() if a.kind == "layoff"]
    again = [a for a in state.legal_actions() if a.kind == "layoff"]
    assert [str(a) for a in first] == ["layoff JK=4H@1", "layoff JK=8H@1"]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert [action_text(a) for a in first] == [str(a) for a in first]
