"""rummy-rules sweep: every combination of rule values, the same games in each."""

from __future__ import annotations

import json
import os
import signal

import pytest

from rummy_rules import load_variant
from rummy_rules.errors import UsageError
from rummy_rules.sim.compare import format_interval
from rummy_rules.sim.sweep import (
    DaskExecutor,
    LocalExecutor,
    combinations,
    parse_vary,
    run_sweep,
)


def sweep(
    executor, chunk, games=12, variant="basic-rummy", vary="discard.not_just_taken=never,always"
):
    combos = combinations(lambda extra: load_variant(variant, extra), [parse_vary(vary)])
    result = run_sweep(
        combos, players=3, bots=["greedy"] * 3, games=games, seed=5, executor=executor, chunk=chunk
    )
    return json.dumps(result.to_dict(), sort_keys=True)


def test_the_figures_do_not_depend_on_the_workers_or_the_chunk_size():
    one = sweep(LocalExecutor(1), chunk=12)
    assert one == sweep(LocalExecutor(1), chunk=5)
    assert one == sweep(LocalExecutor(2), chunk=3)


def test_every_combination_plays_the_games_simulate_plays_with_that_rule(cli):
    result = cli(
        "sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always",
        "--games", "8", "--seed", "3", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    for entry in doc["combinations"]:
        value = entry["values"]["discard.not_just_taken"]
        alone = cli(
            "simulate", "basic-rummy", "--set", f"discard.not_just_taken={value}",
            "--games", "8", "--seed", "3", "--json",
        )  # fmt: skip
        assert entry["statistics"] == json.loads(alone.stdout)["statistics"]


def test_json_gives_numbers_and_values_as_json_not_text(cli):
    result = cli(
        "sweep", "contract", "--vary", "buying.limits.per_deal=0,null",
        "--vary", "buying.after_going_down=true,false", "--games", "2", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["games"] == 2
    assert doc["varied"][0]["values"] == [0, None]
    assert doc["varied"][1]["values"] == [True, False]
    assert doc["combinations"][0]["values"] == {
        "buying.limits.per_deal": 0,
        "buying.after_going_down": True,
    }


def test_a_rate_has_the_interval_simulate_gives_it_even_when_never_seen(cli):
    """0 wins in 10 games is 0% (0 to 27.8), as simulate says, not (0 to 0)."""
    args = ["--games", "10", "--seed", "0", "--json"]
    doc = json.loads(cli("sweep", "contract", "--vary", "buying.limits.per_deal=0", *args).stdout)
    entry = doc["combinations"][0]
    alone = json.loads(
        cli("simulate", "contract", "--set", "buying.limits.per_deal=0", *args).stdout
    )
    first = alone["statistics"]["win_rate_by_turn_order"][0]
    assert entry["metrics"]["first_player_win_rate"] == first
    assert first["high"] > first["value"] or first["low"] < first["value"]


def test_a_key_header_breaks_after_a_dot_not_inside_a_word(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = cli("sweep", "contract", "--vary", "buying.limits.per_deal=0,1", "--games", "2")
    assert result.exit_code == 0, result.stderr
    assert "buying.limits." in result.stdout and "per_deal" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_progress_counts_every_chunk_planned():
    from rummy_rules.sim.sweep import planned_chunks

    seen: list[int] = []
    combos = combinations(
        lambda extra: load_variant("basic-rummy", extra),
        [parse_vary("discard.not_just_taken=never,always")],
    )
    run_sweep(
        combos, players=3, bots=["greedy"] * 3, games=7, seed=5,
        executor=LocalExecutor(1), chunk=3, on_chunk=seen.append,
    )  # fmt: skip
    assert seen == list(range(1, 2 * planned_chunks(7, 3, False) + 1))
    assert planned_chunks(250, 25, True) == 10 and planned_chunks(7, 3, False) == 3


def test_a_combination_that_is_not_a_valid_variant_stops_the_sweep_or_is_skipped(cli):
    args = ["sweep", "contract", "--vary", "deck.decks=1,2", "--games", "2", "-p", "5"]
    stopped = cli(*args)
    assert stopped.exit_code == 1
    assert "deck.decks=1" in stopped.stderr and "--on-invalid skip" in stopped.stderr
    skipped = cli(*args, "--on-invalid", "skip", "--json")
    assert skipped.exit_code == 0, skipped.stderr
    entries = json.loads(skipped.stdout)["combinations"]
    assert "error" in entries[0] and "statistics" in entries[1]


def test_the_combination_closest_to_a_target_is_named(cli):
    result = cli(
        "sweep", "contract", "--vary", "buying.limits.per_deal=0,3", "--games", "6",
        "--metric", "buys_per_game", "--target", "0", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["closest"] == {"buying.limits.per_deal": 0}
    text = cli(
        "sweep", "contract", "--vary", "buying.limits.per_deal=0,3", "--games", "6",
        "--metric", "buys_per_game", "--target", "0",
    )  # fmt: skip
    assert "Closest to 0.0 for buys per game: buying.limits.per_deal=0" in text.stdout


@pytest.mark.parametrize(
    "vary",
    ["nothing", "=1,2", "buying.limits.per_deal=", "buying.limits.per_deal=1,,2",
     "buying.limits.per_deal=1,1"],
)  # fmt: skip
def test_a_malformed_vary_is_a_usage_error(vary):
    with pytest.raises(UsageError):
        parse_vary(vary)


def test_cli_malformed_options_exit_2(cli):
    assert cli("sweep", "contract", "--vary", "x").exit_code == 2
    assert cli("sweep", "contract").exit_code == 2
    assert cli("sweep", "contract", "--vary", "deck.jokers=1", "--target", "3").exit_code == 2
    assert cli("sweep", "contract", "--vary", "deck.jokers=1", "--metric", "nope").exit_code == 2


distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_gives_the_same_figures_as_local_processes(cluster):
    assert sweep(DaskExecutor(client=cluster), chunk=4) == sweep(LocalExecutor(1), chunk=12)


def _result_with_means(samples: dict[str, list[float]]):
    """A sweep result over ``turns_per_game`` alone, each combination's games given."""
    from types import SimpleNamespace

    from rummy_rules.sim.stats import RunningMean
    from rummy_rules.sim.sweep import Combination, SweepResult

    metrics = []
    for values in samples.values():
        mean = RunningMean()
        for value in values:
            mean.add(value)
        metrics.append({"turns_per_game": mean})
    return SweepResult(
        combinations=[Combination({"k": key}) for key in samples],
        stats=[SimpleNamespace(games=len(v)) for v in samples.values()],
        metrics=metrics,
    )


def test_a_target_names_the_combinations_the_data_cannot_tell_from_the_closest():
    """'a' is nearest 100 (101, 95% interval 98.4 to 103.6: within 3.6 of it);
    'b' (104, 101.4 to 106.6: 1.4 to 6.6 away) may be as near, 'c' (150) may
    not: no single 'closest' is claimed."""
    result = _result_with_means(
        {"a": [97.0, 105.0] * 5, "b": [100.0, 108.0] * 5, "c": [146.0, 154.0] * 5}
    )
    best = result.closest("turns_per_game", 100.0)
    assert best == 0
    assert result.not_told_apart("turns_per_game", 100.0, best) == [1]
    # An interval that holds the target reaches it: distance from 0.
    wide = _result_with_means({"a": [99.0, 101.0] * 5, "b": [60.0, 140.0] * 2})
    assert wide.not_told_apart("turns_per_game", 100.0, 0) == [1]


def test_a_target_names_what_the_data_cannot_tell_apart_in_text_and_json(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    args = ["sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always",
            "--games", "4", "--metric", "turns_per_game", "--target", "0"]  # fmt: skip
    data = json.loads(cli(*args, "--json").stdout)
    assert "not_told_apart" in data and isinstance(data["not_told_apart"], list)
    text = cli(*args).stdout
    assert ("cannot tell it apart" in text) == bool(data["not_told_apart"])


def test_a_sweep_of_a_knock_game_shows_its_own_figures(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # headers on one line
    text = cli(
        "sweep", "gin", "--vary", "going_out.knock.deadwood_limit=9,10", "--games", "3"
    ).stdout  # fmt: skip
    assert "share of deals nobody knocked" in text and "went out" not in text


def test_the_audit_on_dask_is_the_audit_on_local_processes(cluster):
    from rummy_rules.sim.audit import candidate_changes, plan_audit, run_audit

    def audit(executor, chunk):
        spec = load_variant("gin")
        plan = plan_audit(
            lambda extra: load_variant("gin", extra),
            candidate_changes(spec, ["going_out.knock.undercut", "game_end.game_bonus"]),
            2,
        )
        result = run_audit(
            plan, players=2, bots=["greedy"] * 2, games=6, seed=2, executor=executor, chunk=chunk
        )
        return json.dumps(result.to_dict(), sort_keys=True)

    assert audit(DaskExecutor(client=cluster), 2) == audit(LocalExecutor(1), 6)


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_a_killed_dask_worker_loses_nothing(cluster):
    killed = []

    def kill_one(done):
        if not killed:
            pids = cluster.run(os.getpid)
            address = sorted(pids)[0]
            os.kill(pids[address], signal.SIGKILL)  # as if the machine died
            killed.append(address)

    combos = combinations(
        lambda extra: load_variant("basic-rummy", extra),
        [parse_vary("discard.not_just_taken=never,always")],
    )
    result = run_sweep(
        combos, players=3, bots=["greedy"] * 3, games=12, seed=5,
        executor=DaskExecutor(client=cluster), chunk=2, on_chunk=kill_one,
    )  # fmt: skip
    assert killed
    assert json.dumps(result.to_dict(), sort_keys=True) == sweep(LocalExecutor(1), chunk=12)


@pytest.mark.long
def test_games_auto_stops_each_combination_on_its_own_and_the_same_way_anywhere():
    from rummy_rules.sim.simulate import Precision

    combos = combinations(
        lambda extra: load_variant("basic-rummy", extra),
        [parse_vary("discard.not_just_taken=never,always")],
    )
    loose = Precision(rate=0.5, relative=0.5)

    def run(chunk):
        return run_sweep(
            combos, players=3, bots=["greedy"] * 3, games=400, seed=2,
            executor=LocalExecutor(1), chunk=chunk, precision=loose,
        )  # fmt: skip

    first, second = run(100), run(30)
    assert json.dumps(first.to_dict(), sort_keys=True) == json.dumps(
        second.to_dict(), sort_keys=True
    )
    for stats in first.stats:
        assert stats.games == 200 and stats.stop_reason.startswith("every seat's win rate")


def test_a_checkpoint_keeps_finished_chunks_and_a_stopped_sweep_goes_on(tmp_path):
    from rummy_rules.sim.sweep import Checkpoint

    combos = combinations(
        lambda extra: load_variant("basic-rummy", extra),
        [parse_vary("discard.not_just_taken=never,always")],
    )
    identity = {"sweep": "test"}
    path = tmp_path / "sweep.ckpt"

    def run(executor, on_chunk=None):
        return run_sweep(
            combos, players=3, bots=["greedy"] * 3, games=12, seed=5, executor=executor,
            chunk=4, on_chunk=on_chunk, checkpoint=Checkpoint(path, identity),
        )  # fmt: skip

    def stop_after_two(done):
        if done == 2:
            raise KeyboardInterrupt

    stopped = run(LocalExecutor(1), stop_after_two)
    assert stopped.interrupted
    assert len(Checkpoint(path, identity).done) == 2

    class Counting(LocalExecutor):
        played = 0

        def map(self, tasks):
            Counting.played += len(tasks)
            return super().map(tasks)

    resumed = run(Counting(1))
    assert Counting.played == 6 - 2  # 2 combinations x 3 chunks, 2 kept
    assert json.dumps(resumed.to_dict(), sort_keys=True) == sweep(LocalExecutor(1), chunk=12)
    with pytest.raises(UsageError, match="another sweep"):
        Checkpoint(path, {"sweep": "other"})


def test_cli_checkpoint_of_another_sweep_or_not_a_checkpoint_is_refused(cli, tmp_path):
    path = tmp_path / "c.ckpt"
    base = ["sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always", "-n", "4"]
    assert cli(*base, "--checkpoint", str(path)).exit_code == 0
    again = cli(*base, "--checkpoint", str(path), "--json")
    assert again.exit_code == 0 and "going on from" in again.stderr
    other = cli(*base, "--seed", "9", "--checkpoint", str(path))
    assert other.exit_code != 0 and "another sweep" in other.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    refused = cli(*base, "--checkpoint", str(notes))
    assert refused.exit_code != 0 and notes.read_text() == "my notes\n"


def test_the_report_plots_each_figure_against_each_key_and_a_heat_map_for_two(cli, tmp_path):
    pytest.importorskip("matplotlib")
    report = tmp_path / "sweep.html"
    result = cli(
        "sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always",
        "--vary", "players.max=4,5", "-n", "4", "--metric", "turns_per_game",
        "--target", "40", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    page = report.read_text()
    assert page.count("<svg") == 3  # the heat map and one chart per key
    assert "Heat map" in page and 'class="closest"' in page
    assert "--vary players.max=4,5 --metric turns_per_game --target 40" in page


@pytest.mark.parametrize(
    "content", [b"my note", b"42\n", b"[1, 2]\n", bytes(range(256)), b'{"a": 1}\n'],
    ids=["one-line-note", "number", "list", "binary", "other-json"],
)  # fmt: skip
def test_a_checkpoint_file_that_is_not_ours_is_refused_and_left_byte_identical(
    cli, tmp_path, content
):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    result = cli(
        "sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always",
        "--games", "2", "--checkpoint", str(path),
    )  # fmt: skip
    assert result.exit_code == 1
    assert "is not a sweep checkpoint" in result.stderr and "left as it is" in result.stderr
    assert path.read_bytes() == content


def test_a_tampered_checkpoint_chunk_is_refused(tmp_path):
    from rummy_rules.sim.sweep import Checkpoint

    path = tmp_path / "c.jsonl"
    Checkpoint(path, ["x"])
    good = path.read_text()
    for line in (
        '{"combination": 0, "start": 0, "stop": 2, "games": []}',  # 0 games for 2
        '{"combination": 0, "start": 0, "stop": 1, "games": [{"turns": NaN}]}',
    ):
        path.write_text(good + line + "\n")
        with pytest.raises(UsageError, match="not a checkpoint line"):
            Checkpoint(path, ["x"])


@pytest.mark.parametrize(
    "args",
    [
        ["--executor", "dask", "--scheduler", "garbage!!"],
        ["--executor", "dask", "--scheduler", ""],
        ["--executor", "dask", "--scheduler", "http://example.org:80/x"],
        ["--executor", "dask", "--scheduler", "inproc://x"],
        ["--metric", "turns_per_game", "--target", "nan"],
        ["--metric", "turns_per_game", "--target", "1e400"],
    ],
)
def test_malformed_scheduler_addresses_and_targets_are_usage_errors(cli, args):
    result = cli("sweep", "contract", "--vary", "deck.jokers=1,2", "--games", "1", *args)
    assert result.exit_code == 2, result.stderr
    assert "internal error" not in result.stderr


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_more_games_than_one_run_plays_is_a_usage_error_before_any_work(cli, command):
    """A billion games would fill memory with their plan before the first game."""
    vary = ["--vary", "deck.jokers=1,2"] if command == "sweep" else []
    result = cli(command, "basic-rummy", *vary, "--games", str(10**9))
    assert result.exit_code == 2
    assert "at most 1,000,000 games" in result.stderr


def test_a_scheduler_that_does_not_answer_is_reported_within_seconds(cli):
    """Nothing listens on port 1: one line and exit 1 after the 5 s wait, not
    Dask's own 30 s of retries."""
    pytest.importorskip("distributed")
    import time

    started = time.monotonic()
    result = cli(
        "sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always", "--games", "1",
        "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1",
    )  # fmt: skip
    assert result.exit_code == 1
    assert "no Dask scheduler answers at tcp://127.0.0.1:1" in result.stderr
    assert time.monotonic() - started < 9


def test_a_report_names_null_in_words_shows_limits_reached_and_heat_map_intervals(cli, tmp_path):
    pytest.importorskip("matplotlib")
    report = tmp_path / "limits.html"
    result = cli(
        "sweep", "contract", "--vary", "buying.limits.per_deal=1,null",
        "--vary", "buying.limits.per_game=2,null", "--games", "2", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    page = report.read_text()
    assert "None" not in page and "<td>unlimited</td>" in page
    assert "buying.limits.per_deal reached (games, buy offers withheld)" in page
    assert "<td>no limit</td>" in page and "Limit reached: in how many" in page
    # Each heat-map cell carries its interval, and the axes name unlimited.
    assert "95% intervals in each cell" in page
    assert page.count("unlimited") >= 4


def test_a_report_without_a_target_is_written(cli, tmp_path):
    pytest.importorskip("matplotlib")  # the report extra
    report = tmp_path / "r.html"
    result = cli(
        "sweep", "basic-rummy", "--vary", "discard.not_just_taken=never,always",
        "--games", "2", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Closest to the target" not in report.read_text()


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_sigterm_stops_a_sweep_with_its_figures_and_status_143(tmp_path):
    import subprocess
    import sys
    import time

    checkpoint = tmp_path / "c.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "rummy_rules", "sweep", "basic-rummy", "--vary",
         "discard.not_just_taken=never,always", "--games", "2000", "--chunk", "2",
         "--checkpoint", str(checkpoint)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
        not checkpoint.exists() or len(checkpoint.read_text().splitlines()) < 3
    ):
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert b"stopped" in err and b"run the same command to go on" in err
    assert b"games" in out


def test_a_sweep_of_a_limit_says_how_often_it_was_reached(cli, monkeypatch):
    # Limits 3 and unlimited can give the same games because no player reaches
    # 3 buys: the sweep must say so rather than show a flat line.
    monkeypatch.setenv("COLUMNS", "200")
    args = ["sweep", "contract", "--vary", "buying.limits.per_deal=1,3,null", "--games", "3"]
    doc = json.loads(cli(*args, "--json").stdout)
    bound = [c["statistics"]["limits_bound"] for c in doc["combinations"]]
    one = bound[0]["buying.limits.per_deal"]
    assert one["games"] == 3 and one["times"] > 0
    assert bound[1] == {} and bound[2] == {}
    text = cli(*args).stdout
    assert f"3 of 3 ({one['times']:,})" in text and "(buy offers;" in text
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if "│" in line}
    assert "never" in rows["3"] and "no limit" in rows["unlimited"]
    assert "no player reached the limit" in " ".join(text.split())


@pytest.mark.long  # many games of every bot: the long run (CI)
def test_a_sweep_with_different_bots_gives_each_bot_s_win_rate(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "240")
    args = ["sweep", "gin", "--vary", "going_out.knock.deadwood_limit=5,10", "--games", "6"]
    args += ["--bots", "tuned,random"]
    doc = json.loads(cli(*args, "--json").stdout)
    text = cli(*args).stdout
    assert "tuned win rate" in text and "random win rate" in text
    rows = [line for line in text.splitlines() if line.startswith("│ ")]
    for combo, row in zip(doc["combinations"], rows, strict=True):
        design = combo["statistics"]["design"]
        by_bot = {
            b["bot"]: format_interval(b["win_rate"], percent=True)
            for b in design["win_rate_by_bot"]
        }
        cells = [c.strip() for c in row.split("│")[1:-1]]
        assert cells[-2:] == [by_bot["tuned"], by_bot["random"]], row
    # The same bot in every seat: no such columns.
    same = cli("sweep", "gin", "--vary", "going_out.knock.deadwood_limit=5,10", "--games", "3")
    assert "win rate" not in same.stdout.replace("first player's win rate", "")
