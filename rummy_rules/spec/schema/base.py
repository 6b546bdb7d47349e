"""The pieces every section of the format is made of: the strict base model,
numbers that depend on how many people play, and rank names."""

from __future__ import annotations

import itertools
import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    WithJsonSchema,
    field_validator,
)

from ...cards import JOKER, normalize_rank, parse_card_code

__all__ = [
    "COUNT_FORMS",
    "ID_PATTERN",
    "MAX_CARDS_DEALT",
    "MAX_CONTRACT_MELDS",
    "MAX_DEALS",
    "MAX_DECKS",
    "MAX_JOKERS",
    "MAX_JOKERS_PER_DECK",
    "MAX_NAME_LENGTH",
    "MAX_NOTES",
    "MAX_TEXT_LENGTH",
    "SCHEMA_VERSION",
    "FormulaCount",
    "Name",
    "PerDeckCount",
    "PlayerCountTable",
    "PlayerCountValue",
    "RankName",
    "StrictModel",
    "Text",
    "card_list",
    "check_count_limit",
    "evaluate_count",
    "number_to_text",
    "parse_player_key",
    "rank_list",
]

#: The version of the file format this package reads and writes.
SCHEMA_VERSION = 1

# Upper limits, far above any real game, so that a small file cannot ask for
# hours of work or gigabytes of memory. docs/format.md lists them.
#: Most standard decks in one pack.
MAX_DECKS = 12
#: Most jokers in one pack (and per deck, for ``{per_deck: N}``).
MAX_JOKERS = 100
MAX_JOKERS_PER_DECK = 8
#: Most cards dealt to one player in a deal.
MAX_CARDS_DEALT = 60
#: Most deals in the schedule.
MAX_DEALS = 40
#: Most melds in one deal's contract.
MAX_CONTRACT_MELDS = 12
#: Longest name (of the variant, a source, a bonus...).
MAX_NAME_LENGTH = 120
#: Longest free text (the description, one note, a source's note).
MAX_TEXT_LENGTH = 10_000
#: Most notes.
MAX_NOTES = 200

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


class StrictModel(BaseModel):
    """Base of every model: frozen, strict types, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# --------------------------------------------------------------------------
# Values that depend on the number of players
# --------------------------------------------------------------------------

_PLAYER_KEY = re.compile(r"^\s*(\d+)\s*(?:(-)\s*(\d+)|(\+))?\s*$")


def parse_player_key(key: str) -> tuple[int, int | None]:
    """Parse a player-count table key: ``"4"``, ``"3-5"`` or ``"6+"``.

    Returns ``(low, high)`` with ``high`` ``None`` for an open range.
    Raises ``ValueError`` for anything else.
    """
    m = _PLAYER_KEY.match(key)
    if not m:
        raise ValueError(f"'{key}' is not a player count: use 4, 3-5 or 6+")
    low = int(m.group(1))
    if m.group(2):
        high = int(m.group(3))
        if high < low:
            raise ValueError(f"'{key}' is an empty range")
        return low, high
    if m.group(4):
        return low, None
    return low, low


class PlayerCountTable(StrictModel):
    """A number looked up by player count."""

    by_players: dict[str, Annotated[int, Field(ge=0)]] = Field(
        description=(
            "A table from player count to the number. Keys are a count (4), an "
            "inclusive range (3-5) or an open range (6+); ranges must not overlap, "
            "and every player count the variant allows must be covered."
        ),
        min_length=1,
    )

    @field_validator("by_players")
    @classmethod
    def _keys_parse_and_do_not_overlap(cls, table: dict[str, int]) -> dict[str, int]:
        spans = []
        for key in table:
            low, high = parse_player_key(key)
            spans.append((low, high if high is not None else math.inf, key))
        spans.sort()
        for (_lo1, hi1, k1), (lo2, _hi2, k2) in itertools.pairwise(spans):
            if lo2 <= hi1:
                raise ValueError(f"player counts '{k1}' and '{k2}' overlap")
        return table

    def lookup(self, players: int) -> int | None:
        """The value for ``players``, or ``None`` when the table has no entry."""
        for key, value in self.by_players.items():
            low, high = parse_player_key(key)
            if low <= players and (high is None or players <= high):
                return value
        return None


class FormulaCount(StrictModel):
    """A number computed from the player count by a named formula."""

    formula: Literal["players", "players_minus_one", "half_players_rounded_up"] = Field(
        description=(
            "players: one per player; players_minus_one: one fewer than the players "
            "(Pagat's jokers); half_players_rounded_up: one per two players, rounded up "
            "(one deck per two players)."
        )
    )


class PerDeckCount(StrictModel):
    """A number of jokers per standard deck in play."""

    per_deck: int = Field(
        ge=0, le=MAX_JOKERS_PER_DECK, description="How many for each standard deck in play."
    )


def _count_kind(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "fixed"
    if isinstance(value, dict):
        for key in ("by_players", "formula", "per_deck"):
            if key in value:
                return key
        return None
    for kind, model in (
        ("by_players", PlayerCountTable),
        ("formula", FormulaCount),
        ("per_deck", PerDeckCount),
    ):
        if isinstance(value, model):
            return kind
    return None


PlayerCountValue = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("fixed")]
    | Annotated[PlayerCountTable, Tag("by_players")]
    | Annotated[FormulaCount, Tag("formula")]
    | Annotated[PerDeckCount, Tag("per_deck")],
    Discriminator(
        _count_kind,
        custom_error_type="player_count",
        custom_error_message=(
            "expected a whole number, {by_players: {...}}, {formula: ...} or {per_deck: ...}"
        ),
    ),
]
"""A number that may depend on the player count: ``2``, ``{by_players: {"3-4": 2, "5+": 3}}``,
``{formula: players_minus_one}`` or (jokers only) ``{per_deck: 2}``."""


#: The keys that mark a mapping as one of the counted forms above: such a
#: mapping is one value (a house file's count replaces the base's whole).
COUNT_FORMS = frozenset(
    name for model in (PlayerCountTable, FormulaCount, PerDeckCount) for name in model.model_fields
)


def check_count_limit(value: object, limit: int, what: str) -> None:
    """Raise ``ValueError`` when any number a count-by-players value can take exceeds ``limit``."""
    if isinstance(value, int):
        numbers = [value]
    elif isinstance(value, PlayerCountTable):
        numbers = list(value.by_players.values())
    else:
        return  # formulas follow the player count, itself limited
    for number in numbers:
        if number > limit:
            raise ValueError(f"{what} is {number}: at most {limit} is allowed")


#: Characters a one-line name may not hold: line and paragraph breaks, and
#: invisible ones (zero-width spaces and joiners, the byte-order mark, the
#: bidirectional marks) that make two names look alike or print out of order.
_NOT_IN_NAMES = {
    "\n": "a line break", "\r": "a line break", "\x85": "a line break",
    "\u2028": "a line separator", "\u2029": "a paragraph separator",
    "\u200b": "a zero-width space", "\u200c": "a zero-width non-joiner",
    "\u200d": "a zero-width joiner", "\u2060": "a word joiner",
    "\ufeff": "a byte-order mark", "\u200e": "a left-to-right mark",
    "\u200f": "a right-to-left mark", "\u061c": "an Arabic letter mark",
}  # fmt: skip


def _one_line(text: str) -> str:
    for char in text:
        if char in _NOT_IN_NAMES:
            raise ValueError(
                f"a name is one line of visible text: it cannot hold {_NOT_IN_NAMES[char]} "
                f"(U+{ord(char):04X})"
            )
    return text


Name = Annotated[
    str,
    Field(min_length=1, max_length=MAX_NAME_LENGTH),
    AfterValidator(_one_line),
]
"""A one-line name of at most :data:`MAX_NAME_LENGTH` characters."""

Text = Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]
"""Free text of at most :data:`MAX_TEXT_LENGTH` characters."""


def evaluate_count(
    value: int | PlayerCountTable | FormulaCount | PerDeckCount,
    players: int,
    *,
    decks: int | None = None,
) -> int | None:
    """Evaluate a :data:`PlayerCountValue` for ``players`` players.

    ``decks`` is needed for a ``per_deck`` value. Returns ``None`` when a
    table has no entry for that count.
    """
    if isinstance(value, int):
        return value
    if isinstance(value, PlayerCountTable):
        return value.lookup(players)
    if isinstance(value, FormulaCount):
        if value.formula == "players":
            return players
        if value.formula == "players_minus_one":
            return max(players - 1, 0)
        return (players + 1) // 2
    if decks is None:
        return None
    return value.per_deck * decks


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------


def number_to_text(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


RankName = Annotated[
    str,
    BeforeValidator(number_to_text),
    WithJsonSchema({"type": ["string", "integer"], "description": "A rank: 2-10, J, Q, K or A."}),
]
"""A rank as written in a file: ``2``-``10`` (number or text), ``J``, ``Q``, ``K`` or ``A``."""


def rank_list(ranks: list[str]) -> list[str]:
    out = []
    for rank in ranks:
        canonical = normalize_rank(rank)
        if canonical is None or canonical == JOKER:
            raise ValueError(f"'{rank}' is not a rank (use 2-10, J, Q, K or A)")
        if canonical in out:
            raise ValueError(f"rank '{canonical}' is listed twice")
        out.append(canonical)
    return out


def card_list(cards: list[str]) -> list[str]:
    """Card codes (rank then suit) in their canonical spelling, each once."""
    out = []
    for text in cards:
        parsed = parse_card_code(text)
        if parsed is None:
            raise ValueError(f"'{text}' is not a card: write rank then suit, like AH or 10D")
        code = parsed[0] + parsed[1]
        if code in out:
            raise ValueError(f"card '{code}' is listed twice")
        out.append(code)
    return out
