"""``rummy-rules audit``: which of a variant's rules change the bots' play and the figures."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .common import (
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
from .runs import BotsOption, PlayersOption, SeedOption, WorkersOption, bot_list, progress
from .sweep_cmd import ChunkOption, ExecutorChoice, ExecutorOption, SchedulerOption

KeyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--key",
        metavar="PATH",
        help="Audit only this key, or every key under it (buying, going_out.knock); "
        "repeat for more. Default: every rule key of the file outside lists.",
    ),
]
#: The games of ``--games auto``.
AUTO_GAMES = 40

AuditGamesOption = Annotated[
    str,
    typer.Option(
        "--games",
        "-n",
        metavar="N|auto",
        help=f"Games played under the variant and under each change (the same seeds); "
        f"auto (the default) is {AUTO_GAMES}: the audit tells what a change does, and "
        "`compare` measures one change to a precision.",
    ),
]


#: ``--second-look auto``: this many times --games more.
AUTO_SECOND_LOOK = 3

SecondLookOption = Annotated[
    str,
    typer.Option(
        "--second-look",
        metavar="N|auto",
        help="A change the bots played alike in every game is played this many more "
        "games (and the file as it is with it): a rule that comes into play rarely is "
        f"then told from one the bots never answer to. auto (the default) is "
        f"{AUTO_SECOND_LOOK} times --games; 0: none.",
    ),
]


@handle_errors
def audit(
    source: VariantArgument,
    keys: KeyOption = None,
    overrides: SetOption = None,
    games_text: AuditGamesOption = "auto",
    second_text: SecondLookOption = "auto",
    players: PlayersOption = None,
    bots: BotsOption = "greedy",
    seed: SeedOption = 0,
    executor: ExecutorOption = ExecutorChoice.local,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = 1,
    chunk: ChunkOption = 25,
    json_output: JsonOption = False,
) -> None:
    """Which of my house rules matter? Change each rule, one at a time, and see.

    Each rule key of the variant (or each --key) is set to each other value it
    can take: every other choice, the other of yes/no, one less and one more
    for a number, and unlimited where allowed. Keys inside lists (deals,
    bonuses) and card values are left to `sweep --vary`. The same seeded games
    are played under the variant and under each change, and each change is
    reported as one of: changes play (the bots made other moves in at least
    one game), same moves (every game played move for move alike: the rule
    never came into play, or the bots do not answer to it), not used by this
    file (the rules the engine plays are unchanged), or not valid (with the
    reason). A change played alike in every game gets a second look of more
    games (--second-look), so that a rule that comes into play rarely is told
    from one the bots never answer to. For the changes played, the figures of `compare` that differ are
    named with 95% intervals; Holm's procedure over every figure of every
    change keeps the chance of calling any difference that is not there at 5%.
    Runs on this machine or a Dask cluster, like `sweep`; the result does not
    depend on where. Ctrl-C (or SIGTERM, SIGHUP) stops it with no report, as
    every change is judged against the same games, and exit status 130 (143,
    129).
    """
    from ..sim.audit import candidate_changes, plan_audit
    from ..sim.metrics import family_labels
    from ..spec.loader import load_variant
    from .sweep_cmd import make_executor

    if scheduler is not None and executor is not ExecutorChoice.dask:
        raise typer.BadParameter("--scheduler needs --executor dask", param_hint="'--scheduler'")
    games = AUTO_GAMES if games_text.strip().lower() == "auto" else _games(games_text)
    second_look = _second_look(second_text, games)
    sets = check_overrides(overrides)
    base = load_variant(source, sets)
    count = players_for(base, players)
    kinds = bot_list(bots, count)
    asked = [k.strip() for k in keys or []]
    changes = candidate_changes(base, asked)
    if asked and not changes:
        raise typer.BadParameter(
            f"no rule key of {base.id} at or under {', '.join(asked)} has another value "
            "to try (write a key's dotted path, as in docs/format.md)",
            param_hint="'--key'",
        )
    plan = plan_audit(_loader(source, sets), changes, count)
    played = len(plan.specs) - 1
    if not json_output:
        skipped = len(changes) - played
        note(
            f"{len(changes)} changes: {played} to play, {skipped} not used by this file "
            f"or not valid; {games} games each, and {games} under the file as it is "
            f"({executor.value})"
            + (f"; {second_look} more for each change played alike" if second_look else "")
        )
    result = _played(
        plan,
        (games, second_look),
        chunk,
        json_output,
        players=count,
        bots=kinds,
        seed=seed,
        executor=make_executor(executor, scheduler, workers, games * (played + 1)),
    )
    document = {
        "variant": base.id,
        "overrides": sets,
        "keys": asked,
        "players": count,
        "bots": kinds,
        "seed": seed,
        **result.to_dict(),
        "labels": family_labels([base]),
    }
    if json_output:
        emit_json(document)
        return
    from .sim_output import print_audit

    print_audit(base.name, document)


def _played(plan: Any, counts: tuple[int, int], chunk: int, quiet: bool, **run: Any) -> Any:
    """The audit's games played (``counts``: the games and the second look's;
    ``run``: the rest of ``run_audit``'s arguments),
    with a progress bar unless ``quiet``. Ctrl-C, SIGTERM or SIGHUP stop it with
    one line and exit status 130 (143, 129): every change is judged against the
    same games, so there is no report of part of them."""
    from ..sim.audit import run_audit
    from .common import stop_signals

    games, second_look = counts
    total = plan.chunks(games, chunk, second_look)
    done = [0]
    with stop_signals() as guard, progress(total, not quiet) as update:

        def tick() -> None:
            done[0] += 1
            update(done[0])

        try:
            return run_audit(
                plan, games=games, chunk=chunk, second_look=second_look, on_chunk=tick, **run
            )
        except KeyboardInterrupt:
            stopped = guard.exit_code or 130
    error(
        f"stopped after {done[0]} of {total} pieces of work: no report, as every "
        "change is judged against the same games; run it again with fewer --games "
        "or --key to narrow it"
    )
    raise typer.Exit(stopped)


def _second_look(text: str, games: int) -> int:
    if text.strip().lower() == "auto":
        return AUTO_SECOND_LOOK * games
    try:
        more = int(text)
    except ValueError:
        more = -1
    if more < 0:
        raise typer.BadParameter(
            f"write a number of games (0 for none) or auto, not {text!r}",
            param_hint="'--second-look'",
        )
    return more


def _games(text: str) -> int:
    from .runs import games_and_precision

    games, _ = games_and_precision(text, 5.0)
    if games < 2:
        raise typer.BadParameter("play at least two games", param_hint="'--games'")
    return games


def _loader(source: str, sets: list[str]) -> Any:
    """``load(overrides)``: the variant with ``sets`` and ``overrides``, refused
    (a :class:`~rummy_rules.errors.UsageError`) when the engine cannot play it yet."""
    from ..errors import UsageError
    from ..spec.loader import load_variant
    from ..spec.playable import unsupported_by_engine

    def load(extra: list[str]) -> Any:
        spec = load_variant(source, [*sets, *extra])
        problems = unsupported_by_engine(spec)
        if problems:
            raise UsageError("; ".join(f"{path}: {message}" for path, message in problems))
        return spec

    return load
