"""The draw: from the stock, the top discard, or deeper in the discard pile
where the variant lets players dig; and passing when the stock is closed.
"""

from __future__ import annotations

from ..cards import format_card
from .actions import Action, action_text, shared_action
from .buying import open_buy_window
from .dealing import refill_stock, stock_closed
from .ending import end_deal, pass_turn
from .game import PLAY, Game
from .turn import can_go_on

__all__ = ["apply_draw_phase", "check_draw_phase", "draw_actions"]

#: The shared take actions, by face.
_TAKES = [shared_action("take", face) for face in range(53)]


def draw_actions(g: Game) -> list[Action]:
    """The legal actions at the start of a turn, sorted by text."""
    d = g.deal
    actions = [shared_action("pass" if stock_closed(g) else "draw")]
    seen: set[int] = set()
    any_depth = g.rules.play.discard_pile == "any_depth"
    for depth in range(len(d.discard)):
        if depth and not any_depth:
            break
        face = g.faces[d.discard[-1 - depth]]
        if face in seen:
            continue
        seen.add(face)
        if _check_take(g, face) is None:
            actions.append(_TAKES[face])
    return sorted(actions, key=action_text)


def check_draw_phase(g: Game, action: Action) -> str | None:
    """Why ``action`` is illegal at the start of a turn (``None``: legal)."""
    kind = action.kind
    if stock_closed(g):
        if kind == "pass":
            return None
        if kind == "draw":
            return "the stock is empty: take a discard you can meld at once, or pass"
    elif kind == "pass":
        return "no buy window is open"
    if kind == "buy":
        return "no buy window is open"
    if kind == "draw":
        return None
    if kind == "take":
        return _check_take(g, action.card)
    return "draw first: from the stock, or take the discard"


def apply_draw_phase(g: Game, action: Action) -> None:
    """Play ``action`` (draw, take or pass), checked to be legal."""
    kind = action.kind
    if kind == "draw":
        _draw(g)
    elif kind == "take":
        _take(g, action.card)
    else:
        pass_turn(g)


def _depth_of(g: Game, face: int) -> int | None:
    """How deep the first card of ``face`` lies in the discard pile (0: on top)."""
    pile = g.deal.discard
    for depth in range(len(pile)):
        if g.faces[pile[-1 - depth]] == face:
            return depth
    return None


def _take_duties(g: Game, depth: int) -> tuple[bool, bool]:
    """(must meld the card at once, must open this turn) for taking at ``depth``."""
    d = g.deal
    if depth or stock_closed(g):
        return True, False
    condition = g.rules.play.discard_condition
    down = d.down[d.current]
    if condition == "meld_now" or (condition == "opening_or_after" and not down):
        return True, False
    return False, condition == "forces_opening" and not down


def _check_take(g: Game, face: int) -> str | None:
    d = g.deal
    if not d.discard:
        return "the discard pile is empty"
    depth = _depth_of(g, face)
    if depth is None:
        return f"there is no {format_card(face)} in the discard pile"
    if depth and g.rules.play.discard_pile != "any_depth":
        return "only the top discard may be taken"
    if d.down[d.current] and not g.rules.play.discard_after_going_down:
        return "you have gone down, so you may no longer take discards"
    must_meld, must_open = _take_duties(g, depth)
    if not (must_meld or must_open):
        return None
    # Try the take on a copy: the player must then have a way to go on.
    trial = g.trial()
    _take(trial, face)
    if can_go_on(trial):
        return None
    if must_open:
        return "taking the discard obliges you to open this turn, and you could not"
    if depth:
        return (
            f"{format_card(face)} lies under other cards: it may be taken only to be "
            "melded at once, and it cannot be melded now"
        )
    return f"{format_card(face)} may be taken only to be melded at once, and it cannot be now"


def _draw(g: Game) -> None:
    d = g.deal
    play = g.rules.play
    if play.stock_exhausted == "void" and len(d.stock) <= play.void_when_left:
        end_deal(g, "void", None)  # the deal is cancelled: it scores nothing
        return
    if not refill_stock(g):
        end_deal(g, "blocked" if d.blocked else "stock", None)
        return
    d.hands[d.current].append(d.stock.pop())
    d.taken_single = None
    open_buy_window(g)


def _take(g: Game, face: int) -> None:
    d = g.deal
    depth = _depth_of(g, face)
    assert depth is not None
    taken = d.discard[len(d.discard) - depth - 1 :]
    del d.discard[len(d.discard) - depth - 1 :]
    d.hands[d.current].extend(taken)
    chosen = taken[0]
    must_meld, must_open = _take_duties(g, depth)
    d.taken_single = chosen if depth == 0 else None
    d.must_meld = chosen if must_meld else None
    d.must_open = must_open
    d.phase = PLAY
