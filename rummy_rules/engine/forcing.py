"""Forcing (``draw.force: may``, Conquian): a player who ends their turn leaving a
card on top of the discard pile — a discard, or a card turned up from the stock
and passed (``draw.mode: turn_up``) — that the next player could lay off may
force that player to take it.

The rule, as the engine plays it: when such a turn ends and the next player
could lay the card off (``melding.lay_off``, as if it were in their hand at the
start of their turn), the turn does not pass at once; the player who left the
card decides (phase ``force``): ``force`` or ``pass``. After ``pass`` the next
player's turn begins as usual. After ``force`` it begins with the card in their
hand, taken as a discard is (no draw of their own), and they must meld it before
anything else — laid off, or in a new meld — then play on and end the turn as usual.
"""

from __future__ import annotations

from .actions import Action, shared_action
from .ending import next_turn
from .game import DRAW, FORCE, PLAY, Game, TurnDuties
from .laying_off import legal_layoff_of
from .refusals import N_, Refusal, refusal

__all__ = ["FORCE_ACTIONS", "apply_force", "check_force", "end_turn", "force_refusal"]

#: The decision of the player who left the card, in the order of their text.
FORCE_ACTIONS = [shared_action("force"), shared_action("pass")]

_DECIDE = refusal(
    "force.decide",
    ("draw.force",),
    N_("the next player could lay off the card you left: force them to take it, or pass"),
)

_NO_FORCING = refusal("force.none", ("draw.force",), N_("there is no forcing in this variant"))
_NOT_NOW = refusal(
    "force.not_now",
    ("draw.force",),
    N_(
        "a player forces at the end of their turn, when the next player could lay off the card left"
    ),
)


def force_refusal(g: Game) -> Refusal:
    """Why ``force`` is refused outside the decision to force."""
    return _NOT_NOW if g.rules.play.force else _NO_FORCING


def end_turn(g: Game) -> None:
    """End the turn of the player in turn, who has left a card on the discard
    pile: the decision to force comes first where the rules allow it."""
    if g.rules.play.force and _forcible(g):
        g.deal.phase = FORCE
        return
    next_turn(g)


def _forcible(g: Game) -> bool:
    """Whether the next player could lay off the top discard, held at the start of their turn."""
    d = g.deal
    if not d.discard:
        return False
    trial = g.trial()
    td = trial.deal
    td.current = g.next_seat(d.current)
    td.duties = TurnDuties()
    card = td.discard.pop()
    td.hands[td.current].append(card)
    td.phase = PLAY
    return legal_layoff_of(trial, g.faces[card])


def check_force(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is not the decision to force or not (``None``: it is)."""
    if action.kind in ("force", "pass"):
        return None
    return _DECIDE


def apply_force(g: Game, action: Action) -> None:
    """``pass``: the next player's turn begins as usual; ``force``: it begins with
    the top discard in their hand, to be melded before anything else."""
    d = g.deal
    next_turn(g)
    if action.kind != "force" or g.deal is not d or d.phase != DRAW:
        return  # not forced, or the deal ended at the turn cap
    card = d.discard.pop()
    d.hands[d.current].append(card)
    d.shown.append((d.current, card))
    d.discarder = None
    d.duties.taken_single = card
    d.duties.taken_twin = g.count_face(d.hands[d.current], g.faces[card]) > 1
    d.duties.must_meld = card
    d.phase = PLAY
