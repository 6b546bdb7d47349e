"""benchmarks/ab.py's regression guard: which figure fell, and only when both
the best and the median of the rounds say so."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from ab import fallen, summary


def rounds(greedy: float, random_: float, solver_us: float) -> dict[str, float]:
    return {
        "greedy_games_per_s": greedy,
        "random_turns_per_s": random_,
        "solver_12_cards_2_wilds_worst_median_us": solver_us,
    }


def test_the_guard_names_each_figure_that_fell():
    a = [rounds(10, 100, 50), rounds(10, 100, 50)]
    b = [rounds(8, 99, 60), rounds(8, 99, 60)]
    lines = fallen(summary({"A": a, "B": b}), 0.95)
    assert len(lines) == 2
    assert lines[0].startswith("FELL: greedy_games_per_s: B/A 0.80")
    assert lines[1].startswith("FELL: solver_12_cards_2_wilds_worst_median_us: B/A 0.83")


def test_one_slow_round_alone_does_not_trip_the_guard():
    a = [rounds(10, 100, 50)] * 3
    b = [rounds(7, 100, 50), rounds(10, 100, 50), rounds(10, 100, 50)]
    assert fallen(summary({"A": a, "B": b}), 0.95) == []
