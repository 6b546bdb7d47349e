"""The design figures of ``simulate`` (docs/figures.md), each against its
formula worked out independently from the games' own summaries."""

from __future__ import annotations

import json
import statistics

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.game import DealResult
from rummy_rules.sim.simulate import _comeback, make_job, play_summary
from rummy_rules.sim.stats import SimulationStats


def _run(variant: str, bots: list[str], games: int, seed: int = 5):
    spec = load_variant(variant)
    job = make_job(spec, len(bots), bots, seed, False)
    summaries = [play_summary(job, i) for i in range(games)]
    stats = SimulationStats(players=len(bots), deals=len(spec.deals), bots=tuple(bots))
    for summary in summaries:
        stats.add(summary)
    return summaries, stats.to_dict()


@pytest.fixture(scope="module")
def mixed():
    return _run("contract", ["greedy", "random", "greedy", "random"], 12)


def _deal(totals: tuple[int, ...]) -> DealResult:
    return DealResult(deal=1, reason="out", went_out=0, scores=totals, totals=totals)


def test_a_game_won_from_last_place_is_a_comeback():
    earlier = [_deal((10, 50, 30)), _deal((80, 60, 40))]
    assert _comeback(earlier, {0}, lowest_wins=False)  # seat 1 was last after deal 1
    assert not _comeback(earlier, {1}, lowest_wins=False)  # never last
    assert _comeback(earlier, {1}, lowest_wins=True)  # lowest wins: 50 was the worst
    # Totals all equal: nobody is last.
    assert not _comeback([_deal((0, 0, 0))], {0}, lowest_wins=False)
    # Jointly last counts.
    assert _comeback([_deal((5, 5, 9))], {1}, lowest_wins=False)
    # The last deal is not an earlier one: a single-deal game has no comeback.
    assert not _comeback([], {0}, lowest_wins=False)


def test_first_seat_advantage_is_the_first_players_win_rate_less_a_fair_share(mixed):
    summaries, stats = mixed
    wins = sum(1 / len(s.winners) for s in summaries if s.first_player in s.winners)
    figure = stats["design"]["first_seat_advantage"]
    assert figure["value"] == pytest.approx(wins / len(summaries) - 1 / 4, abs=1e-3)
    assert figure["low"] <= figure["value"] <= figure["high"]


def test_each_bots_win_rate_is_its_wins_per_seat_and_game(mixed):
    summaries, stats = mixed
    by_bot = {b["bot"]: b for b in stats["design"]["win_rate_by_bot"]}
    assert by_bot["greedy"]["seats"] == [1, 3] and by_bot["random"]["seats"] == [2, 4]
    for bot, seats in (("greedy", (0, 2)), ("random", (1, 3))):
        wins = sum(1 / len(s.winners) for s in summaries for seat in s.winners if seat in seats)
        assert by_bot[bot]["win_rate"]["value"] == pytest.approx(wins / (12 * 2), abs=1e-3)


def test_the_skill_gap_says_the_greedy_bot_beats_the_random_one(mixed):
    _, stats = mixed
    gap = stats["design"]["skill_gap"]
    assert (gap["stronger"], gap["weaker"]) == ("greedy", "random")
    assert gap["value"] > 0.5 and gap["low"] > 0.5  # skill, not luck
    assert gap["low"] <= gap["value"] <= gap["high"] <= 1


def test_there_is_no_skill_gap_with_one_kind_of_bot():
    _, stats = _run("gin", ["greedy", "greedy"], 4)
    assert stats["design"]["skill_gap"] is None
    assert [b["seats"] for b in stats["design"]["win_rate_by_bot"]] == [[1, 2]]


def test_deals_nobody_won_and_comebacks_count_the_games_deals(mixed):
    summaries, stats = mixed
    deals = [d for s in summaries for d in s.deals]
    unwon = sum(d.went_out is None for d in deals)
    assert stats["design"]["deals_nobody_won_rate"]["value"] == pytest.approx(
        unwon / len(deals), abs=1e-3
    )
    comebacks = sum(s.comeback for s in summaries)
    assert stats["design"]["comeback_rate"]["value"] == pytest.approx(comebacks / 12, abs=1e-3)


def test_the_spread_of_game_length_is_that_of_the_games(mixed):
    summaries, stats = mixed
    turns = sorted(sum(d.turns for d in s.deals) for s in summaries)
    design = stats["design"]
    assert design["turns_per_game_sd"] == pytest.approx(statistics.stdev(turns), abs=0.05)
    # Nearest rank: the ceil(q * n)-th smallest.
    assert design["turns_per_game_percentiles"] == {
        "p10": turns[1],  # ceil(1.2) = 2nd
        "p50": turns[5],  # 6th
        "p90": turns[10],  # ceil(10.8) = 11th
    }


def test_the_design_figures_are_printed_and_in_the_json(cli):
    args = ("simulate", "gin", "--games", "6", "--bots", "greedy,random", "--seed", "2")
    text = cli(*args)
    assert text.exit_code == 0, text.stderr
    assert "first-seat advantage" in text.stdout and "skill gap" in text.stdout
    doc = json.loads(cli(*args, "--json").stdout)
    assert set(doc["statistics"]["design"]) == {
        "first_seat_advantage",
        "win_rate_by_bot",
        "skill_gap",
        "comeback_rate",
        "deals_nobody_won_rate",
        "turns_per_game_sd",
        "turns_per_game_percentiles",
    }


def test_compare_takes_comebacks_and_deals_nobody_won(cli):
    result = cli(
        "compare", "gin", "gin", "--set", "going_out.knock.deadwood_limit=5",
        "--games", "6", "--seed", "2", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    metrics = json.loads(result.stdout)["comparison"]["sides"][1]["difference_from_first"]
    assert "comeback_rate" in metrics and "deals_nobody_won_rate" in metrics
