"""Pieces shared by ``simulate`` and ``compare``: their options, the checks made
before any game is played, the records file, progress and how a run ends."""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import StopSignals, error, note

__all__ = [
    "BotsOption",
    "GamesOption",
    "PlayersOption",
    "PrecisionOption",
    "RecordFile",
    "RecordsOption",
    "ReportOption",
    "Run",
    "SeedOption",
    "WorkersOption",
    "bot_list",
    "check_outputs",
    "check_playable",
    "command_line",
    "finish",
    "games_and_precision",
    "progress",
    "report_errors",
    "running",
    "worker_count",
]

GamesOption = Annotated[
    str,
    typer.Option(
        "--games",
        "-n",
        metavar="N|auto",
        help=(
            "How many games to play, or auto (the default): play in batches of 100 until "
            "the headline figures are as precise as --precision asks (at least 200 games, "
            "at most 5000), and say why it stopped."
        ),
    ),
]
PrecisionOption = Annotated[
    float,
    typer.Option(
        "--precision",
        min=0.1,
        max=50,
        metavar="POINTS",
        help=(
            "With --games auto: the half-width of the 95% intervals to reach, in "
            "percentage points for rates (win rates) and percent of the figure for means "
            "(deal lengths). Smaller is more precise and slower."
        ),
    ),
]


RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        metavar="FILE",
        help="Write every game's record (JSON Lines, one game after another, each added "
        "as it ends); `rummy-rules replay FILE` verifies them.",
    ),
]
ReportOption = Annotated[
    Path | None,
    typer.Option(
        "--report",
        metavar="FILE.html",
        help='Write an HTML report with charts (needs: pip install "rummy-rules[report]").',
    ),
]


def games_and_precision(text: str, precision: float) -> tuple[int, Any]:
    """(games or cap, Precision or None) from --games N|auto."""
    from ..sim.simulate import AUTO_CAP, Precision

    if text.strip().lower() == "auto":
        share = precision / 100
        return AUTO_CAP, Precision(rate=share, relative=share)
    try:
        games = int(text)
    except ValueError:
        raise typer.BadParameter(
            f"'{text}' is not a number of games or auto", param_hint="'--games'"
        ) from None
    if games < 1:
        raise typer.BadParameter("play at least one game", param_hint="'--games'")
    if games > MAX_GAMES:
        raise typer.BadParameter(
            f"at most {MAX_GAMES:,} games in one run (run again with another --seed for more)",
            param_hint="'--games'",
        )
    return games, None


#: The most games one run plays (per side or combination): about a day of
#: Contract Rummy on one core, and a plan that fits in memory.
MAX_GAMES = 1_000_000


PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", min=2, help="Players (default: the variant's best or fewest)."),
]
BotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        metavar="BOTS",
        help=(
            "Bots by seat, comma-separated and repeated to fill the table: random, greedy, "
            "greedy with a personality (greedy:buy=eager:down=late; buy=eager|normal|"
            "reluctant|never, take=eager|normal|never, down=early|late, "
            "slip=never|sometimes|often), tuned (greedy with "
            "weights tuned by self-play), search (rollouts "
            "of the deal; search:samples=16:width=4:depth=N:seconds=S), a level (easy, medium, hard), "
            "or your own class as module:Class or file.py:Class (see docs/bots.md)."
        ),
    ),
]
SeedOption = Annotated[
    int, typer.Option("--seed", help="Master seed: the same seed gives the same games.")
]
WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers", "-w", min=1, help="Processes to play in (results do not depend on it)."
    ),
]

TurnCapOption = Annotated[
    int | None,
    typer.Option(
        "--turn-cap",
        min=1,
        help="The engine's safety stop: a deal is stopped after this many turns "
        "(default 40 times the pack size). A game with a deal stopped so did not "
        "finish: it is counted apart and left out of every figure.",
    ),
]
DealCapOption = Annotated[
    int | None,
    typer.Option(
        "--deal-cap",
        min=1,
        help="The engine's safety stop: a game is stopped after this many deals "
        "(default 200, or the schedule's length if longer); counted apart like "
        "--turn-cap.",
    ),
]


def check_playable(spec: Any) -> None:
    from ..spec.playable import unsupported_by_engine

    gaps = unsupported_by_engine(spec)
    if gaps:
        for path, message in gaps:
            error(f"error: {spec.id}: {path}: {message}")
        raise typer.Exit(1)


def bot_list(text: str, players: int) -> list[str]:
    from ..errors import UsageError
    from ..sim.simulate import parse_bots

    try:
        return parse_bots(text, players)
    except UsageError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--bots'") from None


def worker_count(asked: int, games: int) -> int:
    """No more processes than CPUs and games: more would only wait on each other."""
    import os

    cpus = os.cpu_count() or 1
    used = max(1, min(asked, cpus, games))
    if used < asked:
        note(f"note: using {used} worker processes, not {asked} ({cpus} CPUs, {games} games)")
    return used


def check_outputs(records: Path | None, report: Path | None, force: bool) -> None:
    """Check both outputs before any game is played."""
    from ..fsutil import distinct_outputs, prepare_output

    distinct_outputs(("--records", records), ("--report", report))
    if records is not None:
        prepare_output(records, "records", force=force)
    if report is not None:
        prepare_output(report, "html", force=force)
        from ..render.report import pyplot

        pyplot()  # a missing extra is reported before the games, not after


def _held_elsewhere(path: Path) -> str:
    return (
        f"{path} is being written by another rummy-rules run: wait for it to "
        "finish, or write to another file"
    )


class RecordFile:
    """Game records appended to the visible file as each game finishes.

    Each game is written whole and flushed before a stop signal is acted on,
    so the file holds every finished game whenever the run ends, even by
    SIGKILL (then at most the last line is cut, which ``replay`` reports).
    """

    def __init__(self, path: Path, guard: StopSignals) -> None:
        import os

        from ..fsutil import FileLock

        # Claimed (as a played game's record is), then opened and emptied: a
        # second run writing the same file is refused before it can touch a
        # byte of the first's.
        self._claim = FileLock(path, _held_elsewhere(path)).acquire()
        try:
            fd = os.open(os.path.realpath(path), os.O_WRONLY | os.O_CREAT, 0o666)
        except BaseException:
            self._claim.release()
            raise
        try:
            os.ftruncate(fd, 0)
        except BaseException:
            os.close(fd)
            self._claim.release()
            raise
        self._file = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self._guard = guard
        self.games = 0

    def write(self, text: str, /) -> None:
        with self._guard.hold():
            self._file.write(text)
            self._file.flush()
            self.games += 1

    def close(self) -> None:
        self._file.close()
        self._claim.release()


@contextlib.contextmanager
def progress(
    total: int, enabled: bool, *, open_ended: bool = False
) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; yields the update function.

    ``open_ended``: ``total`` is only a cap (``--games auto`` stops when the
    figures are precise enough, usually long before): the bar counts the
    games played and shows no share of a total it would not reach."""
    if not (enabled and sys.stderr.isatty()):
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        if not open_ended:
            task = progress.add_task("playing", total=total)
            yield lambda done: progress.update(task, completed=done)
            return
        task = progress.add_task("playing until precise", total=None)

        def tick(done: int) -> None:
            progress.update(task, completed=done, description=f"playing until precise: {done:,}")

        yield tick


def command_line(
    command: str,
    sources: list[str],
    games: str,
    players: int,
    bots: str,
    seed: int,
    sets: list[str],
    precision: float,
    caps: tuple[int | None, int | None] = (None, None),
) -> str:
    """The command that plays the same run again (for reports)."""
    words = ["rummy-rules", command, *sources, "--games", games, "--players", str(players)]
    if games.strip().lower() == "auto":
        words += ["--precision", f"{precision:g}"]
    words += ["--bots", bots, "--seed", str(seed)]
    for flag, cap in zip(("--turn-cap", "--deal-cap"), caps, strict=True):
        if cap is not None:
            words += [flag, str(cap)]
    for item in sets:
        words += ["--set", item]
    return " ".join(shlex.quote(w) for w in words)


def report_errors(failed: int, errors: list[str]) -> None:
    """The bot errors kept, and how many more games a bot stopped."""
    for message in errors:
        error(f"error: {message}")
    if failed > len(errors):
        error(f"... and {failed - len(errors)} more games stopped by a bot")


def finish(guard: StopSignals, *, stopped: bool, failed: bool) -> None:
    """End with 128 + the signal after a stop, 1 after a bot error."""
    if stopped:
        error("interrupted: the figures above are for the games finished so far")
        raise typer.Exit(guard.exit_code or 130)
    if failed:
        raise typer.Exit(1)


@dataclass
class Run:
    """What a run of games needs around it: stop signals, the records file (if
    asked for) and the progress bar's update function."""

    guard: StopSignals
    sink: RecordFile | None
    tick: Callable[[int], None]


@contextlib.contextmanager
def running(
    records: Path | None, games: int, *, show_progress: bool, open_ended: bool = False
) -> Iterator[Run]:
    """Stop signals handled, the records file open and a progress bar, for the
    block (``open_ended``: ``games`` is the cap of ``--games auto``)."""
    from .common import stop_signals

    with contextlib.ExitStack() as stack:
        guard = stack.enter_context(stop_signals())
        sink = None
        if records is not None:
            sink = RecordFile(records, guard)
            stack.callback(sink.close)
        tick = stack.enter_context(progress(games, show_progress, open_ended=open_ended))
        yield Run(guard, sink, tick)
