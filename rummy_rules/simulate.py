"""Many games between bots, with statistics that answer house-rule questions.

Game *i* depends only on (master seed, *i*): its seed is derived with a
stable hash, so the statistics are identical for any number of worker
processes. Statistics are streamed (running sums), so memory stays flat
however many games are played.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .bots import Bot, RandomBot, play_game
from .bots.greedy import GreedyBot
from .engine.state import GameState
from .errors import UsageError
from .rules import Rules, compile_rules
from .schema import VariantSpec

__all__ = [
    "BOT_KINDS",
    "GameSummary",
    "SimulationStats",
    "game_seed",
    "parse_bots",
    "play_summary",
    "simulate",
]

#: The bots a simulation can seat.
BOT_KINDS = ("greedy", "random")


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master``."""
    digest = hashlib.sha256(f"rummy-rules:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_bots(text: str, players: int) -> list[str]:
    """``greedy,random`` → one bot kind per seat (the list repeats to fill the table)."""
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not kinds:
        raise UsageError("name at least one bot: greedy or random")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise UsageError(f"unknown bot '{kind}': choose from {', '.join(BOT_KINDS)}")
    if len(kinds) > players:
        raise UsageError(f"{len(kinds)} bots for {players} players")
    return [kinds[i % len(kinds)] for i in range(players)]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one game contributes to the statistics."""

    index: int
    first_player: int
    """The seat that played first in the first deal."""
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deal_turns: tuple[int, ...]
    deal_reasons: tuple[str, ...]
    deal_buys: tuple[int, ...]
    lead_changes: int
    margin: int
    """How far the winner finished ahead of the next player."""


@lru_cache(maxsize=8)
def _compiled(variant_json: str, players: int) -> Rules:
    return compile_rules(VariantSpec.model_validate(json.loads(variant_json)), players)


def _make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        rng = random.Random(seed * 31 + seat)
        if kind == "random":
            bots.append(RandomBot(rng))
        else:
            bots.append(GreedyBot(rng))
    return bots


def play_summary(
    variant_json: str, players: int, kinds: tuple[str, ...], master: int, index: int
) -> GameSummary:
    """Play game ``index`` and summarise it (a module-level function, for worker processes)."""
    rules = _compiled(variant_json, players)
    seed = game_seed(master, index)
    state = GameState(rules, seed=seed)
    bots = _make_bots(kinds, seed)
    first_player = state.current
    play_game(state, bots)
    turns: list[int] = []
    buys: list[int] = []
    turn_count = deal_buys = 0
    for entry in state.log:
        if "action" in entry:
            if entry["action"].startswith(("draw", "take")):
                turn_count += 1
            elif entry["action"] == "buy":
                deal_buys += 1
        elif "deal_end" in entry:
            turns.append(turn_count)
            buys.append(deal_buys)
            turn_count = deal_buys = 0
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
    ordered = sorted(state.totals, reverse=not lowest_wins)
    margin = abs(ordered[1] - ordered[0]) if len(ordered) > 1 else 0
    return GameSummary(
        index=index,
        first_player=first_player,
        totals=tuple(state.totals),
        winners=tuple(state.winners()),
        deal_turns=tuple(turns),
        deal_reasons=tuple(r.reason for r in state.results),
        deal_buys=tuple(buys),
        lead_changes=changes,
        margin=margin,
    )


@dataclass(slots=True)
class _Mean:
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


def _wilson(successes: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): a 95% Wilson interval for a proportion."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class SimulationStats:
    """Streaming statistics over finished games."""

    players: int
    deals: int
    games: int = 0
    interrupted: bool = False
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_position: list[float] = field(default_factory=list)
    totals_by_seat: list[_Mean] = field(default_factory=list)
    turns_by_deal: list[_Mean] = field(default_factory=list)
    buys_by_deal: list[_Mean] = field(default_factory=list)
    reasons_by_deal: list[dict[str, int]] = field(default_factory=list)
    margin: _Mean = field(default_factory=_Mean)
    lead_changes: _Mean = field(default_factory=_Mean)

    def __post_init__(self) -> None:
        self.wins_by_seat = [0.0] * self.players
        self.wins_by_position = [0.0] * self.players
        self.totals_by_seat = [_Mean() for _ in range(self.players)]
        self.turns_by_deal = [_Mean() for _ in range(self.deals)]
        self.buys_by_deal = [_Mean() for _ in range(self.deals)]
        self.reasons_by_deal = [{} for _ in range(self.deals)]

    def add(self, game: GameSummary) -> None:
        """Fold one game in."""
        self.games += 1
        share = 1 / len(game.winners)
        for seat in game.winners:
            self.wins_by_seat[seat] += share
            self.wins_by_position[(seat - game.first_player) % self.players] += share
        for seat, total in enumerate(game.totals):
            self.totals_by_seat[seat].add(total)
        for i, turns in enumerate(game.deal_turns[: self.deals]):
            self.turns_by_deal[i].add(turns)
            self.buys_by_deal[i].add(game.deal_buys[i])
            reason = game.deal_reasons[i]
            self.reasons_by_deal[i][reason] = self.reasons_by_deal[i].get(reason, 0) + 1
        self.margin.add(game.margin)
        self.lead_changes.add(game.lead_changes)

    def to_dict(self) -> dict[str, Any]:
        """The statistics as a JSON-ready mapping (rates and means with 95% intervals)."""

        def interval(values: tuple[float, float, float], digits: int = 3) -> dict[str, float]:
            return {
                k: round(v, digits) for k, v in zip(("value", "low", "high"), values, strict=True)
            }

        return {
            "games": self.games,
            "interrupted": self.interrupted,
            "win_rate_by_seat": [interval(_wilson(w, self.games)) for w in self.wins_by_seat],
            "win_rate_by_turn_order": [
                interval(_wilson(w, self.games)) for w in self.wins_by_position
            ],
            "mean_total_by_seat": [interval(m.interval(), 1) for m in self.totals_by_seat],
            "deals": [
                {
                    "deal": i + 1,
                    "turns": interval(self.turns_by_deal[i].interval(), 1),
                    "buys": interval(self.buys_by_deal[i].interval(), 2),
                    "ended_by": dict(sorted(self.reasons_by_deal[i].items())),
                }
                for i in range(self.deals)
            ],
            "final_margin": interval(self.margin.interval(), 1),
            "lead_changes": interval(self.lead_changes.interval(), 2),
        }


def simulate(
    spec: VariantSpec,
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``games`` games and return their statistics.

    ``bots`` holds one bot kind per seat. With ``workers`` > 1 the games run
    in that many processes; the result is the same as with one. A
    ``KeyboardInterrupt`` stops early and keeps the statistics of the games
    finished so far.
    """
    variant_json = json.dumps(spec.model_dump(mode="json"), sort_keys=True)
    compile_rules(spec, players)  # fail early on a bad player count
    stats = SimulationStats(players=players, deals=len(spec.deals))
    kinds = tuple(bots)
    try:
        for summary in _run(variant_json, players, kinds, seed, games, workers):
            stats.add(summary)
            if on_game is not None:
                on_game(stats.games)
    except KeyboardInterrupt:
        stats.interrupted = True
    return stats


def _run(
    variant_json: str, players: int, kinds: tuple[str, ...], seed: int, games: int, workers: int
) -> Iterator[GameSummary]:
    if workers <= 1:
        for index in range(games):
            yield play_summary(variant_json, players, kinds, seed, index)
        return
    import multiprocessing
    from functools import partial

    job = partial(play_summary, variant_json, players, kinds, seed)
    chunk = max(1, min(200, games // (workers * 4) or 1))
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        try:
            yield from pool.imap(job, range(games), chunksize=chunk)
        except KeyboardInterrupt:
            pool.terminate()
            raise
