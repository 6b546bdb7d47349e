"""Calling the hand and winning on the deal: Tonk's drop and its dealt tonk.

At the start of their turn, before drawing, a player may ``call``
(``going_out.call``): every hand is shown and counted by the card values,
and the deal ends as ``called`` (scored by ``scoring.stakes``: the caller
wins with a count lower than every other's, else is caught). With
``after_hit: wait_a_turn`` a player on one of whose melds another player
laid off since their last turn began may not call this turn.

With ``going_out.dealt_counts``, a hand dealt with one of those counts wins
the deal at once (``dealt``); two or more such hands make the deal void.
"""

from __future__ import annotations

from .actions import shared_action
from .game import Game
from .refusals import N_, Refusal, refusal

__all__ = ["CALL", "apply_call", "check_call", "dealt_win", "hand_count", "mark_hit"]

CALL = shared_action("call")

NO_CALL = refusal("call.none", ("going_out.call",), N_("there is no calling in this variant"))
_AFTER_HIT = refusal(
    "call.after_hit",
    ("going_out.call.after_hit",),
    N_("another player laid off on your meld since your last turn: you may not call this turn"),
)
CALL_FIRST = refusal(
    "call.before_drawing",
    ("going_out.call",),
    N_("a player calls at the start of their turn, before drawing"),
)


def hand_count(g: Game, seat: int) -> int:
    """The count of ``seat``'s hand by the card values (what a call compares)."""
    faces = g.faces
    return sum(g.value(faces[c]) for c in g.deal.hands[seat])


def check_call(g: Game) -> Refusal | None:
    """Why the player in turn may not ``call`` now, at the start of the turn
    (``None``: they may)."""
    play = g.rules.play
    if not play.call:
        return NO_CALL
    d = g.deal
    if play.call_waits_after_hit and d.hit and d.hit[d.current]:
        return _AFTER_HIT
    return None


def apply_call(g: Game) -> None:
    """The player in turn calls: the deal ends and is scored by the counts."""
    from .ending import end_deal

    d = g.deal
    d.caller = d.current
    end_deal(g, "called", None)  # who won is the counts' to say (scoring.stakes)


def mark_hit(g: Game, owner: int) -> None:
    """A card was laid off on a meld of ``owner`` by the player in turn: with
    ``after_hit: wait_a_turn`` the owner may not call at their next turn."""
    d = g.deal
    if g.rules.play.call_waits_after_hit and owner != d.current and 0 <= owner < len(d.hit):
        d.hit[owner] = True


def dealt_win(g: Game) -> bool:
    """``going_out.dealt_counts``: end the deal just dealt when a hand has one
    of the counts (won by it; void when two or more have). True if it ended."""
    counts = g.rules.play.dealt_counts
    if not counts:
        return False
    from .ending import end_deal

    d = g.deal
    winners = [s for s in g.in_deal() if hand_count(g, s) in counts]
    if not winners:
        return False
    if len(winners) > 1:
        end_deal(g, "void", None)
        return True
    d.dealt_win = True
    end_deal(g, "dealt", winners[0])
    return True
