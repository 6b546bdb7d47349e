"""docs/glossary.md: each concept has one word per language, and the catalogs use it.

The test reads the glossary's table: every stem in backticks in the Bulgarian
and Armenian columns occurs in that language's catalog, and no stem of the
"never" column occurs in a catalog or in a shipped file's translations.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from rummy_rules import load_variant
from rummy_rules.spec.registry import shipped_variants

from .conftest import ROOT

GLOSSARY = ROOT / "docs" / "glossary.md"
COLUMNS = {"bg": 2, "hy": 4}
NEVER = 6


def _rows() -> list[list[str]]:
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 8 and cells[0] not in ("concept", "---"):
            rows.append(cells)
    return rows


def _stems(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _catalog_text(code: str) -> str:
    path = ROOT / "rummy_rules" / "locale" / code / "LC_MESSAGES" / "rummy_rules.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    parts = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        parts.extend(s for s in strings if s)
    return "\n".join(parts).lower()


def _translations_text(code: str) -> str:
    parts = []
    for variant in shipped_variants():
        words = load_variant(variant.path).translations.get(code)
        if words is not None:
            parts.append(words.model_dump_json())
    return "\n".join(parts).lower()


def test_the_glossary_has_a_row_for_every_core_concept():
    concepts = {row[0] for row in _rows()}
    core = {"meld", "set", "run", "wild card", "joker", "suit", "deal (one round of play)"}
    assert core <= concepts
    for row in _rows():
        for column in COLUMNS.values():
            assert _stems(row[column]), f"{row[0]}: no stem in backticks in column {column}"


@pytest.mark.parametrize("code", sorted(COLUMNS))
def test_the_catalog_uses_the_glossarys_word_for_each_concept(code):
    text = _catalog_text(code)
    missing = [
        (row[0], stem)
        for row in _rows()
        for stem in _stems(row[COLUMNS[code]])
        if stem.lower() not in text
    ]
    assert missing == []


@pytest.mark.parametrize("code", sorted(COLUMNS))
def test_no_word_the_glossary_rules_out_is_used(code):
    text = _catalog_text(code) + _translations_text(code)
    found = [(row[0], s) for row in _rows() for s in _stems(row[NEVER]) if s.lower() in text]
    assert found == []


def test_an_armenian_noun_after_a_number_word_stays_singular():
    """Armenian counts take the singular (երկու խաղացող, չորս մաստ), where a
    word-for-word translation writes the plural (երկու խաղացողներ)."""
    numbers = "երկու|երեք|չորս|հինգ|վեց|յոթ|ութ|ինը|տասը"
    plural = re.compile(rf"(?<!\w)(?:{numbers}) (?:\w+ներ|քարտեր|մաստեր)\w*")
    text = _catalog_text("hy") + _translations_text("hy")
    assert plural.findall(text) == []


def test_a_numbered_deal_is_a_round_in_armenian_not_the_dealing():
    # "Deal 3" is a round of play (փուլ); բաժանում is the act of dealing.
    path = ROOT / "rummy_rules" / "locale" / "hy" / "LC_MESSAGES" / "rummy_rules.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    wrong = []
    for message in catalog:
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        numbered = re.search(r"\b[Dd]eal \{(number|deal)\}|[Nn]ext deal|one deal", english)
        if numbered and any("բաժանում" in s for s in strings):
            wrong.append(english)
    assert not wrong


def test_the_armenian_books_never_address_the_reader_with_the_polite_plural():
    """The books speak of the player in the third person and the screens say
    «դու»: an imperative in the polite plural («սկսեք», «դրեք») is a third way
    of addressing the reader, which a careful Armenian text does not mix in."""
    verbs = "սկսեք|դրեք|վերցրեք|նետեք|քաշեք|կցեք|գրեք|ընտրեք|սեղմեք|խաղացեք|բացեք|պահեք"
    polite = re.compile(rf"(?<!\w)(?:{verbs})(?!\w)")
    text = _catalog_text("hy") + _translations_text("hy")
    assert polite.findall(text) == []


def test_armenian_marks_a_pause_with_the_mijaket_not_a_latin_full_stop():
    """Armenian has no Latin full stop: a sentence ends with «։», and the pause
    English marks with a colon («Քո ձեռքը․ 9R») is the միջակետ «․»."""
    stop = re.compile(r"(?<![.\d])\.(?![.\d\w])")
    found = [line for line in _catalog_text("hy").splitlines() if stop.search(line)]
    assert found == []
