"""A ladder: every pair of bots plays the same deals with their seats swapped,
and each bot gets a rating with a 95% interval.

For each pair of bot specs (A, B), game *i* is played twice from the same seed
(a mirrored pair, as in duplicate bridge): once with A in the odd seats (p1,
p3, ...) and B in the even ones, once the other way round. A game scores 1 for
the side whose seat wins (a tie between both sides' seats is shared). A
pairing's figure is A's share of the points, with a 95% Wilson interval.

Ratings are on the Elo scale (a 400-point gap: the stronger side scores 10 to
1), fitted to every pairing at once (the Bradley–Terry model, by its
minorisation–maximisation iteration), the first bot named rated 0. Each
pairing counts one extra game shared half and half, so that a bot that never
scores has a finite rating. The 95% interval of each rating is the 2.5th to
97.5th percentile of the ratings fitted again to 1,000 resampled ladders
(each pairing's share drawn from its Jeffreys posterior, Beta(points + 1/2,
games - points + 1/2)).
``docs/figures.md`` gives the same in words.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..spec.schema import VariantSpec
from .simulate import (
    AUTO_BATCH,
    AUTO_MIN,
    GameSummary,
    game_seed,
    make_job,
    ordered_pool_map,
    play_summary,
)
from .stats import MAX_ERRORS, as_interval, wilson

__all__ = ["LadderResult", "Pairing", "fit_ratings", "ladder", "layouts"]

#: Resampled ladders behind each rating's interval.
RESAMPLES = 1000


@dataclass(slots=True)
class Pairing:
    """Two bots' games against each other: A's points and the games played."""

    a: str
    b: str
    points: float = 0.0
    games: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)
    stop_reason: str = ""
    """With ``--games auto``: why the pairing stopped where it did."""
    capped: int = 0
    """Games a safety stop of the engine cut short: no points to either bot."""

    def to_dict(self) -> dict[str, Any]:
        """A's share of the points with its 95% interval, and whether it excludes 50%."""
        share = as_interval(wilson(self.points, self.games))
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "failed_games": self.failed,
            "capped_games": self.capped,
            "a_points": round(self.points, 3),
            "a_score": share,
            "decided": self.games > 0 and (share["low"] > 0.5 or share["high"] < 0.5),
            "stop_reason": self.stop_reason,
        }


@dataclass(slots=True)
class LadderResult:
    """The pairings played and the ratings fitted to them."""

    bots: list[str]
    pairings: list[Pairing]
    seed: int
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The pairings, and the bots by rating (highest first) with 95% intervals."""
        ratings = fit_ratings(self.bots, self.pairings)
        low, high = _rating_intervals(self.bots, self.pairings, self.seed)
        order = sorted(range(len(self.bots)), key=lambda i: -ratings[i])
        return {
            "interrupted": self.interrupted,
            "pairings": [p.to_dict() for p in self.pairings],
            "ratings": [
                {
                    "bot": self.bots[i],
                    "rating": round(ratings[i], 1),
                    "low": round(low[i], 1),
                    "high": round(high[i], 1),
                    "games": sum(p.games for p in self.pairings if self.bots[i] in (p.a, p.b)),
                }
                for i in order
            ],
        }


def layouts(a: str, b: str, players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two seatings of a mirrored pair: A in the odd seats, then B there."""
    first = tuple(a if s % 2 == 0 else b for s in range(players))
    return first, tuple(b if s % 2 == 0 else a for s in range(players))


def _play(task: tuple[Any, int]) -> GameSummary:
    return play_summary(*task)


def ladder(
    spec: VariantSpec,
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    precision: float | None = None,
) -> LadderResult:
    """Play ``games`` games (rounded up to mirrored pairs) for every pair of
    ``bots`` (distinct specs), and fit the ratings.

    With ``precision`` (a half-width, 0.05 for ±5 points) ``games`` is a cap:
    pairings play rounds of :data:`AUTO_BATCH` games, and each stops, once it
    has played :data:`AUTO_MIN`, as soon as its interval leaves out 50% or is
    that narrow. A ``KeyboardInterrupt`` stops early and keeps the games
    finished so far."""
    names = list(dict.fromkeys(bots))
    pairs = list(itertools.combinations(names, 2))
    result = LadderResult(names, [Pairing(a, b) for a, b in pairs], seed)
    jobs = []
    for index, (a, b) in enumerate(pairs):
        master = game_seed(seed, index)  # each pairing its own deals
        first, second = layouts(a, b, players)
        jobs.append((make_job(spec, players, first, master, False), first, second))
    step = (games + 1) // 2 if precision is None else AUTO_BATCH // 2
    played = [0] * len(pairs)  # mirrored pairs played per pairing
    done = [0]
    try:
        while True:
            todo = []
            for k, pairing in enumerate(result.pairings):
                reason = _settled(pairing, precision)
                if reason is None and 2 * played[k] >= games and precision is not None:
                    reason = f"reached the cap of {2 * played[k]} games"
                if reason is None:
                    todo.append(k)
                else:
                    pairing.stop_reason = reason
            if not todo:
                break
            tasks = []
            for k in todo:
                job, first, second = jobs[k]
                mirrored = dataclasses.replace(job, bots=second)
                stop = min(played[k] + step, (games + 1) // 2)
                for i in range(played[k], stop):
                    tasks += [(k, first, (job, i)), (k, second, (mirrored, i))]
                played[k] = stop
            _fold(result, tasks, workers, done, on_game)
            if precision is None:
                break
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def _settled(pairing: Pairing, precision: float | None) -> str | None:
    """Why an automatic run may stop playing ``pairing`` (``None``: play on)."""
    if precision is None or pairing.games < AUTO_MIN:
        return None
    _, low, high = wilson(pairing.points, pairing.games)
    if low > 0.5 or high < 0.5:
        return "decided: the interval leaves out 50%"
    if (high - low) / 2 <= precision:
        return f"precise: the interval is within ±{precision * 100:g} points"
    return None


def _fold(
    result: LadderResult,
    tasks: list[tuple[int, tuple[str, ...], tuple[Any, int]]],
    workers: int,
    done: list[int],
    on_game: Callable[[int], None] | None,
) -> None:
    """Play ``tasks`` (pairing, seating, game) and add each game to its pairing."""
    games = ordered_pool_map(_play, [task for _, _, task in tasks], workers)
    for (k, seating, _), summary in zip(tasks, games, strict=True):
        pairing = result.pairings[k]
        if summary.error is not None:
            pairing.failed += 1
            if len(pairing.errors) < MAX_ERRORS:
                pairing.errors.append(summary.error)
        elif summary.capped:
            pairing.capped += 1
        else:
            a_won = sum(seating[seat] == pairing.a for seat in summary.winners)
            pairing.points += a_won / len(summary.winners)
            pairing.games += 1
        done[0] += 1
        if on_game is not None:
            on_game(done[0])


def fit_ratings(
    bots: Sequence[str],
    pairings: Sequence[Pairing],
    shares: Sequence[float] | None = None,
) -> list[float]:
    """Elo-scale Bradley–Terry ratings, the first bot 0 (``shares``: each
    pairing's share of the points to A, the extra game included, instead of
    those played: for resampling)."""
    index = {bot: i for i, bot in enumerate(bots)}
    n = len(bots)
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for k, p in enumerate(pairings):
        a, b = index[p.a], index[p.b]
        # One extra game shared half and half: no rating runs off to infinity.
        got = p.points + 0.5 if shares is None else shares[k] * (p.games + 1)
        wins[a] += got
        wins[b] += p.games + 1 - got
        games[a][b] += p.games + 1
        games[b][a] += p.games + 1
    strength = [1.0] * n
    for _ in range(500):
        new = []
        for i in range(n):
            denominator = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(n) if games[i][j]
            )
            new.append(wins[i] / denominator if denominator else strength[i])
        scale = new[0] or 1.0
        change = max(abs(x / scale - y) for x, y in zip(new, strength, strict=True))
        strength = [x / scale for x in new]
        if change < 1e-10:
            break
    return [400 * math.log10(s) if s > 0 else -math.inf for s in strength]


def _rating_intervals(
    bots: Sequence[str], pairings: Sequence[Pairing], seed: int
) -> tuple[list[float], list[float]]:
    """The 2.5th and 97.5th percentiles of each rating over resampled ladders."""
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    for _ in range(RESAMPLES):
        # Each share drawn from its Jeffreys posterior, Beta(points + 1/2, rest + 1/2),
        # whose mean is the share the ratings are fitted to: unlike the binomial
        # of the observed share, it still varies where one side never scored.
        shares = [rng.betavariate(p.points + 0.5, p.games - p.points + 0.5) for p in pairings]
        for i, rating in enumerate(fit_ratings(bots, pairings, shares)):
            samples[i].append(rating)
    low, high = [], []
    for values in samples:
        values.sort()
        low.append(values[int(0.025 * (RESAMPLES - 1))])
        high.append(values[math.ceil(0.975 * (RESAMPLES - 1))])
    return low, high
