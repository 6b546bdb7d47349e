"""``rummy-rules replay``: play a game record again and verify it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import JsonOption, emit_json, handle_errors


@handle_errors
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON Lines).")],
    json_output: JsonOption = False,
) -> None:
    """Replay a game record: check every action's legality and every score.

    The first discrepancy is reported as RECORD:LINE: message, with exit 1, so
    a record edited by hand is caught.
    """
    from ..records import RecordError, replay_record

    try:
        report = replay_record(record)
    except RecordError as exc:
        if json_output:
            emit_json({"valid": False, "file": exc.file, "line": exc.line, "message": exc.message})
        else:
            typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    if json_output:
        emit_json(
            {
                "valid": True,
                "file": str(record),
                "variant": report.variant_id,
                "players": report.players,
                "actions": report.actions,
                "deals": report.deals,
                "totals": list(report.totals),
                "winners": [w + 1 for w in report.winners],
                "finished": report.finished,
            }
        )
        return
    status = "a finished game" if report.finished else "an unfinished game"
    winners = ", ".join(f"p{w + 1}" for w in report.winners)
    typer.echo(
        f"ok: {record}: {status} of {report.variant_id} for {report.players} players, "
        f"{report.deals} deals, {report.actions} actions replayed; totals "
        f"{' '.join(str(t) for t in report.totals)}; best: {winners}"
    )
