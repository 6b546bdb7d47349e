"""``rummy-rules replay``: play game records again and verify them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from .common import JsonOption, emit_json, handle_errors


@handle_errors
def replay(
    record: Annotated[
        Path,
        typer.Argument(
            help="A game record (JSON Lines), or a file of many games from `simulate --records`."
        ),
    ],
    json_output: JsonOption = False,
) -> None:
    """Replay game records: check every action's legality and every score.

    The first discrepancy is reported as RECORD:LINE: message, with exit 1, so
    a record edited by hand is caught. A file from `simulate --records` holds
    one game after another; every one is replayed.
    """
    from ..sim.records import RecordError, replay_records

    try:
        reports = replay_records(record)
    except RecordError as exc:
        if json_output:
            emit_json({"valid": False, "file": exc.file, "line": exc.line, "message": exc.message})
        else:
            typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    games: list[dict[str, Any]] = [
        {
            "variant": report.variant_id,
            "players": report.players,
            "actions": report.actions,
            "deals": report.deals,
            "totals": list(report.totals),
            "winners": [w + 1 for w in report.winners],
            "finished": report.finished,
        }
        for report in reports
    ]
    if json_output:
        if len(games) == 1:
            emit_json({"valid": True, "file": str(record), "games": 1, **games[0]})
        else:
            emit_json({"valid": True, "file": str(record), "games": len(games), "records": games})
        return
    if len(reports) > 1:
        actions = sum(r.actions for r in reports)
        finished = sum(r.finished for r in reports)
        variants = ", ".join(sorted({r.variant_id for r in reports}))
        typer.echo(
            f"ok: {record}: {len(reports)} games of {variants} replayed "
            f"({finished} finished), {actions} actions in all"
        )
        return
    report = reports[0]
    status = "a finished game" if report.finished else "an unfinished game"
    winners = ", ".join(f"p{w + 1}" for w in report.winners)
    typer.echo(
        f"ok: {record}: {status} of {report.variant_id} for {report.players} players, "
        f"{report.deals} deals, {report.actions} actions replayed; totals "
        f"{' '.join(str(t) for t in report.totals)}; best: {winners}"
    )
