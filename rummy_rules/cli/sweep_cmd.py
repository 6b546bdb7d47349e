"""``rummy-rules sweep``: the same games under every combination of rule values."""

from __future__ import annotations

import math
import re
import shlex
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import (
    ForceOption,
    JsonOption,
    SetOption,
    VariantArgument,
    check_overrides,
    emit_json,
    error,
    handle_errors,
    note,
    players_for,
)
from .runs import (
    BotsOption,
    GamesOption,
    PlayersOption,
    PrecisionOption,
    ReportOption,
    SeedOption,
    WorkersOption,
    bot_list,
    check_outputs,
    command_line,
    games_and_precision,
)


class ExecutorChoice(StrEnum):
    """Where the games are played."""

    local = "local"
    dask = "dask"


class InvalidChoice(StrEnum):
    """What to do with a combination of values that does not make a valid variant."""

    stop = "stop"
    skip = "skip"


def _metric_names() -> list[str]:
    from ..sim.metrics import METRICS

    return [m.key for m in METRICS]


VaryOption = Annotated[
    list[str],
    typer.Option(
        "--vary",
        metavar="PATH=V1,V2,…",
        help="A key and the values to try (repeat for more keys: every combination "
        "is played), e.g. buying.limits.per_deal=0,1,2,3.",
    ),
]
MetricOption = Annotated[
    str | None,
    typer.Option(
        "--metric",
        metavar="NAME",
        help="The figure to show per combination (with --target: to aim at). One of: "
        + ", ".join(_metric_names())
        + ".",
        autocompletion=_metric_names,
    ),
]
TargetOption = Annotated[
    float | None,
    typer.Option(
        "--target",
        metavar="VALUE",
        help="With --metric: report the combination whose figure comes closest to "
        "VALUE (a rate as a fraction: 0.25 for 25%).",
    ),
]
ExecutorOption = Annotated[
    ExecutorChoice,
    typer.Option(
        "--executor",
        help="local: this machine's processes (--workers); dask: a Dask cluster "
        "(--scheduler ADDRESS, or a local cluster of --workers processes). The results "
        "are the same either way.",
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="With --executor dask: a running scheduler (tcp://host:8786); its workers "
        "need rummy-rules installed.",
    ),
]
ChunkOption = Annotated[
    int,
    typer.Option(
        "--chunk",
        min=1,
        help="Games per piece of work sent to a worker (results do not depend on it).",
    ),
]
CheckpointOption = Annotated[
    Path | None,
    typer.Option(
        "--checkpoint",
        metavar="FILE",
        help="Keep each finished chunk in FILE; when FILE holds chunks of this same sweep, "
        "they are not played again (run the same command to go on after Ctrl-C).",
    ),
]
OnInvalidOption = Annotated[
    InvalidChoice,
    typer.Option(
        "--on-invalid",
        help="stop: refuse the sweep if a combination is not a valid variant; skip: "
        "report it and play the others.",
    ),
]


@handle_errors
def sweep(
    source: VariantArgument,
    vary: VaryOption,
    overrides: SetOption = None,
    games_text: GamesOption = "auto",
    precision_points: PrecisionOption = 5.0,
    players: PlayersOption = None,
    bots: BotsOption = "greedy",
    seed: SeedOption = 0,
    metric: MetricOption = None,
    target: TargetOption = None,
    executor: ExecutorOption = ExecutorChoice.local,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = 1,
    chunk: ChunkOption = 25,
    on_invalid: OnInvalidOption = InvalidChoice.stop,
    checkpoint: CheckpointOption = None,
    report: ReportOption = None,
    force: ForceOption = False,
    json_output: JsonOption = False,
) -> None:
    """Play the same seeded games under every combination of the --vary values.

    Each combination gets the statistics of `rummy-rules simulate` and the
    per-game figures of `compare`, with 95% intervals; game i has the same
    seed in every combination, so differences come from the rules. With
    --games auto (the default) each combination plays rounds of 100 games
    until its figures are as precise as --precision asks. With
    --metric and --target it names the combination that comes closest. The
    work is cut into chunks of --chunk games that run on this machine or on a
    Dask cluster; the figures (and --json) are identical whatever the
    executor, the workers and the chunk size. Ctrl-C stops and reports the
    chunks finished (exit status 130); with --checkpoint FILE the same
    command goes on from them.
    """
    from ..sim.metrics import family_labels
    from ..sim.sweep import typed_values
    from ..spec.loader import load_variant

    _check_choices(vary, metric, target, executor, scheduler)
    games, precision = games_and_precision(games_text, precision_points)
    sets = check_overrides(overrides)
    varies = _parse_varies(vary)
    base = load_variant(source, sets)
    count = players_for(base, players)
    kinds = bot_list(bots, count)
    check_outputs(None, report, force)
    combos = _combinations(source, sets, count, varies, on_invalid)
    valid = sum(c.spec is not None for c in combos)
    # Everything the games depend on: a checkpoint of another sweep is refused.
    identity = [_sha256(base.model_dump(mode="json")), sets, vary, count, kinds, seed]
    kept = _checkpoint(checkpoint, [*identity, games_text, precision_points, chunk])
    if not json_output:
        each = f"{games} games" if precision is None else f"up to {games} games (auto)"
        note(f"{valid} combinations x {each} ({executor.value})")
    from .common import stop_signals

    with stop_signals() as guard:  # Ctrl-C, SIGTERM and SIGHUP stop it alike
        result = _run(combos, count, kinds, games, seed, precision, kept, json_output,
                      executor=make_executor(executor, scheduler, workers, games * valid),
                      chunk=chunk)  # fmt: skip
    closest, tied = _aimed_at(result, metric, target)
    document: dict[str, Any] = {
        "variant": base.id,
        "overrides": sets,
        "varied": [
            {"path": v.path, "values": [typed_values({v.path: x})[v.path] for x in v.values]}
            for v in varies
        ],
        "players": count,
        "bots": kinds,
        "seed": seed,
        "games": int(games_text) if games_text.strip().isdigit() else games_text.strip(),
        **result.to_dict(),
        "labels": family_labels([base]),
        **_aim(
            metric,
            target,
            None if closest is None else combos[closest].values,
            [combos[i].values for i in tied],
        ),
    }
    if report is not None:
        words = [f"--vary {shlex.quote(text)}" for text in vary]
        words += [] if metric is None else [f"--metric {metric}"]
        words += [] if target is None else [f"--target {target:g}"]
        again = command_line(
            "sweep", [source], games_text, count, bots, seed, sets, precision_points
        )
        _write_report(report, " ".join([again, *words]), base.name, document)
    if json_output:
        emit_json(document)
    else:
        from .sim_output import print_sweep

        print_sweep(
            result, [v.path for v in varies], metric, target, closest, tied, document["labels"]
        )
    if result.interrupted:
        _stopped(checkpoint, guard.exit_code or 130)


def _aimed_at(
    result: Any, metric: str | None, target: float | None
) -> tuple[int | None, list[int]]:
    """The combination closest to --target (None without one), and the others
    the data cannot tell apart from it."""
    if target is None or metric is None:
        return None, []
    closest = result.closest(metric, target)
    return closest, [] if closest is None else result.not_told_apart(metric, target, closest)


def _run(
    combos: list[Any],
    count: int,
    kinds: list[str],
    games: int,
    seed: int,
    precision: Any,
    kept: Any,
    quiet: bool,
    *,
    executor: Any,
    chunk: int,
) -> Any:
    """Play the sweep, with a progress bar on a terminal unless ``quiet``."""
    from ..sim.sweep import planned_chunks, run_sweep
    from .runs import progress

    valid = sum(c.spec is not None for c in combos)
    total = valid * planned_chunks(games, chunk, precision is not None)
    with progress(total, not quiet) as update:
        return run_sweep(
            combos,
            players=count,
            bots=kinds,
            games=games,
            seed=seed,
            executor=executor,
            chunk=chunk,
            precision=precision,
            checkpoint=kept,
            on_chunk=update,
        )


def _stopped(checkpoint: Path | None, code: int) -> None:
    """After Ctrl-C (or SIGTERM, SIGHUP): say how to go on, and exit with ``code``
    (130, 143, 129)."""
    if checkpoint is not None:
        note(
            f"stopped: the figures are for the chunks finished, kept in {checkpoint}; "
            "run the same command to go on"
        )
    else:
        note(
            "stopped: the figures are for the chunks finished (--checkpoint FILE keeps "
            "them, so that a stopped sweep can go on)"
        )
    raise typer.Exit(code)


def _sha256(data: Any) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _checkpoint(path: Path | None, identity: list[Any]) -> Any:
    """The checkpoint at ``path`` (a new one, or this sweep's to go on with)."""
    if path is None:
        return None
    from ..fsutil import prepare_output
    from ..sim.sweep import Checkpoint

    if not path.exists():
        prepare_output(path, "checkpoint", force=False)
    elif not path.is_file():
        raise typer.BadParameter(f"{path} is not a regular file", param_hint="'--checkpoint'")
    checkpoint = Checkpoint(path, identity)
    if checkpoint.done:
        note(f"going on from {path}: {len(checkpoint.done)} chunks already played")
    return checkpoint


def _check_choices(
    vary: list[str],
    metric: str | None,
    target: float | None,
    executor: ExecutorChoice,
    scheduler: str | None,
) -> None:
    if not vary:
        raise typer.BadParameter("give at least one --vary PATH=V1,V2", param_hint="'--vary'")
    if metric is not None and metric not in _metric_names():
        raise typer.BadParameter(
            f"'{metric}' is not one of: {', '.join(_metric_names())}", param_hint="'--metric'"
        )
    if target is not None and metric is None:
        raise typer.BadParameter("--target needs --metric", param_hint="'--target'")
    if scheduler is not None and executor is not ExecutorChoice.dask:
        raise typer.BadParameter("--scheduler needs --executor dask", param_hint="'--scheduler'")
    if scheduler is not None and not _SCHEDULER.match(scheduler):
        raise typer.BadParameter(
            f"'{scheduler[:80]}' is not a scheduler address: write tcp://HOST:PORT "
            "(as 'dask scheduler' prints it) or HOST:PORT",
            param_hint="'--scheduler'",
        )
    if target is not None and not math.isfinite(target):
        raise typer.BadParameter("give a finite number", param_hint="'--target'")


#: A Dask scheduler address: tcp:// (or tls://) HOST:PORT, or HOST:PORT.
_SCHEDULER = re.compile(r"^(?:(?:tcp|tls)://)?[A-Za-z0-9._\-\[\]:]*[A-Za-z0-9\]]:[0-9]{1,5}$")


def _parse_varies(texts: list[str]) -> list[Any]:
    from ..errors import UsageError
    from ..sim.sweep import parse_vary

    try:
        return [parse_vary(text) for text in texts]
    except UsageError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--vary'") from None


def _combinations(
    source: str, sets: list[str], players: int, varies: list[Any], on_invalid: InvalidChoice
) -> list[Any]:
    """Every combination, each loaded, playable and compiled for ``players``; the
    invalid ones reported (and the sweep refused, unless they are skipped)."""
    from ..engine.rules import compile_rules
    from ..errors import UsageError
    from ..sim.sweep import combinations
    from ..spec.loader import load_variant
    from ..spec.playable import unsupported_by_engine

    def load(extra: list[str]) -> Any:
        spec = load_variant(source, [*sets, *extra])
        problems = unsupported_by_engine(spec)
        if problems:
            raise UsageError("; ".join(f"{path}: {message}" for path, message in problems))
        compile_rules(spec, players)
        return spec

    combos = combinations(load, varies)
    invalid = [c for c in combos if c.spec is None]
    for combo in invalid:
        word = "skipped" if on_invalid is InvalidChoice.skip else "invalid"
        error(f"{word}: {combo.label()}: {combo.error}")
    if invalid and on_invalid is InvalidChoice.stop:
        error("error: the sweep has invalid combinations (--on-invalid skip plays the others)")
        raise typer.Exit(1)
    if len(invalid) == len(combos):
        error("error: no combination is a valid variant")
        raise typer.Exit(1)
    return combos


def make_executor(choice: ExecutorChoice, scheduler: str | None, workers: int, games: int) -> Any:
    """The executor of ``--executor``: a local pool of up to ``workers`` processes
    (no more than ``games``), or Dask (at ``scheduler``, or a local cluster)."""
    from ..sim.sweep import DaskExecutor, LocalExecutor
    from .runs import worker_count

    if choice is ExecutorChoice.dask:
        return DaskExecutor(address=scheduler, workers=workers)
    return LocalExecutor(worker_count(workers, games))


def _write_report(path: Path, command: str, name: str, document: dict[str, Any]) -> None:
    """The HTML report of a sweep, written atomically."""
    from .. import __version__
    from ..fsutil import atomic_write_text
    from ..render.report import render_sweep_report

    run = {"command": command, "engine": __version__, "variant_name": name}
    atomic_write_text(path, render_sweep_report(run, document))
    note(f"wrote {path}")


def _aim(
    metric: str | None,
    target: float | None,
    closest: dict[str, str] | None,
    tied: list[dict[str, str]],
) -> dict[str, Any]:
    """The --metric and --target part of the JSON document."""
    out: dict[str, Any] = {}
    if metric is not None:
        out["metric"] = metric
    if target is not None:
        out["target"] = target
        from ..sim.sweep import typed_values

        out["closest"] = None if closest is None else typed_values(closest)
        out["not_told_apart"] = [typed_values(values) for values in tied]
    return out
