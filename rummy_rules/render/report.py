"""The HTML report of a simulation: charts (inline SVG from matplotlib) and tables.

The page is self-contained (no scripts, no external files) and carries the
run's parameters, so anyone can reproduce it. matplotlib comes with the
``report`` extra: ``pip install "rummy-rules[report]"``.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any

from ..errors import RummyRulesError

__all__ = ["pyplot", "render_report"]

_INSTALL = 'HTML reports need matplotlib: pip install "rummy-rules[report]"'


def pyplot() -> Any:
    """matplotlib's pyplot set up for reports; a clear error when the extra is missing."""
    try:
        import matplotlib
    except ImportError:
        raise RummyRulesError(_INSTALL) from None
    matplotlib.use("Agg")
    matplotlib.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "rummy-rules",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    import matplotlib.pyplot as plt

    return plt


def _svg(fig: Any, plt: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    # Inline: drop the XML declaration and DOCTYPE, keep the <svg> element.
    return text[text.index("<svg") :]


def _deal_lengths(plt: Any, deals: list[dict[str, Any]]) -> str:
    count = len(deals)
    cols = min(4, count)
    rows = math.ceil(count / cols)
    fig, axes = plt.subplots(
        rows, cols, figsize=(2.4 * cols, 1.9 * rows), squeeze=False, sharex=True
    )
    for i, deal in enumerate(deals):
        ax = axes[i // cols][i % cols]
        hist = {int(k): v for k, v in deal["turns_histogram"].items()}
        if hist:
            span = max(hist) - min(hist) + 1
            ax.hist(list(hist), bins=min(25, span), weights=list(hist.values()), color="#3b6ea5")
            ax.axvline(deal["turns"]["value"], color="#c0392b", linewidth=1)
        ax.set_title(f"deal {deal['label']}")
        ax.set_xlabel("turns")
    for j in range(count, rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    fig.suptitle("Deal length (turns per deal; red line: mean)")
    fig.tight_layout()
    return _svg(fig, plt)


def _scores(plt: Any, histogram: dict[str, int]) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 2.6))
    values = [int(k) for k in histogram]
    weights = list(histogram.values())
    if values:
        bins = min(40, max(1, len(set(values))))
        ax.hist(values, bins=bins, weights=weights, color="#3b6ea5")
    ax.set_xlabel("final total")
    ax.set_ylabel("players")
    ax.set_title("Score distribution (every player's final total)")
    return _svg(fig, plt)


def _seats(plt: Any, rates: list[dict[str, float]], players: int) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 2.6))
    xs = list(range(1, len(rates) + 1))
    values = [r["value"] * 100 for r in rates]
    low = [max(0.0, (r["value"] - r["low"]) * 100) for r in rates]
    high = [max(0.0, (r["high"] - r["value"]) * 100) for r in rates]
    ax.bar(xs, values, yerr=[low, high], capsize=4, color="#3b6ea5")
    ax.axhline(100 / players, color="#c0392b", linewidth=1, linestyle="--")
    ax.set_xticks(xs, [f"{x}" for x in xs])
    ax.set_xlabel("turn order in the first deal (1 = first to play, last = first dealer)")
    ax.set_ylabel("win rate %")
    ax.set_title("Seat advantage (95% intervals; dashed: a fair share)")
    return _svg(fig, plt)


def _difficulty(plt: Any, deals: list[dict[str, Any]]) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 2.8))
    xs = [d["deal"] for d in deals]
    values = [d["own_turns_to_go_down"]["value"] for d in deals]
    low = [
        max(0.0, d["own_turns_to_go_down"]["value"] - d["own_turns_to_go_down"]["low"])
        for d in deals
    ]
    high = [
        max(0.0, d["own_turns_to_go_down"]["high"] - d["own_turns_to_go_down"]["value"])
        for d in deals
    ]
    ax.errorbar(xs, values, yerr=[low, high], marker="o", capsize=4, color="#3b6ea5")
    ax.set_xticks(xs)
    ax.set_xlabel("deal")
    ax.set_ylabel("own turns until down")
    ax2 = ax.twinx()
    ax2.plot(xs, [d["went_down_rate"]["value"] * 100 for d in deals], marker="s", color="#c0392b")
    ax2.set_ylabel("players who went down %", color="#c0392b")
    ax2.set_ylim(0, 105)
    ax2.spines["right"].set_visible(True)
    ax.set_title("Difficulty of the contracts (blue: turns to go down; red: how many manage)")
    return _svg(fig, plt)


def _prefix_ids(svg: str, prefix: str) -> str:
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}{m.group(1)})", svg)
    return re.sub(r'href="#([^"]+)"', lambda m: f'href="#{prefix}{m.group(1)}"', svg)


def render_report(run: dict[str, Any], statistics: dict[str, Any]) -> str:
    """The HTML page for a simulation: ``run`` holds its parameters, ``statistics``
    what :meth:`rummy_rules.sim.simulate.SimulationStats.to_dict` returns."""
    plt = pyplot()
    from .rulebook import template_environment

    deals = statistics["deals"]
    players = len(statistics["win_rate_by_seat"])
    charts = [
        ("Deal length", _deal_lengths(plt, deals)),
        ("Scores", _scores(plt, statistics["totals_histogram"])),
        ("Seat advantage", _seats(plt, statistics["win_rate_by_turn_order"], players)),
        ("Difficulty curve", _difficulty(plt, deals)),
    ]
    # Several SVGs share one page: give each its own id namespace.
    charts = [(title, _prefix_ids(svg, f"c{i}-")) for i, (title, svg) in enumerate(charts)]
    template = template_environment().get_template("report.html.j2")
    return template.render(run=run, stats=statistics, charts=charts, players=players)
