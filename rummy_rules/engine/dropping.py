"""Leaving a deal: a drop (``going_out.drop``) or a wrong declaration
(``going_out.knock.wrong_declaration``).

At the start of their turn, before drawing, a player may ``drop``: a first
drop on their first turn of the deal, a middle drop on any later turn, each
at its stated cost. A player who leaves keeps their cards in hand, out of
play: they take no more turns, do not answer a knock, and score the cost for
the deal. When one player is left in the deal, it ends (``dropped``) and
that player wins it.
"""

from __future__ import annotations

from .actions import shared_action
from .ending import end_deal, next_turn
from .game import Game
from .refusals import N_, Refusal, refusal

__all__ = ["DROP", "NO_DROP", "check_drop", "drop_cost", "drop_kind", "leave_deal"]

DROP = shared_action("drop")


def drop_kind(g: Game) -> str:
    """``first`` on the player's first turn of the deal, ``middle`` later."""
    return "first" if g.deal.turns_played[g.deal.current] <= 1 else "middle"


def drop_cost(g: Game) -> int:
    """What a drop by the player in turn costs now (-1: they may not drop now)."""
    play = g.rules.play
    return play.drop_first if drop_kind(g) == "first" else play.drop_middle


_KEYS = ("going_out.drop.first", "going_out.drop.middle")
NO_DROP = refusal("drop.none", _KEYS, N_("there is no dropping in this variant"))
_MIDDLE_ONLY = refusal(
    "drop.middle_only",
    _KEYS,
    N_("only a middle drop is allowed: not on your first turn of the deal"),
)
_FIRST_ONLY = refusal(
    "drop.first_only",
    _KEYS,
    N_("only a first drop is allowed: before your first draw of the deal"),
)


def check_drop(g: Game) -> Refusal | None:
    """Why the player in turn may not ``drop`` now (``None``: they may)."""
    play = g.rules.play
    if play.drop_first < 0 and play.drop_middle < 0:
        return NO_DROP
    if drop_cost(g) < 0:
        if drop_kind(g) == "first":
            return _MIDDLE_ONLY
        return _FIRST_ONLY
    return None


def leave_deal(g: Game, seat: int, cost: int) -> None:
    """``seat`` leaves the deal scoring ``cost``: the last player left wins it,
    or the turn passes on."""
    d = g.deal
    d.dropped[seat] = cost
    left = g.in_deal()
    if len(left) == 1:
        end_deal(g, "dropped", left[0])
        return
    next_turn(g)
