"""Hollywood scoring (game_end.games_at_once): games scored at once, each rule
checked against a referee written from docs/records.md and the rulebook."""

from __future__ import annotations

import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import examples


def referee(log, seats, target, game_bonus, hand_bonus, shutout, games=3):
    """Recompute every deal's game columns and the game end from the scores alone."""
    totals = [[0] * seats for _ in range(games)]
    entered = [[0] * seats for _ in range(games)]
    over = [False] * games
    for entry in log:
        if "deal_end" not in entry:
            continue
        for seat, points in enumerate(entry["scores"]):
            if points <= 0:
                continue
            # Every unfinished game the player has scored in, and the first one they have not.
            into = [i for i in range(games) if not over[i] and entered[i][seat]]
            fresh = [i for i in range(games) if not over[i] and not entered[i][seat]]
            into += fresh[:1]
            for i in into:
                totals[i][seat] += points
                entered[i][seat] += 1
        ended = []
        for i in range(games):
            if over[i] or max(totals[i]) < target:
                continue
            best = max(totals[i])
            bonus = [0] * seats
            for seat in range(seats):
                if totals[i][seat] == best:
                    others = [entered[i][o] for o in range(seats) if o != seat]
                    if not any(others):
                        bonus[seat] += totals[i][seat] * (shutout - 1)
                    bonus[seat] += game_bonus
                bonus[seat] += hand_bonus * entered[i][seat]
            totals[i] = [t + b for t, b in zip(totals[i], bonus, strict=True)]
            over[i] = True
            ended.append({"game": i + 1, "bonuses": bonus})
        assert entry["games"] == totals, entry
        assert entry.get("games_ended", []) == ended, entry
        assert entry["totals"] == [sum(t[s] for t in totals) for s in range(seats)]
    assert all(over), "the game ended before every column had"
    end = log[-1]
    assert end["game_end"] and "bonuses" not in end
    best = max(end["totals"])
    assert end["winners"] == [s for s in range(seats) if end["totals"][s] == best]


def _played(seed, bots=("greedy", "random")):
    spec = load_variant("hollywood-gin")
    state = GameState(compile_rules(spec, 2), seed=seed)
    players = [make_bot(b, random.Random(seed * 7 + i)) for i, b in enumerate(bots)]
    play_game(state, players)
    return spec, state


@pytest.mark.parametrize("seed", range(examples(3, 12)))
def test_hollywood_scores_each_win_in_the_games_the_rulebook_names(seed, tmp_path):
    spec, state = _played(seed, ("greedy", "greedy") if seed % 2 else ("greedy", "random"))
    assert state.game_over_reason == "rules"
    referee(state.log, 2, 100, 100, 25, 2)
    record = tmp_path / "game.jsonl"
    record.write_text("\n".join(record_lines(state, spec.model_dump(mode="json"))) + "\n")
    assert replay_record(record).finished


def test_a_first_win_counts_in_game_one_a_second_in_games_one_and_two_a_third_in_all():
    checked = 0
    for seed in range(12):
        _, state = _played(seed)
        wins = [0, 0]
        for entry in state.log:
            if "deal_end" not in entry or entry.get("games_ended"):
                if entry.get("games_ended"):
                    break  # from here on, ended games take no more scores
                continue
            winners = [s for s, p in enumerate(entry["scores"]) if p > 0]
            if not winners:
                continue
            seat = winners[0]
            wins[seat] += 1
            # Before any game has ended, the n-th win is in the first n games (three at most).
            counted = [game[seat] for game in entry["games"]]
            n = min(wins[seat], 3)
            assert all(counted[:n]) and not any(counted[n:]), (seed, wins, entry)
            checked += 1
    assert checked >= 15


def test_games_at_once_needs_a_target_score_highest_wins_and_one_scorer():
    assert not check_variant("hollywood-gin").errors
    for sets, message in (
        (["game_end.kind=fixed_deals"], "games_at_once above 1 needs kind target_score"),
        (["game_end.ties=extra_deal"], "games_at_once above 1 needs"),
        (
            ["scoring.model=penalty", "game_end.winner=lowest_total", "game_end.game_bonus=0"],
            "games_at_once above 1 needs",
        ),
        (["scoring.model=melded_minus_hand"], "one scorer per deal"),
    ):
        report = check_variant("hollywood-gin", sets)
        assert any(message in p.message for p in report.errors), (sets, report.errors)


def test_the_rulebook_states_the_games_at_once():
    from rummy_rules.render.rulebook import render_rulebook

    book = render_rulebook(load_variant("hollywood-gin"), "md")
    assert "Hollywood scoring: three games are scored at once" in book
    assert "a first win counts in the first game, a second in the first two" in book
    assert "Each game ends when a player's total in it reaches 100 points" in book
    assert "Deals continue until someone reaches" not in book


def test_the_score_sheet_and_the_deal_end_show_each_game():
    from rummy_rules.render.rulebook import render_score_sheet
    from rummy_rules.render.table_words import deal_end_lines

    sheet = render_score_sheet(load_variant("hollywood-gin"), "md")
    header = next(line for line in sheet.splitlines() if line.startswith("| deal"))
    assert header.count("game 3: Player 2") == 1 and header.count("Player") == 6
    _, state = _played(2)
    last = deal_end_lines(state, len(state.results) - 1)
    assert [line.split(":")[0] for line in last if line.startswith("Game")] == [
        "Game 1, ended",
        "Game 2, ended",
        "Game 3, ended",
    ]
    first = deal_end_lines(state, 0)
    assert "Game 3: p1: 0  p2: 0." in first


def test_the_table_shows_each_games_totals_while_the_game_goes_on():
    from rummy_rules.render.table_words import status_lines

    state = GameState(compile_rules(load_variant("hollywood-gin"), 2), seed=5)
    bots = [make_bot("greedy", random.Random(s)) for s in range(2)]
    play_game(state, bots, max_actions=120)  # some deals in, the game not over
    assert state.results and not state.is_terminal()
    lines = status_lines(state, 0)
    games = [line for line in lines if line.startswith("Game ")]
    assert len(games) == 3
    totals = state.game.columns[0].totals
    assert games[0].startswith(f"Game 1: p1: {totals[0]}  p2: {totals[1]}")
    # The seats' line gives no single total: there are three.
    assert "point" not in lines[1]
