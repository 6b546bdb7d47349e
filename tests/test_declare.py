"""Declaring (Indian Rummy): a knock whose melds must hold stated runs, the wild
rank turned up each deal, losers who count every card without those runs,
and a cap on a deal's penalty points; each rule by the scenario it names."""

from __future__ import annotations

import json
import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import RANKS, parse_card, parse_cards, rank_of
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import examples
from .engine_helpers import act, stacked_state, texts, why

#: By id, so that the installed file is the one read (the compiled build runs the
#: tests against the installed package).
INDIAN = "indian-rummy"
#: Without the turned-up wild rank, so that a scenario's wild cards are only the
#: jokers; and with wrong declarations refused, so that a check says why a
#: declaration is wrong (tests/test_drop.py plays them at their cost).
PLAIN = ("deck.cut_wild=false", "going_out.knock.wrong_declaration=null")


def _declaring(hands, *overrides, upcard="KD", stock=("QS",)):
    state = stacked_state(INDIAN, 2, hands, upcard=upcard, stock=stock, overrides=PLAIN + overrides)
    act(state, "draw")
    return state


#: p2 (first to play) holds a pure run, a run with a joker and two sets, and
#: draws QS: discarding it, all thirteen cards are melded.
DECLARER = "2H 3H 4H 5H 5S JK 7S 9C 9D 9H KH KC KS"
OTHER = "AC 2C 3C 6D 7D 8D JD QD 5C 5D 8S 10S 10H"


def test_a_declaration_needs_two_runs_one_of_them_pure():
    state = _declaring({1: DECLARER, 0: OTHER})
    declarations = [t for t in texts(state) if t.startswith("knock")]
    assert declarations and all(t.startswith("knock QS with ") for t in declarations)
    # One run and three sets: every card melded, but no declaration.
    hands = {1: "2H 3H 4H 5H 7S 7D 7C 9C 9D 9H KH KC JK", 0: OTHER}
    state = _declaring(hands)
    assert not [t for t in texts(state) if t.startswith("knock")]
    reason = why(state, "knock QS with 2H 3H 4H 5H / 7C 7D 7S / 9C 9D 9H / KC KH JK=KS")
    assert reason is not None and "must hold 2 runs or more" in reason


def test_a_run_with_a_joker_is_not_the_pure_run():
    hands = {1: "2H JK 4H 5H 5S 6S JK 9C 9D 9H KH KC KS", 0: OTHER}
    state = _declaring(hands)
    reason = why(state, "knock QS with 2H JK=3H 4H 5H / 5S 6S JK=7S / 9C 9D 9H / KC KH KS")
    assert reason is not None and "with no wild card" in reason


def test_a_wild_rank_card_in_its_own_place_keeps_a_run_pure():
    # With fives wild, 3H 4H 5H is still pure: the 5H stands for itself.
    spec = load_variant(INDIAN, [*PLAIN, 'deck.wild_ranks=["5"]'])
    rules = compile_rules(spec, 2)
    from rummy_rules.engine.deadwood import is_pure
    from rummy_rules.engine.melds import Meld

    wild = rules.deal(0).wild_faces
    own = Meld("run", tuple(parse_cards("3H 4H 5H")), tuple(parse_cards("3H 4H 5H")))
    stand_in = Meld("run", tuple(parse_cards("3H 4H 5S")), tuple(parse_cards("3H 4H 5H")))
    assert is_pure(own, wild) and not is_pure(stand_in, wild)


#: A pure run, a run with a joker and two sets (12 cards) and a second joker:
#: it is worth 0, but a declaration shows all thirteen cards in melds.
SPARE_JOKER = "2H 3H 4H 5S JK 7S 9C 9D 9H KH KC KS JK"


def test_a_declaration_lays_every_card_in_melds_a_wild_card_worth_0_too():
    state = _declaring({1: SPARE_JOKER, 0: OTHER})
    declarations = [t for t in texts(state) if t.startswith("knock")]
    assert declarations
    for text in declarations:
        assert sum(len(m.split()) for m in _meld_texts(text)) == 13, text
    # Named with the joker left out, it is refused (a wrong declaration where
    # the file plays those at their cost).
    reason = why(state, "knock QS with 2H 3H 4H / 5S JK=6S 7S / 9C 9D 9H / KC KH KS")
    assert reason is not None and "JK" in reason and "left out" in reason


def test_the_others_score_what_they_cannot_meld_and_all_without_two_runs():
    state = _declaring({1: DECLARER, 0: OTHER})
    act(state, "knock QS")
    assert state.phase == "defend"
    # p1 lays one pure run only: without a second run all 13 cards count.
    act(state, "meld AC 2C 3C")
    act(state, "end")
    result = state.results[0]
    assert result.reason == "gin" and result.went_out == 1
    every = sum(min(10, 1 + r) if r else 10 for r in (rank_of(f) for f in parse_cards(OTHER)))
    assert every > 80 and list(result.scores) == [80, 0]  # capped at 80


def test_a_player_with_two_runs_one_pure_counts_only_the_rest():
    other = "AC 2C 3C 6D 7D 8D 4C 4D 4S 10S 10H 2S 3S"
    state = _declaring({1: DECLARER, 0: other})
    act(state, "knock QS")
    for text in ("meld AC 2C 3C", "meld 6D 7D 8D", "meld 4C 4D 4S", "end"):
        act(state, text)
    # Left: 10S 10H 2S 3S = 25.
    assert list(state.results[0].scores) == [25, 0]


def test_the_turned_up_card_makes_its_rank_wild_and_goes_under_the_stock():
    spec = load_variant(INDIAN)
    state = GameState(compile_rules(spec, 3), seed=5)
    deck = next(e["deck"] for e in state.log if "deck" in e)
    turned = state.rules.pack.face(deck[3 * 13 + 1])  # after the hands and the upcard
    rank = 0 if turned >= 52 else rank_of(turned)
    wild = state.deal_rules.wild_faces
    assert {f for f in wild if f < 52} == {f for f in range(52) if rank_of(f) == rank}
    assert 52 in wild  # the printed jokers stay wild
    assert state.rules.pack.face(state.game.deal.stock[0]) == turned  # at the bottom


def test_a_joker_turned_up_makes_the_aces_wild():
    hands = {1: DECLARER, 0: OTHER}
    state = stacked_state(INDIAN, 2, hands, upcard="KD", stock=["JK", "QS"])
    assert {RANKS[rank_of(f)] for f in state.deal_rules.wild_faces if f < 52} == {"A"}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (["going_out.knock.needs=null"], "set going_out.knock.needs"),
        (["scoring.model=knock_difference"], "needs scoring.model penalty"),
        (["going_out.knock.needs={runs: 1, pure_runs: 2}"], "cannot be more than runs"),
    ],
)
def test_declaring_keys_without_what_they_need_are_refused(overrides, message):
    report = check_variant(INDIAN, overrides)
    assert any(message in problem.message for problem in report.errors), report.errors


def _meld_texts(action: str) -> list[str]:
    """The melds of a recorded knock line, as written (``knock 4D with A / B``)."""
    return action.split(" with ", 1)[1].split(" / ") if " with " in action else []


def _is_run(meld: str) -> bool:
    stands = [w.split("=")[-1] for w in meld.split()]
    return len({parse_card(c) % 13 for c in stands}) == len(stands)


def test_every_declaration_in_simulated_records_has_two_runs_one_pure(tmp_path):
    """Read from the records (not the engine's check): every knock lays all
    thirteen cards in melds, at least two runs, one of them with no wild card
    (a plain meld, no JK and no '='), and no player scores more than 80 in a
    deal."""
    spec = load_variant(INDIAN)
    for seed in range(examples(3, 20)):
        state = GameState(compile_rules(spec, 4), seed=seed)
        play_game(state, [make_bot("greedy", random.Random(seed + s)) for s in range(4)])
        lines = list(record_lines(state, spec.model_dump(mode="json")))
        record = tmp_path / f"g{seed}.jsonl"
        record.write_text("\n".join(lines) + "\n")
        assert replay_record(record).finished
        knocks = 0
        for line in lines[1:]:
            entry = json.loads(line)
            action = entry.get("action", "").partition(" ")[2]  # after the seat: p2 knock …
            if action.startswith("knock"):
                knocks += 1
                melds = _meld_texts(action)
                runs = [m for m in melds if _is_run(m)]
                pure = [m for m in runs if "=" not in m and "JK" not in m.split()]
                assert len(runs) >= 2 and pure, action
                assert sum(len(m.split()) for m in melds) == 13, action  # every card melded
            if "deal_end" in entry:
                assert max(entry["scores"]) <= 80, entry
        assert knocks == sum(r.reason in ("gin", "knock", "undercut") for r in state.results)


@pytest.mark.parametrize(
    "hand",
    [
        "2H 3H 4H 5S 6S 7S 8S 9S 9D 10D JD QD KD AC",  # 3 + 5 + 5, AC discarded
        "2H 3H 4H 5H 6S 7S 8S 9S 9D 10D JD QD KD AC",  # 4 + 4 + 5
    ],
)
def test_meld_says_a_hand_of_long_runs_can_declare(cli, hand):
    answer = cli("meld", "indian-rummy", *hand.split(), "--json")
    assert answer.exit_code == 0, answer.stderr
    document = json.loads(answer.stdout)
    assert document["discard"] == "AC" and document["deadwood_points"] == 0
    assert document["knock_discards"] == ["AC"]
    assert sorted(len(m["cards"]) for m in document["melds"]) in ([3, 5, 5], [4, 4, 5])
    text = cli("meld", "indian-rummy", *hand.split()).stdout
    assert "2 runs or more, 1 of them pure" in text and "Declare: yes" in text


def test_meld_shows_a_joker_with_its_stand_in_and_says_when_the_runs_are_missing(cli):
    text = cli("meld", "indian-rummy", *"2H 3H 4H 7S 7D 7C 9C 9D 9H KH KC JK QS 5D".split()).stdout
    assert "5D JK=6D 7D" in text
    lone = cli("meld", "indian-rummy", *"2H 3H 4H 7S 7D 7C 9C 9D 9H KH KC KS QS".split()).stdout
    assert "no layout of these cards holds 2 runs, 1 pure" in lone
    # The fallback it shows is a new layout: the remembered ones stay as found
    # (a layout asked for with no needs always meets them).
    from rummy_rules.engine import deadwood

    assert all(found.meets for key, found in deadwood._LAYOUTS.items() if key[4] == (0, 0))


def test_meld_says_a_wild_card_no_meld_can_take_keeps_a_hand_from_declaring(cli):
    """A joker counts 0, yet a declaration lays every card in a meld: with runs
    and sets capped at three cards (a house's rule), the joker has no place."""
    hand = "2H 3H 4H 5S 6S 7S 9C 9D 9H KC KH KS JK".split()
    capped = ("--set", "melds.run.max_size=3", "--set", "melds.set.max_size=3")
    text = cli("meld", "indian-rummy", *capped, *hand).stdout
    assert "deadwood: JK, 0 points" in text and "Not every card of this hand is in a meld" in text
    document = json.loads(cli("meld", "indian-rummy", *capped, *hand, "--json").stdout)
    assert document["within_limit"] is False
    text = cli("meld", "indian-rummy", *hand).stdout  # the joker joins a run
    assert "Every card of this hand is in a meld" in text
