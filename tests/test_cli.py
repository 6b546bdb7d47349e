"""The command line: exit codes, --json documents, stdout versus stderr."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from rummy_rules import load_variant

from .conftest import MINIMAL, STANDARD_IDS, VARIANTS


def test_help_lists_every_command(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for command in ("validate", "list", "show", "schema", "new"):
        assert command in result.stdout


def test_no_arguments_shows_help(cli):
    result = cli()
    assert result.exit_code in (0, 2)
    assert "Usage" in result.stdout + result.stderr


def test_version_says_which_build_is_running(cli):
    import os
    import re

    result = cli("--version")
    assert result.exit_code == 0
    build = re.fullmatch(r"rummy-rules \S+ \((.+)\)\n", result.stdout)
    assert build is not None
    if os.environ.get("RUMMY_RULES_EXPECT_COMPILED"):
        assert build.group(1).startswith("compiled with mypyc")
    else:
        assert build.group(1) == "pure Python"


def test_validate_shipped_folder_exits_0(cli):
    result = cli("validate", str(VARIANTS))
    assert result.exit_code == 0, result.stdout
    count = len(list(VARIANTS.rglob("*.yaml")))
    assert f"{count} of {count} valid" in result.stdout


def test_validate_each_shipped_id_exits_0(cli):
    result = cli("validate", *sorted(STANDARD_IDS))
    assert result.exit_code == 0, result.stdout


def test_validate_invalid_exits_1(cli, write):
    path = write("v.yaml", MINIMAL.replace("decks: 1", "decks: x"))
    result = cli("validate", "contract", str(path))
    assert result.exit_code == 1
    assert f"{path}:5:10: deck.decks:" in result.stdout


def test_validate_json_is_one_document(cli, write):
    path = write("v.yaml", MINIMAL.replace("decks: 1", "decks: x"))
    result = cli("validate", "contract", str(path), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["schema_version"] == 1
    assert doc["valid"] is False
    first, second = doc["files"]
    assert first["valid"] and first["id"] == "contract"
    (error,) = second["errors"]
    assert error["line"] == 5 and error["column"] == 10 and error["path"] == "deck.decks"


def test_validate_strict_turns_warnings_into_errors(cli):
    args = ("validate", "contract", "--set", "stock_exhausted=null")
    assert cli(*args).exit_code == 0
    assert cli(*args, "--strict").exit_code == 1


def test_validate_without_arguments_is_a_usage_error(cli):
    assert cli("validate").exit_code == 2


def test_unknown_option_is_a_usage_error(cli):
    assert cli("validate", "contract", "--frobnicate").exit_code == 2


def test_malformed_set_is_a_usage_error(cli):
    result = cli("show", "contract", "--set", "nonsense")
    assert result.exit_code == 2
    assert "PATH=VALUE" in result.stderr
    assert result.stdout == ""


def test_list_shows_all_eleven_ids(cli):
    result = cli("list")
    assert result.exit_code == 0
    for ident in STANDARD_IDS:
        assert ident in result.stdout


def test_list_json(cli):
    result = cli("list", "--json")
    doc = json.loads(result.stdout)
    ids = {v["id"] for v in doc["variants"] if not v["house"]}
    assert ids == STANDARD_IDS
    contract = next(v for v in doc["variants"] if v["id"] == "contract")
    assert contract["players"] == {"min": 3, "max": 5}
    assert contract["deals"] == 7
    assert all(v["valid"] for v in doc["variants"])


def test_show_prints_resolved_yaml_that_loads_back(cli, tmp_path):
    result = cli("show", "variants/house/family-contract.yaml")
    assert result.exit_code == 0
    data = yaml.safe_load(result.stdout)
    assert data["deck"]["jokers"] == 4
    assert data["buying"]["limits"]["per_deal"] == 3
    assert data["based_on"] == "contract"
    out = tmp_path / "resolved.yaml"
    out.write_text(result.stdout)
    assert load_variant(out) == load_variant("variants/house/family-contract.yaml")


def test_show_with_set_and_json(cli):
    result = cli("show", "contract", "--set", "deck.jokers=4", "--json")
    doc = json.loads(result.stdout)
    assert doc["variant"]["deck"]["jokers"] == 4


def test_show_invalid_reports_on_stderr_and_exits_1(cli):
    result = cli("show", "contract", "--set", "deck.jokers=many")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "deck.jokers" in result.stderr


def test_show_unknown_id_exits_1(cli):
    result = cli("show", "contrct")
    assert result.exit_code == 1
    assert "did you mean 'contract'" in result.stderr


def test_schema_is_a_valid_draft7_schema(cli):
    result = cli("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


def test_schema_to_file(cli, tmp_path):
    out = tmp_path / "schema.json"
    result = cli("schema", "-o", str(out))
    assert result.exit_code == 0
    assert json.loads(out.read_text())["title"].startswith("rummy-rules variant")


def test_schema_accepts_a_house_file_and_rejects_unknown_keys(cli):
    schema = json.loads(cli("schema").stdout)
    validator = jsonschema.Draft7Validator(schema)
    assert validator.is_valid({"extends": "contract", "deck": {"jokers": 4}, "notes+": ["x"]})
    assert not validator.is_valid({"extends": "contract", "dekc": {}})
    assert not validator.is_valid({"name": "no extends and no rules"})


def test_new_writes_a_house_file_that_validates(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    result = cli("new", str(target), "--from", "contract")
    assert result.exit_code == 0, result.stderr
    text = target.read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert "\nextends: contract\n" in text
    assert "# deck:" in text and "#   jokers:" in text
    spec = load_variant(target)
    assert spec.based_on == "contract"
    assert spec.deals == load_variant("contract").deals


def test_new_schema_line_points_at_a_real_file(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    cli("new", str(target), "--from", "persian")
    first = target.read_text().splitlines()[0]
    assert (tmp_path / first.split("$schema=", 1)[1]).resolve().is_file()


def test_new_file_changes_a_rule_by_uncommenting(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    cli("new", str(target), "--from", "contract")
    text = target.read_text()
    text = text.replace("# deck:\n#   decks: 2\n#   jokers:", "deck:\n  decks: 3\n#   jokers:", 1)
    target.write_text(text)
    assert load_variant(target).deck.decks == 3


def test_new_refuses_to_overwrite_without_force(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    target.write_text("keep me")
    result = cli("new", str(target), "--from", "contract")
    assert result.exit_code == 1
    assert "--force" in result.stderr
    assert target.read_text() == "keep me"
    assert cli("new", str(target), "--from", "contract", "--force").exit_code == 0
    assert target.read_text() != "keep me"


def test_new_from_a_file_uses_a_relative_extends(cli, tmp_path, write):
    base = write("rules/base.yaml", "extends: contract\n")
    target = tmp_path / "house" / "ours.yaml"
    target.parent.mkdir()
    assert cli("new", str(target), "--from", str(base)).exit_code == 0
    assert "\nextends: ../rules/base.yaml\n" in target.read_text()
    assert load_variant(target).based_on == "base"


def test_new_from_unknown_base_exits_1(cli, tmp_path):
    result = cli("new", str(tmp_path / "x.yaml"), "--from", "nope")
    assert result.exit_code == 1
    assert not (tmp_path / "x.yaml").exists()


def test_python_dash_m_works():
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "rummy_rules", "validate", "contract"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "ok:" in result.stdout


def test_new_writes_set_values_as_real_keys(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    result = cli(
        "new",
        str(target),
        "--from",
        "contract",
        "--set",
        "deck.jokers=4",
        "--set",
        "deals.7.cards=13",
        "--set",
        "notes+=Sundays only",
    )
    assert result.exit_code == 0, result.stderr
    spec = load_variant(target)
    assert spec.deck.jokers == 4
    assert spec.deck.decks == 2
    assert spec.deals[6].cards == 13
    assert spec.notes[-1] == "Sundays only"
    expected = load_variant(
        "contract", ["deck.jokers=4", "deals.7.cards=13", "notes+=Sundays only"]
    )
    # The new file names its own game and adds a note: the base's translations
    # of the name and the notes no longer fit, so they are dropped.
    translations = {
        code: words.model_copy(update={"name": None, "notes": None})
        for code, words in expected.translations.items()
    }
    assert spec == expected.model_copy(
        update={
            "id": "ours",
            "name": "My Contract Rummy",
            "aliases": [],
            "based_on": "contract",
            "translations": translations,
        }
    )


def test_new_with_an_invalid_set_writes_nothing(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    result = cli("new", str(target), "--from", "contract", "--set", "deck.jokers=lots")
    assert result.exit_code == 1
    assert not target.exists()


def test_meld_final_deal_with_a_five_card_run(cli):
    result = cli(
        "meld", "contract", "--deal", "7", *"3H 4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C 5C".split()
    )
    assert result.exit_code == 0
    assert "Yes" in result.stdout
    assert "3H 4H 5H 6H 7H" in result.stdout


def test_meld_final_deal_fails_only_because_of_no_wrap(cli):
    hand = "QH KH AH 2H 5S 6S 7S 8S 9C 10C JC QC KC".split()
    result = cli("meld", "contract", "--deal", "7", *hand)
    assert result.exit_code == 0 and "No" in result.stdout
    wrapped = cli("meld", "contract", "--deal", "7", "--set", "melds.run.ace=wrap", *hand)
    assert "Yes" in wrapped.stdout


def test_meld_json(cli):
    result = cli(
        "meld", "contract", "-d", "5", "--json", *"3H 3S 3D 7C 7D 7S 9S 10S JS QS 2C JK".split()
    )
    doc = json.loads(result.stdout)
    assert doc["meets"] is True
    assert doc["points_left"] == 5
    assert doc["left"] == ["2C", "3D"]
    assert [m["kind"] for m in doc["melds"]] == ["set", "set", "run"]


@pytest.mark.parametrize("bad", ["11H", "ZZ", "1H"])
def test_meld_bad_card_is_a_usage_error(cli, bad):
    result = cli("meld", "contract", "QH", bad)
    assert result.exit_code == 2
    assert "not a card" in result.stderr


def test_meld_deal_out_of_range_is_a_usage_error(cli):
    assert cli("meld", "contract", "--deal", "8", "QH").exit_code == 2


def test_meld_on_a_variant_without_contracts_exits_1(cli):
    result = cli("meld", "rummy-500", "QH", "QS", "QD")
    assert result.exit_code == 1
    assert "no contract" in result.stderr


def test_rulebook_markdown_to_stdout(cli):
    result = cli("rulebook", "shanghai")
    assert result.exit_code == 0
    assert result.stdout.startswith("# Shanghai Rummy")
    assert "| 7 | 11 | 3 runs of 4 or more | go out all at once, no discard |" in result.stdout


@pytest.mark.parametrize(
    ("name", "start"),
    [
        ("r.md", b"# "),
        ("r.html", b"<!DOCTYPE html>"),
        ("r.txt", b"CONTRACT RUMMY"),
        pytest.param("r.pdf", b"%PDF", marks=pytest.mark.long),
    ],
)
def test_rulebook_format_follows_the_extension(cli, tmp_path, name, start):
    if name.endswith(".pdf"):
        pytest.importorskip("weasyprint")
    out = tmp_path / name
    result = cli("rulebook", "contract", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(start)


def test_rulebook_unknown_extension_or_format_is_a_usage_error(cli, tmp_path):
    assert cli("rulebook", "contract", "-o", str(tmp_path / "r.docx")).exit_code == 2
    assert cli("rulebook", "contract", "--format", "rtf").exit_code == 2
    assert cli("rulebook", "contract", "--format", "pdf").exit_code == 2
    assert cli("rulebook", "contract", "--paper", "a5").exit_code == 2


def test_rulebook_house_sheet(cli):
    result = cli("rulebook", "variants/house/family-contract.yaml", "--house-sheet")
    assert result.exit_code == 0
    assert "## The pack" in result.stdout and "## Buying" in result.stdout
    assert result.stdout.count("## ") == 2


def test_house_sheet_of_a_variant_that_extends_nothing_exits_1(cli):
    result = cli("rulebook", "contract", "--house-sheet")
    assert result.exit_code == 1
    assert "does not extend" in result.stderr


def test_rulebook_score_sheet_and_table_card(cli, tmp_path):
    sheet = cli("rulebook", "contract", "--score-sheet", "--players", "5")
    assert sheet.exit_code == 0 and "Player 5" in sheet.stdout
    card = cli("rulebook", "contract", "--format", "card")
    assert card.exit_code == 0 and "DON'T FORGET" in card.stdout


def test_rulebook_with_set_changes_the_text(cli):
    result = cli("rulebook", "contract", "--set", "buying.limits.per_deal=3")
    assert "Limit: three buys per player in each deal" in result.stdout


def test_diff_lists_differences_and_nothing_else(cli):
    result = cli("diff", "contract", "liverpool", "--json")
    doc = json.loads(result.stdout)
    assert [d["topic"] for d in doc["differences"]] == ["Deals", "Players", "The pack", "Scoring"]
    assert cli("diff", "contract", "liverpool").exit_code == 0
    md = cli("diff", "contract", "liverpool", "--format", "md")
    assert md.stdout.startswith("| rule | Contract Rummy | Liverpool Rummy |")
    same = cli("diff", "may-i", "may-i")
    assert "same rules" in same.stdout


@pytest.mark.parametrize(
    ("variant", "hand", "message"),
    [
        ("contract", "AH AH AH 2H 3H 4H 5S 6S 7S", "holds only two AH"),
        ("contract", "JK JK JK JK 3H 4H 5H 6H 7S 7D", "holds only three JK"),
    ],
)
def test_meld_refuses_a_hand_the_pack_cannot_hold(cli, variant, hand, message):
    result = cli("meld", variant, "--deal", "2", "--players", "4", *hand.split())
    assert result.exit_code == 2
    assert message in result.stderr


def test_meld_that_cannot_meet_the_contract_names_what_is_missing(cli):
    result = cli("meld", "contract", "--deal", "3", *"3H 4H 5H 8S 9S 10S JS 2C 2D KC QD".split())
    assert result.exit_code == 0
    out = result.stdout
    assert "It meets 1 run of 4" in out and "8S 9S 10S JS" in out
    assert "Missing: 1 run of 4." in out
    assert "Any one of these cards would complete it: 2H 6H JK" in out


def test_meld_json_names_what_is_missing(cli):
    result = cli(
        "meld", "contract", "--deal", "3", "--json", *"3H 4H 5H 8S 9S 10S JS 2C 2D KC QD".split()
    )
    data = json.loads(result.stdout)
    assert data["meets"] is False
    missing = data["missing"]
    assert missing["melds"] == "1 run of 4" and missing["met"] == "1 run of 4"
    assert missing["completing_cards"] == ["2H", "6H", "JK"]
    assert missing["met_with"] == [{"kind": "run", "cards": ["8S", "9S", "10S", "JS"]}]


def test_meld_says_when_one_card_is_not_enough(cli):
    result = cli("meld", "contract", "--deal", "1", *"3H 4H 5H 8S 9S 10S JS 2C 9D KC QD".split())
    assert "No single card would complete it" in result.stdout


def test_new_schema_reference_survives_moving_the_file(cli, tmp_path):
    target = tmp_path / "ours.yaml"
    cli("new", str(target), "--from", "contract")
    moved = tmp_path / "elsewhere" / "ours.yaml"
    moved.parent.mkdir()
    target.rename(moved)
    reference = moved.read_text().splitlines()[0].split("$schema=", 1)[1]
    assert Path(reference).is_absolute() and Path(reference).is_file()
    assert "rummy-rules" in Path(reference).read_text()


def test_schema_install_writes_the_user_copy(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = cli("schema", "--install")
    assert result.exit_code == 0
    installed = tmp_path / "rummy-rules" / "variant.schema.json"
    assert installed.is_file() and f"wrote {installed}" in result.stderr
    assert json.loads(installed.read_text())["$schema"].startswith("http://json-schema.org")


def test_an_internal_error_is_one_line_with_the_details_saved(monkeypatch, capsys):
    import rummy_rules.spec.registry as registry
    from rummy_rules.cli.app import INTERNAL_ERROR, main

    def broken():
        raise RuntimeError("something impossible")

    monkeypatch.setattr(registry, "shipped_variants", broken)
    monkeypatch.setattr("sys.argv", ["rummy-rules", "list"])
    monkeypatch.delenv("RUMMY_RULES_DEBUG", raising=False)
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: something impossible" in err
    assert "Traceback" not in err
    saved = Path(err.split("the details are in ")[1].split(". Please")[0])
    assert "Traceback" in saved.read_text() and "something impossible" in saved.read_text()


@pytest.mark.parametrize("width", [80, 100, 60])
def test_list_fits_columns_and_never_cuts_an_id(cli, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    result = cli("list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width
    starts = {line.split()[0] for line in lines if line and not line[0].isspace()}
    for ident in STANDARD_IDS | {"family-contract", "gin-openspiel"}:
        assert ident in starts
    assert "…" not in result.stdout


def test_validate_names_the_overrides_it_checked(cli):
    result = cli("validate", "contract", "--set", "deck.jokers=4")
    assert result.exit_code == 0
    assert "ok: variants/contract.yaml (contract) with --set deck.jokers=4" in result.stdout
    doc = json.loads(cli("validate", "contract", "--set", "deck.jokers=4", "--json").stdout)
    assert doc["overrides"] == ["deck.jokers=4"]


def test_show_prints_the_rules_before_the_notes_and_translations(cli):
    lines = cli("show", "contract").stdout.splitlines()
    keys = [line.split(":")[0] for line in lines if line[:1].isalpha()]
    assert keys.index("deals") < keys.index("sources") < keys.index("notes")
    assert keys[-1] == "translations" and keys.index("players") < 12


def test_meld_asks_for_the_deal_when_the_contracts_differ(cli):
    result = cli("meld", "contract", "QH", "QS", "QD")
    assert result.exit_code == 2
    assert "--deal" in result.stderr and "1 to 7" in result.stderr
    # one deal, or one contract for every deal: nothing to choose
    assert cli("meld", "gin", *"2H 3H 4H 7S 7D 7C 9C 10C KC AD".split()).exit_code == 0


def test_help_names_values_in_capitals_not_python_types(cli):
    import re

    for command in ("validate", "show", "meld", "rulebook", "diff", "simulate", "compare",
                    "sweep", "replay", "play", "watch", "new", "schema"):  # fmt: skip
        text = cli(command, "--help").stdout
        assert not re.search(r"<(str|int|path|float|list)[^>]*>", text), command
        assert "{" not in text.splitlines()[0], command
    assert "--deal N" in cli("meld", "--help").stdout
    assert "-o, --output FILE" in cli("rulebook", "--help").stdout


def test_the_top_level_help_states_the_conventions_and_needs_no_docs_folder(cli):
    text = " ".join(cli("--help").stdout.split())
    assert "docs/" not in text
    for words in ("--set PATH=VALUE", "--json", "-q", "--force", "COMMAND --help"):
        assert words in text


def _bar_tasks(monkeypatch, **kwargs):
    """The progress bar's tasks after two updates, on a pretend terminal."""
    import rich.progress

    from rummy_rules.cli import runs

    monkeypatch.setattr(runs.sys.stderr, "isatty", lambda: True, raising=False)
    seen = []
    real = rich.progress.Progress.update

    def spy(self, task_id, **kw):
        real(self, task_id, **kw)
        seen.append(self.tasks[0])

    monkeypatch.setattr(rich.progress.Progress, "update", spy)
    with runs.progress(5000, True, **kwargs) as tick:
        tick(100)
        tick(200)
    return seen[-1]


def test_the_progress_bar_of_a_fixed_run_counts_towards_its_games(monkeypatch):
    task = _bar_tasks(monkeypatch)
    assert (task.total, task.completed) == (5000, 200)


def test_the_progress_bar_of_games_auto_counts_games_and_claims_no_total(monkeypatch):
    # --games auto stops when precise, usually long before its cap of 5,000:
    # a bar sized by the cap would end a fraction of the way along.
    task = _bar_tasks(monkeypatch, open_ended=True)
    assert task.total is None
    assert task.completed == 200 and "200" in task.description
