"""The ladder (docs/figures.md#the-ladder): mirrored seatings, ratings that
meet the model's own equations, stops, and the command's exit codes."""

from __future__ import annotations

import json
import math

import pytest

from rummy_rules import load_variant
from rummy_rules.sim import ladder as L

#: Long: ladders of bots: the long run (CI).
pytestmark = pytest.mark.long


def test_the_two_seatings_of_a_mirrored_pair_swap_every_seat():
    assert L.layouts("a", "b", 2) == (("a", "b"), ("b", "a"))
    assert L.layouts("a", "b", 3) == (("a", "b", "a"), ("b", "a", "b"))
    first, second = L.layouts("x", "y", 4)
    assert all(p != q for p, q in zip(first, second, strict=True))


def test_two_bots_are_rated_by_the_log_odds_of_the_score():
    pairing = L.Pairing("a", "b", points=30.0, games=40)
    ratings = L.fit_ratings(["a", "b"], [pairing])
    assert ratings[0] == 0
    # One extra game shared half and half: (30.5 / 10.5) for a over b.
    assert ratings[1] == pytest.approx(-400 * math.log10(30.5 / 10.5), abs=1e-6)


def test_ratings_of_several_bots_meet_the_likelihood_equations():
    bots = ["r", "g", "s"]
    pairings = [
        L.Pairing("r", "g", points=12.0, games=100),
        L.Pairing("r", "s", points=3.5, games=60),
        L.Pairing("g", "s", points=41.0, games=100),
    ]
    ratings = L.fit_ratings(bots, pairings)
    strength = {b: 10 ** (r / 400) for b, r in zip(bots, ratings, strict=True)}
    # At the maximum of the likelihood each bot's expected points equal its points.
    for bot in bots:
        expected = observed = 0.0
        for p in pairings:
            if bot not in (p.a, p.b):
                continue
            other = p.b if bot == p.a else p.a
            got = p.points if bot == p.a else p.games - p.points
            observed += got + 0.5
            expected += (p.games + 1) * strength[bot] / (strength[bot] + strength[other])
        assert expected == pytest.approx(observed, rel=1e-6), bot


@pytest.fixture(scope="module")
def gin_ladder():
    spec = load_variant("gin")
    return L.ladder(spec, players=2, bots=["random", "greedy"], games=16, seed=3).to_dict()


def test_the_greedy_bot_is_rated_above_the_random_one(gin_ladder):
    (pairing,) = gin_ladder["pairings"]
    assert (pairing["a"], pairing["b"], pairing["games"]) == ("random", "greedy", 16)
    assert pairing["decided"] and pairing["a_score"]["high"] < 0.5
    top, bottom = gin_ladder["ratings"]
    assert (top["bot"], bottom["bot"]) == ("greedy", "random")
    assert bottom["rating"] == 0 and top["low"] > 0
    assert top["low"] <= top["rating"] <= top["high"]


def test_a_ladder_depends_on_its_seed_only(gin_ladder):
    spec = load_variant("gin")
    again = L.ladder(spec, players=2, bots=["random", "greedy"], games=16, seed=3, workers=2)
    assert again.to_dict() == gin_ladder


def test_auto_stops_each_pairing_once_it_is_decided(monkeypatch):
    monkeypatch.setattr(L, "AUTO_MIN", 10)
    monkeypatch.setattr(L, "AUTO_BATCH", 10)
    spec = load_variant("gin")
    result = L.ladder(spec, players=2, bots=["random", "greedy"], games=400, seed=1, precision=0.05)
    (pairing,) = result.pairings
    assert pairing.games == 10  # decided at the first look
    assert pairing.stop_reason == "decided: the interval leaves out 50%"


def test_auto_stops_a_pairing_it_cannot_decide_at_the_cap(monkeypatch):
    monkeypatch.setattr(L, "AUTO_MIN", 4)
    monkeypatch.setattr(L, "AUTO_BATCH", 4)
    spec = load_variant("gin")
    result = L.ladder(  # the same bot twice over (Gin has no buying): every mirrored pair is split
        spec, players=2, bots=["greedy", "greedy:buy=never"], games=8, seed=1, precision=0.01
    )
    (pairing,) = result.pairings
    assert pairing.games == 8 and pairing.stop_reason == "reached the cap of 8 games"


def test_a_stop_keeps_the_games_finished(monkeypatch):
    spec = load_variant("gin")

    def stop(done: int) -> None:
        if done == 6:
            raise KeyboardInterrupt

    result = L.ladder(spec, players=2, bots=["random", "greedy"], games=20, on_game=stop)
    assert result.interrupted and result.pairings[0].games == 6
    assert result.to_dict()["interrupted"]


def test_cli_ladder_json_and_usage_errors(cli):
    result = cli("ladder", "gin", "--bots", "random,greedy", "--games", "4", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["games"] == 4 and [r["bot"] for r in doc["ladder"]["ratings"]] == [
        "greedy",
        "random",
    ]
    text = cli("ladder", "gin", "--bots", "random,greedy", "--games", "4")
    assert "Ratings" in text.stdout and "decided" in text.stdout
    for bots in ("random", "random,random", "random,nosuch"):
        bad = cli("ladder", "gin", "--bots", bots, "--games", "4")
        assert bad.exit_code == 2 and "--bots" in bad.stderr, bots


@pytest.mark.parametrize(
    "scores",
    [
        (0.0, 0.0, 17.0),  # one side never scores: the interval still holds the rating
        (100.0, 30.0, 41.0),
        (200.0, 200.0, 100.0),
    ],
)
def test_each_rating_lies_within_its_interval(scores):
    bots = ["r", "g", "s"]
    pairs = [("r", "g"), ("r", "s"), ("g", "s")]
    pairings = [
        L.Pairing(a, b, points=x, games=200) for (a, b), x in zip(pairs, scores, strict=True)
    ]
    result = L.LadderResult(bots, pairings, seed=4).to_dict()
    for row in result["ratings"]:
        assert row["low"] <= row["rating"] <= row["high"], row
