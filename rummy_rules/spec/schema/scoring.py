"""Scoring and the end of the game."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from ...cards import JOKER, RANK_ORDER, normalize_rank
from .base import (
    StrictModel,
)
from .choices import BuyBackTotal, GameEndKind, MeldedWildValue, ScoringModel, Ties, Winner

__all__ = [
    "Bonus",
    "GameEnd",
    "Multiplier",
    "Scoring",
    "Stakes",
]


# --------------------------------------------------------------------------
# Scoring and the end of the game
# --------------------------------------------------------------------------


class Multiplier(StrictModel):
    """A meld that scores a multiple of its value."""

    meld: Literal["four_of_a_kind_at_once"] = Field(
        description="four_of_a_kind_at_once: a set of four laid down in one go."
    )
    factor: int = Field(ge=2, le=10, description="What its value is multiplied by.")


class Bonus(StrictModel):
    """Points scored when something happens."""

    event: Literal[
        "went_out",
        "one_turn_out",
        "one_turn_out_no_wilds",
        "first_turn_out",
        "exact_cut",
        "per_buy",
        "gin",
        "big_gin",
        "undercut",
        "natural_canasta",
        "mixed_canasta",
        "run_canasta",
        "bonus_card",
        "all_bonus_cards",
        "foot_left",
        "bonus_card_in_foot",
    ] = Field(
        description=(
            "went_out: going out; one_turn_out: going out in one turn with no earlier "
            "meld (blind, concealed, kalooki): the player's first meld (down or meld) is "
            "laid in that turn, so going out by lay-offs alone (on a partner's melds) does "
            "not count; "
            "one_turn_out_no_wilds: the same without "
            "wild cards (given in place of one_turn_out, not on top of it); first_turn_out: "
            "going out on one's first turn of the deal; exact_cut: the cutter cuts exactly "
            "the cards needed for the deal; "
            "per_buy: each buy; gin: knocking with every card but the discard melded (to the knocker); "
            "big_gin: knocking with the whole hand in melds and no discard "
            "(going_out.knock.big_gin; scored on top of gin); "
            "undercut: undercutting a knocker (to the player who undercuts); "
            "natural_canasta, mixed_canasta: each canasta (melds.canasta_size) on the "
            "table when the deal ends, with no wild card or with one (to its owner); "
            "run_canasta: each canasta that is a run (Samba's samba), scored instead of "
            "natural_canasta or mixed_canasta (a file without it scores runs as those); "
            "bonus_card: each bonus card (deck.bonus_cards) a player laid aside; "
            "all_bonus_cards: once more, to the side that laid aside every bonus card of "
            "the pack; foot_left: each foot still face down when the deal ends "
            "(deals[].foot; Buraco's morto not taken), to its player or team, whose "
            "cards are then not counted; bonus_card_in_foot: each bonus card in a foot "
            "never picked up (Hand and Foot's red threes), to its player or team."
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


#: The value of a skip card (numbered packs with skips).
SKIP = "skip"
_CARD_VALUE_KEYS = (*RANK_ORDER, JOKER, SKIP)


class Stakes(StrictModel):
    """With scoring.model stakes: how many stakes each player pays the winner of a deal."""

    out: int = Field(
        default=1,
        ge=0,
        le=20,
        description="Going out by discarding the last card: each other player pays this.",
    )
    out_without_discard: int = Field(
        default=2,
        ge=0,
        le=20,
        description=(
            "Going out by melding or laying off the last card, with no discard "
            "(Tonk's tonk out): each other player pays this."
        ),
    )
    dealt: int = Field(
        default=2,
        ge=0,
        le=20,
        description="Winning on the deal (going_out.dealt_counts): each other player pays this.",
    )
    call: int = Field(
        default=1,
        ge=0,
        le=20,
        description="A caller (going_out.call) whose count is the lowest: each other player pays this.",
    )
    caught: int = Field(
        default=2,
        ge=0,
        le=20,
        description=(
            "A caught caller (another count equal to or lower than the caller's) pays "
            "this to each player whose count is equal or lower; the others pay nothing."
        ),
    )
    lowest: int = Field(
        default=1,
        ge=0,
        le=20,
        description=(
            "A deal ended with no one out and no call (the stock ran out): the player "
            "with the lowest count is paid this by each other player; players tied for "
            "the lowest are each paid it by each player not tied."
        ),
    )


class Scoring(StrictModel):
    """How a deal is scored."""

    model: ScoringModel = Field(
        description=(
            "penalty: cards left in hand count against you, lowest total wins; "
            "melded_minus_hand: melded cards score for you and cards in hand against you, "
            "highest wins; winner_collects: the player going out scores the cards left in "
            "the others' hands, highest wins; knock_difference (with going_out.knock): "
            "the winner of a knocked hand scores the difference between the two "
            "deadwoods, highest wins; losers_pay: the player going out scores the cards "
            "left in the others' hands and each of them loses their own; when nobody "
            "goes out, the lowest count wins the deal and scores, from each other "
            "player, the difference between their counts (players tied for the lowest "
            "each score so), while the others lose their own; highest wins (Rummikub); "
            "stakes: each deal is won by one player (or shared by a tie), paid by each "
            "other player the number of stakes scoring.stakes gives for how it was won; "
            "a total is stakes won less stakes paid, highest wins (Tonk)."
        )
    )
    stakes: Stakes = Field(
        default_factory=Stakes,
        description="With model stakes: the stakes of each way a deal is won.",
    )
    card_values: dict[str, int] = Field(
        description=(
            "Points per card by rank: 2-10, J, Q, K, A (or 1-13 in a numbered pack), "
            "joker and skip. Every rank in the pack needs a value."
        )
    )
    wild_rank_value: int | None = Field(
        default=None, description="The value of a wild-rank card (say a deuce) when it is wild."
    )
    ace_low_in_run: int | None = Field(
        default=None, description="The value of an ace melded low in a run (A-2-3), if different."
    )
    melded_wild_value: MeldedWildValue = Field(
        default="represented",
        description="What a melded wild is worth: the card it stands for, or its own value.",
    )
    multipliers: list[Multiplier] = Field(
        default_factory=list, description="Melds that score a multiple of their value."
    )
    bonuses: list[Bonus] = Field(default_factory=list, description="Extra points for events.")
    bonus_cards_unopened: Literal["for", "against", "against_without_canastas"] = Field(
        default="for",
        description=(
            "What the bonus_card and all_bonus_cards points do for a side that has not "
            "opened when the deal ends: count for it as for any side, or against it "
            "(Canasta); against_without_canastas: against a side that has not the "
            "canastas going out needs (going_out.canastas) on the table when the deal "
            "ends, opened or not (Samba)."
        ),
    )
    deal_cap: int | None = Field(
        default=None,
        ge=1,
        description=(
            "With the penalty model: the most penalty points a player scores in one "
            "deal, bonuses aside (Indian Rummy: 80); null: no cap."
        ),
    )
    spade_upcard_factor: int = Field(
        default=1,
        ge=1,
        le=4,
        description=(
            "With knocking: what every score of a hand (the deadwood difference and its "
            "bonuses) is multiplied by when the hand's first upcard is a spade "
            "(Oklahoma Gin's 'spades double': 2); 1: no change."
        ),
    )

    @field_validator("card_values")
    @classmethod
    def _value_keys(cls, values: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, points in values.items():
            canonical = SKIP if key.strip().lower() == SKIP else normalize_rank(key)
            if canonical is None:
                raise ValueError(f"'{key}' is not a rank (use 2-10, J, Q, K, A, joker or skip)")
            if canonical in out:
                raise ValueError(f"rank '{canonical}' has two values")
            out[canonical] = points
        return {k: out[k] for k in _CARD_VALUE_KEYS if k in out}


class GameEnd(StrictModel):
    """When the game ends and who wins."""

    kind: GameEndKind = Field(
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
    buy_back_total: BuyBackTotal = Field(
        default="highest_remaining",
        description=(
            "The total a player who buys back re-enters with: highest_remaining, the highest "
            "total among the players still below elimination_at; zero, a fresh start."
        ),
    )
    buy_back_limit: int | None = Field(
        default=None,
        ge=0,
        description=(
            "A player may buy back only while every player still below elimination_at "
            "has a total of at most this (pool rummy's rejoin: 79 in a game to 101); "
            "null: no such limit."
        ),
    )
    winner: Winner = Field(description="Who wins.")
    ties: Ties = Field(
        default="shared", description="What happens on equal totals: a shared win or another deal."
    )
    game_bonus: int = Field(
        default=0,
        ge=0,
        description=(
            "Points added, when the game ends, to the total of the player with the "
            "highest total (each, on a tie) before these end-of-game bonuses (Gin's "
            "game bonus: 100). Games won by the highest total only."
        ),
    )
    hand_bonus: int = Field(
        default=0,
        ge=0,
        description=(
            "Points added, when the game ends, to each player's total for every deal "
            "they won (went out in, or won after a knock) (Gin's line or box bonus: "
            "25). Games won by the highest total only."
        ),
    )
    shutout_factor: int = Field(
        default=1,
        ge=1,
        le=4,
        description=(
            "When the game ends with every other player having won no deal, what the "
            "leader's total from the deals is multiplied by, before game_bonus and "
            "hand_bonus (Gin's shutout: 2); 1: no change. Games won by the highest "
            "total only."
        ),
    )

    gin_boxes: int = Field(
        default=1,
        ge=1,
        le=5,
        description=(
            "With hand_bonus: how many boxes a deal won by gin counts (some Oklahoma "
            "Gin tables: 3, two extra boxes); 1: one, as any deal won."
        ),
    )
    undercut_boxes: int = Field(
        default=1,
        ge=1,
        le=5,
        description=(
            "With hand_bonus: how many boxes a deal won by an undercut counts (some "
            "Oklahoma Gin tables: 2, one extra box); 1: one, as any deal won."
        ),
    )
    games_at_once: int = Field(
        default=1,
        ge=1,
        le=5,
        description=(
            "Hollywood scoring: how many games are scored at once on one sheet "
            "(Hollywood Gin: 3); 1: one game. A player's score for a deal goes into "
            "every unfinished game they have already scored in, and into the first "
            "unfinished game they have not; each game ends when a player's total in it "
            "reaches target_score, with its own game_bonus, hand_bonus (for the deals "
            "entered in it) and shutout_factor; the whole ends when every game has, "
            "and a player's total is the sum of their games. Needs kind target_score, "
            "winner highest_total and ties shared."
        ),
    )

    @model_validator(mode="after")
    def _needs(self) -> GameEnd:
        if self.kind == "target_score" and self.target_score is None:
            raise ValueError("kind target_score needs target_score")
        if self.kind == "elimination" and self.elimination_at is None:
            raise ValueError("kind elimination needs elimination_at")
        if self.games_at_once > 1 and not (
            self.kind == "target_score" and self.winner == "highest_total" and self.ties == "shared"
        ):
            raise ValueError(
                "games_at_once above 1 needs kind target_score, winner highest_total "
                "and ties shared"
            )
        if (self.gin_boxes > 1 or self.undercut_boxes > 1) and not self.hand_bonus:
            raise ValueError("gin_boxes and undercut_boxes count boxes: they need hand_bonus")
        extras = self.game_bonus or self.hand_bonus or self.shutout_factor > 1
        if extras and self.winner != "highest_total":
            raise ValueError(
                "game_bonus, hand_bonus and shutout_factor add to the winner's total: "
                "they need winner: highest_total"
            )
        return self
