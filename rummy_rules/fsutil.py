"""Writing files safely.

Every command that writes a file goes through :func:`prepare_output` first
and then writes with :func:`atomic_open`, :func:`atomic_write_text` or
:func:`atomic_write_bytes`:

* only a regular file is written: a directory, device, pipe or socket at the
  path is refused, as is a path whose folder does not exist;
* a symbolic link is followed: its target is replaced (atomically, in the
  target's folder) and the link stays a link;
* an existing file is replaced only when it is empty or is an earlier output
  of the same kind written by rummy-rules (it carries our mark), unless the
  user says ``--force``: nobody loses their notes to a mistyped ``-o``;
* game records are never replaced without ``--force``, not even an earlier
  record: a played game cannot be made again (:func:`free_name` gives a new
  name for a save), and a read-only file is never replaced without it;
* the new content goes to a temporary file beside the target and is renamed
  over it only once complete, so an interrupted run never leaves half a file
  over a good one;
* a file that one run keeps writing (a played game's record, a simulation's
  records) is locked for that run (:class:`FileLock`): a second run that
  would write it is refused instead of overwriting the first's.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal, TextIO, cast

from .errors import RummyRulesError

__all__ = [
    "GENERATOR_MARK",
    "FileLock",
    "LockedError",
    "OutputError",
    "OutputKind",
    "atomic_open",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_writable",
    "distinct_outputs",
    "free_name",
    "is_our_output",
    "lock_open_file",
    "prepare_output",
]

#: What a file of each output kind holds.
OutputKind = Literal["records", "html", "md", "txt", "pdf", "schema", "variant", "checkpoint"]

#: The words every rendered output carries (an HTML ``generator`` meta, a
#: Markdown comment, a closing line of text, the PDF's creator).
GENERATOR_MARK = "rummy-rules"

_KIND_WORDS: dict[str, str] = {
    "records": "a game record",
    "html": "an HTML file",
    "md": "a Markdown file",
    "txt": "a text file",
    "pdf": "a PDF",
    "schema": "a JSON Schema",
    "variant": "a variant file",
}


class OutputError(RummyRulesError, OSError):
    """An output path that cannot or must not be written."""


def _umask_mode() -> int:
    """The mode a plain ``open()`` would give a new file (temporary files get 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _target(path: Path) -> Path:
    """The file a write to ``path`` lands in: a symbolic link's final target."""
    return Path(os.path.realpath(path))


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _stat(target: Path, shown: str) -> os.stat_result | None:
    """The target's status, ``None`` when nothing is there yet."""
    try:
        return target.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None


def _head_tail(path: Path, size: int = 65536) -> tuple[bytes, bytes]:
    with path.open("rb") as fh:
        head = fh.read(size)
        fh.seek(0, os.SEEK_END)
        end = fh.tell()
        fh.seek(max(0, end - size))
        tail = fh.read(size)
    return head, tail


def is_our_output(path: Path, kind: OutputKind) -> bool:
    """True when the regular file at ``path`` is an output of ``kind`` written by us.

    Each kind carries a mark: a record starts with its header, HTML has a
    ``generator`` meta, Markdown ends with a comment, text with a closing line,
    a PDF names us as its creator, a schema describes our variant files.
    """
    head, tail = _head_tail(path)
    mark = GENERATOR_MARK.encode()
    if kind == "records":
        return head.startswith(b'{"record":"rummy-rules game"')
    if kind == "html":
        return b'<meta name="generator" content="rummy-rules' in head
    if kind == "md":
        return b"<!-- written by rummy-rules" in tail
    if kind == "txt":
        return b"Written by rummy-rules" in tail
    if kind == "pdf":
        return head.startswith(b"%PDF") and b"/ID [(rummy-rules)" in tail
    if kind == "schema":
        return b'"$schema"' in head and mark in head
    if kind == "checkpoint":
        return head.startswith(b'{"checkpoint": "rummy-rules sweep checkpoint"')
    return False  # a variant file is the user's own: only --force replaces it


def prepare_output(path: Path, kind: OutputKind, *, force: bool = False) -> Path:
    """Check that ``path`` may be written as an output of ``kind``; raise :class:`OutputError`.

    Returns the path actually written (a symbolic link's target). Checks,
    before any work is done: the folder exists and is writable, the path is
    not a directory, device, pipe or socket, and an existing non-empty file
    is an earlier output of the same kind (or ``force`` is given).
    """
    path = Path(path)
    target = _target(path)
    shown = str(path)
    folder = _folder(target)
    if not folder.is_dir():
        raise OutputError(f"cannot write {shown}: the folder {folder} does not exist")
    info = _stat(target, shown)
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(f"cannot write {shown}: it is a directory; name a file in it")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(
                f"cannot write {shown}: it is not a regular file (a device, pipe or socket); "
                "name a file instead"
            )
        if info.st_size and not force:
            try:
                ours = is_our_output(target, kind)
            except OSError as exc:
                raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
            if ours and kind == "records":
                raise OutputError(
                    f"{shown} already holds a game record: give --force to replace it, or "
                    "choose another name (a played game cannot be made again)"
                )
            if not ours and kind == "variant":
                raise OutputError(f"{shown} already exists: give --force to replace it")
            if not ours:
                raise OutputError(
                    f"{shown} already exists and is not {_KIND_WORDS[kind]} written by "
                    "rummy-rules: give --force to replace it, or choose another name"
                )
        read_only = not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
        if not force and (read_only or not os.access(target, os.W_OK)):
            raise OutputError(
                f"{shown} is read-only: give --force to replace it, or choose another name"
            )
    try:
        check_writable(target)
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    return target


def free_name(path: Path) -> Path:
    """``path`` if nothing is there yet, else the first free ``stem-2.ext``, ``stem-3.ext``, ...

    The default name of a saved game: an earlier save is never replaced.
    """
    path = Path(path)
    if not os.path.lexists(path):
        return path
    for number in range(2, 100_000):
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise OutputError(f"no free name like {path} in {_folder(path)}")


def distinct_outputs(*paths: tuple[str, Path | None]) -> None:
    """Refuse two outputs of one command that name the same file.

    Each item pairs the option's name with its path (``None`` when not given).
    """
    seen: dict[Path, str] = {}
    for option, path in paths:
        if path is None:
            continue
        target = _target(Path(path))
        if target in seen:
            raise OutputError(
                f"{seen[target]} and {option} name the same file ({path}): "
                "each output needs its own"
            )
        seen[target] = option


def check_writable(path: Path) -> None:
    """Raise :class:`OSError` now if ``path`` could not be written later.

    Creates and removes a temporary file beside it, so a long run does not
    find out at the end that its output directory is missing or read-only.
    """
    path = _target(Path(path))
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a directory")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=_folder(path))
    os.close(fd)
    os.unlink(tmp)


@contextlib.contextmanager
def _atomic(path: Path, binary: bool) -> Iterator[IO[Any]]:
    target = _target(Path(path))
    info = _stat(target, str(path))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OutputError(f"cannot write {path}: it is not a regular file")
    mode = stat.S_IMODE(info.st_mode) if info is not None else _umask_mode()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=_folder(target))
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        fh: IO[Any] = (
            os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        )
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[TextIO]:
    """A text file to stream into; it replaces ``path`` only when the block ends normally.

    If the block raises, the temporary file is removed and ``path`` is untouched.
    A symbolic link at ``path`` is followed: its target is replaced.
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


class LockedError(OutputError):
    """A file another rummy-rules run holds (see :class:`FileLock`)."""


#: Where a Windows lock is taken: one byte far past any file's end, so that
#: the lock (mandatory on Windows) never covers a byte anyone reads.
WINDOWS_LOCK_AT = 0x7FFF_FFF0


def lock_open_file(fd: int, message: str) -> None:
    """Lock the open file ``fd`` for this process alone; raise :class:`LockedError`
    with ``message`` if another holds it.

    ``flock`` where the system has it; on Windows, ``msvcrt.locking`` of one
    byte past the end. The lock lasts until the file is closed (or the
    process ends, however it ends)."""
    if sys.platform == "win32":
        import msvcrt

        where = os.lseek(fd, 0, os.SEEK_CUR)
        os.lseek(fd, WINDOWS_LOCK_AT, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            raise LockedError(message) from None
        finally:
            os.lseek(fd, where, os.SEEK_SET)
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise LockedError(message) from None


class FileLock:
    """This process's claim on ``path``, a file it keeps writing by atomic
    renames (each rename makes a new file, so the lock cannot be on the file
    itself): a lock on a hidden file beside it, ``.NAME.lock``.

    :meth:`acquire` raises :class:`LockedError` (with ``message``) while
    another process holds it; the lock file is removed by :meth:`release`,
    and a lock left by a process that was killed is free again (the system
    drops a dead process's locks). A symbolic link is locked at its target.
    """

    def __init__(self, path: Path, message: str) -> None:
        target = _target(Path(path))
        #: The lock file.
        self.path = _folder(target) / f".{target.name}.lock"
        self.message = message
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> FileLock:
        """Take the lock (once); raise :class:`LockedError` if another holds it."""
        if self._fd is not None:
            return self
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as exc:
                raise OutputError(f"cannot lock {self.path}: {exc.strerror or exc}") from None
            try:
                lock_open_file(fd, self.message)
                # A holder that released between our open and our lock removed
                # the file we locked: lock the one now at the path instead.
                if _same_file(os.fstat(fd), self.path):
                    self._fd = fd
                    return self
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)

    def release(self) -> None:
        """Give the lock up and remove the lock file (nothing if not held)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(fd)

    def __enter__(self) -> FileLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _same_file(info: os.stat_result, path: Path) -> bool:
    try:
        now = os.stat(path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino)
