"""Simulation: reproducible whatever the worker count, statistics that add up, clear errors."""

from __future__ import annotations

import json

from rummy_rules import load_variant
from rummy_rules.simulate import game_seed, parse_bots, simulate


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


def test_cli_simulate_text(cli):
    result = cli("simulate", "shanghai", "--games", "2", "--bots", "greedy,random")
    assert result.exit_code == 0
    assert "Wins" in result.stdout and "Deals" in result.stdout


def test_cli_simulate_refuses_rules_the_engine_cannot_play(cli):
    result = cli("simulate", "persian", "--games", "1")
    assert result.exit_code == 1
    assert "partnerships.teams" in result.stderr


def test_cli_simulate_bad_bots_or_players_are_usage_errors(cli):
    assert cli("simulate", "contract", "--bots", "clever").exit_code == 2
    assert cli("simulate", "contract", "--players", "9").exit_code == 2
    assert cli("simulate", "contract", "--games", "0").exit_code == 2
