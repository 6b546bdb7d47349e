"""What a seat may see, as numbers and as text: the observations the
research environments (PettingZoo, OpenSpiel) share."""

from __future__ import annotations

import numpy as np

from ..cards import FACES, format_card
from ..engine.rules import Rules, compile_rules
from ..engine.view import SeatView
from ..spec.schema import VariantSpec
from .encoding import TABLE_SLOTS

__all__ = ["PHASES", "env_rules", "observation_size", "observation_vector", "view_text"]

#: The phases of a turn, in the observation's order.
PHASES = ("draw", "buy", "play", "over")
#: Numbers describing one table meld: present, mine, set, run, first and last
#: rank (of 13), length (of 16), and its suit (4).
_MELD_FEATURES = 11


def env_rules(spec: VariantSpec, players: int | None = None) -> Rules:
    """The rules of ``spec`` for ``players`` seats (``None`` or 0: the
    variant's usual count), as the environments play them: every variant's
    actions have numbers (see :mod:`~rummy_rules.envs.encoding`)."""
    return compile_rules(spec, players or spec.players.best or spec.players.min)


def observation_size(players: int) -> int:
    """Length of the ``observation`` vector for ``players`` seats: the hand,
    the discard pile and its top card, the cards on the table (each by face,
    53 numbers each), :data:`TABLE_SLOTS` table melds, then per seat (the
    observer first) cards in hand, down, total, and the stock's size, the
    phase, the deal's number (from 1) and whether the observer is to move."""
    return 4 * FACES + TABLE_SLOTS * _MELD_FEATURES + 3 * players + 1 + len(PHASES) + 2


def observation_vector(view: SeatView) -> np.ndarray:
    """What seat ``view.seat`` may see, as numbers (see :func:`observation_size`)."""
    out = np.zeros(observation_size(view.players), dtype=np.float32)
    for face in view.hand:
        out[face] += 1
    for face in view.discard_pile:
        out[FACES + face] += 1
    if view.discard_pile:
        out[2 * FACES + view.discard_pile[-1]] = 1
    at = 4 * FACES
    for i, meld in enumerate(view.melds):
        for face in meld.stands_for:
            out[3 * FACES + face] += 1
        if i < TABLE_SLOTS:
            ranks = [f % 13 for f in meld.stands_for if f < 52]
            suits = {f // 13 for f in meld.stands_for if f < 52}
            row = at + i * _MELD_FEATURES
            out[row] = 1
            out[row + 1] = float(meld.owner == view.seat)
            out[row + 2] = float(meld.kind == "set")
            out[row + 3] = float(meld.kind == "run")
            if ranks:
                out[row + 4] = ranks[0] / 13
                out[row + 5] = ranks[-1] / 13
            out[row + 6] = len(meld.cards) / 16
            if len(suits) == 1:
                out[row + 7 + suits.pop()] = 1
    at += TABLE_SLOTS * _MELD_FEATURES
    players = view.players
    for k in range(players):
        seat = (view.seat + k) % players
        out[at + k] = view.hand_sizes[seat]
        out[at + players + k] = float(view.down[seat])
        out[at + 2 * players + k] = view.totals[seat]
    at += 3 * players
    out[at] = view.stock_size
    if view.phase in PHASES:
        out[at + 1 + PHASES.index(view.phase)] = 1
    at += 1 + len(PHASES)
    out[at] = view.deal
    out[at + 1] = float(view.to_move == view.seat)
    return out


def view_text(view: SeatView) -> str:
    """A seat's view in a few lines of the engine's card notation."""
    cards = " ".join(format_card(f) for f in sorted(view.hand))
    top = format_card(view.discard_pile[-1]) if view.discard_pile else "-"
    lines = [
        f"deal {view.deal}, {view.phase}, p{view.to_move + 1} to act; you are p{view.seat + 1}",
        f"hand: {cards}",
        f"discard pile: {len(view.discard_pile)} cards, top {top}; stock: {view.stock_size}",
    ]
    for i, meld in enumerate(view.melds):
        laid = " ".join(format_card(f) for f in meld.cards)
        lines.append(f"meld {i + 1} (p{meld.owner + 1}): {laid}")
    lines.append("totals: " + ", ".join(f"p{i + 1} {t}" for i, t in enumerate(view.totals)))
    return "\n".join(lines)
