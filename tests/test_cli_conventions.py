"""One set of conventions for every command (docs/cli.md), checked by walking
every command's parameters."""

from __future__ import annotations

import re

import pytest
import typer

from rummy_rules.cli import app

from .conftest import ROOT

COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]
DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

#: Argument metavars that name a variant (a shipped id or a file).
VARIANT_METAVARS = {"VARIANT", "A", "B", "A B [C...]", "PATH_OR_ID"}
#: Commands that compute a result, which --json prints as one document.
RESULT_COMMANDS = {
    "validate", "list", "show", "meld", "diff", "simulate", "compare", "sweep", "ladder",
    "replay", "audit",
}  # fmt: skip
#: Every format name a --format option may take.
FORMATS = {"md", "html", "pdf", "txt", "card"}


def _options(command):
    return {p.opts[0]: p for p in command.params if p.param_type_name == "option"}


def _arguments(command):
    return [p for p in command.params if p.param_type_name == "argument"]


def test_the_same_option_has_the_same_short_flag_and_value_name_everywhere():
    seen: dict[str, tuple[tuple[str, ...], str | None, str]] = {}
    clashes = []
    for name, command in sorted(COMMANDS.items()):
        for long, option in _options(command).items():
            shape = (tuple(sorted(option.opts)), option.metavar)
            if long in seen and seen[long][:2] != shape:
                clashes.append(f"{long}: {seen[long][2]} {seen[long][:2]} vs {name} {shape}")
            seen.setdefault(long, (*shape, name))
    assert clashes == []


def test_every_command_that_takes_a_variant_takes_set():
    missing = []
    for name, command in COMMANDS.items():
        takes = any(a.metavar in VARIANT_METAVARS for a in _arguments(command))
        takes = takes or "--from" in _options(command)
        if takes and "--set" not in _options(command):
            missing.append(name)
    assert missing == []


def test_every_command_with_a_result_has_json():
    assert {n for n, c in COMMANDS.items() if "--json" in _options(c)} == RESULT_COMMANDS


def test_every_command_that_writes_a_file_has_force():
    writers = {
        name
        for name, command in COMMANDS.items()
        if {"--output", "--records", "--report"} & set(_options(command))
        or any(a.metavar == "FILE" for a in _arguments(command))
    }
    assert writers == {"rulebook", "diff", "schema", "simulate", "compare", "sweep", "new"}
    assert all("--force" in _options(COMMANDS[n]) for n in writers)


def test_every_parameter_is_explained_and_every_argument_named_in_capitals():
    for name, command in COMMANDS.items():
        for param in command.params:
            assert param.help, f"{name} {param.name} has no help"
        for argument in _arguments(command):
            assert argument.metavar and argument.metavar == argument.metavar.upper(), (
                f"{name} {argument.name}: {argument.metavar}"
            )


@pytest.mark.parametrize("command", ["rulebook", "diff"])
def test_format_names_come_from_one_list(cli, command):
    result = cli(command, "contract", *(["contract"] if command == "diff" else []), "-f", "docx")
    assert result.exit_code == 2
    named = set(re.findall(r"\b(md|html|pdf|txt|card|text|docx)\b", result.stderr)) - {"docx"}
    assert named and named <= FORMATS


def test_an_output_extension_that_contradicts_the_format_is_refused(cli, tmp_path):
    result = cli("rulebook", "contract", "-f", "md", "-o", str(tmp_path / "book.html"))
    assert result.exit_code == 2 and "does not match" in result.stderr
    result = cli("diff", "contract", "shanghai", "-f", "md", "-o", str(tmp_path / "d.txt"))
    assert result.exit_code == 2 and "does not match" in result.stderr


def test_quiet_silences_notes_but_not_results(cli, tmp_path):
    out = tmp_path / "book.md"
    loud = cli("rulebook", "contract", "-o", str(out))
    assert "wrote" in loud.stderr
    quiet = cli("--quiet", "rulebook", "contract", "-o", str(out))
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert cli("-q", "list").stdout == cli("list").stdout


def test_docs_cli_lists_every_command_and_every_option():
    for name, command in COMMANDS.items():
        assert f"`{name}`" in DOC, name
        for long in _options(command):
            assert f"`{long}" in DOC, f"{name} {long}"
