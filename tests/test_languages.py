"""Rulebooks in the players' own languages: the catalogs are complete and up to
date, no English sentence is left in a translated book, --lang and the locale
choose the language, and the variant's own words come from its translations."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.render.i18n import LANGUAGES, default_language
from rummy_rules.render.rulebook import (
    localized_words,
    md_escape,
    render_diff,
    render_house_sheet,
    render_rulebook,
    render_score_sheet,
)

babel = pytest.importorskip("babel", reason="the catalogs are checked with Babel (lang extra)")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"]
SHIPPED = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "variants").rglob("*.yaml"))


def catalog(code: str):
    path = ROOT / "rummy_rules" / "locale" / code / "LC_MESSAGES" / "rummy_rules.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


def extracted() -> set[str]:
    """Every message the code and templates use now (as ``pybabel extract`` finds them)."""
    from babel.messages import frontend

    # The map pybabel extract reads (scripts/catalogs.py): babel.cfg itself.
    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options = parse(handle)
    found = set()
    for _filename, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map=options
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code):
    untranslated = [
        m.id
        for m in catalog(code)
        if m.id
        and (
            "fuzzy" in m.flags
            or (isinstance(m.string, tuple) and not all(m.string))
            or not m.string
        )
    ]
    assert untranslated == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogs_hold_exactly_the_messages_the_code_uses(code):
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog(code) if m.id}
    ids -= {m.id for m in catalog(code).obsolete.values()}
    now = extracted()
    assert now - ids == set(), "run pybabel extract and update (README, Rules in your language)"
    assert ids - now == set(), "messages no longer used: run pybabel update"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_package_speaks_its_catalogs_as_they_are_now(code):
    """What the package prints is the catalog's .po file as it is now: in a
    checkout (read from the .po file, or a .mo file newer than it) and in an
    installed copy (the .mo file its build compiled from the same file)."""
    from rummy_rules.render.i18n import _translations

    translations = _translations(code)
    wrong = []
    for m in catalog(code):
        if not m.id or not m.string:
            continue
        if isinstance(m.id, tuple):
            got = (
                translations.npgettext(m.context, m.id[0], m.id[1], 1)
                if m.context
                else translations.ngettext(m.id[0], m.id[1], 1)
            )
            if got not in m.string:
                wrong.append(m.id[0])
            continue
        got = translations.pgettext(m.context, m.id) if m.context else translations.gettext(m.id)
        if got != m.string:
            wrong.append(m.id)
    assert wrong == []


def test_the_build_compiles_every_catalog(tmp_path):
    """hatch_build.compile_catalogs writes each language's .mo file from its
    .po file, as Babel compiles it: the wheel's catalogs."""
    import importlib.util
    import sys

    pytest.importorskip("hatchling", reason="the build's own hook (hatchling)")
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("hatch_build", module)
    spec.loader.exec_module(module)
    written = module.compile_catalogs(ROOT, tmp_path)
    assert sorted(p.parent.parent.name for p in written) == sorted(TRANSLATED)
    for path in written:
        out = io.BytesIO()
        write_mo(out, catalog(path.parent.parent.name))
        assert path.read_bytes() == out.getvalue()


def _english_fragments() -> list[str]:
    """The English sentences of the catalog, cut at their placeholders, that a
    translated rulebook must not contain (long enough to be a phrase)."""
    parts = []
    for m in catalog("bg"):
        if not m.id:
            continue
        for text in m.id if isinstance(m.id, tuple) else (m.id,):
            for piece in re.split(r"\{[a-z_]+\}|%\([a-z_]+\)s", text):
                piece = piece.strip(" .,:;()")
                if len(piece) >= 12 and " " in piece:
                    parts.append(piece)
    return parts


@pytest.mark.long  # every file, four renderings, two languages: the long run (CI)
@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant", SHIPPED)
def test_no_english_sentence_is_left_in_a_translated_rulebook(variant, code):
    spec = load_variant(variant)
    texts = [render_rulebook(spec, fmt, lang=code) for fmt in ("md", "txt", "card_txt")]
    texts.append(render_score_sheet(spec, "txt", lang=code))
    book = "\n".join(texts)
    # The file's own words it does not translate are printed in English (and
    # said so on stderr); the sources keep the titles they were published under.
    _name, description, notes, _missing = localized_words(spec, code)
    for own in (description, *notes, *(s.title for s in spec.sources)):
        book = book.replace(own, "").replace(md_escape(own), "")
    left = [p for p in _english_fragments() if p in book]
    assert left == []


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant", SHIPPED)
def test_every_shipped_file_translates_its_own_words(variant, code):
    assert localized_words(load_variant(variant), code)[3] == []


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant", ["contract", "persian"])
def test_the_variants_own_words_are_translated_too(variant, code):
    spec = load_variant(variant)
    book = render_rulebook(spec, "md", lang=code)
    words = spec.translations[code]
    assert book.startswith(f"# {words.name}\n")
    for english in [spec.description, *spec.notes]:
        assert english[:40] not in book


def test_numbers_and_plurals_follow_the_language():
    spec = load_variant("contract")
    bg = render_rulebook(spec, "md", lang="bg")
    assert "2 групи от 3" in bg and "1 група от 3 + 1 поредица от 4" in bg
    assert "една наказателна карта" in bg  # a count of one in words
    assert "Играта е от 2 раздавания." in render_rulebook(load_variant("persian"), "md", lang="bg")
    hy = render_rulebook(spec, "md", lang="hy")
    assert "2 հավաքածու 3-ական քարտից" in hy and "1 հավաքածու 3 քարտից" in hy


def test_english_stays_as_it_was():
    spec = load_variant("contract")
    golden = (ROOT / "tests" / "golden" / "contract.md").read_text(encoding="utf-8")
    assert render_rulebook(spec, "md") == golden
    assert render_rulebook(spec, "md", lang="en") == golden


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant", ["contract", "persian"])
def test_golden_translated_rulebooks(variant, code):
    golden = ROOT / "tests" / "golden" / f"{variant}.{code}.md"
    assert render_rulebook(load_variant(variant), "md", lang=code) == golden.read_text(
        encoding="utf-8"
    ), f"{golden.name} differs: python scripts/gen_golden.py, and review the diff"


def test_house_sheets_diffs_and_score_sheets_speak_the_language():
    base = load_variant("contract")
    house = load_variant("variants/house/family-contract.yaml")
    sheet = render_house_sheet(house, base, "md", lang="bg")
    assert "Семейното руми с договори: домашни правила" in sheet
    assert "Играе се като **Руми с договори**, освен:" in sheet
    changes = render_diff(base, house, lang="hy")
    assert changes and all(re.search("[\u0530-\u058f]", title) for title, _, _ in changes)
    scores = render_score_sheet(base, "txt", players=4, lang="bg")
    assert "Играч 1" in scores and "общо" in scores


def test_the_language_defaults_to_the_locale(monkeypatch):
    monkeypatch.setenv("LANG", "bg_BG.UTF-8")
    assert default_language() == "bg"
    monkeypatch.setenv("LANG", "hy_AM.UTF-8")
    assert default_language() == "hy"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert default_language() == "en"
    monkeypatch.setenv("LANGUAGE", "hy:en")
    assert default_language() == "hy"


def test_cli_lang_option_and_locale(cli, monkeypatch):
    result = cli("rulebook", "contract", "--lang", "bg")
    assert result.exit_code == 0 and "## Играчи и карти" in result.stdout
    monkeypatch.setenv("LANG", "hy_AM.UTF-8")
    result = cli("rulebook", "persian", "-f", "txt")
    assert result.exit_code == 0 and "ԽԱՂԱՑՈՂՆԵՐ" in result.stdout
    bad = cli("rulebook", "contract", "--lang", "xx")
    assert bad.exit_code == 2 and "no catalog for 'xx'" in bad.stderr
    diff = cli("diff", "contract", "may-i", "--lang", "bg", "-f", "md")
    assert diff.exit_code == 0 and "| правило |" in diff.stdout


def test_words_the_file_does_not_translate_are_noted_and_printed_in_english(cli):
    # An added note the translations do not have: the notes are printed in English.
    result = cli("rulebook", "liverpool", "--lang", "bg", "--notes", "--set", "notes+=Sundays only")
    assert result.exit_code == 0
    assert "liverpool gives no Български (bg) translation of its notes" in result.stderr
    assert load_variant("liverpool").notes[0] in result.stdout.replace("\\", "")
    assert "Sundays only" in result.stdout
    # Without --notes the book has no notes, and nothing is said of them.
    quiet = cli("rulebook", "liverpool", "--lang", "bg", "--set", "notes+=Sundays only")
    assert "Sundays only" not in quiet.stdout and "notes" not in quiet.stderr


def test_a_house_file_that_renames_its_game_drops_the_base_translation_of_the_name(write):
    path = write("ours.yaml", "extends: contract\nname: Our Contract Rummy\n")
    spec = load_variant(path)
    book = render_rulebook(spec, "md", lang="bg")
    assert book.startswith("# Our Contract Rummy\n")
    assert "Седем раздавания" in book  # the description is the base's, so is its translation


def test_translations_are_validated_with_their_location(write):
    path = write("bad.yaml", "extends: contract\ntranslations:\n  fr:\n    name: Rami\n")
    report = check_variant(path)
    assert not report.valid
    problem = report.errors[0]
    assert problem.path.startswith("translations") and problem.line == 4


def _pdf_font_file() -> Path | None:
    if shutil.which("fc-match") is None:
        return None
    found = subprocess.run(
        ["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True, check=False
    ).stdout
    return Path(found) if found and Path(found).exists() else None


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_pdf_font_has_every_glyph_the_translated_rules_use(code):
    """The PDF's font (DejaVu Sans, named first in the style sheet) holds every
    character of the translated rulebooks, so no box is printed."""
    fonttools = pytest.importorskip("fontTools.ttLib", reason="fontTools comes with WeasyPrint")
    font = _pdf_font_file()
    if font is None:
        pytest.skip("DejaVu Sans is not installed (see README: fonts for PDF)")
    cmap = fonttools.TTFont(str(font)).getBestCmap()
    text = "".join(
        render_rulebook(load_variant(v), "html", lang=code) for v in ("contract", "persian")
    )
    text = re.sub(r"<[^>]+>", " ", text)
    missing = sorted({c for c in text if not c.isspace() and ord(c) not in cmap})
    assert missing == []


def test_a_catalog_that_cannot_be_read_is_one_message_and_exit_1(tmp_path, monkeypatch, capsys):
    """A checkout's catalog with no compiled .mo beside it and no Babel to
    compile it: the command says how to get it, exits 1, no traceback."""
    import importlib
    import sys

    from rummy_rules.render import i18n

    app_module = importlib.import_module("rummy_rules.cli.app")
    folder = tmp_path / "bg" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "rummy_rules" / "locale" / "bg" / "LC_MESSAGES" / "rummy_rules.po", folder)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    for name in ("babel", "babel.messages", "babel.messages.mofile", "babel.messages.pofile"):
        monkeypatch.setitem(sys.modules, name, None)
    i18n._translations.cache_clear()
    monkeypatch.setattr(sys, "argv", ["rummy-rules", "rulebook", "gin", "--lang", "bg"])
    try:
        with pytest.raises(SystemExit) as stop:
            app_module.main()
    finally:
        i18n._translations.cache_clear()
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert "catalog" in err and "pip install -e ." in err and "Traceback" not in err


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize(
    "variant", ["rummikub", "conquian", "variants/house/numbered-contract.yaml"]
)
def test_a_numbered_pack_names_its_colours_in_the_readers_language(variant, code):
    spec = load_variant(variant)
    assert spec.deck.numbered is not None
    book = render_rulebook(spec, "md", lang=code)
    translated = spec.translations[code].colours
    assert translated is not None
    # Each letter is listed with the colour's name in the reader's words, and
    # no name of the file's own (English or Spanish) is left.
    letters = spec.deck.numbered.card_letters()
    pack_line = next(line for line in book.splitlines() if f"{letters[0]} {translated[0]}" in line)
    for letter, name in zip(letters, translated, strict=True):
        assert f"{letter} {name}" in pack_line
    for own in spec.deck.numbered.colours:
        assert not re.search(rf"\b{own}\b", pack_line)


def test_a_house_file_that_renames_the_colours_drops_the_base_translation_of_them(write):
    path = write(
        "ours.yaml",
        "extends: rummikub\nid: ours\ndeck:\n  numbered: {colours: [red, blue, green, black]}\n",
    )
    spec = load_variant(path)
    assert spec.translations["bg"].colours is None
    assert "green" in render_rulebook(spec, "md", lang="bg")
    assert "colours" in localized_words(spec, "bg")[3]


def test_translated_colours_need_a_numbered_pack(write):
    path = write(
        "bad.yaml",
        "extends: contract\ntranslations:\n  bg:\n    colours: [a, b, c, d]\n",
    )
    report = check_variant(path)
    assert not report.valid
    assert any(
        p.path.startswith("translations.bg.colours") and "numbered" in p.message
        for p in report.errors
    )


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("first", ["low_card", "high_card"])
def test_the_player_who_draws_the_card_deals_not_the_card(code, first):
    # "the lowest deals first" read word for word makes the card the dealer.
    spec = load_variant("contract", [f"table.first_dealer={first}"])
    book = render_rulebook(spec, "md", lang=code)
    wrong = {"bg": "раздава първа", "hy": "ը բաժանում է առաջինը"}[code]
    right = {"bg": "първи раздава този, който изтегли", "hy": "առաջինը բաժանում է նա, ով քաշել է"}
    assert wrong not in book and right[code] in book


#: A word ending in the article ը followed by a word that begins with a vowel
#: (ա, է, ը, ի, օ, ու): before a vowel the article is ն («խաղացողն այն»).
_ARTICLE_BEFORE_VOWEL = re.compile(r"\S+ը (?:ա|է|ը|ի|օ|ու)\S*")


def test_the_armenian_article_is_n_before_a_vowel():
    texts = [
        text
        for m in catalog("hy")
        if m.id
        for text in ([m.string] if isinstance(m.string, str) else m.string)
    ]
    for path in SHIPPED:
        words = load_variant(path).translations.get("hy")
        if words is not None:
            texts += [words.description or "", *(words.notes or [])]
    found = [hit for text in texts for hit in _ARTICLE_BEFORE_VOWEL.findall(text)]
    assert found == []


@pytest.mark.parametrize(
    ("code", "words"),
    [("en", "three or four cards"), ("bg", "от 3 или 4 карти"), ("hy", "3 կամ 4 քարտ")],
)
def test_a_set_of_three_or_four_is_said_so_not_three_to_four(code, words):
    book = render_rulebook(load_variant("tonk"), "md", lang=code)
    assert words in book


@pytest.mark.parametrize("code", LANGUAGES)
def test_cards_a_rule_names_are_printed_as_the_examples_print_them(code):
    # Canasta's red threes and black threes: 3♥, 3♦ and 3♣, 3♠, as in its meld
    # examples, not the notation's 3H, 3D.
    book = render_rulebook(load_variant("samba"), "md", lang=code)
    assert "3♥, 3♦" in book and "3♣, 3♠" in book
    assert "3H" not in book and "3C, 3S" not in book


@pytest.mark.parametrize(
    "variant", ["samba", "contract", "canasta", "indian-rummy", "hand-and-foot"]
)
def test_an_armenian_book_separates_list_items_with_its_own_mark_not_a_semicolon(variant):
    # Armenian has no semicolon: items of a list that hold commas are parted
    # by the միջակետ (․), as the catalog's own sentences part their clauses.
    book = render_rulebook(load_variant(variant), "md", lang="hy")
    rules = book.split("\n## Աղբյուրներ")[0]
    assert ";" not in rules


@pytest.mark.parametrize(
    ("code", "target", "samba"),
    [("en", "10,000", "1,500"), ("bg", "10\u00a0000", "1500"), ("hy", "10\u00a0000", "1500")],
)
def test_scores_group_their_digits_as_each_language_does(code, target, samba):
    # Samba plays to 10,000 and a samba scores 1,500: English groups from four
    # digits with a comma, Bulgarian and Armenian from five with a space.
    book = render_rulebook(load_variant("samba"), "md", lang=code)
    end = next(line for line in book.splitlines() if target in line and "10000" not in line)
    assert end
    assert f"{samba} " in book and "10000" not in book


def test_one_canasta_of_them_agrees_in_the_singular_in_bulgarian():
    # Hand and Foot needs one natural canasta and two mixed ones to go out.
    book = render_rulebook(load_variant("hand-and-foot"), "md", lang="bg")
    assert "Поне 1 от тях трябва да е чиста, без жокер." in book
    assert "Поне 2 от тях трябва да са смесени, с жокер." in book


@pytest.mark.parametrize("variant", ["hand-and-foot", "samba"])
def test_a_pile_taken_with_a_natural_pair_is_not_said_twice_to_be_melded_at_once(variant):
    book = render_rulebook(load_variant(variant), "md", lang="en")
    assert "A card taken from the discard pile must be melded at once." not in book
    assert "melding its top card at once" in book or "melded at once with two natural" in book


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("fmt", ["md", "txt", "html"])
def test_a_score_sheet_has_a_contract_column_only_where_deals_have_contracts(code, fmt):
    from rummy_rules.render.i18n import _, language

    with language(code):
        word = _("contract")
    assert word in render_score_sheet(load_variant("contract"), fmt, lang=code)
    for variant in ("canasta", "gin", "indian-rummy"):
        assert word not in render_score_sheet(load_variant(variant), fmt, lang=code)


def test_points_taken_off_are_a_bonus_where_the_lowest_wins_and_a_penalty_where_the_highest_does():
    liverpool = render_rulebook(load_variant("liverpool"), "md", lang="en")
    assert (
        "Bonus for cutting exactly the cards needed for the deal: the player concerned takes off 50 points."
        in liverpool
    )
    buraco = render_rulebook(load_variant("buraco"), "md", lang="bg")
    assert (
        "Наказание за всяко неизиграно морто" in buraco
        and "съответният отбор губи 100 точки" in buraco
    )
    assert "Бонус за всяко неизиграно морто" not in buraco


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "That canasta must be natural, with no wild card."),
        ("bg", "Тази канаста трябва да е чиста, без жокер."),
        ("hy", "Այդ կանաստան պետք է լինի բնական՝ առանց վայրի քարտի։"),
    ],
)
def test_the_one_canasta_going_out_needs_is_that_canasta_not_one_of_them(code, words):
    book = render_rulebook(load_variant("buraco"), "md", lang=code)
    assert words in book
