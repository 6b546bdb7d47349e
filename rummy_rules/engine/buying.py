"""Buying ("May I?"): the buy window, who is asked in what order, limits,
and what a buy costs.

The window opens when the player in turn draws from the stock (they have
declined the discard). The other players are asked in the variant's priority
order; each buys or passes, and the first to buy takes the discard and the
penalty cards.
"""

from __future__ import annotations

from .actions import Action, shared_action
from .dealing import cards_drawable, refill_stock
from .game import BUY, PLAY, Game
from .scoring import add_bonus

__all__ = ["apply_buy_phase", "buy_actions", "check_buy_phase", "open_buy_window"]

_BUY_OR_PASS = [shared_action("buy"), shared_action("pass")]


def buy_actions(g: Game) -> list[Action]:
    """The legal actions of the player asked in an open buy window."""
    return list(_BUY_OR_PASS)


def check_buy_phase(g: Game, action: Action) -> str | None:
    """Why ``action`` is illegal while a buy window is open (``None``: legal)."""
    return None if action.kind in ("buy", "pass") else "a buy window is open: buy or pass"


def apply_buy_phase(g: Game, action: Action) -> None:
    """The player asked buys or passes; after a buy or the last pass the turn goes on."""
    d = g.deal
    if action.kind == "buy":
        _buy(g, d.buy_queue[0])
        return
    d.buy_queue.pop(0)
    if not d.buy_queue:
        d.phase = PLAY


def open_buy_window(g: Game) -> None:
    """After a draw from the stock: open the window if anyone may buy the discard."""
    d = g.deal
    play = g.rules.play
    d.phase = PLAY
    if not play.buying or not d.discard:
        return
    if play.buy_priority in ("nearest_dealer_left", "eldest_hand"):
        first = g.next_seat(g.dealer)
    else:
        first = g.next_seat(d.current)
    order = [first]
    in_game = sum(g.active)
    while len(order) < in_game:
        order.append(g.next_seat(order[-1]))
    limit = d.rules.buy_limit if d.rules.buy_limit is not None else play.buy_limit_deal
    # With ``short_stock: no_buy``, a buy is offered only where the stock can pay it.
    payable = cards_drawable(g, 1) if play.buy_short_stock == "no_buy" else None
    queue = []
    for seat in order:
        if seat == d.current:
            continue
        if seat == d.discarder and not play.discarder_may_buy:
            continue
        if d.down[seat] and not play.buy_after_going_down:
            continue
        if limit is not None and d.buys[seat] >= limit:
            continue
        if play.buy_limit_game is not None and g.buys_game[seat] >= play.buy_limit_game:
            continue
        if payable is not None and _cost(g, seat) > payable:
            continue
        queue.append(seat)
    if queue:
        d.buy_queue = queue
        d.buy_card = d.discard[-1]
        d.phase = BUY


def _buy(g: Game, seat: int) -> None:
    d = g.deal
    play = g.rules.play
    d.hands[seat].append(d.discard.pop())
    for _ in range(_cost(g, seat)):
        if not refill_stock(g):
            break
        d.hands[seat].append(d.stock.pop())
    d.buys[seat] += 1
    g.buys_game[seat] += 1
    d.scores[seat] += play.buy_points
    for event, points, to in play.bonuses:
        if event == "per_buy":
            add_bonus(g, seat, points, to)
    d.buy_queue = []
    d.buy_card = None
    d.phase = PLAY


def _cost(g: Game, seat: int) -> int:
    """The penalty cards ``seat``'s next buy in this deal costs."""
    costs = g.rules.play.buy_cost
    return costs[min(g.deal.buys[seat], len(costs) - 1)]
