"""What one seat may see: its own hand and the public table, never another hand."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .state import GameState

__all__ = ["MeldView", "SeatView", "seat_view"]


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


def seat_view(state: GameState, seat: int) -> SeatView:
    """The view of ``state`` for ``seat``."""
    faces = state.faces
    legal = tuple(state.legal_actions()) if state.to_move == seat else ()
    return SeatView(
        seat=seat,
        players=state.seats,
        deal=state.deal_index + 1,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        current=state.current,
        hand=tuple(state.hand(seat)),
        hand_sizes=tuple(len(state.hand_cards(s)) for s in range(state.seats)),
        down=tuple(state.is_down(s) for s in range(state.seats)),
        melds=tuple(
            MeldView(m.owner, m.kind, tuple(faces[c] for c in m.cards), tuple(m.stands_for))
            for m in state.melds
        ),
        discard_pile=tuple(faces[c] for c in state.discard_pile),
        stock_size=len(state.stock),
        totals=tuple(state.totals),
        legal=legal,
        discard_fits_table=(
            state.to_move == seat
            and state.phase == "draw"
            and bool(state.discard_pile)
            and state.fits_table(faces[state.discard_pile[-1]])
        ),
    )
