"""A numbered pack instead of standard decks (``deck.numbered``, knob 14): the
numbers 1 to ``highest`` in four named colours, written ``7R``. One scenario per
rule: the pack, its notation for people, the rules that cannot apply to it, and
whole games played and replayed."""

from __future__ import annotations

import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import JOKER_FACE, SKIP_FACE, CardError, CardNames, parse_card, parse_cards
from rummy_rules.engine import GameState
from rummy_rules.engine.candidates import iter_melds
from rummy_rules.engine.melds import Meld, check_meld
from rummy_rules.engine.rules import compile_rules
from rummy_rules.render.rulebook import render_rulebook
from rummy_rules.render.table_words import status_lines
from rummy_rules.sim.bots import RandomBot
from rummy_rules.sim.records import record_lines, replay_record
from rummy_rules.sim.session import PlaySession

from .engine_helpers import act, play_checked_game, stacked_state, texts, why

HOUSE = "variants/house/numbered-contract.yaml"
COLOURS = CardNames(("red", "blue", "green", "yellow"))


def test_a_numbered_pack_holds_the_numbers_in_four_colours():
    rules = compile_rules(load_variant(HOUSE), 4)
    faces = rules.pack.faces()
    assert len(faces) == 2 * 4 * 12 + 8 + 4  # and four skips
    assert faces.count(JOKER_FACE) == 8
    assert all(face % 13 < 12 for face in faces if face not in (JOKER_FACE, SKIP_FACE))  # no 13
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
    report = check_variant(HOUSE, ["scoring.card_values={'1': 1, joker: 15, skip: 15}"])
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
        "(red, blue, green, yellow), with eight wild cards (JK)." in book
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
    hand_line = status_lines(session.state, session.seat)[-1]
    assert hand_line.startswith("Your hand: ")
    assert all(card in ("JK", "SK") or card[-1] in "RBGY" for card in hand_line.split()[2:])
    assert session.play("draw") is None
    list(session.bot_moves())  # the others may buy the discard the person passed
    discard = next(text for text in session.legal() if text.startswith("discard "))
    assert discard.split()[1][-1] in "RBGYK"
    assert session.play(discard) is None
    assert session.last_made == discard


def test_meld_reads_numbered_cards(cli):
    result = cli("meld", HOUSE, "-d", "1", "7R", "7B", "7G", "8R", "8B", "JK", "3Y")
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


# -- skip cards (deck.numbered.skips) ------------------------------------------------

SKIPS = CardNames(("red", "blue", "green", "yellow"), skips=True)


def skip_game():
    """p1 holds a skip (KC), has drawn, and nobody bought the upcard."""
    hands = {1: "KC 2C 3C 4C 5D 6D 7D 8H 9H 10S", 2: "2D 3D 4D 5C 6C 7C 8S 9S 10H JS"}
    state = stacked_state(HOUSE, 4, hands, upcard="QH", stock=("AS",))
    act(state, "draw")
    while state.to_move != 1:  # the others pass on buying the upcard
        act(state, "pass")
    return state


def test_the_pack_holds_its_skip_cards():
    rules = compile_rules(load_variant(HOUSE), 4)
    faces = rules.pack.faces()
    assert len(faces) == 2 * 4 * 12 + 8 + 4
    assert faces.count(SKIP_FACE) == 4
    assert rules.card_values[SKIP_FACE] == 15


def test_skip_cards_are_written_sk():
    assert SKIPS.text(SKIP_FACE) == "SK"
    assert SKIPS.show("discard KC") == "discard SK"
    assert SKIPS.read("discard sk") == "discard KC"
    assert COLOURS.text(SKIP_FACE) == "13R"  # a pack without skips


def test_a_discarded_skip_makes_the_next_player_lose_their_turn():
    state = skip_game()
    act(state, "discard KC")
    assert state.to_move == 3  # seat 2, next after the discarder (seat 1), lost its turn
    assert state.game.deal.phase == "draw"


def test_a_skip_is_never_taken_or_bought():
    state = skip_game()
    act(state, "discard KC")
    assert "take KC" not in texts(state)
    assert why(state, "take KC") == "a skip card on the discard pile is never taken"
    act(state, "draw")
    assert "buy" not in texts(state)  # no one is asked to buy the skip


def test_a_skip_is_never_melded():
    rules = compile_rules(load_variant(HOUSE), 4).melds
    three = Meld("set", (SKIP_FACE, SKIP_FACE, SKIP_FACE), (SKIP_FACE,) * 3)
    assert check_meld(three, rules, frozenset()) == "a skip card is never melded"


def test_skip_cards_need_their_value_and_room_in_the_pack():
    no_value = check_variant(
        HOUSE,
        [
            "scoring.card_values={'1': 1, '2': 2, '3': 3, '4': 4, "
            "'5': 5, '6': 6, '7': 7, '8': 8, '9': 9, '10': 10, "
            "'11': 11, '12': 12, joker: 15}"
        ],
    )
    assert any("no skip value" in e.message for e in no_value.errors), no_value.errors
    thirteen = check_variant(HOUSE, ["deck.numbered.highest=13"])
    assert any("skip cards need highest 12 or less" in e.message for e in thirteen.errors)
    digging = check_variant(HOUSE, ["draw.discard_pile=any_depth"])
    assert any(e.path == "draw.discard_pile" for e in digging.errors)


def test_a_standard_pack_searched_after_a_numbered_one_keeps_its_13s():
    # The run-start tables are shared between variants with the same ace rule:
    # a 12-number pack searched first must not cut a standard pack's runs at 12.
    numbered = compile_rules(load_variant(HOUSE), 4).melds
    standard = compile_rules(load_variant("contract", ["melds.run.ace=low"]), 4).melds
    hand = parse_cards("10C JC QC KC")
    assert not any("KC" in str(m) for m in iter_melds(hand, numbered, frozenset(), "run"))
    found = {str(m) for m in iter_melds(hand, standard, frozenset(), "run")}
    assert "10C JC QC KC" in found


def test_a_numbered_packs_wild_cards_are_called_wild_cards_not_jokers():
    from rummy_rules import load_variant
    from rummy_rules.render.rulebook import render_rulebook

    spec = load_variant("variants/house/numbered-contract.yaml")
    for fmt in ("md", "txt", "html"):
        book = render_rulebook(spec, fmt)
        assert "Joker" not in book and "with eight jokers" not in book, fmt
        assert "Wild card(" in book or "Wild card</span>" in book, fmt
    # Standard packs keep their jokers, written with the stand-in in brackets
    # in every format (the PDF is made from the HTML).
    contract = load_variant("contract")
    assert "Joker(" in render_rulebook(contract, "md")
    assert '<span class="as">(' in render_rulebook(contract, "html")
