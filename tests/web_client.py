"""A bounded loopback client of ``rummy-rules serve``, for the tests and the soak.

It starts a server on a free loopback port, opens pages (websockets) that
answer the server's pings and read what the game draws, types into them,
sends what a hostile page would send, and finds the server's game processes
(by the server pid each carries in its environment), so a test can say
which are still running. Every wait has a deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

from rummy_rules.cli.served import SERVER_ENV


async def raw_page(served: Served, *, silent_for: float) -> None:
    """A page at the socket's level: the websocket handshake, then nothing —
    no answer to pings for ``silent_for`` seconds (a connection that dropped
    without a word), then the socket closed with no close frame."""
    reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
    writer.write(
        b"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        b"Sec-WebSocket-Version: 13\r\n\r\n"
    )
    await writer.drain()
    await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
    await asyncio.sleep(silent_for)
    writer.transport.abort()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def games_of(server_pid: int) -> list[int]:
    """The running (not zombie) processes started for the server ``server_pid``:
    those whose environment names it (they keep it after the server dies)."""
    mark = f"{SERVER_ENV}={server_pid}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry}/environ").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and mark in environ.split(b"\0"):
            found.append(int(entry))
    return found


def wait_until(check: Any, seconds: float, step: float = 0.2) -> bool:
    """Poll ``check()`` until it is true or ``seconds`` pass; its last truth."""
    deadline = time.monotonic() + seconds
    while True:
        if check():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(step)


class Served:
    """``rummy-rules serve ARGS`` on a free loopback port, as a context manager;
    its output is kept in :attr:`output` once it has ended."""

    def __init__(self, args: Sequence[str], *, options: Sequence[str] = (), cwd: Path) -> None:
        self.port = free_port()
        self.args = list(args)
        self.options = list(options)
        self.cwd = cwd
        self.process: subprocess.Popen[bytes] | None = None
        self.output = ""

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def __enter__(self) -> Served:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "rummy_rules",
                "serve",
                "--port",
                str(self.port),
                *self.options,
                *self.args,
            ],
            cwd=self.cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return self
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the server did not start: {self.output}")
            time.sleep(0.2)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """End the server with ``sig`` and keep its output."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            out, _ = self.process.communicate(timeout=30)
            self.output = out.decode("utf-8", "replace")
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        # Whatever a failed test left: no game of this server outlives it.
        for pid in games_of(self.pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def url(self, query: str = "width=120&height=40") -> str:
        return f"ws://127.0.0.1:{self.port}/ws?{query}"


class Page:
    """One open page: a websocket that answers pings and keeps the last
    :data:`KEEP` bytes the game drew (or the close code, when refused)."""

    KEEP = 200_000

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.screen = bytearray()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.screen += message.data
                    del self.screen[: max(0, len(self.screen) - self.KEEP)]

    def saw(self, text: str) -> bool:
        """Whether ``text`` was drawn (escape sequences removed)."""
        import re

        plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(self.screen))
        return text.encode() in plain

    async def type(self, text: str, pause: float = 0.3) -> None:
        await self.ws.send_json(["stdin", text])
        await asyncio.sleep(pause)

    async def answer(self, text: str, pause: float = 1.0) -> None:
        """Clear the focused box (Ctrl-U), type ``text`` and press Enter, each
        sent on its own as a person's keys would be."""
        await self.type("\x15", pause=0.3)
        await self.type(text, pause=0.3)
        await self.type("\r", pause=pause)

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(BaseException):
            await self.reader


async def open_pages(
    session: aiohttp.ClientSession, url: str, count: int, *, timeout: float = 30
) -> list[Page]:
    """``count`` pages of ``url``, opened at once."""
    sockets = await asyncio.gather(
        *(
            session.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_close=timeout))
            for _ in range(count)
        )
    )
    return [Page(ws) for ws in sockets]


#: Save names a hostile page tries in the quit dialog ({trap} is a folder
#: outside the server's, which must stay empty).
HOSTILE_NAMES = (
    "{trap}/absolute.jsonl",
    "../trap/climbing.jsonl",
    "..",
    "../../../../../../../../tmp/deep.jsonl",
    "%2e%2e%2ftrap%2fencoded.jsonl",
    "..%2Ftrap%2Fencoded2.jsonl",
    "trap\\windows.jsonl",
    ".hidden.jsonl",
    "link.jsonl",
    "a" * 300,
    "x\u2215y.jsonl",
    "~/home.jsonl",
    "$HOME.jsonl",
    "`touch {trap}/backtick`.jsonl",
)


async def hostile_page(
    session: aiohttp.ClientSession, served: Served, rng: Any, trap: Path
) -> list[str]:
    """One page that does a random run of what a hostile page can: garbage,
    huge sizes, floods, the save dialog with names out of the folder, an
    abrupt close. What it did, in words (for the soak's report)."""
    query = rng.choice(
        [
            "width=120&height=40",
            "width=100000&height=100000",
            "width=-1&height=abc",
            "width=" + "9" * 50,
            "",
        ]
    )
    did = [f"open ?{query}"]
    try:
        ws = await session.ws_connect(
            served.url(query), timeout=aiohttp.ClientWSTimeout(ws_close=10)
        )
    except (aiohttp.ClientError, OSError) as exc:
        return [*did, f"refused: {exc}"]
    page = Page(ws)
    try:
        for _ in range(rng.randrange(1, 12)):
            if ws.closed:
                did.append("closed by the server")
                break
            choice = rng.randrange(9)
            if choice == 0:
                await ws.send_str(
                    rng.choice(["not json", "[", "{}", "null", '["stdin"]', "[1,2,3]"])
                )
                did.append("garbage text")
            elif choice == 1:
                await ws.send_bytes(
                    bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000)))
                )
                did.append("garbage bytes")
            elif choice == 2:
                size = rng.choice([100000, 10**12, -5, "big", 2000, None])
                await ws.send_json(["resize", {"width": size, "height": size}])
                did.append(f"resize {size}")
            elif choice == 3:
                for _ in range(rng.randrange(10, 200)):
                    await ws.send_json(["stdin", "draw\r" * 2000])
                did.append("flood")
            elif choice == 4:
                await ws.send_str("x" * rng.choice([1000, 70_000, 500_000]))
                did.append("long message")
            elif choice in (5, 6):
                await page.answer("quit", pause=0.8)
                for _ in range(rng.randrange(1, 4)):
                    name = rng.choice(HOSTILE_NAMES).format(trap=trap)
                    await page.answer(name, pause=0.5)
                did.append("save dialog")
            elif choice == 7:
                await ws.send_json(["ping", "x" * rng.randrange(1, 60_000)])
                did.append("big ping")
            else:
                await asyncio.sleep(rng.random() * 2)
                did.append("idle")
        if rng.random() < 0.2:
            await raw_page(served, silent_for=rng.choice([0.0, 1.0, 8.0]))
            did.append("a raw page: silent, then dropped")
    except (aiohttp.ClientError, ConnectionError, RuntimeError) as exc:
        did.append(f"ended: {type(exc).__name__}")
    finally:
        await page.close()
    return did
