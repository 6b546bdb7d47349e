"""The per-game measures ``compare`` and ``sweep`` report (names and words only:
light to import, for the command line's help)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["METRICS", "Metric"]


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game measure that :func:`compare` reports."""

    key: str
    label: str
    count: bool = False
    """A count (worded more/fewer) rather than a level (higher/lower)."""
    percent: bool = False
    """A rate, shown as a percentage."""


#: The per-game measures compared between rule sets.
METRICS: tuple[Metric, ...] = (
    Metric("turns_per_game", "turns per game", count=True),
    Metric("deals_per_game", "deals per game", count=True),
    Metric("turns_per_deal", "turns per deal", count=True),
    Metric("not_gone_out_rate", "share of deals nobody went out", percent=True),
    Metric("buys_per_game", "buys per game", count=True),
    Metric("joker_exchanges_per_game", "joker exchanges per game", count=True),
    Metric("own_turns_to_go_down", "own turns until a player goes down", count=True),
    Metric("points_caught_per_deal", "points caught in hand per player and deal"),
    Metric("one_turn_outs_per_game", "one-turn go-outs per game", count=True),
    Metric("first_player_win_rate", "first player's win rate", percent=True),
    Metric("final_margin", "winning margin"),
    Metric("score_spread", "spread of final totals"),
    Metric("lead_changes", "lead changes per game", count=True),
    Metric("comeback_rate", "games won from last place", percent=True),
    Metric("deals_nobody_won_rate", "share of deals nobody went out or knocked", percent=True),
)
