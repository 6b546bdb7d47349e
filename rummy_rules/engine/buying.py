"""Buying ("May I?"): the buy window, who is asked in what order, limits,
and what a buy costs.

The window opens when the player in turn draws from the stock (they have
declined the discard): after their card is drawn, or, with ``buying.window:
until_next_draw``, before it (the buys are settled before that draw). The other players are asked in the variant's priority
order; each buys or passes, and the first to buy takes the discard and the
penalty cards.
"""

from __future__ import annotations

from .actions import Action, shared_action
from .dealing import cards_drawable, lay_aside, refill_stock
from .ending import end_deal
from .game import BUY, PLAY, Game, TurnDuties
from .refusals import N_, Refusal, refusal, refusal_kind
from .scoring import add_bonus

__all__ = [
    "apply_buy_phase",
    "buy_actions",
    "buy_cost",
    "check_buy_phase",
    "finish_draw",
    "open_buy_window",
    "stock_or_end",
]

_BUY_OR_PASS = [shared_action("buy"), shared_action("pass")]
_DECISIONS = {
    "veto": [shared_action("allow"), shared_action("veto")],
    "may_give_draw": [shared_action("give"), shared_action("keep")],
}


def buy_actions(g: Game) -> list[Action]:
    """The legal actions of the player asked in an open buy window."""
    d = g.deal
    if d.buyer_discarding:
        return [shared_action("discard", f) for f in _buyer_discards(g)]
    if d.buy_claim is not None:
        options = _DECISIONS[g.rules.play.buy_current_player]
        if options[0].kind == "give" and not cards_drawable(g, 1):
            return [options[1]]
        return list(options)
    return list(_BUY_OR_PASS)


_DISCARD_NOW = refusal(
    "buy.discard_now",
    ("buying.buyer_discards",),
    N_("you bought the discard: discard one card now"),
)
_HELD_BEFORE = refusal(
    "buy.discard_held_before",
    ("buying.buyer_discards",),
    N_("discard a card you held before the buy"),
)
_ASKED = refusal_kind(
    "buy.asked", ("buying.current_player",), N_("p{seat} asked to buy: {choices}")
)
_WINDOW_OPEN = refusal("buy.window_open", (), N_("a buy window is open: buy or pass"))


def check_buy_phase(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is illegal while a buy window is open (``None``: legal)."""
    d = g.deal
    if d.buyer_discarding:
        if action.kind != "discard":
            return _DISCARD_NOW
        if action.card not in _buyer_discards(g):
            return _HELD_BEFORE
        return None
    if d.buy_claim is not None:
        if action in buy_actions(g):
            return None
        words = " or ".join(str(a) for a in buy_actions(g))
        return _ASKED(seat=d.buy_claim + 1, choices=words)
    return None if action.kind in ("buy", "pass") else _WINDOW_OPEN


def apply_buy_phase(g: Game, action: Action) -> None:
    """The player asked buys or passes (or the player in turn rules on a buy, or
    the buyer discards); after a buy or the last pass the turn goes on."""
    d = g.deal
    kind = action.kind
    if kind == "discard":
        _buyer_discard(g, action.card)
    elif kind == "buy":
        if g.rules.play.buy_current_player == "free_priority":
            _buy(g, d.buy_queue[0])
        else:
            d.buy_claim = d.buy_queue[0]
            d.buy_queue = [d.current]
    elif kind in ("allow", "keep", "give"):
        seat = d.buy_claim
        assert seat is not None
        d.buy_claim = None
        _buy(g, seat, give=kind == "give")
    elif kind == "veto":
        _close(g)
    else:
        d.buy_queue.pop(0)
        if not d.buy_queue:
            _close(g)


def _close(g: Game, buyer: int | None = None) -> None:
    """Close the window; where a buyer may meld at once, ``buyer`` plays out of
    turn first (``current`` is the buyer until they ``end``)."""
    d = g.deal
    d.buy_queue = []
    d.buy_card = None
    d.buy_claim = None
    d.buyer_discarding = False
    d.phase = PLAY
    if d.draw_pending and not finish_draw(g):
        return
    if buyer is not None and not g.rules.play.buyer_waits:
        d.resume = d.current
        d.current = buyer
        d.duties = TurnDuties()  # the buyer's play owes nothing of the turn's


def _buyer_discards(g: Game) -> list[int]:
    """The faces a buyer may discard at once: any held before the buy."""
    d = g.deal
    seat = d.buy_queue[0]
    bought = g.faces[d.buy_card] if d.buy_card is not None else -1
    faces = [g.faces[c] for c in d.hands[seat]]
    return sorted({f for f in faces if f != bought or faces.count(f) > 1})


def _buyer_discard(g: Game, face: int) -> None:
    d = g.deal
    seat = d.buy_queue[0]
    card = g.find(d.hands[seat], face)
    assert card is not None
    d.hands[seat].remove(card)
    d.discard.append(card)
    _close(g, seat)


def finish_draw(g: Game) -> bool:
    """The player in turn draws the top stock card (rebuilding the stock where
    the rules allow); if there is none the deal ends. Whether a card was drawn."""
    d = g.deal
    play = g.rules.play
    if d.draw_pending and play.stock_exhausted == "void" and len(d.stock) <= play.void_when_left:
        d.draw_pending = False
        end_deal(g, "void", None)  # the buys left too few cards: the deal is cancelled
        return False
    d.draw_pending = False
    if not stock_or_end(g):
        return False
    hand = d.hands[d.current]
    hand.append(d.stock.pop())
    for _ in range(play.stock_cards - 1):  # draw.stock_cards: while the stock lasts
        if not refill_stock(g):
            break
        hand.append(d.stock.pop())
    if play.bonus_faces and not lay_aside(d, g.faces, play.bonus_faces, d.current):
        end_deal(g, "stock", None)  # a bonus card the empty stock cannot replace
        return False
    return True


def stock_or_end(g: Game) -> bool:
    """Whether the stock has a card to draw (rebuilt where the rules allow);
    if not, the deal ends as it stands."""
    if refill_stock(g):
        return True
    end_deal(g, "blocked" if g.deal.blocked else "stock", None)
    return False


def open_buy_window(g: Game) -> None:
    """After a draw from the stock: open the window if anyone may buy the discard."""
    d = g.deal
    play = g.rules.play
    d.phase = PLAY
    if not play.buying or not d.discard:
        return
    if g.faces[d.discard[-1]] == g.rules.melds.skip_face:
        return  # a skip card is never bought
    if play.buy_priority in ("nearest_dealer_left", "eldest_hand"):
        first = g.next_seat(g.dealer)
    else:
        first = g.next_seat(d.current)
    order = [first]
    in_game = sum(g.active)
    while len(order) < in_game:
        order.append(g.next_seat(order[-1]))
    # With ``short_stock: no_buy``, a buy is offered only where the stock can pay
    # it (and, where the player in turn draws after the buys, that card too).
    payable = cards_drawable(g, 1) - d.draw_pending if play.buy_short_stock == "no_buy" else None
    queue = []
    for seat in order:
        if seat == d.current:
            continue
        if seat == d.discarder and not play.discarder_may_buy:
            continue
        if d.down[seat] and not play.buy_after_going_down:
            continue
        if payable is not None and buy_cost(g, seat) > payable:
            continue
        if play.buyer_discards and not d.hands[seat]:
            continue  # no card held before the buy to discard after it
        # Last, so that a count means the limit alone withheld the offer.
        limit = _limit_reached(g, seat)
        if limit is not None:
            g.bound[limit] = g.bound.get(limit, 0) + 1
            continue
        queue.append(seat)
    if queue:
        d.buy_queue = queue
        d.buy_card = d.discard[-1]
        d.phase = BUY


def _limit_reached(g: Game, seat: int) -> str | None:
    """The key of the buying limit ``seat`` has reached (the deal's own limit,
    where it has one, or the variant's per deal; the per-game limit), or ``None``."""
    d = g.deal
    play = g.rules.play
    own = d.rules_of(seat)  # the buyer's own deal, where each has one
    if own.buy_limit is not None:
        if d.buys[seat] >= own.buy_limit:
            return f"deals.{own.number}.buy_limit"
    elif play.buy_limit_deal is not None and d.buys[seat] >= play.buy_limit_deal:
        return "buying.limits.per_deal"
    if play.buy_limit_game is not None and g.buys_game[seat] >= play.buy_limit_game:
        return "buying.limits.per_game"
    return None


def _buy(g: Game, seat: int, *, give: bool = False) -> None:
    """``seat`` buys the discard; with ``give``, the player in turn hands over the
    card they drew as the first penalty card and draws again."""
    d = g.deal
    play = g.rules.play
    bought = d.discard.pop()
    d.hands[seat].append(bought)
    d.shown.append((seat, bought))
    cost = buy_cost(g, seat)
    if give and cost:
        d.hands[seat].append(d.hands[d.current].pop())
        cost -= 1
        if refill_stock(g):
            d.hands[d.current].append(d.stock.pop())
    for _ in range(cost):
        if not refill_stock(g):
            break
        d.hands[seat].append(d.stock.pop())
    d.buys[seat] += 1
    g.buys_game[seat] += 1
    d.scores[seat] += play.buy_points
    for event, points, to in play.bonuses:
        if event == "per_buy":
            add_bonus(g, seat, points, to)
    if play.buyer_discards:
        d.buy_queue = [seat]
        d.buy_card = bought
        d.buyer_discarding = True
        return
    _close(g, seat)


def buy_cost(g: Game, seat: int) -> int:
    """The penalty cards ``seat``'s next buy in this deal costs."""
    costs = g.rules.play.buy_cost
    return costs[min(g.deal.buys[seat], len(costs) - 1)]
