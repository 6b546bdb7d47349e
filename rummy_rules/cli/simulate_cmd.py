"""``rummy-rules simulate``: many games between bots, with statistics."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from .common import (
    JsonOption,
    SetOption,
    VariantArgument,
    check_overrides,
    emit_json,
    handle_errors,
    players_for,
)


@handle_errors
def simulate(
    source: VariantArgument,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="How many games to play.")
    ] = 1000,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", min=2, help="Players (default: the variant's best or fewest)."
        ),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bots by seat, comma-separated and repeated to fill the table: greedy, random.",
        ),
    ] = "greedy",
    seed: Annotated[
        int, typer.Option("--seed", help="Master seed: the same seed gives the same games.")
    ] = 0,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", min=1, help="Processes to play in (results do not depend on it)."
        ),
    ] = 1,
    overrides: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """Play many games between bots and report statistics with 95% confidence intervals.

    Win rate by seat and by turn order (is the first player favoured?), deal
    length in turns, buys, and how deals end, per deal; the final margin and
    how often the lead changes. Game i depends only on (seed, i). Ctrl-C stops
    and reports the games finished so far.
    """
    from ..errors import UsageError
    from ..loader import load_variant
    from ..rules import unsupported_by_engine
    from ..simulate import parse_bots
    from ..simulate import simulate as run

    spec = load_variant(source, check_overrides(overrides))
    gaps = unsupported_by_engine(spec)
    if gaps:
        for path, message in gaps:
            typer.echo(f"error: {path}: {message}", err=True)
        raise typer.Exit(1)
    count = players_for(spec, players)
    try:
        kinds = parse_bots(bots, count)
    except UsageError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--bots'") from None
    progress: Any = None
    task: Any = None
    if sys.stderr.isatty() and not json_output:
        from rich.progress import Progress

        progress = Progress(transient=True)
        progress.start()
        task = progress.add_task("playing", total=games)

    def tick(done: int) -> None:
        if progress is not None:
            progress.update(task, completed=done)

    try:
        stats = run(
            spec, players=count, bots=kinds, games=games, seed=seed, workers=workers, on_game=tick
        )
    finally:
        if progress is not None:
            progress.stop()
    data = stats.to_dict()
    if json_output:
        emit_json(
            {"variant": spec.id, "players": count, "bots": kinds, "seed": seed, "statistics": data}
        )
        return
    _print(spec.name, count, kinds, seed, data)


def _fmt(item: dict[str, float], percent: bool = False) -> str:
    if percent:
        return f"{item['value'] * 100:.1f}% ({item['low'] * 100:.1f}-{item['high'] * 100:.1f})"
    return f"{item['value']:g} ({item['low']:g}-{item['high']:g})"


def _print(name: str, players: int, kinds: list[str], seed: int, data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console() if sys.stdout.isatty() else Console(width=160)
    note = " (interrupted)" if data["interrupted"] else ""
    console.print(
        f"{name}: {data['games']} games{note}, {players} players ({', '.join(kinds)}), seed {seed}; "
        "95% confidence intervals in brackets"
    )
    seats = Table(title="Wins", header_style="bold")
    seats.add_column("")
    for i in range(players):
        seats.add_column(f"{i + 1}")
    seats.add_row("by seat (p1…)", *(_fmt(x, True) for x in data["win_rate_by_seat"]))
    seats.add_row(
        "by turn order (1 = first to play)",
        *(_fmt(x, True) for x in data["win_rate_by_turn_order"]),
    )
    seats.add_row("mean total by seat", *(_fmt(x) for x in data["mean_total_by_seat"]))
    console.print(seats)
    deals = Table(title="Deals", header_style="bold")
    for column in ("deal", "turns", "buys", "ended by"):
        deals.add_column(column)
    for row in data["deals"]:
        ended = ", ".join(f"{k} {v}" for k, v in row["ended_by"].items())
        deals.add_row(str(row["deal"]), _fmt(row["turns"]), _fmt(row["buys"]), ended)
    console.print(deals)
    console.print(
        f"final margin: {_fmt(data['final_margin'])}; lead changes per game: {_fmt(data['lead_changes'])}"
    )
