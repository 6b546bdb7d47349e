"""Melds, wild cards, contracts and the deal schedule."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from .base import (
    MAX_CARDS_DEALT,
    MAX_CONTRACT_MELDS,
    Name,
    PlayerCountValue,
    RankName,
    StrictModel,
    card_list,
    check_count_limit,
    rank_list,
)
from .choices import (
    ExchangeFrom,
    ExchangeOwner,
    ExchangePlayerDown,
    RunAce,
    SameSuitRuns,
    SetsOfSameRank,
    SetSuits,
    WildDiscard,
    WildIdentity,
    WildReposition,
    WildsVersusNaturals,
)

__all__ = [
    "ColourRules",
    "ContractPart",
    "ContractRules",
    "DealSpec",
    "JokerExchange",
    "MeldRules",
    "RunRules",
    "SetRules",
    "WildRules",
]


# --------------------------------------------------------------------------
# Melds
# --------------------------------------------------------------------------


class SetRules(StrictModel):
    """What counts as a set (a group or book: cards of one rank)."""

    min_size: int = Field(default=3, ge=2, le=12, description="The fewest cards in a set.")
    max_size: int | None = Field(
        default=None, ge=2, description="The most cards in a set, or null for no limit."
    )
    suits: SetSuits = Field(
        default="any",
        description=(
            "any: suits may repeat (two 7♥ from two decks); distinct: no suit twice; "
            "distinct_then_all_four: a set of three has three suits and a set of four or "
            "more contains all four suits; exactly_three: the set shows exactly three "
            "different suits."
        ),
    )
    wilds_allowed: bool = Field(default=True, description="Whether wild cards may be used in sets.")
    one_per_rank: bool = Field(
        default=False,
        description=(
            "Whether a side (a player, or partners who build on each other's melds) "
            "may have only one set of each rank on the table: more cards of that rank "
            "are laid off on it (Canasta)."
        ),
    )
    join: bool = Field(
        default=False,
        description=(
            "Whether a side may join two or more of its sets of one rank into one set, "
            "at any time it may lay off (Samba), written as a rearrangement with no card "
            "from the hand: rearrange 2,5 into the cards of both."
        ),
    )
    pair_ranks: list[RankName] = Field(
        default_factory=list,
        description=(
            "Ranks of which two cards are already a set (a pair), below min_size: "
            "[A] makes a pair of aces a meld, as in a contract of 'a pair of aces and "
            "three of a kind'."
        ),
    )

    @field_validator("pair_ranks")
    @classmethod
    def _pair_ranks(cls, ranks: list[str]) -> list[str]:
        return rank_list(ranks)

    @model_validator(mode="after")
    def _sizes(self) -> SetRules:
        if self.max_size is not None and self.max_size < self.min_size:
            raise ValueError(f"max_size ({self.max_size}) is less than min_size ({self.min_size})")
        if self.pair_ranks and self.max_size is not None and self.max_size < 2:
            raise ValueError("pair_ranks needs sets of two cards, but max_size is below 2")
        return self


class RunRules(StrictModel):
    """What counts as a run (a sequence, of one suit unless ``suits: any``)."""

    allowed: bool = Field(
        default=True,
        description=(
            "Whether runs are melds at all; false: every meld is a set of one rank "
            "(Canasta), and the other run keys do not apply."
        ),
    )
    min_size: int = Field(default=3, ge=2, le=14, description="The fewest cards in a run.")
    max_size: int | None = Field(
        default=None,
        ge=2,
        description="The most cards in a run, or null for as long as the ace rule allows.",
    )
    ace: RunAce = Field(
        default="low_or_high",
        description=(
            "low: A-2-3 only; high: Q-K-A only; low_or_high: either end but not both "
            "(no K-A-2); wrap: runs may turn the corner (K-A-2)."
        ),
    )
    wilds_allowed: bool = Field(default=True, description="Whether wild cards may be used in runs.")
    suits: Literal["same", "any"] = Field(
        default="same",
        description=(
            "same: a run is of one suit; any: the suits of a run's cards may differ "
            "(5C 6H 7C is a run)."
        ),
    )

    @model_validator(mode="after")
    def _sizes(self) -> RunRules:
        if self.max_size is not None and self.max_size < self.min_size:
            raise ValueError(f"max_size ({self.max_size}) is less than min_size ({self.min_size})")
        return self


class ColourRules(StrictModel):
    """What counts as a colour meld: cards of one suit (colour), whatever their ranks."""

    min_size: int = Field(ge=2, le=26, description="The fewest cards in a colour meld.")
    max_size: int | None = Field(
        default=None, ge=2, description="The most cards in a colour meld, or null for no limit."
    )
    wilds_allowed: bool = Field(
        default=True, description="Whether wild cards may be used in colour melds."
    )

    @model_validator(mode="after")
    def _sizes(self) -> ColourRules:
        if self.max_size is not None and self.max_size < self.min_size:
            raise ValueError(f"max_size ({self.max_size}) is less than min_size ({self.min_size})")
        return self


class MeldRules(StrictModel):
    """The kinds of meld the variant knows."""

    set: SetRules = Field(default_factory=SetRules, description="Sets (groups, books).")
    run: RunRules = Field(default_factory=RunRules, description="Runs (sequences).")
    colour: ColourRules | None = Field(
        default=None,
        description=(
            "Colour melds: cards of one suit (a numbered pack's colour) in any ranks, "
            "such as '7 cards of one colour'; null: there are none. Written "
            "'colour 2H 5H 9H ...' in actions and records."
        ),
    )
    joker_set_min_size: int = Field(
        default=3,
        ge=2,
        description="The fewest jokers in a set of jokers, when jokers are natural cards.",
    )
    canasta_size: int | None = Field(
        default=None,
        ge=3,
        le=30,
        description=(
            "A meld of this many cards or more is a canasta: natural with no wild "
            "card, mixed with one (Canasta: 7); scored by the natural_canasta and "
            "mixed_canasta bonuses. null: no canastas."
        ),
    )
    canasta_takes_wilds: bool = Field(
        default=True,
        description=(
            "Whether a wild card may be laid off on a canasta (a meld of canasta_size "
            "cards or more); false: a canasta takes natural cards only (Samba)."
        ),
    )
    unmeldable: list[str] = Field(
        default_factory=list,
        description=(
            "Cards never melded nor laid off, as rank and suit (Hand and Foot's threes: "
            "[3C, 3D, 3H, 3S]); they may be discarded and count in hand."
        ),
    )
    going_out_only: list[str] = Field(
        default_factory=list,
        description=(
            "Cards melded only by a player going out, as rank and suit (Canasta's black "
            "threes: [3C, 3S]): in a set of no wild card, never in a run, laid when it "
            "leaves at most one card to discard and the side has the canastas going out needs "
            "(going_out.canastas); never laid off. They may be discarded."
        ),
    )

    @field_validator("going_out_only", "unmeldable")
    @classmethod
    def _card_codes(cls, cards: list[str]) -> list[str]:
        return card_list(cards)


class JokerExchange(StrictModel):
    """Taking a wild card from the table by giving the natural card it stands for."""

    allowed: bool | None = Field(
        default=None,
        description=(
            "Whether a melded wild may be taken by a player who supplies the card it "
            "stands for. Null leaves it open (sources argue) and draws a warning."
        ),
    )
    from_melds: ExchangeFrom = Field(
        default="any", description="Which melds wilds may be taken from."
    )
    from_owner: ExchangeOwner = Field(
        default="any",
        description=(
            "Whose melds wilds may be taken from: any meld, only other players' melds, "
            "or only the taker's own."
        ),
    )
    player_down: ExchangePlayerDown = Field(
        default="not_required",
        description=(
            "Whether the taker must already have gone down: not at all, at any time "
            "(even this turn), or on an earlier turn."
        ),
    )
    natural_from_hand: bool = Field(
        default=True,
        description=(
            "Whether the replacing natural card must come from the hand; false: it may "
            "also come from another meld that stays valid without it."
        ),
    )
    use_same_turn: bool = Field(
        default=False, description="Whether the freed wild must be melded in the same turn."
    )
    freed_wild_first: bool = Field(
        default=True,
        description=(
            "With use_same_turn: whether the freed wild must be melded at once, before "
            "any other play (true), or at any point of the turn before the discard "
            "(false: other plays may come first)."
        ),
    )
    freed_wild_use: Literal["anywhere", "new_meld_only"] = Field(
        default="anywhere",
        description="Where the freed wild may go: anywhere, or only into a new meld from the hand.",
    )
    set_needs_all_missing_suits: bool = Field(
        default=False,
        description=(
            "Whether a wild in a set is freed only when every suit its natural cards lack "
            "is supplied, at once: a set lacking one suit (7H 7S 7D JK=7C) frees its wild "
            "for that card (exchange 7C@2), one of three lacking two (7H 7S JK=7C) for both "
            "(exchange 7C 7D@2: 7C takes the wild's place, 7D joins the set); a set with two "
            "wilds, or lacking three suits, never frees one."
        ),
    )
    full_set_closed: bool = Field(
        default=False,
        description=(
            "Whether a set holding every suit, its wild standing for the fourth (7H 7S 7C "
            "JK=7D), is closed: its wild is never taken (Kalooki, equal-chance)."
        ),
    )
    forces_going_down: bool = Field(
        default=False,
        description="Whether a player who has not gone down must go down in the turn of an exchange.",
    )
    claim_order: Literal["own_turn", "first_in_rotation"] = Field(
        default="own_turn",
        description=(
            "own_turn: on the taker's turn; first_in_rotation: also as soon as a wild is "
            "melded, when the other players, in turn order from the melder's left, may "
            "each claim it with the natural card (the first to claim gets it)."
        ),
    )


class WildRules(StrictModel):
    """Limits and rights that apply to wild cards."""

    max_per_meld: int | None = Field(
        default=None, ge=0, description="The most wild cards in one meld, or null for no limit."
    )
    max_by_length: dict[str, Annotated[int, Field(ge=0)]] | None = Field(
        default=None,
        description=(
            "The most wild cards by meld length: a meld uses the entry for the largest "
            'length that does not exceed its own (e.g. {"3": 1, "5": 2, "7": 3, "10": 4}).'
        ),
    )
    min_naturals: int = Field(
        default=0,
        ge=0,
        le=10,
        description=(
            "The fewest natural (not wild) cards in a meld (Canasta: 2, so a meld of "
            "three holds at most one wild card); 0: no such minimum (versus_naturals "
            "still applies)."
        ),
    )
    versus_naturals: WildsVersusNaturals = Field(
        default="any",
        description=(
            "How many wilds a meld may have compared with its natural cards: any number; "
            "not more than the naturals; fewer than the naturals; or at least one natural."
        ),
    )
    adjacent_allowed: bool = Field(
        default=True, description="Whether two wild cards may sit next to each other in a run."
    )
    own_place_natural: bool = Field(
        default=False,
        description=(
            "Whether a card of a wild rank standing for itself (a two in its own place "
            "in a run of its suit) is a natural card there: it counts against neither "
            "max_per_meld nor a natural canasta (Buraco); a wild of the run's suit that "
            "moves (reposition) goes to its own place first when that is an end. false: "
            "every card of a wild rank is wild wherever it stands."
        ),
    )
    declared_identity: WildIdentity = Field(
        default="fixed",
        description=(
            "fixed: the card a melded wild stands for is declared and never changes; "
            "may_change: it may be moved when a natural card takes its place."
        ),
    )
    reposition: WildReposition = Field(
        default="none",
        description=(
            "Whether a player holding the natural card for a wild inside a run may put "
            "the natural there and move the wild to an end (once, or every time)."
        ),
    )
    discard: WildDiscard = Field(
        default="allowed",
        description="Whether a wild card may be discarded: always, never, or only as the last card.",
    )
    take_discarded: bool = Field(
        default=True,
        description=(
            "Whether a wild card a player has discarded may be taken from the discard "
            "pile (Indian Rummy: false); a wild card turned up as the first upcard may "
            "always be."
        ),
    )
    exchange: JokerExchange = Field(
        default_factory=JokerExchange, description="Taking melded wilds back."
    )

    @field_validator("max_by_length")
    @classmethod
    def _length_keys(cls, table: dict[str, int] | None) -> dict[str, int] | None:
        if table is None:
            return None
        for key in table:
            if not key.isdigit() or int(key) < 2:
                raise ValueError(f"'{key}' is not a meld length (a whole number of at least 2)")
        return table

    def cap_for_length(self, length: int) -> int | None:
        """The most wilds a meld of ``length`` cards may hold under the two caps (None = any)."""
        cap = self.max_per_meld
        if self.max_by_length:
            fitting = [int(k) for k in self.max_by_length if int(k) <= length]
            by_len = self.max_by_length[str(max(fitting))] if fitting else 0
            cap = by_len if cap is None else min(cap, by_len)
        return cap


# --------------------------------------------------------------------------
# Contracts and the deal schedule
# --------------------------------------------------------------------------


class ContractPart(StrictModel):
    """One meld a contract requires."""

    type: Literal["set", "run", "colour", "any"] = Field(
        description=(
            "set, run, colour (a colour meld: melds.colour), or any (a set or a run, "
            "when a contract counts only cards)."
        )
    )
    size: int = Field(ge=2, le=26, description="How many cards the meld has.")
    exact: bool | None = Field(
        default=None,
        description=(
            "Whether the meld must have exactly `size` cards (true) or at least `size` "
            "(false); null uses the deal's or the variant's rule."
        ),
    )

    @model_validator(mode="after")
    def _size_of_kind(self) -> ContractPart:
        if self.type != "colour" and self.size > 14:
            raise ValueError(f"size {self.size}: only a colour meld may have more than 14 cards")
        return self


class DealSpec(StrictModel):
    """One deal (round, hand) of the schedule."""

    cards: PlayerCountValue = Field(description="How many cards each player is dealt.")
    contract: list[ContractPart] = Field(
        default_factory=list,
        max_length=MAX_CONTRACT_MELDS,
        description=(
            "The melds a player must lay down to go down; empty when there is no "
            "contract. Going down lays these melds and no other, one per part."
        ),
    )
    exact: bool | None = Field(
        default=None,
        description="Overrides contract.exactness for this deal (true: exact sizes, false: minimum).",
    )
    all_out: bool = Field(
        default=False,
        description=(
            "Whether this deal must be won by laying down every card at once, with no "
            "discard (the contract family's final deal)."
        ),
    )
    first_down_must_go_out: bool = Field(
        default=False, description="Whether the first player to go down must go out in that turn."
    )
    first_down_may_discard: bool = Field(
        default=False,
        description=(
            "With first_down_must_go_out: whether that player may finish going out by "
            "discarding their last card (false: every card must be melded in that turn)."
        ),
    )
    buy_limit: int | None = Field(
        default=None,
        ge=0,
        description="Overrides buying.limits.per_deal for this deal.",
    )
    foot: int = Field(
        default=0,
        ge=0,
        le=MAX_CARDS_DEALT,
        description=(
            "Cards dealt to each player face down as their foot, after the hands (Hand "
            "and Foot: 11); 0: none. A player whose hand is empty picks up the foot and "
            "plays on: at once when the hand was emptied by a meld or a lay-off, on their "
            "next turn when by a discard. Only a player with no foot left goes out."
        ),
    )
    foot_word: Literal["foot", "morto"] = Field(
        default="foot",
        description=(
            "With foot: what the game calls it in books, play and watch (records write "
            "foot): foot (Hand and Foot); morto (Buraco)."
        ),
    )
    foot_per: Literal["player", "team"] = Field(
        default="player",
        description=(
            "With foot: player, each player has a foot; team (Buraco's morto), each "
            "team of partners has one, dealt after the hands, and the first partner "
            "to empty their hand picks it up; a player whose team's foot is still "
            "down does not go out."
        ),
    )
    min_points: int | None = Field(
        default=None,
        ge=1,
        description=(
            "With opening.requirement min_points: the least a side's first melds are "
            "worth in this deal (Hand and Foot: 50, 90, 120, 150), in place of "
            "opening.min_points."
        ),
    )
    label: Name | None = Field(
        default=None, description="A name for the deal, shown in the rulebook and score sheet."
    )

    @field_validator("cards")
    @classmethod
    def _cards_limit(cls, value: object) -> object:
        check_count_limit(value, MAX_CARDS_DEALT, "the number of cards dealt")
        return value


class ContractRules(StrictModel):
    """How contracts are met."""

    exactness: Literal["exact", "minimum"] = Field(
        default="exact",
        description=(
            "exact: each contract meld has exactly its size when laid down; minimum: "
            "melds may be longer than the contract asks."
        ),
    )
    same_suit_runs: SameSuitRuns = Field(
        default="allowed",
        description=(
            "Whether a player's contract runs may share a suit: freely, only if they "
            "could not join into one run (3456 + 5678 is fine, 3456 + 78910 is not), or never."
        ),
    )
    sets_of_same_rank: SetsOfSameRank = Field(
        default="allowed", description="Whether one contract may hold two sets of the same rank."
    )
    long_meld_counts_once: bool = Field(
        default=True,
        description=(
            "Whether a long meld counts as one meld (a run of eight is not two runs of "
            "four); false: one meld may stand for several contract melds of its kind, "
            "its length the sum of theirs."
        ),
    )
    all_at_once: bool = Field(
        default=True, description="Whether all the contract's melds must be laid down in one turn."
    )
    progression: Literal["together", "each_player"] = Field(
        default="together",
        description=(
            "together: every player plays the deal's contract and all move on to the next "
            "deal's; each_player: each player works through the deals' contracts in order, "
            "moving on only after going down with their current one (a failed contract is "
            "played again), and the game ends after the deal in which someone goes down "
            "with the last contract."
        ),
    )
