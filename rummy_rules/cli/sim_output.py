"""The text output of ``simulate`` and ``compare``: tables that fit the terminal.

Every table is laid out for the console's width (the terminal's, or
``COLUMNS`` when the output is not a terminal, else 100 columns): cells wrap
rather than being cut, and no table is wider than the console. Numbers follow
one style: rates as percentages with one decimal, other figures with the
precision their size needs, and every 95% interval as ``(low to high)``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..sim.metrics import bound_words

if TYPE_CHECKING:
    from ..spec.schema import VariantSpec

__all__ = [
    "Shown",
    "capped_note",
    "console",
    "number",
    "print_audit",
    "print_comparison",
    "print_simulation",
    "print_sweep",
    "with_interval",
]


def console() -> Any:
    """A Rich console as wide as the terminal, or ``COLUMNS``, or 100 columns."""
    from rich.console import Console

    if sys.stdout.isatty():
        return Console()
    try:
        width = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        width = 100
    return Console(width=max(40, width), highlight=False)


def number(value: float, *, percent: bool = False, sign: bool = False) -> str:
    """``value`` for people (see :func:`~rummy_rules.sim.compare.format_figure`)."""
    from ..sim.compare import format_figure

    return format_figure(value, percent=percent, sign=sign)


def with_interval(item: dict[str, float], *, percent: bool = False, sign: bool = False) -> str:
    """A figure and its 95% interval (see :func:`~rummy_rules.sim.compare.format_interval`)."""
    from ..sim.compare import format_interval

    return format_interval(item, percent=percent, sign=sign)


def capped_note(capped: dict[str, int]) -> str:
    """How many games the engine's safety stops cut short, in a sentence (empty: none)."""
    total = capped.get("deal_cap", 0) + capped.get("turn_cap", 0)
    if not total:
        return ""
    parts = []
    if capped.get("deal_cap"):
        parts.append(f"{capped['deal_cap']} at the deal cap")
    if capped.get("turn_cap"):
        parts.append(f"{capped['turn_cap']} with a deal stopped at the turn cap")
    games = "game" if total == 1 else "games"
    return (
        f"{total} {games} did not finish, stopped by a safety cap of the engine "
        f"({', '.join(parts)}): left out of every figure, win rates included."
    )


def _table(title: str | None = None) -> Any:
    from rich.table import Table

    return Table(title=title, header_style="bold", expand=False)


def _column(table: Any, header: str, *, right: bool = False, whole: bool = False) -> None:
    """A column whose cells wrap; with ``whole``, one whose cells are kept whole
    (a key path, already broken into lines: the other columns wrap instead)."""
    justify = "right" if right else "left"
    table.add_column(header, overflow="fold", justify=justify, no_wrap=whole)


def _print_deals(out: Any, data: dict[str, Any], shown: Shown) -> None:
    """The two tables of each deal, in the words of the variant's family: a knock
    game lays melds at the knock (no "going down", no one-turn outs), and a
    figure its rules cannot make (buys, wild exchanges) is left out."""
    down = "lay melds" if shown.knock else "go down"
    length = _table("Deals: length")
    for header in ("deal", "turns", "median (p10 to p90)", f"own turns to {down}"):
        _column(length, header, right=header != "deal")
    figures: list[tuple[str, str, bool]] = [
        ("laid melds" if shown.knock else "went down", "went_down_rate", True)
    ]
    if shown.buys:
        figures.append(("buys", "buys", False))
    if shown.exchanges:
        figures.append(("joker swaps", "joker_exchanges", False))
    if not shown.knock:
        figures.append(("one-turn outs", "one_turn_out_rate", True))
    figures.append(("points caught", "points_caught_in_hand", False))
    events = _table("Deals: what happened")
    for header in ("deal", *(f[0] for f in figures), "ended by"):
        _column(events, header, right=header not in ("deal", "ended by"))
    for row in data["deals"]:
        pct = row["turns_percentiles"]
        length.add_row(
            row["label"],
            with_interval(row["turns"]),
            f"{pct['p50']} ({pct['p10']} to {pct['p90']})",
            with_interval(row["own_turns_to_go_down"]),
        )
        events.add_row(
            row["label"],
            *(number(row[key]["value"], percent=percent) for _, key, percent in figures),
            ", ".join(
                f"{k.replace('_', ' ')} {v} ({number(row['ended_by_rate'][k]['value'], percent=True)})"
                for k, v in row["ended_by"].items()
            ),
        )
    out.print(length)
    out.print(
        "turns: per deal, with the median and the 10th and 90th percentiles; own "
        f"turns to {down}: the turns a player takes before "
        f"{'laying melds' if shown.knock else 'going down'}."
    )
    out.print(events)
    legend = [
        "laid melds: the share of players who laid melds (the knocker, and the other "
        "players answering the knock)"
        if shown.knock
        else "went down: the share of players who did"
    ]
    counted = [w for w, on in (("buys", shown.buys), ("joker swaps", shown.exchanges)) if on]
    if counted:
        legend.append(f"{' and '.join(counted)}: per deal")
    if not shown.knock:
        legend.append("one-turn outs: the share of deals won by going out in one turn")
    legend.append("points caught: per player left holding cards")
    legend.append("ended by: how many deals ended each way, and their share")
    out.print("; ".join(legend) + ". Means without intervals here; --json gives them.")


def _no_figures(out: Any, data: dict[str, Any]) -> None:
    """Nothing finished (every game capped, failed or interrupted): say so, for
    tables of zeros would read as results."""
    if data.get("stop_reason"):
        out.print(f"Stopped: {data['stop_reason']}.")
    if data.get("capped_games"):
        out.print(capped_note(data["capped_by"]))
    out.print("No game finished, so there are no figures to show.")


@dataclass(frozen=True)
class Shown:
    """What a variant's report shows of each deal: ``knock`` (melds laid only at
    a knock: "lay melds" for "go down", no one-turn outs), and whether buys and
    wild exchanges can happen at all (their columns are left out when not)."""

    knock: bool = False
    buys: bool = True
    exchanges: bool = True

    @classmethod
    def of(cls, spec: VariantSpec) -> Shown:
        """What ``spec``'s rules let happen."""
        from ..render.wild_sentences import has_wilds

        return cls(
            knock=spec.going_out.knock is not None,
            buys=spec.buying.enabled,
            exchanges=spec.wilds.exchange.allowed is not False and has_wilds(spec),
        )


def print_simulation(
    name: str,
    players: int,
    kinds: list[str],
    seed: int,
    data: dict[str, Any],
    shown: Shown | None = None,
) -> None:
    """The figures of one simulation: wins by seat, each deal, the whole game
    (``shown``: which deal figures the variant's rules make meaningful)."""
    shown = shown or Shown()
    out = console()
    note = " (interrupted)" if data["interrupted"] else ""
    failed = f", {data['failed_games']} stopped by a bot error" if data["failed_games"] else ""
    brackets = " A figure followed by brackets has its 95% confidence interval there"
    brackets = brackets + " (low to high)." if data["games"] else ""
    out.print(
        f"{name}: {data['games']} games{note}{failed}, {players} players "
        f"({', '.join(kinds)}), seed {seed}.{brackets}"
    )
    if not data["games"]:
        _no_figures(out, data)
        return
    wins = _table("Wins")
    _column(wins, "#")
    _column(wins, "win rate of seat p#", right=True)
    _column(wins, "win rate at turn order #", right=True)
    _column(wins, "mean total of seat p#", right=True)
    for i in range(players):
        wins.add_row(
            str(i + 1),
            with_interval(data["win_rate_by_seat"][i], percent=True),
            with_interval(data["win_rate_by_turn_order"][i], percent=True),
            with_interval(data["mean_total_by_seat"][i]),
        )
    if data.get("stop_reason"):
        out.print(f"Stopped after {data['games']} games: {data['stop_reason']}.")
    if data.get("capped_games"):
        out.print(capped_note(data["capped_by"]))
    out.print(wins)
    out.print(
        f"Seats are p1 to p{players}; in each deal turn order 1 is the first to play "
        f"and {players} the dealer."
    )
    _print_deals(out, data, shown)
    left = [row for row in data["deals"] if row["left_deal_by_cost"]]
    if left:
        out.print(
            "Left the deal (a drop or a wrong declaration), by the points it cost: "
            + "; ".join(
                f"deal {row['label']}: "
                + ", ".join(f"{n} at {cost} points" for cost, n in row["left_deal_by_cost"].items())
                + f" ({number(row['left_deal_rate']['value'], percent=True)} of players)"
                for row in left
            )
            + "."
        )
    if data.get("contracts"):
        _print_contracts(out, data["contracts"])
    reached = _limits_reached(data)
    if reached:
        out.print(f"Limits reached (games, actions withheld): {reached}.")
    out.print(
        f"Per game: {with_interval(data['turns_per_game'])} turns, "
        f"{with_interval(data['deals_per_game'])} deals; winning margin "
        f"{with_interval(data['final_margin'])}; score spread "
        f"{with_interval(data['score_spread'])}; lead changes "
        f"{with_interval(data['lead_changes'])}."
    )
    _print_design(out, data["design"])


def _print_design(out: Any, design: dict[str, Any]) -> None:
    """The design figures: seat advantage, skill, drama, deals nobody won, length spread."""
    pct = design["turns_per_game_percentiles"]
    lines = [
        "first-seat advantage "
        + with_interval(design["first_seat_advantage"], percent=True, sign=True)
        + " (the first player's win rate less a fair share)",
        f"games won from last place {with_interval(design['comeback_rate'], percent=True)}",
        "deals nobody went out or knocked "
        + with_interval(design["deals_nobody_won_rate"], percent=True),
        f"turns per game: standard deviation {number(design['turns_per_game_sd'])}, "
        f"median {pct['p50']} ({pct['p10']} to {pct['p90']})",
    ]
    gap = design["skill_gap"]
    if gap is not None:
        rates = ", ".join(
            f"{b['bot']} {with_interval(b['win_rate'], percent=True)}"
            for b in design["win_rate_by_bot"]
        )
        lines.append(f"win rate per seat by bot: {rates}")
        lines.append(
            f"skill gap: {gap['stronger']} wins rather than {gap['weaker']} "
            + with_interval(gap, percent=True)
            + " of the time, seat for seat (50%: luck alone decides)"
        )
    out.print("Design: " + "; ".join(lines) + ".")


def _print_contracts(out: Any, rows: list[dict[str, Any]]) -> None:
    """Each player on their own contract: how often each contract was played and made."""
    table = _table("Contracts: each player on their own")
    for header in ("contract", "played per game", "made"):
        _column(table, header, right=header != "contract")
    for row in rows:
        table.add_row(
            str(row["contract"]),
            number(row["tries_per_game"]),
            with_interval(row["made_rate"], percent=True),
        )
    out.print(table)
    out.print(
        "played per game: how many times a player played that contract (a deal each); "
        "made: the share of those deals in which they went down with it and moved on."
    )


def print_comparison(
    data: dict[str, Any], labels: list[str], count: int, kinds: list[str], seed: int
) -> None:
    """Each side's figures and its difference from the first, with 95% intervals."""
    from ..sim.metrics import shown_metrics

    out = console()
    note = " (interrupted)" if data["interrupted"] else ""
    out.print(
        f"{data['games']} games a side{note}, {count} players ({', '.join(kinds)}), "
        f"seed {seed}; the same seeds for every side."
    )
    if data.get("stop_reason"):
        out.print(f"Stopped after {data['games']} games a side: {data['stop_reason']}.")
    for label in labels:
        out.print(f"  {label}")
    letters = [label.split(":", 1)[0] for label in labels]
    for letter, side in zip(letters, data["sides"], strict=True):
        if side["statistics"].get("capped_games"):
            note = capped_note(side["statistics"]["capped_by"])
            out.print(f"{letter}: {note[:-1]}; its seeds are left out of every difference.")
    table = _table()
    _column(table, "per game")
    for letter in letters:
        _column(table, letter, right=True)
    for letter in letters[1:]:
        _column(table, f"{letter} − {letters[0]} (95% CI)", right=True)
    sides = data["sides"]
    for metric in shown_metrics(data.get("labels")):
        percent = metric.percent
        row = [metric.label]
        row += [number(s["metrics"][metric.key]["value"], percent=percent) for s in sides]
        for s in sides[1:]:
            d = s["difference_from_first"][metric.key]
            star = " *" if d["significant"] else ""
            row.append(with_interval(d, percent=percent, sign=True) + star)
        table.add_row(*row)
    out.print(table)
    for letter, side in zip(letters, sides, strict=True):
        reached = _limits_reached(side["statistics"])
        if reached:
            out.print(f"{letter}: limits reached (games, actions withheld): {reached}.")
    tested = data["significance"]["figures_tested"]
    out.print(
        f"* significant: Holm's procedure over all {tested} differences keeps the chance "
        "that any starred one is not there at 5%; intervals are 95%; differences of rates "
        "are in percentage points (pts)."
    )
    for line in data["summary"]:
        out.print(line)


def _path_header(path: str, width: int = 14) -> str:
    """A key path as a column header that breaks only after a dot:
    ``buying.limits.per_deal`` becomes ``buying.limits.`` over ``per_deal``."""
    lines: list[str] = []
    for part in path.replace(".", ".\n").splitlines():
        if lines and len(lines[-1]) + len(part) <= width:
            lines[-1] += part
        else:
            lines.append(part)
    return "\n".join(lines)


def print_sweep(
    result: Any,
    paths: list[str],
    metric: str | None,
    target: float | None,
    closest: int | None,
    tied: list[int] | None = None,
    words: dict[str, str] | None = None,
) -> None:
    """A sweep's figures: one row per combination, its values and figures with
    95% intervals; the combination closest to ``target`` marked and named, and
    those the data cannot tell apart from it (``tied``) marked and named too."""
    tied = tied or []
    from ..sim.metrics import METRICS, headline_keys, limit_withholds, shown_metrics, value_label

    keys = [metric] if metric else headline_keys(words)
    labels = {m.key: m for m in METRICS} | {m.key: m for m in shown_metrics(words)}
    limits = {path: limit_withholds(path) for path in paths}
    counted = [path for path in paths if limits[path]]
    table = _table()
    for path in paths:
        _column(table, _path_header(path), whole=True)
    _column(table, "games", right=True)
    for path in counted:
        _column(table, f"{path} reached" if len(counted) > 1 else "limit reached", right=True)
    for key in keys:
        _column(table, labels[key].label, right=True)
    # Different bots at the table: each one's win rate (per seat and game).
    bots = next((list(dict.fromkeys(st.bots)) for st in result.stats if st is not None), [])
    bots = bots if len(bots) > 1 else []
    for bot in bots:
        _column(table, f"{bot} win rate", right=True)
    for i, combo in enumerate(result.combinations):
        stats = result.stats[i]
        row = [value_label(path, combo.values[path]) for path in paths]
        if stats is None:
            table.add_row(
                *row, "—", *["—" for _ in counted], *["invalid" for _ in keys], *["—" for _ in bots]
            )
            continue
        row.append(str(stats.games))
        for path in counted:
            row.append(_bound_cell(stats, path, combo.values[path]))
        figures = [
            with_interval(result.metric(i, key), percent=labels[key].percent) for key in keys
        ]
        figures[-1] += " ←" if i == closest else " ≈" if i in tied else ""
        rates = {b["bot"]: b["win_rate"] for b in stats.win_rate_by_bot()}
        figures += [with_interval(rates[bot], percent=True) for bot in bots]
        table.add_row(*row, *figures)
    console().print(table)
    if counted:
        console().print(
            "limit reached: in how many finished games a player reached the limit and it "
            f"withheld an action, and in brackets how many it withheld ({_withheld(limits)}; "
            "a bot may have declined them: where the figures match a row without the limit, "
            "it did); never: no player reached the limit, so these games cannot show what it does."
        )
    if closest is not None and metric is not None:
        combo = result.combinations[closest]
        figure = with_interval(result.metric(closest, metric), percent=labels[metric].percent)
        console().print(
            f"Closest to {target} for {labels[metric].label}: {combo.label()} ({figure}) ←."
        )
        if tied:
            console().print(
                "The data cannot tell it apart from (≈: their 95% intervals come as near "
                f"the target): {'; '.join(result.combinations[i].label() for i in tied)}."
            )
        else:
            console().print("No other combination's 95% interval comes as near the target.")


def _change_text(change: dict[str, Any]) -> str:
    """``path: from → to``, a null value in the key's own words ("unlimited")."""
    from ..sim.metrics import value_label

    path = change["path"]
    ends = (value_label(path, change[end]) for end in ("from", "to"))
    return f"{path}: {' → '.join(ends)}"


def _audit_reached(change: dict[str, Any]) -> str:
    """For a counted limit: in how many games a player reached it, each side."""
    reached = change.get("limit_reached")
    if not reached:
        return ""
    from ..sim.metrics import limit_withholds

    action = limit_withholds(change["path"]) or "action"
    games = change["games_compared"]
    sides = " → ".join(
        "no limit" if change[side] in (None, "null") else bound_words(reached[side], games, action)
        for side in ("from", "to")
    )
    return f"; limit reached: {sides}"


def _limits_reached(data: dict[str, Any]) -> str:
    """Each counted limit a player reached in these games, as text ("" for none)."""
    from ..sim.metrics import limit_withholds

    return "; ".join(
        f"{path} {bound_words(entry, data['games'], limit_withholds(path) or 'action')}"
        for path, entry in data.get("limits_bound", {}).items()
    )


def _bound_cell(stats: Any, path: str, value: str) -> str:
    if value == "null":
        return "no limit"
    times, games = stats.bound.get(path, (0, 0))
    return f"{games} of {stats.games} ({times:,})" if times else "never"


def _withheld(limits: dict[str, str | None]) -> str:
    """What the varied limits withhold, as words: "buy offers", "buy offers, buy-backs"."""
    return ", ".join(dict.fromkeys(f"{action}s" for action in limits.values() if action))


#: How many figures a change's line names at most (the rest are in --json).
_AUDIT_FIGURES = 3


def _audit_figures(change: dict[str, Any], words: dict[str, str] | None) -> str:
    """The figures a change moved (Holm), largest first by p-value, as text."""
    from ..sim.metrics import METRICS, shown_metrics

    labels = {m.key: m for m in METRICS} | {m.key: m for m in shown_metrics(words)}
    moved = sorted(
        (item["p"], key)
        for key, item in change["figures"].items()
        if item["different"] and (words is None or key in words)
    )
    parts = [
        f"{labels[key].label} {with_interval(change['figures'][key], percent=labels[key].percent, sign=True)}"
        for _, key in moved[:_AUDIT_FIGURES]
    ]
    if len(moved) > _AUDIT_FIGURES:
        parts.append(f"{len(moved) - _AUDIT_FIGURES} more")
    return "; ".join(parts) if parts else "no figure told apart"


def print_audit(name: str, data: dict[str, Any]) -> None:
    """The audit in four groups: changes that alter play, same moves, not used, not valid."""
    out = console()
    groups = {g: [c for c in data["changes"] if c["group"] == g] for g in data["groups"]}
    played = sum(len(groups[g]) for g in ("changes_play", "same_moves", "no_difference"))
    more = data.get("second_look", 0)
    out.print(
        f"Audit of {name}: {len(data['changes'])} changes, {data['games']} games each, "
        f"{data['players']} players ({', '.join(data['bots'])}), seed {data['seed']}; "
        "the same seeds for every change"
        + (
            f"; a change played alike in all {data['games']} got a second look of "
            f"{more} more games."
            if more
            else "."
        )
    )
    if data["base_games_unfinished"]:
        out.print(
            f"{data['base_games_unfinished']} of the file's own games did not finish "
            "(a safety stop or a bot's failure): their pairs are left out."
        )
    sections = (
        ("changes_play", f"Changes play ({len(groups['changes_play'])} of {played} played)"),
        (
            "same_moves",
            f"Same moves, other scores ({len(groups['same_moves'])} of {played} played): the "
            "rule came into play and the bots do not answer to it",
        ),
        (
            "no_difference",
            f"No difference in any game ({len(groups['no_difference'])} of {played} played): "
            "the rule never came into play, or the bots never used what it allows",
        ),
    )
    for group, title in sections:
        if not groups[group]:
            continue
        table = _table(title)
        _column(table, "change")
        if group == "changes_play":
            _column(table, "games played otherwise", right=True)
        _column(table, "figures that differ (95% CI)")
        for change in groups[group]:
            row = [_change_text(change)]
            if group == "changes_play":
                row.append(f"{change['games_played_differently']} of {change['games_compared']}")
            row.append(_audit_figures(change, data.get("labels")) + _audit_reached(change))
            table.add_row(*row)
        out.print(table)
    if groups.get("unfinished"):
        out.print(f"Played, nothing compared ({len(groups['unfinished'])}):")
        for change in groups["unfinished"]:
            out.print(f"  {_change_text(change)}: {change['reason']}")
    if groups["not_used"]:
        out.print(f"Not used by this file ({len(groups['not_used'])}), not played:")
        for change in groups["not_used"]:
            out.print(f"  {change['path']}: {change['from']} → {change['to']}: {change['reason']}")
    if groups["invalid"]:
        out.print(f"Not valid ({len(groups['invalid'])}):")
        for change in groups["invalid"]:
            reason = change["reason"]
            reason = reason if len(reason) <= 160 else reason[:157] + "..."
            out.print(f"  {change['path']}: {change['from']} → {change['to']}: {reason}")
    tested = data["different_figures"]["figures_tested"]
    out.print(
        f"Figures told apart: Holm's procedure over all {tested:,} figures of the changes "
        "played keeps the chance of naming any difference that is not there at 5%; "
        "differences of rates are in percentage points (pts)."
    )
    if played:
        alike = played - len(groups["changes_play"])
        out.print(
            f"The bots played alike under {alike} of the {played} changes played "
            f"({data['same_moves_share'] * 100:.0f}%)."
        )
