"""A game served to a web page by ``rummy-rules serve``: what the page may do.

Whoever can reach the server's port plays the page, so a served game (a
``play`` or ``watch`` process that ``serve`` starts for one page, told so by
the environment variables below) holds itself to these rules:

* **it writes only inside the server's folder**: a name the page gives to
  save a game is a file *name*, never a path (:func:`save_path`): no folder
  separators, no ``..``, no hidden or control characters, and nothing that
  is already there (a file, a folder or a symbolic link) is replaced;
* **it ends with its server**, whatever ends the server (SIGKILL included):
  on Linux the kernel signals it when its parent dies, and on every system a
  watcher thread sees its parent change (:func:`enter_served`);
* **its memory is capped** (``RLIMIT_AS``): no message from a page can make
  it take the machine's memory; past the cap it fails, alone.

The server (``rummy_rules.cli.web``) sets the variables; a game started any
other way has none of them and none of these limits.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from ..fsutil import OutputError

__all__ = [
    "FOLDER_ENV",
    "MAX_NAME",
    "MEMORY_ENV",
    "SERVER_ENV",
    "enter_served",
    "free_save_name",
    "save_path",
    "served_folder",
    "show_error_page",
]

#: The folder a served game may write in (absolute), set by the server.
FOLDER_ENV = "RUMMY_RULES_SERVE_FOLDER"
#: The most bytes of address space a served game may take.
MEMORY_ENV = "RUMMY_RULES_SERVE_MEMORY"
#: The server's process id: a served game ends when its parent is no longer it.
SERVER_ENV = "RUMMY_RULES_SERVER_PID"

#: The longest save name a page may give, in characters.
MAX_NAME = 80

#: Characters a save name may hold besides letters and digits (of any script).
_NAME_PUNCTUATION = frozenset(" -_.,()+'")

#: How often the watcher looks at its parent, in seconds.
_WATCH_EVERY = 0.5


def served_folder() -> Path | None:
    """The server's folder when this process is a served game, else ``None``."""
    folder = os.environ.get(FOLDER_ENV)
    return Path(folder) if folder else None


def save_path(name: str, folder: Path) -> Path:
    """The file in ``folder`` that a page's save name ``name`` stands for.

    ``name`` is a file name, not a path: letters and digits of any script,
    spaces and ``-_.,()+'``, at most :data:`MAX_NAME` characters, not starting
    with a dot; ``.jsonl`` is added when it does not end with it. Raises
    :class:`OutputError` (with a message for the page) when the name is not
    one, or when anything is already there: a served game never replaces a
    file, and never follows a symbolic link.
    """
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise OutputError("give a file name")
    if len(name) > MAX_NAME:
        raise OutputError(f"the name is too long: at most {MAX_NAME} characters")
    if "/" in name or "\\" in name or (os.altsep and os.altsep in name):
        raise OutputError(
            "give a file name, not a path: a game saved from this page is kept in "
            "the server's folder"
        )
    if name.startswith("."):
        raise OutputError("a file name may not start with a dot")
    odd = sorted({c for c in name if not (c.isalnum() or c in _NAME_PUNCTUATION)})
    if odd:
        shown = " ".join(repr(c) for c in odd[:5])
        raise OutputError(
            f"a file name may hold letters, digits, spaces and - _ . , ( ) + ' only, not {shown}"
        )
    if not name.lower().endswith(".jsonl"):
        name += ".jsonl"
    path = folder / name
    # Checked by the folder the path resolves into, not by the text alone.
    if path.parent.resolve() != folder.resolve():
        raise OutputError("give a file name, not a path")
    if os.path.lexists(path):
        raise OutputError(f"{name} already exists in the server's folder: choose another name")
    return path


def free_save_name(stem: str, folder: Path) -> str:
    """The first name like ``stem.jsonl``, ``stem-2.jsonl`` … free in ``folder``."""
    for number in range(1, 100_000):
        name = f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl"
        if not os.path.lexists(folder / name):
            return name
    raise OutputError(f"no free name like {stem}.jsonl in the server's folder")


def enter_served() -> None:
    """Take on a served game's limits, when the environment says this process is one.

    The memory cap (``RLIMIT_AS``), then the end with the server: a parent-death
    signal on Linux, and a watcher thread everywhere that ends the process
    when its parent is no longer the server (checked every half second). Does
    nothing for a game started from a terminal.
    """
    if served_folder() is None:
        return
    _cap_memory(os.environ.get(MEMORY_ENV, ""))
    server = os.environ.get(SERVER_ENV, "")
    if not server.isdigit():
        return
    parent = int(server)
    _die_with_parent()
    if os.getppid() != parent:  # the server ended before the signal was asked for
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="serve-watch").start()


def _cap_memory(value: str) -> None:
    if not value.isdigit():
        return
    try:
        import resource
    except ImportError:  # not on this system (Windows): the server's screen cap still holds
        return
    cap = int(value)
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _die_with_parent() -> None:
    """Linux: ask the kernel to send SIGKILL when the parent process ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watcher thread still ends the process


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_EVERY)
    os._exit(1)  # the page is gone with the server: nothing on screen to restore


def show_error_page(lines: Sequence[str]) -> None:
    """Show a served command's error on its page (the page would otherwise wait
    for a game that never starts), until the page closes or a key is pressed."""
    try:
        from textual.app import App, ComposeResult
        from textual.widgets import Static
    except ImportError:
        return

    text = "\n".join(lines)

    class ErrorPage(App[None]):
        CSS = "Static { margin: 1 2; }"

        def compose(self) -> ComposeResult:
            yield Static(text + "\n\nClose this page, or press any key.", markup=False)

        def on_key(self) -> None:
            self.exit()

    ErrorPage().run()
