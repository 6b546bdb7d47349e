"""Each game in its own words (``going_out.knock.word``): Indian Rummy declares.
Its rulebook, ``meld`` and ``play`` say so in every language, and never speak
of knocking or gin; the notation (records, the engine) still writes ``knock``."""

from __future__ import annotations

import re

import pytest

from rummy_rules import load_variant
from rummy_rules.render.action_words import shown_action, typed_action
from rummy_rules.render.i18n import language
from rummy_rules.render.rulebook import render_rulebook

#: The knock family's own words, by language (stems).
_KNOCK_WORDS = {
    "en": r"\bknock|\bgin\b",
    "bg": r"чук|джин",
    "hy": r"թակ|\bջին\b",
}
_DECLARE_WORDS = {"en": "declar", "bg": "обяв", "hy": "հայտարար"}


@pytest.mark.parametrize("lang", sorted(_KNOCK_WORDS))
def test_indian_rummys_book_speaks_of_declaring_never_of_knocking(lang):
    book = render_rulebook(load_variant("indian-rummy"), "md", lang=lang)
    assert re.findall(_KNOCK_WORDS[lang], book, re.IGNORECASE) == []
    assert _DECLARE_WORDS[lang] in book.lower()


@pytest.mark.parametrize("lang", sorted(_KNOCK_WORDS))
def test_meld_answers_in_declarations_for_a_game_that_declares(cli, lang):
    hand = "2H 3H 4H 5S 6S 7S 9C 9D 9S KD KC KH 4D 8H".split()
    result = cli("meld", "indian-rummy", *hand, "--lang", lang)
    assert result.exit_code == 0, result.stderr
    assert re.findall(_KNOCK_WORDS[lang], result.stdout, re.IGNORECASE) == []
    assert _DECLARE_WORDS[lang] in result.stdout.lower()


@pytest.mark.parametrize("lang", sorted(_KNOCK_WORDS))
def test_a_declaration_is_shown_and_typed_in_the_games_word(lang):
    with language(lang):
        made = shown_action("p2 knock 9C with 2H 3H 4H", declares=True)
        assert _DECLARE_WORDS[lang] in made.lower() and "knock" not in made
        shown = shown_action("knock 9C with 2H 3H 4H", declares=True)
        assert _DECLARE_WORDS[lang] in shown.lower() and "knock" not in shown
        word = shown.split()[0]
        assert typed_action(f"{word} 9C", declares=True) == "knock 9C"
        assert typed_action("declare 9C", declares=True) == "knock 9C"
        assert shown_action("knock 9C") != shown  # other games keep their knock


def test_play_shows_the_deal_in_the_games_word(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    monkeypatch.chdir(tmp_path)
    args = ["play", "indian-rummy", "--plain", "--players", "2", "--seed", "5"]
    result = CliRunner().invoke(app, args, input="1\n1\n1\n1\nq\n\n")
    assert "declare with every card" in result.stdout
    assert re.findall(_KNOCK_WORDS["en"], result.stdout, re.IGNORECASE) == []


def test_declaring_is_refused_where_it_is_not_worded_yet(cli, tmp_path):
    path = tmp_path / "declare-gin.yaml"
    path.write_text(
        "extends: gin\nid: declare-gin\ngoing_out:\n  knock: {word: declare}\n", encoding="utf-8"
    )
    result = cli("validate", str(path))
    assert result.exit_code != 0
    assert "not worded yet" in result.stdout + result.stderr


@pytest.mark.parametrize("lang", sorted(_KNOCK_WORDS))
def test_play_says_which_rank_the_cut_made_wild_this_deal(tmp_path, monkeypatch, lang):
    from typer.testing import CliRunner

    from rummy_rules.cli import app
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.state import GameState

    state = GameState(compile_rules(load_variant("indian-rummy"), 2), seed=5)
    ranks = {f % 13 for f in state.game.deal.table_rules.wild_faces if f < 52}
    (rank,) = ranks
    monkeypatch.chdir(tmp_path)
    args = ["play", "indian-rummy", "--plain", "--players", "2", "--seed", "5", "--lang", lang]
    result = CliRunner().invoke(app, args, input="q\n\n")
    from rummy_rules.render.i18n import _

    with language(lang):
        said = _("Wild this deal: every {ranks}, and the jokers.")
    assert said.format(ranks=state.rules.names.rank_name(rank)) in result.stdout


@pytest.mark.parametrize("lang", sorted(_KNOCK_WORDS))
def test_a_wrong_declaration_is_explained_in_the_games_word(lang):
    # The reasons the wrong-declaration warning of `play` lists (the refusal
    # kinds of a knock, worded for a game that declares).
    from rummy_rules.engine.actions import parse_action
    from rummy_rules.render.refusals import refusal_text

    from .refusal_cases import ALL_CASES, position

    for code in ("declare.needs_runs", "declare.needs", "declare.all_melded", "declare.left_over"):
        case = ALL_CASES[code]
        reason = position(case).check(parse_action(case.action))
        assert reason is not None and reason.code == code
        with language(lang):
            text = refusal_text(reason)
        assert re.findall(_KNOCK_WORDS[lang], text, re.IGNORECASE) == [], text
        assert _DECLARE_WORDS[lang] in text.lower()


_JOIN_WORDS = {"en": "join", "bg": "слей", "hy": "միացրու"}
#: As the log tells a join made.
_JOINED_WORDS = {"en": "join", "bg": "сля", "hy": "միացրեց"}


@pytest.mark.parametrize("lang", sorted(_JOIN_WORDS))
def test_samba_joins_its_sets_in_every_language(lang):
    """Samba's only rearrangement joins a side's sets of one rank (melds.set.join):
    play and watch show it, and read it typed, as 'join', never 'rearrange'."""
    from rummy_rules.render.action_words import game_words

    samba = load_variant("samba")
    assert samba.melds.set.join and not samba.melding.rearrange_table
    with language(lang), game_words(False, joins=True):
        made = shown_action("p2 rearrange 2,5 into 7H 7S 7D 7C")
        assert made.split()[1] == _JOINED_WORDS[lang]
        shown = shown_action("rearrange 2,5 into 7H 7S 7D 7C")
        assert shown.split()[0] == _JOIN_WORDS[lang]
        assert typed_action(shown) == "rearrange 2,5 into 7H 7S 7D 7C"
        assert typed_action("join 2,5 into 7H 7S 7D") == "rearrange 2,5 into 7H 7S 7D"
    with language(lang):  # Rummikub and Machiavelli rearrange
        assert shown_action("rearrange 2,5 into 7H 7S 7D").split()[0] != _JOIN_WORDS[lang]
