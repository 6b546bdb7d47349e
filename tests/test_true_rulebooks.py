"""Rulebooks that cannot lie: no book, in any language or format, has a sentence
about a feature its variant does not have.

For each shipped file the test works out which features are absent (wild
cards, printed jokers, a second deck, buying, knocking, contracts), takes
every catalog sentence that speaks of such a feature (found by its English
words), and checks that the sentence, in the book's language, is nowhere in
the book: Markdown and plain text here, the PDF's text with ``--long``.
"""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.render.rulebook import render_rulebook, to_pdf
from rummy_rules.spec.registry import shipped_variants

from .conftest import ROOT

#: Long: every file × language × format rendered and checked: the long run (CI).
pytestmark = pytest.mark.long

SHIPPED = list(shipped_variants())
LANGS = ("en", "bg", "hy")

#: A feature, the English words that mark a catalog sentence as being about
#: it, and the sentences that say the feature is absent (and so may stand in
#: a book without it).
FEATURES: dict[str, tuple[str, tuple[str, ...]]] = {
    "wilds": (
        r"\bwild",
        (
            "There are no wild cards.",
            "Jokers are not wild",
            "The pack: {copies} of the numbers 1 to {highest} in each of four colours "
            "({colours}), with no wild cards.",
        ),
    ),
    "jokers": (
        r"\bjoker",
        (
            "The pack: {decks}, with no jokers.",
            "The pack: {decks} shuffled together, with no jokers.",
        ),
    ),
    "second deck": (r"suits may repeat|other deck|second deck|duplicate", ()),
    "buying": (
        r"\bbuy|\bbuyer|\bbought",
        (
            "There is no buying",
            "An eliminated player may buy back",  # into an elimination game
            "A player may buy back in only while",
        ),
    ),
    "knocking": (r"\bknock|\bdeadwood|\bundercut|\bgin\b", ()),
    "contracts": (r"\bcontract", ()),
}


def absent_features(spec) -> set[str]:
    """The features of :data:`FEATURES` the variant does not have."""
    players = spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    counts = [compile_rules(spec, n).pack for n in range(spec.players.min, spec.players.max + 1)]
    absent = set()
    jokers = any(52 in pack.faces() for pack in counts)
    wild_ranks = any(d.wild_faces - {52} for d in rules.deals)
    if not wild_ranks and not (jokers and spec.deck.joker_role == "wild"):
        absent.add("wilds")
    if not jokers:
        absent.add("jokers")
    if all(_decks(spec, n) == 1 for n in range(spec.players.min, spec.players.max + 1)):
        absent.add("second deck")
    if not spec.buying.enabled:
        absent.add("buying")
    if spec.going_out.knock is None:
        absent.add("knocking")
    if not any(d.contract for d in spec.deals):
        absent.add("contracts")
    return absent


def _decks(spec, players: int) -> int:
    from rummy_rules.spec.schema import evaluate_count

    return evaluate_count(spec.deck.decks, players)


@cache
def _catalog(lang: str) -> dict[str, str]:
    # English is every catalog's message ids (the Bulgarian catalog's, here).
    code = "bg" if lang == "en" else lang
    path = ROOT / "rummy_rules" / "locale" / code / "LC_MESSAGES" / "rummy_rules.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    out = {}
    for message in catalog:
        if not message.id or isinstance(message.id, tuple):
            continue
        out[message.id] = message.id if lang == "en" else message.string
    return out


def forbidden_fragments(feature: str, lang: str) -> list[tuple[str, str]]:
    """(English sentence, a fragment of it in ``lang``) for every catalog sentence
    about ``feature``: the fragments are the sentence's parts between its
    placeholders that are long enough to be the sentence's own."""
    words, allowed = FEATURES[feature]
    out = []
    for msgid, text in _catalog(lang).items():
        if not re.search(words, msgid, re.IGNORECASE):
            continue
        if any(msgid.startswith(a) for a in allowed) or not text:
            continue
        for part in re.split(r"\{[^}]*\}", text):
            part = " ".join(part.split())
            if len(part) >= 30:
                out.append((msgid, part))
    return out


def _plain(text: str) -> str:
    text = text.replace("\\", "").replace("**", "").replace("*", "")
    return " ".join(text.split())


def _book(spec, lang: str, fmt: str) -> str:
    if fmt != "pdf":
        return _plain(render_rulebook(spec, fmt, lang=lang))
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    reader = pypdf.PdfReader(io.BytesIO(to_pdf(render_rulebook(spec, "html", lang=lang))))
    return _plain(" ".join(page.extract_text() for page in reader.pages))


def _check(entry, lang: str, fmt: str) -> None:
    spec = load_variant(entry.path)
    book = _book(spec, lang, fmt)
    own = {_plain(n) for n in spec.notes} | {_plain(spec.description)}
    words = spec.translations.get(lang)
    if words is not None:
        own |= {_plain(n) for n in words.notes or ()} | {_plain(words.description or "")}
    for note in own:  # the file's own words are checked by their sources, not here
        book = book.replace(note, "")
    found = [
        (feature, msgid)
        for feature in sorted(absent_features(spec))
        for msgid, fragment in forbidden_fragments(feature, lang)
        if fragment in book
    ]
    assert found == []


@pytest.mark.parametrize("fmt", ["md", "txt"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_no_book_speaks_of_a_feature_its_variant_lacks(entry, lang, fmt):
    _check(entry, lang, fmt)


@pytest.mark.long
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_no_pdf_speaks_of_a_feature_its_variant_lacks(entry, lang):
    _check(entry, lang, "pdf")


def test_the_check_finds_a_sentence_that_does_not_belong():
    """The check is not empty: a knock game's book has knock sentences that a
    contract game's book would be caught with."""
    gin = render_rulebook(load_variant("gin"), "md")
    fragments = [f for _, f in forbidden_fragments("knocking", "en")]
    assert any(f in _plain(gin) for f in fragments)
    assert "knocking" in absent_features(load_variant("contract"))
    assert "wilds" in absent_features(load_variant("gin"))
    assert "second deck" in absent_features(load_variant("gin"))
