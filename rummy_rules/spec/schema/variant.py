"""The variant: the top level of a variant file."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
)

from .base import (
    ID_PATTERN,
    MAX_DEALS,
    MAX_NAME_LENGTH,
    MAX_NOTES,
    Name,
    StrictModel,
    Text,
)
from .melds import (
    ContractRules,
    DealSpec,
    MeldRules,
    WildRules,
)
from .scoring import GameEnd, Scoring
from .table import DeckSpec, Partnerships, Players, Source, StockExhausted, TableRules
from .turn import (
    Buying,
    DiscardRules,
    DrawRules,
    GoingOut,
    Melding,
    OpeningRules,
)

__all__ = ["Translation", "VariantSpec"]


class Translation(StrictModel):
    """The variant's own words in another language (the rules themselves are
    printed in that language by the program)."""

    name: Name | None = Field(default=None, description="The name in that language.")
    description: Text | None = Field(default=None, description="The description in that language.")
    notes: list[Text] | None = Field(
        default=None,
        max_length=MAX_NOTES,
        description="The notes in that language, one for each note, in the same order.",
    )
    colours: list[Name] | None = Field(
        default=None,
        min_length=4,
        max_length=4,
        description=(
            "A numbered pack's colours in that language, in the order of "
            "deck.numbered.colours (Rummikub in Bulgarian: червен, син, оранжев, черен); "
            "the cards keep their letters."
        ),
    )


# --------------------------------------------------------------------------
# The variant
# --------------------------------------------------------------------------


class VariantSpec(StrictModel):
    """A complete rummy variant: everything the engine and the rulebook need."""

    schema_version: Literal[1] = Field(
        default=1, description="The file format version (currently 1)."
    )
    id: str = Field(
        pattern=ID_PATTERN,
        max_length=MAX_NAME_LENGTH,
        description=(
            "The variant's id: lower case letters, digits and hyphens (contract, "
            "shanghai-10). A file that does not set it takes its file name "
            "(Our Rules.yaml: our-rules)."
        ),
    )
    name: Name = Field(description="The variant's name as players know it.")
    aliases: list[Annotated[str, Field(pattern=ID_PATTERN)]] = Field(
        default_factory=list, description="Other ids that find this variant."
    )
    based_on: Name | None = Field(
        default=None,
        description="The variant this one extends (filled in when a file uses extends).",
    )
    description: Text = Field(
        default="", description="A paragraph about the game, for the rulebook."
    )
    sources: list[Source] = Field(default_factory=list, description="Where the rules come from.")
    notes: list[Text] = Field(
        default_factory=list,
        max_length=MAX_NOTES,
        description="Choices made where sources disagree, and anything else players should know.",
    )
    translations: dict[Literal["bg", "hy"], Translation] = Field(
        default_factory=dict,
        description=(
            "The name, description and notes (and a numbered pack's colours) in other "
            "languages, by language code (bg Bulgarian, hy Armenian), for rulebooks printed "
            "with --lang. A file that changes its base's name, description, notes or "
            "colours drops the base's translations of them unless it gives its own."
        ),
    )

    players: Players = Field(description="How many people play.")
    partnerships: Partnerships = Field(default_factory=Partnerships, description="Teams, if any.")
    table: TableRules = Field(default_factory=TableRules, description="Seating, dealing, turns.")
    deck: DeckSpec = Field(description="The pack of cards.")
    melds: MeldRules = Field(default_factory=MeldRules, description="What counts as a meld.")
    wilds: WildRules = Field(default_factory=WildRules, description="Rules for wild cards.")
    contract: ContractRules = Field(
        default_factory=ContractRules, description="How contracts are met."
    )
    deals: list[DealSpec] = Field(
        min_length=1,
        max_length=MAX_DEALS,
        description=(
            "The deal schedule, in order. With game_end.kind other than fixed_deals the "
            "last deal repeats until the game ends."
        ),
    )
    draw: DrawRules = Field(default_factory=DrawRules, description="Drawing.")
    buying: Buying = Field(default_factory=Buying, description="Buying discards out of turn.")
    opening: OpeningRules = Field(
        default_factory=OpeningRules, description="Going down for the first time."
    )
    melding: Melding = Field(default_factory=Melding, description="Melding and laying off.")
    discard: DiscardRules = Field(default_factory=DiscardRules, description="Discarding.")
    going_out: GoingOut = Field(default_factory=GoingOut, description="Going out.")
    stock_exhausted: StockExhausted | None = Field(
        default=None,
        description=(
            "What happens when the stock runs out. Null leaves it open (many sources "
            "are silent) and draws a warning."
        ),
    )
    scoring: Scoring = Field(description="Scoring.")
    game_end: GameEnd = Field(description="The end of the game.")

    def player_counts(self) -> range:
        """Every player count the variant allows."""
        return range(self.players.min, self.players.max + 1)
