"""The knock family beyond two-player Gin: big gin, spades double, the end-of-game
bonuses (game, line or box, shutout) and Knock Rummy's knock by any number of
players, each rule checked by the scenario it names."""

from __future__ import annotations

import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import parse_cards
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import ROOT, examples
from .engine_helpers import act, stacked_state, texts, why

GIN = ROOT / "tests" / "data" / "knock-gin.yaml"
KNOCK_RUMMY = ROOT / "variants" / "knock-rummy.yaml"
BIG_GIN = ("going_out.knock.big_gin=true", "scoring.bonuses+={event: big_gin, points: 6}")

#: p2 (first to play) holds AH-5H, three sevens and 9C 10C, and draws JC:
#: all eleven cards make melds.
ELEVEN = {1: "AH 2H 3H 4H 5H 7S 7D 7C 9C 10C", 0: "6H QC KC KS 8D 8H 8C 3D 4D 2S"}


def _drawn(variant, hands, *overrides, upcard="KD", players=2, stock=("JC",)):
    state = stacked_state(variant, players, hands, upcard=upcard, stock=stock, overrides=overrides)
    for text in ("pass", "pass", "draw"):
        act(state, text)
    return state


def test_big_gin_knocks_with_no_discard_and_scores_its_bonus_on_top_of_gin():
    state = _drawn(GIN, ELEVEN, *BIG_GIN)
    listed = texts(state)
    assert "knock with 7C 7D 7S / 9C 10C JC / AH 2H 3H 4H 5H" in listed
    pile = len(state.discard_pile)
    act(state, "knock")  # no card: big gin, with the layout that melds everything
    assert state.log[-1]["action"].startswith("knock with ")
    assert len(state.discard_pile) == pile and state.hand(1) == []
    assert not [t for t in texts(state) if t.startswith("layoff")]  # never on gin
    act(state, "end")
    result = state.results[0]
    # p1 keeps 6H QC KC KS 8D 8H 8C 3D 4D 2S: 6+10+10+10+8+8+8+3+4+2 = 69.
    assert result.reason == "gin" and list(result.scores) == [0, 69 + 25 + 6]


def test_without_big_gin_a_knock_must_name_its_discard():
    state = _drawn(GIN, ELEVEN)
    assert not [t for t in texts(state) if t.startswith("knock with")]
    assert "there is no big gin here" in why(state, "knock")
    act(state, "knock AH")  # an ordinary gin: ten cards melded, one discarded
    act(state, "end")
    assert state.results[0].reason == "gin"


def test_big_gin_melds_must_take_every_card():
    state = _drawn(GIN, ELEVEN, *BIG_GIN)
    assert "leave some out" in why(state, "knock with AH 2H 3H 4H 5H / 7C 7D 7S")


def test_a_spade_upcard_doubles_every_score_of_the_hand():
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C AH 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}
    for upcard, factor in (("QS", 2), ("QD", 1)):
        state = _drawn(GIN, hands, "scoring.spade_upcard_factor=2", upcard=upcard)
        act(state, "knock 2S")
        act(state, "end")
        assert list(state.results[0].scores) == [0, (72 + 25) * factor]


def test_game_shutout_and_box_bonuses_are_added_when_the_game_ends():
    bonuses = ("game_end.game_bonus=100", "game_end.hand_bonus=25", "game_end.shutout_factor=2")
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C AH 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}
    state = _drawn(GIN, hands, "game_end.target_score=50", *bonuses)
    act(state, "knock 2S")
    act(state, "end")
    assert state.is_terminal()
    end = state.log[-1]
    # 97 from the hand, doubled (p1 won no hand), + 100 game + 25 for the one hand won.
    assert end["bonuses"] == [0, 97 + 100 + 25]
    assert end["totals"] == [0, 97 * 2 + 100 + 25] and end["winners"] == [1]
    assert state.totals == end["totals"]


def test_a_game_without_end_bonuses_writes_no_bonuses():
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C AH 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}
    state = _drawn(GIN, hands, "game_end.target_score=50")
    act(state, "knock 2S")
    act(state, "end")
    assert "bonuses" not in state.log[-1]


def test_knock_rummy_each_other_player_lays_out_in_turn_and_the_lowest_deadwood_wins():
    hands = {
        1: "2H 3H 4H 7S 7D 7C 5C",  # knocks with 5C: 5
        2: "9H 9D 9C JS QS KS 3D",  # lays out two melds, keeps 3D: 3
        0: "AS 2D 4C 6D 8S 10H 10D",  # no meld: 41
    }
    state = stacked_state(KNOCK_RUMMY, 3, hands, upcard="QH", stock=["KC"])
    act(state, "draw")
    # Any deadwood may knock: 5C, or even 2H with 3H 4H 5C KC left.
    assert "knock 2H with 7C 7D 7S" in texts(state)
    act(state, "knock KC")
    assert state.phase == "defend" and state.to_move == 2
    assert not [t for t in texts(state) if t.startswith("layoff")]  # no lay-offs here
    act(state, "meld 9C 9D 9H")
    act(state, "meld JS QS KS")
    act(state, "end")
    assert state.phase == "defend" and state.to_move == 0
    act(state, "end")
    result = state.results[0]
    # p3 undercuts: (5 - 3) from the knocker + (41 - 3) from p1 + 10 undercut penalty.
    assert (result.reason, result.went_out) == ("undercut", 2)
    assert list(result.scores) == [0, 0, 2 + 38 + 10]


def test_knock_rummy_a_tie_below_the_knocker_goes_to_the_first_after_the_knocker():
    hands = {
        1: "2H 3H 4H 7S 7D 7C 5C",  # knocks keeping 5C: 5
        2: "9H 9D 9C JS QS KS 3D",  # 3
        0: "AS AD AC 6D 6S 6H 3C",  # 3 as well, but after p3 in turn
    }
    state = stacked_state(KNOCK_RUMMY, 3, hands, upcard="QH", stock=["KC"])
    for text in ("draw", "knock KC", "meld 9C 9D 9H", "meld JS QS KS", "end"):
        act(state, text)
    for text in ("meld AC AD AS", "meld 6D 6H 6S", "end"):
        act(state, text)
    result = state.results[0]
    assert (result.reason, result.went_out) == ("undercut", 2)
    assert list(result.scores) == [0, 0, 2 + 0 + 10]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_knock_rummy_greedy_games_end_by_a_knock_and_replay(players, tmp_path):
    spec = load_variant(KNOCK_RUMMY)
    for seed in range(examples(3, 20)):
        state = GameState(compile_rules(spec, players), seed=seed)
        bots = [make_bot("greedy", random.Random(seed + s)) for s in range(players)]
        play_game(state, bots)
        for result in state.results:
            assert result.reason in ("gin", "knock", "undercut"), result
        record = tmp_path / f"g{seed}.jsonl"
        record.write_text("\n".join(record_lines(state, spec.model_dump(mode="json"))) + "\n")
        assert replay_record(record).finished


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (["scoring.bonuses+={event: big_gin, points: 6}"], "big_gin never happens"),
        (["scoring.spade_upcard_factor=2", "table.upcard=false"], "spade upcard"),
        (["game_end.winner=lowest_total", "game_end.game_bonus=100"], "highest_total"),
    ],
)
def test_knock_scoring_keys_without_their_rule_are_refused(overrides, message):
    report = check_variant(GIN, overrides)
    assert any(message in problem.message for problem in report.errors), report.errors


def test_meld_says_when_a_hand_is_big_gin(cli):
    cards = "AH 2H 3H 4H 5H 7S 7D 7C 9C 10C JC".split()
    house = str(ROOT / "variants" / "house" / "gin-big-gin.yaml")
    text = cli("meld", house, *cards).stdout
    assert "Big gin" in text
    assert "Big gin" not in cli("meld", "gin", *cards).stdout  # standard Gin has none
    import json

    answer = json.loads(cli("meld", house, *cards, "--json").stdout)
    assert answer["big_gin"] is True and answer["deadwood_points"] == 0
    assert parse_cards(" ".join(answer["knock_discards"])) != []


def test_replay_checks_the_end_of_game_bonuses(tmp_path):
    import json

    from rummy_rules.sim.records import RecordError

    spec = load_variant("gin")
    state = GameState(compile_rules(spec, 2), seed=3)
    play_game(state, [make_bot("greedy", random.Random(s)) for s in range(2)])
    lines = list(record_lines(state, spec.model_dump(mode="json")))
    end = json.loads(lines[-1])
    assert sum(end["bonuses"]) >= 100  # at least the game bonus
    record = tmp_path / "g.jsonl"
    record.write_text("\n".join(lines) + "\n")
    assert replay_record(record).finished
    end["bonuses"] = [0, 0]
    record.write_text("\n".join([*lines[:-1], json.dumps(end)]) + "\n")
    with pytest.raises(RecordError, match="end-of-game bonuses"):
        replay_record(record)


def test_gin_and_undercuts_count_extra_boxes_where_the_house_says_so():
    # variants/house/oklahoma-boxes.yaml: gin 3 boxes, undercut 2, any other win 1,
    # each box 25 (game_end.hand_bonus) when the game ends (docs/records.md).
    import json

    spec = load_variant(str(ROOT / "variants" / "house" / "oklahoma-boxes.yaml"))
    seen = set()
    for seed in range(examples(6, 30)):
        state = GameState(compile_rules(spec, 2), seed=seed)
        play_game(state, [make_bot("greedy", random.Random(seed + s)) for s in range(2)])
        lines = [json.loads(x) for x in record_lines(state, spec.model_dump(mode="json"))]
        boxes = [0, 0]
        for entry in lines:
            if "deal_end" in entry and entry["went_out"] is not None:
                reason = entry["reason"]
                seen.add(reason)
                boxes[entry["went_out"]] += {"gin": 3, "undercut": 2}.get(reason, 1)
        end = lines[-1]
        totals = [t - b for t, b in zip(end["totals"], end["bonuses"], strict=True)]
        best = max(totals)
        for seat in range(2):
            expected = 25 * boxes[seat]
            if totals[seat] == best:
                expected += 100 + (totals[seat] if not boxes[1 - seat] else 0)
            assert end["bonuses"][seat] == expected, (seed, seat, boxes, end)
    assert {"gin", "knock"} <= seen


def test_extra_boxes_need_a_box_bonus():
    report = check_variant("gin", ["game_end.hand_bonus=0", "game_end.gin_boxes=3"])
    assert any("need hand_bonus" in p.message for p in report.errors), report.errors
