"""Knocking (going_out.knock): deadwood, the knock, the other player's answer, the score.

The rules of a knocked hand are those of Gin Rummy as docs/format.md states
them; the deadwood counts are checked against an exhaustive search and, where
OpenSpiel is installed (the ``peer`` extra), against its ``gin_rummy``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_cards
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.deadwood import best_layout, knock_discards, min_deadwood
from rummy_rules.engine.melds import check_meld
from rummy_rules.sim.bots import RandomBot, make_bot, play_game
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import ROOT, examples
from .engine_helpers import act, stacked_state, texts, why

GIN = ROOT / "tests" / "data" / "knock-gin.yaml"


def gin_rules(*overrides):
    return compile_rules(load_variant(GIN, list(overrides)), 2)


def exhaustive_deadwood(hand, rules):
    """The least deadwood by trying every set of disjoint melds (slow, obviously right)."""
    from rummy_rules.engine.candidates import iter_melds

    melds = [
        tuple(sorted(m.cards))
        for m in iter_melds(hand, rules.melds, frozenset(), "any")
        if check_meld(m, rules.melds, frozenset()) is None
    ]
    best = sum(rules.card_values[f] for f in hand)
    for size in range(1, 5):
        for chosen in itertools.combinations(melds, size):
            used = [f for m in chosen for f in m]
            left = list(hand)
            try:
                for face in used:
                    left.remove(face)
            except ValueError:
                continue
            best = min(best, sum(rules.card_values[f] for f in left))
    return best


def test_the_least_deadwood_is_what_an_exhaustive_search_finds():
    rules = gin_rules()
    rng = random.Random(7)
    for _ in range(examples(60, 400)):
        hand = rng.sample(range(52), rng.choice([10, 11]))
        layout = best_layout(hand, rules.melds, rules.card_values)
        assert layout.value == exhaustive_deadwood(hand, rules)
        # The layout is real: valid melds, disjoint, and the deadwood is what is left.
        left = list(hand)
        for meld in layout.melds:
            assert check_meld(meld, rules.melds, frozenset()) is None
            for face in meld.cards:
                left.remove(face)
        assert sorted(left) == sorted(layout.deadwood)
        assert sum(rules.card_values[f] for f in left) == layout.value


def test_the_cheap_bound_on_deadwood_never_exceeds_the_least_deadwood():
    from rummy_rules.engine.deadwood import _surely_dead

    rng = random.Random(11)
    for variant, players in (("gin", 2), ("knock-rummy", 3), ("oklahoma-gin", 2), ("tonk", 2)):
        rules = compile_rules(load_variant(variant), players)
        for _ in range(examples(40, 300)):
            hand = rng.sample(range(52), rng.choice([5, 7, 10, 11]))
            exact = best_layout(hand, rules.melds, rules.card_values).value
            bound = _surely_dead(hand, rules.melds, frozenset(), rules.card_values)
            assert bound <= exact, (variant, hand, bound, exact)


def _ours(card):
    """OpenSpiel's card number (suits s, c, d, h) as our face (suits C, D, H, S)."""
    return ((card // 13 + 3) % 4) * 13 + card % 13


def test_deadwood_and_knock_discards_agree_with_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rules = gin_rules()
    rng = random.Random(11)
    for _ in range(examples(300, 3000)):
        hand = rng.sample(range(52), rng.choice([10, 11]))
        faces = [_ours(c) for c in hand]
        if len(hand) == 10:
            assert utils.min_deadwood(hand) == min_deadwood(faces, rules.melds, rules.card_values)
            continue
        theirs = sorted(_ours(c) for c in utils.legal_discards(hand, 10))
        assert theirs == knock_discards(faces, rules.melds, rules.card_values, 10)


# -- a knocked hand, card by card --------------------------------------------------

#: p2 (seat 1) plays first and will knock after drawing JC: melds 7C 7D 7S,
#: 9C 10C JC, 2H 3H 4H; deadwood AD once 2S is discarded. p1 can lay off 5H
#: (then 6H) on the hearts and QC (then KC) on the clubs, and melds 8C 8D 8H.
HANDS = {1: "2H 3H 4H 7S 7D 7C 9C 10C AD 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}


def knocked(*overrides):
    state = stacked_state(GIN, 2, HANDS, upcard="KD", stock=["JC"], overrides=overrides)
    act(state, "pass")  # p2 refuses the upcard
    act(state, "pass")  # so does p1
    act(state, "draw")  # p2 draws JC
    return state


def _meld_index(state, text):
    faces = sorted(parse_cards(text))
    for i, meld in enumerate(state.melds):
        if sorted(state.faces[c] for c in meld.cards) == faces:
            return i + 1
    raise AssertionError(f"no meld {text}")


def test_a_player_with_ten_or_less_deadwood_may_knock_and_the_layout_leaves_least():
    state = knocked()
    knocks = [t for t in texts(state) if t.startswith("knock")]
    # 2S leaves AD (1); AD leaves 2S (2); a heart leaves the other two hearts,
    # AD and 2S (10 or less); anything else leaves more than ten.
    assert [t.split()[1] for t in knocks] == ["2H", "2S", "3H", "4H", "AD"]
    assert why(state, "knock 9C") is not None  # 10C JC AD 2S: over ten
    act(state, "knock 2S")
    assert state.phase == "defend" and state.to_move == 0
    assert state.hand(1) == parse_cards("AD")
    # Typed without melds, the knock is recorded with the layout played.
    assert state.log[-1]["action"] == "knock 2S with 7C 7D 7S / 9C 10C JC / 2H 3H 4H"
    assert format_card(state.faces[state.discard_pile[-1]]) == "2S"


def test_a_knock_may_name_another_layout_within_the_limit():
    state = knocked()
    # Keeping 2H 3H 4H out of the melds leaves 2+3+4+1 = 10: within the limit.
    assert why(state, "knock 2S with 7C 7D 7S / 9C 10C JC") is None
    # Keeping the clubs out leaves 9+10+10+1 = 30.
    assert "at most 10" in why(state, "knock 2S with 7C 7D 7S / 2H 3H 4H")
    assert why(state, "knock 2S with 7C 7D 7S / 9C 10C JC / 2H 3H") == (
        "2H 3H: a run needs at least 3 cards"
    )
    act(state, "knock 2S with 7C 7D 7S / 9C 10C JC")
    assert sorted(state.hand(1)) == sorted(parse_cards("2H 3H 4H AD"))


def test_the_other_player_lays_off_on_the_knockers_melds_and_melds_their_own():
    state = knocked()
    act(state, "knock 2S")
    hearts = _meld_index(state, "2H 3H 4H")
    clubs = _meld_index(state, "9C 10C JC")
    listed = texts(state)
    assert f"layoff 5H@{hearts}" in listed and f"layoff QC@{clubs}" in listed
    assert "meld 8C 8D 8H" in listed and "end" in listed
    assert why(state, f"layoff 6H@{hearts}") is not None  # 6H fits only after 5H
    act(state, f"layoff 5H@{hearts}")
    act(state, f"layoff 6H@{hearts}")
    act(state, f"layoff QC@{clubs}")
    act(state, f"layoff KC@{clubs}")
    act(state, "meld 8C 8D 8H")
    act(state, "end")
    result = state.results[0]
    # p1 is left with KS 3D 4D (17), p2 with AD (1): p2 scores the difference.
    assert result.reason == "knock" and result.went_out == 1
    assert list(result.scores) == [0, 16]


def test_nothing_may_be_laid_off_on_gin_and_gin_scores_its_bonus():
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C AH 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}
    state = stacked_state(GIN, 2, hands, upcard="KD", stock=["JC"])
    for text in ("pass", "pass", "draw"):
        act(state, text)
    # AH joins 2H 3H 4H: discarding 2S leaves no deadwood at all.
    act(state, "knock 2S")
    assert not [t for t in texts(state) if t.startswith("layoff")]
    assert why(state, "layoff 5H@1") is not None
    act(state, "end")
    result = state.results[0]
    # p1 holds 5H 6H QC KC KS 8D 8H 8C 3D 4D: 5+6+10+10+10+8+8+8+3+4 = 72, plus the gin bonus.
    assert result.reason == "gin" and list(result.scores) == [0, 72 + 25]


#: Jokers wild and worth 0 (as Indian Rummy counts them), in the knock test game.
_ZERO_JOKERS = ("deck.jokers=2", "deck.joker_role=wild", "scoring.card_values.joker=0")


def test_a_card_worth_0_left_in_hand_is_deadwood_of_0_but_no_gin():
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C JK 2S", 0: "5H 6H QC KC KS 8D 8H 8C 3D 4D"}
    state = stacked_state(GIN, 2, hands, upcard="KD", stock=["JC"], overrides=_ZERO_JOKERS)
    for text in ("pass", "pass", "draw"):
        act(state, text)
    # The listed knock melds the joker too (the layout leaving fewest cards worth 0).
    knocks = [t for t in texts(state) if t.startswith("knock 2S")]
    assert knocks and all("JK" in t for t in knocks), knocks
    # Named with the joker left in hand: deadwood 0, but a card is left, so no
    # gin: the other player may lay off, and no gin bonus is scored.
    act(state, "knock 2S with 2H 3H 4H / 7C 7D 7S / 9C 10C JC")
    assert state.phase == "defend" and why(state, "layoff 5H@1") is None
    act(state, "end")
    result = state.results[0]
    assert result.reason == "knock" and list(result.scores) == [0, 72]
    # At a limit of 0 (gin only) the same knock is refused, and the listed one melds the joker.
    state = stacked_state(
        GIN,
        2,
        hands,
        upcard="KD",
        stock=["JC"],
        overrides=(*_ZERO_JOKERS, "going_out.knock.deadwood_limit=0"),
    )
    for text in ("pass", "pass", "draw"):
        act(state, text)
    reason = why(state, "knock 2S with 2H 3H 4H / 7C 7D 7S / 9C 10C JC")
    assert reason is not None and "JK" in reason
    assert [t for t in texts(state) if t.startswith("knock 2S")]


def test_equal_deadwood_undercuts_the_knocker_unless_the_rule_says_lower():
    # p2 knocks keeping AD (1); p1 lays off and melds down to AS (1): equal.
    hands = {1: "2H 3H 4H 7S 7D 7C 9C 10C AD 2S", 0: "5H QC KC AS 8D 8H 8C 9D 9H 9S"}
    outcomes = {"equal_or_lower": ("undercut", 0, [25, 0]), "lower": ("knock", None, [0, 0])}
    for rule, (reason, winner, scores) in outcomes.items():
        state = stacked_state(
            GIN, 2, hands, upcard="KD", stock=["JC"], overrides=[f"going_out.knock.undercut={rule}"]
        )
        for text in ("pass", "pass", "draw", "knock 2S"):
            act(state, text)
        hearts = _meld_index(state, "2H 3H 4H")
        clubs = _meld_index(state, "9C 10C JC")
        for text in (f"layoff 5H@{hearts}", f"layoff QC@{clubs}", f"layoff KC@{clubs}"):
            act(state, text)
        for text in ("meld 8C 8D 8H", "meld 9D 9H 9S", "end"):
            act(state, text)
        result = state.results[0]
        assert result.left[0] == tuple(parse_cards("AS"))
        assert (result.reason, result.went_out, list(result.scores)) == (reason, winner, scores)


def test_greedy_games_end_by_knock_gin_or_the_wall_and_replay(tmp_path):
    spec = load_variant(GIN)
    reasons = set()
    for seed in range(examples(6, 40)):
        state = GameState(compile_rules(spec, 2), seed=seed)
        bots = [make_bot("greedy", random.Random(seed)), RandomBot(random.Random(seed + 1))]
        play_game(state, bots)
        assert state.is_terminal()
        for result in state.results:
            assert result.reason in ("gin", "knock", "undercut", "void"), result
            reasons.add(result.reason)
        record = tmp_path / f"g{seed}.jsonl"
        record.write_text("\n".join(record_lines(state, spec.model_dump(mode="json"))) + "\n")
        assert replay_record(record).finished
    assert {"knock"} <= reasons


def test_meld_in_a_knock_game_shows_the_layout_the_deadwood_and_the_knock(cli):
    import json

    result = cli("meld", "gin", *"2H 3H 4H 7S 7D 7C 9C 10C JC AD 2S".split(), "--json")
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["discard"] == "2S" and answer["deadwood"] == ["AD"]
    assert answer["deadwood_points"] == 1
    assert sorted(answer["knock_discards"]) == sorted(["AD", "2H", "3H", "4H", "2S"])
    text = cli("meld", "gin", *"2H 3H 4H 7S 7D 7C 9C 10C KC AD".split()).stdout
    assert "deadwood: 9C 10C KC AD, 30 points" in text and "over the knock limit of 10" in text


def test_gin_hand_is_void_as_soon_as_a_turn_leaves_two_stock_cards_and_the_same_dealer_deals_again():
    # stock_exhausted: void_when_left 2, void_take none, void_dealer same (variants/gin.yaml).
    rules = compile_rules(load_variant("gin"), 2)
    voids = 0
    for seed in range(examples(4, 20)):
        state = GameState(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            deal, dealer = state.deal_index, state.dealer
            before = len(state.stock)
            actions = state.legal_actions()
            action = rng.choice(actions)
            state.apply(action)
            if state.deal_index == deal:
                # While the deal goes on, no turn has ended with two stock cards.
                assert len(state.stock) > 2 or state.phase != "draw", (seed, state.turn)
                continue
            result = state.results[-1]
            if result.reason == "void":
                voids += 1
                # The void came at the end of a turn: a discard with two stock cards left.
                assert action.kind == "discard" and before == 2, (seed, action)
                assert result.scores == (0, 0)
                if not state.is_terminal():
                    assert state.dealer == dealer
    assert voids


@pytest.mark.parametrize("condition", ["meld_now", "opening_or_after", "forces_opening"])
def test_a_take_that_must_be_melded_or_opened_with_is_refused_in_a_knock_game(condition):
    """With knocking no meld is laid during play: a discard taken could never
    be melded nor opened with (before, forces_opening listed discards that the
    engine then refused)."""
    from rummy_rules import check_variant

    report = check_variant("gin", [f"draw.discard_condition={condition}"])
    assert any(
        p.path == "draw.discard_condition" and "no meld is laid during play" in p.message
        for p in report.errors
    ), report.errors


@pytest.mark.parametrize("use", ["meld_now", "this_turn"])
def test_a_card_dug_from_the_pile_that_must_be_melded_is_refused_in_a_knock_game(use):
    """Before, the engine listed discards and knocks that it then refused
    ("taken from under other cards, must be melded this turn")."""
    from rummy_rules import check_variant

    sets = ["draw.discard_pile=any_depth", f"draw.deep_card_use={use}"]
    report = check_variant("gin", sets)
    assert any(p.path == "draw.deep_card_use" for p in report.errors), report.errors
    free = check_variant("gin", ["draw.discard_pile=any_depth", "draw.deep_card_use=free"])
    assert not free.errors, free.errors


def test_the_push_is_refused_in_a_knock_game():
    """A push gives the next player the discard and a stock card; with no meld
    laid during play no card leaves a hand but by the discard, so each push
    grows the hands by two (greedy Indian Rummy with the push ran for minutes
    on hands of thirty cards and more)."""
    from rummy_rules import check_variant

    for name in ("gin", "indian-rummy"):
        report = check_variant(name, ["draw.push=true"])
        assert any(
            p.path == "draw.push" and "hands would only grow" in p.message for p in report.errors
        ), (name, report.errors)
