"""Digging into the discard pile (``draw.discard_pile: any_depth``, Rummy 500):
which card below the top the greedy bot takes.

The rules list a card below the top only when the player may take it (it
must be melded at once, with every card above it taken too). The bot takes
the shallowest such card when at most :data:`DIG_MOST` cards come with it:
the card is melded at once, and few cards join the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.actions import Action

__all__ = ["DIG_MOST", "dig"]

#: The most cards a dig takes (the card melded and those above it).
DIG_MOST = 4


def dig(legal: Sequence[Action], pile: Sequence[int]) -> Action | None:
    """The ``take`` of the shallowest card below the top of ``pile`` (bottom to
    top) that ``legal`` lists, if it takes at most :data:`DIG_MOST` cards."""
    if len(pile) < 2:
        return None
    best: tuple[int, Action] | None = None
    for action in legal:
        if action.kind != "take" or action.card == pile[-1]:
            continue
        below = [i for i, face in enumerate(pile) if face == action.card]
        if not below:
            continue
        taken = len(pile) - below[-1]
        if taken <= DIG_MOST and (best is None or taken < best[0]):
            best = (taken, action)
    return None if best is None else best[1]
