"""rummy-rules serve: play in a web browser through textual-serve. The test is
the browser: it loads the page over HTTP, opens the app's websocket, types a
turn, and reads the game's record."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time

import pytest

from rummy_rules.engine.actions import action_text

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _actions(path):
    from rummy_rules.sim.records import load_game

    if not path.exists():
        return [], None
    loaded = load_game(path, game=1)
    log = loaded.state.log
    return [f"p{e['seat'] + 1} {e['action']}" for e in log if "action" in e], loaded.state


async def _play_a_turn(port: int, record) -> tuple[int, str, list[str]]:
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as client:
        deadline = time.monotonic() + 30
        while True:
            try:
                async with client.get(base + "/") as page:
                    status, html = page.status, await page.text()
                break
            except aiohttp.ClientError:
                assert time.monotonic() < deadline, "the server did not start"
                await asyncio.sleep(0.2)
        async with client.ws_connect(f"ws://127.0.0.1:{port}/ws?width=120&height=40") as ws:

            async def drain() -> None:
                async for _ in ws:
                    pass

            reading = asyncio.create_task(drain())
            # Type "draw" until the record shows it (the app takes a moment to
            # start; a draw typed again afterwards is refused and not recorded).
            for typed in ("draw", "discard"):
                while True:
                    actions, state = _actions(record)
                    if any(a.startswith(f"p1 {typed}") for a in actions):
                        break
                    assert time.monotonic() < deadline + 30, (typed, actions)
                    if typed == "draw":
                        text = "draw"
                    else:
                        text = next(
                            action_text(a) for a in state.legal_actions() if a.kind == "discard"
                        )
                    await ws.send_json(["stdin", text + "\r"])
                    await asyncio.sleep(1.0)
            reading.cancel()
    return status, html, actions


def test_a_browser_plays_a_turn_through_the_served_app(tmp_path):
    port = _free_port()
    record = tmp_path / "served.jsonl"
    args = ["play", "basic-rummy", "--seed", "3", "--bots", "random", "--record", str(record)]
    server = subprocess.Popen(
        [sys.executable, "-m", "rummy_rules", "serve", "--port", str(port), *args],
        cwd=tmp_path,  # its pages' folder (served-games) is made here, not in the checkout
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        status, html, actions = asyncio.run(_play_a_turn(port, record))
    finally:
        server.terminate()
        server.communicate(timeout=20)
    assert status == 200 and f"ws://127.0.0.1:{port}/ws" in html
    mine = [a for a in actions if a.startswith("p1 ")]
    assert mine[:1] == ["p1 draw"] and mine[1].startswith("p1 discard ")


def test_serve_says_what_to_serve(cli):
    result = cli("serve")
    assert result.exit_code == 2 and "play VARIANT" in result.stderr
    result = cli("serve", "play", "contract", "--plain")
    assert result.exit_code == 2 and "--plain" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("play", "nosuch"), 1, "no variant with id 'nosuch'"),
        (("play", "contract", "--seat", "7"), 2, "there are 4 seats"),
        (("play", "contract", "--bots", "nosuch"), 2, "nosuch"),
        (("play", "contract", "--bogus"), 2, "No such option: --bogus"),
        (("play", "contract", "--set", "deck.jokers=x"), 1, "deck.jokers"),
        (("play", "--resume", "nothing-here.jsonl"), 1, "cannot read the record"),
        (("play", "contract", "--continue"), 2, "does not go on with this machine's saved games"),
        (("watch", "nothing-here.jsonl"), 1, "cannot read the record"),
    ],
)
def test_serve_checks_the_served_command_before_listening(cli, args, code, says):
    # Each is refused at once, as the command itself would refuse it: the
    # server never starts (it would not return).
    result = cli("serve", *args)
    assert result.exit_code == code and says in result.stderr, result.stderr
    if code == 2:  # a usage error shows the served command's usage line
        assert f"Usage: rummy-rules serve {args[0]} [OPTIONS]" in result.stderr, result.stderr
