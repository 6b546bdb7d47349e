"""Writing files safely: an interrupted run never leaves half a file over a good one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, TextIO, cast

__all__ = ["atomic_open", "atomic_write_bytes", "atomic_write_text", "check_writable"]


def _umask_mode() -> int:
    """The mode a plain ``open()`` would give a new file (temporary files get 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def check_writable(path: Path) -> None:
    """Raise :class:`OSError` now if ``path`` could not be written later.

    Creates and removes a temporary file beside it, so a long run does not
    find out at the end that its output directory is missing or read-only.
    """
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a directory")
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    os.close(fd)
    os.unlink(tmp)


@contextlib.contextmanager
def _atomic(path: Path, binary: bool) -> Iterator[IO[Any]]:
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        fh: IO[Any] = (
            os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        )
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _umask_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[TextIO]:
    """A text file to stream into; it replaces ``path`` only when the block ends normally.

    If the block raises, the temporary file is removed and ``path`` is untouched.
    """
    with _atomic(path, binary=False) as fh:
        yield cast(TextIO, fh)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and an atomic rename."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and an atomic rename."""
    with _atomic(path, binary=True) as fh:
        fh.write(data)
