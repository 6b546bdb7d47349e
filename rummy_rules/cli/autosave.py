"""Every game of ``play`` is kept: its record is saved as it is played, in the
user's games folder, under a name no other game has; ``play --continue``
goes on with the newest game left unfinished.

The folder is ``$RUMMY_RULES_GAMES`` when set, else ``rummy-rules/games`` in
the user's data folder (``$XDG_DATA_HOME`` or ``~/.local/share``; Application
Support on macOS, ``%APPDATA%`` on Windows). A game served to a web page
(``rummy-rules serve``) is kept in the server's folder instead, and a page
opened again (a reload, a new tab) is offered the newest unfinished game that
no other page has open.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

__all__ = [
    "SavedGame",
    "games_folder",
    "in_use",
    "new_game_path",
    "unfinished_games",
    "user_data_folder",
]

#: The environment variable that moves the games folder.
GAMES_ENV = "RUMMY_RULES_GAMES"

#: How many of the newest saved games are looked at for unfinished ones.
LOOKED_AT = 50


def user_data_folder() -> Path:
    """The user's data folder for rummy-rules (``…/rummy-rules``)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "rummy-rules"


def games_folder() -> Path:
    """Where ``play`` saves its games (see the module's docstring)."""
    chosen = os.environ.get(GAMES_ENV)
    return Path(chosen) if chosen else user_data_folder() / "games"


def new_game_path(
    variant_id: str, now: datetime | None = None, *, folder: Path | None = None
) -> Path:
    """A new file in ``folder`` (default :func:`games_folder`) for a game of
    ``variant_id``, named by the variant and the time
    (``gin-2026-12-06-221500.jsonl``, then ``…-2.jsonl``): created empty at
    once, so that no other game takes the name."""
    folder = folder or games_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{variant_id}-{stamp}{suffix}.jsonl"
        try:
            with path.open("x", encoding="utf-8"):
                return path
        except FileExistsError:
            number += 1


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in the games folder that has not ended."""

    path: Path
    variant_id: str
    name: str
    saved: datetime
    """When its record was last written."""


def unfinished_games(
    variant_id: str | None = None, *, folder: Path | None = None, free: bool = False
) -> list[SavedGame]:
    """The games in ``folder`` (default :func:`games_folder`) that have not
    ended (of ``variant_id`` only, when given), newest first; among the newest
    :data:`LOOKED_AT` files. ``free``: only those no game has open now (in a
    terminal or a web page)."""
    folder = folder or games_folder()
    try:
        files = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found = []
    for path in files[:LOOKED_AT]:
        game = _unfinished(path)
        if game is None or (variant_id is not None and game.variant_id != variant_id):
            continue
        if not free or not in_use(path):
            found.append(game)
    return found


def in_use(path: Path) -> bool:
    """Whether a game (in this or another process) has the record at ``path``
    open: it holds the record's claim (:class:`~rummy_rules.fsutil.FileLock`)."""
    from ..fsutil import FileLock, LockedError, OutputError

    claim = FileLock(path, "")
    try:
        claim.acquire()
    except LockedError:
        return True
    except OutputError:
        return False  # the folder cannot be locked in: nobody holds it either
    claim.release()
    return False


def _unfinished(path: Path) -> SavedGame | None:
    try:
        text = path.read_text(encoding="utf-8")
        header = json.loads(text.partition("\n")[0])
        saved = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, UnicodeDecodeError, ValueError):
        return None  # not a record (or not readable): not offered
    if not isinstance(header, dict) or header.get("record") != "rummy-rules game":
        return None
    if '\n{"game_end"' in text:  # the line that ends the game (the header's rules hold the key too)
        return None
    variant = header.get("variant")
    name = variant.get("name") if isinstance(variant, dict) else None
    ident = str(header.get("variant_id") or "")
    return SavedGame(path, ident, str(name or ident), saved)
