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
    d = state._deal
    to_move = state.to_move
    legal = tuple(state.legal_actions()) if to_move == seat else ()
    pile = d.discard
    return SeatView(
        seat=seat,
        players=state.seats,
        deal=state.deal_index + 1,
        dealer=state.dealer,
        phase=d.phase,
        to_move=to_move,
        current=d.current,
        hand=tuple(sorted([faces[c] for c in d.hands[seat]])),
        hand_sizes=tuple([len(h) for h in d.hands]),
        down=tuple(d.down),
        melds=_table(state),
        discard_pile=tuple([faces[c] for c in pile]),
        stock_size=len(d.stock),
        totals=tuple(state.totals),
        legal=legal,
        discard_fits_table=(
            to_move == seat
            and d.phase == "draw"
            and bool(pile)
            and state.fits_table(faces[pile[-1]])
        ),
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
