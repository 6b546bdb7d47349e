"""Streaming statistics over finished games: the figures ``simulate`` reports.

``docs/figures.md`` gives the formula of each design figure (first-seat
advantage, skill gap, comebacks, deals nobody won, length spread).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .simulate import DealSummary, GameSummary

__all__ = [
    "MAX_ERRORS",
    "RunningMean",
    "SimulationStats",
    "as_interval",
    "holm",
    "paired_p_value",
    "wilson",
]


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
        return wilson(self.mean * self.n, self.n)


def wilson(successes: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): a 95% Wilson interval for a proportion."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    out = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            out *= d * c
        if abs(d * c - 1) < 1e-14:
            break
    return out


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), 0 <= x <= 1."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def paired_p_value(diff: RunningMean) -> float:
    """Two-sided p-value of Student's t test that the mean of the paired
    differences in ``diff`` is 0 (n - 1 degrees of freedom). Differences that
    are all 0 give 1; all equal and not 0, 0; fewer than two, 1."""
    if diff.n < 2:
        return 1.0
    variance = diff.m2 / (diff.n - 1)
    if variance <= 1e-24 * max(1.0, diff.mean * diff.mean):
        return 1.0 if diff.mean == 0 else 0.0
    t = diff.mean / math.sqrt(variance / diff.n)
    df = diff.n - 1
    return min(1.0, _incomplete_beta(df / 2, 0.5, df / (df + t * t)))


def holm(p_values: list[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down test over many p-values at family-wise error rate
    ``alpha``: which are significant (the k-th smallest is, if it and every
    smaller one is at most alpha / (m - k + 1))."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    out = [False] * len(p_values)
    m = len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (m - rank):
            break
        out[index] = True
    return out


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
    bots: tuple[str, ...] = ()
    """The bot spec of each seat (for the win rate of each bot and the skill gap)."""
    game_turns_hist: dict[int, int] = field(default_factory=dict)
    comebacks: int = 0
    deals_played: int = 0
    deals_unwon: int = 0
    """Deals that ended with nobody going out or knocking."""
    capped: dict[str, int] = field(default_factory=dict)
    """Games a safety stop of the engine ended (``deal_cap``) or cut short
    (``turn_cap``: one of its deals), by stop: counted here and nowhere else."""
    bound: dict[str, list[int]] = field(default_factory=dict)
    """Per rule key, [times the limit withheld an action, games where it did]
    (:attr:`GameSummary.bound`): a limit missing here never bound."""

    def __post_init__(self) -> None:
        self.wins_by_seat = [0.0] * self.players
        self.wins_by_position = [0.0] * self.players
        self.totals_by_seat = [RunningMean() for _ in range(self.players)]
        self.per_deal = [_DealStats() for _ in range(self.deals)]

    def add(self, game: GameSummary) -> None:
        """Fold one game in (a failed game is counted and its error kept; a game
        a safety stop cut short is counted in :attr:`capped` and nowhere else)."""
        if game.error is not None:
            self.failed += 1
            if len(self.errors) < MAX_ERRORS:
                self.errors.append(game.error)
            return
        if game.capped:
            self.capped[game.capped] = self.capped.get(game.capped, 0) + 1
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
        turns = sum(d.turns for d in game.deals)
        self.game_turns.add(turns)
        self.game_turns_hist[turns] = self.game_turns_hist.get(turns, 0) + 1
        self.comebacks += game.comeback
        self.deals_played += len(game.deals)
        self.deals_unwon += sum(d.went_out is None for d in game.deals)
        self.margin.add(game.margin)
        self.lead_changes.add(game.lead_changes)
        self.spread.add(game.spread)
        for key, times in game.bound:
            seen = self.bound.setdefault(key, [0, 0])
            seen[0] += times
            seen[1] += 1

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
                        k: as_interval(wilson(v, played)) for k, v in sorted(d.reasons.items())
                    },
                    "played": played,
                    "not_gone_out_rate": as_interval(
                        wilson(played - d.reasons.get("out", 0), played)
                    ),
                    "own_turns_to_go_down": as_interval(d.down_turns.count_interval(), 2),
                    "first_down_after_own_turns": as_interval(d.first_down.count_interval(), 2),
                    "went_down_rate": as_interval(wilson(d.went_down, played * self.players)),
                    "one_turn_out_rate": as_interval(wilson(d.one_turn_outs, played)),
                    "points_caught_in_hand": as_interval(d.caught.count_interval(), 1),
                    "left_deal_by_cost": {str(k): v for k, v in sorted(d.left_costs.items())},
                    "left_deal_rate": as_interval(
                        wilson(sum(d.left_costs.values()), played * self.players)
                    ),
                }
            )
        return {
            "games": n,
            "failed_games": self.failed,
            "errors": list(self.errors),
            "interrupted": self.interrupted,
            "stop_reason": self.stop_reason,
            "capped_games": sum(self.capped.values()),
            "capped_by": {k: self.capped.get(k, 0) for k in ("deal_cap", "turn_cap")},
            "win_rate_by_seat": [as_interval(wilson(w, n)) for w in self.wins_by_seat],
            "win_rate_by_turn_order": [as_interval(wilson(w, n)) for w in self.wins_by_position],
            "mean_total_by_seat": [as_interval(m.interval(), 1) for m in self.totals_by_seat],
            "totals_histogram": {str(k): v for k, v in sorted(self.totals_hist.items())},
            "deals": deals,
            "turns_per_game": as_interval(self.game_turns.count_interval(), 1),
            "deals_per_game": as_interval(self.deals_per_game.count_interval(), 2),
            "final_margin": as_interval(self.margin.count_interval(), 1),
            "score_spread": as_interval(self.spread.count_interval(), 1),
            "lead_changes": as_interval(self.lead_changes.count_interval(), 2),
            "design": self.design(),
            "limits_bound": {
                key: {"times": times, "games": games, "game_rate": as_interval(wilson(games, n))}
                for key, (times, games) in sorted(self.bound.items())
            },
            "contracts": [
                {
                    "contract": number,
                    "tries_per_game": round(tries / n, 2) if n else 0.0,
                    "made_rate": as_interval(wilson(made, tries)),
                }
                for number, (tries, made) in sorted(self.contract_tries.items())
            ],
        }

    def design(self) -> dict[str, Any]:
        """The figures a game designer asks for (``docs/figures.md`` gives each formula)."""
        n = self.games
        fair = 1 / self.players
        rate, low, high = wilson(self.wins_by_position[0], n)
        by_bot = self.win_rate_by_bot()
        gap = None
        if len(by_bot) > 1:
            strong = max(by_bot, key=lambda b: b["win_rate"]["value"])
            weak = min((b for b in by_bot if b is not strong), key=lambda b: b["win_rate"]["value"])
            gap = {
                "stronger": strong["bot"],
                "weaker": weak["bot"],
                **as_interval(_skill_share(strong, weak)),
            }
        sd = math.sqrt(self.game_turns.m2 / (n - 1)) if n > 1 else 0.0
        return {
            "first_seat_advantage": as_interval((rate - fair, low - fair, high - fair)),
            "win_rate_by_bot": by_bot,
            "skill_gap": gap,
            "comeback_rate": as_interval(wilson(self.comebacks, n)),
            "deals_nobody_won_rate": as_interval(wilson(self.deals_unwon, self.deals_played)),
            "turns_per_game_sd": round(sd, 1),
            "turns_per_game_percentiles": {
                f"p{q}": _percentile(self.game_turns_hist, q / 100) for q in (10, 50, 90)
            },
        }

    def win_rate_by_bot(self) -> list[dict[str, Any]]:
        """Each bot spec at the table: its seats and its wins per seat and game."""
        seats: dict[str, list[int]] = {}
        for seat, bot in enumerate(self.bots):
            seats.setdefault(bot, []).append(seat)
        out = []
        for bot, held in seats.items():
            wins = sum(self.wins_by_seat[s] for s in held)
            out.append(
                {
                    "bot": bot,
                    "seats": [s + 1 for s in held],
                    "wins": round(wins, 3),
                    "win_rate": as_interval(wilson(wins, self.games * len(held))),
                }
            )
        return out


def _skill_share(strong: dict[str, Any], weak: dict[str, Any]) -> tuple[float, float, float]:
    """How often the stronger bot wins rather than the weaker, seat for seat:
    ``x / (x + y)`` of their wins per seat ``x`` and ``y``, with a 95% Wilson
    interval over the games either of them won (50%: no better than luck)."""
    x = strong["wins"] / len(strong["seats"])
    y = weak["wins"] / len(weak["seats"])
    if x + y == 0:
        return 0.5, 0.0, 1.0
    share = x / (x + y)
    won = strong["wins"] + weak["wins"]
    return wilson(share * won, round(won))
