"""Comparing rule sets: the same seeds under each side's rules (common random
numbers), the per-game measures of :data:`METRICS`, their paired differences
with 95% intervals, and a summary in plain words.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..errors import UsageError
from ..spec.schema import VariantSpec
from . import simulate as _sim
from .metrics import METRICS, Metric, family_labels
from .simulate import (
    GameSummary,
    Precision,
    RecordSink,
    RunningMean,
    SimulationStats,
    as_interval,
    make_job,
    play_batches,
    play_sides,
    run_games,
)
from .stats import holm, paired_p_value

__all__ = [
    "ALPHA",
    "METRICS",
    "CompareStats",
    "Metric",
    "compare",
    "differences_decided",
    "format_figure",
    "game_metrics",
    "iter_errors",
]


#: The family-wise error rate of the differences called significant.
ALPHA = 0.05


def differences_decided(result: CompareStats, precision: Precision) -> str | None:
    """Why ``result`` decides every difference (``None``: play on): each one is
    significant at 95%, or its interval is narrower than ``precision`` (no
    difference worth the name)."""
    if result.sides[0].games < _sim.AUTO_MIN:
        return None
    for diffs in result.differences:
        for metric in METRICS:
            diff = diffs[metric.key]
            if diff.n < 2:
                continue
            if _significant(diff):
                continue
            _, low, high = diff.interval()
            half = (high - low) / 2
            if metric.percent:
                if half > precision.rate:
                    return None
                continue
            scale = abs(result.means[0][metric.key].mean) or 1.0
            if half > precision.relative * scale:
                return None
    return (
        "every difference is either significant at 95% or known to be smaller than "
        f"{precision.words()}"
    )


def game_metrics(game: GameSummary) -> dict[str, float]:
    """The :data:`METRICS` of one finished game."""
    deals = game.deals
    count = max(1, len(deals))
    downs = [t for d in deals for t in d.down_turns if t >= 0]
    return {
        "turns_per_game": float(sum(d.turns for d in deals)),
        "deals_per_game": float(len(deals)),
        "turns_per_deal": sum(d.turns for d in deals) / count,
        "not_gone_out_rate": sum(d.reason != "out" for d in deals) / count,
        "buys_per_game": float(sum(d.buys for d in deals)),
        "joker_exchanges_per_game": float(sum(d.exchanges for d in deals)),
        "own_turns_to_go_down": sum(downs) / len(downs) if downs else math.nan,
        "points_caught_per_deal": sum(d.caught for d in deals) / count,
        "one_turn_outs_per_game": float(sum(d.one_turn_out for d in deals)),
        "first_player_win_rate": (
            1 / len(game.winners) if game.first_player in game.winners else 0.0
        ),
        "final_margin": float(game.margin),
        "score_spread": game.spread,
        "lead_changes": float(game.lead_changes),
        "comeback_rate": float(game.comeback),
        "deals_nobody_won_rate": sum(d.went_out is None for d in deals) / count,
    }


@dataclass(slots=True)
class CompareStats:
    """Side-by-side statistics of several rule sets played on the same seeds."""

    labels: list[str]
    sides: list[SimulationStats]
    means: list[dict[str, RunningMean]] = field(default_factory=list)
    differences: list[dict[str, RunningMean]] = field(default_factory=list)
    """For each side after the first: the paired difference (side − first) per metric."""
    interrupted: bool = False
    stop_reason: str = ""
    """Why an automatic run (``--games auto``) stopped where it did."""
    words: dict[str, str] = field(default_factory=lambda: {m.key: m.label for m in METRICS})
    """Each figure's name in the family's words (:func:`~.metrics.family_labels`)."""

    def __post_init__(self) -> None:
        self.means = [{m.key: RunningMean() for m in METRICS} for _ in self.sides]
        self.differences = [{m.key: RunningMean() for m in METRICS} for _ in self.sides[1:]]

    def add(self, games: Sequence[GameSummary]) -> None:
        """Fold in one seed's games, one per side."""
        for stats, game in zip(self.sides, games, strict=True):
            stats.add(game)
        if any(g.error is not None or g.capped for g in games):
            return  # pairs only: a game that failed or was capped on one side drops the pair
        values = [game_metrics(g) for g in games]
        for side, row in enumerate(values):
            for key, value in row.items():
                if not math.isnan(value):
                    self.means[side][key].add(value)
        for side, row in enumerate(values[1:]):
            for key, value in row.items():
                base = values[0][key]
                if not (math.isnan(value) or math.isnan(base)):
                    self.differences[side][key].add(value - base)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: per side its statistics and metric means; per challenger the differences."""
        tested = self.tested()
        out_sides = []
        for i, (label, stats) in enumerate(zip(self.labels, self.sides, strict=True)):
            side: dict[str, Any] = {
                "label": label,
                "metrics": {
                    m.key: as_interval(
                        self.means[i][m.key].share_interval()
                        if m.percent
                        else self.means[i][m.key].count_interval()
                    )
                    for m in METRICS
                },
                "statistics": stats.to_dict(),
            }
            if i:
                side["difference_from_first"] = {
                    k: {
                        **as_interval(m.interval()),
                        "p": round(tested[i - 1][k][0], 4),
                        "significant": tested[i - 1][k][1],
                    }
                    for k, m in self.differences[i - 1].items()
                }
            out_sides.append(side)
        return {
            "games": self.sides[0].games,
            "interrupted": self.interrupted,
            "stop_reason": self.stop_reason,
            "sides": out_sides,
            "significance": {
                "method": "holm",
                "family_wise_error_rate": ALPHA,
                "figures_tested": len(self.differences) * len(self.words),
            },
            "labels": dict(self.words),
            "summary": self.summary(),
        }

    def tested(self) -> list[dict[str, tuple[float, bool]]]:
        """Per challenger and figure: (p-value of the paired t test, significant),
        significant by Holm's procedure over every figure of every challenger
        that the rules can make happen (those in :attr:`words`) at a family-wise
        error rate of :data:`ALPHA`; the others are never significant."""
        keys = [
            (i, k) for i, diffs in enumerate(self.differences) for k in diffs if k in self.words
        ]
        p_values = [paired_p_value(self.differences[i][k]) for i, k in keys]
        out: list[dict[str, tuple[float, bool]]] = [
            {k: (paired_p_value(d), False) for k, d in diffs.items()} for diffs in self.differences
        ]
        for (i, k), p, verdict in zip(keys, p_values, holm(p_values, ALPHA), strict=True):
            out[i][k] = (p, verdict)
        return out

    def summary(self) -> list[str]:
        """Plain-language sentences: which differences are significant (Holm's
        procedure over every figure compared, at a family-wise error rate of 5%)."""
        lines = []
        base = self.labels[0]
        tested = self.tested()
        for i, label in enumerate(self.labels[1:]):
            found = []
            for metric in METRICS:
                diff = self.differences[i][metric.key]
                if not tested[i][metric.key][1]:
                    continue
                value, low, high = diff.interval()
                before = self.means[0][metric.key].mean
                after = self.means[i + 1][metric.key].mean
                if metric.count:
                    direction = "more" if value > 0 else "fewer"
                else:
                    direction = "higher" if value > 0 else "lower"
                pct = metric.percent

                def fig(x: float, sign: bool = False, pct: bool = pct) -> str:
                    return format_figure(x, percent=pct, sign=sign)

                found.append(
                    f"{self.words.get(metric.key, metric.label)}: {fig(before)} → {fig(after)} "
                    f"({direction}; "
                    f"difference {fig(value, True)}, 95% CI {fig(low, True)} to {fig(high, True)})"
                )
            if found:
                lines.append(f"{label} against {base}, significant (Holm, 5% over all):")
                lines.extend(f"  - {text}" for text in found)
            else:
                lines.append(f"{label} against {base}: no significant difference.")
        return lines


def _significant(m: RunningMean) -> bool:
    if m.n < 2:
        return False
    _, low, high = m.interval()
    return low > 0 or high < 0


def format_interval(item: dict[str, float], *, percent: bool = False, sign: bool = False) -> str:
    """A figure and its 95% interval as every output writes it: ``12.5 (10.1 to
    14.9)``, a rate ``35.0% (18.1 to 56.7)``, a difference of rates in
    percentage points ``-2.5 pts (-4.0 to -1.0)``."""
    value = format_figure(item["value"], percent=percent, sign=sign)
    low = format_figure(item["low"], percent=percent, sign=sign)
    high = format_figure(item["high"], percent=percent, sign=sign)
    if percent and sign:
        low, high = low.removesuffix(" pts"), high.removesuffix(" pts")
    elif percent:
        low, high = low.removesuffix("%"), high.removesuffix("%")
    return f"{value} ({low} to {high})"


def format_figure(value: float, *, percent: bool = False, sign: bool = False) -> str:
    """A figure for people. A rate is a percentage with one decimal (with
    ``sign``, a difference of rates, in percentage points: ``-2.5 pts``);
    other figures have no decimals from 100 up, one from 10, two below."""
    if value == 0:
        return "0 pts" if percent and sign else "0%" if percent else "0"
    plus = "+" if sign and value > 0 else ""
    if percent:
        text = f"{plus}{value * 100:.1f}"
        return f"{text} pts" if sign else f"{text}%"
    size = abs(value)
    digits = 0 if size >= 100 else 1 if size >= 10 else 2
    return f"{plus}{value:.{digits}f}"


def compare(
    sides: Sequence[tuple[str, VariantSpec]],
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    precision: Precision | None = None,
    records: RecordSink | None = None,
    caps: tuple[int | None, int | None] = (None, None),
) -> CompareStats:
    """Play the same ``games`` seeds under each side's rules and compare them.

    ``sides`` pairs a label with a variant; the first is the baseline. Game *i*
    of every side uses the same seed, deck order and bot seeds (common random
    numbers), so the differences are paired and their intervals tight. Each
    game's records (every side's, side A first, each header naming its
    ``side``) go to ``records`` when it is given. With
    ``precision``, ``games`` is a cap and the run stops once
    :func:`differences_decided` (checked every :data:`AUTO_BATCH` games).
    ``caps`` are the engine's safety stops, as in
    :func:`~rummy_rules.sim.simulate.simulate`; a seed whose game one of them
    cut short on any side is left out of the differences.
    """
    if len(sides) < 2:
        raise UsageError("compare needs at least two rule sets")
    jobs = tuple(
        make_job(spec, players, bots, seed, records is not None, _letter(i), caps)
        for i, (_, spec) in enumerate(sides)
    )
    result = CompareStats(
        words=family_labels([spec for _, spec in sides]),
        labels=[label for label, _ in sides],
        sides=[
            SimulationStats(players=players, deals=len(spec.deals), bots=tuple(bots))
            for _, spec in sides
        ],
    )
    done = [0]

    def fold(summaries: tuple[GameSummary, ...]) -> int:
        result.add(summaries)
        if records is not None:
            records.write("".join(s.record for s in summaries if s.record is not None))
        done[0] += 1
        return done[0]

    result.stop_reason, result.interrupted = play_batches(
        run_games(partial(play_sides, jobs), games, workers),
        fold,
        games=games,
        decided=None if precision is None else partial(differences_decided, result, precision),
        on_game=on_game,
    )
    return result


def _letter(index: int) -> str:
    """A side's name in records and reports: A, B, C... (then 27, 28... past Z)."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def iter_errors(stats: Iterable[SimulationStats]) -> Iterator[str]:
    """Every kept error message of ``stats``."""
    for s in stats:
        yield from s.errors
