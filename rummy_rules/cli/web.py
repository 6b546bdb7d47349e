"""The web server behind ``rummy-rules serve``: textual-serve's server, made
safe to open to a network.

A page that opens the server's address gets its own game: one ``play`` (or
``watch``) process, started with :mod:`rummy_rules.cli.served`'s limits.
Whoever reaches the port is a stranger, so the server holds every game to:

* **one folder**: the game writes only there (a save name from the page is a
  file name in it, see :func:`~rummy_rules.cli.served.save_path`);
* **a bounded screen and a bounded input**: the page's screen size is capped
  at :data:`MAX_COLUMNS` × :data:`MAX_ROWS`, its keystrokes at
  :data:`INPUT_BURST` bytes at once and :data:`INPUT_RATE` a second
  (the rest is dropped), a message at :data:`MAX_MESSAGE` bytes, and a
  message that is not one of the page's own is ignored;
* **a bounded memory** (``--memory``, the game's address space) and a
  bounded number of games at once (``--max-games``; a page past it is
  told so and closed);
* **no game outlives its page or its server**: when a page closes or its
  connection drops (a heartbeat every :data:`HEARTBEAT` seconds finds a dead
  one), the game is asked to quit, then ended with its whole process group;
  when the server ends by a signal, every game ends with it (SIGKILL too:
  the games watch their parent).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import re
import shlex
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .served import FOLDER_ENV, MEMORY_ENV, SERVER_ENV

__all__ = [
    "HEARTBEAT",
    "INPUT_BURST",
    "INPUT_RATE",
    "MAX_COLUMNS",
    "MAX_MESSAGE",
    "MAX_ROWS",
    "GameServer",
    "GameService",
    "InputBudget",
    "clamp_size",
    "is_loopback",
]

log = logging.getLogger("textual-serve")

#: The widest and tallest screen a page may ask for, in character cells (a
#: 4K display at a small font); a larger size is taken as this one.
MAX_COLUMNS = 400
MAX_ROWS = 150
#: The smallest: a page cannot ask for less (the game then says it is too small).
MIN_COLUMNS = 10
MIN_ROWS = 5

#: The largest websocket message accepted from a page, in bytes.
MAX_MESSAGE = 64 * 1024
#: Keystrokes a page may send at once, in bytes, and per second after that.
INPUT_BURST = 16 * 1024
INPUT_RATE = 4 * 1024
#: Seconds between the server's pings; a page that does not answer is closed.
HEARTBEAT = 5.0
#: Seconds a game has to quit by itself after its page closes, then to end
#: after SIGTERM, before SIGKILL.
QUIT_GRACE = 2.0
TERM_GRACE = 1.0


def clamp_size(width: Any, height: Any, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """A page's screen size as the game will get it: numbers within the caps
    (anything that is not a whole number is the default)."""

    def number(value: Any, fallback: int, low: int, high: int) -> int:
        if isinstance(value, bool):
            return fallback
        if isinstance(value, str):
            value = value.strip()
            if not value.isdigit() or len(value) > 9:
                return fallback
            value = int(value)
        if not isinstance(value, int):
            return fallback
        return max(low, min(high, value))

    return (
        number(width, default[0], MIN_COLUMNS, MAX_COLUMNS),
        number(height, default[1], MIN_ROWS, MAX_ROWS),
    )


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` reaches this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # '' and host names: every interface, or one we cannot tell


class InputBudget:
    """How many bytes of keystrokes a page may send now: :data:`INPUT_BURST` at
    once, refilled at :data:`INPUT_RATE` a second (a token bucket)."""

    def __init__(self, burst: int = INPUT_BURST, rate: int = INPUT_RATE) -> None:
        self.burst = burst
        self.rate = rate
        self.left = float(burst)
        self.at = time.monotonic()
        #: Bytes dropped so far.
        self.dropped = 0

    def take(self, size: int) -> bool:
        """Spend ``size`` bytes if the budget has them; ``False`` (dropped) if not."""
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if size > self.left:
            self.dropped += size
            return False
        self.left -= size
        return True


def _signal_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the process group led by ``pid`` (the game and anything
    it started); where there are no groups, to the process alone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if hasattr(os, "killpg"):
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)


class GameService(AppService):
    """One page's game: ``argv`` run directly (no shell), in a process group of
    its own, with ``environment`` added to textual-serve's."""

    def __init__(self, argv: Sequence[str], environment: dict[str, str], **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = list(argv)
        self.environment = environment

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width=width, height=height)
        env.update(self.environment)
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
        )
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        """The game's process id (``None`` before it starts)."""
        return None if self._process is None else self._process.pid

    async def stop(self) -> None:
        """Ask the game to quit; end it (its whole process group) if it has not
        within :data:`QUIT_GRACE` seconds. Safe to call more than once."""
        task = self._task
        if task is not None and task.done():
            self._task = None
        try:
            await asyncio.wait_for(super().stop(), QUIT_GRACE)
        except (TimeoutError, asyncio.CancelledError, OSError):
            self._task = None
        finally:
            await self.end()

    async def end(self) -> None:
        """End the game's process group now: SIGTERM, then SIGKILL after
        :data:`TERM_GRACE` seconds; wait until the game is gone."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            _signal_group(process.pid, signal.SIGTERM)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), TERM_GRACE)
        # The group too: a game that quit may have left something behind.
        _signal_group(process.pid, signal.SIGKILL)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), TERM_GRACE)

    def kill_now(self) -> None:
        """End the game's process group at once (the server is going)."""
        if self._process is not None:
            _signal_group(self._process.pid, signal.SIGKILL)


class GameServer(Server):
    """textual-serve's server with the limits the module describes.

    ``argv``: the command each page runs; ``folder``: the one folder pages
    may write in; ``max_games``: games at once; ``memory``: bytes of address
    space each game may take.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        folder: Path,
        host: str,
        port: int,
        title: str,
        max_games: int,
        memory: int,
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=title)
        self.argv = list(argv)
        self.folder = folder
        self.max_games = max_games
        self.memory = memory
        self.games: set[GameService] = set()
        #: What the server says at start: the lines after the address.
        self.banner: list[str] = []

    def environment(self) -> dict[str, str]:
        """What each game is told: the folder, its memory cap, the server's pid."""
        return {
            FOLDER_ENV: str(self.folder),
            MEMORY_ENV: str(self.memory),
            SERVER_ENV: str(os.getpid()),
        }

    async def on_startup(self, app: web.Application) -> None:
        served = " ".join(self.argv[3:])
        if self.host in ("", "0.0.0.0", "::"):
            here = f"http://127.0.0.1:{self.port}"
            there = f"http://{_network_address()}:{self.port}"
            self.console.print(
                f"Serving {served} on {here} (from another device: {there})", markup=False
            )
        else:
            self.console.print(f"Serving {served} on {self.public_url}", markup=False)
        for line in self.banner:
            self.console.print(line, markup=False, highlight=False)
        self.console.print("Press Ctrl-C to stop.", markup=False)

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(game.stop() for game in list(self.games)), return_exceptions=True)

    def kill_all(self) -> None:
        """End every game at once (the server's last act, whatever ended it)."""
        for game in list(self.games):
            game.kill_now()

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, its links made from the address the browser used (so a
        device on the network that opened http://192.168.1.5:8000 is sent
        there, not to the listening address 0.0.0.0)."""
        import aiohttp_jinja2

        host = request.host if _HOST.fullmatch(request.host or "") else f"127.0.0.1:{self.port}"
        base = f"{request.scheme}://{host}"
        websocket = ("wss" if request.scheme == "https" else "ws") + f"://{host}/ws"
        context = {
            "font_size": _font_size(request.query.get("fontsize", "16")),
            "app_websocket_url": websocket,
            "config": {"static": {"url": base + "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's game, from its websocket's opening to its closing."""
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))
        await websocket.prepare(request)
        if len(self.games) >= self.max_games:
            log.warning("refused a page: %d games are running (--max-games)", len(self.games))
            await websocket.close(code=1013, message=b"too many games at once: try again later")
            return websocket
        game = GameService(
            self.argv,
            self.environment(),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games.add(game)
        try:
            await game.start(width, height)
            await self._relay(websocket, game)
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # a page's misbehaviour ends its own game only
            log.warning("a page's game ended: %s", exc)
        finally:
            # Shielded: the game ends even when this handler is being cancelled.
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.shield(game.stop())
            self.games.discard(game)
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, game: GameService) -> None:
        """The page's messages to the game: only the page's own kinds, checked."""
        budget = InputBudget()
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind = envelope[0]
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                raw = data.encode("utf-8", "replace")
                if budget.take(len(raw)):
                    await game.send_bytes(raw)
            elif kind == "resize" and isinstance(data, dict):
                width, height = clamp_size(data.get("width"), data.get("height"))
                await game.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, (str, int, float)):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

    def serve(self, debug: bool = False) -> None:
        """Serve until a signal ends the server; every game ends with it."""
        try:
            super().serve(debug=debug)
        finally:
            self.kill_all()


#: What a Host header may hold for the page's links to be made from it.
_HOST = re.compile(r"[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")


def _network_address() -> str:
    """This computer's address on its network, as another device would use it
    (the one its default route goes out from; no packet is sent)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent to
            return str(probe.getsockname()[0])
    except OSError:
        return "THIS-COMPUTER'S-ADDRESS"


def _font_size(text: str) -> int:
    return int(text) if text.isdigit() and 6 <= int(text) <= 64 else 16
