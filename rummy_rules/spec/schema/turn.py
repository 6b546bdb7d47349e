"""The turn: drawing, buying, opening, laying off, discarding, going out, the stock."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from . import choices
from .base import (
    StrictModel,
    card_list,
)

__all__ = [
    "BuyCost",
    "BuyLimits",
    "Buying",
    "CallRules",
    "DiscardRules",
    "DrawRules",
    "DropRules",
    "GoingOut",
    "KnockNeeds",
    "KnockRules",
    "LayOff",
    "Melding",
    "OpeningRules",
    "OpeningStep",
]


# --------------------------------------------------------------------------
# The turn
# --------------------------------------------------------------------------


class DrawRules(StrictModel):
    """Where a player may draw from at the start of a turn."""

    mode: Literal["draw_first", "play_or_draw", "turn_up"] = Field(
        default="draw_first",
        description=(
            "How a card comes into the hand. draw_first: every turn starts with a draw "
            "(from the stock, or the discard pile where the file allows), then the "
            "player plays and ends the turn; play_or_draw: a turn either plays cards "
            "from the hand to the table (then ends with end) or draws one card from "
            "the stock, which ends it; never both (Rummikub, Machiavelli). With "
            "play_or_draw the discard pile is not drawn from (discard_pile: none). "
            "turn_up (Conquian): a turn takes the top of the pile (as discard_condition "
            "allows) or turns the top stock card face up onto it (draw), then takes that "
            "card the same way or passes it to the next player, ending the turn; a card "
            "not taken by the next player is buried by the next one turned up."
        ),
    )
    discard_pile: choices.DiscardPileDepth = Field(
        default="top",
        description=(
            "top: the top discard; any_depth: a deeper card with every card above it; "
            "whole_pile: the whole pile; none: the stock only."
        ),
    )
    pile_cards: int | None = Field(
        default=None,
        ge=2,
        le=50,
        description=(
            "With discard_pile top or whole_pile: a take picks up this many cards from "
            "the top of the pile (all of them if fewer), the top card under "
            "discard_condition and natural_pair as alone, the others into the hand "
            "(Hand and Foot at some tables: 7); null: the top card, or the whole pile."
        ),
    )
    deep_take_all_above: bool = Field(
        default=True, description="Whether digging deeper takes every card above the chosen one."
    )
    deep_card_use: choices.DeepCardUse = Field(
        default="meld_now",
        description=(
            "What must happen to a card dug from deep in the pile: meld it at once, use "
            "it some time this turn, or nothing."
        ),
    )
    discard_condition: choices.DiscardCondition = Field(
        default="none",
        description=(
            "A condition on taking a discard: none; the card must be melded at once; "
            "only after opening or into the opening meld; taking it obliges you to open."
        ),
    )
    discard_after_going_down: bool = Field(
        default=True, description="Whether a player who has gone down may still take discards."
    )
    natural_pair: choices.NaturalPair = Field(
        default="never",
        description=(
            "Whether taking from the discard pile needs two natural cards of the top "
            "card's rank in the hand, melded with it at once: never; always; "
            "when_frozen: while the pile is frozen, that is while a wild card is in it "
            "or the player's side has not yet opened (Canasta); or_lay_off: always, but "
            "while the pile is not frozen the top card may instead be laid off, alone, "
            "on a meld of the player's side that is not yet a canasta (Samba). A wild "
            "card on top is then never taken."
        ),
    )
    one_card_pile_with_one_card: bool = Field(
        default=True,
        description=(
            "Whether a player holding a single card may take a discard pile of a single "
            "card (false: Canasta as Hoyle's rules give it)."
        ),
    )
    stock_cards: int = Field(
        default=1,
        ge=1,
        le=3,
        description=(
            "How many cards a player draws from the stock (two-player Canasta: 2); "
            "the turn still ends with one discard."
        ),
    )
    stall_turns: int | None = Field(
        default=None,
        ge=4,
        le=1000,
        description=(
            "The deal ends, scored as it stands (blocked), after this many turns in a "
            "row with no card drawn from the stock and none melded or laid off: the "
            "players only pass the discard pile round (bots taking back one card at a "
            "time in Buraco); null: never."
        ),
    )
    stop_cards: list[str] = Field(
        default_factory=list,
        description=(
            "Cards that, on top of the discard pile, stop the next player from taking "
            "from it, as rank and suit (Canasta's black threes: [3C, 3S])."
        ),
    )
    push: bool = Field(
        default=False,
        description=(
            "Whether a player who draws from the stock pushes the top discard and the top "
            "stock card to the next player, who adds both to their hand, and then draws "
            "the next stock card (Push)."
        ),
    )
    force: Literal["never", "may"] = Field(
        default="never",
        description=(
            "never; may (Conquian): a player ending their turn with a card on the pile "
            "(a discard, or a card turned up and passed) that the next player could lay "
            "off decides force or pass; a forced player holds it without drawing, melds "
            "it at once (laid off or in a new meld) and plays on as usual."
        ),
    )
    stock_look_forfeits_discard: bool = Field(
        default=False,
        description=(
            "Whether looking at the stock card forfeits the right to the discard (a rule for "
            "the table: the engine shows the stock card only to a player who draws it, so "
            "both values play alike there)."
        ),
    )

    @field_validator("stop_cards")
    @classmethod
    def _stop_cards(cls, cards: list[str]) -> list[str]:
        return card_list(cards)


class BuyCost(StrictModel):
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
    short_stock: choices.BuyShortStock = Field(
        default="no_buy",
        description=(
            "When the stock, even rebuilt from the discards, cannot pay a buy's penalty "
            "cards: no_buy: that player is not offered the discard; pay_what_is_left: the "
            "buyer takes the discard and whatever penalty cards there are."
        ),
    )


class BuyLimits(StrictModel):
    """How often a player may buy."""

    per_deal: int | None = Field(
        default=None, ge=0, description="Buys allowed per player per deal (null: unlimited)."
    )
    per_game: int | None = Field(
        default=None,
        ge=0,
        description="Buys allowed per player per game, like chips (null: unlimited).",
    )


class Buying(StrictModel):
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
    current_player: choices.BuyCurrentPlayer = Field(
        default="free_priority",
        description=(
            "The player in turn's right: takes the discard first and free; may veto a "
            "buy; or may hand their own draw to the buyer as the penalty."
        ),
    )
    priority: choices.BuyPriority = Field(
        default="nearest_in_turn",
        description="Who wins when several players want to buy the same card.",
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
        default=True,
        description=(
            "Whether a buyer must wait for their own turn to meld; false: right after "
            "the buy they may go down, meld and lay off (not discard), then the player "
            "in turn goes on."
        ),
    )
    buyer_discards: bool = Field(
        default=False,
        description=(
            "Whether the buyer discards a card at once, so that a buy only costs the "
            "penalty cards (usually the buyer keeps everything and discards nothing)."
        ),
    )
    block_call: bool = Field(
        default=False,
        description=(
            'Whether the player in turn may call "Shanghai" as they draw from the stock, so '
            "that nobody may buy the discard that turn (action block)."
        ),
    )


class OpeningStep(StrictModel):
    """One step of a minimum opening that rises with the running total."""

    at: int = Field(description="The running total from which this step applies.")
    points: int = Field(ge=1, description="The least an opening is worth from that total.")


class OpeningRules(StrictModel):
    """What a player must do to go down (open) for the first time in a deal."""

    requirement: choices.OpeningRequirement = Field(
        default="contract",
        description="contract: the deal's contract; min_points: melds worth at least min_points; none.",
    )
    min_points: int | None = Field(
        default=None, ge=1, description="The value the first melds must reach, with min_points."
    )
    min_points_by_total: list[OpeningStep] = Field(
        default_factory=list,
        description=(
            "With min_points: a minimum that rises with the player's running total "
            "(partners: their side's). Each step applies from its total up; below "
            "the first step, min_points applies (Canasta: min_points 15 for a "
            "negative total, then 50 from 0, 90 from 1500, 120 from 3000)."
        ),
    )
    from_pile: choices.OpeningFromPile = Field(
        default="any",
        description=(
            "When a player opens in the turn they took several cards from the discard "
            "pile: any: the opening may use every card taken; top_card_only: only the "
            "top card, with cards already in hand (Canasta)."
        ),
    )
    wild_value: choices.OpeningWildValue = Field(
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
        if self.min_points_by_total and self.requirement != "min_points":
            raise ValueError("min_points_by_total needs requirement min_points")
        totals = [step.at for step in self.min_points_by_total]
        if totals != sorted(set(totals)):
            raise ValueError("min_points_by_total: the steps' totals must rise, each once")
        return self


class LayOff(StrictModel):
    """Adding cards to melds already on the table."""

    targets: choices.LayOffTargets = Field(
        default="any", description="Whose melds a player may lay off on."
    )
    before_opening: bool = Field(
        default=False, description="Whether a player may lay off before going down."
    )
    on_opening_turn: bool = Field(
        default=False,
        description=(
            "Whether a player may lay off, or lay down further melds (where "
            "melding.new_melds_after_opening allows them), in the same turn as going down."
        ),
    )
    scores_for: choices.LayOffScoresFor = Field(
        default="meld_owner",
        description=(
            "Who scores a card laid off on someone else's meld: the meld's owner, or the "
            "player who laid it (it is placed in front of them)."
        ),
    )


class Melding(StrictModel):
    """Melding after the draw."""

    melds_per_turn: int | None = Field(
        default=None, ge=1, description="The most new melds per turn, or null for no limit."
    )
    new_melds_after_opening: bool = Field(
        default=False, description="Whether a player who has gone down may lay down new melds."
    )
    lay_off: LayOff = Field(default_factory=LayOff, description="Laying off on table melds.")
    rearrange_table: bool = Field(
        default=False,
        description=(
            "Whether melds on the table may be taken apart and laid again, with at "
            "least one card from the hand, as valid melds (action rearrange)."
        ),
    )
    during_play: bool = Field(
        default=True,
        description=(
            "Whether melds are laid on the table during play. false: no down, meld, "
            "lay-off or exchange during play; the melds are shown only when a hand ends "
            "by a knock (going_out.knock), as in Gin Rummy."
        ),
    )
    take_back: Literal["never", "this_turn"] = Field(
        default="never",
        description=(
            "Whether cards laid on the table may be taken back: never, or this_turn "
            "(action undo: the player takes back their last down, meld, lay-off, "
            "exchange or rearrangement of the turn, before discarding)."
        ),
    )


class DiscardRules(StrictModel):
    """Ending a turn with a discard."""

    allowed: bool = Field(
        default=True,
        description=(
            "Whether there is a discard pile at all. false: nothing is ever discarded "
            "(no upcard, no pile to draw from or buy): a turn ends with end, and a "
            "player goes out by melding their last card (Rummikub, Machiavelli); "
            "needs required: false, table.upcard: false and draw.discard_pile: none."
        ),
    )
    required: bool = Field(
        default=True,
        description=(
            "Whether every turn ends with a discard (unless going out); false: a player "
            "may end the turn keeping every card."
        ),
    )
    not_just_taken: choices.NotJustTaken = Field(
        default="never",
        description=(
            "Whether the card just taken from the discard pile may be thrown back: no "
            "restriction; not when a single card was taken; never (always: the top card "
            "named, or the card dug, even when other cards came with it; those may be)."
        ),
    )
    not_just_taken_match: Literal["card", "face"] = Field(
        default="card",
        description=(
            "With not_just_taken: card: only the very card taken is barred (a player "
            "holding its twin from another deck may discard that); face: no card of "
            "the same rank and suit may be discarded that turn."
        ),
    )
    playable: Literal["allowed", "penalty"] = Field(
        default="allowed",
        description=(
            "allowed: a player may discard a card they could lay off; penalty: such a "
            "discard is taken back, the player takes playable_penalty_cards cards from "
            "the stock and plays on (toroidalsnark's contract rummy)."
        ),
    )
    playable_penalty_cards: int = Field(
        default=2,
        ge=1,
        le=10,
        description=(
            "With playable: penalty, the cards taken from the stock (as many as the "
            "stock, rebuilt as usual, can give; with none the discard stands)."
        ),
    )


class KnockNeeds(StrictModel):
    """What the melds of a knock (a declaration) must include."""

    runs: int = Field(default=0, ge=0, le=6, description="At least this many runs.")
    pure_runs: int = Field(
        default=0,
        ge=0,
        le=6,
        description=(
            "Of them, at least this many pure: with no wild card, except a wild-rank "
            "card standing for itself."
        ),
    )

    @model_validator(mode="after")
    def _pure_within_runs(self) -> KnockNeeds:
        if self.pure_runs > self.runs:
            raise ValueError("pure_runs counts runs: it cannot be more than runs")
        return self


class KnockRules(StrictModel):
    """Ending a hand by knocking (Gin Rummy and its family)."""

    deadwood_limit: int | Literal["upcard", "any"] = Field(
        default=10,
        description=(
            "The most deadwood (the value of the cards no meld takes, after the "
            "discard) a player may knock with: a number (0: gin only); upcard: the "
            "value of the deal's first upcard (Oklahoma Gin; an ace: see ace_upcard); "
            "any: no limit, a player may knock with any deadwood (Knock Rummy)."
        ),
    )
    ace_upcard: Literal["gin_only", "its_value"] = Field(
        default="gin_only",
        description=(
            "With deadwood_limit: upcard, what an ace turned up as the deal's first "
            "upcard allows: gin_only, only gin may knock (Oklahoma Gin); its_value, "
            "knocking with deadwood up to the ace's value (scoring.card_values)."
        ),
    )
    needs: KnockNeeds | None = Field(
        default=None,
        description=(
            "What the knocker's melds must include (Indian Rummy's declaration: at "
            "least 2 runs, 1 of them pure); null: any melds."
        ),
    )
    count_all_without_needs: bool = Field(
        default=False,
        description=(
            "With needs: whether another player whose laid melds do not meet them "
            "counts every card, melded or not, as deadwood (Indian Rummy: without two "
            "runs, one pure, all cards count)."
        ),
    )
    big_gin: bool = Field(
        default=False,
        description=(
            "Whether a player whose whole hand after the draw makes melds may knock "
            "without discarding (big gin, written knock with no card): it is gin, and "
            "the big_gin bonus is scored on top of the gin bonus."
        ),
    )
    defender_lays_off: bool = Field(
        default=True,
        description=(
            "Whether the other players, after laying their own melds, may lay off "
            "deadwood on the knocker's melds (never when the knocker has gin)."
        ),
    )
    wrong_declaration: int | None = Field(
        default=None,
        ge=1,
        le=500,
        description=(
            "What a wrong knock costs (Indian Rummy's wrong show: 80 penalty points): "
            "a knock whose melds are not valid, do not meet needs or leave deadwood "
            "above the limit is accepted, and the player leaves the deal with these "
            "points, keeping their cards out of play; the others play on. null: such "
            "a knock is refused."
        ),
    )
    undercut: Literal["equal_or_lower", "lower"] = Field(
        default="equal_or_lower",
        description=(
            "When the knocker is undercut: equal_or_lower, when another player's "
            "deadwood is equal to or lower than the knocker's; lower, only when lower "
            "(equal deadwood: nobody scores). With more than two players the lowest "
            "deadwood undercuts (the first in turn order from the knocker on a tie)."
        ),
    )
    word: Literal["knock", "declare"] = Field(
        default="knock",
        description=(
            "The game's word in books, play, watch and meld (records write knock): knock "
            "(Gin Rummy); declare (Indian Rummy; needs deadwood_limit 0, no big gin, gin "
            "or undercut bonus, knock_difference or void_take to_knock: not worded yet)."
        ),
    )

    @field_validator("deadwood_limit")
    @classmethod
    def _limit(cls, value: int | str) -> int | str:
        if isinstance(value, int) and not 0 <= value <= 100:
            raise ValueError("the deadwood limit is a number from 0 to 100, or upcard")
        return value


class DropRules(StrictModel):
    """Dropping out of a deal at a stated cost (Indian Rummy)."""

    first: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description=(
            "The penalty points of a first drop: at the start of the player's first "
            "turn of the deal, before drawing (Indian Rummy: 20). null: not allowed."
        ),
    )
    middle: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description=(
            "The penalty points of a middle drop: at the start of any later turn, "
            "before drawing (Indian Rummy: 40). null: not allowed."
        ),
    )

    @model_validator(mode="after")
    def _some(self) -> DropRules:
        if self.first is None and self.middle is None:
            raise ValueError("give first or middle (or both), or write drop: null")
        return self


class CallRules(StrictModel):
    """Calling the hand (Tonk's drop): a showdown of the hands' counts."""

    after_hit: Literal["any", "wait_a_turn"] = Field(
        default="any",
        description=(
            "any: a player may call at the start of any turn; wait_a_turn: a player "
            "on one of whose melds another player laid off a card (a hit) since the "
            "start of their last turn may not call at the start of their next turn (Tonk)."
        ),
    )


class GoingOut(StrictModel):
    """How a deal ends."""

    method: choices.GoingOutMethod = Field(
        default="any",
        description=(
            "any: by melding, laying off or discarding the last card; must_discard: "
            "the last card must be a discard; must_meld_last: the last card must be "
            "melded; all_at_once: only by laying down the whole hand in one turn, with "
            "no discard (every deal is then an all_out deal)."
        ),
    )
    last_card_discard: choices.LastCardDiscard = Field(
        default="forbidden",
        description=(
            "With must_meld_last: forbidden: the last card may not be discarded; play_on: "
            "it may be, the deal goes on, and the player (holding no cards) draws at "
            "their next turn."
        ),
    )
    knock: KnockRules | None = Field(
        default=None,
        description=(
            "Ending a hand by knocking: after the draw, a player whose deadwood after "
            "the discard is within the limit discards face down and lays their melds; "
            "each other player in turn lays theirs and lays off; the hand is scored by "
            "deadwood (scoring.model: knock_difference). null: no knocking."
        ),
    )

    canastas: int = Field(
        default=0,
        ge=0,
        le=10,
        description=(
            "The canastas (melds.canasta_size) a player's side must have on the table "
            "before the player may go out, counting one completed by the move that "
            "goes out (Canasta: 1); a player who may not go out may not meld, lay off "
            "or discard their last card. 0: no such rule."
        ),
    )
    ask_partner: choices.AskPartner = Field(
        default="never",
        description=(
            'Asking one\'s partner "may I go out?" (Canasta, Hand and Foot): never; may '
            "(a player may ask before going out); must (a player goes out only after "
            "asking and hearing yes). The partner answers yes or no and the answer binds "
            "for the turn: after no the player may not go out; after yes they must, "
            "melding and laying off while they can. Needs partnerships."
        ),
    )
    natural_canastas: int = Field(
        default=0,
        ge=0,
        le=10,
        description=(
            "How many of going_out.canastas must be natural, with no wild card (Hand "
            "and Foot: one clean book); needs going_out.method must_discard. 0: any."
        ),
    )
    mixed_canastas: int = Field(
        default=0,
        ge=0,
        le=10,
        description=(
            "How many of going_out.canastas must be mixed, with a wild card (Hand and "
            "Foot at some tables: dirty books); needs going_out.method must_discard. "
            "0: any."
        ),
    )
    drop: DropRules | None = Field(
        default=None,
        description=(
            "Dropping out of a deal: at the start of their turn, before drawing, a "
            "player may write drop, scoring the stated penalty points for the deal "
            "and keeping their cards out of play; the others play on, and the last "
            "player left in the deal wins it. null: no dropping."
        ),
    )
    call: CallRules | None = Field(
        default=None,
        description=(
            "Calling the hand (Tonk's drop, also called going down or knocking): at "
            "the start of their turn, before drawing, a player may write call; every "
            "player then shows their hand, counted by scoring.card_values (cards on "
            "the table do not count), and the deal ends. The caller wins the deal with "
            "a count lower than every other player's; otherwise the caller is caught "
            "(scoring.stakes). Needs scoring.model: stakes. null: no calling."
        ),
    )
    dealt_counts: list[int] = Field(
        default_factory=list,
        max_length=10,
        description=(
            "Counts of a dealt hand (scoring.card_values) that win the deal at once, "
            "before anyone plays (Tonk: [49, 50]): a player dealt such a hand shows it "
            "and wins the deal; when two or more players are, the deal is void. Needs "
            "scoring.model: stakes. Empty: no such win."
        ),
    )
