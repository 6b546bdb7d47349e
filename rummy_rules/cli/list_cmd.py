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
    from rich.console import Console
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("id", "name", "aliases", "players", "deals", "based on"):
        table.add_column(column)
    for row in rows:
        players = row["players"]
        span = (
            "?"
            if players is None
            else (
                str(players["min"])
                if players["min"] == players["max"]
                else f"{players['min']}-{players['max']}"
            )
        )
        deals = "?" if row["deals"] is None else str(row["deals"])
        if row["game_end"] and row["game_end"] != "fixed_deals":
            deals += "+"
        table.add_row(
            row["id"],
            row["name"] or "(invalid)",
            ", ".join(row["aliases"]),
            span,
            deals,
            row["based_on"] or "",
        )
    import sys

    # A terminal gets the table at its own width; a pipe or file gets it unwrapped.
    console = Console() if sys.stdout.isatty() else Console(width=200)
    console.print(table)
