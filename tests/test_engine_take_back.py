"""Taking back cards laid this turn (``melding.take_back``), one scenario per rule."""

from __future__ import annotations

import random

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.engine import GameState, parse_action
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.records import replay_record, write_record

from .engine_helpers import act, stacked_state, texts, why

TAKE_BACK = "melding.take_back=this_turn"


def table_melds(state):
    return [" ".join(format_card(state.faces[c]) for c in m.cards) for m in state.melds]


def drawn(*overrides):
    """basic-rummy, three players: p2 holds four sevens and 8S 9S, and has drawn."""
    hands = {1: "7S 7D 7C 7H 8S 9S KS"}
    state = stacked_state(
        "basic-rummy", 3, hands, upcard="3S", stock=["2C"], overrides=list(overrides)
    )
    act(state, "draw")
    return state


def test_a_player_takes_back_the_meld_laid_this_turn():
    state = drawn(TAKE_BACK, "melding.melds_per_turn=null")
    before = sorted(state.hand(1))
    act(state, "meld 7C 7D 7H 7S")
    assert table_melds(state) == ["7C 7D 7H 7S"]
    act(state, "undo")
    assert table_melds(state) == []
    assert sorted(state.hand(1)) == before
    assert why(state, "discard KS") is None


def test_the_last_play_is_taken_back_first():
    state = drawn(TAKE_BACK, "melding.melds_per_turn=null")
    act(state, "meld 7C 7D 7H")
    act(state, "layoff 7S@1")
    act(state, "undo")
    assert table_melds(state) == ["7C 7D 7H"]
    act(state, "undo")
    assert table_melds(state) == []
    assert why(state, "undo") == "you have laid nothing this turn to take back"


def test_cards_laid_stay_on_the_table_where_the_file_says_so():
    state = drawn()
    act(state, "meld 7C 7D 7H 7S")
    assert why(state, "undo") == "cards laid on the table stay there in this variant"


def test_cards_laid_in_an_earlier_turn_stay_laid():
    state = drawn(TAKE_BACK)
    act(state, "meld 7C 7D 7H 7S")
    act(state, "discard KS")
    for _ in range(2):
        act(state, "draw")
        act(state, next(t for t in texts(state) if t.startswith("discard")))
    act(state, "draw")  # p2 again
    assert why(state, "undo") == "you have laid nothing this turn to take back"
    assert table_melds(state) == ["7C 7D 7H 7S"]


def test_undo_is_never_listed_so_that_bots_always_move_on():
    state = drawn(TAKE_BACK)
    act(state, "meld 7C 7D 7H 7S")
    assert why(state, "undo") is None
    assert "undo" not in texts(state)


def _play_with_take_backs(seed: int, take_backs: bool) -> GameState:
    """A game of random moves; with ``take_backs`` every card play is taken back
    once and played again."""
    spec = load_variant("basic-rummy", [TAKE_BACK])
    state = GameState(compile_rules(spec, 3), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if take_backs and action.kind in ("down", "meld", "layoff", "exchange", "rearrange"):
            deal, seat = state.deal_index, state.to_move
            state.apply(action)
            if state.is_terminal() or state.deal_index != deal or state.to_move != seat:
                continue  # the player went out: nothing is left to take back
            state.apply(parse_action("undo"))
        state.apply(action)
    return state


def test_a_game_with_take_backs_replays_and_ends_as_without_them(tmp_path):
    plain = _play_with_take_backs(4, take_backs=False)
    undone = _play_with_take_backs(4, take_backs=True)
    assert any(e.get("action") == "undo" for e in undone.log)
    assert undone.totals == plain.totals
    spec = load_variant("basic-rummy", [TAKE_BACK])
    path = tmp_path / "game.jsonl"
    write_record(path, undone, spec.model_dump(mode="json"), seats=["person"] * 3)
    report = replay_record(path)
    assert report.finished and tuple(report.totals) == tuple(undone.totals)
