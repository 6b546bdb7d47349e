"""Players: the :class:`Bot` protocol and the bots shipped with rummy-rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.state import GameState
from ..engine.view import SeatView, seat_view

__all__ = ["Bot", "RandomBot", "play_game"]

# GreedyBot is in .greedy; play_game tells every bot about each new deal.


class Bot(Protocol):
    """Chooses an action from its seat's view; ``view.legal`` lists the choices."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """The action to play."""
        ...


class RandomBot:
    """Uniform over the legal choices, except that it goes down whenever it can."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        """Go down if possible, else any legal action at random."""
        for action in view.legal:
            if action.kind == "down":
                return action
        return self.rng.choice(view.legal)


def play_game(
    state: GameState, bots: Sequence[Bot], *, max_actions: int | None = None
) -> GameState:
    """Let ``bots`` (one per seat) play ``state`` to the end (or ``max_actions``).

    A bot with a ``new_deal(deal_rules)`` method is told about each deal as it starts.
    """
    count = 0
    deal = -1
    while not state.is_terminal():
        if max_actions is not None and count >= max_actions:
            break
        if state.deal_index != deal:
            deal = state.deal_index
            for bot in bots:
                new_deal = getattr(bot, "new_deal", None)
                if new_deal is not None:
                    new_deal(state.deal_rules)
        seat = state.to_move
        state.apply(bots[seat].choose(seat_view(state, seat)))
        count += 1
    return state
