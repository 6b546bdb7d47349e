"""Every kind of bad file gives located messages and exit 1: never a traceback, never a hang."""

from __future__ import annotations

import time

import pytest

from rummy_rules import VariantError, check_variant, load_variant
from rummy_rules.spec.yamlio import MAX_DEPTH

from .conftest import MINIMAL


def problems_of(path):
    report = check_variant(path)
    assert not report.valid
    assert report.errors
    return report.errors


def only_message(path):
    errors = problems_of(path)
    return "\n".join(str(e) for e in errors)


def test_yaml_syntax_error_is_located(write):
    path = write("v.yaml", "id: x\nplayers: {min: 2, max: 4\nname: y\n")
    errors = problems_of(path)
    assert len(errors) == 1
    assert errors[0].line == 3 and errors[0].column is not None
    assert "YAML syntax error" in errors[0].message


def test_wrong_type_is_located_with_its_path(write):
    path = write("v.yaml", MINIMAL.replace("decks: 1", "decks: two"))
    (error,) = problems_of(path)
    assert error.path == "deck.decks"
    assert error.line == 5 and error.column == 10
    assert "whole number" in error.message


def test_unknown_key_suggests_the_right_one(write):
    path = write("v.yaml", MINIMAL.replace("  jokers: 2", "  jokrs: 2"))
    (error,) = problems_of(path)
    assert error.path == "deck.jokrs"
    assert error.line == 6 and error.column == 3
    assert "unknown key 'jokrs'" in error.message and "'jokers'" in error.message


def test_missing_field_names_the_key(write):
    path = write("v.yaml", MINIMAL.replace("name: Tiny Rummy\n", ""))
    (error,) = problems_of(path)
    assert error.path == "name"
    assert "missing required key 'name'" in error.message


def test_all_problems_in_a_file_are_reported_at_once(write):
    text = MINIMAL.replace("decks: 1", "decks: two").replace("  jokers: 2", "  jokrs: 2")
    text = text.replace("model: penalty", "model: lowball")
    errors = problems_of(write("v.yaml", text))
    assert {e.path for e in errors} == {"deck.decks", "deck.jokrs", "scoring.model"}


def test_yes_is_not_a_boolean(write):
    path = write("v.yaml", MINIMAL + "table: {upcard: yes}\n")
    (error,) = problems_of(path)
    assert error.path == "table.upcard"
    assert "true or false" in error.message


def test_duplicate_key_is_an_error(write):
    path = write("v.yaml", MINIMAL + "name: Again\n")
    errors = problems_of(path)
    last_line = len(MINIMAL.splitlines()) + 1
    assert any(
        "duplicate key 'name'" in e.message
        and "first set at line 2" in e.message
        and e.line == last_line
        for e in errors
    )


def test_impossible_contract_is_explained(write):
    text = MINIMAL.replace("  - cards: 7", "  - cards: 7\n    contract: [{type: run, size: 9}]")
    text = text.replace("requirement: none", "requirement: contract")
    errors = problems_of(write("v.yaml", text))
    assert any("needs 9 cards" in e.message for e in errors)


def test_cyclic_extends_is_detected(write):
    write("a.yaml", "extends: b.yaml\n")
    path = write("b.yaml", "extends: a.yaml\n")
    message = only_message(path)
    assert "cycle" in message and "a.yaml" in message and "b.yaml" in message


def test_self_extends_is_a_cycle(write):
    path = write("a.yaml", "extends: a.yaml\n")
    assert "cycle" in only_message(path)


def test_unknown_base_is_located_at_extends(write):
    path = write("h.yaml", "# house\nextends: contrat\n")
    (error,) = problems_of(path)
    assert error.path == "extends" and error.line == 2
    assert "unknown base 'contrat'" in error.message


def test_alias_bomb_is_refused_quickly(write):
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    path = write("bomb.yaml", "\n".join(lines) + "\n")
    started = time.perf_counter()
    message = only_message(path)
    elapsed = time.perf_counter() - started
    assert "aliases" in message
    # Not a timing assertion on speed, only a guard against a hang.
    assert elapsed < 30


def test_deep_nesting_is_refused(write):
    path = write("deep.yaml", "a: " + "[" * 5000 + "]" * 5000 + "\n")
    message = only_message(path)
    assert f"nested more than {MAX_DEPTH} levels deep" in message


def test_deep_block_nesting_is_refused(write):
    text = "".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n"
    path = write("deep.yaml", text)
    assert "nested more than" in only_message(path)


def test_binary_junk_is_refused(write):
    path = write("junk.yaml", bytes(range(256)) * 4)
    assert "not a text file" in only_message(path)


def test_non_utf8_is_refused(write):
    path = write("latin.yaml", "name: Caf\xe9\n".encode("latin-1"))
    (error,) = problems_of(path)
    assert "UTF-8" in error.message and error.line == 1


def test_control_characters_are_located(write):
    path = write("ctl.yaml", "id: x\nname: a\x07b\n")
    (error,) = problems_of(path)
    assert error.line == 2


def test_empty_file_is_refused(write):
    path = write("empty.yaml", "")
    assert "empty" in only_message(path)


def test_comment_only_file_is_refused(write):
    path = write("empty.yaml", "# nothing here\n")
    assert "empty" in only_message(path)


def test_ten_megabyte_file_is_refused(write):
    path = write("big.yaml", "# " + "x" * (10 * 1024 * 1024) + "\n")
    assert "larger than" in only_message(path)


def test_directory_instead_of_file(tmp_path):
    (tmp_path / "dir.yaml").mkdir()
    assert "directory" in only_message(tmp_path / "dir.yaml")


def test_missing_file(tmp_path):
    assert "no such file" in only_message(tmp_path / "nope.yaml")


def test_top_level_list_is_refused(write):
    path = write("list.yaml", "- a\n- b\n")
    assert "mapping" in only_message(path)


def test_python_tags_are_refused(write):
    path = write(
        "tag.yaml", MINIMAL.replace("name: Tiny Rummy", "name: !!python/object:os.system ls")
    )
    errors = problems_of(path)
    assert any("unsupported tag" in e.message for e in errors)


def test_several_documents_are_refused(write):
    path = write("two.yaml", MINIMAL + "---\n" + MINIMAL)
    assert "single document" in only_message(path)


def test_unknown_id_suggests_a_close_one():
    report = check_variant("shangai")
    assert "did you mean 'shanghai'" in report.errors[0].message


def test_load_variant_raises_variant_error_with_every_problem(write):
    text = MINIMAL.replace("decks: 1", "decks: two").replace("  jokers: 2", "  jokrs: 2")
    with pytest.raises(VariantError) as info:
        load_variant(write("v.yaml", text))
    assert len(info.value.problems) == 2
    assert isinstance(info.value, ValueError)
    assert str(info.value).count("\n") == 1


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("syntax.yaml", "id: [\n"),
        ("type.yaml", MINIMAL.replace("decks: 1", "decks: many")),
        ("unknown.yaml", MINIMAL + "colour: red\n"),
        ("missing.yaml", MINIMAL.replace("name: Tiny Rummy\n", "")),
        ("empty.yaml", ""),
        ("binary.yaml", b"\x00\x01\x02\xff"),
    ],
)
def test_cli_validate_bad_file_exits_1_with_located_lines(write, cli, name, content):
    path = write(name, content)
    result = cli("validate", str(path))
    assert result.exit_code == 1
    problem_lines = [line.strip() for line in result.stdout.splitlines() if line.startswith("  ")]
    assert problem_lines
    for line in problem_lines:
        assert line.startswith(str(path) + ":")
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("id: x\n# buying:\n#   limits:\n  per_deal: 3\n", "commented out"),
        ("id: x\nname:\tfoo\n", "tabs"),
        ("id: x\nplayers:\n\tmin: 2\n", "tabs"),
        ("id: x\nname foo\nplayers: 2\n", "colon and a space"),
        ("id: x\nname: Rummy: our way\n", "must be quoted"),
        ("id: x\nbuying:\n  limits:\n    per_deal: 2\n     per_game: 3\n", "same column"),
        ("id: x\nbuying:\n  limits:\n      per_deal: 2\n    per_game: 3\n", "indented by 4"),
    ],
    ids=[
        "uncommented-child",
        "tab-after-colon",
        "tab-indent",
        "missing-colon",
        "colon-in-value",
        "indented-under-a-value",
        "indented-between-sections",
    ],
)
def test_common_yaml_slips_get_a_located_hint(write, text, hint):
    errors = problems_of(write("v.yaml", text))
    assert len(errors) == 1
    assert errors[0].line is not None and hint in errors[0].message


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u200b", "\ufeff", "\u200f", "\u200e"])
def test_a_name_holds_no_invisible_or_line_breaking_character(write, char):
    from rummy_rules import check_variant

    report = check_variant(write("h.yaml", f'extends: contract\nname: "A{char}B"\n'))
    [problem] = report.errors
    assert problem.path == "name" and f"U+{ord(char):04X}" in problem.message


def test_a_fifo_in_a_validated_folder_is_reported_not_skipped(cli, tmp_path):
    import os

    folder = tmp_path / "rules"
    folder.mkdir()
    os.mkfifo(folder / "p.yaml")
    result = cli("validate", str(folder))
    assert result.exit_code == 1
    assert "p.yaml" in result.stdout and "not a regular file" in result.stdout
