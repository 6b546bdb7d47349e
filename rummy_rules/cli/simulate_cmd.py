"""``rummy-rules simulate``: many games between bots, with statistics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import (
    ForceOption,
    JsonOption,
    SetOption,
    VariantArgument,
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
from .sim_output import Shown, print_simulation


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
    records: RecordsOption = None,
    report: ReportOption = None,
    force: ForceOption = False,
    turn_cap: TurnCapOption = None,
    deal_cap: DealCapOption = None,
) -> None:
    """Play many games between bots and report statistics with 95% confidence intervals.

    Win rate by seat and by turn order (is the first player favoured?); per
    deal: length in turns (mean and percentiles), buys, joker exchanges, how
    deals end, turns until players go down (the difficulty curve), one-turn
    go-outs and points caught in hand; the final margin, score spread and how
    often the lead changes. By default (--games auto) it plays until those
    figures are as precise as --precision asks and says why it stopped.
    A game the engine's safety stops (--turn-cap, --deal-cap) cut short did
    not finish as the rules say: it is counted apart and left out of every
    figure, win rates included.
    Game i depends only on (seed, i), whatever --workers is. Ctrl-C (or SIGTERM, SIGHUP) stops and reports the games
    finished so far, with exit status 130 (143, 129); --records then holds
    every finished game. A bot that fails stops its game only; the errors are
    listed and the exit status is 1.
    """
    from ..sim.simulate import simulate as run
    from ..spec.loader import load_variant

    games, precision = games_and_precision(games_text, precision_points)
    sets = check_overrides(overrides)
    spec = load_variant(source, sets)
    check_playable(spec)
    count = players_for(spec, players)
    kinds = bot_list(bots, count)
    check_outputs(records, report, force)
    auto = precision is not None
    caps = (turn_cap, deal_cap)
    with running(records, games, show_progress=not json_output, open_ended=auto) as ctx:
        stats = run(
            spec,
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
    data = stats.to_dict()
    if report is not None:
        parameters = {
            "variant": source,
            "variant_name": spec.name,
            "overrides": sets,
            "players": count,
            "bots": kinds,
            "seed": seed,
            "command": command_line(
                "simulate", [source], games_text, count, bots, seed, sets, precision_points, caps
            ),
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
        print_simulation(spec.name, count, kinds, seed, data, Shown.of(spec))
    if ctx.sink is not None:
        note(f"wrote {records}: {ctx.sink.games} game records")
    report_errors(stats.failed, stats.errors)
    finish(ctx.guard, stopped=stats.interrupted, failed=bool(stats.failed))


def _write_report(path: Path, parameters: dict[str, Any], data: dict[str, Any]) -> None:
    """The HTML report of a simulation, written atomically."""
    from .. import __version__
    from ..fsutil import atomic_write_text
    from ..render.report import render_report

    atomic_write_text(path, render_report({**parameters, "engine": __version__}, data))
    note(f"wrote {path}")
