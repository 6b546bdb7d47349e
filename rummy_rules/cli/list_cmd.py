"""``rummy-rules list``: the shipped variants."""

from __future__ import annotations

from typing import Any

from .common import JsonOption, handle_errors


@handle_errors
def list_variants(json_output: JsonOption = False) -> None:
    """List the shipped variants: id, name, aliases, players and number of deals.

    A "+" after the number of deals means the last deal repeats until the game
    ends (a target score or elimination). House-rules examples (files that extend a standard variant) are listed
    after the standard variants, with the variant they are based on.
    """
    from ..spec.loader import check_variant
    from ..spec.registry import display_name, shipped_variants

    rows: list[dict[str, Any]] = []
    for entry in shipped_variants():
        report = check_variant(entry.path)
        spec = report.spec
        rows.append(
            {
                "id": entry.id,
                "name": spec.name if spec else None,
                "aliases": list(entry.aliases),
                "players": {"min": spec.players.min, "max": spec.players.max} if spec else None,
                "deals": len(spec.deals) if spec else None,
                "game_end": spec.game_end.kind if spec else None,
                "based_on": spec.based_on if spec else None,
                "house": entry.house,
                "file": display_name(entry.path),
                "valid": report.valid,
            }
        )
    if json_output:
        from .common import emit_json

        emit_json({"variants": rows})
        return
    _print_tables(rows)


def _span(row: dict[str, Any]) -> tuple[str, str]:
    """The players and deals cells of a row: ``3-5`` and ``7`` (``1+`` repeats)."""
    players = row["players"]
    if players is None:
        span = "?"
    elif players["min"] == players["max"]:
        span = str(players["min"])
    else:
        span = f"{players['min']}-{players['max']}"
    deals = "?" if row["deals"] is None else str(row["deals"])
    if row["game_end"] and row["game_end"] != "fixed_deals":
        deals += "+"
    return span, deals


def _print_tables(rows: list[dict[str, Any]]) -> None:
    """The standard variants, then the house-rules examples with their base.

    The tables fit the terminal (or ``COLUMNS`` when piped, else 100
    columns): names and aliases wrap between words, and ids, what a user
    types, are never wrapped or cut.
    """
    from rich.table import Table

    from .sim_output import console

    out = console()
    for house in (False, True):
        chosen = [row for row in rows if row["house"] == house]
        if not chosen:
            continue
        if house:
            out.print("\nHouse-rules examples (files that extend a variant above):")
        table = Table(box=None, pad_edge=False, header_style="bold")
        table.add_column("id", no_wrap=True, overflow="ignore")
        table.add_column("name", overflow="fold", ratio=1)
        last = "based on" if house else "aliases"
        table.add_column(last, overflow="fold", min_width=17 if house else 16)
        table.add_column("players", no_wrap=True)
        table.add_column("deals", no_wrap=True)
        for row in chosen:
            span, deals = _span(row)
            other = row["based_on"] or "" if house else ", ".join(row["aliases"])
            table.add_row(row["id"], row["name"] or "(invalid)", other, span, deals)
        out.print(table)
