"""rummy-rules play: a person against bots, line by line (--plain), saved and resumed."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.cli.play_cmd import play_plain
from rummy_rules.sim.records import replay_record
from rummy_rules.sim.session import PlaySession


class Always:
    """Standard input that answers every prompt with the same line."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def readline(self) -> str:
        return self.answer + "\n"


def session(variant="contract", players=4, record=None, seed=0, seat=0):
    spec = load_variant(variant)
    return PlaySession(
        spec, players=players, seat=seat, bots=["greedy"] * (players - 1), seed=seed,
        record=record,
    )  # fmt: skip


@pytest.mark.parametrize(("variant", "players"), [("contract", 4), ("persian", 4)])
def test_a_whole_game_played_line_by_line_ends_and_its_record_replays(tmp_path, variant, players):
    record = tmp_path / "game.jsonl"
    game = session(variant, players, record=record)
    out = io.StringIO()
    play_plain(game, Always("1"), out)
    assert "The game is over." in out.getvalue()
    report = replay_record(record)
    assert report.finished and report.deals == len(game.state.results)


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing():
    game = session()
    list(game.bot_moves())
    before = len(game.state.log)
    reason = game.play("discard JK")
    assert reason is not None and len(game.state.log) == before
    assert game.play("meld 2C") is not None


def test_plain_mode_says_why_an_action_is_refused(tmp_path):
    game = session("basic-rummy", 2)
    lines = iter(["discard 7X", "99", "quit"])

    class Script:
        def readline(self) -> str:
            return next(lines, "") + "\n"

    out = io.StringIO()
    play_plain(game, Script(), out)
    text = out.getvalue()
    assert "not allowed:" in text and "there is no action 99" in text
    assert "Stopped" in text


def test_a_stopped_game_is_resumed_from_its_record_and_finishes(tmp_path):
    record = tmp_path / "game.jsonl"
    game = session("basic-rummy", 2, record=record)
    answers = iter(["1"] * 5 + ["quit"])

    class Script:
        def readline(self) -> str:
            return next(answers, "quit") + "\n"

    play_plain(game, Script(), io.StringIO())
    header = json.loads(record.read_text().splitlines()[0])
    assert header["seats"] == ["you", "greedy"]
    resumed = PlaySession.resume(record)
    assert resumed.seat == 0 and len(resumed.state.log) == len(game.state.log)
    out = io.StringIO()
    play_plain(resumed, Always("1"), out)
    assert "The game is over." in out.getvalue()
    assert replay_record(record).finished


def test_the_screen_shows_no_other_seat_s_hand():
    game = session("contract", 4, seed=3)
    list(game.bot_moves())
    text = "\n".join(game.status())
    mine = [format_card(f) for f in game.state.hand(game.seat)]
    assert "Your hand: " in text and all(card in text for card in mine)
    for seat in range(1, 4):
        theirs = " ".join(sorted(format_card(f) for f in game.state.hand(seat)))
        assert theirs not in text
        assert f"p{seat + 1} hand" not in text


@settings(max_examples=5, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    variant=st.sampled_from(["basic-rummy", "persian"]),
)
def test_random_legal_play_always_ends_and_replays(tmp_path_factory, seed, variant):
    record = tmp_path_factory.mktemp("play") / "game.jsonl"
    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    game = session(variant, players, record=record, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        list(game.bot_moves())
        if game.over():
            break
        assert game.play(rng.choice(game.legal())) is None
    assert game.over()
    assert replay_record(record).finished


def test_play_command_plain_from_stdin(cli, tmp_path):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    record = tmp_path / "g.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", "basic-rummy", "--plain", "--record", str(record)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.stdout
    assert cli("replay", str(record)).exit_code == 0


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_plain_mode_with_random_legal_input_always_ends_and_replays(tmp_path_factory, seed):
    record = tmp_path_factory.mktemp("plain") / "game.jsonl"
    game = session("basic-rummy", 2, record=record, seed=seed)
    rng = random.Random(seed)

    class RandomInput:
        """Types the number of a random legal action, sometimes a bad line first."""

        def readline(self) -> str:
            if rng.random() < 0.05:
                return rng.choice(["0", "zzz", "discard 2X", "help", "all", "hint"]) + "\n"
            return f"{rng.randint(1, len(game.legal()))}\n"

    out = io.StringIO()
    play_plain(game, RandomInput(), out)
    assert "The game is over." in out.getvalue()
    assert replay_record(record).finished


def test_where_players_may_dig_the_whole_discard_pile_is_in_view():
    game = session("contract-gamerules", 4, seed=7)
    for _ in range(80):
        list(game.bot_moves())
        legal = game.legal()
        if "draw" in legal and len(game.state.discard_pile) > 3:
            break
        discards = [a for a in legal if a.startswith("discard")]
        game.play("draw" if "draw" in legal else discards[0] if discards else legal[-1])
    pile = " ".join(format_card(game.state.faces[c]) for c in game.state.discard_pile)
    assert f"Discard pile, bottom to top: {pile}." in "\n".join(game.status())
    assert any(a.startswith("take ") for a in game.legal())
