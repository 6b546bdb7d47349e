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

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "FACES",
    "JOKER",
    "JOKER_FACE",
    "RANKS",
    "RANK_ORDER",
    "SKIP_FACE",
    "SUITS",
    "CardError",
    "CardNames",
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
#: The face of a numbered pack's skip card: the place of the 13 of the first
#: colour (a pack with skips numbers its cards up to 12 at most), ``KC`` in the
#: canonical notation, ``SK`` for people.
SKIP_FACE = 12

_RANK_ALIASES = {"T": "10", "JK": JOKER, "JOKER": JOKER}
#: In a file, numbers name the ace and court ranks too, as numbered packs write them
#: (card codes keep the letters: 11H is not a card).
_NUMBER_ALIASES = {"1": "A", "11": "J", "12": "Q", "13": "K"}
_SUIT_ALIASES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


class CardError(ValueError):
    """Text that is not a card (:attr:`card`: the text, where it is known)."""

    def __init__(self, message: str, card: str = "") -> None:
        super().__init__(message)
        self.card = card


def normalize_rank(text: str) -> str | None:
    """Return the canonical rank for ``text`` (``"t"`` → ``"10"``, ``"12"`` → ``"Q"``), or ``None``."""
    upper = text.strip().upper()
    if upper in RANK_ORDER:
        return upper
    return _RANK_ALIASES.get(upper) or _NUMBER_ALIASES.get(upper)


def parse_card_code(text: str) -> tuple[str, str] | None:
    """Split a card code such as ``"AH"``, ``"10d"`` or ``"Q♠"`` into (rank, suit).

    Returns ``None`` for anything that is not a standard card (jokers included).
    """
    code = text.strip()
    if len(code) < 2:
        return None
    suit = _SUIT_ALIASES.get(code[-1], code[-1].upper())
    rank = normalize_rank(code[:-1])
    if code[:-1] in _NUMBER_ALIASES:
        return None
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
        raise CardError(f"'{text}' is not a card (write 10H, QS, AS or JK)", text)
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

    A numbered pack (``highest`` below 13 or ``numbered``) holds, per deck,
    the numbers 1 to ``highest`` in four colours: number *n* of colour *c* is
    the face of rank *n* - 1 in suit *c* (1 takes the ace's place, 11 the
    jack's, 12 the queen's, 13 the king's). Card ``i`` of a deck is then colour
    ``i // highest``, number ``i % highest + 1``.
    """

    decks: int
    jokers: int
    highest: int = 13
    """Numbered packs: the highest number (the cards of a colour are 1 to ``highest``)."""
    skips: int = 0
    """Numbered packs: skip cards (face :data:`SKIP_FACE`), after the jokers."""

    @property
    def per_deck(self) -> int:
        """Cards in one deck, jokers left out."""
        return 4 * self.highest

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return self.per_deck * self.decks + self.jokers + self.skips

    def face(self, card: int) -> int:
        """The face of physical card ``card``."""
        per = self.per_deck
        if card >= per * self.decks + self.jokers:
            return SKIP_FACE
        if card >= per * self.decks:
            return JOKER_FACE
        index = card % per
        return (index // self.highest) * 13 + index % self.highest

    def faces(self) -> list[int]:
        """The face of every physical card, by card id."""
        return [self.face(i) for i in range(self.size)]


_CANONICAL_TOKEN = re.compile(r"(?<![\w])(10|[2-9AJQK])([CDHS])(?![\w])")

#: Each suit letter's symbol (the inverse of the aliases typed in).
_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _with_symbol(match: re.Match[str]) -> str:
    return match.group(1) + _SYMBOL[match.group(2)]


@dataclass(frozen=True, slots=True)
class CardNames:
    """How a pack writes its cards for people.

    A standard pack writes ``10H``, ``QS``, ``JK`` (the canonical notation the
    engine and game records use). A numbered pack (``colours`` given: the four
    colour names, in suit order) writes a card as its number and its colour's
    first letter, ``7R`` for the red 7, ``12B`` for the blue 12; jokers stay
    ``JK``. :meth:`show` turns canonical text into the pack's, :meth:`read`
    turns what a person typed in the pack's notation into canonical text.
    """

    colours: tuple[str, ...] = ()
    skips: bool = False
    """Whether the pack holds skip cards (written ``SK``)."""
    marks: tuple[str, ...] = ()
    """The letter of each colour where the file gives them (``deck.numbered.letters``);
    empty: each colour's first letter."""

    @property
    def numbered(self) -> bool:
        """Whether the pack is numbered (not standard)."""
        return bool(self.colours)

    @property
    def letters(self) -> tuple[str, ...]:
        """The colour letters of a numbered pack (suit order)."""
        if self.marks:
            return self.marks
        return tuple(colour[0].upper() for colour in self.colours)

    def text(self, face: int) -> str:
        """The text of ``face`` in this pack's notation."""
        if not self.colours or face == JOKER_FACE:
            return _TEXT[face]
        if face == SKIP_FACE and self.skips:
            return "SK"
        return f"{face % 13 + 1}{self.letters[face // 13]}"

    def texts(self, faces: Iterable[int]) -> str:
        """Faces as space-separated text in this pack's notation."""
        return " ".join(self.text(f) for f in faces)

    def rank_name(self, rank: int) -> str:
        """The name of rank index ``rank``: ``A``..``K``, or ``1``..``13`` when numbered."""
        return str(rank + 1) if self.colours else RANKS[rank]

    def symbols(self, text: str) -> str:
        """``text`` with every canonical card of a standard pack shown with its
        suit symbol (``10H`` as ``10♥``, ``2H=AS`` as ``2♥=A♠``), as a screen
        that can draw them shows cards; a numbered pack's text is left alone."""
        if self.colours:
            return text
        return _CANONICAL_TOKEN.sub(_with_symbol, text)

    def show(self, text: str) -> str:
        """``text`` with every canonical card (``7H``, ``7H=8H`` too) in this pack's notation."""
        if not self.colours:
            return text
        return _CANONICAL_TOKEN.sub(self._shown, text)

    def _shown(self, match: re.Match[str]) -> str:
        return self.text(face_of(RANK_ORDER[match.group(1)], SUITS.index(match.group(2))))

    def read(self, text: str) -> str:
        """``text`` with every card written in this pack's notation made canonical;
        raises :class:`CardError` for a number the pack cannot have (``14R``)."""
        if not self.colours:
            return text
        if self.skips:
            text = re.sub(r"(?<![\w])[Ss][Kk](?![\w])", _TEXT[SKIP_FACE], text)
        letters = "".join(self.letters)
        pattern = re.compile(rf"(?<![\w])(\d+)([{letters}{letters.lower()}])(?![\w])")

        def canonical(match: re.Match[str]) -> str:
            number = int(match.group(1))
            if not 1 <= number <= 13:
                raise CardError(f"'{match.group(0)}' is not a card (numbers go from 1)")
            suit = self.letters.index(match.group(2).upper())
            return _TEXT[face_of(number - 1, suit)]

        return pattern.sub(canonical, text)

    def parse(self, text: str) -> int:
        """The face written as ``text`` in this pack's notation (canonical text too)."""
        if not self.colours:
            return parse_card(text)
        try:
            return parse_card(self.read(text.strip()))
        except CardError:
            example = f"7{self.letters[0]}, 12{self.letters[1]}"
            raise CardError(f"'{text}' is not a card (write {example} or JK)") from None
