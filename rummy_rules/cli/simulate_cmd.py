"""``rummy-rules simulate`` and ``rummy-rules compare``: many games between bots."""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import (
    ChangedSideSetOption,
    ForceOption,
    JsonOption,
    SetOption,
    StopSignals,
    VariantArgument,
    check_overrides,
    emit_json,
    error,
    handle_errors,
    note,
    players_for,
    stop_signals,
)
from .sim_output import print_comparison, print_simulation

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


def _games(text: str, precision: float) -> tuple[int, Any]:
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
    return games, None


PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", min=2, help="Players (default: the variant's best or fewest)."),
]
BotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        help=(
            "Bots by seat, comma-separated and repeated to fill the table: random, greedy, "
            "greedy with a personality (greedy:buy=eager:down=late; buy=eager|normal|"
            "reluctant|never, take=eager|normal|never, down=early|late), or your own class "
            "as module:Class or file.py:Class (see docs/bots.md)."
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


def _playable(spec: Any) -> None:
    from ..spec.playable import unsupported_by_engine

    gaps = unsupported_by_engine(spec)
    if gaps:
        for path, message in gaps:
            error(f"error: {spec.id}: {path}: {message}")
        raise typer.Exit(1)


def _bots(text: str, players: int) -> list[str]:
    from ..errors import UsageError
    from ..sim.simulate import parse_bots

    try:
        return parse_bots(text, players)
    except UsageError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--bots'") from None


def _workers(asked: int, games: int) -> int:
    """No more processes than CPUs and games: more would only wait on each other."""
    import os

    cpus = os.cpu_count() or 1
    used = max(1, min(asked, cpus, games))
    if used < asked:
        note(f"note: using {used} worker processes, not {asked} ({cpus} CPUs, {games} games)")
    return used


def _outputs(records: Path | None, report: Path | None, force: bool) -> None:
    """Check both outputs before any game is played."""
    from ..fsutil import distinct_outputs, prepare_output

    distinct_outputs(("--records", records), ("--report", report))
    if records is not None:
        prepare_output(records, "records", force=force)
    if report is not None:
        prepare_output(report, "html", force=force)
        from ..render.report import pyplot

        pyplot()  # a missing extra is reported before the games, not after


class _RecordFile:
    """Game records appended to the visible file as each game finishes.

    Each game is written whole and flushed before a stop signal is acted on,
    so the file holds every finished game whenever the run ends, even by
    SIGKILL (then at most the last line is cut, which ``replay`` reports).
    """

    def __init__(self, path: Path, guard: StopSignals) -> None:
        import os

        self._file = open(os.path.realpath(path), "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        self._guard = guard
        self.games = 0

    def write(self, text: str, /) -> None:
        with self._guard.hold():
            self._file.write(text)
            self._file.flush()
            self.games += 1

    def close(self) -> None:
        self._file.close()


@contextlib.contextmanager
def _progress(total: int, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; yields the update function."""
    if not (enabled and sys.stderr.isatty()):
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("playing", total=total)
        yield lambda done: progress.update(task, completed=done)


def _command(
    source: str, games: str, players: int, bots: str, seed: int, sets: list[str], precision: float
) -> str:
    words = ["rummy-rules", "simulate", source, "--games", games, "--players", str(players)]
    if games.strip().lower() == "auto":
        words += ["--precision", f"{precision:g}"]
    words += ["--bots", bots, "--seed", str(seed)]
    for item in sets:
        words += ["--set", item]
    return " ".join(shlex.quote(w) for w in words)


@handle_errors
def simulate(
    source: VariantArgument,
    games_text: GamesOption = "auto",
    precision_points: PrecisionOption = 5.0,
    players: PlayersOption = None,
    bots: BotsOption = "greedy",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    overrides: SetOption = None,
    json_output: JsonOption = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="FILE",
            help="Write every game's record (JSON Lines, one game after another); "
            "`rummy-rules replay FILE` verifies them.",
        ),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="FILE.html",
            help='Write an HTML report with charts (needs: pip install "rummy-rules[report]").',
        ),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Play many games between bots and report statistics with 95% confidence intervals.

    Win rate by seat and by turn order (is the first player favoured?); per
    deal: length in turns (mean and percentiles), buys, joker exchanges, how
    deals end, turns until players go down (the difficulty curve), one-turn
    go-outs and points caught in hand; the final margin, score spread and how
    often the lead changes. By default (--games auto) it plays until those
    figures are as precise as --precision asks and says why it stopped.
    Game i depends only on (seed, i), whatever --workers is. Ctrl-C (or SIGTERM, SIGHUP) stops and reports the games
    finished so far, with exit status 130 (143, 129); --records then holds
    every finished game. A bot that fails stops its game only; the errors are
    listed and the exit status is 1.
    """
    from ..sim.simulate import simulate as run
    from ..spec.loader import load_variant

    games, precision = _games(games_text, precision_points)
    sets = check_overrides(overrides)
    spec = load_variant(source, sets)
    _playable(spec)
    count = players_for(spec, players)
    kinds = _bots(bots, count)
    _outputs(records, report, force)
    with contextlib.ExitStack() as stack:
        guard = stack.enter_context(stop_signals())
        sink = None
        if records is not None:
            sink = _RecordFile(records, guard)
            stack.callback(sink.close)
        tick = stack.enter_context(_progress(games, not json_output))
        stats = run(
            spec,
            players=count,
            bots=kinds,
            games=games,
            seed=seed,
            workers=_workers(workers, games),
            on_game=tick,
            precision=precision,
            records=sink,
        )
    data = stats.to_dict()
    if report is not None:
        parameters = {
            "variant": source,
            "variant_name": spec.name,
            "overrides": sets,
            "players": count,
            "bots": kinds,
            "seed": seed,
            "command": _command(source, games_text, count, bots, seed, sets, precision_points),
        }
        _write_report(report, parameters, data)
    if json_output:
        emit_json(
            {
                "variant": spec.id,
                "overrides": sets,
                "players": count,
                "bots": kinds,
                "seed": seed,
                "statistics": data,
            }
        )
    else:
        print_simulation(spec.name, count, kinds, seed, data)
    if sink is not None:
        note(f"wrote {records}: {sink.games} game records")
    _report_errors(stats.failed, stats.errors)
    _finish(guard, stopped=stats.interrupted, failed=bool(stats.failed))


def _report_errors(failed: int, errors: list[str]) -> None:
    """The bot errors kept, and how many more games a bot stopped."""
    for message in errors:
        error(f"error: {message}")
    if failed > len(errors):
        error(f"... and {failed - len(errors)} more games stopped by a bot")


def _finish(guard: StopSignals, *, stopped: bool, failed: bool) -> None:
    """End with 128 + the signal after a stop, 1 after a bot error."""
    if stopped:
        error("interrupted: the figures above are for the games finished so far")
        raise typer.Exit(guard.exit_code or 130)
    if failed:
        raise typer.Exit(1)


def _write_report(path: Path, parameters: dict[str, Any], data: dict[str, Any]) -> None:
    """The HTML report of a simulation, written atomically."""
    from .. import __version__
    from ..fsutil import atomic_write_text
    from ..render.report import render_report

    atomic_write_text(path, render_report({**parameters, "engine": __version__}, data))
    note(f"wrote {path}")


@handle_errors
def compare(
    sources: Annotated[
        list[str],
        typer.Argument(
            metavar="A B [C...]",
            help="Two or more rule sets: shipped variant ids or variant files. "
            "The first is the baseline.",
        ),
    ],
    overrides: ChangedSideSetOption = None,
    games_text: GamesOption = "auto",
    precision_points: PrecisionOption = 5.0,
    players: PlayersOption = None,
    bots: BotsOption = "greedy",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    json_output: JsonOption = False,
) -> None:
    """A/B test house rules: play the same seeds under each rule set and compare.

    Game i of every side has the same seed, deck order and bots (common random
    numbers), so differences come from the rules, not the luck of the deal.
    Prints each side's figures, the paired difference from the baseline with
    its 95% confidence interval, and which differences are significant. By
    default (--games auto) it plays until every difference is significant or
    known to be smaller than --precision.
    """
    from ..sim.compare import compare as run
    from ..spec.loader import load_variant

    games, precision = _games(games_text, precision_points)
    if len(sources) < 2:
        raise typer.BadParameter("give at least two rule sets to compare", param_hint="A B")
    sets = check_overrides(overrides)
    specs = []
    for i, source in enumerate(sources):
        spec = load_variant(source, sets if i else [])
        _playable(spec)
        specs.append(spec)
    count = players_for(specs[0], players)
    for spec in specs[1:]:
        players_for(spec, count)
    kinds = _bots(bots, count)
    labels = []
    for i, source in enumerate(sources):
        label = f"{chr(ord('A') + i)}: {source}" if len(sources) <= 26 else f"{i + 1}: {source}"
        if i and sets:
            label += " with " + ", ".join(sets)
        labels.append(label)
    with stop_signals() as guard, _progress(games, not json_output) as tick:
        result = run(
            list(zip(labels, specs, strict=True)),
            players=count,
            bots=kinds,
            games=games,
            seed=seed,
            workers=_workers(workers, games),
            on_game=tick,
            precision=precision,
        )
    data = result.to_dict()
    failed = sum(s.failed for s in result.sides)
    if json_output:
        emit_json(
            {
                "sides": [
                    {"source": src, "label": lab} for src, lab in zip(sources, labels, strict=True)
                ],
                "overrides": sets,
                "players": count,
                "bots": kinds,
                "seed": seed,
                "comparison": data,
            }
        )
    else:
        print_comparison(data, labels, count, kinds, seed)
    if failed:
        for side in result.sides:
            for message in side.errors:
                error(f"error: {message}")
    _finish(guard, stopped=result.interrupted, failed=bool(failed))
