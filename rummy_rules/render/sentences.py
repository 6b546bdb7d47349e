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
from .words import capital, count_text, number_word, pack_rows, plural, value_rows

__all__ = ["TOPICS", "Topic"]


def _players(s: VariantSpec) -> Iterator[str]:
    p = s.players
    span = f"{p.min}" if p.min == p.max else f"{p.min} to {p.max}"
    text = f"For {span} players"
    if p.best and p.min != p.max:
        text += f", best with {p.best}"
    yield text + "."


def _teams(s: VariantSpec) -> Iterator[str]:
    t = s.partnerships
    if t.teams == "none":
        yield "Everyone plays for themselves."
        return
    how = {
        "seating": "partners sit opposite each other",
        "low_draw": "the two players who draw the lowest cards are partners and sit opposite",
        "random": "partners are drawn at random and sit opposite",
    }[t.team_selection]
    yield f"Two teams of two: {how}."
    yield (
        "Partners may lay off on each other's melds."
        if t.build_on_partner_melds
        else "Partners may not lay off on each other's melds."
    )
    if s.opening.requirement != "none":
        yield (
            "Each player must meet the opening requirement for themselves."
            if t.opening_per == "player"
            else "Once one partner has opened, the whole team has."
        )
    yield (
        "Partners add their scores together."
        if t.scoring == "team"
        else "Partners score separately."
    )


def _table(s: VariantSpec) -> Iterator[str]:
    t = s.table
    first = {
        "random": "The first dealer is chosen at random",
        "low_card": f"Everyone draws a card; the lowest (ace {t.draw_for_deal_ace}) deals first",
        "high_card": f"Everyone draws a card; the highest (ace {t.draw_for_deal_ace}) deals first",
    }[t.first_dealer]
    yield first + "."
    if t.seat_selection == "by_card_rank":
        yield "Seats follow the rank of a card dealt to each player."
    yield {
        "left": "The deal passes to the left.",
        "right": "The deal passes to the right.",
        "winner": "The winner of a deal deals the next one.",
    }[t.dealer_rotation]
    if t.cutter != "none":
        side = "right" if t.cutter == "dealer_right" else "left"
        yield f"The player on the dealer's {side} cuts."
    batch = "one at a time" if t.deal_batch == 1 else f"{number_word(t.deal_batch)} at a time"
    yield f"Cards are dealt {batch}, and play goes {t.direction.replace('counterclockwise', 'counter-clockwise')}."
    if t.upcard:
        offer = {
            "first_player": "",
            "each_in_turn": (
                " Each player in turn, starting with the first player, may take that first"
                " card as their draw; play goes on from whoever takes it, and if nobody"
                " does, the first player draws from the stock."
            ),
            "non_dealer_then_dealer": (
                " The non-dealer, then the dealer, may take that first card as their draw;"
                " play goes on from whoever takes it, and if neither does, the non-dealer"
                " draws from the stock."
            ),
        }[t.upcard_offer]
        yield (
            "The rest of the pack is the stock; its top card is turned up to start the discard pile."
            + offer
        )
    else:
        yield "The rest of the pack is the stock; the discard pile starts empty."
    if t.first_player_extra_turn:
        yield "The first player of each deal plays two turns."


def _pack(s: VariantSpec) -> Iterator[str]:
    d = s.deck
    decks = count_text(d.decks, "standard 52-card deck")
    together = "" if d.decks == 1 else " shuffled together"
    yield f"The pack: {decks}{together}, with {count_text(d.jokers, 'joker')}."


def _wilds(s: VariantSpec) -> Iterator[str]:
    d = s.deck
    w = s.wilds
    has_jokers = any(row["jokers"] for row in pack_rows(s))
    if has_jokers:
        if d.joker_role == "wild":
            yield "Jokers are wild: a joker stands for any card, and the player says which."
        else:
            yield (
                "Jokers are not wild: they meld only with each other, in sets of at least "
                f"{number_word(s.melds.joker_set_min_size)} jokers."
            )
    extra = []
    if d.wild_ranks:
        extra.append("every " + ", ".join(d.wild_ranks) + " is wild")
    if d.wild_cards:
        extra.append(" and ".join(d.wild_cards) + " are wild")
    if d.wild_rank_follows_deal:
        extra.append("the wild rank changes every deal: aces in deal 1, twos in deal 2, and so on")
    if extra:
        yield capital("; ".join(extra)) + "."
    if not _has_wilds(s):
        yield "There are no wild cards."
        return
    if not s.melds.set.wilds_allowed:
        yield "Wild cards may not be used in sets."
    if not s.melds.run.wilds_allowed:
        yield "Wild cards may not be used in runs."
    if w.max_per_meld is not None:
        yield f"A meld may hold at most {plural(w.max_per_meld, 'wild card')}."
    if w.max_by_length:
        items = [
            f"{number_word(v)} in a meld of {k}"
            for k, v in sorted(w.max_by_length.items(), key=lambda kv: int(kv[0]))
        ]
        yield (
            "Wild cards per meld, by its length: "
            + ", ".join(items)
            + " (longer melds use the entry for the next shorter length)."
        )
    yield {
        "any": "A meld may be made of wild cards only; each stands for a card the player names.",
        "not_more": "A meld may not hold more wild cards than natural ones.",
        "fewer": "A meld must hold fewer wild cards than natural ones.",
        "at_least_one_natural": "Every meld needs at least one natural card.",
    }[w.versus_naturals]
    if not w.adjacent_allowed:
        yield "Two wild cards may not sit next to each other in a run."
    yield {
        "fixed": "Once melded, a wild card keeps standing for the same card.",
        "may_change": (
            "A melded wild card may change the card it stands for: a player who lays off"
            " the natural card in its place moves it, in a run to an end, in a set to"
            " another suit."
        ),
    }[w.declared_identity]
    if w.reposition != "none":
        once = " (once per wild)" if w.reposition == "slide_to_end_once" else ""
        yield (
            "A player holding the natural card for a wild inside a run may put it there"
            f" and move the wild to an end{once}: the top end if the run can grow there,"
            " else the bottom."
        )
    yield {
        "allowed": "Wild cards may be discarded.",
        "forbidden": "Wild cards may not be discarded.",
        "last_card_only": "A wild card may be discarded only as the last card.",
    }[w.discard]


def _has_wilds(s: VariantSpec) -> bool:
    d = s.deck
    jokers = any(row["jokers"] for row in pack_rows(s)) and d.joker_role == "wild"
    return jokers or bool(d.wild_ranks or d.wild_cards or d.wild_rank_follows_deal)


def _exchange(s: VariantSpec) -> Iterator[str]:
    if not _has_wilds(s):
        return
    e = s.wilds.exchange
    if e.allowed is None:
        yield "Whether a melded wild card may be taken back is for the players to agree."
        return
    if not e.allowed:
        yield "A wild card, once melded, stays where it is."
        return
    where = {"runs": "a run", "sets": "a set", "any": "any meld"}[e.from_melds]
    who = {
        "not_required": "Any player",
        "required": "A player who has gone down",
        "before_this_turn": "A player who went down on an earlier turn",
    }[e.player_down]
    source = "from their hand " if e.natural_from_hand else ""
    yield f"{who} may take a wild card from {where} by putting {source}the natural card it stands for in its place."
    if not e.natural_from_hand:
        yield (
            "The natural card may come from the hand or from another meld on the table, "
            "as long as that meld is still a valid meld without it; the wild card goes to "
            "the player's hand."
        )
    if e.claim_order == "first_in_rotation":
        yield (
            "As soon as a wild card is melded, the other players, in turn order from the "
            "melder's left, may claim it with the natural card: the first to claim it takes it."
        )
    if e.set_needs_all_missing_suits:
        yield "A wild in a set is freed only by supplying every missing suit."
    if e.use_same_turn:
        yield "The freed wild must be melded in the same turn."
    if e.freed_wild_use == "new_meld_only":
        yield "The freed wild may go only into a new meld made from the hand."
    if e.forces_going_down:
        yield "A player who has not gone down must go down in the turn they take a wild."


def _sets(s: VariantSpec) -> Iterator[str]:
    r = s.melds.set
    size = (
        f"{number_word(r.min_size)} or more"
        if r.max_size is None
        else (
            f"{number_word(r.min_size)}"
            if r.max_size == r.min_size
            else f"{number_word(r.min_size)} to {number_word(r.max_size)}"
        )
    )
    suits = {
        "any": "suits may repeat",
        "distinct": "no suit may appear twice",
        "distinct_then_all_four": "a set of three has three different suits, and a set of four or more holds all four suits",
        "exactly_three": "the set shows exactly three different suits",
    }[r.suits]
    yield f"A set (group, book) is {size} cards of the same rank; {suits}."


def _runs(s: VariantSpec) -> Iterator[str]:
    r = s.melds.run
    size = (
        f"{number_word(r.min_size)} or more"
        if r.max_size is None
        else f"{number_word(r.min_size)} to {number_word(r.max_size)}"
    )
    if r.suits == "any":
        yield f"A run (sequence) is {size} cards in order, of any suits (the 5 of clubs, 6 of hearts and 7 of clubs make a run)."
    else:
        yield f"A run (sequence) is {size} cards of the same suit in order."
    yield {
        "low": "The ace is low only: A-2-3 is a run, Q-K-A is not.",
        "high": "The ace is high only: Q-K-A is a run, A-2-3 is not.",
        "low_or_high": "The ace is low or high (A-2-3 or Q-K-A), but a run may not turn the corner (K-A-2).",
        "wrap": "A run may turn the corner: K-A-2 is a run.",
    }[r.ace]


def _contracts(s: VariantSpec) -> Iterator[str]:
    c = s.contract
    if not any(d.contract for d in s.deals):
        return
    yield (
        "Each contract meld has exactly the size the contract gives."
        if c.exactness == "exact"
        else "Contract melds may be longer than the contract asks."
    )
    yield (
        "All the contract's melds are laid down together, in one turn."
        if c.all_at_once
        else (
            "The contract's melds may be laid down over several turns; a player counts as"
            " down once the last of them is laid."
        )
    )
    if s.melds.run.suits == "same":
        yield {
            "allowed": "A player's contract runs may be of the same suit.",
            "not_contiguous": "Two contract runs of one suit may not continue each other (3-4-5-6 and 7-8-9-10 would be one run), though they may overlap using the other deck.",
            "forbidden": "A player's contract runs must be of different suits.",
        }[c.same_suit_runs]
    if c.sets_of_same_rank == "forbidden":
        yield "A contract may not hold two sets of the same rank."
    if not c.long_meld_counts_once:
        yield (
            "One long meld may count as several contract melds of its kind: a run of eight"
            " as two runs of four, six of a kind as two sets of three."
        )
    if c.progression == "each_player":
        yield (
            "Each player works through the contracts in order, on their own: a player who "
            "goes down with their contract plays the next one in the following deal, and one "
            "who does not plays the same contract again. Each player is dealt the cards of "
            "their own contract."
        )


def _draw(s: VariantSpec) -> Iterator[str]:
    d = s.draw
    yield {
        "top": "Start each turn by drawing the top card of the stock or taking the top card of the discard pile.",
        "any_depth": "Start each turn by drawing the top card of the stock or taking a card from the discard pile, which is kept spread so all its cards show.",
        "whole_pile": "Start each turn by drawing the top card of the stock or taking the whole discard pile.",
        "none": "Start each turn by drawing the top card of the stock; the discard pile is never taken.",
    }[d.discard_pile]
    if d.discard_pile == "any_depth":
        above = "every card above it" if d.deep_take_all_above else "only that card"
        use = {
            "meld_now": "the chosen card must be melded at once",
            "this_turn": "the chosen card must be used in the same turn",
            "free": "the chosen card may be kept",
        }[d.deep_card_use]
        yield f"Taking a card from under others takes {above}, and {use}."
    condition = {
        "none": "",
        "meld_now": "A card taken from the discard pile must be melded at once.",
        "opening_or_after": "Before going down, a player may take the discard only to use it at once in the opening meld.",
        "forces_opening": "Taking the top discard obliges you to lay down in the same turn.",
    }[d.discard_condition]
    if condition:
        yield condition
    if not d.discard_after_going_down:
        yield "A player who has gone down may no longer take discards."
    if d.push:
        yield (
            "A player who draws from the stock first pushes the top discard and the top stock "
            "card to the next player, who adds both to their hand; then they draw the next "
            "stock card."
        )
    if d.stock_look_forfeits_discard:
        yield "Looking at the stock card gives up the right to the discard."


def _buying(s: VariantSpec) -> Iterator[str]:
    b = s.buying
    if not b.enabled:
        yield "There is no buying: only the player in turn takes from the discard pile."
        return
    window = {
        "when_current_declines": "Once the player in turn has drawn from the stock instead of taking the discard",
        "until_next_draw": "When the player in turn chooses the stock instead of the discard, and before they draw",
    }[b.window]
    cost = b.cost
    if cost.escalating:
        price = (
            "penalty cards from the stock: "
            + ", ".join(str(c) for c in cost.escalating)
            + " for the first, second, … buy (the last number repeats)"
        )
    else:
        price = f"{plural(cost.penalty_cards, 'penalty card')} from the top of the stock"
    yield f'{window}, any other player may buy the discard ("May I?"); the buyer also takes {price}.'
    if cost.score_points:
        yield f"Each buy also adds {cost.score_points} points to the buyer's score."
    if cost.penalty_cards or cost.escalating:
        yield {
            "no_buy": "A player is offered the discard only if the stock (rebuilt from the discards, if it runs out) can pay all the penalty cards.",
            "pay_what_is_left": "If the stock cannot pay all the penalty cards, the buyer takes the discard and what is left.",
        }[cost.short_stock]
    if b.block_call:
        yield (
            'The player in turn may call "Shanghai" as they draw from the stock: nobody may '
            "buy the discard that turn."
        )
    yield {
        "free_priority": "The player in turn always has the first right to the discard, free.",
        "veto": "The player in turn may refuse a buy.",
        "may_give_draw": "The player in turn may hand their own drawn card to the buyer as the penalty card.",
    }[b.current_player]
    yield {
        "nearest_in_turn": "If several want it, the one next in turn order gets it.",
        "nearest_dealer_left": "If several want it, the one closest to the dealer's left gets it.",
        "first_to_ask": "If several want it, the first to ask gets it.",
        "eldest_hand": "If several want it, the eldest hand (the dealer's left) gets it.",
    }[b.priority]
    if not b.discarder_may_buy:
        yield "No one may buy back their own discard."
    if b.after_going_down is False:
        yield "A player who has gone down may no longer buy."
    elif b.after_going_down is None:
        yield "Whether a player who has gone down may still buy is for the players to agree."
    limits = []
    if b.limits.per_deal is not None:
        limits.append(f"{plural(b.limits.per_deal, 'buy')} per player in each deal")
    if b.limits.per_game is not None:
        limits.append(f"{plural(b.limits.per_game, 'buy')} per player in the whole game")
    yield (
        ("Limit: " + " and ".join(limits) + " (some deals may differ; see the deal table).")
        if limits
        else "There is no limit on buying."
    )
    if b.buyer_waits_for_turn:
        yield "A buyer waits for their own turn before melding."
    else:
        yield (
            "A buyer may lay down melds at once, out of turn (but discards only at their"
            " own turn); then the player in turn goes on."
        )
    if b.buyer_discards:
        yield "A buyer discards one card at once."


def _opening(s: VariantSpec) -> Iterator[str]:
    o = s.opening
    if o.requirement == "contract":
        yield "To go down for the first time in a deal, lay down the deal's contract."
    elif o.requirement == "min_points":
        wild = (
            "a wild counting as the card it stands for"
            if o.wild_value == "represented"
            else "a wild counting its own value"
        )
        yield f"Your first melds in a deal must be worth at least {o.min_points} points ({wild})."
    else:
        yield "There is no opening requirement: meld whenever you can."
    if o.once_per_deal and o.requirement != "none":
        yield "Each player goes down once per deal."


def _melding(s: VariantSpec) -> Iterator[str]:
    m = s.melding
    if m.melds_per_turn is not None:
        yield f"At most {plural(m.melds_per_turn, 'new meld')} per turn."
    if s.opening.requirement != "none":
        yield (
            "After going down a player may lay down new melds."
            if m.new_melds_after_opening
            else "After going down a player makes no new melds, but may lay off."
        )
    lay = m.lay_off
    targets = {
        "any": "on any meld on the table",
        "own": "only on their own melds",
        "own_and_partner": "on their own and their partner's melds",
        "none": "nowhere: there is no laying off",
    }[lay.targets]
    yield f"Players lay off cards {targets}."
    if lay.targets != "none":
        if s.opening.requirement != "none":
            if lay.before_opening:
                yield "Laying off is allowed even before going down."
            elif lay.on_opening_turn:
                yield "Laying off starts once a player has gone down, in the same turn if they like."
            else:
                yield "Laying off starts on the turn after going down."
        if lay.scores_for == "layer":
            if s.partnerships.teams != "none" and s.partnerships.build_on_partner_melds:
                yield "A card laid off on an opponent's meld is placed in front of the player who laid it and scores for their side; on a partner's meld it joins the meld."
            else:
                yield "A card laid off on someone else's meld is placed in front of the player who laid it and scores for them."
    if not m.rearrange_table:
        yield "Melds on the table may not be rearranged."
    else:
        yield (
            "A player who may lay off may also take melds on the table apart and lay their "
            "cards again, with at least one card from their hand, as new melds: every card "
            "taken stays on the table and every meld must be valid afterwards."
        )
    if m.take_back == "this_turn":
        yield (
            "Until they discard, a player may take back into their hand the cards they "
            "laid on the table in this turn, the last play first; once the turn is over, "
            "or anyone else has played, what was laid stays."
        )


def _discard(s: VariantSpec) -> Iterator[str]:
    d = s.discard
    yield (
        "Every turn ends with a discard, unless the player goes out."
        if d.required
        else "A player may end a turn without discarding, keeping every card."
    )
    if d.not_just_taken == "single_card_take":
        yield "A single card just taken from the discard pile may not be thrown back in the same turn."
    elif d.not_just_taken == "always":
        yield "A card taken from the discard pile may not be thrown back in the same turn."
    if d.playable == "penalty":
        cards = number_word(d.playable_penalty_cards)
        noun = "card" if d.playable_penalty_cards == 1 else "cards"
        yield (
            "A player who discards a card they could have laid off takes it back, takes "
            f"{cards} penalty {noun} from the stock (as many as it can give) and plays on; "
            "when the stock has no card to give, the discard stands."
        )


def _going_out(s: VariantSpec) -> Iterator[str]:
    yield {
        "any": "A player goes out by getting rid of the last card, by melding, laying off or discarding it; that ends the deal.",
        "must_discard": "A player goes out only by discarding the last card.",
        "must_meld_last": {
            "forbidden": "A player goes out only by melding the last card, and may not discard it.",
            "play_on": "A player goes out only by melding the last card. A player may discard their last card, but that does not end the deal: they play on with no cards and draw at their next turn.",
        }[s.going_out.last_card_discard],
        "all_at_once": "A player goes out only by laying down the whole hand in one turn.",
    }[s.going_out.method]
    if any(d.all_out for d in s.deals):
        yield "In a deal marked 'all at once' (see the deal table), the winner lays down every card in one turn, with no discard; going down there is going out."


def _stock(s: VariantSpec) -> Iterator[str]:
    st = s.stock_exhausted
    if st is None:
        yield "What happens when the stock runs out is for the players to agree."
        return
    yield {
        "reshuffle_keep_top": "When the stock runs out, the discard pile except its top card is shuffled to make a new stock.",
        "turn_over": "When the stock runs out, the discard pile is turned over, without shuffling, to make a new stock.",
        "end_deal": "When the stock runs out, the deal ends and is scored as it stands.",
        "meldable_discards_only": "When the stock runs out, players may take a discard only to meld it at once; otherwise they pass.",
        "void": (
            "When the stock runs out"
            if not st.void_when_left
            else f"When a player would draw from a stock of {plural(st.void_when_left, 'card')} or fewer"
        )
        + ", the deal is cancelled: it scores nothing, and counts as one of the game's deals.",
    }[st.action]
    if st.action in ("reshuffle_keep_top", "turn_over") and st.blocked_after is not None:
        times = (
            "once" if st.blocked_after == 1 else f"{number_word(st.blocked_after)} times in a row"
        )
        yield (
            f"If the stock has to be rebuilt {times} without anyone melding or laying off "
            "in between, the deal is blocked: it ends and is scored as it stands."
        )


def _values(s: VariantSpec) -> Iterator[str]:
    rows = value_rows(s)
    yield "Card values: " + ", ".join(f"{rank} {points}" for rank, points in rows) + "."
    sc = s.scoring
    if sc.wild_rank_value is not None and (s.deck.wild_ranks or s.deck.wild_rank_follows_deal):
        yield f"A wild card of a wild rank counts {sc.wild_rank_value}."
    if sc.ace_low_in_run is not None:
        yield f"An ace melded low in a run (A-2-3) counts {sc.ace_low_in_run}."
    if sc.model != "penalty" and _has_wilds(s):
        yield (
            "A melded wild card counts as the card it stands for."
            if sc.melded_wild_value == "represented"
            else "A melded wild card counts its own value."
        )


_BONUS_TEXT = {
    "went_out": "going out",
    "one_turn_out": "going out in a single turn with no earlier meld",
    "one_turn_out_no_wilds": "going out in a single turn with no earlier meld and no wild card (instead of the bonus above)",
    "first_turn_out": "going out on one's first turn of the deal",
    "exact_cut": "cutting exactly the cards needed for the deal",
    "per_buy": "each buy",
}


def _scoring(s: VariantSpec) -> Iterator[str]:
    sc = s.scoring
    yield {
        "penalty": "At the end of each deal, every player scores the value of the cards left in their hand as penalty points; the player who went out scores nothing.",
        "melded_minus_hand": "At the end of each deal, each player scores the value of the cards they melded, minus the value of the cards left in their hand.",
        "winner_collects": "The player who goes out scores the value of all the cards left in the other players' hands.",
    }[sc.model]
    for mult in sc.multipliers:
        yield f"A four of a kind laid down in one go scores {number_word(mult.factor)} times its value."
    for bonus in sc.bonuses:
        sign = "scores" if bonus.points >= 0 else "takes off"
        team = s.partnerships.teams != "none" and s.partnerships.scoring == "team"
        if bonus.to == "self":
            who = "their team" if team else "the player concerned"
        else:
            who = "every other team" if team else "every other player"
        yield f"Bonus for {_BONUS_TEXT[bonus.event]}: {who} {sign} {abs(bonus.points)} points."


def _game_end(s: VariantSpec) -> Iterator[str]:
    g = s.game_end
    if s.contract.progression == "each_player":
        yield (
            "The game ends after the deal in which a player goes down with the last contract;"
            " the winner is found among the players who did."
        )
    elif g.kind == "fixed_deals":
        yield f"The game is {plural(len(s.deals), 'deal')}."
    elif g.kind == "target_score":
        yield f"Deals continue until someone reaches {g.target_score} points."
    else:
        yield f"A player whose penalty total reaches {g.elimination_at} is out of the game."
        if g.buy_backs:
            times = {1: "once", 2: "twice"}.get(g.buy_backs) or plural(g.buy_backs, "time")
            yield f"An eliminated player may buy back in {times}, " + (
                "re-entering with the highest total among the players still in."
                if g.buy_back_total == "highest_remaining"
                else "re-entering with a total of zero."
            )
    yield {
        "lowest_total": "The lowest total wins.",
        "highest_total": "The highest total wins.",
        "last_player_standing": "The last player left in the game wins.",
    }[g.winner]
    yield "Equal totals share the win." if g.ties == "shared" else "Equal totals play another deal."


@dataclass(frozen=True, slots=True)
class Topic:
    """A group of rules: its title, the keys it covers and its sentences."""

    key: str
    title: str
    paths: tuple[str, ...]
    sentences: Callable[[VariantSpec], Iterator[str]]


TOPICS: tuple[Topic, ...] = (
    Topic("players", "Players", ("players",), _players),
    Topic("teams", "Teams", ("partnerships",), _teams),
    Topic("table", "Seating and dealing", ("table",), _table),
    Topic("pack", "The pack", ("deck.decks", "deck.jokers"), _pack),
    Topic(
        "wilds",
        "Wild cards",
        (
            "deck.joker_role",
            "deck.wild_ranks",
            "deck.wild_cards",
            "deck.wild_rank_follows_deal",
            "melds.joker_set_min_size",
            "melds.set.wilds_allowed",
            "melds.run.wilds_allowed",
            "wilds.max_per_meld",
            "wilds.max_by_length",
            "wilds.versus_naturals",
            "wilds.adjacent_allowed",
            "wilds.declared_identity",
            "wilds.reposition",
            "wilds.discard",
        ),
        _wilds,
    ),
    Topic("exchange", "Taking back wild cards", ("wilds.exchange",), _exchange),
    Topic("sets", "Sets", ("melds.set.min_size", "melds.set.max_size", "melds.set.suits"), _sets),
    Topic(
        "runs",
        "Runs",
        ("melds.run.min_size", "melds.run.max_size", "melds.run.ace", "melds.run.suits"),
        _runs,
    ),
    Topic("contracts", "Contracts", ("contract",), _contracts),
    Topic("draw", "Drawing", ("draw",), _draw),
    Topic("buying", "Buying", ("buying",), _buying),
    Topic("opening", "Going down", ("opening",), _opening),
    Topic("melding", "Melding and laying off", ("melding",), _melding),
    Topic("discard", "Discarding", ("discard",), _discard),
    Topic("going_out", "Going out", ("going_out",), _going_out),
    Topic("stock", "When the stock runs out", ("stock_exhausted",), _stock),
    Topic(
        "values",
        "Card values",
        (
            "scoring.card_values",
            "scoring.wild_rank_value",
            "scoring.ace_low_in_run",
            "scoring.melded_wild_value",
        ),
        _values,
    ),
    Topic(
        "scoring", "Scoring", ("scoring.model", "scoring.multipliers", "scoring.bonuses"), _scoring
    ),
    Topic("game_end", "End of the game", ("game_end",), _game_end),
)
