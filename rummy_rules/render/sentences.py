"""Plain-English sentences for every rule of a variant, grouped by topic.

Each :class:`Topic` names the keys of the variant file it covers and a function that
turns them into sentences, so changing a knob changes the text. The rulebook, the
house-rules sheet and ``rummy-rules diff`` all speak through :data:`TOPICS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..spec.schema import (
    VariantSpec,
)
from .end_sentences import game_end_sentences
from .i18n import N_, _, current_language
from .scoring_sentences import scoring_extras
from .stake_sentences import stakes_sentences
from .turn_sentences import (
    buying_sentences,
    discard_sentences,
    draw_sentences,
    going_out_sentences,
    melding_sentences,
    opening_sentences,
    stock_sentences,
)
from .wild_sentences import exchange_sentences, has_wilds, wild_sentences
from .words import (
    cards_text,
    count_text,
    number_word,
    pack_rows,
    people_count,
    plural,
    rank_name,
    value_rows,
)

__all__ = ["TOPICS", "Topic"]


def _players(s: VariantSpec) -> Iterator[str]:
    p = s.players
    least, most = people_count(p.min), people_count(p.max)
    if p.min == p.max:
        yield _("For {n} players.").format(n=least)
    elif p.best:
        yield _("For {min} to {max} players, best with {best}.").format(
            min=least, max=most, best=people_count(p.best)
        )
    else:
        yield _("For {min} to {max} players.").format(min=least, max=most)


def _teams(s: VariantSpec) -> Iterator[str]:
    t = s.partnerships
    if t.teams == "none":
        yield _("Everyone plays for themselves.")
        return
    if s.players.min == s.players.max == 6:  # three teams: seat s partners seat s + 3
        yield {
            "seating": _(
                "Three teams of two: partners sit opposite each other, so that every "
                "player sits between two opponents."
            ),
            "low_draw": _(
                "Three teams of two: the two players who draw the lowest cards are partners, "
                "then the next two; partners sit opposite each other."
            ),
            "random": _("Three teams of two: partners are drawn at random and sit opposite."),
        }[t.team_selection]
    else:
        yield {
            "seating": _("Two teams of two: partners sit opposite each other."),
            "low_draw": _(
                "Two teams of two: the two players who draw the lowest cards are partners "
                "and sit opposite."
            ),
            "random": _("Two teams of two: partners are drawn at random and sit opposite."),
        }[t.team_selection]
    yield (
        _("Partners may lay off on each other's melds.")
        if t.build_on_partner_melds
        else _("Partners may not lay off on each other's melds.")
    )
    if s.opening.requirement != "none":
        yield (
            _("Each player must meet the opening requirement for themselves.")
            if t.opening_per == "player"
            else _("Once one partner has opened, the whole team has.")
        )
    yield (
        _("Partners add their scores together.")
        if t.scoring == "team"
        else _("Partners score separately.")
    )


def _table(s: VariantSpec) -> Iterator[str]:
    t = s.table
    low = t.draw_for_deal_ace == "low"
    yield {
        "random": _("The first dealer is chosen at random."),
        "low_card": _("Everyone draws a card; the lowest (ace low) deals first.")
        if low
        else _("Everyone draws a card; the lowest (ace high) deals first."),
        "high_card": _("Everyone draws a card; the highest (ace low) deals first.")
        if low
        else _("Everyone draws a card; the highest (ace high) deals first."),
    }[t.first_dealer]
    if t.seat_selection == "by_card_rank":
        yield _("Seats follow the rank of a card dealt to each player.")
    yield {
        "left": _("The deal passes to the left."),
        "right": _("The deal passes to the right."),
        "winner": _("The winner of a deal deals the next one."),
    }[t.dealer_rotation]
    if t.cutter != "none":
        yield (
            _("The player on the dealer's right cuts.")
            if t.cutter == "dealer_right"
            else _("The player on the dealer's left cuts.")
        )
    clockwise = t.direction == "clockwise"
    if t.deal_batch == 1:
        yield (
            _("Cards are dealt one at a time, and play goes clockwise.")
            if clockwise
            else _("Cards are dealt one at a time, and play goes counter-clockwise.")
        )
    else:
        yield (
            _("Cards are dealt {n} at a time, and play goes clockwise.")
            if clockwise
            else _("Cards are dealt {n} at a time, and play goes counter-clockwise.")
        ).format(n=number_word(t.deal_batch))
    if t.upcard:
        yield {
            "first_player": _(
                "The rest of the pack is the stock; its top card is turned up to start the "
                "discard pile."
            ),
            "each_in_turn": _(
                "The rest of the pack is the stock; its top card is turned up to start the "
                "discard pile. Each player in turn, starting with the first player, may take "
                "that first card as their draw; play goes on from whoever takes it, and if "
                "nobody does, the first player draws from the stock."
            ),
            "non_dealer_then_dealer": _(
                "The rest of the pack is the stock; its top card is turned up to start the "
                "discard pile. The non-dealer, then the dealer, may take that first card as "
                "their draw; play goes on from whoever takes it, and if neither does, the "
                "non-dealer draws from the stock."
            ),
        }[t.upcard_offer]
    elif not s.discard.allowed:
        yield _("The rest of the pack is the stock; there is no discard pile.")
    else:
        yield _("The rest of the pack is the stock; the discard pile starts empty.")
    if t.upcard and t.cover_upcard:
        yield _(
            "If the card turned up is a wild card or a bonus card, the next stock card is "
            "turned up on top of it, until the top card is neither; the cards under it stay "
            "in the discard pile."
        )
    if t.first_player_extra_turn:
        yield _("The first player of each deal plays two turns.")


def _colour_names(s: VariantSpec) -> list[str]:
    """A numbered pack's colours in the language in force: the file's
    ``translations`` names where it gives them, else its own."""
    assert s.deck.numbered is not None
    code = current_language()
    words = None if code == "en" else s.translations.get(code)  # type: ignore[call-overload]
    if words is not None and words.colours:
        return list(words.colours)
    return list(s.deck.numbered.colours)


def _pack(s: VariantSpec) -> Iterator[str]:
    d = s.deck
    jokers = count_text(d.jokers, "joker")
    if d.numbered is not None:
        names = _colour_names(s)
        if isinstance(d.jokers, int):  # a numbered pack's are wild cards (JK)
            jokers = plural(d.jokers, "wild card") + " (JK)"
        yield (
            _(
                "The pack: {copies} of the numbers 1 to {highest} in each of four colours "
                "({colours}), with no wild cards."
            )
            if d.jokers == 0
            else _(
                "The pack: {copies} of the numbers 1 to {highest} in each of four colours "
                "({colours}), with {jokers}."
            )
        ).format(
            copies=count_text(d.decks, "copy"),
            highest=d.numbered.highest,
            colours=", ".join(names),
            jokers=jokers,
        )
        letters = d.numbered.card_letters()
        if d.numbered.letters is None and names == d.numbered.colours:
            yield _(
                "A card is written as its number and the first letter of its colour: "
                "{example} is the 7 of {colour}."
            ).format(example=f"7{letters[0]}", colour=names[0])
        else:
            # Letters given, or colours named in the reader's language (the
            # letters stay those of the file's names): each letter is listed.
            yield _(
                "A card is written as its number and the letter of its colour ({letters}): "
                "{example} is the 7 of {colour}."
            ).format(
                letters=", ".join(
                    f"{letter} {colour}" for letter, colour in zip(letters, names, strict=True)
                ),
                example=f"7{letters[0]}",
                colour=names[0],
            )
        if d.numbered.skips:
            yield _(
                "The pack also holds {skips} (SK): a skip is never melded; the player who "
                "discards one makes the next player lose their turn; a skip on the discard "
                "pile is never taken or bought."
            ).format(skips=plural(d.numbered.skips, "skip card"))
        return
    decks = count_text(d.decks, "standard 52-card deck")
    if d.jokers == 0:  # "no jokers", not "0 jokers", in every language
        if d.decks == 1:
            yield _("The pack: {decks}, with no jokers.").format(decks=decks)
        else:
            yield _("The pack: {decks} shuffled together, with no jokers.").format(decks=decks)
    elif d.decks == 1:
        yield _("The pack: {decks}, with {jokers}.").format(decks=decks, jokers=jokers)
    else:
        yield _("The pack: {decks} shuffled together, with {jokers}.").format(
            decks=decks, jokers=jokers
        )
    if d.bonus_cards:
        yield _(
            "Bonus cards ({cards}) are never held: a player dealt one lays it aside face up "
            "in front of them after the deal and draws a replacement from the stock; one "
            "drawn from the stock is laid aside and replaced at once; one taken with the "
            "discard pile is laid aside with no replacement. If a bonus card drawn cannot be "
            "replaced because the stock is empty, the deal ends."
        ).format(cards=cards_text(s, d.bonus_cards))


def _size(low: int, high: int | None) -> str:
    """``three or more``, ``three``, ``three or four``, ``three to five``."""
    if high is None:
        return _("{min} or more").format(min=number_word(low))
    if high == low:
        return number_word(low)
    if high == low + 1:
        return _("{min} or {max}").format(min=number_word(low), max=number_word(high))
    return _("{min} to {max}").format(min=number_word(low), max=number_word(high))


def _sets(s: VariantSpec) -> Iterator[str]:
    r = s.melds.set
    suits = {
        "any": _("suits may repeat"),
        "distinct": _("no suit may appear twice"),
        "distinct_then_all_four": _(
            "a set of three has three different suits, and a set of four or more holds all "
            "four suits"
        ),
        "exactly_three": _("the set shows exactly three different suits"),
    }[r.suits]
    if r.suits == "any" and all(row["decks"] <= 1 for row in pack_rows(s)):
        # One deck holds one card of each rank and suit: nothing can repeat.
        yield _("A set (group, book) is {size} cards of the same rank.").format(
            size=_size(r.min_size, r.max_size)
        )
    else:
        yield _("A set (group, book) is {size} cards of the same rank; {suits}.").format(
            size=_size(r.min_size, r.max_size), suits=suits
        )
    if r.pair_ranks and r.min_size > 2:
        yield _(
            "A pair (two cards of the same rank) is a set too, for these ranks only: {ranks}."
        ).format(ranks=", ".join(rank_name(s, rank) for rank in r.pair_ranks))
    if s.melds.canasta_size is not None:
        yield _(
            "A meld of {n} cards or more is a canasta: natural with no wild card, mixed with "
            "one or more."
        ).format(n=s.melds.canasta_size)
        if not s.melds.canasta_takes_wilds:
            yield _("No wild card is laid off on a canasta.")
    if r.one_per_rank:
        shared = s.partnerships.teams != "none" and s.partnerships.build_on_partner_melds
        yield (
            _(
                "Partners may have only one set of each rank on the table between them; "
                "more cards of that rank are added to it."
            )
            if shared
            else _(
                "A player may have only one set of each rank on the table; more cards of "
                "that rank are added to it."
            )
        )
    if r.join:
        shared = s.partnerships.teams != "none" and s.partnerships.build_on_partner_melds
        yield (
            _(
                "Partners may join two or more of their sets of one rank into one set "
                "whenever they may lay off cards; the joined set keeps to the limits on wild "
                "cards, and no wild card reaches a canasta this way."
            )
            if shared
            else _(
                "A player may join two or more of their sets of one rank into one set "
                "whenever they may lay off cards; the joined set keeps to the limits on wild "
                "cards, and no wild card reaches a canasta this way."
            )
        )
    if s.melds.unmeldable:
        yield _("{cards} are never melded nor laid off; they may be discarded.").format(
            cards=cards_text(s, s.melds.unmeldable)
        )
    if s.melds.going_out_only and s.melds.run.allowed:
        yield _(
            "{cards} are melded only by a player going out, as the last meld: in a set of "
            "their own rank with no wild card, never in a run, leaving at most one card to "
            "discard, once the side has the canastas going out needs. They are never laid "
            "off, and may be discarded."
        ).format(cards=cards_text(s, s.melds.going_out_only))
    elif s.melds.going_out_only:
        yield _(
            "{cards} are melded only by a player going out, as the last meld: in a meld of "
            "their own rank with no wild card, leaving at most one card to discard, once the "
            "side has the canastas going out needs. They are never laid off, and may be "
            "discarded."
        ).format(cards=cards_text(s, s.melds.going_out_only))


def _runs(s: VariantSpec) -> Iterator[str]:
    r = s.melds.run
    if not r.allowed:
        yield _("There are no runs: every meld is a set of one rank.")
        return
    size = _size(r.min_size, r.max_size)
    if r.suits == "any":
        yield _(
            "A run (sequence) is {size} cards in order, of any suits (the 5 of clubs, 6 of "
            "hearts and 7 of clubs make a run)."
        ).format(size=size)
    else:
        yield _("A run (sequence) is {size} cards of the same suit in order.").format(size=size)
    if s.deck.numbered is not None:
        yield _("Runs go up from 1 to {highest} and never turn the corner.").format(
            highest=s.deck.numbered.highest
        )
        return
    yield {
        "low": _("The ace is low only: A-2-3 is a run, Q-K-A is not."),
        "high": _("The ace is high only: Q-K-A is a run, A-2-3 is not."),
        "low_or_high": _(
            "The ace is low or high (A-2-3 or Q-K-A), but a run may not turn the corner (K-A-2)."
        ),
        "wrap": _("A run may turn the corner: K-A-2 is a run."),
    }[r.ace]


def _colours(s: VariantSpec) -> Iterator[str]:
    c = s.melds.colour
    if c is None:
        return
    size = _size(c.min_size, c.max_size)
    if s.deck.numbered is not None:
        yield _(
            "A colour meld is {size} cards of the same colour, whatever their numbers; it is "
            "written with the word colour before its cards (colour 2R 5R 9R ...)."
        ).format(size=size)
    else:
        yield _(
            "A colour meld is {size} cards of the same suit, whatever their ranks; it is "
            "written with the word colour before its cards (colour 2H 5H 9H ...)."
        ).format(size=size)
    if not c.wilds_allowed:
        yield _("Wild cards may not be used in colour melds.")
    elif has_wilds(s):
        yield _(
            "A wild card in a colour meld stands for a card of its colour, which the player names."
        )
    yield _("Any card of its colour may be laid off on a colour meld.")


def _contracts(s: VariantSpec) -> Iterator[str]:
    c = s.contract
    if not any(d.contract for d in s.deals):
        return
    # An all-out deal takes the sizes as minimums (docs/records.md), unless
    # the deal or its parts set exact themselves.
    all_out = any(
        (d.all_out or s.going_out.method == "all_at_once")
        and d.exact is None
        and any(p.exact is None for p in d.contract)
        for d in s.deals
        if d.contract
    )
    if c.exactness != "exact":
        yield _("Contract melds may be longer than the contract asks.")
    elif all_out:
        yield _(
            "Each contract meld has exactly the size the contract gives, except in a deal "
            "marked 'all at once', where melds may be longer."
        )
    else:
        yield _("Each contract meld has exactly the size the contract gives.")
    yield (
        _("All the contract's melds are laid down together, in one turn.")
        if c.all_at_once
        else _(
            "The contract's melds may be laid down over several turns; a player counts as"
            " down once the last of them is laid."
        )
    )
    if s.melds.run.suits == "same":
        yield {
            "allowed": _("A player's contract runs may be of the same suit."),
            "not_contiguous": _(
                "Two contract runs of one suit may not continue each other (3-4-5-6 and "
                "7-8-9-10 would be one run), though they may overlap using the other deck."
            ),
            "forbidden": _("A player's contract runs must be of different suits."),
        }[c.same_suit_runs]
    if c.sets_of_same_rank == "forbidden":
        yield _("A contract may not hold two sets of the same rank.")
    if not c.long_meld_counts_once:
        yield _(
            "One long meld may count as several contract melds of its kind: a run of eight"
            " as two runs of four, six of a kind as two sets of three."
        )
    if c.progression == "each_player":
        yield _(
            "Each player works through the contracts in order, on their own: a player who "
            "goes down with their contract plays the next one in the following deal, and one "
            "who does not plays the same contract again. Each player is dealt the cards of "
            "their own contract."
        )


def _values(s: VariantSpec) -> Iterator[str]:
    rows = value_rows(s)
    yield _("Card values: {values}.").format(
        values=", ".join(f"{rank} {points}" for rank, points in rows)
    )
    sc = s.scoring
    if sc.wild_rank_value is not None and (s.deck.wild_ranks or s.deck.wild_rank_follows_deal):
        yield _("A wild card of a wild rank counts {points}.").format(points=sc.wild_rank_value)
    if sc.ace_low_in_run is not None:
        yield _("An ace melded low in a run (A-2-3) counts {points}.").format(
            points=sc.ace_low_in_run
        )
    if sc.model != "penalty" and has_wilds(s):
        yield (
            _("A melded wild card counts as the card it stands for.")
            if sc.melded_wild_value == "represented"
            else _("A melded wild card counts its own value.")
        )


def _scoring(s: VariantSpec) -> Iterator[str]:
    sc = s.scoring
    if sc.model == "knock_difference" and s.players.max > 2:
        yield _(
            "The winner of a knocked hand scores the difference between their deadwood and "
            "each other player's, added up: the knocker, unless undercut, when the player "
            "who undercuts scores it; gin scores every other player's whole deadwood."
        )
    elif sc.model == "stakes":
        yield from stakes_sentences(s)
    else:
        yield from _model_sentence(sc.model)
    yield from scoring_extras(s)


def _model_sentence(model: str) -> Iterator[str]:
    yield {
        "penalty": _(
            "At the end of each deal, every player scores the value of the cards left in "
            "their hand as penalty points; the player who went out scores nothing."
        ),
        "melded_minus_hand": _(
            "At the end of each deal, each player scores the value of the cards they melded, "
            "minus the value of the cards left in their hand."
        ),
        "winner_collects": _(
            "The player who goes out scores the value of all the cards left in the other "
            "players' hands."
        ),
        "knock_difference": _(
            "The winner of a knocked hand scores the difference between the two players' "
            "deadwood: the knocker, unless undercut, when the other player scores it; gin "
            "scores the other player's whole deadwood."
        ),
        "losers_pay": _(
            "The player who goes out scores the value of all the cards left in the other "
            "players' hands, and each other player loses the value of the cards left in "
            "their own. When a deal ends with no one out, the player with the lowest value "
            "left wins it and scores, from each other player, the difference between the "
            "two values (players tied for the lowest each score so); the others lose the "
            "value of their own cards."
        ),
    }[model]


@dataclass(frozen=True, slots=True)
class Topic:
    """A group of rules: its title, the keys it covers and its sentences."""

    key: str
    title: str
    paths: tuple[str, ...]
    sentences: Callable[[VariantSpec], Iterator[str]]


TOPICS: tuple[Topic, ...] = (
    Topic("players", N_("Players"), ("players",), _players),
    Topic("teams", N_("Teams"), ("partnerships",), _teams),
    Topic("table", N_("Seating and dealing"), ("table",), _table),
    Topic(
        "pack",
        N_("The pack"),
        ("deck.decks", "deck.jokers", "deck.numbered", "deck.bonus_cards"),
        _pack,
    ),
    Topic(
        "wilds",
        N_("Wild cards"),
        (
            "deck.joker_role",
            "deck.wild_ranks",
            "deck.wild_cards",
            "deck.wild_rank_follows_deal",
            "deck.cut_wild",
            "melds.joker_set_min_size",
            "melds.set.wilds_allowed",
            "melds.run.wilds_allowed",
            "wilds.max_per_meld",
            "wilds.max_by_length",
            "wilds.versus_naturals",
            "wilds.min_naturals",
            "wilds.adjacent_allowed",
            "wilds.own_place_natural",
            "wilds.declared_identity",
            "wilds.reposition",
            "wilds.discard",
            "wilds.take_discarded",
        ),
        wild_sentences,
    ),
    Topic("exchange", N_("Taking back wild cards"), ("wilds.exchange",), exchange_sentences),
    Topic(
        "sets",
        N_("Sets"),
        (
            "melds.set.min_size",
            "melds.set.max_size",
            "melds.set.suits",
            "melds.set.pair_ranks",
            "melds.set.one_per_rank",
            "melds.set.join",
            "melds.canasta_size",
            "melds.canasta_takes_wilds",
            "melds.going_out_only",
            "melds.unmeldable",
        ),
        _sets,
    ),
    Topic(
        "runs",
        N_("Runs"),
        (
            "melds.run.allowed",
            "melds.run.min_size",
            "melds.run.max_size",
            "melds.run.ace",
            "melds.run.suits",
            "deck.numbered",
        ),
        _runs,
    ),
    Topic("colours", N_("Colour melds"), ("melds.colour",), _colours),
    Topic("contracts", N_("Contracts"), ("contract",), _contracts),
    Topic("draw", N_("Drawing"), ("draw",), draw_sentences),
    Topic("buying", N_("Buying"), ("buying",), buying_sentences),
    Topic("opening", N_("Going down"), ("opening",), opening_sentences),
    Topic("melding", N_("Melding and laying off"), ("melding",), melding_sentences),
    Topic("discard", N_("Discarding"), ("discard",), discard_sentences),
    Topic("going_out", N_("Going out"), ("going_out",), going_out_sentences),
    Topic("stock", N_("When the stock runs out"), ("stock_exhausted",), stock_sentences),
    Topic(
        "values",
        N_("Card values"),
        (
            "scoring.card_values",
            "scoring.wild_rank_value",
            "scoring.ace_low_in_run",
            "scoring.melded_wild_value",
        ),
        _values,
    ),
    Topic(
        "scoring",
        N_("Scoring"),
        (
            "scoring.model",
            "scoring.multipliers",
            "scoring.bonuses",
            "scoring.bonus_cards_unopened",
            "scoring.spade_upcard_factor",
            "scoring.deal_cap",
            "scoring.stakes",
        ),
        _scoring,
    ),
    Topic("game_end", N_("End of the game"), ("game_end",), game_end_sentences),
)
