"""What one seat may see: its own hand and the public table, never another hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .dropping import check_drop, drop_cost
from .game import Phase, step_active
from .state import GameState

__all__ = ["MeldView", "SeatView", "live_seat_view", "seat_view"]


@dataclass(frozen=True, slots=True)
class MeldView:
    """A table meld as everyone sees it (faces, not physical cards)."""

    owner: int
    kind: str
    cards: tuple[int, ...]
    stands_for: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know. Built as a copy: changing it changes nothing."""

    seat: int
    players: int
    deal: int
    dealer: int
    phase: Phase
    to_move: int
    current: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    down: tuple[bool, ...]
    melds: tuple[MeldView, ...]
    discard_pile: tuple[int, ...]
    """Faces in the discard pile, the top last (the pile is public as it forms)."""
    stock_size: int
    totals: tuple[int, ...]
    legal: tuple[Action, ...]
    """The legal actions, when this seat is to move (empty otherwise)."""
    discard_fits_table: bool = False
    """When this seat is to draw: whether the top discard could be laid off on the
    table (public information, worked out by the rules engine)."""
    dropped: tuple[int, ...] = ()
    """Per seat, the points of a player who has left the deal (a drop or a wrong
    declaration), -1 for one still in it."""
    drop_cost: int = -1
    """When this seat may ``drop`` now: what the drop costs; -1 otherwise."""
    own_turn: int = 0
    """Which of this seat's own turns of the deal it is on (1 on its first turn)."""
    aside: tuple[tuple[int, ...], ...] = ()
    """Per seat, the faces of the bonus cards laid aside this deal
    (``deck.bonus_cards``, public); empty without bonus cards."""
    foot_sizes: tuple[int, ...] = ()
    """Per seat, the cards of its foot (its team's, with ``foot_per: team``) still
    face down (``deals[].foot``); empty without feet."""
    next_seat: int = -1
    """The seat that plays after this one: in the direction of play
    (``table.direction``), seats out of the game skipped."""


def _seat(state: GameState, seat: int) -> int:
    return seat


def _players(state: GameState, seat: int) -> int:
    return state.game.seats


def _deal(state: GameState, seat: int) -> int:
    return state.game.deal_index + 1


def _dealer(state: GameState, seat: int) -> int:
    return state.game.dealer


def _phase(state: GameState, seat: int) -> str:
    return state.game.deal.phase


def _to_move(state: GameState, seat: int) -> int:
    return state.to_move


def _current(state: GameState, seat: int) -> int:
    return state.game.deal.current


def _hand(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(state.game.hand_faces(seat))


def _hand_sizes(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple([len(h) for h in state.game.deal.hands])


def _down(state: GameState, seat: int) -> tuple[bool, ...]:
    return tuple(state.game.deal.down)


def _table(state: GameState, seat: int) -> tuple[MeldView, ...]:
    """The melds on the table as everyone sees them (kept until the table changes)."""
    d = state.game.deal
    table: tuple[MeldView, ...] | None = d.table_view
    if table is None:
        faces = state.game.faces
        table = d.table_view = tuple(
            [
                MeldView(m.owner, m.kind, tuple([faces[c] for c in m.cards]), tuple(m.stands_for))
                for m in d.melds
            ]
        )
    return table


def _discard_pile(state: GameState, seat: int) -> tuple[int, ...]:
    faces = state.game.faces
    return tuple([faces[c] for c in state.game.deal.discard])


def _stock_size(state: GameState, seat: int) -> int:
    return len(state.game.deal.stock)


def _totals(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(state.game.totals)


def _legal(state: GameState, seat: int) -> tuple[Action, ...]:
    return tuple(state.legal_actions()) if state.to_move == seat else ()


def _fits_top(state: GameState, seat: int) -> bool:
    g = state.game
    pile = g.deal.discard
    return (
        state.to_move == seat
        and g.deal.phase == "draw"
        and bool(pile)
        and state.fits_table(g.faces[pile[-1]])
    )


def _dropped(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(state.game.deal.dropped)


def _drop_cost(state: GameState, seat: int) -> int:
    g = state.game
    d = g.deal
    if state.to_move != seat or d.phase != "draw" or d.offer or check_drop(g) is not None:
        return -1
    return drop_cost(g)


def _own_turn(state: GameState, seat: int) -> int:
    return state.game.deal.turns_played[seat]


def _foot_sizes(state: GameState, seat: int) -> tuple[int, ...]:
    g = state.game
    feet = g.deal.feet
    if not feet:
        return ()
    team = g.deal.rules.foot_per_team  # one foot per team: each partner sees its size
    return tuple(len(feet[g.team[s] if team else s]) for s in range(g.seats))


def _aside(state: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    g = state.game
    faces = g.faces
    return tuple(tuple(faces[c] for c in cards) for cards in g.deal.aside)


def _next_seat(state: GameState, seat: int) -> int:
    return step_active(state.game.active, seat, state.rules.play.direction)


#: How each field of a :class:`SeatView` is worked out, in field order.
_FIELDS: dict[str, Callable[[GameState, int], Any]] = {
    "seat": _seat,
    "players": _players,
    "deal": _deal,
    "dealer": _dealer,
    "phase": _phase,
    "to_move": _to_move,
    "current": _current,
    "hand": _hand,
    "hand_sizes": _hand_sizes,
    "down": _down,
    "melds": _table,
    "discard_pile": _discard_pile,
    "stock_size": _stock_size,
    "totals": _totals,
    "legal": _legal,
    "discard_fits_table": _fits_top,
    "dropped": _dropped,
    "drop_cost": _drop_cost,
    "own_turn": _own_turn,
    "aside": _aside,
    "foot_sizes": _foot_sizes,
    "next_seat": _next_seat,
}
_GETTERS = tuple(_FIELDS.values())


def seat_view(state: GameState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``."""
    return SeatView(*[get(state, seat) for get in _GETTERS])


class _LiveSeatView(SeatView):
    """A :class:`SeatView` whose fields are worked out from the game when first read."""

    __slots__ = ("_known", "_state")
    _known: dict[str, Any]
    _state: GameState


def _live_field(name: str, get: Callable[[GameState, int], Any]) -> property:
    def read(view: _LiveSeatView) -> Any:
        known = view._known
        if name in known:
            return known[name]
        value = known[name] = get(view._state, known["seat"])
        return value

    return property(read, doc=f"``{name}``, worked out when first read.")


for _name, _get in _FIELDS.items():
    setattr(_LiveSeatView, _name, _live_field(_name, _get))


def live_seat_view(state: GameState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``, each field worked out as it is first read.

    It holds the values :func:`seat_view` would, read while ``state`` stands
    as it is; a field first read after the game has moved on shows the game
    as it is then. ``play_game`` gives one to a bot whose ``live_view``
    attribute is true (a bot that reads its view only inside ``choose``), to
    save working out the fields it never reads.
    """
    view = object.__new__(_LiveSeatView)
    object.__setattr__(view, "_state", state)
    object.__setattr__(view, "_known", {"seat": seat})
    return view
