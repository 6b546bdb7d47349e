"""rummy-rules serve is a door onto this computer: whoever reaches its port
plays a page. Nothing a page sends writes outside the server's folder, keeps
a game running after the page or the server has gone, takes more than a
game's memory, or lets two pages write one record. The pages here are a
bounded loopback client (tests/web_client.py) that sends what a hostile
page would."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from rummy_rules.cli.served import MAX_NAME, save_path
from rummy_rules.engine.actions import action_text
from rummy_rules.fsutil import OutputError

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

from rummy_rules.cli.web import (  # noqa: E402
    MAX_COLUMNS,
    MAX_ROWS,
    InputBudget,
    clamp_size,
    is_loopback,
)
from tests.web_client import Served, games_of, open_pages, wait_until  # noqa: E402

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


# -- names from a page ---------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "/tmp/written_by_a_web_client.jsonl",  # absolute
        "../../x.jsonl",  # relative, climbing
        "..",
        "sub/x.jsonl",  # into a folder
        "..\\x.jsonl",  # a Windows separator
        ".hidden.jsonl",
        "%2e%2e%2fx.jsonl",  # URL-encoded ../
        "x\x00.jsonl",  # NUL
        "x\n.jsonl",  # a control character
        "∕etc∕x",  # a look-alike slash (U+2215)
        "a" * (MAX_NAME + 1),
        "",
        "   ",
    ],
)
def test_a_save_name_from_a_page_that_is_not_a_plain_name_is_refused(tmp_path, name):
    folder = tmp_path / "served"
    folder.mkdir()
    with pytest.raises(OutputError):
        save_path(name, folder)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["served"]


def test_a_save_name_never_follows_a_symbolic_link_out_of_the_folder(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    outside = tmp_path / "outside.jsonl"
    (folder / "link.jsonl").symlink_to(outside)  # dangling: nothing there yet
    (folder / "dir.jsonl").symlink_to(tmp_path)
    for name in ("link.jsonl", "link", "dir.jsonl"):
        with pytest.raises(OutputError, match="already exists"):
            save_path(name, folder)
    assert not outside.exists()


def test_a_plain_save_name_is_a_record_in_the_folder(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    assert save_path("grandma's game", folder) == folder / "grandma's game.jsonl"
    assert save_path("Игра на баба", folder) == folder / "Игра на баба.jsonl"
    assert save_path("Խաղ 2.jsonl", folder) == folder / "Խաղ 2.jsonl"
    assert save_path("  sunday (1).JSONL ", folder) == folder / "sunday (1).JSONL"
    (folder / "taken.jsonl").write_text("")
    with pytest.raises(OutputError, match="already exists"):
        save_path("taken", folder)


def test_a_screen_size_from_a_page_is_capped():
    assert clamp_size("100000", "100000") == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(10**12, 10**12) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size("-5", "x") == (80, 24)
    assert clamp_size(True, None) == (80, 24)
    assert clamp_size("1", "1") == (10, 5)
    assert clamp_size("120", 40) == (120, 40)


def test_keystrokes_from_a_page_are_capped_in_bursts_and_rate():
    budget = InputBudget(burst=100, rate=0)
    assert budget.take(60) and budget.take(40)
    assert not budget.take(1) and budget.dropped == 1


def test_binding_beyond_this_computer_is_warned_about(cli, tmp_path, monkeypatch):
    from rummy_rules.cli.serve_cmd import exposure_warning

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("") and not is_loopback("::")
    assert exposure_warning("127.0.0.1", 8000, tmp_path, 16) is None
    said = exposure_warning("0.0.0.0", 8000, tmp_path, 16)
    assert said is not None
    assert "every network interface" in said and "port 8000" in said and str(tmp_path) in said
    said = exposure_warning("", 9000, tmp_path, 4)
    assert said is not None and "--host ''" in said and "up to 4" in said


# -- through the server ----------------------------------------------------------


def _run(coroutine):  # type: ignore[no-untyped-def]
    return asyncio.run(asyncio.wait_for(coroutine, 120))


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
@linux_only
def test_the_save_dialog_of_a_page_writes_only_inside_the_folder(tmp_path):
    """A page of a game served with --no-save quits, is asked where to save,
    and answers with paths out of the folder (absolute, climbing, into a
    symbolic link): each is refused; a plain name is saved in the folder."""
    folder = tmp_path / "served"
    outside = tmp_path / "outside"
    outside.mkdir()
    folder.mkdir()
    (folder / "escape.jsonl").symlink_to(outside / "via-link.jsonl")
    tries = [
        str(outside / "absolute.jsonl"),
        "../outside/climbing.jsonl",
        "escape.jsonl",
        "%2e%2e%2foutside%2fencoded.jsonl",
    ]

    async def go(served: Served) -> bool:
        async with aiohttp.ClientSession() as client:
            (page,) = await open_pages(client, served.url(), 1)
            assert await _wait_for(lambda: page.saw("Your move") or page.saw("your turn"), 40)
            await page.answer("quit", pause=1.5)
            for attempt in tries:
                await page.answer(attempt)
                assert not page.ws.closed, attempt
            await page.answer("sunday")
            saved = await _wait_for(lambda: (folder / "sunday.jsonl").exists(), 20)
            await page.close()
            return saved

    with Served(
        ["play", "basic-rummy", "--seed", "3", "--bots", "random", "--no-save"],
        options=["--folder", str(folder)],
        cwd=tmp_path,
    ) as served:
        saved = _run(go(served))
    assert saved, served.output
    assert list(outside.iterdir()) == []
    assert sorted(p.name for p in folder.iterdir()) == ["escape.jsonl", "sunday.jsonl"]
    assert not (tmp_path / "absolute.jsonl").exists()


async def _wait_for(check, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.2)
    return True


def _pages_then_close(count: int, tmp_path: Path, *, kill_server: bool) -> tuple[int, list[int]]:
    """Open ``count`` pages at once, wait until each has its game, then close
    them all at once (or SIGKILL the server): the most games seen, and the
    games still running 10 s later."""

    async def go(served: Served) -> int:
        async with aiohttp.ClientSession() as client:
            pages = await open_pages(client, served.url(), count)
            await _wait_for(lambda: len(games_of(served.pid)) >= count, 90)
            seen = len(games_of(served.pid))
            if kill_server:
                served.process.send_signal(signal.SIGKILL)  # type: ignore[union-attr]
            else:
                await asyncio.gather(*(page.close() for page in pages))
            return seen

    with Served(
        ["play", "basic-rummy", "--bots", "random"],
        options=["--max-games", str(count), "--folder", str(tmp_path / "served")],
        cwd=tmp_path,
    ) as served:
        seen = _run(go(served))
        wait_until(lambda: not games_of(served.pid), 10)
        left = games_of(served.pid)
    return seen, left


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
@linux_only
def test_closing_pages_at_once_leaves_no_game_running(tmp_path):
    seen, left = _pages_then_close(6, tmp_path, kill_server=False)
    assert seen == 6 and left == []


@linux_only
def test_killing_the_server_leaves_no_game_running(tmp_path):
    seen, left = _pages_then_close(4, tmp_path, kill_server=True)
    assert seen == 4 and left == []


@linux_only
@pytest.mark.long
def test_closing_fifty_pages_at_once_leaves_no_game_running(tmp_path):
    seen, left = _pages_then_close(50, tmp_path, kill_server=False)
    assert seen == 50 and left == []


@linux_only
@pytest.mark.long
def test_killing_the_server_with_fifty_games_leaves_none(tmp_path):
    seen, left = _pages_then_close(50, tmp_path, kill_server=True)
    assert seen == 50 and left == []


@linux_only
@pytest.mark.long  # a game run up to its memory cap: seconds of CPU; the CI runs it
def test_no_page_makes_a_game_exceed_its_memory_cap(tmp_path):
    """Huge sizes in the websocket's address and in resizes, a flood of keys
    and garbage: the game stays within its cap (and is capped at all), the
    server keeps serving, and the game ends with its page."""
    cap_mib = 512

    async def go(served: Served) -> tuple[list[int], int, bool]:
        async with aiohttp.ClientSession() as client:
            (page,) = await open_pages(client, served.url("width=100000&height=100000"), 1)
            await _wait_for(lambda: bool(games_of(served.pid)), 30)
            games = games_of(served.pid)
            for size in (100000, 2000, 10**9, -1):
                await page.ws.send_json(["resize", {"width": size, "height": size}])
            await page.ws.send_str("not json")
            await page.ws.send_json({"not": "a list"})
            await page.ws.send_json(["stdin", 5])
            await page.ws.send_json(["ping", {"x": 1}])
            await page.ws.send_bytes(b"\x00" * 1000)
            for _ in range(200):  # about 3 MB of keys, far past the budget
                await page.ws.send_json(["stdin", "draw\r" * 3000])
            await asyncio.sleep(6)
            peak = max(_peak_kib(pid) for pid in games) if games else 0
            # The server still serves a new page after all that.
            (other,) = await open_pages(client, served.url(), 1)
            served_again = await _wait_for(lambda: len(games_of(served.pid)) >= 2, 30)
            await page.close()
            await other.close()
            return games, peak, served_again

    with Served(
        ["play", "basic-rummy", "--bots", "random"],
        options=["--memory", str(cap_mib), "--folder", str(tmp_path / "served")],
        cwd=tmp_path,
    ) as served:
        games, peak, served_again = _run(go(served))
        limits = [_address_space_cap(pid) for pid in games]
        gone = wait_until(lambda: not games_of(served.pid), 10)
    assert games and limits == [cap_mib * 1024 * 1024] * len(games)
    assert 0 < peak <= cap_mib * 1024
    assert served_again and gone


def _peak_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmPeak:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _address_space_cap(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max address space"):
                value = line.split()[3]
                return None if value == "unlimited" else int(value)
    except OSError:
        pass
    return None


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
@linux_only
def test_a_second_page_on_one_record_is_refused_and_the_record_stays_whole(tmp_path):
    """serve play --resume R: the first page plays R; a second page is told R
    is in use (on the page, not only on the server's console) and writes
    nothing; R replays."""
    from tests.test_serve import _actions  # reads a record's moves

    record = tmp_path / "game.jsonl"
    from typer.testing import CliRunner

    from rummy_rules.cli.app import app

    # A record to go on with: one move of a game kept in it.
    runner = CliRunner()
    made = runner.invoke(
        app,
        [
            "play",
            "basic-rummy",
            "--plain",
            "--seed",
            "3",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input="draw\nquit\n",
    )
    assert made.exit_code == 0, made.output
    before, _ = _actions(record)

    async def go(served: Served) -> tuple[bool, bool]:
        async with aiohttp.ClientSession() as client:
            (first,) = await open_pages(client, served.url(), 1)
            started = await _wait_for(lambda: first.saw("basic") or len(first.screen) > 5000, 40)
            await asyncio.sleep(2)
            (second,) = await open_pages(client, served.url(), 1)
            told = await _wait_for(lambda: second.saw("open in another game"), 40)
            await second.close()
            await first.close()
            return started, told

    with Served(
        ["play", "--resume", str(record)], options=["--folder", str(tmp_path / "s")], cwd=tmp_path
    ) as served:
        started, told = _run(go(served))
    assert started and told, served.output
    after, _ = _actions(record)
    assert after[: len(before)] == before
    from rummy_rules.sim.records import replay_record

    assert replay_record(record, partial=True).actions > 0


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
@linux_only
def test_a_page_opened_again_goes_on_with_its_game_in_the_same_file(tmp_path):
    """A page plays a draw and is closed; a page opened again is asked on the
    page whether to go on with the game, says y, and plays on: the moves go
    on in the same file of the folder, and no other game is made."""
    from tests.test_serve import _actions  # reads a record's moves

    folder = tmp_path / "served"

    def game_file():  # type: ignore[no-untyped-def]
        files = list(folder.glob("*.jsonl"))
        return files[0] if len(files) == 1 else None

    async def until_played(page, typed: str) -> bool:  # type: ignore[no-untyped-def]
        """Type ``typed`` (a discard: the first listed) until the record shows it."""
        for _ in range(60):
            record = game_file()
            actions, state = _actions(record) if record else ([], None)
            if any(a.startswith(f"p1 {typed}") for a in actions):
                return True
            text = typed
            if typed == "discard" and state is not None:
                text = next(
                    (action_text(a) for a in state.legal_actions() if a.kind == "discard"), ""
                )
            await page.answer(text, pause=1.0)
        return False

    async def go(served: Served) -> tuple[bool, bool, bool, list[str], list[str]]:
        async with aiohttp.ClientSession() as client:
            (first,) = await open_pages(client, served.url(), 1)
            drew = await until_played(first, "draw")
            before, _ = _actions(game_file())
            await first.close()
            (again,) = await open_pages(client, served.url(), 1)
            asked = await _wait_for(lambda: again.saw("An unfinished game of"), 40)
            await again.type("y", pause=1.5)
            discarded = await until_played(again, "discard")
            after, _ = _actions(game_file()) if game_file() else ([], None)
            await again.close()
            return drew, asked, discarded, before, after

    with Served(
        ["play", "basic-rummy", "--bots", "random"],
        options=["--folder", str(folder)],
        cwd=tmp_path,
    ) as served:
        drew, asked, discarded, before, after = _run(go(served))
    assert drew and asked and discarded, served.output
    assert len(list(folder.glob("*.jsonl"))) == 1
    assert after[: len(before)] == before and len(after) > len(before)


def test_a_second_terminal_resuming_one_record_is_refused(tmp_path):
    """Two windows resuming one record: the second is refused at once and the
    first's game goes on, its record intact."""
    import subprocess

    record = tmp_path / "game.jsonl"
    play = [sys.executable, "-m", "rummy_rules", "play", "--plain"]
    subprocess.run(
        [*play, "basic-rummy", "--seed", "3", "--bots", "random", "--record", str(record)],
        input=b"draw\nquit\n",
        capture_output=True,
        check=True,
        timeout=60,
    )
    first = subprocess.Popen(
        [*play, "--resume", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert wait_until(lambda: (tmp_path / ".game.jsonl.lock").exists(), 30)
        second = subprocess.run(
            [*play, "--resume", str(record)], input=b"1\nquit\n", capture_output=True, timeout=60
        )
        assert second.returncode == 1
        assert b"is open in another game" in second.stderr
    finally:
        first.communicate(b"1\nquit\n", timeout=60)
    assert first.returncode == 0
    assert not (tmp_path / ".game.jsonl.lock").exists()
    from rummy_rules.sim.records import replay_record

    assert replay_record(record, partial=True).actions > 0
    os.remove(record)


@linux_only
@pytest.mark.long
def test_the_web_soak_holds(tmp_path):
    """scripts/soak.py --web: hostile pages of every kind against one server."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "soak.py"), "--web", "30", "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every check held" in done.stdout


def test_the_page_sends_a_device_back_to_the_address_it_used(tmp_path):
    """Served on every interface, a tablet opens http://192.168.1.5:PORT: the
    page's websocket and files are at that address (not 0.0.0.0, which it
    cannot reach); a Host header that is not an address is not echoed."""

    async def get(served: Served, host: str) -> str:
        async with aiohttp.ClientSession() as client:
            url = f"http://127.0.0.1:{served.port}/"
            async with client.get(url, headers={"Host": host}) as page:
                return await page.text()

    with Served(
        ["play", "basic-rummy"], options=["--folder", str(tmp_path / "s")], cwd=tmp_path
    ) as served:
        html = _run(get(served, f"192.168.1.5:{served.port}"))
        hostile = _run(get(served, 'x"><script>alert(1)</script>'))
    assert f'data-session-websocket-url="ws://192.168.1.5:{served.port}/ws"' in html
    assert f"http://192.168.1.5:{served.port}/static/js/textual.js" in html
    assert "<script>alert" not in hostile
    assert f"ws://127.0.0.1:{served.port}/ws" in hostile
