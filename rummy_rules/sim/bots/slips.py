"""A bot's slips of attention (the greedy bot's ``slip`` personality)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.actions import Action
from ...engine.chance import below

__all__ = ["SLIPS", "slipped"]

#: ``slip``: the share of its choices the bot slips in.
SLIPS = {"never": 0.0, "sometimes": 0.2, "often": 0.4}
#: The choices that lay or take cards, which a slip may overlook ...
_PLAYS = frozenset({"down", "meld", "layoff", "rearrange", "exchange", "take"})
#: ... for one of these, where the turn allows it.
_SKIPS = frozenset({"draw", "end", "pass"})


def slipped(rng: random.Random, action: Action, legal: Sequence[Action]) -> Action:
    """What a slip makes of ``action``: a play overlooked (a draw, a pass or the
    turn's end instead, where one is legal), or else another legal action of
    its kind at random (``action`` itself when it is the only one)."""
    if action.kind in _PLAYS:
        skip = [a for a in legal if a.kind in _SKIPS]
        if skip:
            return skip[0]
    same = [a for a in legal if a.kind == action.kind]
    return same[below(rng, len(same))] if len(same) > 1 else action
