"""Leaving a deal (Indian Rummy): first and middle drops at their costs, a wrong
declaration that costs the stated points while the others play on, the last
player left winning the deal; pool games' rejoin limit; a tie after a fixed
number of deals playing another. Each rule by the scenario it names."""

from __future__ import annotations

import json
import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.ending import _eliminate, _game_over
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import examples
from .engine_helpers import act, stacked_state, texts, why

INDIAN = "indian-rummy"
PLAIN = ("deck.cut_wild=false",)

#: p2 moves first; neither hand can declare at once.
P2 = "2H 3H 4H 5H 5S JK 7S 9C 9D 9H KH KC 2S"
P3 = "AC 2C 3C 6D 7D 8D JD QD 5C 5D 8S 10S 10H"
P1 = "AD 3D 4D 6C 7C 9S JS QS KS 4C 6H 8H QH"


def _three(*overrides):
    hands = {1: P2, 2: P3, 0: P1}
    stock = ("QC", "4S", "10C", "JC", "2D", "3S")
    return stacked_state(INDIAN, 3, hands, upcard="KD", stock=stock, overrides=PLAIN + overrides)


def _finish_deal(state):
    """Play the deal on with the first listed action that is not a drop or a knock."""
    deal = state.deal_index
    for _ in range(2000):
        if state.deal_index != deal or state.is_terminal():
            return
        actions = [a for a in texts(state) if a != "drop" and not a.startswith("knock")]
        act(state, actions[0])
    raise AssertionError("the deal did not end")


def test_a_first_drop_costs_its_points_and_the_player_takes_no_more_turns():
    state = _three()
    assert "drop" in texts(state)  # p2, first turn, before drawing
    act(state, "drop")
    assert state.to_move == 2  # p3 plays on
    act(state, "draw")
    act(state, f"discard {texts(state)[-1].split()[-1]}")
    assert state.to_move == 0
    act(state, "draw")
    act(state, f"discard {texts(state)[-1].split()[-1]}")
    assert state.to_move == 2  # p2 is passed over
    assert len(state.hand(1)) == 13  # their cards stay with them, out of play
    _finish_deal(state)
    result = state.results[0]
    assert result.scores[1] == 20 and result.dropped[1] == 20


def test_a_middle_drop_costs_more_and_only_comes_before_drawing():
    state = _three()
    act(state, "draw")
    assert "drop" not in texts(state)  # after drawing, no drop
    assert "before drawing" in (why(state, "drop") or "draw first")
    act(state, "discard 2S")
    for _ in range(2):  # p3 and p1
        act(state, "draw")
        act(state, f"discard {texts(state)[-1].split()[-1]}")
    assert state.to_move == 1
    act(state, "drop")  # p2's second turn: a middle drop
    assert state.game.deal.dropped[1] == 40


def test_the_last_player_left_in_the_deal_wins_it():
    state = _three()
    act(state, "drop")  # p2
    act(state, "drop")  # p3
    result = state.results[0]
    assert result.reason == "dropped" and result.went_out == 0
    assert list(result.scores) == [0, 20, 20]


def test_a_variant_with_only_a_first_drop_refuses_a_later_one():
    state = _three("going_out.drop={first: 20}")
    act(state, "draw")
    act(state, "discard 2S")
    for _ in range(2):
        act(state, "draw")
        act(state, f"discard {texts(state)[-1].split()[-1]}")
    assert "drop" not in texts(state)
    assert "only a first drop" in why(state, "drop")


def test_without_dropping_drop_is_refused():
    state = _three("going_out.drop=null")
    assert "drop" not in texts(state)
    assert why(state, "drop") == "there is no dropping in this variant"


def test_a_wrong_declaration_costs_its_points_and_the_others_play_on():
    state = _three()
    act(state, "draw")  # p2 draws QC: one run, no second
    wrong = "knock 2S with 2H 3H 4H 5H / 9C 9D 9H / KC KH JK=KS"
    assert why(state, wrong) is None  # accepted: judged as it is played
    assert not [t for t in texts(state) if t.startswith("knock")]  # never listed
    act(state, wrong)
    assert state.game.deal.dropped[1] == 80
    assert len(state.hand(1)) == 14  # shown cards and all stay out of play
    assert state.to_move == 2 and state.phase == "draw"
    _finish_deal(state)
    assert state.results[0].scores[1] == 80


def test_a_knock_of_cards_not_held_is_refused_even_where_wrong_ones_cost():
    state = _three()
    act(state, "draw")
    reason = why(state, "knock 2S with 2H 3H 4H 6H / 9C 9D 9H")
    assert reason is not None and "you do not hold 6H" in reason


def test_without_the_key_a_wrong_declaration_is_refused():
    state = _three("going_out.knock.wrong_declaration=null")
    act(state, "draw")
    reason = why(state, "knock 2S with 2H 3H 4H 5H / 9C 9D 9H / KC KH JK=KS")
    assert reason is not None and "must hold 2 runs or more" in reason


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (["scoring.model=knock_difference"], "a drop costs penalty points"),
        (["going_out.drop={}"], "give first or middle"),
        (["game_end.buy_back_limit=79"], "limits buying back"),
    ],
)
def test_leaving_keys_without_what_they_need_are_refused(overrides, message):
    report = check_variant(INDIAN, overrides)
    assert any(message in problem.message for problem in report.errors), report.errors


def test_a_drop_outside_a_knock_game_is_refused_at_validation():
    report = check_variant("contract", ["going_out.drop={first: 20}", "scoring.model=penalty"])
    assert any("needs going_out.knock" in p.message for p in report.errors), report.errors


def test_a_pool_rejoin_only_while_no_one_still_in_is_above_the_limit():
    state = GameState(compile_rules(load_variant("indian-pool-101"), 3), seed=1)
    g = state.game
    g.totals[:] = [110, 80, 10]
    _adjust, bought, out = _eliminate(g)
    assert bought == [] and out == (0,)  # 80 is above 79: no rejoin
    state = GameState(compile_rules(load_variant("indian-pool-101"), 3), seed=1)
    g = state.game
    g.totals[:] = [110, 70, 10]
    _adjust, bought, out = _eliminate(g)
    assert bought == [0] and g.totals[0] == 70 and out == ()


def test_a_tie_after_the_last_of_a_fixed_number_of_deals_plays_another():
    state = GameState(compile_rules(load_variant("indian-deals"), 2), seed=1)
    g = state.game
    g.deal_index = 2
    g.totals[:] = [30, 30]
    assert _game_over(g) is None
    g.totals[:] = [30, 31]
    assert _game_over(g) == "rules"


def test_drops_in_simulated_records_cost_what_the_rules_say(tmp_path):
    """Read from the records: every drop line is followed, at its deal's end, by
    that seat's score of 20 (its first turn) or 40 (later); every knock lays two
    runs, one pure; no loser scores above 80."""
    spec = load_variant(INDIAN)
    drops = 0
    for seed in range(examples(6, 25)):
        state = GameState(compile_rules(spec, 4), seed=seed)
        play_game(state, [make_bot("greedy", random.Random(seed + s)) for s in range(4)])
        lines = list(record_lines(state, spec.model_dump(mode="json")))
        record = tmp_path / f"g{seed}.jsonl"
        record.write_text("\n".join(lines) + "\n")
        assert replay_record(record).finished
        turns = [0] * 4
        cost: dict[int, int] = {}
        for line in lines[1:]:
            entry = json.loads(line)
            written = entry.get("action", "")
            seat = int(written[1:].split()[0]) - 1 if written else -1
            action = written.partition(" ")[2]
            if action in ("draw", "drop") or action.startswith("take"):
                turns[seat] += 1
            if action == "drop":
                cost[seat] = 20 if turns[seat] == 1 else 40
            if "deal_end" in entry:
                for who, points in cost.items():
                    assert entry["scores"][who] == points and entry["dropped"][who] == points
                assert max(entry["scores"]) <= 80, entry
                drops += len(cost)
                turns, cost = [0] * 4, {}
    assert drops > 0


def test_play_warns_before_a_wrong_declaration_and_makes_it_when_typed_again():
    from rummy_rules.sim.session import PlaySession as Session

    state = _three()
    spec = load_variant(INDIAN, list(PLAIN))
    session = Session(spec, players=3, seat=1, bots=["greedy", "greedy"], state=state)
    assert session.play("draw") is None
    wrong = "knock 2S with 2H 3H 4H 5H / 9C 9D 9H / KC KH JK=KS"
    warning = session.play(wrong)
    assert warning is not None and "costs 80 points" in warning and "again" in warning
    assert state.game.deal.dropped[1] == -1  # nothing made yet
    assert session.play(wrong) is None
    assert state.game.deal.dropped[1] == 80


def test_play_lets_a_person_drop():
    from rummy_rules.render.refusals import refusal_line
    from rummy_rules.sim.session import PlaySession as Session

    state = _three()
    spec = load_variant(INDIAN, list(PLAIN))
    session = Session(spec, players=3, seat=1, bots=["greedy", "greedy"], state=state)
    assert "drop" in session.legal()
    # A drop costs points and the deal: the person is asked once.
    warning = session.play("drop")
    assert warning is not None and "costs 20 points" in warning and "again" in warning
    assert refusal_line(warning).startswith("careful: dropping out costs 20 points")
    assert state.game.deal.dropped[1] == -1
    assert session.play("drop") is None
    assert state.game.deal.dropped[1] == 20


def test_a_wild_card_a_player_discarded_may_not_be_taken():
    state = _three()
    act(state, "draw")
    act(state, "discard JK")
    assert "take JK" not in texts(state)
    assert why(state, "take JK") == "a wild card a player has discarded may not be taken"
    state = _three("wilds.take_discarded=true")
    act(state, "draw")
    act(state, "discard JK")
    assert "take JK" in texts(state)


def test_a_wild_card_turned_up_as_the_first_upcard_may_be_taken():
    hands = {1: P2.replace("JK", "6S"), 2: P3, 0: P1}
    state = stacked_state(INDIAN, 3, hands, upcard="JK", stock=("QC",), overrides=PLAIN)
    assert "take JK" in texts(state)
