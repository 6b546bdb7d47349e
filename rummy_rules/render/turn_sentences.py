"""Plain-English sentences for the rules of the turn: drawing, buying, going
down, melding and laying off, discarding, going out and the stock (the topics
of :data:`~rummy_rules.render.sentences.TOPICS` that a turn goes through)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import KnockRules, VariantSpec
from .declare_sentences import (
    declare_sentences,
    declared_discard,
    declared_melds_shown,
    declares,
    needs_sentences,
)
from .foot_sentences import foot_sentences
from .i18n import _, list_separator, ngettext
from .stake_sentences import call_sentences
from .stock_sentences import stock_sentences
from .turn_up_sentences import force_sentences, turn_up_sentences
from .words import cards_text, number_word, plural, points_text

__all__ = [
    "buying_sentences",
    "discard_sentences",
    "draw_sentences",
    "going_out_sentences",
    "melding_sentences",
    "opening_sentences",
    "stock_sentences",
]


def draw_sentences(s: VariantSpec) -> Iterator[str]:
    d = s.draw
    if d.mode == "play_or_draw":
        yield _(
            "A turn does one of two things: the player lays cards from their hand on the "
            "table, or draws the top card of the stock, which ends the turn. A player who "
            "has laid a card may not draw in that turn; one who lays nothing draws."
        )
        return
    if d.mode == "turn_up":
        yield from turn_up_sentences(s)
        return
    yield {
        "top": _(
            "Start each turn by drawing the top card of the stock or taking the top card of "
            "the discard pile."
        ),
        "any_depth": _(
            "Start each turn by drawing the top card of the stock or taking a card from the "
            "discard pile, which is kept spread so all its cards show."
        ),
        "whole_pile": _(
            "Start each turn by drawing the top card of the stock or taking the whole discard pile."
        ),
        "none": _(
            "Start each turn by drawing the top card of the stock; the discard pile is never taken."
        ),
    }[d.discard_pile]
    if d.discard_pile == "any_depth":
        above = _("every card above it") if d.deep_take_all_above else _("only that card")
        use = {
            "meld_now": _("the chosen card must be melded at once"),
            "this_turn": _("the chosen card must be used in the same turn"),
            "free": _("the chosen card may be kept"),
        }[d.deep_card_use]
        yield _("Taking a card from under others takes {above}, and {use}.").format(
            above=above, use=use
        )
    yield from _natural_pair_sentences(s)
    if d.pile_cards is not None:
        yield _(
            "Taking from the discard pile picks up its top {n} cards (all of them if there "
            "are fewer); the rules for taking apply to the top card, and the others go to "
            "the hand."
        ).format(n=number_word(d.pile_cards))
    if d.stock_cards > 1:
        yield _(
            "A player who draws from the stock takes {n} cards; the turn still ends with one "
            "discard."
        ).format(n=number_word(d.stock_cards))
    if d.stop_cards:
        yield _(
            "A stop card ({cards}) on top of the discard pile stops the next player from "
            "taking from it."
        ).format(cards=cards_text(s, d.stop_cards))
    if not d.one_card_pile_with_one_card:
        yield _("A player holding a single card may not take a discard pile of a single card.")
    # A take by natural pair (or lay-off) already melds the card at once: the
    # meld_now sentence would say it twice.
    implied = d.discard_condition == "meld_now" and d.natural_pair in ("always", "or_lay_off")
    if d.discard_condition != "none" and not implied:
        yield {
            "meld_now": _("A card taken from the discard pile must be melded at once."),
            "opening_or_after": _(
                "Before going down, a player may take the discard only to use it at once in "
                "the opening meld."
            ),
            "forces_opening": _(
                "A player who has not gone down and takes the top discard must go down in "
                "the same turn."
            ),
        }[d.discard_condition]
    if not d.discard_after_going_down:
        yield _("A player who has gone down may no longer take discards.")
    if d.push:
        yield _(
            "A player who draws from the stock first pushes the top discard and the top stock "
            "card to the next player, who adds both to their hand; then they draw the next "
            "stock card."
        )
    if d.stock_look_forfeits_discard:
        yield _("Looking at the stock card gives up the right to the discard.")
    yield from force_sentences(s)


def _natural_pair_sentences(s: VariantSpec) -> Iterator[str]:
    """``draw.natural_pair``: taking the pile with a natural pair."""
    d = s.draw
    if d.natural_pair == "always":
        yield _(
            "A card taken from the discard pile must be melded at once with two natural "
            "cards of its rank from the hand; a wild card on top is never taken."
        )
    elif d.natural_pair == "when_frozen":
        yield _(
            "The discard pile is frozen while a wild card is in it, and for a player whose "
            "side has not yet opened: then it is taken only by melding its top card at once "
            "with two natural cards of its rank from the hand, and a wild card on top is "
            "never taken."
        )
        if s.deck.bonus_cards:
            yield _("A bonus card in the discard pile freezes it too.")
    elif d.natural_pair == "or_lay_off":
        yield _(
            "The discard pile is taken only by melding its top card at once with two natural "
            "cards of its rank from the hand, or, while the pile is not frozen, by laying the "
            "top card off, alone and first, on a meld of the player's side that is not yet a "
            "canasta. The pile is frozen while a wild card is in it, and for a player whose "
            "side has not yet opened; a wild card on top is never taken."
        )
        if s.deck.bonus_cards:
            yield _("A bonus card in the discard pile freezes it too.")


def _canastas_by_kind(every: int, n: int, natural: bool) -> Iterator[str]:
    """How many of the canastas going out needs must be natural (or mixed): one
    message with plural forms for each count, as Bulgarian agrees the verb
    ("трябва да е чиста"); where that is every one of them, said so."""
    if not n:
        return
    if n >= every:
        yield (
            ngettext(
                "That canasta must be natural, with no wild card.",
                "All of them must be natural, with no wild card.",
                every,
            )
            if natural
            else ngettext(
                "That canasta must be mixed, with a wild card.",
                "All of them must be mixed, with a wild card.",
                every,
            )
        )
        return
    yield (
        ngettext(
            "At least {n} of them must be natural, with no wild card.",
            "At least {n} of them must be natural, with no wild card.",
            n,
        )
        if natural
        else ngettext(
            "At least {n} of them must be mixed, with a wild card.",
            "At least {n} of them must be mixed, with a wild card.",
            n,
        )
    ).format(n=n)


def buying_sentences(s: VariantSpec) -> Iterator[str]:
    b = s.buying
    if not s.discard.allowed:
        return  # no discard pile: nothing to buy (the discard topic says so)
    if not b.enabled:
        yield _("There is no buying: only the player in turn takes from the discard pile.")
        return
    window = {
        "when_current_declines": _(
            "Once the player in turn has drawn from the stock instead of taking the discard"
        ),
        "until_next_draw": _(
            "When the player in turn chooses the stock instead of the discard, and before they draw"
        ),
    }[b.window]
    cost = b.cost
    if cost.escalating:
        price = _(
            "penalty cards from the stock: {counts} for the first, second, … buy (the last "
            "number repeats)"
        ).format(counts=", ".join(str(c) for c in cost.escalating))
    else:
        price = _("{count} from the top of the stock").format(
            count=plural(cost.penalty_cards, "penalty card")
        )
    yield _(
        '{window}, any other player may buy the discard ("May I?"); the buyer also takes {price}.'
    ).format(window=window, price=price)
    if cost.score_points:
        yield _("Each buy also adds {points} points to the buyer's score.").format(
            points=cost.score_points
        )
    if cost.penalty_cards or cost.escalating:
        yield {
            "no_buy": _(
                "A player is offered the discard only if the stock (rebuilt from the "
                "discards, if it runs out) can pay all the penalty cards."
            ),
            "pay_what_is_left": _(
                "If the stock cannot pay all the penalty cards, the buyer takes the discard "
                "and what is left."
            ),
        }[cost.short_stock]
    if b.block_call:
        yield _(
            'The player in turn may call "Shanghai" as they draw from the stock: nobody may '
            "buy the discard that turn."
        )
    yield {
        "free_priority": _("The player in turn always has the first right to the discard, free."),
        "veto": _("The player in turn may refuse a buy."),
        "may_give_draw": _(
            "The player in turn may hand their own drawn card to the buyer as the penalty card."
        ),
    }[b.current_player]
    yield {
        "nearest_in_turn": _("If several want it, the one next in turn order gets it."),
        "nearest_dealer_left": _(
            "If several want it, the one closest to the dealer's left gets it."
        ),
        "first_to_ask": _("If several want it, the first to ask gets it."),
        "eldest_hand": _("If several want it, the eldest hand (the dealer's left) gets it."),
    }[b.priority]
    if not b.discarder_may_buy:
        yield _("No one may buy back their own discard.")
    if b.after_going_down is False:
        yield _("A player who has gone down may no longer buy.")
    elif b.after_going_down is None:
        yield _("Whether a player who has gone down may still buy is for the players to agree.")
    limits = []
    if b.limits.per_deal is not None:
        limits.append(
            _("{count} per player in each deal").format(count=plural(b.limits.per_deal, "buy"))
        )
    if b.limits.per_game is not None:
        limits.append(
            _("{count} per player in the whole game").format(count=plural(b.limits.per_game, "buy"))
        )
    differ = any(d.buy_limit is not None and d.buy_limit != b.limits.per_deal for d in s.deals)
    if not limits:
        yield _("There is no limit on buying.")
    elif differ:
        yield _("Limit: {limits} (some deals may differ; see the deal table).").format(
            limits=_(" and ").join(limits)
        )
    else:
        yield _("Limit: {limits}.").format(limits=_(" and ").join(limits))
    if b.buyer_waits_for_turn:
        yield _("A buyer waits for their own turn before melding.")
    else:
        yield _(
            "A buyer may lay down melds at once, out of turn (but discards only at their"
            " own turn); then the player in turn goes on."
        )
    if b.buyer_discards:
        yield _("A buyer discards one card at once.")


def opening_sentences(s: VariantSpec) -> Iterator[str]:
    o = s.opening
    if not s.melding.during_play:
        return  # melds are shown only when a hand ends (see melding)
    if o.requirement == "contract":
        yield _("To go down for the first time in a deal, lay down the deal's contract.")
    elif o.requirement == "min_points" and any(d.min_points is not None for d in s.deals):
        yield (
            _(
                "Your first melds in a deal must be worth at least that deal's minimum (a "
                "wild counting as the card it stands for)."
            )
            if o.wild_value == "represented"
            else _(
                "Your first melds in a deal must be worth at least that deal's minimum (a "
                "wild counting its own value)."
            )
        )
        items = list_separator().join(
            _("{points} in deal {n}").format(
                points=o.min_points if d.min_points is None else d.min_points, n=n
            )
            for n, d in enumerate(s.deals, 1)
        )
        yield _("The minimum by deal: {items}.").format(items=items)
    elif o.requirement == "min_points":
        yield (
            _(
                "Your first melds in a deal must be worth at least {points} points (a wild "
                "counting as the card it stands for)."
            )
            if o.wild_value == "represented"
            else _(
                "Your first melds in a deal must be worth at least {points} points (a wild "
                "counting its own value)."
            )
        ).format(points=o.min_points)
        if o.min_points_by_total:
            steps = list_separator().join(
                _("{points} from a total of {at}").format(
                    points=points_text(step.points), at=points_text(step.at)
                )
                for step in o.min_points_by_total
            )
            yield _(
                "The minimum rises with your running total (your side's, with partners): "
                "{steps}; below the first of these, {points}."
            ).format(steps=steps, points=o.min_points)
    else:
        yield _("There is no opening requirement: meld whenever you can.")
    if o.requirement == "min_points" and o.from_pile == "top_card_only":
        yield _(
            "An opening made in the turn a player takes from the discard pile may use "
            "only the pile's top card and cards already in the hand."
        )
    if o.once_per_deal and o.requirement != "none":
        yield _("Each player goes down once per deal.")


def melding_sentences(s: VariantSpec) -> Iterator[str]:
    m = s.melding
    if not m.during_play:
        yield (
            declared_melds_shown()
            if declares(s)
            else _(
                "No melds are laid on the table during play: each player keeps their cards "
                "in hand until a hand ends by a knock, when the melds are shown."
            )
        )
        return
    if m.melds_per_turn is not None:
        yield _("At most {count} per turn.").format(count=plural(m.melds_per_turn, "new meld"))
    if s.opening.requirement != "none":
        yield (
            _("After going down a player may lay down new melds.")
            if m.new_melds_after_opening
            else _("After going down a player makes no new melds, but may lay off.")
        )
    lay = m.lay_off
    yield {
        "any": _("Players lay off cards on any meld on the table."),
        "own": _("Players lay off cards only on their own melds."),
        "own_and_partner": _("Players lay off cards on their own and their partner's melds."),
        "none": _("Players lay off cards nowhere: there is no laying off."),
    }[lay.targets]
    if lay.targets != "none":
        if s.opening.requirement != "none":
            if lay.before_opening:
                yield _("Laying off is allowed even before going down.")
            elif lay.on_opening_turn:
                yield _(
                    "Laying off starts once a player has gone down, in the same turn if they like."
                )
            else:
                yield _("Laying off starts on the turn after going down.")
        if lay.scores_for == "layer":
            if s.partnerships.teams != "none" and s.partnerships.build_on_partner_melds:
                yield _(
                    "A card laid off on an opponent's meld is placed in front of the player "
                    "who laid it and scores for their side; on a partner's meld it joins the "
                    "meld."
                )
            else:
                yield _(
                    "A card laid off on someone else's meld is placed in front of the player "
                    "who laid it and scores for them."
                )
    if not m.rearrange_table:
        yield _("Melds on the table may not be rearranged.")
    else:
        yield _(
            "A player who may lay off may also take melds on the table apart and lay their "
            "cards again, with at least one card from their hand, as new melds: every card "
            "taken stays on the table and every meld must be valid afterwards."
        )
    if m.take_back == "this_turn":
        yield _(
            "Until they discard, a player may take back into their hand the cards they "
            "laid on the table in this turn, the last play first; once the turn is over, "
            "or anyone else has played, what was laid stays."
        )


def discard_sentences(s: VariantSpec) -> Iterator[str]:
    d = s.discard
    if not d.allowed:
        yield _(
            "There is no discard pile: nothing is ever discarded. A turn that lays cards "
            "ends when the player has laid all they want to, and a player whose last card "
            "goes to the table goes out."
        )
        return
    if s.going_out.knock is not None and d.required:
        yield (
            declared_discard()
            if declares(s)
            else _("Every turn ends with a discard; a player who knocks discards face down.")
        )
    else:
        yield (
            _("Every turn ends with a discard, unless the player goes out.")
            if d.required
            else _("A player may end a turn without discarding, keeping every card.")
        )
    if d.not_just_taken == "single_card_take":
        yield _(
            "A single card just taken from the discard pile may not be thrown back in the "
            "same turn."
        )
    elif d.not_just_taken == "always":
        yield _(
            "The card taken from the discard pile (its top card, or the card chosen from "
            "under others) may not be thrown back in the same turn, even when other cards "
            "came with it."
        )
    if d.not_just_taken != "never" and d.not_just_taken_match == "face":
        yield _(
            "Nor may its twin from another deck (the same rank and suit) be discarded in that turn."
        )
    if d.playable == "penalty":
        n = d.playable_penalty_cards
        yield ngettext(
            "A player who discards a card they could have laid off takes it back, takes "
            "{n} penalty card from the stock (as many as it can give) and plays on; "
            "when the stock has no card to give, the discard stands.",
            "A player who discards a card they could have laid off takes it back, takes "
            "{n} penalty cards from the stock (as many as it can give) and plays on; "
            "when the stock has no card to give, the discard stands.",
            n,
        ).format(n=number_word(n))


def _knock_sentences(s: VariantSpec) -> Iterator[str]:
    knock = s.going_out.knock
    assert knock is not None
    if knock.deadwood_limit == "upcard" and knock.ace_upcard == "its_value":
        yield _(
            "A hand ends when a player knocks. After drawing, a player may knock if their "
            "deadwood (the value of the cards no meld of theirs takes) after a discard is at "
            "most the value of the deal's first upcard, an ace counting its value. The "
            "knocker discards face down and lays out their melds."
        )
    else:
        yield _knock_limit_sentence(knock.deadwood_limit)
    yield from needs_sentences(knock, declares=False)
    yield _("Knocking with no deadwood at all is gin.")
    if knock.big_gin:
        yield _(
            "A player whose whole hand after drawing is in melds may knock without "
            "discarding: that is big gin."
        )
    if s.players.max <= 2:
        yield from _two_player_answer(knock)
        return
    if knock.deadwood_limit == 0:  # only gin knocks, and gin always wins
        yield _(
            "Each other player in turn, from the knocker's left, then lays out their own "
            "melds, but lays off nothing on the knocker's; what is left in each hand is "
            "that player's deadwood."
        )
        return
    yield (
        _(
            "Each other player in turn, from the knocker's left, then lays out their own "
            "melds and may lay off cards on the knocker's melds, except on gin; what is "
            "left in each hand is that player's deadwood."
        )
        if knock.defender_lays_off
        else _(
            "Each other player in turn, from the knocker's left, then lays out their own "
            "melds, but lays off nothing on the knocker's; what is left in each hand is "
            "that player's deadwood."
        )
    )
    yield (
        _(
            "Gin wins the hand. Otherwise, if another player's deadwood is equal to or "
            "lower than the knocker's, the knocker is undercut and the lowest deadwood "
            "wins the hand (on a tie, the first such player from the knocker's left); "
            "if not, the knocker wins it."
        )
        if knock.undercut == "equal_or_lower"
        else _(
            "Gin wins the hand. Otherwise, if another player's deadwood is lower than "
            "the knocker's, the knocker is undercut and the lowest deadwood wins the "
            "hand (on a tie, the first such player from the knocker's left); if the "
            "lowest is equal to the knocker's, nobody scores; if not, the knocker wins it."
        )
    )


def _leaving_sentences(s: VariantSpec) -> Iterator[str]:
    """Dropping out of a deal, and what a wrong declaration costs."""
    knock = s.going_out.knock
    if knock is not None and knock.wrong_declaration is not None and not declares(s):
        yield _(
            "A knock that breaks these rules is a wrong declaration: the player scores "
            "{points} penalty points for the deal and takes no further part in it, and "
            "the others play on."
        ).format(points=knock.wrong_declaration)
    drop = s.going_out.drop
    if drop is None:
        return
    if drop.first is not None and drop.middle is not None:
        yield _(
            "At the start of their turn, before drawing, a player may drop out of the "
            "deal: {first} penalty points on their first turn of the deal, {middle} on a "
            "later turn."
        ).format(first=drop.first, middle=drop.middle)
    elif drop.first is not None:
        yield _(
            "At the start of their first turn of the deal, before drawing, a player may "
            "drop out of the deal for {first} penalty points; not later."
        ).format(first=drop.first)
    else:
        yield _(
            "From their second turn of the deal on, at the start of their turn before "
            "drawing, a player may drop out of the deal for {middle} penalty points."
        ).format(middle=drop.middle)
    yield _(
        "A player who drops keeps their cards out of play and takes no further part in "
        "the deal; when only one player is left in it, that player wins the deal."
    )


def _knock_limit_sentence(limit: int | str) -> str:
    if limit == "upcard":
        return _(
            "A hand ends when a player knocks. After drawing, a player may knock if their "
            "deadwood (the value of the cards no meld of theirs takes) after a discard is at "
            "most the value of the deal's first upcard; with an ace turned up, only gin may "
            "knock. The knocker discards face down and lays out their melds."
        )
    if limit == "any":
        return _(
            "A hand ends when a player knocks. After drawing, a player may knock whatever "
            "their deadwood (the value of the cards no meld of theirs takes) after a "
            "discard. The knocker discards face down and lays out their melds."
        )
    if limit == 0:
        return _(
            "A hand ends when a player knocks. After drawing, a player may knock only with "
            "gin: every card but the discard in melds. The knocker discards face down and "
            "lays out their melds."
        )
    return _(
        "A hand ends when a player knocks. After drawing, a player may knock if their "
        "deadwood (the value of the cards no meld of theirs takes) after a discard is "
        "{limit} or less. The knocker discards face down and lays out their melds."
    ).format(limit=limit)


def _two_player_answer(knock: KnockRules) -> Iterator[str]:
    yield (
        _(
            "The other player then lays out their own melds and may lay off cards on the "
            "knocker's melds, except on gin; what is left in each hand is that player's "
            "deadwood."
        )
        if knock.defender_lays_off
        else _(
            "The other player then lays out their own melds, but lays off nothing on the "
            "knocker's; what is left in each hand is that player's deadwood."
        )
    )
    yield (
        _(
            "If the other player's deadwood is equal to or lower than the knocker's, the "
            "knocker is undercut."
        )
        if knock.undercut == "equal_or_lower"
        else _(
            "If the other player's deadwood is lower than the knocker's, the knocker is "
            "undercut; with equal deadwood nobody scores."
        )
    )


def going_out_sentences(s: VariantSpec) -> Iterator[str]:
    if s.going_out.knock is not None:
        yield from declare_sentences(s) if declares(s) else _knock_sentences(s)
        yield from _leaving_sentences(s)
        return
    if not s.discard.allowed:
        yield _("A player goes out by laying their last card on the table; that ends the deal.")
    else:
        yield from _going_out_method(s)
    yield from _going_out_extras(s)
    yield from call_sentences(s)


def _going_out_method(s: VariantSpec) -> Iterator[str]:
    yield {
        "any": _(
            "A player goes out by getting rid of the last card, by melding, laying off or "
            "discarding it; that ends the deal."
        ),
        "must_discard": _("A player goes out only by discarding the last card."),
        "must_meld_last": {
            "forbidden": _(
                "A player goes out only by melding the last card, and may not discard it."
            ),
            "play_on": _(
                "A player goes out only by melding the last card. A player may discard their "
                "last card, but that does not end the deal: they play on with no cards and "
                "draw at their next turn."
            )
            if s.draw.mode != "turn_up"
            else _(
                "A player goes out only by melding the last card. A player may discard their "
                "last card, but that does not end the deal: they play on with no cards, and "
                "go out when they take a card and meld it."
            ),
        }[s.going_out.last_card_discard],
        "all_at_once": _("A player goes out only by laying down the whole hand in one turn."),
    }[s.going_out.method]


def _going_out_extras(s: VariantSpec) -> Iterator[str]:
    yield from foot_sentences(s)
    if s.draw.stall_turns is not None:
        yield _(
            "A deal no one plays on is stopped: after {n} turns in a row with no card "
            "drawn from the stock and none melded or laid off, the deal ends and is scored "
            "as it stands."
        ).format(n=s.draw.stall_turns)
    if any(d.all_out for d in s.deals):
        yield _(
            "In a deal marked 'all at once' (see the deal table), the winner lays down every "
            "card in one turn, with no discard; going down there is going out."
        )
    if s.going_out.canastas:
        shared = s.partnerships.teams != "none" and s.partnerships.build_on_partner_melds
        yield (
            ngettext(
                "A player may go out only when their side has at least {n} canasta on the "
                "table (one the going out completes counts); until then no one may meld, "
                "lay off or discard their last card.",
                "A player may go out only when their side has at least {n} canastas on the "
                "table (one the going out completes counts); until then no one may meld, "
                "lay off or discard their last card.",
                s.going_out.canastas,
            )
            if shared
            else ngettext(
                "A player may go out only when they have at least {n} canasta on the table "
                "(one the going out completes counts); until then they may not meld, lay "
                "off or discard their last card.",
                "A player may go out only when they have at least {n} canastas on the table "
                "(one the going out completes counts); until then they may not meld, lay "
                "off or discard their last card.",
                s.going_out.canastas,
            )
        ).format(n=s.going_out.canastas)
        yield from _canastas_by_kind(s.going_out.canastas, s.going_out.natural_canastas, True)
        yield from _canastas_by_kind(s.going_out.canastas, s.going_out.mixed_canastas, False)
    ask = s.going_out.ask_partner
    if ask != "never":
        yield (
            _(
                'Before going out a player may ask their partner "May I go out?", once a '
                "turn, while holding two cards or more, when their side could go out."
            )
            if ask == "may"
            else _(
                'A player goes out only after asking their partner "May I go out?" and '
                "hearing yes; they may ask once a turn, while holding two cards or more, when "
                "their side could go out."
            )
        )
        yield _(
            "The partner answers yes or no, and the answer binds for that turn: after no "
            "the player may not go out; after yes they must, and may not end the turn "
            "while they can still meld or lay off a card."
        )
