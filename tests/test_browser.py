"""The served game in a real browser: headless Chromium (Debian's, driven by
Playwright) opens the page of ``rummy-rules serve play …`` and plays through
it with the mouse alone — a click on a card in the hand, a click on an action
in the list, a click on a dialog's button — while the game's record, read
after every click, is the referee.

The page draws the terminal on a canvas, so the test reads the screen as the
page received it: every byte the server sent is fed to a terminal emulator
(pyte), and a click goes to the middle of the character cell it aims at.

Needs Chromium at ``/usr/bin/chromium`` (``apt-get install chromium``) and
the ``playwright`` and ``pyte`` packages (the dev extra); skipped without
them, except where ``RUMMY_RULES_EXPECT_BROWSER`` is set (``.ci/run`` sets
it), where a missing one fails.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy_rules.cards import CardNames, format_card
from rummy_rules.engine.actions import Action
from rummy_rules.engine.view import seat_view
from rummy_rules.render.action_words import shown_action
from rummy_rules.sim.bots import make_bot, parse_bot_spec

pytestmark = [
    pytest.mark.long,  # CI runs it; kept out of the quick suite's five CPU-minutes
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Debian's Chromium"),
]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Chromium's flags for a closed machine (no background connections, no sandbox as root).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NAMES = CardNames()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, or a skip (a failure where CI expects the browser)."""
    missing = [] if Path(CHROMIUM).exists() else [f"Chromium ({CHROMIUM})"]
    try:
        import pyte  # noqa: F401
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        missing.append(f"{exc.name} (pip install -e '.[dev]')")
    if missing:
        text = "the browser test needs " + ", ".join(missing)
        if os.environ.get("RUMMY_RULES_EXPECT_BROWSER"):
            pytest.fail(text)
        pytest.skip(text)
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


class Table:
    """One page of the served game: the screen it shows, and the mouse."""

    def __init__(self, browser: Any, port: int) -> None:
        import pyte

        self.page = browser.new_page(viewport={"width": 1400, "height": 900})
        self.stream: Any = None
        self.screen: Any = None
        self.pyte = pyte
        self.page.on("websocket", self._socket)
        self.page.goto(f"http://127.0.0.1:{port}/")
        assert self.wait(lambda: self.screen is not None and self.find("Your hand") is not None)

    def _socket(self, ws: Any) -> None:
        size = dict(re.findall(r"(width|height)=(\d+)", ws.url))
        self.columns, self.rows = int(size["width"]), int(size["height"])
        self.screen = self.pyte.Screen(self.columns, self.rows)
        self.stream = self.pyte.ByteStream(self.screen)
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):  # the terminal's output; text frames are the server's pings
            self.stream.feed(payload)

    def lines(self) -> list[str]:
        self.page.wait_for_timeout(50)  # lets Playwright deliver the frames received
        return list(self.screen.display)

    def find(self, text: str, *, below: int = -1, right_of: int = -1) -> tuple[int, int] | None:
        """The first cell (row, column) where ``text`` starts on the screen,
        below row ``below`` and right of column ``right_of``, as a whole word."""
        pattern = re.compile(r"(?<![^\s│╭╰─])" + re.escape(text) + r"(?![^\s│╮╯─])")
        for row, line in enumerate(self.lines()):
            if row <= below:
                continue
            for match in pattern.finditer(line):
                if match.start() > right_of:
                    return row, match.start()
        return None

    def click(self, row: int, column: int) -> None:
        box = self.page.query_selector(".xterm-screen").bounding_box()
        width, height = box["width"] / self.columns, box["height"] / self.rows
        self.page.mouse.click(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)

    def wait(self, check: Callable[[], Any], seconds: float = 30) -> Any:
        """``check()``'s first true value, tried until ``seconds`` have passed
        (``None`` then)."""
        deadline = time.monotonic() + seconds
        while not (found := check()):
            if time.monotonic() > deadline:
                return None
            self.page.wait_for_timeout(200)
        return found

    def click_card(self, face: int) -> None:
        """Click a card of ``face`` in the hand (the line under "Your hand")."""
        title = self.find("Your hand")
        assert title is not None, "\n".join(self.lines())
        row = title[0] + 1
        line = self.lines()[row]
        text = NAMES.symbols(format_card(face))
        match = re.search(r"(?<!\S)" + re.escape(text) + r"(?!\S)", line)
        assert match is not None, (text, line)
        self.click(row, match.start())

    def click_action(self, shown: str) -> None:
        """Click the action shown as ``shown`` in the list (found by its first
        words, up to 24 characters: a long action wraps)."""
        title = self.wait(lambda: self.find("Your move") or self.find("With"), 20)
        assert title is not None, "\n".join(self.lines())
        head = shown if len(shown) <= 24 else shown[: shown.rfind(" ", 0, 25)]
        found = self.wait(lambda: self.find(head, below=title[0], right_of=title[1] - 3), 10)
        assert found is not None, (shown, "\n".join(self.lines()))
        self.click(*found)

    def click_button(self, label: str) -> None:
        found = self.wait(lambda: self.find(label), 20)
        assert found is not None, (label, "\n".join(self.lines()))
        self.click(*found)


def _state(record: Path) -> Any:
    from rummy_rules.sim.records import RecordError, load_game

    try:
        return load_game(record, game=1).state if record.exists() else None
    except RecordError:
        return None  # caught between two writes: read again


def _actions(record: Path) -> int:
    state = _state(record)
    return len([e for e in state.log if "action" in e]) if state is not None else 0


def _shown(action: Action) -> str:
    return NAMES.symbols(shown_action(NAMES.show(str(action))))


def _play_by_clicks(table: Table, record: Path, until: Callable[[Any], bool]) -> int:
    """Play seat 1 by clicks, as the greedy bot would (drawing from the stock
    at each draw), until ``until(state)``; each click's effect is checked in
    the record. How many of seat 1's actions were played."""
    bot: Any = make_bot(parse_bot_spec("greedy"), random.Random(1))
    played = deal = 0
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "\n".join(table.lines())
        state = _state(record)
        if state is not None and until(state):
            return played
        if table.find("Go on") and table.find("is over"):
            table.click_button("Go on")  # a deal's end: the dialog's button
            table.wait(lambda: not table.find("is over"), 10)
            continue
        if state is None or state.is_terminal() or state.to_move != 0:
            table.page.wait_for_timeout(300)
            continue
        if state.deal_index != deal or played == 0:
            deal = state.deal_index
            bot.new_deal(state.deal_rules_of(0))
        view = seat_view(state, 0)
        kinds = {a.kind for a in view.legal}
        if view.phase == "draw" and "draw" in kinds:
            action = next(a for a in view.legal if a.kind == "draw")
        else:
            action = bot.choose(view)
        before = _actions(record)
        faces = [action.card] if action.card >= 0 and action.kind != "take" else []
        for meld in action.melds:
            faces.extend(meld.cards)
        if action.kind in ("discard", "knock", "meld", "layoff", "down"):
            for face in faces[:1] if action.kind == "knock" else faces:
                table.click_card(face)
                table.page.wait_for_timeout(300)
        table.click_action(_shown(action))
        assert table.wait(lambda done=before: _actions(record) > done, 20), (
            f"clicked {_shown(action)}",
            "\n".join(table.lines()),
        )
        played += 1


def test_a_whole_gin_deal_is_played_in_chromium_by_clicks_alone(browser, tmp_path):
    from tests.web_client import Served

    record = tmp_path / "gin.jsonl"
    args = ["play", "gin", "--seed", "2", "--bots", "greedy", "--record", str(record)]
    with Served(args, options=["--folder", str(tmp_path / "served")], cwd=tmp_path) as served:
        table = Table(browser, served.port)
        played = _play_by_clicks(table, record, lambda state: state.deal_index >= 1)
        # The deal's end, over the game, until its button is clicked: then deal 2.
        table.click_button("Go on")
        assert table.wait(lambda: table.find("Deal 2:") and not table.find("is over"), 20)
        table.page.close()
    state = _state(record)
    assert state.results and state.results[0].reason in ("knock", "gin", "undercut", "void")
    assert played >= 2


def test_a_canasta_turn_is_played_in_chromium_by_clicks_alone(browser, tmp_path):
    from tests.web_client import Served

    record = tmp_path / "canasta.jsonl"
    args = ["play", "canasta", "--seed", "4", "--bots", "greedy", "--record", str(record)]
    with Served(args, options=["--folder", str(tmp_path / "served")], cwd=tmp_path) as served:
        table = Table(browser, served.port)

        def discarded(state: Any) -> bool:
            return any(e.get("seat") == 0 and "discard" in e.get("action", "") for e in state.log)

        played = _play_by_clicks(table, record, discarded)
        table.page.close()
    assert played >= 2
