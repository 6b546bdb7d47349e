"""``rummy-rules replay``: play game records again and verify them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from .common import JsonOption, emit_json, error, handle_errors, note


@handle_errors
def replay(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A game record (JSON Lines), or a file of many games from `simulate --records`.",
        ),
    ],
    partial: Annotated[
        bool,
        typer.Option(
            "--partial",
            help="Accept a record that stops before its game ends (a game in progress, "
            "or a run that was killed): check what is there.",
        ),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Replay game records: check every action's legality and every score.

    The first discrepancy is reported as RECORD:LINE: message, with exit 1, so
    a record edited by hand is caught. A file from `simulate --records` holds
    one game after another; every one is replayed. A record must be complete:
    one that stops before the game ends, or whose last line is cut short, is
    reported as truncated after the last whole game (exit 1) unless --partial.
    The file is read line by line, so records of any length replay in little
    memory.
    """
    from ..sim.records import RecordError, replay_records

    try:
        reports = replay_records(record, partial=partial)
    except RecordError as exc:
        if json_output:
            emit_json({"valid": False, "file": exc.file, "line": exc.line, "message": exc.message})
        else:
            error(str(exc))
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
    cut = partial and _cut_short(record)
    if json_output:
        if cut:
            emit_json(
                {
                    "valid": True,
                    "file": str(record),
                    "games": len(games),
                    "records": games,
                    "truncated": True,
                }
            )
            return
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
        if cut:
            note("note: the last line is cut short and was left out")
        return
    report = reports[0]
    status = "a finished game" if report.finished else "an unfinished game"
    winners = ", ".join(f"p{w + 1}" for w in report.winners)
    if not report.deals:
        standing = "no deal scored yet"
    else:
        lead = "won by" if report.finished else "leading:"
        standing = f"totals {' '.join(str(t) for t in report.totals)}; {lead} {winners}"
    typer.echo(
        f"ok: {record}: {status} of {report.variant_id} for {report.players} players, "
        f"{_count(report.deals, 'deal')} scored, {_count(report.actions, 'action')} "
        f"replayed; {standing}"
    )


def _count(n: int, word: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cut_short(path: Path) -> bool:
    """True when the file's last line has no newline (a run killed while writing)."""
    try:
        with path.open("rb") as fh:
            fh.seek(0, 2)
            if fh.tell() == 0:
                return False
            fh.seek(-1, 2)
            return fh.read(1) != b"\n"
    except OSError:
        return False
