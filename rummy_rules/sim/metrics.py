"""The per-game measures ``compare`` and ``sweep`` report (names and words only:
light to import, for the command line's help)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..spec.schema import VariantSpec

__all__ = [
    "LIMITS",
    "METRICS",
    "Metric",
    "bound_words",
    "family_labels",
    "headline_keys",
    "limit_withholds",
    "shown_metrics",
    "value_label",
]


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


def family_labels(specs: Sequence[VariantSpec]) -> dict[str, str]:
    """Each figure's name in the words of the variants' family, for the figures
    their rules can make happen (the JSON keeps every figure): in a knock or
    declare game (every spec has ``going_out.knock``) a deal is won by knocking
    or declaring, melds are laid only then (by the knocker and the others
    answering), no one goes out in one turn, and the share of deals nobody went
    out would count every knock; buys only where some spec buys,
    joker exchanges only where some spec has wild cards to take back."""
    from .relevance import has_wild_cards

    labels = {m.key: m.label for m in METRICS}
    knocks = [s.going_out.knock for s in specs]
    if knocks and all(k is not None for k in knocks):
        declares = all(k is not None and k.word == "declare" for k in knocks)
        for key in ("not_gone_out_rate", "one_turn_outs_per_game"):
            del labels[key]
        labels["own_turns_to_go_down"] = "own turns until a player lays melds"
        labels["deals_nobody_won_rate"] = (
            "share of deals nobody declared" if declares else "share of deals nobody knocked"
        )
    if not any(s.buying.enabled for s in specs):
        del labels["buys_per_game"]
    if not any(s.wilds.exchange.allowed is not False and has_wild_cards(s) for s in specs):
        del labels["joker_exchanges_per_game"]
    return labels


def shown_metrics(labels: dict[str, str] | None) -> tuple[Metric, ...]:
    """The figures named in ``labels`` (as :func:`family_labels` gives them), each
    with that label, in the order of :data:`METRICS`; all of them without labels."""
    if labels is None:
        return METRICS
    return tuple(replace(m, label=labels[m.key]) for m in METRICS if m.key in labels)


def headline_keys(labels: dict[str, str] | None) -> list[str]:
    """The figures a sweep shows when none is asked for: length, the first
    player's share of wins, and how often a deal is played for nothing."""
    nothing = "not_gone_out_rate"
    if labels is not None and nothing not in labels:
        nothing = "deals_nobody_won_rate"
    return ["turns_per_game", "first_player_win_rate", nothing]


#: The limits the engine counts when they withhold an action from a player
#: (``GameState.limits_bound``), and the action each withholds; ``*`` is a
#: deal's place in the schedule, from 1, as ``--set`` numbers it.
LIMITS: dict[str, str] = {
    "buying.limits.per_deal": "buy offer",
    "buying.limits.per_game": "buy offer",
    "deals.*.buy_limit": "buy offer",
    "game_end.buy_backs": "buy-back",
    "game_end.buy_back_limit": "buy-back",
}


def limit_withholds(path: str) -> str | None:
    """The action the limit at rule key ``path`` withholds when it binds (a
    counted limit: :data:`LIMITS`), or ``None`` for a key not counted."""
    return LIMITS.get(".".join("*" if part.isdigit() else part for part in path.split(".")))


def value_label(path: str, value: Any) -> str:
    """A rule value as a table or chart shows it: null (``None``, or the text
    ``null`` as given to ``--vary``) in the words of the key's description
    ("unlimited", "no limit"); true and false as a file writes them."""
    if value is None or value == "null":
        from ..spec.loader import null_meaning

        parts = tuple(int(p) if p.isdigit() else p for p in path.split("."))
        return null_meaning(parts) or "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def bound_words(entry: dict[str, Any] | None, games: int, action: str) -> str:
    """How often a limit bound: "12 of 30 (40 buy offers)", or "never"."""
    if not entry or not entry["times"]:
        return "never"
    times = entry["times"]
    return f"{entry['games']} of {games} ({times:,} {action}{'' if times == 1 else 's'})"
