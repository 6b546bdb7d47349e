"""A game is told in the words of its own pack: a numbered pack has colours and
numbers, not suits and ranks; a tile game (Rummikub) has tiles, jokers and a
pool, not cards, wild cards and a stock — in every language."""

from __future__ import annotations

import io
import re

import pytest

from rummy_rules import load_variant
from rummy_rules.cli.play_cmd import play_plain
from rummy_rules.render.action_words import game_words
from rummy_rules.render.i18n import _, language
from rummy_rules.render.pack_words import pack_of, retold
from rummy_rules.render.rulebook import render_rulebook
from rummy_rules.sim.session import PlaySession

# The standard pack's words, whole words, as the catalogs print them.
CARD_WORDS = {
    "en": r"\b(cards?|wild cards?|decks?|stock)\b",
    "bg": r"\b(карт[аи]\w*|[Кк]арт\w*|тесте\w*)\b",
    "hy": r"(?<!\w)([Քք]արտ\w*|տախտակամած\w*)",
}
SUIT_WORDS = {
    "en": r"\b(suits?|ranks?)\b",
    "bg": r"\b(бо[яи]\w*|ранг\w*)\b",
    "hy": r"(?<!\w)(մաստ\w*)",
}


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
def test_a_tile_game_book_speaks_of_tiles_not_cards(lang: str) -> None:
    spec = load_variant("rummikub")
    assert pack_of(spec) == "tiles"
    book = render_rulebook(spec, "md", lang=lang)
    assert not re.findall(CARD_WORDS[lang], book, flags=re.IGNORECASE if lang == "en" else 0)
    assert not re.findall(SUIT_WORDS[lang], book)
    tile = {"en": "tiles", "bg": "плочки", "hy": "սալիկ"}[lang]
    assert tile in book
    hand = {"en": r"\bhands?\b", "bg": r"\bръ[кц]\w*", "hy": r"(?<!\w)ձեռք"}[lang]
    assert not re.findall(hand, book)  # the tiles stand on a rack


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
def test_a_numbered_pack_book_speaks_of_colours_not_suits(lang: str) -> None:
    spec = load_variant("variants/house/numbered-contract.yaml")
    assert pack_of(spec) == "numbered"
    book = render_rulebook(spec, "md", lang=lang)
    assert not re.findall(SUIT_WORDS[lang], book)
    card = {"en": "cards", "bg": "карти", "hy": "քարտ"}[lang]
    assert card in book  # numbered cards are still cards


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
def test_a_spanish_pack_book_speaks_of_suits_not_colours(lang: str) -> None:
    spec = load_variant("conquian")
    assert pack_of(spec) == "suits"
    book = render_rulebook(spec, "md", lang=lang)
    colour = {"en": r"\bcolours?\b", "bg": r"\bцв[ея]т\w*", "hy": r"(?<!\w)գույն"}[lang]
    assert not re.findall(colour, book)
    assert re.findall(SUIT_WORDS[lang], book)


def test_a_standard_pack_is_told_as_written() -> None:
    assert pack_of(load_variant("contract")) == "cards"
    text = "A set is three cards of the same rank; no suit may appear twice."
    assert retold(text, "en", "cards") is text


def test_placeholders_are_names_not_words() -> None:
    told = retold("A set is {size} cards of the same rank; {suits}.", "en", "tiles")
    assert told == "A set is {size} tiles of the same number; {suits}."


@pytest.mark.parametrize(
    ("lang", "text", "told"),
    [
        ("bg", "една боя не може да се среща два пъти", "един цвят не може да се среща два пъти"),
        (
            "bg",
            "група от три карти е от три различни бои",
            "група от три плочки е от три различни цвята",
        ),
        ("bg", "две бои", "два цвята"),
        ("bg", "Групата е от 3 карти с еднакъв ранг.", "Групата е от 3 плочки с еднакво число."),
        (
            "bg",
            "Когато тестето е празно, тегли от тестето.",
            "Когато запасът е празен, тегли от запаса.",
        ),
        ("bg", "| играчи | тестета |", "| играчи | комплекти |"),
        ("bg", "2 тестета", "2 комплекта"),
        ("bg", "губи картите в собствената си ръка", "губи плочките на собствената си стойка"),
        ("bg", "Твоята ръка: 7R", "Твоята стойка: 7R"),
        ("hy", "Քո ձեռքը․ 7R", "Քո դարակը․ 7R"),
        (
            "en",
            "lays cards from their hand; left in hand",
            "lays tiles from their rack; left on the rack",
        ),
        ("hy", "Վայրի քարտերը սեղանից վերցնելը", "Ջոկերները սեղանից վերցնելը"),
        ("hy", "Քարտերը բաժանվում են", "Սալիկները բաժանվում են"),
        ("hy", "միևնույն մաստի 3 քարտ", "միևնույն գույնի 3 սալիկ"),
        ("hy", "| տախտակամածներ |", "| հավաքակազմեր |"),
        ("en", "The freed wild must be melded", "The freed joker must be melded"),
        (
            "en",
            "Jokers are wild: a joker stands for any card",
            "Jokers are wild: a joker stands for any tile",
        ),
        ("en", "the pack has no {number}", "the tiles have no {number}"),
    ],
)
def test_the_tile_words_agree(lang: str, text: str, told: str) -> None:
    assert retold(text, lang, "tiles") == told


def test_messages_are_retold_only_inside_a_pack() -> None:
    with language("bg", "tiles"):
        inside = _("Players and cards")
    with language("bg"):
        outside = _("Players and cards")
    assert "плочки" in inside
    assert "карти" in outside


@pytest.mark.parametrize(
    ("variant", "lang", "seen", "unseen"),
    [
        (
            "rummikub",
            "en",
            ["exchange 7R@2", "Tiles: 7R 12B JK", "joker"],
            ["7H", "♠", "wild card"],
        ),
        ("rummikub", "hy", ["փոխանակիր 7R@2", "Սալիկներ․ 7R 12B JK", "ջոկեր"], ["7H", "քարտ"]),
        ("rummikub", "bg", ["размени 7R@2", "Плочки: 7R 12B JK"], ["7H", "Карти", "♠"]),
        ("conquian", "en", ["take 7O", "letter of its suit"], ["7H", "colour"]),
        ("gin", "en", ["take 7H", "T for ten"], []),
    ],
)
def test_the_play_help_writes_its_example_cards_in_the_games_pack(
    tmp_path, monkeypatch, variant: str, lang: str, seen: list[str], unseen: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    spec = load_variant(variant)
    game = PlaySession(spec, players=2, seat=0, bots=["greedy"], seed=0)
    lines = iter(["help", "quit", "n"])

    class Script:
        def readline(self, size: int = -1) -> str:
            return next(lines, "") + "\n"

    out = io.StringIO()
    with language(lang, pack_of(spec)):
        play_plain(game, Script(), out)
    text = out.getvalue()
    start = text.index({"en": "Type the number", "bg": "Напиши номера", "hy": "Գրիր քայլի"}[lang])
    shown = " ".join(text[start:].split())  # the help, its lines joined
    assert all(word in shown for word in seen), shown
    assert not any(word in shown for word in unseen), shown


@pytest.mark.parametrize(
    ("variant", "listed", "left_out"),
    [
        ("rummikub", ["draw", "exchange", "end"], ["buy", "take", "discard"]),
        ("contract", ["take", "buy", "discard"], ["exchange"]),
        ("canasta", ["take", "discard"], ["buy", "exchange"]),
        ("gin", ["take", "knock", "discard"], ["buy", "down", "exchange"]),
        ("indian-rummy", ["declare", "discard"], ["knock", "down", "buy", "layoff"]),
    ],
)
def test_the_play_help_lists_only_the_commands_the_game_has(
    variant: str, listed: list[str], left_out: list[str]
) -> None:
    from rummy_rules.cli.play_cmd import _help

    spec = load_variant(variant)
    count = spec.players.min
    game = PlaySession(spec, players=count, seat=0, bots=["greedy"] * (count - 1), seed=0)
    knock = spec.going_out.knock
    with language("en", pack_of(spec)), game_words(knock is not None and knock.word == "declare"):
        lines = [line for line in _help(game).splitlines() if " | " in line]
    commands = {item.split()[0] for line in lines for item in line.split(" | ")}
    assert set(listed) <= commands, commands
    assert not set(left_out) & commands, commands


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
def test_the_play_screens_help_lists_only_the_commands_the_game_has(lang: str) -> None:
    from rummy_rules.cli.play_screen import _HELP
    from rummy_rules.render.action_words import action_words, game_commands

    spec = load_variant("rummikub")
    with language(lang, pack_of(spec)):
        words = action_words()
        whole = _(_HELP)
        shown = game_commands(whole, spec)
    listed = re.split(r"[:․] ", shown, maxsplit=1)[1].split(" (")[0].split(". ")[0]
    firsts = {item.split()[0] for item in listed.split(", ")}
    assert {words["draw"], words["exchange"]} <= firsts, listed
    assert not {words["buy"], words["take"], words["discard"]} & firsts, listed
    assert shown[-300:] == whole[-300:]  # the keys and the rest as they were
