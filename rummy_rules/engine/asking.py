"""Asking a partner "may I go out?" (``going_out.ask_partner``).

The player in turn may ``ask`` (``may``), or must ask and hear ``yes`` before
going out (``must``); their partner then answers ``yes`` or ``no`` and the
answer binds for the rest of the turn: after ``no`` the player may not go out;
after ``yes`` they must, so while they can still meld or lay off they may not
end the turn keeping cards (:func:`yes_binds`).
"""

from __future__ import annotations

from .actions import Action, shared_action
from .game import ASKED_NO, ASKED_YES, ASKING, Game
from .refusals import N_, Refusal, refusal
from .side_sets import side_may_go_out

__all__ = [
    "ANSWERS",
    "ASK",
    "ASKED_NO",
    "ASKED_YES",
    "ASKING",
    "apply_answer",
    "apply_ask",
    "check_answer",
    "check_ask",
    "partner_of",
]


ASK = shared_action("ask")
#: The partner's answers, in the order of their text.
ANSWERS = [shared_action("no"), shared_action("yes")]


def partner_of(g: Game, seat: int) -> int:
    """The partner of ``seat`` (the other seat of its team)."""
    team = g.team
    for other in range(g.seats):
        if other != seat and team[other] == team[seat]:
            return other
    return seat


_KEYS = ("going_out.ask_partner",)
_NO_ASKING = refusal("ask.none", _KEYS, N_("there is no asking a partner in this variant"))
_ASKED = refusal("ask.already", _KEYS, N_("you have asked your partner already this turn"))
_NOTHING_TO_ASK = refusal(
    "ask.side_may_not_go_out",
    ("going_out.canastas", "going_out.ask_partner"),
    N_("your side may not go out yet, so there is nothing to ask"),
)
_TWO_CARDS = refusal("ask.two_cards", _KEYS, N_("ask while you hold two cards or more"))
_ANSWER = refusal("ask.answer", _KEYS, N_("your partner asked 'may I go out?': answer yes or no"))


def check_ask(g: Game) -> Refusal | None:
    """Why the player in turn may not ``ask`` now (``None``: they may)."""
    rule = g.rules.play.ask_partner
    if rule == "never":
        return _NO_ASKING
    if g.deal.duties.asked:
        return _ASKED
    if not side_may_go_out(g):
        return _NOTHING_TO_ASK
    d = g.deal
    if len(d.hands[d.current]) < 2:
        # After a no the player must still end the turn keeping a card.
        return _TWO_CARDS
    return None


def apply_ask(g: Game) -> None:
    """The question is put: the partner answers next."""
    g.deal.duties.asked = ASKING


def check_answer(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is not an answer to the question asked."""
    if action.kind in ("yes", "no"):
        return None
    return _ANSWER


def apply_answer(g: Game, action: Action) -> None:
    """The partner's answer, which binds for the rest of the turn."""
    g.deal.duties.asked = ASKED_YES if action.kind == "yes" else ASKED_NO
