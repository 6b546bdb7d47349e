"""The full-screen game (Textual), driven by its headless pilot."""

from __future__ import annotations

import asyncio

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.sim.records import replay_record
from rummy_rules.sim.session import PlaySession

pytest.importorskip("textual")

from rummy_rules.cli.play_screen import PlayApp


def game(variant, players, record=None, seed=1):
    spec = load_variant(variant)
    return PlaySession(
        spec, players=players, seat=0, bots=["greedy"] * (players - 1), seed=seed,
        record=record,
    )  # fmt: skip


async def play_through(app: PlayApp, limit: int = 20_000) -> int:
    """Press Enter on the first listed action at every turn until the game ends."""
    session = app.session
    presses = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(limit):
            await pilot.pause()
            if session.over():
                break
            if session.my_turn() and app.query_one("#actions").option_count:
                await pilot.press("enter")
                presses += 1
        await pilot.pause()
    return presses


@pytest.mark.parametrize(("variant", "players"), [("contract", 4), ("persian", 4)])
def test_a_whole_game_is_played_through_the_screen_and_its_record_replays(
    tmp_path, variant, players
):
    record = tmp_path / "game.jsonl"
    session = game(variant, players, record=record)
    presses = asyncio.run(play_through(PlayApp(session, pace=0)))
    assert session.over() and presses > 10
    report = replay_record(record)
    assert report.finished and report.deals == len(session.state.results)


def test_a_typed_illegal_action_shows_the_rule_and_changes_nothing():
    session = game("basic-rummy", 2)
    app = PlayApp(session, pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            before = len(session.state.log)
            app.query_one("#command").focus()
            await pilot.press(*"discard QX", "enter")
            await pilot.press("h")
            await pilot.pause()
            assert len(session.state.log) == before
            return [str(line.text) for line in app.query_one("#log").lines]

    lines = asyncio.run(run())
    assert any(line.startswith("not allowed:") for line in lines)


def test_the_screen_never_shows_another_seat_s_cards():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return "\n".join(
                str(app.query_one(f"#{name}").render()) for name in ("status", "table", "hand")
            )

    text = asyncio.run(run())
    assert "Your hand:" in text
    for seat in range(1, 4):
        theirs = " ".join(sorted(format_card(f) for f in session.state.hand(seat)))
        assert theirs not in text


def test_the_sort_key_orders_the_hand_by_rank_and_back():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            hand = lambda: str(app.query_one("#hand").render())  # noqa: E731
            first = hand()
            app.query_one("#table").focus()
            await pilot.press("s")
            second = hand()
            await pilot.press("s")
            return first, second, hand()

    by_suit, by_rank, again = asyncio.run(run())
    assert by_suit == again and sorted(by_suit.split()) == sorted(by_rank.split())
    ranks = [card[:-1] for card in by_rank.split()[2:] if card != "JK"]
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    assert ranks == sorted(ranks, key=order.index)


def test_the_rules_are_one_key_away_and_escape_goes_back():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.query_one("#table").focus()
            await pilot.press("r")
            await pilot.pause()
            shown = type(app.screen).__name__
            text = str(app.screen.query_one("Static").render())
            await pilot.press("escape")
            await pilot.pause()
            return shown + "|" + type(app.screen).__name__, text

    screens, text = asyncio.run(run())
    assert screens == "RulesScreen|Screen"
    assert "CONTRACT RUMMY" in text and "THE DEALS" in text
