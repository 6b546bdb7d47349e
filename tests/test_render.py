"""Rulebooks, house sheets, score sheets and diff: from the rules, checked by the engine."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.melds import check_meld, parse_meld
from rummy_rules.engine.rules import compile_rules
from rummy_rules.render.describe import IDENTITY, TOPICS, diff_topics, flatten
from rummy_rules.render.rulebook import (
    contract_examples,
    meld_examples,
    render_house_sheet,
    render_rulebook,
    render_score_sheet,
    to_pdf,
)
from rummy_rules.spec.registry import shipped_variants

from .conftest import ROOT

SHIPPED = [entry for entry in shipped_variants()]


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_markdown_rulebook_matches_its_golden_file(entry):
    golden = ROOT / "tests" / "golden" / f"{entry.id}.md"
    assert render_rulebook(load_variant(entry.path), "md") == golden.read_text(encoding="utf-8"), (
        "run python scripts/gen_golden.py and review the diff"
    )


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
@pytest.mark.parametrize("fmt", ["html", "txt", "card"])
def test_every_format_renders_deterministically(entry, fmt):
    spec = load_variant(entry.path)
    first = render_rulebook(spec, fmt)
    assert first == render_rulebook(spec, fmt)
    assert spec.name.upper() in first.upper()


def test_every_rule_key_belongs_to_a_topic():
    spec = load_variant("contract")
    for path in flatten(spec.model_dump(mode="json")):
        if path.split(".")[0] in IDENTITY or path.startswith("deals"):
            continue
        assert any(path == p or path.startswith(p + ".") for t in TOPICS for p in t.paths), (
            f"{path} is described by no topic, so diff would miss it"
        )


@pytest.mark.parametrize(
    ("overrides", "before", "after"),
    [
        (["melds.run.ace=high"], "The ace is low or high", "The ace is high only"),
        (
            ["buying.limits.per_deal=3"],
            "There is no limit on buying.",
            "Limit: three buys per player",
        ),
        (["deck.jokers=4"], "one joker fewer than the number of players", "with four jokers"),
        (
            ["melding.lay_off.on_opening_turn=true"],
            "on the turn after going down",
            "in the same turn",
        ),
        (
            ["contract.same_suit_runs=allowed"],
            "may not continue each other",
            "may be of the same suit",
        ),
        (["wilds.max_per_meld=1"], "Every meld needs", "at most one wild card"),
    ],
)
def test_flipping_a_knob_changes_the_sentence(overrides, before, after):
    plain = render_rulebook(load_variant("contract"), "md")
    changed = render_rulebook(load_variant("contract", overrides), "md")
    assert before in plain
    assert after in changed
    assert after not in plain


def test_html_escapes_what_a_variant_says():
    spec = load_variant("contract", ["name=<script>alert(1)</script>"])
    html = render_rulebook(spec, "html")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_markdown_escapes_markup_in_names():
    spec = load_variant("contract", ["name=The_best [house] <b>"])
    text = render_rulebook(spec, "md")
    assert "# The\\_best \\[house\\] \\<b\\>" in text


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_meld_examples_carry_the_engines_verdict(entry):
    spec = load_variant(entry.path)
    rules = compile_rules(spec, spec.players.best or spec.players.min)
    examples = meld_examples(spec)
    assert any(e.legal for e in examples) and any(not e.legal for e in examples)
    for example in examples:
        text = rules.names.read(example.text)  # a numbered pack's examples read 7R
        reason = check_meld(parse_meld(example.kind, text), rules.melds, rules.deals[0].wild_faces)
        assert (reason is None) == example.legal


@pytest.mark.parametrize("source", ["contract", "shanghai-10", "contract-gamerules", "progressive"])
def test_every_contract_has_an_engine_checked_example_hand(source):
    spec = load_variant(source)
    assert len(contract_examples(spec)) == len(spec.deals)


def test_house_sheet_shows_exactly_the_rules_that_differ():
    house = load_variant("variants/house/family-contract.yaml")
    base = load_variant("contract")
    changes = diff_topics(base, house)
    assert [title for title, _, _ in changes] == ["The pack", "Buying"]
    sheet = render_house_sheet(house, base, "md")
    assert "with four jokers" in sheet and "three buys per player" in sheet
    assert "Runs" not in sheet


def test_a_buy_limit_refers_to_the_deal_table_only_when_a_deal_differs():
    house = load_variant("variants/house/family-contract.yaml")
    sheet = render_house_sheet(house, load_variant("contract"), "md")
    assert "Limit: three buys per player in each deal." in sheet
    assert "some deals may differ" not in sheet
    assert "some deals may differ" in render_rulebook(load_variant("shanghai-10"), "md")


@pytest.mark.parametrize("fmt", ["md", "txt", "html"])
def test_a_book_prints_the_files_notes_only_when_asked(fmt):
    spec = load_variant("conquian")
    book, with_notes = render_rulebook(spec, fmt), render_rulebook(spec, fmt, notes=True)
    first = " ".join(spec.notes[0].split())[:60]
    assert first not in " ".join(book.split()) and first in " ".join(with_notes.split())
    assert all(source.id in book for source in spec.sources)  # the sources always


@pytest.mark.parametrize("source", ["contract", "gin", "persian"])
def test_the_text_rulebook_holds_what_markdown_holds(source):
    """Plain text has the card values as a table, the example hands, and the
    sources and notes, as Markdown has."""
    spec = load_variant(source)
    text, markdown = render_rulebook(spec, "txt", notes=True), render_rulebook(spec, "md")
    assert "2 2, 3 3" not in text
    assert "SOURCES AND NOTES" in text and spec.notes[0][:40] in " ".join(text.split())
    assert all(source.id in text for source in spec.sources)
    if "Hands that meet each contract" in markdown:
        assert "Hands that meet each contract" in text
    for line in text.splitlines():
        assert len(line) <= 78 or "http" in line, line


def test_diff_of_a_variant_with_itself_is_empty():
    assert diff_topics(load_variant("shanghai"), load_variant("shanghai")) == []


def test_diff_contract_liverpool_lists_their_differences_and_nothing_else():
    changes = dict(
        (t, (a, b)) for t, a, b in diff_topics(load_variant("contract"), load_variant("liverpool"))
    )
    assert set(changes) == {"Deals", "Players", "The pack", "Scoring"}
    assert changes["Deals"] == (
        ["Deal 4: 12 cards, 3 sets of 3"],
        ["Deal 4: 10 cards, 3 sets of 3"],
    )


def test_score_sheet_has_a_row_per_deal_and_a_column_per_player():
    sheet = render_score_sheet(load_variant("contract"), "md", players=4)
    assert sheet.count("\n| 7 |") == 1
    assert "Player 4" in sheet and "Player 5" not in sheet
    persian = render_score_sheet(load_variant("persian"), "md")
    assert "Team 2" in persian and "Team 3" not in persian


def test_pdf_holds_the_contract_and_scoring_tables():
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    data = to_pdf(render_rulebook(load_variant("contract"), "html"))
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert 2 <= len(reader.pages) <= 8
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "2 sets of 3" in text and "3 runs of 4 or more" in text
    assert "points" in text and "Joker" in text
    # reproducible bytes: fixed metadata
    assert to_pdf(render_rulebook(load_variant("contract"), "html")) == data


_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def test_pdf_refuses_to_embed_local_files_named_in_the_page(tmp_path):
    pytest.importorskip("weasyprint")
    image = tmp_path / "private.png"
    image.write_bytes(_PNG)
    page = f'<html><body><img src="file://{image}" width="50"><p>hello</p></body></html>'
    data = to_pdf(page)
    assert data.startswith(b"%PDF")
    assert b"/Image" not in data


def test_pdf_without_weasyprint_says_how_to_install_it(monkeypatch, cli, tmp_path):
    import sys

    from rummy_rules.render.rulebook import RenderError

    monkeypatch.setitem(sys.modules, "weasyprint", None)
    with pytest.raises(RenderError, match=r"pip install 'rummy-rules\[pdf\]'"):
        to_pdf("<p>x</p>")
    result = cli("rulebook", "contract", "-o", str(tmp_path / "r.pdf"))
    assert result.exit_code == 1
    assert "rummy-rules[pdf]" in result.stderr
    assert not (tmp_path / "r.pdf").exists()


def test_the_persian_rulebook_says_only_what_the_data_says():
    text = render_rulebook(load_variant("persian"), "md")
    # No opening requirement, no wild cards, one deck, team scoring (S002).
    assert "opening requirement for themselves" not in text
    assert "stands for" not in text
    assert "one standard 52-card deck, with four jokers" in text
    assert "shuffled together" not in text
    assert "on a partner's meld it joins the meld" in text
    assert "Bonus for going out: the team concerned scores 25 points." in text
    assert "does not end the deal: they play on" in text
    assert "cuts." not in text


def test_a_pack_without_jokers_shows_no_joker_in_the_examples():
    text = render_rulebook(load_variant("basic-rummy"), "md")
    assert "There are no wild cards." in text
    assert "Joker" not in text


def _open_choices(spec) -> list[str]:
    """The keys of ``spec`` that settle what sources of a rummy game seldom say
    (rules reference §18): each one that applies to the game."""
    wilds = (
        spec.deck.joker_role == "wild"
        and (not isinstance(spec.deck.jokers, int) or spec.deck.jokers > 0)
    ) or bool(spec.deck.wild_ranks or spec.deck.wild_cards or spec.deck.cut_wild)
    rebuilt = spec.stock_exhausted.action in ("reshuffle_keep_top", "turn_over")
    checks = {
        "stock_exhausted.blocked_after": rebuilt and spec.stock_exhausted.blocked_after is not None,
        "game_end.ties": True,
        "table.cutter": True,
        "table.first_dealer": True,
        "table.dealer_rotation": True,
        "wilds.versus_naturals": wilds,
        "wilds.discard": wilds and spec.discard.allowed,
        "buying.discarder_may_buy": spec.buying.enabled,
        "buying.cost.short_stock": spec.buying.enabled,
        "buying.buyer_waits_for_turn": spec.buying.enabled,
        "melding.new_melds_after_opening": spec.opening.requirement == "contract"
        and not spec.melding.new_melds_after_opening,
    }
    return [key for key, applies in checks.items() if applies]


@pytest.mark.parametrize("variant", [v.id for v in shipped_variants() if not v.house])
def test_a_rule_no_source_states_is_a_key_and_a_note(variant):
    # Each of these rules is stated in every standard file, and its notes say
    # where the value comes from (a source, or "chosen here"): the rulebook
    # prints it with the note that explains it.
    spec = load_variant(variant)
    notes = " ".join(spec.notes)
    missing = [key for key in _open_choices(spec) if key not in notes]
    assert not missing, (variant, missing)
    for lang in ("bg", "hy"):
        translated = " ".join(spec.translations[lang].notes)
        assert not [key for key in _open_choices(spec) if key not in translated], (variant, lang)


@pytest.mark.parametrize("path", sorted(Path("variants/house").glob("*.yaml")), ids=str)
def test_a_house_file_notes_each_open_choice_it_makes(path):
    # A house file inherits its base's notes; each of these rules it sets
    # itself is explained in its own notes, in every language.
    import yaml

    raw = yaml.safe_load(path.read_text(encoding="utf-8"))

    def own_notes(node: dict) -> str:
        return " ".join([*node.get("notes", []), *node.get("notes+", [])])

    def is_set(key: str) -> bool:
        node = raw
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return True

    keys = [key for key in _open_choices(load_variant(str(path))) if is_set(key)]
    for notes in (own_notes(raw), *(own_notes(t) for t in raw.get("translations", {}).values())):
        assert not [key for key in keys if key not in notes], (path.name, keys)


@pytest.mark.parametrize(
    "args",
    [
        ("contract", "-f", "txt"),
        ("contract", "--score-sheet", "-f", "txt"),
        ("variants/house/family-contract.yaml", "--house-sheet", "-f", "txt"),
        ("contract", "-f", "card"),
    ],
    ids=["rulebook", "score-sheet", "house-sheet", "card"],
)
def test_every_printable_has_a_real_plain_text_form(cli, args):
    result = cli("rulebook", *args)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "<" not in text and "|---" not in text and "**" not in text and "# " not in text
    assert text.rstrip().endswith("Written by rummy-rules.")
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_table_card_follows_the_file_it_is_written_to(cli, tmp_path):
    assert cli("rulebook", "contract", "-f", "card", "-o", str(tmp_path / "c.txt")).exit_code == 0
    assert (tmp_path / "c.txt").read_text(encoding="utf-8").startswith("CONTRACT RUMMY")
    assert cli("rulebook", "contract", "-f", "card", "-o", str(tmp_path / "c.html")).exit_code == 0
    assert "<html" in (tmp_path / "c.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_every_example_in_a_book_can_be_held_with_the_variants_pack(entry):
    """No example shows two 7♥ from a single deck: each is checked against the
    pack the examples are drawn for, as well as by the meld rules."""
    from collections import Counter

    from rummy_rules.cards import parse_cards

    spec = load_variant(entry.path)
    rules = compile_rules(spec, spec.players.best or spec.players.min)
    pack = Counter(rules.pack.faces())
    for example in meld_examples(spec):
        meld = parse_meld(example.kind, rules.names.read(example.text))
        assert all(pack[f] >= n for f, n in Counter(meld.cards).items()), example
    for example in contract_examples(spec):
        cards = rules.names.read(" ".join([example["melds"], example["left"]]))
        words = re.sub(r"=\S+", "", cards).replace("/", " ").replace("colour", " ")
        held = Counter(parse_cards(words))
        assert all(pack[f] >= n for f, n in held.items()), example


@pytest.mark.parametrize("source", ["persian", "gin", "basic-rummy"])
def test_a_single_deck_book_does_not_say_suits_may_repeat(source):
    book = render_rulebook(load_variant(source), "md")
    assert "suits may repeat" not in book


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_bulgarian_books_avoid_the_known_slips(entry):
    book = render_rulebook(load_variant(entry.path), "md", lang="bg")
    for slip in (" от от ", "За от ", "свалете", "можете"):
        assert slip not in book, slip


def test_examples_and_meld_obey_first_down_must_go_out(cli):
    """A deal whose first player down must go out: the rulebook's example hand
    goes out, and `meld` says yes only for a hand that melds every card."""
    from rummy_rules.render.rulebook import contract_examples

    sets = ["contract.exactness=minimum", "deals.2.first_down_must_go_out=true"]
    spec = load_variant("contract", sets)
    second = contract_examples(spec)[1]
    assert second["deal"] == "2" and second["left"] == ""
    args = ["--deal", "2", "--players", "4", "--json"]
    for option in sets:
        args += ["--set", option]
    # A set and a run, with four cards over: meets the contract but does not go out.
    hand = "7H 7S 7D 4C 5C 6C 7C KS 2D 9H JD".split()
    answer = cli("meld", "contract", *hand, *args)
    assert answer.exit_code == 0, answer.stderr
    assert json.loads(answer.stdout)["meets"] is False
    whole = "7H 7S 7D 2C 3C 4C 5C 6C 7C 8C 9C".split()
    assert json.loads(cli("meld", "contract", *whole, *args).stdout)["meets"] is True


def test_a_house_files_table_card_lists_what_the_house_changes(cli, tmp_path):
    # The card people keep at the table once left out the house's own rules.
    house = tmp_path / "ours.yaml"
    house.write_text(
        "extends: contract\nname: Our Contract\ndeck: {jokers: 4}\n"
        "buying: {limits: {per_deal: 2}}\n",
        encoding="utf-8",
    )
    text = cli("rulebook", str(house), "-f", "card").stdout
    assert "HOUSE RULES" in text
    house_part = text.split("HOUSE RULES")[1].split("DON'T FORGET")[0]
    assert "four jokers" in house_part and "Limit: two buys" in house_part
    html = tmp_path / "card.html"
    assert cli("rulebook", str(house), "-f", "card", "-o", str(html)).exit_code == 0
    assert "<h2>House rules</h2>" in html.read_text(encoding="utf-8")
    bg = cli("rulebook", str(house), "-f", "card", "--lang", "bg").stdout
    assert "ДОМАШНИ ПРАВИЛА" in bg
    assert "HOUSE RULES" not in cli("rulebook", "contract", "-f", "card").stdout
