"""``rummy-rules compare``: the A/B test of house rules, on the same seeds."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from .common import (
    ChangedSideSetOption,
    ForceOption,
    JsonOption,
    check_overrides,
    emit_json,
    handle_errors,
    note,
    players_for,
)
from .runs import (
    BotsOption,
    DealCapOption,
    GamesOption,
    PlayersOption,
    PrecisionOption,
    RecordsOption,
    ReportOption,
    SeedOption,
    TurnCapOption,
    WorkersOption,
    bot_list,
    check_outputs,
    check_playable,
    command_line,
    finish,
    games_and_precision,
    report_errors,
    running,
    worker_count,
)
from .sim_output import print_comparison


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
    records: RecordsOption = None,
    report: ReportOption = None,
    force: ForceOption = False,
    turn_cap: TurnCapOption = None,
    deal_cap: DealCapOption = None,
) -> None:
    """A/B test house rules: play the same seeds under each rule set and compare.

    Game i of every side has the same seed, deck order and bots (common random
    numbers), so differences come from the rules, not the luck of the deal.
    Prints each side's figures, the paired difference from the baseline with
    its 95% confidence interval, and which differences are significant. By
    default (--games auto) it plays until every difference is significant or
    known to be smaller than --precision. --records writes every game of every
    side (side A's game 1, side B's game 1, ...; each header names its side);
    --report writes an HTML page with the differences charted.
    """
    from ..sim.compare import compare as run
    from ..spec.loader import load_variant

    games, precision = games_and_precision(games_text, precision_points)
    if len(sources) < 2:
        raise typer.BadParameter("give at least two rule sets to compare", param_hint="A B")
    sets = check_overrides(overrides)
    specs = []
    for i, source in enumerate(sources):
        spec = load_variant(source, sets if i else [])
        check_playable(spec)
        specs.append(spec)
    count = players_for(specs[0], players)
    for spec in specs[1:]:
        players_for(spec, count)
    kinds = bot_list(bots, count)
    check_outputs(records, report, force)
    labels = _labels(sources, sets)
    auto = precision is not None
    caps = (turn_cap, deal_cap)
    with running(records, games, show_progress=not json_output, open_ended=auto) as ctx:
        result = run(
            list(zip(labels, specs, strict=True)),
            players=count,
            bots=kinds,
            games=games,
            seed=seed,
            workers=worker_count(workers, games),
            on_game=ctx.tick,
            precision=precision,
            records=ctx.sink,
            caps=caps,
        )
    data = result.to_dict()
    if report is not None:
        command = command_line(
            "compare", sources, games_text, count, bots, seed, sets, precision_points, caps
        )
        _write_report(report, labels, count, kinds, seed, data, command)
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
    if ctx.sink is not None:
        note(f"wrote {records}: {ctx.sink.games} games of each side")
    for side in result.sides:
        report_errors(side.failed, side.errors)
    finish(ctx.guard, stopped=result.interrupted, failed=bool(failed))


def _labels(sources: list[str], sets: list[str]) -> list[str]:
    """Each side's label: its letter (or number past 26 sides), its source and the changes."""
    labels = []
    for i, source in enumerate(sources):
        label = f"{chr(ord('A') + i)}: {source}" if len(sources) <= 26 else f"{i + 1}: {source}"
        if i and sets:
            label += " with " + ", ".join(sets)
        labels.append(label)
    return labels


def _write_report(
    path: Path,
    labels: list[str],
    players: int,
    kinds: list[str],
    seed: int,
    data: dict[str, Any],
    command: str,
) -> None:
    """The HTML report of a comparison, written atomically."""
    from .. import __version__
    from ..fsutil import atomic_write_text
    from ..render.report import render_compare_report

    run = {
        "labels": labels,
        "players": players,
        "bots": kinds,
        "seed": seed,
        "engine": __version__,
        "command": command,
    }
    atomic_write_text(path, render_compare_report(run, data))
    note(f"wrote {path}")
