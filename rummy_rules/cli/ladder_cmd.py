"""``rummy-rules ladder``: every pair of bots on the same deals, and a rating each."""

from __future__ import annotations

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
from .runs import (
    GamesOption,
    PlayersOption,
    PrecisionOption,
    SeedOption,
    WorkersOption,
    check_playable,
    finish,
    games_and_precision,
    report_errors,
    running,
    worker_count,
)
from .sim_output import console, with_interval

LadderBotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        metavar="BOTS",
        help="Two or more bot specs, comma-separated (e.g. random,greedy,greedy:buy=never); "
        "the first is rated 0.",
    ),
]


@handle_errors
def ladder(
    source: VariantArgument,
    bots: LadderBotsOption = "random,greedy",
    games_text: GamesOption = "auto",
    precision_points: PrecisionOption = 5.0,
    players: PlayersOption = None,
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    overrides: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """Rate bots against each other: every pair plays the same deals with seats swapped.

    For each pair of bots (A, B), each deal is played twice: A in seats p1, p3,
    ... and B in the others, then the other way round (--games counts both, per
    pair). A pairing's figure is A's share of the wins with its 95% interval
    ("decided" when the interval leaves out 50%). With --games auto (the
    default) each pair plays in rounds of 100 games until its interval leaves
    out 50% or is as narrow as --precision asks (at least 200 games, at most
    5000). Ratings are on the Elo scale, fitted to all pairings at
    once, the first bot named rated 0, each with a 95% interval
    (docs/figures.md gives the method). Ctrl-C stops and rates the games
    finished so far (exit status 130).
    """
    from ..errors import UsageError
    from ..sim.bots import parse_bot_spec
    from ..sim.ladder import ladder as run
    from ..spec.loader import load_variant

    games, precision = games_and_precision(games_text, precision_points)
    sets = check_overrides(overrides)
    spec = load_variant(source, sets)
    check_playable(spec)
    count = players_for(spec, players)
    try:
        names = list(dict.fromkeys(parse_bot_spec(k.strip()).text for k in bots.split(",")))
    except UsageError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--bots'") from None
    if len(names) < 2:
        raise typer.BadParameter("name at least two different bots", param_hint="'--bots'")
    pairs = len(names) * (len(names) - 1) // 2
    total = pairs * 2 * ((games + 1) // 2)
    auto = precision is not None
    with running(None, total, show_progress=not json_output, open_ended=auto) as ctx:
        result = run(
            spec,
            players=count,
            bots=names,
            games=games,
            seed=seed,
            workers=worker_count(workers, total),
            on_game=ctx.tick,
            precision=None if precision is None else precision.rate,
        )
    data = result.to_dict()
    if json_output:
        emit_json(
            {
                "variant": spec.id,
                "overrides": sets,
                "players": count,
                "seed": seed,
                "games": "auto" if precision is not None else 2 * ((games + 1) // 2),
                "ladder": data,
            }
        )
    else:
        _print_ladder(spec.name, count, seed, data)
    errors = [e for p in result.pairings for e in p.errors]
    failed = sum(p.failed for p in result.pairings)
    report_errors(failed, errors)
    finish(ctx.guard, stopped=result.interrupted, failed=bool(failed))


def _print_ladder(name: str, players: int, seed: int, data: dict[str, Any]) -> None:
    """The ratings, strongest first, then each pairing."""
    from rich.table import Table

    out = console()
    note = " (interrupted)" if data["interrupted"] else ""
    out.print(
        f"{name}: a ladder of {len(data['ratings'])} bots{note}, {players} players, seed {seed}."
    )
    ratings = Table(title="Ratings", header_style="bold")
    for header in ("bot", "rating", "95% interval", "games"):
        ratings.add_column(header, justify="left" if header == "bot" else "right")
    for row in data["ratings"]:
        ratings.add_row(
            row["bot"],
            f"{row['rating']:+.0f}",
            f"{row['low']:+.0f} to {row['high']:+.0f}",
            str(row["games"]),
        )
    out.print(ratings)
    pairings = Table(title="Pairings", header_style="bold")
    for header in ("A", "B", "games", "A's share of the wins", "decided"):
        pairings.add_column(header, justify="right" if header == "games" else "left")
    for p in data["pairings"]:
        pairings.add_row(
            p["a"],
            p["b"],
            str(p["games"]),
            with_interval(p["a_score"], percent=True),
            "yes" if p["decided"] else "no",
        )
    out.print(pairings)
    for p in data["pairings"]:
        if p["stop_reason"]:
            out.print(
                f"{p['a']} and {p['b']}: stopped after {p['games']} games, {p['stop_reason']}."
            )
        if p["capped_games"]:
            out.print(
                f"{p['a']} and {p['b']}: {p['capped_games']} more games stopped by a safety "
                "cap of the engine did not finish and score for neither."
            )
    out.print(
        "Ratings on the Elo scale (400 points: the stronger scores 10 to 1), the first "
        "bot named at 0. A pairing is decided when its 95% interval leaves out 50%."
    )
