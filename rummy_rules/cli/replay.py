"""``rummy-rules replay``: play game records again and verify them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..render.i18n import _, current_language, ngettext
from .common import (
    GameLangOption,
    JsonOption,
    emit_json,
    error,
    handle_errors,
    language_for,
    note,
)


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
    lang: GameLangOption = None,
) -> None:
    """Replay game records: check every action's legality and every score.

    The first discrepancy is reported as RECORD:LINE: message, with exit 1, so
    a record edited by hand is caught. A file from `simulate --records` holds
    one game after another; every one is replayed. A record must be complete:
    one that stops before the game ends, or whose last line is cut short, is
    reported as truncated after the last whole game (exit 1) unless --partial.
    The file is read line by line, so records of any length replay in little
    memory. --lang reports in Bulgarian (bg) or Armenian (hy), an illegal
    action's refusal included (its code stays); --json is in English, with the
    refusal's code.
    """
    from ..render.i18n import language
    from ..sim.records import RecordError, replay_records

    code = "en" if json_output else language_for(lang)
    try:
        reports = replay_records(record, partial=partial)
    except RecordError as exc:
        if json_output:
            document = {"valid": False, "file": exc.file, "line": exc.line, "message": exc.message}
            if exc.reason is not None:
                document["code"] = exc.reason.code
            emit_json(document)
        else:
            with language(code):
                error(_said(exc))
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
    with language(code):
        _summary(record, reports, cut=cut)


def _said(exc: Any) -> str:
    """A record's discrepancy as ``RECORD:LINE: message``: an illegal action's
    refusal in the language in force, with its code."""
    from ..render.refusals import refusal_text

    if exc.reason is None or current_language() == "en":
        return str(exc)
    where = f"{exc.file}:{exc.line}" if exc.line is not None else exc.file
    said = _("'{action}' is illegal: {reason}").format(
        action=exc.action, reason=refusal_text(exc.reason)
    )
    return f"{where}: {said} ({exc.reason.code})"


def _summary(record: Path, reports: list[Any], *, cut: bool) -> None:
    """``ok: …``: what the record holds, in the language in force."""
    if len(reports) > 1:
        actions = sum(r.actions for r in reports)
        finished = sum(r.finished for r in reports)
        variants = ", ".join(sorted({r.variant_id for r in reports}))
        many = _(
            "{count} games of {variants} replayed ({finished} finished), {actions} actions in all"
        )
        said = many.format(
            count=len(reports), variants=variants, finished=finished, actions=actions
        )
        typer.echo(f"ok: {record}: {said}")
        if cut:
            note(_("note: the last line is cut short and was left out"))
        return
    report = reports[0]
    winners = ", ".join(f"p{w + 1}" for w in report.winners)
    totals = " ".join(str(t) for t in report.totals)
    if not report.deals:
        standing = _("no deal scored yet")
    elif report.finished:
        standing = _("totals {totals}; won by {winners}").format(totals=totals, winners=winners)
    else:
        standing = _("totals {totals}; leading: {winners}").format(totals=totals, winners=winners)
    if report.finished:
        one = _("a finished game of {variant} for {players} players, {deals} scored, "
                "{actions} replayed; {standing}")  # fmt: skip
    else:
        one = _("an unfinished game of {variant} for {players} players, {deals} scored, "
                "{actions} replayed; {standing}")  # fmt: skip
    said = one.format(
        variant=report.variant_id,
        players=report.players,
        deals=ngettext("{n} deal", "{n} deals", report.deals).format(n=report.deals),
        actions=ngettext("{n} action", "{n} actions", report.actions).format(n=report.actions),
        standing=standing,
    )
    typer.echo(f"ok: {record}: {said}")


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
