"""Many games between bots, with statistics that answer house-rule questions.

Game *i* depends only on (master seed, *i*): its seed is derived with a
stable hash, so the statistics are identical for any number of worker
processes. Statistics are streamed (running sums and bounded histograms), so
memory stays flat however many games are played. :mod:`.compare` plays the
same seeds under two or more rule sets (common random numbers) and reports
the paired differences.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import random
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Protocol

from ..engine.game import DealResult
from ..engine.rules import Rules, compile_rules
from ..engine.state import GameState
from ..errors import UsageError
from ..spec.schema import VariantSpec
from .bots import BotError, BotSpec, make_bot, parse_bot_spec, play_game
from .stats import RunningMean, SimulationStats, as_interval, wilson

__all__ = [
    "AUTO_BATCH",
    "AUTO_CAP",
    "AUTO_MIN",
    "DealSummary",
    "GameSummary",
    "Precision",
    "RecordSink",
    "RunningMean",
    "SimulationStats",
    "as_interval",
    "enough_games",
    "game_seed",
    "make_job",
    "ordered_pool_map",
    "parse_bots",
    "play_batches",
    "play_summary",
    "run_games",
    "simulate",
]


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master``."""
    digest = hashlib.sha256(f"rummy-rules:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_bots(text: str, players: int) -> list[str]:
    """``greedy,random`` → one bot spec per seat (the list repeats to fill the table).

    Each spec is checked (see :func:`rummy_rules.sim.bots.parse_bot_spec`); a bad
    one raises :class:`UsageError`.
    """
    specs = [k.strip() for k in text.split(",") if k.strip()]
    if not specs:
        raise UsageError("name at least one bot: greedy or random")
    specs = [parse_bot_spec(k).text for k in specs]
    if len(specs) > players:
        raise UsageError(f"{len(specs)} bots for {players} players")
    return [specs[i % len(specs)] for i in range(players)]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What one deal contributes to the statistics."""

    turns: int
    reason: str
    went_out: int | None
    buys: int
    exchanges: int
    down_turns: tuple[int, ...]
    """Per seat, that player's own turns until going down (-1: never went down)."""
    one_turn_out: bool
    """The player who went out went down in that same turn."""
    caught: float
    """Mean points left in hand by the players who did not go out."""
    contracts: tuple[int, ...] = ()
    """With ``contract.progression: each_player``: per seat, the deal of the
    schedule (from 1) whose contract that player played; empty otherwise."""
    left_deal: tuple[int, ...] = ()
    """Where players may leave a deal (a drop, a wrong declaration): per seat,
    the points of a player who left it, -1 for one who stayed in."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one game contributes to the statistics."""

    index: int
    seed: int
    first_player: int
    """The seat that played first in the first deal."""
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    deals: tuple[DealSummary, ...] = ()
    lead_changes: int = 0
    comeback: bool = False
    """A winner of the game was alone or jointly last after an earlier deal."""
    margin: int = 0
    """How far the winner finished ahead of the next player."""
    spread: float = 0.0
    """Standard deviation of the final totals."""
    error: str | None = None
    """Why the game stopped early (a bot failed); the game is left out of the statistics."""
    capped: str = ""
    """``deal_cap`` or ``turn_cap`` when one of the engine's safety stops ended the
    game or one of its deals: the game did not finish as the rules say, and is
    counted apart from the statistics; empty for a game that finished."""
    record: str | None = None
    """The game's record (JSON Lines), when records were asked for."""
    moves: tuple[str, ...] = ()
    """When asked for (``rummy-rules audit``): per deal, a digest of its actions,
    by seat, in order; two deals with the same digest were played alike."""
    bound: tuple[tuple[str, int], ...] = ()
    """How often each limit in the rules withheld an action in this game, by the
    rule's key, sorted (:attr:`GameState.limits_bound`)."""


@dataclass(frozen=True, slots=True)
class _Job:
    """Everything a worker needs to play one side's games (picklable)."""

    variant_json: str
    players: int
    bots: tuple[str, ...]
    master: int
    records: bool = False
    side: str | None = None
    """In compare, the side's letter, written into each record's header."""
    turn_cap: int | None = None
    """The engine's turn cap for each deal (``None``: its default, 40 × the pack)."""
    deal_cap: int | None = None
    """The engine's deal cap for each game (``None``: its default, 200 deals)."""
    moves: bool = False
    """Summarise each game's moves as a digest (:attr:`GameSummary.moves`)."""


@lru_cache(maxsize=8)
def _compiled(variant_json: str, players: int) -> Rules:
    return compile_rules(VariantSpec.model_validate(json.loads(variant_json)), players)


@lru_cache(maxsize=32)
def _spec(text: str) -> BotSpec:
    return parse_bot_spec(text)


#: The actions that start a turn, and those that put a player down.
_TURN_STARTS = frozenset({"draw", "block", "take"})
_GOING_DOWN = frozenset({"down", "meld"})


def _deal_summaries(state: GameState) -> list[DealSummary]:
    players = state.seats
    out: list[DealSummary] = []
    own_turns = [0] * players
    down_at = [-1] * players
    turns = buys = exchanges = 0
    contracts: tuple[int, ...] = ()
    for entry in state.log:
        if "deck" in entry:
            contracts = tuple(entry.get("contracts", ()))
        action = entry.get("action")
        if action is not None:
            seat = entry["seat"]
            kind = action.partition(" ")[0]  # an action's text starts with its kind
            if kind in _TURN_STARTS:
                turns += 1
                own_turns[seat] += 1
            elif kind == "buy":
                buys += 1
            elif kind == "exchange":
                exchanges += 1
            elif kind in _GOING_DOWN and down_at[seat] < 0:
                down_at[seat] = own_turns[seat]
        elif "deal_end" in entry:
            result = state.results[entry["deal_end"] - 1]
            out_seat = result.went_out
            # Seats out of the game (elimination) hold no cards and are not counted.
            losers = [s for s in range(players) if s != out_seat and result.left[s]]
            caught = sum(sum(state.value(f) for f in result.left[s]) for s in losers)
            out.append(
                DealSummary(
                    turns=turns,
                    reason=result.reason,
                    went_out=out_seat,
                    buys=buys,
                    exchanges=exchanges,
                    down_turns=tuple(down_at),
                    one_turn_out=out_seat is not None and down_at[out_seat] == own_turns[out_seat],
                    caught=caught / len(losers) if losers else 0.0,
                    contracts=contracts,
                    left_deal=result.dropped,
                )
            )
            own_turns = [0] * players
            down_at = [-1] * players
            turns = buys = exchanges = 0
    return out


def play_summary(job: _Job, index: int) -> GameSummary:
    """Play game ``index`` of ``job`` and summarise it (module level, for worker processes)."""
    rules = _compiled(job.variant_json, job.players)
    seed = game_seed(job.master, index)
    state = GameState(rules, seed=seed, turn_cap=job.turn_cap, deal_cap=job.deal_cap)
    first_player = state.current
    try:
        bots = [
            make_bot(_spec(text), random.Random(seed * 31 + seat))
            for seat, text in enumerate(job.bots)
        ]
        play_game(state, bots, names=job.bots)
    except (BotError, UsageError) as exc:
        return GameSummary(
            index=index,
            seed=seed,
            first_player=first_player,
            error=f"game {index + 1} of seed {job.master} (game seed {seed}): {exc}",
        )
    lowest_wins = rules.play.winner == "lowest_total"
    best = min if lowest_wins else max
    leader: tuple[int, ...] = ()
    changes = 0
    for result in state.results:
        top = best(result.totals)
        now = tuple(s for s, t in enumerate(result.totals) if t == top)
        if leader and now != leader:
            changes += 1
        leader = now
    comeback = _comeback(state.results[:-1], set(state.winners()), lowest_wins)
    totals = state.totals
    # One total per side: partners share theirs.
    sides = {state.team[s]: t for s, t in enumerate(totals)}
    ordered = sorted(sides.values(), reverse=not lowest_wins)
    margin = abs(ordered[1] - ordered[0]) if len(ordered) > 1 else 0
    mean = sum(totals) / len(totals)
    spread = math.sqrt(sum((t - mean) ** 2 for t in totals) / len(totals))
    record = None
    if job.records:
        from .records import record_lines

        variant = json.loads(job.variant_json)
        extra: dict[str, Any] = {"game": index + 1}
        if job.side is not None:
            extra["side"] = job.side
        lines = record_lines(state, variant, seats=job.bots, extra=extra)
        record = "\n".join(lines) + "\n"
    moves = _deal_moves(state) if job.moves else ()
    return GameSummary(
        index=index,
        seed=seed,
        first_player=first_player,
        totals=tuple(totals),
        winners=tuple(state.winners()),
        deals=tuple(_deal_summaries(state)),
        capped=capped_by(state),
        lead_changes=changes,
        comeback=comeback,
        margin=margin,
        spread=spread,
        record=record,
        moves=moves,
        bound=tuple(sorted(state.limits_bound.items())),
    )


def _deal_moves(state: GameState) -> tuple[str, ...]:
    """Per deal, a digest of its actions (seat and text, in order)."""
    digests = []
    played = None
    for entry in state.log:
        if "deck" in entry:
            if played is not None:
                digests.append(played.hexdigest())
            played = hashlib.blake2b(digest_size=12)
        elif "action" in entry and played is not None:
            played.update(f"{entry['seat']} {entry['action']}\n".encode())
    if played is not None:
        digests.append(played.hexdigest())
    return tuple(digests)


def capped_by(state: GameState) -> str:
    """``deal_cap`` if the engine's deal cap ended the game, ``turn_cap`` if its
    turn cap stopped one of the game's deals, else empty: a game that finished
    as its rules say."""
    if state.game_over_reason == "deal_cap":
        return "deal_cap"
    if any(result.reason == "turn_cap" for result in state.results):
        return "turn_cap"
    return ""


def _comeback(earlier: Sequence[DealResult], winners: set[int], lowest_wins: bool) -> bool:
    """Whether a winner stood last (alone or jointly, the totals not all equal)
    at the end of one of the ``earlier`` deals."""
    worst = max if lowest_wins else min
    for result in earlier:
        bottom = worst(result.totals)
        if len(set(result.totals)) > 1 and any(result.totals[s] == bottom for s in winners):
            return True
    return False


def play_sides(jobs: tuple[_Job, ...], index: int) -> tuple[GameSummary, ...]:
    """Game ``index`` under each side's rules, with the same seed (for :func:`compare`)."""
    return tuple(play_summary(job, index) for job in jobs)


def make_job(
    spec: VariantSpec,
    players: int,
    bots: Sequence[str],
    seed: int,
    records: bool,
    side: str | None = None,
    caps: tuple[int | None, int | None] = (None, None),
    moves: bool = False,
) -> _Job:
    """What a worker needs to play game *i* of a run (picklable); ``caps`` are
    the engine's (turn cap, deal cap), ``None`` for its defaults; ``moves``:
    give each game's :attr:`GameSummary.moves`."""
    variant_json = json.dumps(spec.model_dump(mode="json"), sort_keys=True)
    compile_rules(spec, players)  # fail early on a bad player count
    return _Job(variant_json, players, tuple(bots), seed, records, side, *caps, moves)


#: An automatic run (``--games auto``) checks whether to stop every this many
#: games, plays at least ``AUTO_MIN`` and at most ``AUTO_CAP``.
AUTO_BATCH = 100
AUTO_MIN = 200
AUTO_CAP = 5000


@dataclass(frozen=True, slots=True)
class Precision:
    """How precise an automatic run's headline figures must be before it stops.

    ``rate``: the half-width of every 95% interval on a rate (a seat's win
    rate; in compare, a difference of rates), as a fraction (0.05 is ±5
    points). ``relative``: the half-width of every other 95% interval (a
    deal's mean length; in compare, a difference), relative to the figure's
    mean (0.05 is ±5%).
    """

    rate: float = 0.05
    relative: float = 0.05

    def words(self) -> str:
        """The precision in plain words."""
        return f"±{self.rate * 100:g} points for rates, ±{self.relative * 100:g}% for means"


def enough_games(stats: SimulationStats, precision: Precision) -> str | None:
    """Why ``stats`` answer the headline questions precisely enough (``None``: play on).

    The headline figures: every seat's win rate, and every deal's mean length.
    """
    n = stats.games
    if n < AUTO_MIN:
        return None
    for wins in stats.wins_by_seat:
        _, low, high = wilson(wins, n)
        if (high - low) / 2 > precision.rate:
            return None
    for deal in stats.per_deal:
        if deal.turns.n < 2:
            continue
        mean, low, high = deal.turns.interval()
        if (high - low) / 2 > precision.relative * abs(mean):
            return None
    return (
        f"every seat's win rate is known within ±{precision.rate * 100:g} points and every "
        f"deal's mean length within ±{precision.relative * 100:g}%"
    )


class RecordSink(Protocol):
    """Where :func:`simulate` writes each finished game's record (an open text file will do)."""

    def write(self, text: str, /) -> Any:
        """Take one game's record: complete JSON Lines ending in a newline."""


def simulate(
    spec: VariantSpec,
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    records: RecordSink | None = None,
    precision: Precision | None = None,
    caps: tuple[int | None, int | None] = (None, None),
) -> SimulationStats:
    """Play ``games`` games and return their statistics.

    ``bots`` holds one bot spec per seat. With ``workers`` > 1 the games run
    in that many processes; the result is the same as with one. Each game's
    record is written to ``records`` (JSON Lines, one game after another) when
    it is given. A ``KeyboardInterrupt`` stops early and keeps the statistics
    (and records) of the games finished so far.

    With ``precision``, ``games`` is a cap: every :data:`AUTO_BATCH` games
    the run stops once :func:`enough_games` says the figures are precise
    enough; ``stop_reason`` says why it stopped. The games played depend only
    on the seed, so the same seed stops at the same game.

    ``caps`` sets the engine's safety stops, (turn cap, deal cap), ``None`` for
    their defaults. A game one of them stopped did not finish as the rules say:
    it is counted in ``stats.capped`` and left out of every other figure.
    """
    job = make_job(spec, players, bots, seed, records is not None, caps=caps)
    stats = SimulationStats(players=players, deals=len(spec.deals), bots=tuple(bots))

    def fold(summary: GameSummary) -> int:
        stats.add(summary)
        if records is not None and summary.record is not None:
            records.write(summary.record)
        return stats.games + stats.failed + sum(stats.capped.values())

    stats.stop_reason, stats.interrupted = play_batches(
        run_games(partial(play_summary, job), games, workers),
        fold,
        games=games,
        decided=None if precision is None else partial(enough_games, stats, precision),
        on_game=on_game,
    )
    return stats


def play_batches(
    results: Iterable[Any],
    fold: Callable[[Any], int],
    *,
    games: int,
    decided: Callable[[], str | None] | None,
    on_game: Callable[[int], None] | None,
) -> tuple[str, bool]:
    """Fold each of ``results`` in (``fold`` returns the games done so far).

    With ``decided`` (an automatic run) it is asked every :data:`AUTO_BATCH`
    games whether to stop. Returns (why the run stopped, whether a
    ``KeyboardInterrupt`` stopped it): the reason is empty for a fixed number
    of games.
    """
    try:
        for result in results:
            done = fold(result)
            if on_game is not None:
                on_game(done)
            if decided is not None and done % AUTO_BATCH == 0:
                reason = decided()
                if reason is not None:
                    return reason, False
    except KeyboardInterrupt:
        return "", True
    return (f"reached the cap of {games} games" if decided is not None else ""), False


def ordered_pool_map(
    fn: Callable[[Any], Any], items: Sequence[Any], workers: int, chunksize: int = 1
) -> Iterator[Any]:
    """``fn(item)`` for each item, yielded in the order of ``items``.

    One worker runs in this process; more run in a pool of spawned processes
    (``fn`` must be a module-level function), terminated on Ctrl-C. The
    workers ignore Ctrl-C themselves (a terminal sends it to every process
    of the command): the stop is this process's to make, and a worker
    interrupted mid-game would only print its traceback.
    """
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with _pool(context, workers) as pool:
        try:
            yield from pool.imap(fn, items, chunksize=chunksize)
        except KeyboardInterrupt:
            pool.terminate()
            raise


@contextlib.contextmanager
def _pool(context: Any, workers: int) -> Iterator[Any]:
    """A pool of ``workers`` processes that ignore Ctrl-C from their first
    instant: SIGINT is ignored while they start (a process inherits an ignored
    signal), then handled here again; each also ignores it once running."""
    try:
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to change
        handler = None
    try:
        pool = context.Pool(workers, initializer=_leave_stops_to_parent)
    finally:
        if handler is not None:
            signal.signal(signal.SIGINT, handler)
    with pool:
        yield pool


def _leave_stops_to_parent() -> None:
    """A pool worker's start: Ctrl-C is the parent's to act on (see :func:`ordered_pool_map`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_games(job: Callable[[int], Any], games: int, workers: int) -> Iterator[Any]:
    """``job(i)`` for i in ``range(games)``, in order, in ``workers`` processes."""
    # Small chunks keep every worker busy to the end (games differ in length,
    # and a long last chunk would leave the other workers idle); sending a
    # game index and receiving its summary costs far less than playing it.
    chunk = max(1, min(4, games // (max(1, workers) * 32)))
    return ordered_pool_map(job, range(games), workers, chunk)
