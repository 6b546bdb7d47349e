"""The words of the pack a game is played with, over the catalogs' card words.

The catalogs speak of a standard pack: cards, suits, ranks, a deck. A numbered
pack (``deck.numbered``) has colours and numbers instead of suits and ranks,
and a pack of tiles (``deck.numbered.pieces: tiles``, Rummikub) has tiles, a
joker and a pool as well; a numbered pack in suits (``suit_cards``, the
Spanish pack of Conquian) keeps the suits its sentences would call colours.
Rather than a second catalog for every sentence,
each translated message is retold in the pack's words by a short table of
whole-word replacements per language, ordered so that a phrase whose words
agree (Bulgarian ``една боя`` becoming ``един цвят``) is replaced before its
single words. The tables are checked by rendering every numbered and tile
variant in every language (``tests/test_pack_words.py``): no card word of the
standard pack is left, and the phrases read as written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from ..spec.schema import VariantSpec

__all__ = ["Pack", "pack_examples", "pack_of", "retold"]

#: The kinds of pack a game's sentences are told in.
Pack = Literal["cards", "numbered", "suits", "tiles"]

_Table = tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...]

# A numbered pack: colours for suits, numbers for ranks.
_NUMBERED: dict[str, _Table] = {
    "en": (
        (r"\bsuits\b", "colours"),
        (r"\bsuit\b", "colour"),
        (r"\bSuits\b", "Colours"),
        (r"\bSuit\b", "Colour"),
        (r"\branks\b", "numbers"),
        (r"\brank\b", "number"),
        (r"\bRanks\b", "Numbers"),
        (r"\bRank\b", "Number"),
    ),
    "bg": (
        (r"\bедна и съща боя\b", "един и същ цвят"),
        (r"\bедна боя\b", "един цвят"),
        (r"\bсъщата боя\b", "същия цвят"),
        (r"\bдруга боя\b", "друг цвят"),
        (r"\bнейната боя\b", "нейния цвят"),
        (r"\bнеговата боя\b", "неговия цвят"),
        (r"\bвсяка боя\b", "всеки цвят"),
        (r"\bкоя да е боя\b", "кой да е цвят"),
        (r"\bдвете бои\b", "двата цвята"),
        (r"\bтрите бои\b", "трите цвята"),
        (r"\bчетирите бои\b", "четирите цвята"),
        (r"\bдве (различни )?бои\b", r"два \1цвята"),
        (r"\b(три|четири) (различни )?бои\b", r"\1 \2цвята"),
        (r"\bбоите\b", "цветовете"),
        (r"\bБоите\b", "Цветовете"),
        (r"\bбоята\b", "цвета"),
        (r"\bБоята\b", "Цветът"),
        (r"\bбои\b", "цветове"),
        (r"\bбоя\b", "цвят"),
        (r"\bжокерният ранг\b", "жокерното число"),
        (r"\bжокерен ранг\b", "жокерно число"),
        (r"\bеднакъв ранг\b", "еднакво число"),
        (r"\bедин и същ ранг\b", "едно и също число"),
        (r"\bедин ранг\b", "едно число"),
        (r"\bсъщия ранг\b", "същото число"),
        (r"\bсъщ ранг\b", "същото число"),
        (r"\bсвоя ранг\b", "своето число"),
        (r"\bнейния ранг\b", "нейното число"),
        (r"\bнеговия ранг\b", "неговото число"),
        (r"\bвсеки ранг\b", "всяко число"),
        (r"\bтози ранг\b", "това число"),
        (r"\bтези рангове\b", "тези числа"),
        (r"\bот ранг\b", "с число"),
        (r"\bпо ранга\b", "по числото"),
        (r"\bот ранга\b", "от числото"),
        (r"\bрангове\b", "числа"),
        (r"\bранга\b", "числото"),
        (r"\bранг\b", "число"),
    ),
    "hy": (
        (r"(?<!\w)([Մմ])աստ", lambda m: ("Գ" if m.group(1) == "Մ" else "գ") + "ույն"),
        (r"(?<!\w)(նույն|միևնույն|Միևնույն|մեկ) արժեքի\b", r"\1 թվի"),
    ),
}

# A numbered pack in suits (the Spanish pack): the numbered pack's sentences
# say colours, these cards have suits.
_SUITS: dict[str, _Table] = {
    "en": (
        (r"\bcolours\b", "suits"),
        (r"\bcolour\b", "suit"),
    ),
    "bg": (
        (r"\bвъв всеки от четирите цвята\b", "във всяка от четирите бои"),
        (r"\bчетири цвята\b", "четири бои"),
        (r"\bна цвета си\b", "на боята си"),
        (r"\bв цвят\b", "от боята"),
    ),
    "hy": ((r"(?<!\w)գույն", "մաստ"),),
}

# A pack of tiles: tiles for cards, jokers for wild cards, copies for decks,
# the pool they are drawn from and the rack they stand on, besides the
# numbered pack's words.
_TILES: dict[str, _Table] = {
    "en": (
        (r"\bwild cards\b", "jokers"),
        (r"\bwild card\b", "joker"),
        (r"\bWild cards\b", "Jokers"),
        (r"\bWild card\b", "Joker"),
        (r"\bwilds\b", "jokers"),
        (r"\b(the freed|the|its|a melded|per|a) wild\b(?! (card|number|rank))", r"\1 joker"),
        (r"\bThe freed wild\b", "The freed joker"),
        (r"\bthe pack has\b", "the tiles have"),
        (r"\bThe rest of the pack is the stock\b", "The rest of the tiles are the pool"),
        (r"\bthe top card of the stock\b", "a tile from the pool"),
        (r"\bThe pack:", "The tiles:"),
        (r"\bthe pack\b", "the tiles"),
        (r"\bstock\b", "pool"),
        (r"\bStock\b", "Pool"),
        # The hand is the rack a player's tiles stand on.
        (
            r"\b(in|into) (your|their|the|each|no|his|her) hand\b",
            lambda m: ("on" if m.group(1) == "in" else "onto") + f" {m.group(2)} rack",
        ),
        (r"\bin hand\b", "on the rack"),
        (r"\bhands\b", "racks"),
        (r"\bhand\b", "rack"),
        (r"\bHands\b", "Racks"),
        (r"\bHand\b", "Rack"),
        (r"\bdecks\b", "copies"),
        (r"\bdeck\b", "copy"),
        (r"\bcards\b", "tiles"),
        (r"\bcard\b", "tile"),
        (r"\bCards\b", "Tiles"),
        (r"\bCard\b", "Tile"),
    ),
    "bg": (
        (r"\b(\d+|два|три|четири) тестета\b", r"\1 комплекта"),
        (r"\bтестета\b", "комплекти"),
        (r"\bгорната карта от тестето\b", "плочка от запаса"),
        (r"\bтестето е празно\b", "запасът е празен"),
        (r"\bтестето е свършило\b", "запасът е свършил"),
        (r"\bтестето \(попълнено\b", "запасът (попълнен"),
        (r"\(колкото то може да даде\)", "(колкото той може да даде)"),
        (r"\bслед като е попълвано\b", "след като е попълван"),
        (r"\bстава ново тесте\b", "става нов запас"),
        (r"\bстава тесте\b", "става запас"),
        (r"\b(от|в|на|към|до|избере) тестето\b", r"\1 запаса"),
        (r"\bтестето\b", "запасът"),
        (r"\bТестето\b", "Запасът"),
        (r"\bтесте\b", "запас"),
        (r"\bТесте\b", "Запас"),
        (r"\bв ръцете\b", "на стойките"),
        (r"\bв ръката\b", "на стойката"),
        (r"\bв ръка\b", "на стойката"),
        (r"\bв (собствената си|своята|твоята|неговата|нейната|чиято) ръка\b", r"на \1 стойка"),
        (
            r"\b([Рр])ъ(ка|ката)\b",
            lambda m: ("С" if m.group(1) == "Р" else "с") + "той" + m.group(2),
        ),
        (
            r"\b([Рр])ъ(це|цете)\b",
            lambda m: (
                ("С" if m.group(1) == "Р" else "с")
                + "той"
                + {"це": "ки", "цете": "ките"}[m.group(2)]
            ),
        ),
        (
            r"\b([Кк])арт(а|ата|и|ите)\b",
            lambda m: ("П" if m.group(1) == "К" else "п") + "лочк" + m.group(2),
        ),
    ),
    "hy": (
        (r"(?<!\w)պահեստի վերին քարտը", "պահեստից մեկ սալիկ"),
        (r"(?<!\w)([Վվ])այրի քարտեր", lambda m: ("Ջ" if m.group(1) == "Վ" else "ջ") + "ոկերներ"),
        (r"(?<!\w)([Վվ])այրի քարտ", lambda m: ("Ջ" if m.group(1) == "Վ" else "ջ") + "ոկեր"),
        (r"(?<!\w)([Քք])արտեր", lambda m: ("Ս" if m.group(1) == "Ք" else "ս") + "ալիկներ"),
        (r"(?<!\w)([Քք])արտ", lambda m: ("Ս" if m.group(1) == "Ք" else "ս") + "ալիկ"),
        (r"(?<!\w)([Ձձ])եռքեր", lambda m: ("Դ" if m.group(1) == "Ձ" else "դ") + "արակներ"),
        (r"(?<!\w)([Ձձ])եռք", lambda m: ("Դ" if m.group(1) == "Ձ" else "դ") + "արակ"),
        (r"(?<!\w)տախտակամածներ", "հավաքակազմեր"),
        (r"(?<!\w)տախտակամած", "հավաքակազմ"),
    ),
}


def pack_of(spec: VariantSpec) -> Pack:
    """The kind of pack ``spec`` is played with, as its sentences are told."""
    numbered = spec.deck.numbered
    if numbered is None:
        return "cards"
    kinds: dict[str, Pack] = {"tiles": "tiles", "suit_cards": "suits"}
    return kinds.get(numbered.pieces, "numbered")


_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([^()]*\)[a-z])")


@lru_cache(maxsize=1)
def _compiled() -> dict[
    tuple[str, Pack], list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]]
]:
    tables: dict[
        tuple[str, Pack], list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]]
    ] = {}
    for code, numbered in _NUMBERED.items():
        rules = [(re.compile(pattern), new) for pattern, new in numbered]
        tables[code, "numbered"] = rules
        # Tiles first: "wild card" becomes "joker" before "card" becomes "tile".
        tables[code, "tiles"] = [(re.compile(p), new) for p, new in _TILES[code]] + rules
        tables[code, "suits"] = [(re.compile(p), new) for p, new in _SUITS[code]]
    return tables


@lru_cache(maxsize=8192)
def retold(text: str, code: str, pack: Pack) -> str:
    """``text``, a message in the language ``code``, in the words of ``pack``
    (unchanged for a standard pack)."""
    if pack == "cards":
        return text
    # A message's placeholders ({suits}) are names, not words: kept as they are.
    parts = _PLACEHOLDER.split(text)
    for i in range(0, len(parts), 2):
        for pattern, new in _compiled()[code, pack]:
            parts[i] = pattern.sub(new, parts[i])
    return "".join(parts)


_EXAMPLE = re.compile(r"(?<!\w)(1[0-3]|[2-9AJQK])([HSDC])(?!\w)")


def pack_examples(text: str, spec: VariantSpec) -> str:
    """``text`` with its example cards (7H, QC) written in the game's pack: in a
    numbered pack, numbers up to its highest and its colours' letters (hearts,
    spades, diamonds, clubs for its first, second, third and fourth colour)."""
    numbered = spec.deck.numbered
    if numbered is None:
        return text
    letters = numbered.card_letters()
    faces = {"A": 1, "J": 11, "Q": 12, "K": 13}

    def swap(match: re.Match[str]) -> str:
        rank = faces.get(match.group(1)) or int(match.group(1))
        return f"{min(rank, numbered.highest)}{letters['HSDC'.index(match.group(2))]}"

    return _EXAMPLE.sub(swap, text)
