"""House rules: extends, appending, --set overrides, and errors that point at the right file."""

from __future__ import annotations

import re

import pytest

from rummy_rules import UsageError, check_variant, load_variant
from rummy_rules.spec.loader import parse_override

from .conftest import ROOT


def readme_house_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- house-example.*?-->\s*```yaml\n(.*?)```", text, re.S)
    assert match, "README.md lost its house-rules example"
    return match.group(1)


def test_readme_house_example_validates_and_merges(write):
    path = write("our-rules.yaml", readme_house_example())
    spec = load_variant(path)
    base = load_variant("contract")
    assert spec.deck.jokers == 4
    assert spec.buying.limits.per_deal == 3
    # everything else comes from the base
    assert spec.deck.decks == base.deck.decks
    assert spec.deals == base.deals
    assert spec.notes[: len(base.notes)] == base.notes
    assert spec.notes[-1].startswith("House rules")
    assert spec.based_on == "contract"
    assert spec.id == "our-rules"


def test_house_file_does_not_inherit_aliases_and_gets_a_name(write):
    spec = load_variant(write("x.yaml", "extends: contract\n"))
    assert spec.aliases == []
    assert spec.id == "x"
    assert "Contract Rummy" in spec.name


def test_maps_merge_and_scalars_replace(write):
    path = write("h.yaml", "extends: shanghai\nbuying:\n  cost: {penalty_cards: 2}\n")
    spec = load_variant(path)
    assert spec.buying.cost.penalty_cards == 2
    assert spec.buying.limits.per_deal == 2  # from the base, untouched


def test_lists_replace(write):
    path = write(
        "h.yaml",
        """\
        extends: contract
        notes: ["only this note"]
        """,
    )
    assert load_variant(path).notes == ["only this note"]


def test_key_plus_appends_to_the_base_list(write):
    path = write(
        "h.yaml",
        """\
        extends: basic-rummy
        deck:
          wild_ranks+: ["2"]
        scoring:
          bonuses+:
            - {event: one_turn_out, points: 10}
        """,
    )
    spec = load_variant(path)
    assert spec.deck.wild_ranks == ["2"]
    assert [b.event for b in spec.scoring.bonuses] == ["one_turn_out"]


def test_extends_chain_of_house_files(write):
    write("one.yaml", "extends: contract\ndeck: {jokers: 4}\n")
    path = write("two.yaml", "extends: one.yaml\nbuying: {limits: {per_deal: 1}}\n")
    spec = load_variant(path)
    assert spec.deck.jokers == 4
    assert spec.buying.limits.per_deal == 1
    assert spec.based_on == "one"


def test_extends_by_relative_path_in_a_subfolder(write):
    write("base/mine.yaml", "extends: contract\n")
    path = write("house/our.yaml", "extends: ../base/mine.yaml\n")
    assert load_variant(path).based_on == "mine"


def test_error_points_at_the_house_file_that_set_the_value(write):
    path = write("h.yaml", "extends: contract\n\ndeck:\n  jokers: lots\n")
    report = check_variant(path)
    (error,) = report.errors
    assert error.file == str(path)
    assert (error.line, error.column) == (4, 11)


def test_a_finding_the_house_file_caused_in_a_base_value_points_at_the_house_file(write):
    # Deal 6's contract is the base's; the house's smaller hand (and no buying)
    # breaks it. The user sees their own line, the base's place in the message,
    # and no player count: Contract deals the same hand to every count.
    path = write("h.yaml", "extends: contract\nbuying:\n  enabled: false\ndeals.6: {cards: 8}\n")
    (error,) = check_variant(path).errors
    assert (error.file, error.line, error.path) == (str(path), 4, "deals.6.contract")
    assert "deals.6.contract is as the file this one extends sets it: " in error.message
    assert "contract.yaml:" in error.message and "players" not in error.message


def test_a_finding_on_a_section_set_only_by_set_points_at_the_set():
    # going_out.drop is absent from contract.yaml: the finding was located at
    # the file's going_out line, which the user never wrote.
    report = check_variant("contract", ["going_out.drop.first=0"])
    (error,) = report.errors
    assert error.path == "going_out.drop" and error.file == "--set going_out.drop.first=0"


def test_error_in_the_base_points_at_the_base_file(write):
    write("base.yaml", "extends: contract\nplayers: {min: 3, max: 5, best: nine}\n")
    path = write("house.yaml", "extends: base.yaml\n")
    report = check_variant(path)
    assert any(e.file.endswith("base.yaml") and e.line == 2 for e in report.errors)


def test_semantic_error_points_at_the_value_that_caused_it(write):
    # Ten players with two decks: the house file changed players, so the
    # pack-size error points at the deal sizes of the base file.
    path = write("h.yaml", "extends: contract\ndeals:\n  - cards: 60\n")
    report = check_variant(path)
    assert report.errors
    assert all(e.file == str(path) for e in report.errors)
    assert report.errors[0].line == 3


def test_set_override_changes_a_value():
    spec = load_variant("contract", ["deck.jokers=4", "buying.limits.per_deal=3"])
    assert spec.deck.jokers == 4
    assert spec.buying.limits.per_deal == 3


def test_set_override_numbers_list_items_from_one():
    spec = load_variant("contract", ["deals.7.cards=11"])
    assert spec.deals[6].cards == 11
    assert spec.deals[0].cards == 10


def test_set_override_appends_with_plus():
    spec = load_variant("contract", ["notes+=Played on Sundays"])
    assert spec.notes[-1] == "Played on Sundays"


def test_set_override_accepts_yaml_values():
    spec = load_variant("contract", ["deck.wild_ranks=[2]", "deck.jokers={per_deck: 1}"])
    assert spec.deck.wild_ranks == ["2"]


def test_set_override_errors_are_located_on_the_option():
    report = check_variant("contract", ["deck.jokers=many"])
    (error,) = report.errors
    assert error.file == "--set deck.jokers=many"
    assert error.path == "deck.jokers"


def test_set_override_unknown_key_is_an_error():
    report = check_variant("contract", ["deck.jokerz=4"])
    assert "unknown key 'jokerz'" in report.errors[0].message


def test_set_override_past_the_end_of_a_list_is_an_error():
    report = check_variant("contract", ["deals.9.cards=10"])
    assert "does not exist" in report.errors[0].message


@pytest.mark.parametrize("text", ["nonsense", "=4", "deals.0.cards=1", "a..b=1", "a+.b=1"])
def test_malformed_override_is_a_usage_error(text):
    with pytest.raises(UsageError):
        parse_override(text)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("{per_deck: 2}", "per_deck"),
        ("{by_players: {'3-4': 2, '5+': 3}}", "by_players"),
        ("{formula: players}", "formula"),
        ("3", None),
    ],
)
def test_a_count_in_a_house_file_replaces_the_bases_count_as_a_whole(write, value, expected):
    # contract's jokers are a formula (players - 1): a house file giving them
    # per deck or by player count states a new count, not a mix of the two.
    path = write("h.yaml", f"extends: contract\ndeck:\n  jokers: {value}\n")
    report = check_variant(path)
    assert report.errors == []
    jokers = report.spec.deck.jokers
    if expected is None:
        assert jokers == 3
    else:
        assert getattr(jokers, expected) is not None
        assert set(jokers.model_dump()) == {expected}


def test_a_map_key_typo_in_a_house_file_points_at_the_house_file(write):
    """A key merged into the base's map is reported where the user wrote it."""
    path = write("h.yaml", "extends: contract\nscoring:\n  card_values:\n    jokers: 25\n")
    report = check_variant(path)
    [problem] = report.errors
    assert problem.file.endswith("h.yaml") and (problem.line, problem.column) == (4, 5)
    assert "'jokers' is not a rank" in problem.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("buying:\n  limits: 3\n", "expected a section of keys indented under 'limits', not 3"),
        ("buying:\nlimits:\n  per_deal: 3\n", "found none (indent the keys"),
    ],
)
def test_an_indentation_slip_gets_words_not_pydantic_wording(write, text, expected):
    report = check_variant(write("h.yaml", "extends: contract\n" + text))
    messages = " ".join(p.message for p in report.errors)
    assert expected in messages
    assert "Input should be" not in messages and "instance of" not in messages


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("draw.stock_cards=0", "must be at least 1, not 0"),
        ("buying.limits.per_deal=unlimited", "expected a whole number, not 'unlimited'"),
        ("buying.limits.per_deal=2.5", "expected a whole number, not 2.5"),
        ("wilds.max_per_meld=x", "(write null for no limit)"),
    ],
)
def test_a_number_out_of_range_or_not_a_number_gets_plain_words(setting, expected):
    report = check_variant("contract", [setting])
    [problem] = report.errors
    assert expected in problem.message, problem.message
    assert "Input should be" not in problem.message
    assert problem.file == "--set " + setting  # located where the user wrote it
    if setting.startswith("buying.limits.per_deal"):
        assert "(write null for unlimited)" in problem.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("notes:\n  - Taking it: fine\n", "expected text, not a mapping (a ': ' inside text"),
        ("notes:\n  - 12\n", "expected text, not a number"),
        ("name: [a, b]\n", "expected text, not a list"),
    ],
)
def test_text_written_as_something_else_gets_plain_words(write, text, expected):
    """An unquoted note with ': ' in it is a mapping in YAML: say so, and how to mend it."""
    report = check_variant(write("h.yaml", "extends: gin\n" + text))
    [problem] = report.errors
    assert expected in problem.message, problem.message
    assert "Input should be" not in problem.message and problem.line == 3 - text.startswith("name")


def test_a_whole_variant_without_id_takes_its_file_name(write):
    from pathlib import Path

    text = Path("variants/basic-rummy.yaml").read_text()
    kept = [line for line in text.splitlines() if not line.startswith(("id:", "aliases:"))]
    report = check_variant(write("Our Rules.yaml", "\n".join(kept) + "\n"))
    assert report.valid, [p.message for p in report.errors]
    assert report.spec.id == "our-rules"


def test_one_deals_item_in_a_house_file_warns_that_it_replaces_the_schedule(write):
    report = check_variant(write("h.yaml", "extends: contract\ndeals:\n  - {cards: 11}\n"))
    [warning] = report.warnings
    assert warning.path == "deals" and warning.line == 2
    assert "the game now has 1 deal" in warning.message and "deals.3:" in warning.message
    assert not check_variant(report.file, strict=True).valid


def test_more_deals_than_the_base_is_a_note(write):
    deals = "".join("  - {cards: 10, contract: [{type: set, size: 3}]}\n" for _ in range(8))
    report = check_variant(write("h.yaml", "extends: contract\ndeals:\n" + deals))
    assert report.valid and not report.warnings
    assert any("now has 8 deals" in n.message for n in report.notes)


def test_an_item_key_changes_one_item_of_the_base_list(write):
    path = write(
        "h.yaml",
        """\
        extends: contract
        deals.3:
          cards: 11
          contract.2: {size: 5}
        """,
    )
    spec, base = load_variant(path), load_variant("contract")
    assert len(spec.deals) == len(base.deals)
    assert spec.deals[2].cards == 11
    assert spec.deals[2].contract[1].size == 5
    assert spec.deals[2].contract[0] == base.deals[2].contract[0]
    assert spec.deals[3] == base.deals[3]


def test_an_item_key_past_the_end_is_located_and_explained(write):
    report = check_variant(write("h.yaml", "extends: contract\nname: X\ndeals.9: {cards: 3}\n"))
    [problem] = report.errors
    assert (problem.line, problem.path) == (3, "deals.9")
    assert "has 7 items" in problem.message and "deals+:" in problem.message


def test_an_item_key_value_error_points_at_the_house_file(write):
    report = check_variant(write("h.yaml", "extends: contract\ndeals.3:\n  cards: many\n"))
    [problem] = report.errors
    assert problem.file.endswith("h.yaml") and problem.line == 3


@pytest.mark.parametrize("ident", ["contract", "liverpool-rummy", "seven-deal-rummy"])
def test_a_house_file_may_not_take_a_shipped_variants_id_or_alias(write, ident):
    report = check_variant(write("h.yaml", f"extends: contract\nid: {ident}\n"))
    [problem] = report.errors
    assert problem.path == "id" and problem.line == 2
    assert "names the shipped variant" in problem.message


def test_a_house_file_named_like_a_shipped_variant_is_told_to_set_its_id(write):
    report = check_variant(write("contract.yaml", "extends: contract\n"))
    assert any("give these rules their own id" in p.message for p in report.errors)
    assert check_variant(write("contract.yaml", "extends: contract\nid: ours\n")).valid


def test_a_long_chain_of_bases_is_refused_with_its_reason(write):
    write("f0.yaml", "extends: contract\n")
    for i in range(1, 23):
        write(f"f{i}.yaml", f"extends: f{i - 1}.yaml\n")
    assert check_variant(write("f20.yaml", "extends: f19.yaml\n").parent / "f19.yaml").valid
    report = check_variant(write("f22.yaml", "extends: f21.yaml\n"))
    assert any("more than 20 extends" in p.message for p in report.errors)
    assert load_variant(report.file.replace("f22", "f5")).name == "Contract Rummy (f5 house rules)"


def test_a_base_that_cannot_be_read_is_a_located_problem(write, tmp_path):
    (tmp_path / "loop1.yaml").symlink_to(tmp_path / "loop2.yaml")
    (tmp_path / "loop2.yaml").symlink_to(tmp_path / "loop1.yaml")
    loop = check_variant(write("h.yaml", "extends: loop1.yaml\n"))
    long = check_variant(write("g.yaml", "extends: " + "a/" * 3000 + "x.yaml\n"))
    for report in (loop, long):
        [problem] = report.errors
        assert problem.path == "extends" and "cannot be read" in problem.message


def test_too_many_appended_items_point_at_the_first_one_over_the_limit(write):
    notes = "".join(f"  - note {i}\n" for i in range(200))
    report = check_variant(write("h.yaml", "extends: contract\nnotes+:\n" + notes))
    [problem] = report.errors
    assert problem.file.endswith("h.yaml") and problem.path == "notes"
    assert problem.message.startswith("at most 200 items, not ")
    assert "List should have" not in problem.message
