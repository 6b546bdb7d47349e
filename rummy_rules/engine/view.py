"""What one seat may see: its own hand and the public table, never another hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action
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
    phase: str
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


def _legal(state: GameState, seat: int) -> tuple[Action, ...]:
    return tuple(state.legal_actions()) if state.to_move == seat else ()


def _fits_top(state: GameState, seat: int) -> bool:
    d = state._deal
    pile = d.discard
    return (
        state.to_move == seat
        and d.phase == "draw"
        and bool(pile)
        and state.fits_table(state.faces[pile[-1]])
    )


def _table(state: GameState) -> tuple[MeldView, ...]:
    """The melds on the table as everyone sees them (kept until the table changes)."""
    d = state._deal
    table: tuple[MeldView, ...] | None = d.table_view
    if table is None:
        faces = state.faces
        table = d.table_view = tuple(
            [
                MeldView(m.owner, m.kind, tuple([faces[c] for c in m.cards]), tuple(m.stands_for))
                for m in d.melds
            ]
        )
    return table


#: How each field of a :class:`SeatView` is worked out, in field order.
_FIELDS: dict[str, Callable[[GameState, int], Any]] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.seats,
    "deal": lambda state, seat: state.deal_index + 1,
    "dealer": lambda state, seat: state.dealer,
    "phase": lambda state, seat: state._deal.phase,
    "to_move": lambda state, seat: state.to_move,
    "current": lambda state, seat: state._deal.current,
    "hand": lambda state, seat: tuple(sorted([state.faces[c] for c in state._deal.hands[seat]])),
    "hand_sizes": lambda state, seat: tuple([len(h) for h in state._deal.hands]),
    "down": lambda state, seat: tuple(state._deal.down),
    "melds": lambda state, seat: _table(state),
    "discard_pile": lambda state, seat: tuple([state.faces[c] for c in state._deal.discard]),
    "stock_size": lambda state, seat: len(state._deal.stock),
    "totals": lambda state, seat: tuple(state.totals),
    "legal": _legal,
    "discard_fits_table": _fits_top,
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
