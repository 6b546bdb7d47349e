"""Who plays and with what: sources, players, partnerships, the table, the pack."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from .base import (
    MAX_DECKS,
    MAX_JOKERS,
    Name,
    PerDeckCount,
    PlayerCountValue,
    RankName,
    StrictModel,
    Text,
    card_list,
    check_count_limit,
    rank_list,
)
from .choices import Cutter, DealerRotation, StockExhaustedAction, UpcardOffer

__all__ = [
    "DeckSpec",
    "NumberedPack",
    "Partnerships",
    "Players",
    "Source",
    "StockExhausted",
    "TableRules",
]


# --------------------------------------------------------------------------
# Identity and sources
# --------------------------------------------------------------------------


class Source(StrictModel):
    """A citation for the rules in the file."""

    id: Name = Field(description="A short tag used in notes, such as S000 or pagat-ctrummy.")
    title: Text = Field(description="What the source is: a page, book or document.", min_length=1)
    url: str | None = Field(
        default=None,
        max_length=2000,
        description="Where to read it, if it is online: an http:// or https:// address.",
    )
    note: Text | None = Field(default=None, description="What this source contributes.")

    @field_validator("url")
    @classmethod
    def _web_address(cls, url: str | None) -> str | None:
        if url is None:
            return None
        if not re.match(r"^https?://[^\s<>\"]+$", url):
            raise ValueError(
                "a source's url is a web address starting with http:// or https:// "
                "(no spaces or quotes)"
            )
        return url


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------


class Players(StrictModel):
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


class Partnerships(StrictModel):
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


class TableRules(StrictModel):
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
    dealer_rotation: DealerRotation = Field(
        default="left",
        description=(
            "Who deals next: the player to the left (clockwise), to the right, or the "
            "winner of the last deal."
        ),
    )
    cutter: Cutter = Field(default="dealer_right", description="Who cuts the shuffled pack.")
    exact_cut: Literal["deal", "feet"] = Field(
        default="deal",
        description=(
            "What a cut must lift to earn the exact_cut bonus: deal, the cards dealt to "
            "the hands and the upcard (players x cards + 1: Liverpool); feet, the cards of "
            "the feet (deals[].foot: Buraco's cutter, who cuts the two mortos of 11, 22)."
        ),
    )
    deal_batch: int = Field(
        default=1, ge=1, le=5, description="How many cards each player receives at a time."
    )
    upcard: bool = Field(
        default=True,
        description="Whether a card is turned up from the stock to start the discards.",
    )
    upcard_offer: UpcardOffer = Field(
        default="first_player",
        description=(
            "Who may take the first upcard: the first player as a normal draw; each "
            "player in turn from the first player, or the non-dealer then the dealer "
            "(two-player games), each taking it as their draw or passing — the taker "
            "plays that turn and play goes on from them; if all pass, the first "
            "player draws from the stock."
        ),
    )
    cover_upcard: bool = Field(
        default=False,
        description=(
            "Whether a first upcard that is a wild card or a bonus card "
            "(deck.bonus_cards) is covered by the next stock card, turned face up, until "
            "the top card is neither (Canasta). The covered cards stay in the pile; "
            "with draw.natural_pair: when_frozen they freeze it."
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


class NumberedPack(StrictModel):
    """A pack of numbered cards in four colours, used instead of standard decks."""

    highest: int = Field(
        ge=3, le=13, description="The cards of each colour are numbered 1 to highest."
    )
    colours: list[Name] = Field(
        min_length=4,
        max_length=4,
        description=(
            "The four colours as printed (they play the part of suits). A card is written "
            "as its number and its colour's first letter: 7R is the red 7."
        ),
    )
    letters: list[str] | None = Field(
        default=None,
        min_length=4,
        max_length=4,
        description=(
            "The letter each colour is written with, in the order of colours, where two "
            "colours share a first letter (blue and black: [R, B, O, K] for red, blue, "
            "orange, black); default: each colour's first letter."
        ),
    )

    pieces: Literal["colour_cards", "suit_cards", "tiles"] = Field(
        default="colour_cards",
        description=(
            "What the pack is made of, for the words the rulebook and the screens use: "
            "colour_cards (cards numbered in four colours), suit_cards (cards numbered in "
            "four suits, such as the Spanish pack's oros, copas, espadas and bastos), or "
            "tiles (Rummikub: tiles in colours, drawn from a pool, its wild cards called "
            "jokers). Play is the same either way."
        ),
    )
    skips: int = Field(
        default=0,
        ge=0,
        le=16,
        description=(
            "Skip cards in the pack, in all: a skip is never melded; the player who "
            "discards one makes the next player lose their turn; a skip on the discard "
            "pile is never taken or bought. Written SK; needs highest 12 or less."
        ),
    )

    @model_validator(mode="after")
    def _room_for_skips(self) -> NumberedPack:
        if self.skips and self.highest > 12:
            raise ValueError("skip cards need highest 12 or less")
        return self

    @model_validator(mode="after")
    def _letters(self) -> NumberedPack:
        given = self.letters is not None
        letters = self.card_letters()
        for colour, letter in zip(self.colours, letters, strict=True):
            if len(letter) != 1 or not letter.isalpha() or not letter.isascii():
                if given:
                    raise ValueError(f"the letter of '{colour}' must be one letter A-Z")
                raise ValueError(
                    f"colour '{colour}' must start with a letter A-Z, or be given one with letters"
                )
            if letters.count(letter) > 1:
                if given:
                    raise ValueError(f"two colours have the letter '{letter}'")
                raise ValueError(
                    f"two colours start with '{letter}': give each its own letter with "
                    "letters (for example [R, B, O, K] for red, blue, orange, black)"
                )
        return self

    def card_letters(self) -> list[str]:
        """The letter each colour is written with (``letters``, else first letters)."""
        if self.letters is not None:
            return [letter.strip().upper() for letter in self.letters]
        return [c.strip()[:1].upper() for c in self.colours]


class DeckSpec(StrictModel):
    """The pack: standard 52-card decks (or numbered cards), jokers and extra wild ranks."""

    decks: PlayerCountValue = Field(
        description=(
            "How many standard 52-card decks are shuffled together (by player count); with "
            "numbered, how many copies of the numbered cards."
        )
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
    cut_wild: bool = Field(
        default=False,
        description=(
            "Whether each deal has a wild rank turned up: after the deal (and the "
            "upcard), the next stock card is turned face up and put at the bottom of "
            "the stock, and every card of its rank is wild in that deal; a joker turned "
            "up makes the aces wild (Indian Rummy's cut joker)."
        ),
    )
    bonus_cards: list[str] = Field(
        default_factory=list,
        description=(
            "Cards that are never held, as rank and suit (Canasta's red threes: [3H, "
            "3D]): one dealt is laid aside face up in front of its player after the deal "
            "and replaced from the stock, one drawn from the stock likewise at once; one "
            "taken with the discard pile is laid aside without a replacement; none is "
            "replaced once the stock is empty. Scored by the bonus_card and "
            "all_bonus_cards bonuses."
        ),
    )
    wild_rank_follows_deal: bool = Field(
        default=False,
        description=(
            "Whether the wild rank changes every deal: aces in deal 1, twos in deal 2, "
            "and so on up to kings in deal 13, then aces again; it follows the deal "
            "number past the schedule too, where a target-score game repeats its last deal."
        ),
    )
    numbered: NumberedPack | None = Field(
        default=None,
        description=(
            "Numbered cards in colours instead of standard decks (ranks are written as "
            "numbers: 1 to highest; the ace's place is 1). Null: standard decks."
        ),
    )

    @field_validator("wild_ranks")
    @classmethod
    def _ranks(cls, ranks: list[str]) -> list[str]:
        return rank_list(ranks)

    @field_validator("wild_cards")
    @classmethod
    def _cards(cls, cards: list[str]) -> list[str]:
        return card_list(cards)

    @field_validator("bonus_cards")
    @classmethod
    def _bonus_cards(cls, cards: list[str]) -> list[str]:
        return card_list(cards)

    @field_validator("decks")
    @classmethod
    def _decks_not_per_deck(cls, value: object) -> object:
        if isinstance(value, PerDeckCount):
            raise ValueError("the number of decks cannot be given per deck")
        check_count_limit(value, MAX_DECKS, "the number of decks")
        return value

    @field_validator("jokers")
    @classmethod
    def _jokers_limit(cls, value: object) -> object:
        check_count_limit(value, MAX_JOKERS, "the number of jokers")
        return value


class StockExhausted(StrictModel):
    """What happens when the stock runs out."""

    action: StockExhaustedAction = Field(
        description=(
            "reshuffle_keep_top: shuffle the discards except the top card into a new stock; "
            "turn_over: turn the discards over without shuffling; end_deal: the deal ends "
            "and is scored; meldable_discards_only: players may only take a discard they "
            "can meld at once, or pass; void: the deal is cancelled; pass (with "
            "draw.mode: play_or_draw): players go on playing, and one who does not play "
            "passes; the deal ends, scored as it stands, when every player in it has "
            "passed in a row."
        )
    )
    void_when_left: int = Field(
        default=0,
        ge=0,
        description="With void: the deal is cancelled when this many stock cards remain.",
    )
    void_take: Literal["any", "to_knock", "none"] = Field(
        default="any",
        description=(
            "With void: once the stock is down to void_when_left cards, whether the "
            "next player may still take the discard as at any turn (any), or, with "
            "knocking, only to knock with it at once (to_knock, as OpenSpiel's "
            "gin_rummy plays), a player who draws instead cancelling the deal; none: "
            "the deal is cancelled as soon as a turn ends with the stock down to "
            "void_when_left cards (Gin: the player who took the third card from the "
            "end discards without knocking)."
        ),
    )
    void_dealer: Literal["next", "same"] = Field(
        default="next",
        description=(
            "With void: who deals after a cancelled deal: next, as after any deal "
            "(table.dealer_rotation); same, the same dealer deals again (Gin)."
        ),
    )
    foot_to_stock: bool = Field(
        default=False,
        description=(
            "With deals[].foot: when the stock runs out while a foot is still face "
            "down, that foot becomes the stock, unshuffled, before the action above "
            "applies (Buraco's morto); with two down, the foot of the player in turn "
            "(or their team) first, then the next in turn order. The foot is then "
            "counted as not picked up."
        ),
    )
    must_take: Literal["never", "lay_off"] = Field(
        default="never",
        description=(
            "With meldable_discards_only: whether a player must take the top discard "
            "rather than pass: never; lay_off: when they could lay it off on a meld of "
            "their side (Canasta, Britannica: a player must take a discard that "
            "matches a meld of their side)."
        ),
    )
    blocked_after: int | None = Field(
        default=2,
        ge=1,
        description=(
            "With a rebuilt stock (reshuffle_keep_top, turn_over): the deal ends, scored "
            "as it stands, when the stock has been rebuilt this many times in a row "
            "without anyone melding or laying off in between (a sign that no one can "
            "go out any more, not a proof: a long contract may need more passes "
            "through the stock); null: never."
        ),
    )
