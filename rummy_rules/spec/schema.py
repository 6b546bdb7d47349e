"""The variant file format, as Pydantic models.

A variant file is one YAML document whose top level is a :class:`VariantSpec`.
Every field carries a ``description``: it feeds the JSON Schema (editors show
it as help) and ``docs/format.md``. Unknown keys are errors, closed choices
are fixed lists of words, and nothing in a file is ever executed.

Numbers that depend on how many people play (decks, jokers, cards dealt) are
a :data:`PlayerCountValue`: a plain number, a table by player count, or one of
a few named formulas.
"""

from __future__ import annotations

import itertools
import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ..cards import JOKER, RANK_ORDER, normalize_rank, parse_card_code

__all__ = [
    "SCHEMA_VERSION",
    "Bonus",
    "BuyCost",
    "Buying",
    "ContractPart",
    "ContractRules",
    "DealSpec",
    "DeckSpec",
    "DiscardRules",
    "DrawRules",
    "FormulaCount",
    "GameEnd",
    "GoingOut",
    "JokerExchange",
    "LayOff",
    "MeldRules",
    "Melding",
    "Multiplier",
    "OpeningRules",
    "Partnerships",
    "PerDeckCount",
    "PlayerCountTable",
    "PlayerCountValue",
    "Players",
    "RunRules",
    "Scoring",
    "SetRules",
    "Source",
    "StockExhausted",
    "TableRules",
    "VariantSpec",
    "WildRules",
    "evaluate_count",
    "parse_player_key",
]

#: The version of the file format this package reads and writes.
SCHEMA_VERSION = 1

_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


class _Model(BaseModel):
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


class PlayerCountTable(_Model):
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


class FormulaCount(_Model):
    """A number computed from the player count by a named formula."""

    formula: Literal["players", "players_minus_one", "half_players_rounded_up"] = Field(
        description=(
            "players: one per player; players_minus_one: one fewer than the players "
            "(Pagat's jokers); half_players_rounded_up: one per two players, rounded up "
            "(one deck per two players)."
        )
    )


class PerDeckCount(_Model):
    """A number of jokers per standard deck in play."""

    per_deck: int = Field(ge=0, description="How many for each standard deck in play.")


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
# Identity and sources
# --------------------------------------------------------------------------


class Source(_Model):
    """A citation for the rules in the file."""

    id: str = Field(
        description="A short tag used in notes, such as S000 or pagat-ctrummy.", min_length=1
    )
    title: str = Field(description="What the source is: a page, book or document.", min_length=1)
    url: str | None = Field(default=None, description="Where to read it, if it is online.")
    note: str | None = Field(default=None, description="What this source contributes.")


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------


class Players(_Model):
    """How many people play."""

    min: int = Field(ge=2, le=12, description="The fewest players the rules allow.")
    max: int = Field(ge=2, le=12, description="The most players the rules allow.")
    best: int | None = Field(
        default=None, ge=2, le=12, description="The player count the sources recommend."
    )

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        if self.best is not None and not self.min <= self.best <= self.max:
            raise ValueError(f"best ({self.best}) is outside {self.min}-{self.max}")
        return self


class Partnerships(_Model):
    """Fixed teams (Persian Rummy, partnership 500)."""

    teams: Literal["none", "fixed_pairs"] = Field(
        default="none",
        description="none: everyone plays alone; fixed_pairs: teams of two, partners seated apart.",
    )
    team_selection: Literal["seating", "low_draw", "random"] = Field(
        default="seating",
        description=(
            "How teams are formed: seating (partners sit opposite as they sit down), "
            "low_draw (the two lowest cards drawn are partners; Persian), random."
        ),
    )
    build_on_partner_melds: bool = Field(
        default=True, description="Whether partners may lay off on each other's melds."
    )
    opening_per: Literal["player", "team"] = Field(
        default="player",
        description=(
            "Whether each player must meet the opening requirement, or one opening "
            "opens the whole team."
        ),
    )
    scoring: Literal["team", "individual"] = Field(
        default="team", description="Whether partners' scores are added into one team score."
    )


class TableRules(_Model):
    """Seating, dealing and turn order."""

    direction: Literal["clockwise", "counterclockwise"] = Field(
        default="clockwise", description="Which way turns pass."
    )
    first_dealer: Literal["random", "low_card", "high_card"] = Field(
        default="random",
        description="Who deals first: chosen at random, or the lowest or highest card drawn.",
    )
    draw_for_deal_ace: Literal["low", "high"] = Field(
        default="low", description="Whether the ace is low or high when drawing for the deal."
    )
    dealer_rotation: Literal["left", "right", "winner"] = Field(
        default="left",
        description=(
            "Who deals next: the player to the left (clockwise), to the right, or the "
            "winner of the last deal."
        ),
    )
    cutter: Literal["dealer_right", "dealer_left", "none"] = Field(
        default="dealer_right", description="Who cuts the shuffled pack."
    )
    deal_batch: int = Field(
        default=1, ge=1, le=5, description="How many cards each player receives at a time."
    )
    upcard: bool = Field(
        default=True,
        description="Whether a card is turned up from the stock to start the discards.",
    )
    upcard_offer: Literal["first_player", "each_in_turn", "non_dealer_then_dealer"] = Field(
        default="first_player",
        description=(
            "Who may take the first upcard: the first player as a normal draw; each "
            "player in turn; or the non-dealer, then the dealer (two-player games)."
        ),
    )
    first_player_extra_turn: bool = Field(
        default=False, description="Whether the first player of a deal plays two turns."
    )
    seat_selection: Literal["as_seated", "by_card_rank"] = Field(
        default="as_seated",
        description=(
            "as_seated: players keep the seats they take; by_card_rank: one card is "
            "dealt to each player and they sit in rank order, the highest dealing first "
            "(Kalookie)."
        ),
    )


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------


def _number_to_text(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


RankName = Annotated[
    str,
    BeforeValidator(_number_to_text),
    WithJsonSchema({"type": ["string", "integer"], "description": "A rank: 2-10, J, Q, K or A."}),
]
"""A rank as written in a file: ``2``-``10`` (number or text), ``J``, ``Q``, ``K`` or ``A``."""


def _rank_list(ranks: list[str]) -> list[str]:
    out = []
    for rank in ranks:
        canonical = normalize_rank(rank)
        if canonical is None or canonical == JOKER:
            raise ValueError(f"'{rank}' is not a rank (use 2-10, J, Q, K or A)")
        if canonical in out:
            raise ValueError(f"rank '{canonical}' is listed twice")
        out.append(canonical)
    return out


class DeckSpec(_Model):
    """The pack: standard 52-card decks, jokers and extra wild ranks."""

    decks: PlayerCountValue = Field(
        description="How many standard 52-card decks are shuffled together (by player count)."
    )
    jokers: PlayerCountValue = Field(
        default=0, description="How many jokers are added in all (by player count or per deck)."
    )
    joker_role: Literal["wild", "natural"] = Field(
        default="wild",
        description=(
            "wild: a joker stands for any card; natural: jokers are not wild and only "
            "meld in sets of jokers (Persian Rummy)."
        ),
    )
    wild_ranks: list[RankName] = Field(
        default_factory=list,
        description="Ranks that are wild as well as jokers, such as [2] for deuces wild.",
    )
    wild_cards: list[str] = Field(
        default_factory=list,
        description=(
            "Particular cards that are wild in every deck, as rank and suit: "
            "[AH, AD] for red aces wild."
        ),
    )
    wild_rank_follows_deal: bool = Field(
        default=False,
        description=(
            "Whether the wild rank changes every deal: aces in deal 1, twos in deal 2, "
            "and so on up to kings in deal 13."
        ),
    )

    @field_validator("wild_ranks")
    @classmethod
    def _ranks(cls, ranks: list[str]) -> list[str]:
        return _rank_list(ranks)

    @field_validator("wild_cards")
    @classmethod
    def _cards(cls, cards: list[str]) -> list[str]:
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

    @field_validator("decks")
    @classmethod
    def _decks_not_per_deck(cls, value: object) -> object:
        if isinstance(value, PerDeckCount):
            raise ValueError("the number of decks cannot be given per deck")
        return value


# --------------------------------------------------------------------------
# Melds
# --------------------------------------------------------------------------


class SetRules(_Model):
    """What counts as a set (a group or book: cards of one rank)."""

    min_size: int = Field(default=3, ge=2, le=12, description="The fewest cards in a set.")
    max_size: int | None = Field(
        default=None, ge=2, description="The most cards in a set, or null for no limit."
    )
    suits: Literal["any", "distinct", "distinct_then_all_four", "exactly_three"] = Field(
        default="any",
        description=(
            "any: suits may repeat (two 7♥ from two decks); distinct: no suit twice; "
            "distinct_then_all_four: a set of three has three suits and a set of four or "
            "more contains all four suits; exactly_three: the set shows exactly three "
            "different suits."
        ),
    )
    wilds_allowed: bool = Field(default=True, description="Whether wild cards may be used in sets.")

    @model_validator(mode="after")
    def _sizes(self) -> SetRules:
        if self.max_size is not None and self.max_size < self.min_size:
            raise ValueError(f"max_size ({self.max_size}) is less than min_size ({self.min_size})")
        return self


class RunRules(_Model):
    """What counts as a run (a sequence of one suit)."""

    min_size: int = Field(default=3, ge=2, le=14, description="The fewest cards in a run.")
    max_size: int | None = Field(
        default=None,
        ge=2,
        description="The most cards in a run, or null for as long as the ace rule allows.",
    )
    ace: Literal["low", "high", "low_or_high", "wrap"] = Field(
        default="low_or_high",
        description=(
            "low: A-2-3 only; high: Q-K-A only; low_or_high: either end but not both "
            "(no K-A-2); wrap: runs may turn the corner (K-A-2)."
        ),
    )
    wilds_allowed: bool = Field(default=True, description="Whether wild cards may be used in runs.")

    @model_validator(mode="after")
    def _sizes(self) -> RunRules:
        if self.max_size is not None and self.max_size < self.min_size:
            raise ValueError(f"max_size ({self.max_size}) is less than min_size ({self.min_size})")
        return self


class MeldRules(_Model):
    """The kinds of meld the variant knows."""

    set: SetRules = Field(default_factory=SetRules, description="Sets (groups, books).")
    run: RunRules = Field(default_factory=RunRules, description="Runs (sequences).")
    joker_set_min_size: int = Field(
        default=3,
        ge=2,
        description="The fewest jokers in a set of jokers, when jokers are natural cards.",
    )


class JokerExchange(_Model):
    """Taking a wild card from the table by giving the natural card it stands for."""

    allowed: bool | None = Field(
        default=None,
        description=(
            "Whether a melded wild may be taken by a player who supplies the card it "
            "stands for. Null leaves it open (sources argue) and draws a warning."
        ),
    )
    from_melds: Literal["runs", "sets", "any"] = Field(
        default="any", description="Which melds wilds may be taken from."
    )
    player_down: Literal["not_required", "required", "before_this_turn"] = Field(
        default="not_required",
        description=(
            "Whether the taker must already have gone down: not at all, at any time "
            "(even this turn), or on an earlier turn."
        ),
    )
    natural_from_hand: bool = Field(
        default=True, description="Whether the replacing natural card must come from the hand."
    )
    use_same_turn: bool = Field(
        default=False, description="Whether the freed wild must be melded in the same turn."
    )
    freed_wild_use: Literal["anywhere", "new_meld_only"] = Field(
        default="anywhere",
        description="Where the freed wild may go: anywhere, or only into a new meld from the hand.",
    )
    set_needs_all_missing_suits: bool = Field(
        default=False,
        description=(
            "Whether a wild in a set is freed only when every missing suit is supplied "
            "(both cards for a three-card set)."
        ),
    )
    forces_going_down: bool = Field(
        default=False,
        description="Whether a player who has not gone down must go down in the turn of an exchange.",
    )
    claim_order: Literal["own_turn", "first_in_rotation"] = Field(
        default="own_turn",
        description=(
            "own_turn: on the taker's turn; first_in_rotation: the first player in turn "
            "order holding the natural card may claim it."
        ),
    )


class WildRules(_Model):
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
    versus_naturals: Literal["any", "not_more", "fewer", "at_least_one_natural"] = Field(
        default="any",
        description=(
            "How many wilds a meld may have compared with its natural cards: any number; "
            "not more than the naturals; fewer than the naturals; or at least one natural."
        ),
    )
    adjacent_allowed: bool = Field(
        default=True, description="Whether two wild cards may sit next to each other in a run."
    )
    declared_identity: Literal["fixed", "may_change"] = Field(
        default="fixed",
        description=(
            "fixed: the card a melded wild stands for is declared and never changes; "
            "may_change: it may be moved when a natural card takes its place."
        ),
    )
    reposition: Literal["none", "slide_to_end", "slide_to_end_once"] = Field(
        default="none",
        description=(
            "Whether a player holding the natural card for a wild inside a run may put "
            "the natural there and move the wild to an end (once, or every time)."
        ),
    )
    discard: Literal["allowed", "forbidden", "last_card_only"] = Field(
        default="allowed",
        description="Whether a wild card may be discarded: always, never, or only as the last card.",
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


class ContractPart(_Model):
    """One meld a contract requires."""

    type: Literal["set", "run", "any"] = Field(
        description="set, run, or any (either kind, when a contract counts only cards)."
    )
    size: int = Field(ge=2, le=14, description="How many cards the meld has.")
    exact: bool | None = Field(
        default=None,
        description=(
            "Whether the meld must have exactly `size` cards (true) or at least `size` "
            "(false); null uses the deal's or the variant's rule."
        ),
    )


class DealSpec(_Model):
    """One deal (round, hand) of the schedule."""

    cards: PlayerCountValue = Field(description="How many cards each player is dealt.")
    contract: list[ContractPart] = Field(
        default_factory=list,
        description="The melds a player must lay down to go down; empty when there is no contract.",
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
    buy_limit: int | None = Field(
        default=None,
        ge=0,
        description="Overrides buying.limits.per_deal for this deal.",
    )
    label: str | None = Field(
        default=None, description="A name for the deal, shown in the rulebook and score sheet."
    )


class ContractRules(_Model):
    """How contracts are met."""

    exactness: Literal["exact", "minimum"] = Field(
        default="exact",
        description=(
            "exact: each contract meld has exactly its size when laid down; minimum: "
            "melds may be longer than the contract asks."
        ),
    )
    same_suit_runs: Literal["allowed", "not_contiguous", "forbidden"] = Field(
        default="allowed",
        description=(
            "Whether a player's contract runs may share a suit: freely, only if they "
            "could not join into one run (3456 + 5678 is fine, 3456 + 78910 is not), or never."
        ),
    )
    sets_of_same_rank: Literal["allowed", "forbidden"] = Field(
        default="allowed", description="Whether one contract may hold two sets of the same rank."
    )
    long_meld_counts_once: bool = Field(
        default=True,
        description="Whether a long meld counts as one meld (a run of eight is not two runs of four).",
    )
    all_at_once: bool = Field(
        default=True, description="Whether all the contract's melds must be laid down in one turn."
    )


# --------------------------------------------------------------------------
# The turn
# --------------------------------------------------------------------------


class DrawRules(_Model):
    """Where a player may draw from at the start of a turn."""

    discard_pile: Literal["top", "any_depth", "whole_pile", "none"] = Field(
        default="top",
        description=(
            "top: the top discard; any_depth: a deeper card with every card above it; "
            "whole_pile: the whole pile; none: the stock only."
        ),
    )
    deep_take_all_above: bool = Field(
        default=True, description="Whether digging deeper takes every card above the chosen one."
    )
    deep_card_use: Literal["meld_now", "this_turn", "free"] = Field(
        default="meld_now",
        description=(
            "What must happen to a card dug from deep in the pile: meld it at once, use "
            "it some time this turn, or nothing."
        ),
    )
    discard_condition: Literal["none", "meld_now", "opening_or_after", "forces_opening"] = Field(
        default="none",
        description=(
            "A condition on taking a discard: none; the card must be melded at once; "
            "only after opening or into the opening meld; taking it obliges you to open."
        ),
    )
    discard_after_going_down: bool = Field(
        default=True, description="Whether a player who has gone down may still take discards."
    )
    stock_look_forfeits_discard: bool = Field(
        default=False,
        description="Whether looking at the stock card forfeits the right to the discard.",
    )


class BuyCost(_Model):
    """What buying a discard out of turn costs."""

    penalty_cards: int = Field(
        default=1, ge=0, le=5, description="Extra cards the buyer takes from the stock."
    )
    escalating: list[Annotated[int, Field(ge=0, le=5)]] | None = Field(
        default=None,
        description=(
            "Penalty cards for the first, second, third … buy of a player in a deal; the "
            "last number repeats (e.g. [2, 3, 4]). Overrides penalty_cards."
        ),
    )
    score_points: int = Field(default=0, description="Points added to the buyer's score per buy.")


class BuyLimits(_Model):
    """How often a player may buy."""

    per_deal: int | None = Field(
        default=None, ge=0, description="Buys allowed per player per deal (null: unlimited)."
    )
    per_game: int | None = Field(
        default=None,
        ge=0,
        description="Buys allowed per player per game, like chips (null: unlimited).",
    )


class Buying(_Model):
    """Buying ("May I?"): taking the discard out of turn for a penalty."""

    enabled: bool = Field(
        default=False, description="Whether players may buy discards out of turn."
    )
    window: Literal["when_current_declines", "until_next_draw"] = Field(
        default="when_current_declines",
        description=(
            "when_current_declines: once the player in turn draws from the stock; "
            "until_next_draw: any time before the next player draws."
        ),
    )
    current_player: Literal["free_priority", "veto", "may_give_draw"] = Field(
        default="free_priority",
        description=(
            "The player in turn's right: takes the discard first and free; may veto a "
            "buy; or may hand their own draw to the buyer as the penalty."
        ),
    )
    priority: Literal["nearest_in_turn", "nearest_dealer_left", "first_to_ask", "eldest_hand"] = (
        Field(
            default="nearest_in_turn",
            description="Who wins when several players want to buy the same card.",
        )
    )
    discarder_may_buy: bool = Field(
        default=False, description="Whether a player may buy back their own discard."
    )
    after_going_down: bool | None = Field(
        default=None,
        description=(
            "Whether a player who has gone down may still buy. Null leaves it open "
            "(sources argue) and draws a warning."
        ),
    )
    cost: BuyCost = Field(default_factory=BuyCost, description="The price of a buy.")
    limits: BuyLimits = Field(default_factory=BuyLimits, description="How often a player may buy.")
    buyer_waits_for_turn: bool = Field(
        default=True, description="Whether a buyer must wait for their own turn to meld."
    )
    buyer_discards: bool = Field(
        default=False,
        description=(
            "Whether the buyer discards a card at once, so that a buy only costs the "
            "penalty cards (usually the buyer keeps everything and discards nothing)."
        ),
    )


class OpeningRules(_Model):
    """What a player must do to go down (open) for the first time in a deal."""

    requirement: Literal["contract", "min_points", "none"] = Field(
        default="contract",
        description="contract: the deal's contract; min_points: melds worth at least min_points; none.",
    )
    min_points: int | None = Field(
        default=None, ge=1, description="The value the first melds must reach, with min_points."
    )
    wild_value: Literal["represented", "own"] = Field(
        default="represented",
        description="How a wild counts toward min_points: as the card it stands for, or its own value.",
    )
    card_values: dict[str, int] | None = Field(
        default=None,
        description="Card values used for the opening count only, when they differ from scoring.",
    )
    once_per_deal: bool = Field(
        default=True, description="Whether a player goes down only once per deal."
    )

    @model_validator(mode="after")
    def _points(self) -> OpeningRules:
        if self.requirement == "min_points" and self.min_points is None:
            raise ValueError("requirement min_points needs min_points")
        if self.requirement != "min_points" and self.min_points is not None:
            raise ValueError("min_points is set but requirement is not min_points")
        return self


class LayOff(_Model):
    """Adding cards to melds already on the table."""

    targets: Literal["any", "own", "own_and_partner", "none"] = Field(
        default="any", description="Whose melds a player may lay off on."
    )
    before_opening: bool = Field(
        default=False, description="Whether a player may lay off before going down."
    )
    on_opening_turn: bool = Field(
        default=False, description="Whether a player may lay off in the same turn as going down."
    )
    scores_for: Literal["meld_owner", "layer"] = Field(
        default="meld_owner",
        description=(
            "Who scores a card laid off on someone else's meld: the meld's owner, or the "
            "player who laid it (it is placed in front of them)."
        ),
    )


class Melding(_Model):
    """Melding after the draw."""

    melds_per_turn: int | None = Field(
        default=None, ge=1, description="The most new melds per turn, or null for no limit."
    )
    new_melds_after_opening: bool = Field(
        default=False, description="Whether a player who has gone down may lay down new melds."
    )
    lay_off: LayOff = Field(default_factory=LayOff, description="Laying off on table melds.")
    rearrange_table: bool = Field(
        default=False, description="Whether melds on the table may be rearranged."
    )


class DiscardRules(_Model):
    """Ending a turn with a discard."""

    required: bool = Field(
        default=True, description="Whether every turn ends with a discard (unless going out)."
    )
    not_just_taken: Literal["never", "single_card_take", "always"] = Field(
        default="never",
        description=(
            "Whether the card just taken from the discard pile may be thrown back: no "
            "restriction; not when a single card was taken; never."
        ),
    )


class GoingOut(_Model):
    """How a deal ends."""

    method: Literal["any", "must_discard", "must_meld_last", "all_at_once"] = Field(
        default="any",
        description=(
            "any: by melding, laying off or discarding the last card; must_discard: "
            "the last card must be a discard; must_meld_last: the last card must be "
            "melded; all_at_once: only by laying down the whole hand in one turn."
        ),
    )


class StockExhausted(_Model):
    """What happens when the stock runs out."""

    action: Literal[
        "reshuffle_keep_top", "turn_over", "end_deal", "meldable_discards_only", "void"
    ] = Field(
        description=(
            "reshuffle_keep_top: shuffle the discards except the top card into a new stock; "
            "turn_over: turn the discards over without shuffling; end_deal: the deal ends "
            "and is scored; meldable_discards_only: players may only take a discard they "
            "can meld at once, or pass; void: the deal is cancelled."
        )
    )
    void_when_left: int = Field(
        default=0,
        ge=0,
        description="With void: the deal is cancelled when this many stock cards remain.",
    )
    blocked_after: int | None = Field(
        default=2,
        ge=1,
        description=(
            "With a rebuilt stock (reshuffle_keep_top, turn_over): the deal ends, scored "
            "as it stands, when the stock has been rebuilt this many times in a row "
            "without anyone melding or laying off in between (no one can go out any "
            "more); null: never."
        ),
    )


# --------------------------------------------------------------------------
# Scoring and the end of the game
# --------------------------------------------------------------------------


class Multiplier(_Model):
    """A meld that scores a multiple of its value."""

    meld: Literal["four_of_a_kind_at_once"] = Field(
        description="four_of_a_kind_at_once: a set of four laid down in one go."
    )
    factor: int = Field(ge=2, le=10, description="What its value is multiplied by.")


class Bonus(_Model):
    """Points scored when something happens."""

    event: Literal[
        "went_out",
        "one_turn_out",
        "one_turn_out_no_wilds",
        "first_turn_out",
        "exact_cut",
        "per_buy",
    ] = Field(
        description=(
            "went_out: going out; one_turn_out: going out in one turn with no earlier "
            "meld (blind, concealed, kalooki); one_turn_out_no_wilds: the same without "
            "wild cards (given in place of one_turn_out, not on top of it); first_turn_out: "
            "going out on one's first turn of the deal; exact_cut: the cutter cuts exactly "
            "the cards needed for the deal; "
            "per_buy: each buy."
        )
    )
    points: int = Field(
        description=(
            "Points added to the score (negative to take points off, which helps in a "
            "penalty game)."
        )
    )
    to: Literal["self", "others"] = Field(
        default="self",
        description="Who receives the points: the player concerned, or everyone else.",
    )


_CARD_VALUE_KEYS = (*RANK_ORDER, JOKER)


class Scoring(_Model):
    """How a deal is scored."""

    model: Literal["penalty", "melded_minus_hand", "winner_collects"] = Field(
        description=(
            "penalty: cards left in hand count against you, lowest total wins; "
            "melded_minus_hand: melded cards score for you and cards in hand against you, "
            "highest wins; winner_collects: the player going out scores the cards left in "
            "the others' hands, highest wins."
        )
    )
    card_values: dict[str, int] = Field(
        description=(
            "Points per card by rank: 2-10, J, Q, K, A and joker. Every rank in the pack "
            "needs a value."
        )
    )
    wild_rank_value: int | None = Field(
        default=None, description="The value of a wild-rank card (say a deuce) when it is wild."
    )
    ace_low_in_run: int | None = Field(
        default=None, description="The value of an ace melded low in a run (A-2-3), if different."
    )
    melded_wild_value: Literal["represented", "own"] = Field(
        default="represented",
        description="What a melded wild is worth: the card it stands for, or its own value.",
    )
    multipliers: list[Multiplier] = Field(
        default_factory=list, description="Melds that score a multiple of their value."
    )
    bonuses: list[Bonus] = Field(default_factory=list, description="Extra points for events.")

    @field_validator("card_values")
    @classmethod
    def _value_keys(cls, values: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, points in values.items():
            canonical = normalize_rank(key)
            if canonical is None:
                raise ValueError(f"'{key}' is not a rank (use 2-10, J, Q, K, A or joker)")
            if canonical in out:
                raise ValueError(f"rank '{canonical}' has two values")
            out[canonical] = points
        return {k: out[k] for k in _CARD_VALUE_KEYS if k in out}


class GameEnd(_Model):
    """When the game ends and who wins."""

    kind: Literal["fixed_deals", "target_score", "elimination"] = Field(
        default="fixed_deals",
        description=(
            "fixed_deals: after every deal of the schedule; target_score: when someone "
            "reaches target_score (the last deal of the schedule repeats); elimination: "
            "players reaching elimination_at drop out until one is left."
        ),
    )
    target_score: int | None = Field(
        default=None, ge=1, description="The score that ends the game."
    )
    elimination_at: int | None = Field(
        default=None, ge=1, description="The penalty total at which a player is out."
    )
    buy_backs: int = Field(
        default=0, ge=0, description="How many times an eliminated player may buy back in."
    )
    winner: Literal["lowest_total", "highest_total", "last_player_standing"] = Field(
        description="Who wins."
    )
    ties: Literal["shared", "extra_deal"] = Field(
        default="shared", description="What happens on equal totals: a shared win or another deal."
    )

    @model_validator(mode="after")
    def _needs(self) -> GameEnd:
        if self.kind == "target_score" and self.target_score is None:
            raise ValueError("kind target_score needs target_score")
        if self.kind == "elimination" and self.elimination_at is None:
            raise ValueError("kind elimination needs elimination_at")
        return self


# --------------------------------------------------------------------------
# The variant
# --------------------------------------------------------------------------


class VariantSpec(_Model):
    """A complete rummy variant: everything the engine and the rulebook need."""

    schema_version: Literal[1] = Field(
        default=1, description="The file format version (currently 1)."
    )
    id: str = Field(
        pattern=_ID_PATTERN,
        description="The variant's id: lower case letters, digits and hyphens (contract, shanghai-10).",
    )
    name: str = Field(min_length=1, description="The variant's name as players know it.")
    aliases: list[Annotated[str, Field(pattern=_ID_PATTERN)]] = Field(
        default_factory=list, description="Other ids that find this variant."
    )
    based_on: str | None = Field(
        default=None,
        description="The variant this one extends (filled in when a file uses extends).",
    )
    description: str = Field(
        default="", description="A paragraph about the game, for the rulebook."
    )
    sources: list[Source] = Field(default_factory=list, description="Where the rules come from.")
    notes: list[str] = Field(
        default_factory=list,
        description="Choices made where sources disagree, and anything else players should know.",
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
