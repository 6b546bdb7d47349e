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
from ..sim.metrics import bound_words, limit_withholds, value_label

__all__ = ["pyplot", "render_compare_report", "render_report"]

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


def _differences(plt: Any, comparison: dict[str, Any], letters: list[str]) -> str:
    """Each metric's difference from the first side, relative to the first side's
    figure (rates: in percentage points), with its 95% interval."""
    from ..sim.metrics import shown_metrics

    metrics = shown_metrics(comparison.get("labels"))
    sides = comparison["sides"]
    fig, ax = plt.subplots(figsize=(6.5, 0.35 * len(metrics) * (len(sides) - 1) + 1.2))
    labels, values, lows, highs, colours = [], [], [], [], []
    for i, side in enumerate(sides[1:], 1):
        for metric in metrics:
            diff = side["difference_from_first"][metric.key]
            base = sides[0]["metrics"][metric.key]["value"]
            scale = 100.0 if metric.percent else (100.0 / abs(base) if base else 0.0)
            labels.append(f"{letters[i]}: {metric.label}")
            values.append(diff["value"] * scale)
            lows.append(max(0.0, (diff["value"] - diff["low"]) * scale))
            highs.append(max(0.0, (diff["high"] - diff["value"]) * scale))
            colours.append("#c0392b" if diff["significant"] else "#3b6ea5")
    ys = list(range(len(labels)))[::-1]
    ax.errorbar(values, ys, xerr=[lows, highs], fmt="none", ecolor="#888", capsize=3)
    ax.scatter(values, ys, color=colours, zorder=3)
    ax.axvline(0, color="#222", linewidth=0.8)
    ax.set_yticks(ys, labels)
    ax.set_xlabel(f"difference from {letters[0]}: % of {letters[0]}'s figure (rates: points)")
    ax.set_title("What changes (red: significant, Holm at 5%; bars: 95% intervals)")
    return _svg(fig, plt)


def _side_deal_lengths(plt: Any, comparison: dict[str, Any], letters: list[str]) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 2.8))
    for letter, side in zip(letters, comparison["sides"], strict=True):
        deals = side["statistics"]["deals"]
        xs = [d["deal"] for d in deals]
        ys = [d["turns"]["value"] for d in deals]
        low = [max(0.0, d["turns"]["value"] - d["turns"]["low"]) for d in deals]
        high = [max(0.0, d["turns"]["high"] - d["turns"]["value"]) for d in deals]
        ax.errorbar(xs, ys, yerr=[low, high], marker="o", capsize=3, label=letter)
    ax.set_xlabel("deal")
    ax.set_ylabel("turns (mean)")
    ax.legend(title="side")
    ax.set_title("Deal length by side (95% intervals)")
    return _svg(fig, plt)


def render_compare_report(run: dict[str, Any], comparison: dict[str, Any]) -> str:
    """The HTML page for a comparison: ``run`` holds its parameters (with ``labels``,
    one per side), ``comparison`` what
    :meth:`rummy_rules.sim.compare.CompareStats.to_dict` returns."""
    from ..sim.compare import format_figure, format_interval
    from ..sim.metrics import shown_metrics
    from .rulebook import template_environment

    plt = pyplot()
    labels: list[str] = run["labels"]
    letters = [label.split(":", 1)[0] for label in labels]
    sides = [
        {"letter": letter, "label": label.split(":", 1)[1].strip()}
        for letter, label in zip(letters, labels, strict=True)
    ]
    rows = []
    for metric in shown_metrics(comparison.get("labels")):
        pct = metric.percent
        values = [
            format_figure(s["metrics"][metric.key]["value"], percent=pct)
            for s in comparison["sides"]
        ]
        differences = []
        for s in comparison["sides"][1:]:
            d = s["difference_from_first"][metric.key]
            text = format_interval(d, percent=pct, sign=True)
            differences.append({"text": text, "significant": d["significant"]})
        rows.append({"label": metric.label, "figures": values, "differences": differences})
    charts = [
        ("Differences", _differences(plt, comparison, letters)),
        ("Deal length", _side_deal_lengths(plt, comparison, letters)),
    ]
    charts = [(title, _prefix_ids(svg, f"c{i}-")) for i, (title, svg) in enumerate(charts)]
    errors = [e for s in comparison["sides"] for e in s["statistics"]["errors"]]
    summary = [
        (line.startswith("  - "), line.removeprefix("  - ")) for line in comparison["summary"]
    ]
    template = template_environment().get_template("compare.html.j2")
    return template.render(
        run=run,
        comparison=comparison,
        sides=sides,
        rows=rows,
        charts=charts,
        errors=errors,
        summary=summary,
        tested=comparison.get("significance", {}).get("figures_tested", len(rows)),
    )


def _sweep_lines(plt: Any, sweep: dict[str, Any], key: str, metric: Any, paths: list[str]) -> str:
    """``metric`` against the values of ``key``, one line per combination of the
    other keys' values, with 95% intervals."""
    values = next(v["values"] for v in sweep["varied"] if v["path"] == key)
    others = [p for p in paths if p != key]
    lines: dict[str, list[tuple[int, dict[str, float]]]] = {}
    for entry in sweep["combinations"]:
        if "metrics" not in entry:
            continue
        label = (
            ", ".join(f"{p}={value_label(p, entry['values'][p])}" for p in others) or metric.label
        )
        x = values.index(entry["values"][key])
        lines.setdefault(label, []).append((x, entry["metrics"][metric.key]))
    scale = 100.0 if metric.percent else 1.0
    fig, ax = plt.subplots(figsize=(6.5, 2.8))
    for label, points in lines.items():
        xs = [x for x, _ in points]
        ys = [m["value"] * scale for _, m in points]
        low = [max(0.0, (m["value"] - m["low"]) * scale) for _, m in points]
        high = [max(0.0, (m["high"] - m["value"]) * scale) for _, m in points]
        ax.errorbar(xs, ys, yerr=[low, high], marker="o", capsize=3, label=label)
    ax.set_xticks(range(len(values)), [value_label(key, v) for v in values])
    ax.set_xlabel(key)
    ax.set_ylabel(metric.label + (" (%)" if metric.percent else ""))
    if others:
        ax.legend(fontsize=7)
    ax.set_title(f"{metric.label} by {key} (95% intervals)")
    return _svg(fig, plt)


def _sweep_heat_map(plt: Any, sweep: dict[str, Any], metric: Any) -> str:
    """``metric`` over the grid of two varied keys."""
    (first, rows), (second, cols) = ((v["path"], v["values"]) for v in sweep["varied"])
    scale = 100.0 if metric.percent else 1.0
    grid = [[math.nan] * len(cols) for _ in rows]
    ends: dict[tuple[int, int], tuple[float, float]] = {}
    for entry in sweep["combinations"]:
        if "metrics" in entry:
            r = rows.index(entry["values"][first])
            c = cols.index(entry["values"][second])
            item = entry["metrics"][metric.key]
            grid[r][c] = item["value"] * scale
            ends[r, c] = (item["low"] * scale, item["high"] * scale)
    fig, ax = plt.subplots(figsize=(1.5 * len(cols) + 2.5, 0.8 * len(rows) + 1.5))
    image = ax.imshow(grid, cmap="viridis", aspect="auto")
    ax.set_xticks(range(len(cols)), [value_label(second, v) for v in cols])
    ax.set_yticks(range(len(rows)), [value_label(first, v) for v in rows])
    ax.set_xlabel(second)
    ax.set_ylabel(first)
    for (r, c), (low, high) in ends.items():
        # Each cell carries its 95% interval: a colour alone hides how sure it is.
        text = f"{grid[r][c]:.3g}\n({low:.3g} to {high:.3g})"
        dark = image.norm(grid[r][c]) < 0.6  # viridis runs from dark blue to yellow
        ax.text(
            c, r, text, ha="center", va="center", color="white" if dark else "black", fontsize=7
        )
    fig.colorbar(image, ax=ax, label=metric.label)
    ax.set_title(f"{metric.label}: {first} × {second} (95% intervals in each cell)")
    return _svg(fig, plt)


def render_sweep_report(run: dict[str, Any], sweep: dict[str, Any]) -> str:
    """The HTML page for a sweep: ``run`` holds its parameters (``command``,
    ``engine``, ``variant_name``), ``sweep`` the document ``sweep --json`` prints."""
    from ..sim.compare import format_interval
    from ..sim.metrics import METRICS, headline_keys, shown_metrics
    from .rulebook import template_environment

    plt = pyplot()
    words = sweep.get("labels")
    by_key = {m.key: m for m in METRICS} | {m.key: m for m in shown_metrics(words)}
    # The headline figures, and buys where the variant buys.
    shown = [sweep["metric"]] if sweep.get("metric") else headline_keys(words)
    if not sweep.get("metric") and (words is None or "buys_per_game" in words):
        shown.append("buys_per_game")
    paths = [v["path"] for v in sweep["varied"]]
    counted = [p for p in paths if limit_withholds(p)]
    charts = [
        (f"{by_key[key].label} by {path}", _sweep_lines(plt, sweep, path, by_key[key], paths))
        for key in shown
        for path in paths
    ]
    if len(paths) == 2:
        charts.insert(0, ("Heat map", _sweep_heat_map(plt, sweep, by_key[shown[0]])))
    charts = [(title, _prefix_ids(svg, f"c{i}-")) for i, (title, svg) in enumerate(charts)]
    rows = []
    for entry in sweep["combinations"]:
        figures = []
        for key in shown:
            if "metrics" not in entry:
                figures.append("invalid")
                continue
            m, pct = entry["metrics"][key], by_key[key].percent
            figures.append(format_interval(m, percent=pct))
        games = entry["statistics"]["games"] if "statistics" in entry else "—"
        closest = sweep.get("closest") == entry["values"]
        tied = entry["values"] in sweep.get("not_told_apart", [])
        reached = []
        for path in counted:
            if "statistics" not in entry:
                reached.append("—")
            elif entry["values"][path] is None:
                reached.append("no limit")
            else:
                stats = entry["statistics"]
                found = stats["limits_bound"].get(path)
                action = limit_withholds(path) or "action"
                reached.append(bound_words(found, stats["games"], action))
        rows.append(
            {
                "values": [value_label(p, entry["values"][p]) for p in paths],
                "games": games,
                "reached": reached,
                "figures": figures,
                "error": entry.get("error"),
                "closest": closest,
                "tied": tied,
            }
        )

    def labelled(values: dict[str, Any]) -> dict[str, str]:
        return {p: value_label(p, v) for p, v in values.items()}

    template = template_environment().get_template("sweep.html.j2")
    return template.render(
        run=run,
        sweep=sweep,
        varied=[
            (v["path"], [value_label(v["path"], x) for x in v["values"]]) for v in sweep["varied"]
        ],
        closest=labelled(sweep.get("closest") or {}),
        tied=[labelled(values) for values in sweep.get("not_told_apart", [])],
        paths=paths,
        reached=[f"{p} reached (games, {limit_withholds(p)}s withheld)" for p in counted],
        labels=[by_key[k].label for k in shown],
        rows=rows,
        charts=charts,
    )
