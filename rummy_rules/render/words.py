"""Numbers, counts and tables in words: the small pieces every rule sentence uses."""

from __future__ import annotations

from ..cards import RANKS
from ..engine.rules import ContractPart, describe_contract
from ..spec.schema import (
    DealSpec,
    FormulaCount,
    PerDeckCount,
    PlayerCountTable,
    VariantSpec,
    evaluate_count,
)

__all__ = [
    "capital",
    "count_text",
    "deal_rows",
    "number_word",
    "pack_rows",
    "plural",
    "value_rows",
]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """``n`` in words up to ten (``three``), in figures above."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, made plural when ``n`` is not one (``three decks``)."""
    return f"{number_word(n)} {word if n == 1 else many or word + 's'}"


def capital(text: str) -> str:
    """``text`` with its first letter in capitals."""
    return text[:1].upper() + text[1:]


def count_text(value: int | PlayerCountTable | FormulaCount | PerDeckCount, noun: str) -> str:
    """``2 jokers``, ``one joker per deck``, ``one fewer than the number of players``."""
    if isinstance(value, int):
        return plural(value, noun)
    if isinstance(value, PerDeckCount):
        return f"{plural(value.per_deck, noun)} per deck"
    if isinstance(value, FormulaCount):
        return {
            "players": f"one {noun} per player",
            "players_minus_one": f"one {noun} fewer than the number of players",
            "half_players_rounded_up": f"one {noun} for every two players (rounded up)",
        }[value.formula]
    parts = []
    for key, number in value.by_players.items():
        who = f"{key.replace('-', ' to ')} players" if key != "1" else "1 player"
        if key.endswith("+"):
            who = f"{key[:-1]} or more players"
        parts.append(f"{plural(number, noun)} for {who}")
    return ", ".join(parts)


def pack_rows(spec: VariantSpec) -> list[dict[str, int]]:
    """Decks, jokers and cards in all, for every player count."""
    rows = []
    for n in spec.player_counts():
        decks = evaluate_count(spec.deck.decks, n) or 0
        jokers = evaluate_count(spec.deck.jokers, n, decks=decks) or 0
        rows.append({"players": n, "decks": decks, "jokers": jokers, "cards": 52 * decks + jokers})
    return rows


def _parts(spec: VariantSpec, deal: DealSpec) -> tuple[ContractPart, ...]:
    default = spec.contract.exactness == "exact" and not deal.all_out
    if deal.exact is not None:
        default = deal.exact
    return tuple(
        ContractPart(p.type, p.size, p.exact if p.exact is not None else default)
        for p in deal.contract
    )


def deal_rows(spec: VariantSpec) -> list[dict[str, str]]:
    """One row per deal: number, cards dealt, contract, and special rules."""
    rows = []
    for index, deal in enumerate(spec.deals):
        cards = deal.cards
        dealt = str(cards) if isinstance(cards, int) else count_text(cards, "card")
        special = []
        if deal.all_out:
            special.append("go out all at once, no discard")
        if deal.first_down_must_go_out:
            special.append(
                "the first to go down must go out"
                + (", and may discard their last card" if deal.first_down_may_discard else "")
            )
        if deal.buy_limit is not None and spec.buying.enabled:
            special.append(f"up to {plural(deal.buy_limit, 'buy')}")
        parts = _parts(spec, deal)
        rows.append(
            {
                "number": str(index + 1),
                "label": deal.label or "",
                "cards": dealt,
                "contract": describe_contract(parts) if parts else "—",
                "special": "; ".join(special),
            }
        )
    return rows


def value_rows(spec: VariantSpec) -> list[tuple[str, int]]:
    """(rank, points) in rank order, jokers last."""
    values = spec.scoring.card_values
    order: list[str] = [r for r in (*RANKS[1:], "A") if r in values]
    rows: list[tuple[str, int]] = [(r, values[r]) for r in order]
    if "joker" in values and any(row["jokers"] for row in pack_rows(spec)):
        rows.append(("Joker", values["joker"]))
    return rows
