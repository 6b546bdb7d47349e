"""A numbered pack instead of standard decks (``deck.numbered``, knob 14): the
numbers 1 to ``highest`` in four named colours, written ``7R``. One scenario per
rule: the pack, its notation for people, the rules that cannot apply to it, and
whole games played and replayed."""

from __future__ import annotations

import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import JOKER_FACE, CardError, CardNames, parse_card, parse_cards
from rummy_rules.engine import GameState
from rummy_rules.engine.candidates import iter_melds
from rummy_rules.engine.melds import Meld, check_meld
from rummy_rules.engine.rules import compile_rules
from rummy_rules.render.rulebook import render_rulebook
from rummy_rules.sim.bots import RandomBot
from rummy_rules.sim.records import record_lines, replay_record
from rummy_rules.sim.session import PlaySession

from .engine_helpers import play_checked_game

HOUSE = "variants/house/numbered-contract.yaml"
COLOURS = CardNames(("red", "blue", "green", "yellow"))


def test_a_numbered_pack_holds_the_numbers_in_four_colours():
    rules = compile_rules(load_variant(HOUSE), 4)
    faces = rules.pack.faces()
    assert len(faces) == 2 * 4 * 12 + 8
    assert faces.count(JOKER_FACE) == 8
    assert all(face % 13 < 12 for face in faces if face != JOKER_FACE)  # no 13
    assert faces.count(parse_card("QD")) == 2  # the blue 12, twice


def test_numbered_cards_are_written_as_number_and_colour_letter():
    assert COLOURS.text(parse_card("7C")) == "7R"
    assert COLOURS.text(parse_card("QD")) == "12B"
    assert COLOURS.text(parse_card("AS")) == "1Y"
    assert COLOURS.text(JOKER_FACE) == "JK"
    assert COLOURS.show("down 7C 7D JK=7H / AC 2C 3C") == "down 7R 7B JK=7G / 1R 2R 3R"
    assert COLOURS.read("down 7r 7B JK=7G / 1R 2R 3R") == "down 7C 7D JK=7H / AC 2C 3C"
    assert COLOURS.parse("12y") == parse_card("QS")
    with pytest.raises(CardError, match="write 7R, 12B or JK"):
        COLOURS.parse("14R")
    assert CardNames().show("7H") == "7H"  # a standard pack keeps its notation


def test_card_codes_keep_letters_for_aces_and_courts():
    with pytest.raises(CardError):
        parse_cards("11H")


def test_a_numbered_pack_needs_runs_from_one_up():
    report = check_variant(HOUSE, ["melds.run.ace=low_or_high"])
    assert not report.valid
    (error,) = report.errors
    assert error.path == "melds.run.ace" and "deck.numbered" in error.message


def test_ranks_beyond_the_highest_number_are_refused():
    report = check_variant(HOUSE, ["deck.wild_ranks=[13]"])
    assert not report.valid
    assert any(e.path == "deck.wild_ranks" and "has no 13" in e.message for e in report.errors), (
        report.errors
    )
    cards = check_variant(HOUSE, ["deck.wild_cards=[AH]"])
    assert any(e.path == "deck.wild_cards" for e in cards.errors)


def test_every_number_of_the_pack_needs_a_value():
    report = check_variant(HOUSE, ["scoring.card_values={'1': 1, joker: 15}"])
    (error,) = [e for e in report.errors if e.path == "scoring.card_values"]
    assert "no value for 2, 3" in error.message and "12" in error.message
    assert "13" not in error.message


def test_a_layer_gives_a_value_by_number_in_place_of_its_bases_letter():
    spec = load_variant(HOUSE)
    assert spec.scoring.card_values["A"] == 1  # "1" replaced contract's A: 15
    assert spec.scoring.card_values["Q"] == 12


def test_a_wild_card_cannot_stand_for_a_number_the_pack_lacks():
    rules = compile_rules(load_variant(HOUSE), 4).melds
    wilds = frozenset({JOKER_FACE})
    ten_to_13 = Meld(
        "run", (*parse_cards("10C JC QC"), JOKER_FACE), tuple(parse_cards("10C JC QC KC"))
    )
    assert check_meld(ten_to_13, rules, wilds) == "the pack has no 13: its numbers go up to 12"
    nine_to_12 = Meld(
        "run", (JOKER_FACE, *parse_cards("10C JC QC")), tuple(parse_cards("9C 10C JC QC"))
    )
    assert check_meld(nine_to_12, rules, wilds) is None


def test_runs_found_stop_at_the_highest_number():
    rules = compile_rules(load_variant(HOUSE), 4).melds
    hand = [*parse_cards("9C 10C JC QC"), JOKER_FACE]
    found = {str(m) for m in iter_melds(hand, rules, frozenset({JOKER_FACE}), "run")}
    assert "JK=8C 9C 10C JC QC" in found
    assert not any("KC" in text for text in found)


def test_the_rulebook_describes_the_numbered_pack():
    book = render_rulebook(load_variant(HOUSE))
    assert (
        "The pack: two copies of the numbers 1 to 12 in each of four colours "
        "(red, blue, green, yellow), with eight jokers." in book
    )
    assert "7R is the 7 of red" in book
    assert "Runs go up from 1 to 12 and never turn the corner." in book
    assert "| 1Y 2Y 3Y 4Y | valid |" in book
    assert "| 12 | 12 |" in book and "| K |" not in book
    assert "K♦" not in book and "♥" not in book


def test_the_player_reads_and_types_the_pack_notation():
    session = PlaySession(load_variant(HOUSE), players=4, seat=0, bots=["random"] * 3, seed=3)
    list(session.bot_moves())
    assert session.my_turn()
    legal = session.legal()
    assert "draw" in legal
    hand_line = session.status()[-1]
    assert hand_line.startswith("Your hand: ")
    assert all(card == "JK" or card[-1] in "RBGY" for card in hand_line.split()[2:])
    assert session.play("draw") is None
    list(session.bot_moves())  # the others may buy the discard the person passed
    discard = next(text for text in session.legal() if text.startswith("discard "))
    assert discard.split()[1][-1] in "RBGYK"
    assert session.play(discard) is None
    assert session.last_made == discard


def test_meld_reads_numbered_cards(cli):
    result = cli("meld", HOUSE, "7R", "7B", "7G", "8R", "8B", "JK", "3Y")
    assert result.exit_code == 0, result.stdout
    assert "Yes: 7R 7B 7G 8R 8B JK 3Y can meet it:" in result.stdout
    assert "left in hand: 3Y" in result.stdout
    bad = cli("meld", HOUSE, "7Q")
    assert bad.exit_code == 2


@pytest.mark.parametrize("seed", range(3))
def test_whole_games_with_a_numbered_pack_keep_every_invariant_and_replay(seed, tmp_path):
    spec = load_variant(HOUSE)
    state = GameState(compile_rules(spec, 4), seed=seed)
    play_checked_game(state, [RandomBot(random.Random(seed * 10 + s)) for s in range(4)])
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(record_lines(state, spec.model_dump(mode="json"))) + "\n")
    report = replay_record(path)
    assert report.finished and list(report.totals) == state.totals
