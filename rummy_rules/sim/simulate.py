"""Many games between bots, with statistics that answer house-rule questions.

Game *i* depends only on (master seed, *i*): its seed is derived with a
stable hash, so the statistics are identical for any number of worker
processes. Statistics are streamed (running sums and bounded histograms), so
memory stays flat however many games are played. :mod:`.compare` plays the
same seeds under two or more rule sets (common random numbers) and reports
the paired differences.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Protocol

from ..engine.rules import Rules, compile_rules
from ..engine.state import GameState
from ..errors import UsageError
from ..spec.schema import VariantSpec
from .bots import BotError, BotSpec, make_bot, parse_bot_spec, play_game

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
    margin: int = 0
    """How far the winner finished ahead of the next player."""
    spread: float = 0.0
    """Standard deviation of the final totals."""
    error: str | None = None
    """Why the game stopped early (a bot failed); the game is left out of the statistics."""
    record: str | None = None
    """The game's record (JSON Lines), when records were asked for."""


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


@lru_cache(maxsize=8)
def _compiled(variant_json: str, players: int) -> Rules:
    return compile_rules(VariantSpec.model_validate(json.loads(variant_json)), players)


@lru_cache(maxsize=32)
def _spec(text: str) -> BotSpec:
    return parse_bot_spec(text)


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
            if action in ("draw", "block") or action.startswith("take"):
                turns += 1
                own_turns[seat] += 1
            elif action == "buy":
                buys += 1
            elif action.startswith("exchange"):
                exchanges += 1
            elif action.startswith(("down", "meld")) and down_at[seat] < 0:
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
    state = GameState(rules, seed=seed)
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
    return GameSummary(
        index=index,
        seed=seed,
        first_player=first_player,
        totals=tuple(totals),
        winners=tuple(state.winners()),
        deals=tuple(_deal_summaries(state)),
        lead_changes=changes,
        margin=margin,
        spread=spread,
        record=record,
    )


def play_sides(jobs: tuple[_Job, ...], index: int) -> tuple[GameSummary, ...]:
    """Game ``index`` under each side's rules, with the same seed (for :func:`compare`)."""
    return tuple(play_summary(job, index) for job in jobs)


@dataclass(slots=True)
class RunningMean:
    """Running mean and variance (Welford)."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def interval(self) -> tuple[float, float, float]:
        """(mean, low, high) of a 95% confidence interval for the mean."""
        if self.n < 2:
            return self.mean, self.mean, self.mean
        half = 1.96 * math.sqrt(self.m2 / (self.n - 1) / self.n)
        return self.mean, self.mean - half, self.mean + half

    def count_interval(self) -> tuple[float, float, float]:
        """:meth:`interval` for a figure that cannot be negative (a count, a
        length, a margin): the interval does not go below 0."""
        mean, low, high = self.interval()
        return mean, max(0.0, low), high

    def share_interval(self) -> tuple[float, float, float]:
        """(mean, low, high) for values that are shares (0 to 1): the 95% Wilson
        interval that ``simulate`` gives a rate over the same games, so a share
        seen 0 times in 10 games reads ``0% (0 to 27.8)``, not ``(0 to 0)``."""
        return _wilson(self.mean * self.n, self.n)


def _wilson(successes: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): a 95% Wilson interval for a proportion."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def as_interval(values: tuple[float, float, float], digits: int = 3) -> dict[str, float]:
    """(value, low, high) as the ``{"value", "low", "high"}`` mapping of the JSON output."""
    return {k: round(v, digits) for k, v in zip(("value", "low", "high"), values, strict=True)}


def _percentile(histogram: dict[int, int], q: float) -> int:
    """The ``q`` quantile (0–1) of the values counted in ``histogram`` (nearest rank)."""
    total = sum(histogram.values())
    if not total:
        return 0
    rank = max(1, math.ceil(q * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return max(histogram)


@dataclass(slots=True)
class _DealStats:
    turns: RunningMean = field(default_factory=RunningMean)
    turns_hist: dict[int, int] = field(default_factory=dict)
    buys: RunningMean = field(default_factory=RunningMean)
    exchanges: RunningMean = field(default_factory=RunningMean)
    reasons: dict[str, int] = field(default_factory=dict)
    down_turns: RunningMean = field(default_factory=RunningMean)
    went_down: int = 0
    first_down: RunningMean = field(default_factory=RunningMean)
    one_turn_outs: int = 0
    caught: RunningMean = field(default_factory=RunningMean)
    left_costs: dict[int, int] = field(default_factory=dict)
    """How many players left a deal (a drop, a wrong declaration), by its cost."""

    def add(self, deal: DealSummary) -> None:
        self.turns.add(deal.turns)
        self.turns_hist[deal.turns] = self.turns_hist.get(deal.turns, 0) + 1
        self.buys.add(deal.buys)
        self.exchanges.add(deal.exchanges)
        self.reasons[deal.reason] = self.reasons.get(deal.reason, 0) + 1
        downs = [t for t in deal.down_turns if t >= 0]
        for turns in downs:
            self.down_turns.add(turns)
        self.went_down += len(downs)
        if downs:
            self.first_down.add(min(downs))
        self.one_turn_outs += deal.one_turn_out
        self.caught.add(deal.caught)
        for cost in deal.left_deal:
            if cost >= 0:
                self.left_costs[cost] = self.left_costs.get(cost, 0) + 1


#: Errors kept for the report; later ones are only counted.
MAX_ERRORS = 20


@dataclass(slots=True)
class SimulationStats:
    """Streaming statistics over finished games."""

    players: int
    deals: int
    games: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)
    interrupted: bool = False
    stop_reason: str = ""
    """Why an automatic run (``--games auto``) stopped where it did."""
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_position: list[float] = field(default_factory=list)
    totals_by_seat: list[RunningMean] = field(default_factory=list)
    totals_hist: dict[int, int] = field(default_factory=dict)
    per_deal: list[_DealStats] = field(default_factory=list)
    game_turns: RunningMean = field(default_factory=RunningMean)
    deals_per_game: RunningMean = field(default_factory=RunningMean)
    margin: RunningMean = field(default_factory=RunningMean)
    lead_changes: RunningMean = field(default_factory=RunningMean)
    spread: RunningMean = field(default_factory=RunningMean)
    contract_tries: dict[int, list[int]] = field(default_factory=dict)
    """With ``contract.progression: each_player``: per contract (deal of the
    schedule, from 1), [times a player played it, times they went down with it]."""

    def __post_init__(self) -> None:
        self.wins_by_seat = [0.0] * self.players
        self.wins_by_position = [0.0] * self.players
        self.totals_by_seat = [RunningMean() for _ in range(self.players)]
        self.per_deal = [_DealStats() for _ in range(self.deals)]

    def add(self, game: GameSummary) -> None:
        """Fold one game in (a failed game is counted and its error kept)."""
        if game.error is not None:
            self.failed += 1
            if len(self.errors) < MAX_ERRORS:
                self.errors.append(game.error)
            return
        self.games += 1
        share = 1 / len(game.winners)
        for seat in game.winners:
            self.wins_by_seat[seat] += share
            self.wins_by_position[(seat - game.first_player) % self.players] += share
        for seat, total in enumerate(game.totals):
            self.totals_by_seat[seat].add(total)
            self.totals_hist[total] = self.totals_hist.get(total, 0) + 1
        for i, deal in enumerate(game.deals):
            # Past the schedule (target-score and elimination games) the last deal repeats.
            self.per_deal[min(i, self.deals - 1)].add(deal)
            for seat, number in enumerate(deal.contracts):
                tries = self.contract_tries.setdefault(number, [0, 0])
                tries[0] += 1
                tries[1] += deal.down_turns[seat] >= 0
        self.deals_per_game.add(len(game.deals))
        self.game_turns.add(sum(d.turns for d in game.deals))
        self.margin.add(game.margin)
        self.lead_changes.add(game.lead_changes)
        self.spread.add(game.spread)

    def to_dict(self) -> dict[str, Any]:
        """The statistics as a JSON-ready mapping (rates and means with 95% intervals)."""
        n = self.games
        deals = []
        for i, d in enumerate(self.per_deal):
            played = d.turns.n
            deals.append(
                {
                    "deal": i + 1,
                    # Target-score and elimination games repeat the last deal.
                    "label": f"{i + 1} and later" if played > n and n else str(i + 1),
                    "turns": as_interval(d.turns.count_interval(), 1),
                    "turns_percentiles": {
                        f"p{q}": _percentile(d.turns_hist, q / 100) for q in (10, 50, 90, 99)
                    },
                    "turns_histogram": {str(k): v for k, v in sorted(d.turns_hist.items())},
                    "buys": as_interval(d.buys.count_interval(), 2),
                    "joker_exchanges": as_interval(d.exchanges.count_interval(), 2),
                    "ended_by": dict(sorted(d.reasons.items())),
                    "ended_by_rate": {
                        k: as_interval(_wilson(v, played)) for k, v in sorted(d.reasons.items())
                    },
                    "played": played,
                    "not_gone_out_rate": as_interval(
                        _wilson(played - d.reasons.get("out", 0), played)
                    ),
                    "own_turns_to_go_down": as_interval(d.down_turns.count_interval(), 2),
                    "first_down_after_own_turns": as_interval(d.first_down.count_interval(), 2),
                    "went_down_rate": as_interval(_wilson(d.went_down, played * self.players)),
                    "one_turn_out_rate": as_interval(_wilson(d.one_turn_outs, played)),
                    "points_caught_in_hand": as_interval(d.caught.count_interval(), 1),
                    "left_deal_by_cost": {str(k): v for k, v in sorted(d.left_costs.items())},
                    "left_deal_rate": as_interval(
                        _wilson(sum(d.left_costs.values()), played * self.players)
                    ),
                }
            )
        return {
            "games": n,
            "failed_games": self.failed,
            "errors": list(self.errors),
            "interrupted": self.interrupted,
            "stop_reason": self.stop_reason,
            "win_rate_by_seat": [as_interval(_wilson(w, n)) for w in self.wins_by_seat],
            "win_rate_by_turn_order": [as_interval(_wilson(w, n)) for w in self.wins_by_position],
            "mean_total_by_seat": [as_interval(m.interval(), 1) for m in self.totals_by_seat],
            "totals_histogram": {str(k): v for k, v in sorted(self.totals_hist.items())},
            "deals": deals,
            "turns_per_game": as_interval(self.game_turns.count_interval(), 1),
            "deals_per_game": as_interval(self.deals_per_game.count_interval(), 2),
            "final_margin": as_interval(self.margin.count_interval(), 1),
            "score_spread": as_interval(self.spread.count_interval(), 1),
            "lead_changes": as_interval(self.lead_changes.count_interval(), 2),
            "contracts": [
                {
                    "contract": number,
                    "tries_per_game": round(tries / n, 2) if n else 0.0,
                    "made_rate": as_interval(_wilson(made, tries)),
                }
                for number, (tries, made) in sorted(self.contract_tries.items())
            ],
        }


def make_job(
    spec: VariantSpec,
    players: int,
    bots: Sequence[str],
    seed: int,
    records: bool,
    side: str | None = None,
) -> _Job:
    """What a worker needs to play game *i* of a run (picklable)."""
    variant_json = json.dumps(spec.model_dump(mode="json"), sort_keys=True)
    compile_rules(spec, players)  # fail early on a bad player count
    return _Job(variant_json, players, tuple(bots), seed, records, side)


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
        _, low, high = _wilson(wins, n)
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
    """
    job = make_job(spec, players, bots, seed, records is not None)
    stats = SimulationStats(players=players, deals=len(spec.deals))

    def fold(summary: GameSummary) -> int:
        stats.add(summary)
        if records is not None and summary.record is not None:
            records.write(summary.record)
        return stats.games + stats.failed

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
    (``fn`` must be a module-level function), terminated on Ctrl-C.
    """
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        try:
            yield from pool.imap(fn, items, chunksize=chunksize)
        except KeyboardInterrupt:
            pool.terminate()
            raise


def run_games(job: Callable[[int], Any], games: int, workers: int) -> Iterator[Any]:
    """``job(i)`` for i in ``range(games)``, in order, in ``workers`` processes."""
    # Small chunks keep every worker busy to the end (games differ in length,
    # and a long last chunk would leave the other workers idle); sending a
    # game index and receiving its summary costs far less than playing it.
    chunk = max(1, min(4, games // (max(1, workers) * 32)))
    return ordered_pool_map(job, range(games), workers, chunk)
