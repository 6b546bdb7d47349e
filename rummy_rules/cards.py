"""Ranks and suits shared by the schema and, later, the engine.

Only the names live here for now: the rank and suit symbols that variant
files use as keys (card values, wild ranks).
"""

from __future__ import annotations

__all__ = ["JOKER", "RANKS", "RANK_ORDER", "SUITS", "normalize_rank", "parse_card_code"]

#: Ranks in ascending order with the ace low. ``RANKS[i]`` has pip value ``i + 1``
#: for the numerals; the ace is both the lowest and (in runs that allow it) the highest.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_ORDER: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
JOKER = "joker"

_RANK_ALIASES = {"T": "10", "1": "A", "JK": JOKER, "JOKER": JOKER}


def normalize_rank(text: str) -> str | None:
    """Return the canonical rank for ``text`` (``"t"`` → ``"10"``), or ``None``."""
    upper = text.strip().upper()
    if upper in RANK_ORDER:
        return upper
    return _RANK_ALIASES.get(upper)


_SUIT_ALIASES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def parse_card_code(text: str) -> tuple[str, str] | None:
    """Split a card code such as ``"AH"``, ``"10d"`` or ``"Q♠"`` into (rank, suit).

    Returns ``None`` for anything that is not a standard card (jokers included).
    """
    code = text.strip()
    if len(code) < 2:
        return None
    suit = _SUIT_ALIASES.get(code[-1], code[-1].upper())
    rank = normalize_rank(code[:-1])
    if suit not in SUITS or rank is None or rank == JOKER:
        return None
    return rank, suit
