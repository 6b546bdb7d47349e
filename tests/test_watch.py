"""rummy-rules watch: step through a record, forwards and backwards."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from rummy_rules.cli.watch_cmd import Steps, watch_plain

#: Long: watching whole records: the long run (CI).
pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    path = tmp_path_factory.mktemp("watch") / "r.jsonl"
    args = ["simulate", "contract", "--games", "2", "--players", "4", "--records", str(path)]
    assert CliRunner().invoke(app, args).exit_code == 0
    return path


def screens(steps: Steps, seat, commands: str) -> list[str]:
    out = io.StringIO()
    watch_plain(steps, seat, io.StringIO(commands), out)
    return [b.strip() for b in out.getvalue().split("\n\n") if b.startswith(("Move ", "Deal "))]


def test_stepping_forwards_then_back_shows_the_same_position(records):
    steps = Steps(records, 2)
    shown = screens(steps, 0, "n\nn\nb\nb\nq\n")
    assert [s.split(" of ")[0] for s in shown] == ["Move 0", "Move 1", "Move 2", "Move 1", "Move 0"]
    assert shown[0] == shown[4] and shown[1] == shown[3]


def test_deal_by_deal_forwards_and_back(records):
    steps = Steps(records, 1)
    shown = screens(steps, None, "d\nd\nu\nq\n")
    deals = [next(x for x in s.splitlines() if "Dealer" in x).split(":")[0] for s in shown]
    assert deals == ["Deal 1", "Deal 2", "Deal 3", "Deal 2"]
    assert len(steps) > 100 and steps.states[-1].is_terminal()


def test_a_deal_s_end_has_a_position_of_its_own_then_the_next_deal_is_dealt(records):
    """The move that ends a deal shows how it ended, each hand with its score
    and the table as the deal ended (not the next deal's table); the next
    position is the next deal as dealt, before any move."""
    steps = Steps(records, 1)
    start_of_deal_2 = steps.next_deal(0)
    end = start_of_deal_2 - 1
    lines = steps.text(end, 0)
    result = steps.states[end].results[0]
    assert lines[0].startswith(f"Move {steps.moves[end]} of ") and steps.actions[end]
    scores = "  ".join(f"p{i + 1}: {s:+d}" for i, s in enumerate(result.scores))
    assert lines[1].startswith("Deal 1 is over: ") and lines[1].endswith(f"Scores {scores}.")
    hands = len(result.left)
    assert hands == 4 and all(line.startswith(f"  p{i + 1}: ") for i, line in
                              enumerate(lines[2 : 2 + hands]))  # fmt: skip
    assert lines[2 + hands] == "The table as deal 1 ended:"
    melds = lines[3 + hands : 3 + hands + len(result.table)]
    assert len(result.table) > 0 and all(m.startswith("  ") for m in melds)
    assert lines[-1].startswith("Totals: ") and "Next, deal 2" in lines[-1]
    assert not any("Dealer" in line for line in lines)
    nxt = steps.text(start_of_deal_2, 0)
    assert nxt[0] == f"Deal 2 dealt, after move {steps.moves[end]} of {steps.last_move}"
    assert nxt[1].startswith("Deal 2: ") and not any("is over" in line for line in nxt)
    assert steps.recent(start_of_deal_2, 12) == []
    assert steps.recent(end, 12)[-1][0] == steps.moves[end]


def test_the_last_screen_names_the_last_deal_and_who_won(records):
    steps = Steps(records, 1)
    state = steps.states[-1]
    lines = steps.text(len(steps) - 1, None)
    deals = len(state.rules.deals)
    assert lines[1].startswith(f"Deal {deals} is over: ")
    assert lines[2 + len(state.results[-1].left)] == f"The table as deal {deals} ended:"
    assert not any(line.startswith(f"Deal {deals + 1}") for line in lines)
    assert not any("to play" in line for line in lines)
    best = ", ".join(f"p{w + 1}" for w in state.winners())
    assert lines[-1].endswith(f". Best: {best}.")


def test_a_buy_names_the_card_bought(records):
    """The card on top of the pile before the buy (the upcard or a discard)."""
    from rummy_rules.engine.view import seat_view

    steps = Steps(records, 1)
    buys = [i for i, text in enumerate(steps.actions) if " buy (" in text]
    assert buys
    for i in buys:
        bought = steps.actions[i].split("(")[1].rstrip(")")
        before = steps.states[i - 1]
        pile = seat_view(before, 0).discard_pile
        assert before.rules.names.text(pile[-1]) == bought, steps.actions[i]


def test_going_to_a_move_counts_moves_not_positions(records):
    steps = Steps(records, 1)
    later = steps.next_deal(steps.next_deal(0)) + 3  # in deal 3
    move = steps.moves[later]
    assert later > move and steps.position_of(move) == later
    assert screens(steps, None, f"g {move}\nq\n")[-1].startswith(f"Move {move} of ")


def test_a_compare_record_says_which_side_it_shows(cli, tmp_path):
    path = tmp_path / "c.jsonl"
    result = cli("compare", "basic-rummy", "knock-rummy", "--games", "1", "--records", str(path))
    assert result.exit_code == 0, result.stderr
    first, second = Steps(path, 1), Steps(path, 2)
    assert first.text(0, 0)[0].endswith("(side A of a compare: Rummy)")
    assert second.text(0, 0)[0].endswith(f"(side B of a compare: {second.spec.name})")


def test_one_seat_sees_only_its_own_hand_and_all_shows_every_hand(records):
    steps = Steps(records, 1)
    one = screens(steps, 1, "q\n")[0]
    assert "p2's hand:" in one and "p1's hand:" not in one and "p3's hand:" not in one
    everyone = screens(steps, None, "q\n")[0]
    assert all(f"p{i}'s hand:" in everyone for i in range(1, 5))


def test_watch_command_refuses_a_game_the_file_does_not_hold(cli, records):
    result = cli("watch", str(records), "--game", "9", "--plain")
    assert result.exit_code == 1 and "holds 2 games" in result.stderr


def test_the_full_screen_viewer_steps_with_the_arrow_keys(records):
    pytest.importorskip("textual")
    from rummy_rules.cli.watch_screen import WatchApp

    app = WatchApp(Steps(records, 1), None)

    async def run() -> list[int]:
        seen = []
        async with app.run_test(size=(120, 40)) as pilot:
            for key in ("right", "right", "left", "down", "up"):
                await pilot.press(key)
                seen.append(app.step)
        return seen

    seen = asyncio.run(run())
    assert seen[:3] == [1, 2, 1] and seen[3] > 2 and seen[4] == 0


def test_the_full_screen_viewer_jumps_to_a_move_and_lists_the_moves_before_it(records):
    """g, a number and Enter go to that move; a number out of range is asked
    again; the side pane lists the deal's moves up to the position."""
    pytest.importorskip("textual")
    from textual.widgets import Static

    from rummy_rules.cli.watch_screen import WatchApp

    steps = Steps(records, 1)
    app = WatchApp(steps, None)

    async def run() -> tuple[int, int, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("g", *"99999", "enter")
            refused = app.step
            await pilot.press("backspace", *"12", "enter", "right")
            pane = str(app.query_one("#moves", Static).render())
            return refused, app.step, pane

    refused, step, pane = asyncio.run(run())
    assert refused == 0 and step == 13
    listed = [line.split(". ", 1)[1] for line in pane.splitlines()[1:]]
    assert listed == [steps.actions[i] for i in range(2, 14)]
    assert pane.splitlines()[-1] == f"  13. {steps.actions[13]}"


def test_a_record_cut_short_is_a_located_error_not_a_traceback(cli, records, tmp_path):
    cut = tmp_path / "cut.jsonl"
    text = records.read_text()
    cut.write_text(text[: len(text) // 2 + 7])
    result = cli("watch", str(cut), "--game", "2", "--plain")
    assert result.exit_code == 1 and "cut short" in result.stderr
    resumed = cli("play", "--resume", str(cut), "--plain")
    assert resumed.exit_code == 1 and "Traceback" not in resumed.stderr


def test_resuming_a_record_not_made_by_play_says_so(cli, tmp_path):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    one = tmp_path / "one.jsonl"
    CliRunner().invoke(app, ["simulate", "basic-rummy", "--games", "1", "--records", str(one)])
    result = cli("play", "--resume", str(one), "--plain")
    assert result.exit_code == 1 and "not a game played with rummy-rules play" in result.stderr


def test_watch_speaks_the_language_asked_for(records):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    args = ["watch", str(records), "--plain", "--lang", "bg"]
    result = CliRunner().invoke(app, args, input="n\nd\nq\n")
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Ход 1 от " in text and "Раздаване 1: " in text and "Ръката на p1: " in text
    assert "Твоята ръка" not in text and "Тесте: " in text
    for english in ("Move 1", "Deal 1", "Stock:", "draw", "discard", "next move"):
        assert english not in text, english
