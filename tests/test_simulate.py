"""Simulation: reproducible whatever the worker count, statistics that add up, clear errors."""

from __future__ import annotations

import json
import re

import pytest

from rummy_rules import load_variant
from rummy_rules.sim.simulate import game_seed, parse_bots, simulate


def test_game_seeds_are_stable_and_distinct():
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, i) for i in range(1000)}) == 1000


def test_bots_repeat_to_fill_the_table():
    assert parse_bots("greedy,random", 4) == ["greedy", "random", "greedy", "random"]


def test_one_worker_and_two_workers_give_identical_statistics():
    spec = load_variant("may-i")
    one = simulate(spec, players=4, bots=["greedy"] * 4, games=6, seed=3, workers=1)
    two = simulate(spec, players=4, bots=["greedy"] * 4, games=6, seed=3, workers=2)
    assert one.to_dict() == two.to_dict()


def test_statistics_add_up():
    spec = load_variant("contract")
    stats = simulate(
        spec, players=3, bots=["greedy", "random", "random"], games=8, seed=1
    ).to_dict()
    assert stats["games"] == 8
    assert abs(sum(x["value"] for x in stats["win_rate_by_seat"]) - 1) < 1e-6
    assert abs(sum(x["value"] for x in stats["win_rate_by_turn_order"]) - 1) < 1e-6
    assert all(sum(d["ended_by"].values()) == 8 for d in stats["deals"])
    for d in stats["deals"]:  # each way a deal ended, as a share of the deals played
        shares = d["ended_by_rate"]
        assert shares.keys() == d["ended_by"].keys()
        assert abs(sum(x["value"] for x in shares.values()) - 1) < 1e-6
    assert len(stats["deals"]) == 7
    for x in stats["win_rate_by_seat"]:
        assert x["low"] <= x["value"] <= x["high"]


def test_cli_simulate_json(cli):
    result = cli("simulate", "progressive", "--games", "4", "--seed", "2", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["schema_version"] == 1
    assert doc["statistics"]["games"] == 4
    assert doc["bots"] == ["greedy"] * 4


def test_a_knock_games_report_speaks_of_laying_melds_and_leaves_out_what_cannot_happen(
    cli, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "240")  # (no header wrapped across lines)
    gin = cli("simulate", "gin", "--games", "3", "--seed", "1").stdout
    assert "laid melds" in gin and "own turns to lay melds" in gin
    for words in ("went down", "go down", "one-turn outs", "buys", "joker swaps"):
        assert words not in gin, words
    contract = cli("simulate", "contract", "--games", "2", "--seed", "1").stdout
    for words in ("went down", "own turns to go down", "buys", "one-turn outs"):
        assert words in contract, words
    assert "joker swaps" not in contract  # (Contract has no joker exchange)
    swaps = cli("simulate", "contract-gamerules", "--games", "1", "--seed", "1").stdout
    assert "joker swaps" in swaps


def test_cli_simulate_text(cli):
    result = cli("simulate", "shanghai", "--games", "2", "--bots", "greedy,random")
    assert result.exit_code == 0
    assert "Wins" in result.stdout and "Deals" in result.stdout


def test_cli_simulate_refuses_rules_the_engine_cannot_play(cli, engine_cannot_rearrange):
    result = cli("simulate", "contract", "--games", "1", "--set", "melding.rearrange_table=true")
    assert result.exit_code == 1
    assert "melding.rearrange_table" in result.stderr


def test_cli_simulate_bad_bots_or_players_are_usage_errors(cli):
    assert cli("simulate", "contract", "--bots", "clever").exit_code == 2
    assert cli("simulate", "contract", "--players", "9").exit_code == 2
    assert cli("simulate", "contract", "--games", "0").exit_code == 2


def test_percentiles_match_a_sorted_list():
    from hypothesis import given
    from hypothesis import strategies as st

    from rummy_rules.sim.stats import _percentile

    @given(
        st.lists(st.integers(0, 300), min_size=1, max_size=200),
        st.sampled_from([0.1, 0.5, 0.9, 0.99]),
    )
    def check(values, q):
        histogram: dict[int, int] = {}
        for v in values:
            histogram[v] = histogram.get(v, 0) + 1
        ordered = sorted(values)
        rank = max(1, -(-int(q * 1000) * len(values) // 1000))  # ceil(q * n)
        assert _percentile(histogram, q) == ordered[rank - 1]

    check()


def test_every_statistic_has_an_interval_and_the_deal_figures_add_up():
    spec = load_variant("may-i")
    stats = simulate(spec, players=4, bots=["greedy", "random"] * 2, games=6, seed=4).to_dict()
    for deal in stats["deals"]:
        for key in (
            "turns",
            "buys",
            "joker_exchanges",
            "not_gone_out_rate",
            "own_turns_to_go_down",
            "went_down_rate",
            "one_turn_out_rate",
            "points_caught_in_hand",
        ):
            assert deal[key]["low"] <= deal[key]["value"] <= deal[key]["high"], key
        assert sum(deal["turns_histogram"].values()) == 6
        p = deal["turns_percentiles"]
        assert p["p10"] <= p["p50"] <= p["p90"] <= p["p99"]
    assert sum(stats["totals_histogram"].values()) == 6 * 4
    for key in ("turns_per_game", "final_margin", "score_spread", "lead_changes"):
        assert stats[key]["low"] <= stats[key]["value"] <= stats[key]["high"]


def test_records_of_a_simulation_replay_and_match_the_games(cli, tmp_path):
    path = tmp_path / "games.jsonl"
    result = cli("simulate", "may-i", "--games", "3", "--seed", "7", "--records", str(path))
    assert result.exit_code == 0, result.stderr
    headers = [json.loads(line) for line in path.read_text().splitlines() if '"record"' in line]
    assert [h["game"] for h in headers] == [1, 2, 3]
    assert headers[0]["seed"] == game_seed(7, 0)
    assert headers[0]["seats"] == ["greedy"] * 4
    replayed = cli("replay", str(path), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    doc = json.loads(replayed.stdout)
    assert doc["games"] == 3 and all(r["finished"] for r in doc["records"])


def test_a_tampered_game_in_a_records_file_is_caught_with_its_line(cli, tmp_path):
    path = tmp_path / "games.jsonl"
    cli("simulate", "may-i", "--games", "2", "--seed", "7", "--records", str(path))
    lines = path.read_text().splitlines()
    second = [i for i, line in enumerate(lines) if '"record"' in line][1]
    target = next(i for i in range(second, len(lines)) if '"scores"' in lines[i])
    entry = json.loads(lines[target])
    entry["scores"][0] += 1
    lines[target] = json.dumps(entry)
    path.write_text("\n".join(lines) + "\n")
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert f"{path}:{target + 1}: deal 1 scores" in result.stderr


def test_an_unwritable_output_is_refused_before_any_game(cli, tmp_path):
    result = cli("simulate", "contract", "--records", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert result.exit_code == 1
    assert "cannot write" in result.stderr and "does not exist" in result.stderr
    result = cli("simulate", "contract", "--report", str(tmp_path))
    assert result.exit_code == 1 and "is a directory" in result.stderr
    assert "games" not in result.stdout


def test_the_report_is_one_page_with_well_formed_charts_and_the_run(cli, tmp_path):
    import xml.etree.ElementTree as ET

    pytest.importorskip("matplotlib")
    path = tmp_path / "report.html"
    result = cli(
        "simulate",
        "may-i",
        "--games",
        "3",
        "--seed",
        "2",
        "--bots",
        "greedy,random",
        "--set",
        "buying.limits.per_deal=2",
        "--report",
        str(path),
    )
    assert result.exit_code == 0, result.stderr
    page = path.read_text()
    svgs = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    assert len(svgs) == 4
    ids: list[str] = []
    for svg in svgs:
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        ids += [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "ids must be unique on the page"
    for text in ("Deal length", "Seat advantage", "Difficulty", "Score distribution"):
        assert text in page
    assert "buying.limits.per_deal=2" in page and "--seed 2" in page
    # Self-contained: nothing to fetch, nothing to run.
    assert "<script" not in page and "<link" not in page
    assert not re.search(r'(src|href)="(https?:|//)', page)


def test_the_report_says_how_to_install_matplotlib(cli, tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = cli("simulate", "may-i", "--games", "1", "--report", str(tmp_path / "r.html"))
    assert result.exit_code == 1
    assert 'pip install "rummy-rules[report]"' in result.stderr
    assert not (tmp_path / "r.html").exists()


def test_compare_finds_the_rule_change_and_uses_the_same_seeds(cli):
    result = cli(
        "compare",
        "may-i",
        "may-i",
        "--set",
        "buying.limits.per_deal=1",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)["comparison"]
    a, b = doc["sides"]
    diff = b["difference_from_first"]["buys_per_game"]
    assert diff["value"] < 0 and diff["significant"]
    assert any("buys per game" in line for line in doc["summary"])
    assert a["statistics"]["games"] == b["statistics"]["games"] == 6


def test_an_a_a_comparison_names_no_difference_among_its_fourteen_figures(cli):
    """Contract played the other way round is the same game for bots that play
    every seat alike, but each game is dealt to other seats: differences are
    noise. Tested one by one at 95%, three of this run's 14 figures (joker
    exchanges cannot happen in Contract) looked significant; Holm's procedure
    over all of them names none."""
    result = cli(
        "compare", "contract", "contract", "--set", "table.direction=counterclockwise",
        "--games", "10", "--seed", "2", "--json",
    )  # fmt: skip
    doc = json.loads(result.stdout)["comparison"]
    diffs = doc["sides"][1]["difference_from_first"]
    assert sum(d["low"] > 0 or d["high"] < 0 for d in diffs.values()) == 3
    assert not any(d["significant"] for d in diffs.values())
    assert doc["significance"] == {
        "method": "holm", "family_wise_error_rate": 0.05, "figures_tested": 14,
    }  # fmt: skip


def test_compare_names_each_figure_in_the_family_words(cli, monkeypatch):
    """Gin knocks: no 'went out', no one-turn go-outs, no buys; Indian Rummy declares."""
    monkeypatch.setenv("COLUMNS", "200")  # one line per figure
    gin = cli("compare", "gin", "gin", "--set", "going_out.knock.deadwood_limit=5",
              "--games", "4")  # fmt: skip
    flat = " ".join(gin.stdout.split())
    assert "share of deals nobody knocked" in flat
    assert "own turns until a player lays melds" in flat
    for word in ("went out", "one-turn", "buys per game"):
        assert word not in flat
    doc = json.loads(
        cli("compare", "indian-rummy", "indian-rummy", "--games", "2", "--json").stdout
    )
    assert doc["comparison"]["labels"]["deals_nobody_won_rate"] == "share of deals nobody declared"
    assert "one_turn_outs_per_game" in doc["comparison"]["sides"][1]["difference_from_first"]


def test_a_seat_sees_who_plays_after_it_in_either_direction():
    """Played counterclockwise, the seat after p1 is p4: the greedy bot keeps
    from feeding that player, as it keeps from feeding p2 clockwise. (It used to
    watch p2 whatever the direction: counterclockwise Contract ran 5% shorter.)"""
    from rummy_rules.engine import GameState, compile_rules
    from rummy_rules.engine.view import seat_view

    for direction, after in (("clockwise", 1), ("counterclockwise", 3)):
        spec = load_variant("contract", [f"table.direction={direction}"])
        state = GameState(compile_rules(spec, 4), seed=1)
        assert seat_view(state, 0).next_seat == after


def test_comparing_a_rule_set_with_itself_finds_no_difference(cli):
    result = cli("compare", "may-i", "may-i", "--games", "3", "--seed", "3", "--json")
    doc = json.loads(result.stdout)["comparison"]
    diffs = doc["sides"][1]["difference_from_first"]
    assert all(d["value"] == 0 and not d["significant"] for d in diffs.values())
    assert "no significant difference" in doc["summary"][0]


def test_compare_text_output_and_bad_input(cli, engine_cannot_rearrange):
    result = cli("compare", "may-i", "shanghai", "--games", "2")
    assert result.exit_code == 0, result.stderr
    assert "B − A" in result.stdout and "turns per deal" in result.stdout
    assert cli("compare", "may-i").exit_code == 2
    assert cli("compare", "may-i", "may-i", "--set", "nonsense").exit_code == 2
    unplayable = cli("compare", "may-i", "may-i", "--set", "melding.rearrange_table=true")
    assert unplayable.exit_code == 1
    assert cli("compare", "may-i", "may-i", "--players", "9").exit_code == 2


def test_a_repeating_schedule_is_labelled_as_such():
    spec = load_variant("kalooki")
    stats = simulate(spec, players=4, bots=["random"] * 4, games=2, seed=1).to_dict()
    (deal,) = stats["deals"]
    assert deal["played"] > 2 and deal["label"] == "1 and later"
    fixed = simulate(load_variant("may-i"), players=4, bots=["random"] * 4, games=1, seed=1)
    assert [d["label"] for d in fixed.to_dict()["deals"]] == [str(i) for i in range(1, 8)]


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "contract", "--games", "6"),
        ("simulate", "rummy-500", "--games", "2", "--players", "8"),
        ("compare", "contract", "contract", "--set", "buying.limits.per_deal=1", "--games", "4"),
    ],
    ids=["simulate", "simulate-8-players", "compare"],
)
def test_text_output_fits_the_width_and_cuts_no_value(cli, monkeypatch, width, args):
    monkeypatch.setenv("COLUMNS", str(width))
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= width
    assert "…" not in result.stdout


def test_rates_are_percentages_in_compare(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    result = cli("compare", "contract", "contract", "--games", "3")
    row = next(line for line in result.stdout.splitlines() if "first player's win rate" in line)
    assert "%" in row and "pts" in row


def test_games_auto_stops_on_its_own_and_says_why(cli, monkeypatch):
    import rummy_rules.sim.simulate as sim

    monkeypatch.setattr(sim, "AUTO_MIN", 4)
    monkeypatch.setattr(sim, "AUTO_BATCH", 4)
    result = cli("simulate", "contract", "--precision", "50", "--json")
    assert result.exit_code == 0, result.stderr
    stats = json.loads(result.stdout)["statistics"]
    assert stats["games"] % 4 == 0 and stats["games"] < 100
    assert "win rate is known within ±50 points" in stats["stop_reason"]
    text = cli("simulate", "contract", "--precision", "50")
    assert f"Stopped after {stats['games']} games: every seat's win rate" in text.stdout


def test_games_auto_stops_at_the_cap_when_the_figures_stay_wide(cli, monkeypatch):
    import rummy_rules.sim.simulate as sim

    monkeypatch.setattr(sim, "AUTO_MIN", 2)
    monkeypatch.setattr(sim, "AUTO_BATCH", 2)
    monkeypatch.setattr(sim, "AUTO_CAP", 4)
    result = cli("simulate", "contract", "--precision", "0.1", "--json")
    stats = json.loads(result.stdout)["statistics"]
    assert stats["games"] == 4 and stats["stop_reason"] == "reached the cap of 4 games"


def test_compare_auto_stops_when_the_differences_are_decided(cli, monkeypatch):
    import rummy_rules.sim.simulate as sim

    monkeypatch.setattr(sim, "AUTO_MIN", 3)
    monkeypatch.setattr(sim, "AUTO_BATCH", 3)
    result = cli("compare", "contract", "contract", "--precision", "50", "--json")
    assert result.exit_code == 0, result.stderr
    comparison = json.loads(result.stdout)["comparison"]
    assert comparison["games"] % 3 == 0 and "every difference" in comparison["stop_reason"]


def test_a_fixed_number_of_games_has_no_stop_reason(cli):
    result = cli("simulate", "contract", "--games", "2", "--json")
    assert json.loads(result.stdout)["statistics"]["stop_reason"] == ""


def test_games_must_be_a_number_or_auto(cli):
    result = cli("simulate", "contract", "--games", "many")
    assert result.exit_code == 2 and "auto" in result.stderr


def test_compare_records_every_side_and_replay_accepts_them(cli, tmp_path):
    records = tmp_path / "ab.jsonl"
    result = cli(
        "compare", "contract", "contract", "--set", "buying.limits.per_deal=1",
        "--games", "2", "--records", str(records),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert f"wrote {records}: 2 games of each side" in result.stderr
    headers = [json.loads(line) for line in records.read_text().splitlines() if '"record"' in line]
    assert [(h["game"], h["side"]) for h in headers] == [(1, "A"), (1, "B"), (2, "A"), (2, "B")]
    assert headers[1]["variant"]["buying"]["limits"]["per_deal"] == 1
    replayed = cli("replay", str(records), "--json")
    assert replayed.exit_code == 0 and json.loads(replayed.stdout)["games"] == 4


def test_compare_report_charts_the_differences(cli, tmp_path):
    pytest.importorskip("matplotlib")
    report = tmp_path / "ab.html"
    result = cli(
        "compare", "contract", "contract", "--set", "buying.limits.per_deal=1",
        "--games", "3", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    page = report.read_text(encoding="utf-8")
    assert '<meta name="generator" content="rummy-rules">' in page
    assert page.count("<svg") == 2 and "buys per game" in page
    assert "rummy-rules compare contract contract" in page


def test_the_report_writes_intervals_as_the_terminal_does(cli, tmp_path, monkeypatch):
    """'35.0% (18.1 to 56.7)' in both; no '18.1–56.7' in the page."""
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "report.html"
    args = ["simulate", "basic-rummy", "--games", "6", "--seed", "2"]
    text = cli(*args, "--report", str(path)).stdout
    page = path.read_text()
    margin = json.loads(cli(*args, "--json").stdout)["statistics"]["final_margin"]
    from rummy_rules.sim.compare import format_interval

    shown = format_interval(margin)
    assert shown in text and shown in page
    assert not re.search(r"\d–\d", page)


def test_simulate_says_which_figures_carry_intervals(cli):
    text = " ".join(cli("simulate", "basic-rummy", "--games", "3").stdout.split())
    assert "A figure followed by brackets has its 95% confidence interval" in text
    assert "Means without intervals here; --json gives them." in text


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_compare_summary_numbers_are_those_of_the_table(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    result = cli(
        "compare", "contract", "contract", "--set", "buying.limits.per_deal=1",
        "--games", "30", "--workers", "1",
    )  # fmt: skip
    line = next(x for x in result.stdout.splitlines() if x.strip().startswith("- buys per game"))
    before, after = re.findall(r"([\d.]+) → ([\d.]+)", line)[0]
    diff, low, high = re.findall(r"difference (\S+), 95% CI (\S+) to (\S+)\)", line)[0]
    row = next(x for x in result.stdout.splitlines() if x.startswith("│ buys per game"))
    for figure in (before, after, diff, low, high):
        assert figure in row, (figure, row)


def test_an_interval_of_a_count_does_not_go_below_zero(cli):
    """Three games: 'lead changes 2.33 (-1.30 to 5.97)' read as if a game could
    have fewer than no lead changes."""
    doc = json.loads(cli("simulate", "basic-rummy", "--games", "3", "--json").stdout)
    stats = doc["statistics"]
    for key in ("lead_changes", "final_margin", "score_spread", "turns_per_game"):
        assert stats[key]["low"] >= 0, key
    for deal in stats["deals"]:
        assert deal["buys"]["low"] >= 0 and deal["points_caught_in_hand"]["low"] >= 0


def test_games_a_safety_cap_stopped_are_counted_apart_and_never_won():
    # Gin to 100 rarely ends within five hands: most games stop at the deal cap.
    spec = load_variant("gin")
    stats = simulate(spec, players=2, bots=["greedy"] * 2, games=12, seed=4, caps=(None, 5))
    capped = stats.capped.get("deal_cap", 0)
    assert 0 < capped < 12 and stats.games + capped == 12
    # Only the finished games are in the win rates and every other figure.
    assert abs(sum(stats.wins_by_seat) - stats.games) < 1e-9
    data = stats.to_dict()
    assert data["capped_games"] == capped
    assert data["capped_by"] == {"deal_cap": capped, "turn_cap": 0}
    assert data["deals_per_game"]["value"] <= 5  # finished games only: five deals at most
    finished = simulate(spec, players=2, bots=["greedy"] * 2, games=12, seed=4)
    assert finished.capped == {} and finished.games == 12


def test_a_deal_stopped_at_the_turn_cap_leaves_its_game_out():
    spec = load_variant("gin")
    stats = simulate(spec, players=2, bots=["random"] * 2, games=10, seed=2, caps=(12, None))
    assert stats.capped["turn_cap"] and sum(stats.capped.values()) == 10 and stats.games == 0
    assert stats.wins_by_seat == [0.0, 0.0]


def test_simulate_says_how_many_games_a_cap_stopped(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    path = tmp_path / "games.jsonl"
    args = ("simulate", "gin", "--games", "12", "--seed", "4", "--deal-cap", "5")
    result = cli(*args, "--records", str(path))
    assert result.exit_code == 0, result.stderr
    match = re.search(r"(\d+) games did not finish, stopped by a safety cap", result.stdout)
    assert match and "left out of every figure, win rates included" in result.stdout
    doc = json.loads(cli(*args, "--json").stdout)
    assert doc["statistics"]["capped_games"] == int(match.group(1))
    assert doc["statistics"]["games"] + int(match.group(1)) == 12
    # Their records are kept, and say where the game stopped.
    ends = [json.loads(x) for x in path.read_text().splitlines() if '"game_end"' in x]
    assert sum(e.get("reason") == "deal_cap" for e in ends) == int(match.group(1))
    assert cli("replay", str(path)).exit_code == 0


#: A run in which a turn cap stops every game.
_ALL_CAPPED = ("simulate", "gin", "--games", "4", "--seed", "2", "--turn-cap", "12")


def test_a_run_whose_every_game_a_cap_stopped_shows_no_figures(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    result = cli(*_ALL_CAPPED)
    assert result.exit_code == 0, result.stderr
    assert "4 games did not finish" in result.stdout
    assert "No game finished, so there are no figures to show." in result.stdout
    assert "win rate of seat" not in result.stdout and "confidence interval" not in result.stdout


def test_the_report_of_a_run_with_no_game_finished_shows_no_figures(cli, tmp_path):
    pytest.importorskip("matplotlib")
    report = tmp_path / "report.html"
    result = cli(*_ALL_CAPPED, "--report", str(report))
    assert result.exit_code == 0, result.stderr
    page = report.read_text()
    assert "No game finished, so there are no figures to show." in page
    assert "Who wins" not in page and "Design figures" not in page


def test_compare_leaves_out_the_seeds_a_cap_stopped_on_either_side(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    from rummy_rules.sim.compare import compare

    gin = load_variant("gin")
    result = compare(
        [("A", gin), ("B", gin)], players=2, bots=["greedy"] * 2, games=20, seed=4, caps=(None, 5)
    )
    capped = result.sides[0].capped["deal_cap"]
    assert result.sides[1].capped["deal_cap"] == capped
    assert result.differences[0]["turns_per_game"].n == 20 - capped
    text = cli("compare", "gin", "gin", "--games", "20", "--seed", "4", "--deal-cap", "5").stdout
    assert "its seeds are left out of every difference" in text


def test_simulate_says_which_limits_players_reached(cli):
    # Kalooki without buy-backs: every player out would have bought back.
    args = ["simulate", "kalooki", "--set", "game_end.buy_backs=0", "--games", "2"]
    data = json.loads(cli(*args, "--json").stdout)["statistics"]
    reached = data["limits_bound"]["game_end.buy_backs"]
    assert reached["games"] == 2 and reached["times"] >= 2
    text = " ".join(cli(*args).stdout.split())
    assert "Limits reached (games, actions withheld): game_end.buy_backs 2 of 2 (" in text
    assert "buy-backs)" in text
