"""Cards: ranks, suits, faces, notation and the physical pack.

A *face* is what a card shows: a small int, ``suit * 13 + rank`` for the 52
standard faces (rank 0 is the ace, 12 the king; suits C, D, H, S) and
:data:`JOKER_FACE` (52) for a joker. Several decks hold several cards of the
same face: they are interchangeable in play, but each *physical* card keeps
its own id (``0 .. pack size - 1``) so that card conservation can be checked.

Notation: ``10H``, ``QS``, ``AS``, ``JK``. :func:`parse_card` also accepts
``T`` for ten, lower case and the suit symbols ♣♦♥♠, and is the exact
inverse of :func:`format_card` on canonical text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "FACES",
    "JOKER",
    "JOKER_FACE",
    "RANKS",
    "RANK_ORDER",
    "SUITS",
    "CardError",
    "Pack",
    "face_of",
    "format_card",
    "format_cards",
    "normalize_rank",
    "parse_card",
    "parse_card_code",
    "parse_cards",
    "rank_of",
    "suit_of",
]

#: Ranks in ascending order with the ace low.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_ORDER: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
JOKER = "joker"
#: The face of a joker.
JOKER_FACE = 52
#: Number of distinct faces (52 standard + joker).
FACES = 53

_RANK_ALIASES = {"T": "10", "JK": JOKER, "JOKER": JOKER}
_SUIT_ALIASES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


class CardError(ValueError):
    """Text that is not a card."""


def normalize_rank(text: str) -> str | None:
    """Return the canonical rank for ``text`` (``"t"`` → ``"10"``), or ``None``."""
    upper = text.strip().upper()
    if upper in RANK_ORDER:
        return upper
    return _RANK_ALIASES.get(upper)


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


def face_of(rank: int, suit: int) -> int:
    """The face of rank index ``rank`` (0 = ace) in suit index ``suit``."""
    return suit * 13 + rank


def rank_of(face: int) -> int:
    """Rank index of a standard face (0 = ace … 12 = king); -1 for a joker."""
    return -1 if face == JOKER_FACE else face % 13


def suit_of(face: int) -> int:
    """Suit index of a standard face (0..3 = C, D, H, S); -1 for a joker."""
    return -1 if face == JOKER_FACE else face // 13


_TEXT = (*(f"{RANKS[f % 13]}{SUITS[f // 13]}" for f in range(52)), "JK")


def format_card(face: int) -> str:
    """Canonical text of a face: ``10H``, ``QS``, ``JK``."""
    return _TEXT[face]


def format_cards(faces: Iterable[int]) -> str:
    """Faces as space-separated canonical text."""
    return " ".join(_TEXT[f] for f in faces)


def parse_card(text: str) -> int:
    """The face written as ``text``; raises :class:`CardError` if it is not a card."""
    code = text.strip()
    if code.upper() in ("JK", "JOKER", "★", "🃏"):
        return JOKER_FACE
    parsed = parse_card_code(code)
    if parsed is None:
        raise CardError(f"'{text}' is not a card (write 10H, QS, AS or JK)")
    rank, suit = parsed
    return face_of(RANK_ORDER[rank], SUITS.index(suit))


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse space-separated cards (or an iterable of card texts) into faces."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


@dataclass(frozen=True, slots=True)
class Pack:
    """The physical pack: ``decks`` standard decks plus ``jokers`` jokers.

    Physical card ``i`` is standard face ``i % 52`` of deck ``i // 52`` for
    ``i < 52 * decks``, and a joker after that.
    """

    decks: int
    jokers: int

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return 52 * self.decks + self.jokers

    def face(self, card: int) -> int:
        """The face of physical card ``card``."""
        return card % 52 if card < 52 * self.decks else JOKER_FACE

    def faces(self) -> list[int]:
        """The face of every physical card, by card id."""
        return [self.face(i) for i in range(self.size)]
