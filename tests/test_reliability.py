"""Reliability: outputs never replace what is not ours, runs killed lose no finished game,
records are checked complete, and hostile record files fail cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import MINIMAL

# -- output files -------------------------------------------------------------


def test_output_to_a_fifo_is_refused_without_blocking(cli, tmp_path):
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    result = cli("rulebook", "contract", "-o", str(fifo))
    assert result.exit_code == 1
    assert "not a regular file" in result.stderr
    assert Path(fifo).is_fifo()


def test_output_to_a_directory_is_refused(cli, tmp_path):
    folder = tmp_path / "book.md"
    folder.mkdir()
    result = cli("rulebook", "contract", "-o", str(folder))
    assert result.exit_code == 1 and "is a directory" in result.stderr


def test_output_into_a_missing_folder_is_a_message_not_a_traceback(cli, tmp_path):
    result = cli("rulebook", "contract", "-o", str(tmp_path / "nodir" / "x" / "out.html"))
    assert result.exit_code == 1
    assert "does not exist" in result.stderr and "Traceback" not in result.stderr


def test_output_through_a_symlink_writes_the_target_and_keeps_the_link(cli, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "target.md"
    link = tmp_path / "link.md"
    link.symlink_to(target)
    assert cli("rulebook", "contract", "-o", str(link)).exit_code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8").startswith("# Contract Rummy")
    assert sorted(p.name for p in real.iterdir()) == ["target.md"]  # no temporary left


def test_an_existing_file_we_did_not_write_is_kept_unless_forced(cli, tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("my own notes\n")
    refused = cli("rulebook", "contract", "-o", str(notes))
    assert refused.exit_code == 1 and "--force" in refused.stderr
    assert notes.read_text() == "my own notes\n"
    assert cli("rulebook", "contract", "-o", str(notes), "--force").exit_code == 0
    assert notes.read_text(encoding="utf-8").startswith("# Contract Rummy")


@pytest.mark.parametrize("suffix", ["md", "txt", "html"])
def test_an_earlier_output_of_the_same_kind_is_replaced_without_force(cli, tmp_path, suffix):
    out = tmp_path / f"book.{suffix}"
    assert cli("rulebook", "contract", "-o", str(out)).exit_code == 0
    again = cli("rulebook", "shanghai", "-o", str(out))
    assert again.exit_code == 0, again.stderr
    assert "Shanghai" in out.read_text(encoding="utf-8")


def test_an_earlier_pdf_is_replaced_without_force(cli, tmp_path):
    pytest.importorskip("weasyprint")
    out = tmp_path / "card.pdf"
    assert cli("rulebook", "contract", "-f", "card", "-o", str(out)).exit_code == 0
    assert cli("rulebook", "contract", "-f", "card", "-o", str(out)).exit_code == 0
    out.write_bytes(b"%PDF-1.7\nsomeone else's\n")
    assert cli("rulebook", "contract", "-f", "card", "-o", str(out)).exit_code == 1


def test_a_records_file_is_not_overwritten_by_a_rulebook(cli, tmp_path):
    records = tmp_path / "games.md"
    records.write_text('{"record":"rummy-rules game"}\n')
    result = cli("rulebook", "contract", "-o", str(records))
    assert result.exit_code == 1
    assert records.read_text() == '{"record":"rummy-rules game"}\n'


def test_schema_output_keeps_a_foreign_file(cli, tmp_path):
    other = tmp_path / "schema.json"
    other.write_text('{"mine": true}\n')
    assert cli("schema", "-o", str(other)).exit_code == 1
    assert cli("schema", "-o", str(other), "--force").exit_code == 0
    assert cli("schema", "-o", str(other)).exit_code == 0  # now it is ours


def test_new_force_through_a_symlink_keeps_the_link(cli, tmp_path):
    target = tmp_path / "real.yaml"
    target.write_text("old\n")
    link = tmp_path / "ours.yaml"
    link.symlink_to(target)
    assert cli("new", str(link), "--from", "contract").exit_code == 1
    assert cli("new", str(link), "--from", "contract", "--force").exit_code == 0
    assert link.is_symlink() and "extends: contract" in target.read_text(encoding="utf-8")


def test_records_and_report_cannot_name_the_same_file(cli, tmp_path):
    same = tmp_path / "out"
    result = cli(
        "simulate", "contract", "--games", "1", "--records", str(same), "--report", str(same)
    )
    assert result.exit_code == 1 and "same file" in result.stderr
    assert not same.exists()


# -- records that survive a kill ---------------------------------------------


def _start_simulation(tmp_path: Path, records: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [
            *(sys.executable, "-m", "rummy_rules", "simulate", "contract"),
            *("--games", "100000", "--records", str(records), "--json"),
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _wait_for_games(records: Path, games: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if records.exists() and records.read_bytes().count(b'{"game_end"') >= games:
            return
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        time.sleep(0.1)
    raise AssertionError("no game finished in two minutes")


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)]
)
def test_a_stop_signal_keeps_every_finished_game_and_exits_non_zero(cli, tmp_path, signum, status):
    records = tmp_path / "r.jsonl"
    proc = _start_simulation(tmp_path, records)
    _wait_for_games(records, 2, proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == status, err.decode()
    summary = json.loads(out)
    assert summary["statistics"]["interrupted"] is True
    games = summary["statistics"]["games"]
    replayed = cli("replay", str(records), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    assert json.loads(replayed.stdout)["games"] == games >= 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_sigkill_leaves_the_finished_games_readable(cli, tmp_path):
    records = tmp_path / "r.jsonl"
    proc = _start_simulation(tmp_path, records)
    _wait_for_games(records, 2, proc)
    proc.kill()
    proc.communicate(timeout=60)
    result = cli("replay", str(records), "--partial", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"] >= 2


# -- replay checks that a record is whole and consistent ------------------------


@pytest.fixture(scope="module")
def three_games(tmp_path_factory) -> str:
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    path = tmp_path_factory.mktemp("games") / "r.jsonl"
    args = ["simulate", "contract", "--games", "3", "--records", str(path), "--json"]
    assert CliRunner().invoke(app, args).exit_code == 0
    return path.read_text(encoding="utf-8")


def test_a_record_cut_short_is_reported_truncated_after_the_last_whole_game(
    cli, tmp_path, three_games
):
    lines = three_games.splitlines(keepends=True)
    third = [i for i, line in enumerate(lines) if line.startswith('{"record"')][2]
    path = tmp_path / "cut.jsonl"
    path.write_text("".join(lines[: third + 40]), encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert "truncated after game 2" in result.stderr
    partial = cli("replay", str(path), "--partial")
    assert partial.exit_code == 0 and "3 games" in partial.stdout and "2 finished" in partial.stdout


def test_a_last_line_cut_in_the_middle_is_reported_truncated(cli, tmp_path, three_games):
    path = tmp_path / "cut.jsonl"
    path.write_text(three_games[:-7], encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1 and "truncated after game 2" in result.stderr
    assert cli("replay", str(path), "--partial").exit_code == 0


def test_header_only_games_are_not_ok(cli, tmp_path, three_games):
    header = three_games.splitlines()[0]
    path = tmp_path / "headers.jsonl"
    path.write_text((header + "\n") * 200, encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1 and "game 1 stops here" in result.stderr


def test_a_changed_variant_id_is_caught(cli, tmp_path, three_games):
    lines = three_games.splitlines(keepends=True)
    header = json.loads(lines[0])
    header["variant_id"] = "shanghai"
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    path = tmp_path / "id.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1 and "variant_id" in result.stderr and ":1:" in result.stderr


def test_games_out_of_order_are_caught(cli, tmp_path, three_games):
    lines = three_games.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith('{"record"')]
    second = lines[starts[1] : starts[2]]
    path = tmp_path / "order.jsonl"
    path.write_text(three_games + "".join(second), encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1 and "out of order" in result.stderr


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"action": ' + "9" * 100_000 + "}", "not a record line"),
        ('{"x": "' + "y" * 1_100_000 + '"}', "longer than"),
    ],
    ids=["deep-nesting", "huge-integer", "huge-line"],
)
def test_hostile_record_lines_fail_with_a_short_located_message(cli, tmp_path, line, words):
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert words in result.stderr and f"{path}:1:" in result.stderr
    assert len(result.stderr) < 500


def test_replay_refuses_a_fifo_without_blocking(cli, tmp_path):
    fifo = tmp_path / "r.jsonl"
    os.mkfifo(fifo)
    result = cli("replay", str(fifo))
    assert result.exit_code == 1 and "not a regular file" in result.stderr


# -- input files: loops, sizes, limits -----------------------------------------


def _validate(cli, path):
    return cli("validate", str(path))


def said(result) -> str:
    """Everything a command printed (validate reports on stdout, errors go to stderr)."""
    return result.stdout + result.stderr


@pytest.mark.parametrize(
    "body",
    ["name: &a [*a]\n", "x: &a {b: *a}\n", "notes: &a [1, [2, *a]]\n"],
    ids=["list", "mapping", "nested"],
)
def test_an_alias_inside_itself_is_a_located_error_not_a_recursion_error(cli, write, body):
    path = write("loop.yaml", MINIMAL.replace("name: Tiny Rummy\n", "") + body)
    result = _validate(cli, path)
    assert result.exit_code == 1
    assert "alias" in said(result) and "Traceback" not in said(result)


def test_an_alias_inside_itself_in_set_is_a_usage_error(cli, write):
    path = write("v.yaml", MINIMAL)
    result = cli("validate", str(path), "--set", "name=&a [*a]")
    assert result.exit_code in (1, 2) and "alias" in said(result)


def test_load_variant_raises_a_variant_error_for_an_alias_loop(write):
    from rummy_rules import VariantError, load_variant

    path = write("loop.yaml", MINIMAL + "x: &a {b: *a}\n")
    with pytest.raises(VariantError, match="alias"):
        load_variant(path)


def test_aliases_that_multiply_bytes_are_refused(cli, write):
    text = MINIMAL + 'description: &a "' + "x" * 19_000 + '"\nnotes:\n' + "  - *a\n" * 200
    path = write("bomb.yaml", text)
    assert path.stat().st_size < 100_000
    result = _validate(cli, path)
    assert result.exit_code == 1 and "MB of text" in said(result)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("decks: 1", "decks: 1000000", "at most 12"),
        ("jokers: 2", "jokers: 1000000", "at most 100"),
        ("jokers: 2", "jokers: {per_deck: 1000}", "must be at most 8, not 1000"),
        ("decks: 1", "decks: {by_players: {'2-4': 100000}}", "at most 12"),
        ("  - cards: 7", "  - cards: 100000", "at most 60"),
    ],
    ids=["decks", "jokers", "per-deck", "decks-by-players", "cards"],
)
def test_numbers_far_beyond_any_game_are_refused_at_once(cli, write, old, new, words):
    path = write("big.yaml", MINIMAL.replace(old, new))
    result = _validate(cli, path)
    assert result.exit_code == 1 and words in said(result), said(result)


def test_set_with_a_billion_jokers_is_refused_at_once(cli):
    result = cli("validate", "contract", "--set", "deck.jokers=1000000000")
    assert result.exit_code == 1 and "at most 100" in said(result)


def test_a_contract_of_forty_melds_is_refused(cli, write):
    contract = "    contract:\n" + "      - {kind: set, size: 3}\n" * 40
    text = MINIMAL.replace("  - cards: 7", "  - cards: 7\n" + contract).replace(
        "requirement: none", "requirement: contract"
    )
    result = _validate(cli, write("forty.yaml", text))
    assert result.exit_code == 1 and "at most 12" in said(result)


def test_score_sheet_players_are_checked_against_the_variant(cli):
    result = cli("rulebook", "contract", "--score-sheet", "--players", "100000")
    assert result.exit_code == 2 and "players" in said(result)


def test_meld_refuses_more_cards_than_a_hand_can_hold(cli):
    cards = ["2H"] * 2000
    result = cli("meld", "contract", "--deal", "1", *cards)
    assert result.exit_code == 2 and "holds at most" in said(result)


def test_workers_are_capped_to_the_games_and_cpus(cli):
    result = cli("simulate", "contract", "--games", "2", "--workers", "64", "--json")
    assert result.exit_code == 0
    assert "note: using" in said(result) and "not 64" in said(result)


def test_validate_refuses_a_fifo_without_blocking(cli, tmp_path):
    fifo = tmp_path / "v.yaml"
    os.mkfifo(fifo)
    result = cli("validate", str(fifo))
    assert result.exit_code == 1 and "not a regular file" in said(result)


def test_new_refuses_a_name_of_two_lines(cli, tmp_path):
    target = tmp_path / "n.yaml"
    result = cli("new", str(target), "--from", "contract", "--name", "two\nlines")
    assert result.exit_code == 2 and "one line" in said(result)
    assert not target.exists()


# -- extends reads variant files only ----------------------------------------


def test_extends_an_absolute_path_is_refused(cli, write, tmp_path):
    base = write("base.yaml", MINIMAL)
    house = write("house/h.yaml", f"extends: {base}\n")
    result = _validate(cli, house)
    assert result.exit_code == 1 and "absolute path" in said(result)


def test_extends_a_file_that_is_not_a_variant_echoes_none_of_it(cli, write):
    write("secrets.yaml", "aws_secret_access_key: hunter2\nregion: eu-west-1\n")
    house = write("house/h.yaml", "extends: ../secrets.yaml\n")
    result = _validate(cli, house)
    assert result.exit_code == 1
    assert "is not a variant file" in said(result)
    assert "aws" not in said(result) and "hunter2" not in said(result)
    assert "eu-west" not in said(result) and said(result).count("secrets.yaml") == 1


def test_extends_a_file_without_a_yaml_extension_is_refused(cli, write):
    write("notes.txt", MINIMAL)
    house = write("house/h.yaml", "extends: ../notes.txt\n")
    result = _validate(cli, house)
    assert result.exit_code == 1 and ".yaml" in said(result)


def test_extends_a_relative_base_in_another_folder_still_works(cli, write):
    write("rules/base.yaml", MINIMAL)
    house = write("house/h.yaml", "extends: ../rules/base.yaml\ndeck: {jokers: 4}\n")
    result = _validate(cli, house)
    assert result.exit_code == 0, said(result)


# -- safe text ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ['"\\e]0;owned\\a"', '"tiny\\rOK"', '"a\\0b"', '"\\u202Eevil"'],
    ids=["osc-title", "carriage-return", "nul", "bidi-override"],
)
def test_control_and_bidi_characters_in_names_are_refused_and_shown_escaped(cli, write, name):
    path = write("v.yaml", MINIMAL.replace("name: Tiny Rummy", f"name: {name}"))
    result = _validate(cli, path)
    assert result.exit_code == 1 and "control character" in said(result)
    assert not any(c in said(result) for c in "\x1b\x07\r\x00\u202e")


def test_a_key_with_an_escape_sequence_is_shown_escaped(cli, write):
    path = write("v.yaml", MINIMAL + '"\\e]0;owned\\a": 1\n')
    result = _validate(cli, path)
    assert result.exit_code == 1 and "\\x1b" in said(result)
    assert "\x1b" not in said(result)


def test_diff_markdown_escapes_html_from_a_variant(cli, write):
    path = write(
        "v.yaml",
        MINIMAL.replace("name: Tiny Rummy", "name: <script>alert(1)</script>")
        + "description: <img src=file:///etc/passwd>\n",
    )
    result = cli("diff", "contract", str(path), "-f", "md")
    assert result.exit_code == 0, said(result)
    assert "<script>" not in result.stdout and "\\<script\\>" in result.stdout


def test_a_javascript_source_url_is_refused(cli, write):
    path = write(
        "v.yaml",
        MINIMAL + "sources:\n  - {id: x, title: X, url: 'javascript:alert(1)'}\n",
    )
    result = _validate(cli, path)
    assert result.exit_code == 1 and "http://" in said(result)


def test_a_device_is_never_written():
    from rummy_rules.fsutil import OutputError, prepare_output

    with pytest.raises(OutputError, match="not a regular file"):
        prepare_output(Path("/dev/null"), "md")


def test_an_unwritable_folder_is_a_message_not_a_traceback(cli, tmp_path, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    result = cli("rulebook", "contract", "-o", str(tmp_path / "book.md"))
    assert result.exit_code == 1 and "Permission denied" in result.stderr


def test_meld_with_many_jokers_answers_quickly(cli):
    cards = ["JK"] * 12 + "2H 5S 7D 9C JH KS 3D 4C".split()  # 20: the most deal 6 allows
    result = cli("meld", "contract", "--deal", "6", "--set", "deck.jokers=12", *cards)
    assert result.exit_code == 0, result.stderr


def test_a_narrow_output_encoding_prints_question_marks_and_says_so(tmp_path):
    """PYTHONIOENCODING=latin-1: the Bulgarian rulebook prints, with '?' for the
    letters latin-1 lacks, and one note on stderr; no internal error."""
    import os
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    result = subprocess.run(
        [sys.executable, "-m", "rummy_rules", "rulebook", "contract", "--lang", "bg"],
        capture_output=True, env=env, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"# ???? ? ????????")
    assert b"cannot show some characters" in result.stderr
    assert b"internal error" not in result.stderr


def test_a_program_calling_the_app_with_narrow_streams_gets_question_marks():
    """The app run by another program (a test runner, a notebook) whose output
    streams are cp1252: '?' for what cp1252 lacks (the schema's ♥) and one
    note, not an error."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    result = CliRunner(charset="cp1252").invoke(app, ["schema"])
    assert result.exit_code == 0, result.exception
    assert result.stdout.rstrip().endswith("}") and "\u2665" not in result.stdout
    assert result.stderr.count("cannot show some characters") == 1


def test_typed_bytes_that_are_not_text_in_the_terminals_encoding_are_not_an_error():
    """play --plain on an ASCII terminal, sent '²' in UTF-8: an unknown action
    ('?' or U+FFFD echoed), then quit; no UnicodeDecodeError."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    result = CliRunner(charset="ascii").invoke(
        app, ["play", "basic-rummy", "--plain", "--seed", "1"], input="²\nquit\n".encode()
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output


def test_a_full_disk_is_reported_in_plain_words(cli, tmp_path, monkeypatch):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "c.md"))

    monkeypatch.setattr("rummy_rules.fsutil.atomic_write_text", full)
    monkeypatch.setattr("rummy_rules.cli.rulebook.atomic_write_text", full, raising=False)
    result = cli("rulebook", "contract", "-o", str(tmp_path / "c.md"))
    assert result.exit_code == 1
    assert "the disk is full" in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("args", [["play", "contract"], ["watch", "RECORD"]], ids=["play", "watch"])
def test_full_screen_commands_refuse_at_once_without_a_terminal(tmp_path, args):
    """stdin from /dev/null: one line and exit 1, not a screen waiting for keys
    that never come, and no record file left behind."""
    import sys

    record = tmp_path / "game.jsonl"
    if args[0] == "watch":
        subprocess.run(
            [sys.executable, "-m", "rummy_rules", "-q", "simulate", "basic-rummy",
             "--games", "1", "--records", str(record)],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        args = ["watch", str(record)]
    before = sorted(tmp_path.iterdir())
    result = subprocess.run(
        [sys.executable, "-m", "rummy_rules", *args],
        stdin=subprocess.DEVNULL, capture_output=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 1
    assert b"needs a terminal" in result.stderr and b"--plain" in result.stderr
    assert sorted(tmp_path.iterdir()) == before


def test_a_second_run_writing_the_same_records_file_is_refused(cli, tmp_path):
    """Two runs with one --records file: the second refuses before touching it,
    so the first's games stay whole."""
    from rummy_rules.fsutil import FileLock

    path = tmp_path / "games.jsonl"
    path.write_text('{"a finished game": 1}\n')
    with FileLock(path, "held"):  # the first run, still writing
        result = cli("simulate", "basic-rummy", "--games", "2", "--records", str(path), "--force")
    assert result.exit_code == 1
    assert "being written by another rummy-rules run" in result.stderr
    assert path.read_text() == '{"a finished game": 1}\n'


def test_on_windows_a_second_writer_of_a_records_file_is_refused(tmp_path, monkeypatch):
    """Windows has no flock: the run locks one byte past the file's end with
    msvcrt.locking (a stand-in here that refuses a byte already locked, as
    Windows does) and leaves the file position where it was."""
    import os
    import sys
    import types

    from rummy_rules import fsutil
    from rummy_rules.errors import RummyRulesError

    held: set[tuple[str, int]] = set()
    calls: list[tuple[int, int]] = []

    def locking(fd: int, mode: int, nbytes: int) -> None:
        where = os.lseek(fd, 0, os.SEEK_CUR)
        calls.append((where, nbytes))
        key = (os.path.realpath(f"/proc/self/fd/{fd}"), where)
        if key in held:
            raise OSError(36, "Resource deadlock avoided")
        held.add(key)

    fake = types.SimpleNamespace(locking=locking, LK_NBLCK=2)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setattr(sys, "platform", "win32")
    path = tmp_path / "games.jsonl"
    path.write_text("kept\n")
    first = os.open(path, os.O_WRONLY)
    second = os.open(path, os.O_WRONLY)
    try:
        fsutil.lock_open_file(first, "being written by another rummy-rules run")
        assert calls == [(fsutil.WINDOWS_LOCK_AT, 1)]
        assert os.lseek(first, 0, os.SEEK_CUR) == 0
        with pytest.raises(RummyRulesError, match="being written by another rummy-rules run"):
            fsutil.lock_open_file(second, "being written by another rummy-rules run")
        assert os.lseek(second, 0, os.SEEK_CUR) == 0
    finally:
        os.close(first)
        os.close(second)
    assert path.read_text() == "kept\n"


def test_meld_at_the_schemas_limits_stops_its_search_and_says_so(cli, write, monkeypatch):
    """Twelve melds from a 61-card hand with 40 wild cards: an exhaustive search
    runs for hours; `meld` stops at its step budget and says the answer is the
    best found, or not known (a smaller budget here keeps the test short)."""
    import json

    import rummy_rules.cli.meld as meld_cmd

    monkeypatch.setattr(meld_cmd, "MELD_SEARCH_NODES", 20_000)
    runs = ", ".join(["{type: run, size: 3}"] * 6 + ["{type: set, size: 3}"] * 6)
    path = write(
        "worst.yaml",
        "extends: contract\nid: worst\nplayers: {min: 3, max: 4, best: 4}\n"
        'deck: {decks: 8, jokers: 40, wild_ranks: ["2"]}\nmelds: {run: {min_size: 3}}\n'
        f"wilds: {{versus_naturals: any}}\ndeals:\n  - {{cards: 60, contract: [{runs}]}}\n",
    )
    hand = (
        "4D 6H 8S 7H AH 9C 7S KD 10D 8H 9D KH AS 4C 10S 3S 5S AD KS AH 3H 6S 8D 7H 6C AD "
        "4S AC 7C 3D QC AD 8D 5D 5C AS AS 7C 9C 8C JC 10C 4D JD 3D 8D 9H 9C 6S 6C QD 4D "
        "KC KC QH QH JH JH 10H 10H 5H"
    ).split()
    result = cli("meld", str(path), *hand, "--json")
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["search_complete"] is False and answer["meets"] in (True, None)
    text = cli("meld", str(path), *hand).stdout
    assert "The search stopped after 20,000 steps" in text or "Not known" in text


def _group_gone(group: int) -> bool:
    """Whether no process of the process group ``group`` is left."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.2)
    return False


def _pool_workers(group: int) -> int:
    """How many processes of the process group ``group`` multiprocessing started
    (read from /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            line = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        count += int(fields[2]) == group and b"spawn_main" in line
    return count


def _terminal_ctrl_c(args: list[str], tmp_path: Path, ready) -> tuple[int, str]:
    """Run ``rummy-rules ARGS`` as a terminal would (its own process group),
    wait for ``ready(tmp_path, group)``, then press Ctrl-C: SIGINT to every process of
    the group, pool workers included. Returns the exit status and stderr, once
    every process of the group is gone."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy_rules", *args],
        cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not ready(tmp_path, proc.pid):
        assert proc.poll() is None and time.monotonic() < deadline, "never got going"
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert _group_gone(proc.pid), "a worker process outlived the command"
    return proc.returncode, err.decode()


@pytest.mark.long  # processes started and stopped: the long run (CI)
def test_ctrl_c_stops_a_simulation_in_processes_without_a_traceback(tmp_path):
    """The pool's workers leave Ctrl-C to the command, which stops them: one
    line, status 130, no worker's traceback, no process left."""

    def ready(folder: Path, group: int) -> bool:
        records = folder / "r.jsonl"
        return records.exists() and records.read_bytes().count(b'{"game_end"') >= 4

    args = ["simulate", "contract", "--games", "100000", "--workers", "2"]
    status, err = _terminal_ctrl_c([*args, "--records", "r.jsonl", "--json"], tmp_path, ready)
    assert status == 130, err
    assert "Traceback" not in err and "interrupted" in err, err


@pytest.mark.long  # processes started and stopped: the long run (CI)
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_stops_an_audit_in_processes_with_one_line(tmp_path):
    """`audit` stops on Ctrl-C (SIGTERM, SIGHUP) as `simulate` does: no report
    (every change is judged against the same games), one line saying so,
    status 130, and no process left."""
    args = ["audit", "contract", "--games", "40", "--workers", "2"]
    seen: list[float] = []

    def ready(folder: Path, group: int) -> bool:
        """The pool's workers have been up for two seconds: playing by then."""
        if not seen and _pool_workers(group):
            seen.append(time.monotonic())
        return bool(seen) and time.monotonic() - seen[0] > 2

    status, err = _terminal_ctrl_c(args, tmp_path, ready)
    assert status == 130, err
    assert "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("stopped after"), err
