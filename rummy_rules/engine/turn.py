"""The play phase of a turn, after the draw: which part of the turn each action
belongs to, the duties a take may leave (meld that card first, open first),
and the legal actions, gathered from the parts.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import format_card
from .actions import Action, action_text, shared_action
from .discarding import apply_discard, check_discard, discardable
from .exchanging import apply_exchange, check_exchange, exchange_actions
from .game import Game
from .laying_off import apply_layoff, check_layoff, layoff_actions
from .melding import (
    apply_down,
    apply_meld,
    can_go_down,
    check_down,
    check_meld_action,
    meld_actions,
    suggest_down,
)

__all__ = [
    "apply_play_phase",
    "can_go_on",
    "check_play_phase",
    "play_actions",
    "sorted_play_actions",
]

#: The shared discard actions, by face.
_DISCARDS = [shared_action("discard", face) for face in range(53)]


def _duty_reason(g: Game, action: Action) -> str | None:
    """Why ``action`` breaks a duty left by this turn's take (``None``: it does not)."""
    d = g.deal
    kind = action.kind
    if d.must_open and kind != "down":
        return "you took the discard, so you must open (go down) first"
    if d.must_meld is not None:
        face = g.faces[d.must_meld]
        in_meld = kind == "meld" and any(face in m.cards for m in action.melds)
        if not (kind == "down" or in_meld or (kind == "layoff" and action.card == face)):
            return f"{format_card(face)} must be melded first"
    return None


def check_play_phase(g: Game, action: Action) -> str | None:
    """Why ``action`` is illegal after the draw (``None``: legal)."""
    kind = action.kind
    if kind in ("pass", "buy"):
        return "no buy window is open"
    if kind in ("draw", "take"):
        return "you have already drawn this turn"
    reason = _duty_reason(g, action)
    if reason is not None:
        return reason
    if kind == "down":
        return check_down(g, action.melds)
    if kind == "meld":
        return check_meld_action(g, action.melds)
    if kind == "layoff":
        return check_layoff(g, action)
    if kind == "exchange":
        return check_exchange(g, action)
    if kind == "discard":
        return check_discard(g, action.card)
    return f"unknown action '{kind}'"


def apply_play_phase(g: Game, action: Action) -> None:
    """Play ``action`` after the draw, checked to be legal."""
    kind = action.kind
    if kind == "down":
        apply_down(g, action.melds)
    elif kind == "meld":
        apply_meld(g, action.melds)
    elif kind == "layoff":
        apply_layoff(g, action)
    elif kind == "exchange":
        apply_exchange(g, action)
    elif kind == "discard":
        apply_discard(g, action.card)


def play_actions(g: Game) -> Iterator[Action]:
    """The legal actions after drawing, produced one by one (unsorted but for
    the discards, which come last, in the order of their text)."""
    down = suggest_down(g)
    if down is not None:
        yield down
    yield from _other_play_actions(g)


def _other_play_actions(g: Game) -> Iterator[Action]:
    """:func:`play_actions` but going down."""
    d = g.deal
    if d.must_open:
        return
    for action in layoff_actions(g) + exchange_actions(g):
        if d.must_meld is None or check_play_phase(g, action) is None:
            yield action
    for action in meld_actions(g):
        if d.must_meld is None or _duty_reason(g, action) is None:
            yield action
    for face in discardable(g):
        yield _DISCARDS[face]


def sorted_play_actions(g: Game) -> list[Action]:
    """:func:`play_actions`, sorted by text."""
    actions = list(play_actions(g))
    # The discards come last, already in the order of their text, and
    # "discard ..." sorts before every other action of this phase.
    first = len(actions)
    while first and actions[first - 1].kind == "discard":
        first -= 1
    return actions[first:] + sorted(actions[:first], key=action_text)


def can_go_on(g: Game) -> bool:
    """Whether the player in turn, after the draw, has any legal action.

    Only whether one exists: going down is tried with the first arrangement
    found, not the one that leaves the fewest points (see :func:`can_go_down`).
    """
    return can_go_down(g) or next(_other_play_actions(g), None) is not None
