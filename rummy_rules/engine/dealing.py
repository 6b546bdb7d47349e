"""Dealing and the stock: the first dealer, the pack shuffled and cut, the hands
dealt, the upcard turned, and the stock rebuilt from the discards when it runs out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..cards import JOKER_FACE, SUITS, rank_of, suit_of
from .chance import Chance
from .game import DRAW, PLAY, Deal, Game, ScoreColumn, step_active
from .rules import DealRules, Rules

_SPADES = SUITS.index("S")

__all__ = [
    "cards_drawable",
    "lay_aside",
    "new_game",
    "refill_stock",
    "start_next_deal",
    "stock_closed",
]

#: The most deals a target-score or elimination game may last; a game that
#: reaches it ends there (recorded in the game's end line).
DEAL_CAP = 200


def new_game(
    rules: Rules, chance: Chance, *, seed: int, turn_cap: int | None, deal_cap: int | None
) -> Game:
    """A new game: the first dealer drawn and the first deal dealt."""
    seats = rules.players
    dealer = chance.first_dealer(seats)
    log: list[dict[str, Any]] = [{"first_dealer": dealer}]
    active = [True] * seats
    stage = [0] * seats if rules.play.each_player else []
    pairs = seats // 2 if rules.play.teams else seats
    g = Game(
        rules=rules,
        chance=chance,
        seed=seed,
        seats=seats,
        faces=tuple(rules.pack.faces()),
        team=[s % pairs for s in range(seats)],
        turn_cap=turn_cap if turn_cap is not None else 40 * rules.pack.size,
        deal_cap=deal_cap if deal_cap is not None else max(len(rules.deals), DEAL_CAP),
        dealer=dealer,
        deal=_deal(rules, chance, 0, dealer, active, log, stage),
        log=log,
        totals=[0] * seats,
        buys_game=[0] * seats,
        active=active,
        buy_backs_used=[0] * seats,
        stage=stage,
        columns=[ScoreColumn((0,) * seats, (0,) * seats) for _ in range(rules.play.games_at_once)]
        if rules.play.games_at_once > 1
        else [],
    )
    _dealt(g)
    return g


def start_next_deal(g: Game) -> None:
    """Deal deal number ``g.deal_index`` (from 0) by ``g.dealer``."""
    g.deal = _deal(g.rules, g.chance, g.deal_index, g.dealer, g.active, g.log, g.stage)
    _dealt(g)


def _dealt(g: Game) -> None:
    """A hand dealt with a winning count (``going_out.dealt_counts``) ends the deal."""
    if g.rules.play.dealt_counts:
        from .calling import dealt_win

        dealt_win(g)


def _exact_cut(rules: Rules, deal_rules: DealRules, counts: list[int], active: list[bool]) -> int:
    """How many cards an exact cut lifts: the hands' cards and the upcard, or
    (``table.exact_cut: feet``) the cards of the feet (Buraco's mortos)."""
    if rules.play.cut_feet:
        seats = len(active)
        return deal_rules.foot * (seats // 2 if deal_rules.foot_per_team else seats)
    return sum(n for n, playing in zip(counts, active, strict=True) if playing) + 1


def _deal(
    rules: Rules,
    chance: Chance,
    index: int,
    dealer: int,
    active: list[bool],
    log: list[dict[str, Any]],
    stage: list[int],
) -> Deal:
    """Shuffle, cut, deal the hands to the seats still in the game and turn the upcard.

    ``stage``: with ``contract.progression: each_player``, the deal of the
    schedule whose contract each seat plays (recorded as ``contracts``).
    """
    deal_rules = rules.deal(index)
    seats = len(active)
    size = rules.pack.size
    order = chance.deck(index, size)
    entry: dict[str, Any] = {"deal": index + 1, "dealer": dealer, "deck": order}
    seat_rules = tuple(rules.deal(s) for s in stage)
    if seat_rules:
        entry["contracts"] = [s + 1 for s in stage]
    log.append(entry)
    d = Deal(
        table_rules=deal_rules,
        seat_rules=seat_rules,
        hands=[[] for _ in range(seats)],
        stock=list(reversed(order)),
        discard=[],
        down=[False] * seats,
        down_turn=[-1] * seats,
        buys=[0] * seats,
        turns_played=[0] * seats,
        scores=[0] * seats,
        dropped=[-1] * seats,
        hit=[False] * seats if rules.play.call_waits_after_hit else [],
        parts_left=[r.parts for r in seat_rules] if seat_rules else [deal_rules.parts] * seats,
    )
    counts = [r.cards for r in seat_rules] if seat_rules else [deal_rules.cards] * seats
    play = rules.play
    if any(b[0] == "exact_cut" for b in play.bonuses) and play.cutter != "none":
        cut = chance.cut(index, size)
        d.cutter = step_active(active, dealer, -1 if play.cutter == "dealer_right" else 1)
        d.exact_cut = cut == _exact_cut(rules, deal_rules, counts, active)
        log.append({"cut": cut})
    direction = play.direction
    seat = step_active(active, dealer, direction)
    in_play = sum(active)
    # One card at a time in turn order; with each_player progression a seat
    # whose own contract takes fewer cards is passed over once it has them.
    for _ in range(max(counts)):
        for _ in range(in_play):
            if len(d.hands[seat]) < counts[seat]:
                d.hands[seat].append(d.stock.pop())
            seat = step_active(active, seat, direction)
    if deal_rules.foot:
        # The feet: one card at a time in the same order, after the hands; with
        # deals[].foot_per team, one per team, in the order its first player sits.
        slots = seats // 2 if deal_rules.foot_per_team else seats
        d.feet = [[] for _ in range(slots)]
        d.foot_out = [False] * slots
        d.foot_pending = [-1] * slots
        for _ in range(deal_rules.foot):
            for _ in range(slots if deal_rules.foot_per_team else in_play):
                d.feet[seat % slots].append(d.stock.pop())
                seat = step_active(active, seat, direction)
    if play.upcard:
        d.discard.append(d.stock.pop())
        if play.cover_upcard:
            _cover_upcard(d, rules)
    if play.cut_wild and d.stock:
        _turn_up_wild(d, rules)
    d.knock_limit = play.knock_limit
    if play.knock_limit_upcard:  # the first upcard's value (an ace: knock.ace_upcard)
        upcard = rules.pack.face(d.discard[-1])
        ace_gin = rank_of(upcard) == 0 and play.ace_upcard_gin_only
        d.knock_limit = 0 if ace_gin else rules.card_values[upcard]
    if play.spade_upcard_factor > 1 and suit_of(rules.pack.face(d.discard[-1])) == _SPADES:
        d.score_factor = play.spade_upcard_factor
    d.current = step_active(active, dealer, direction)
    if play.bonus_faces:
        # Bonus cards dealt are laid aside and replaced, from the first player round.
        d.aside = [[] for _ in range(seats)]
        faces = rules.pack.faces()
        seat = d.current
        for _ in range(in_play):
            lay_aside(d, faces, play.bonus_faces, seat)
            seat = step_active(active, seat, direction)
    d.turns_played[d.current] += 1
    if play.upcard and play.upcard_offer == "each_in_turn":
        d.offer = [d.current]
        while len(d.offer) < in_play:
            d.offer.append(step_active(active, d.offer[-1], direction))
    elif play.upcard and play.upcard_offer == "non_dealer_then_dealer":
        d.offer = [d.current, dealer] if d.current != dealer else [dealer]
    d.phase = PLAY if play.play_or_draw else DRAW  # play_or_draw: no draw first
    return d


def refill_stock(g: Game) -> bool:
    """Make the stock non-empty if the rules allow; False if the deal must end.

    ``stock_exhausted`` says how: a foot still down (``foot_to_stock``), or the
    discards but the top one reshuffled (``reshuffle_keep_top``) or turned face
    down unshuffled (``turn_over``).
    After ``blocked_after`` rebuilds in a row with no meld or lay-off the deal
    is blocked instead.
    """
    d = g.deal
    if d.stock:
        return True
    play = g.rules.play
    if play.foot_to_stock and any(d.feet):
        # Buraco: a foot still down becomes the stock, the player in turn's first.
        seat = d.current
        for _ in range(g.seats):
            slot = g.team[seat] if d.rules.foot_per_team else seat
            if d.feet[slot]:
                d.stock, d.feet[slot] = d.feet[slot], []
                return True
            seat = g.next_seat(seat)
    action = play.stock_exhausted
    if action not in ("reshuffle_keep_top", "turn_over") or len(d.discard) < 2:
        return False
    blocked_after = play.blocked_after
    if blocked_after is not None and d.rebuilt_without_play >= blocked_after:
        d.blocked = True
        return False
    d.rebuilt_without_play += 1
    top = d.discard.pop()
    if action == "turn_over":
        # The pile turned face down: its bottom card becomes the top of the stock.
        g.log.append({"turn_over": len(d.discard)})
        d.stock = list(reversed(d.discard))
    else:
        order = g.chance.reshuffle(g.deal_index, d.discard)
        g.log.append({"reshuffle": order})
        d.stock = list(reversed(order))
    d.discard = [top]
    if d.shown:  # cards back in the stock are hidden again
        back = set(d.stock)
        d.shown = [(seat, card) for seat, card in d.shown if card not in back]
    return True


def cards_drawable(g: Game, taken: int = 0) -> int:
    """How many cards could be drawn from the stock now, rebuilding it from the
    discards where the rules allow, once ``taken`` cards have left the top of the
    discard pile (a buy takes one)."""
    d = g.deal
    play = g.rules.play
    pile = len(d.discard) - taken
    rebuild = (
        play.stock_exhausted in ("reshuffle_keep_top", "turn_over")
        and pile >= 2
        and (play.blocked_after is None or d.rebuilt_without_play < play.blocked_after)
    )
    feet = sum(len(f) for f in d.feet) if play.foot_to_stock else 0
    return len(d.stock) + feet + (pile - 1 if rebuild else 0)


def stock_closed(g: Game) -> bool:
    """Whether the stock is empty and players may only take meldable discards or pass."""
    return not g.deal.stock and g.rules.play.stock_exhausted == "meldable_discards_only"


def _turn_up_wild(d: Deal, rules: Rules) -> None:
    """``deck.cut_wild``: the next stock card goes face up to the bottom of the
    stock, and every card of its rank is wild in this deal (a joker: the aces)."""
    card = d.stock.pop()
    d.stock.insert(0, card)
    face = rules.pack.face(card)
    rank = 0 if face >= JOKER_FACE else rank_of(face)
    extra = frozenset(f for f in range(JOKER_FACE) if rank_of(f) == rank)
    d.table_rules = dataclasses.replace(d.table_rules, wild_faces=d.table_rules.wild_faces | extra)


def _cover_upcard(d: Deal, rules: Rules) -> None:
    """``table.cover_upcard``: while the top of the pile is a wild or a bonus
    card, the next stock card is turned face up on it."""
    special = d.table_rules.wild_faces | rules.play.bonus_faces
    while d.stock and rules.pack.face(d.discard[-1]) in special:
        d.discard.append(d.stock.pop())


def lay_aside(d: Deal, faces: Sequence[int], bonus: frozenset[int], seat: int) -> bool:
    """``deck.bonus_cards``: ``seat`` lays aside the bonus cards in their hand and
    draws one stock card for each (bonus cards drawn are laid aside in turn),
    while the stock lasts. Whether every one was replaced."""
    hand = d.hands[seat]
    while True:
        found = [c for c in hand if faces[c] in bonus]
        if not found:
            return True
        for card in found:
            hand.remove(card)
            d.aside[seat].append(card)
        for _ in found:
            if not d.stock:
                return False
            hand.append(d.stock.pop())
