"""Exchanging a melded wild card: the natural card it stands for goes into the
meld, the wild comes to the player's hand (``wilds.exchange``).
"""

from __future__ import annotations

from ..cards import format_card
from .actions import Action
from .discarding import can_end_turn_after
from .game import Game
from .laying_off import legal_layoff_of
from .melding import can_go_down, meld_actions

__all__ = ["apply_exchange", "check_exchange", "exchange_actions"]


def check_exchange(g: Game, action: Action) -> str | None:
    """Why the exchange ``action`` is illegal for the player in turn (``None``: legal)."""
    return _checked(g, action)[0]


def _checked(g: Game, action: Action) -> tuple[str | None, tuple[int, int] | None]:
    """(why not, ``None``) or (``None``, (the physical card given, its slot in the meld))."""
    d = g.deal
    seat = d.current
    play = g.rules.play
    if not play.exchange:
        return "melded wild cards stay where they are in this variant", None
    if play.exchange_player_down == "required" and not d.down[seat]:
        return "only a player who has gone down may exchange", None
    if play.exchange_player_down == "before_this_turn" and (not d.down[seat] or d.down_this_turn):
        return "only a player who went down on an earlier turn may exchange", None
    if not 0 <= action.target < len(d.melds):
        return f"there is no meld {action.target + 1} on the table", None
    meld = d.melds[action.target]
    if play.exchange_from == "runs" and meld.kind != "run":
        return "wild cards may be taken only from runs", None
    if play.exchange_from == "sets" and meld.kind != "set":
        return "wild cards may be taken only from sets", None
    card = g.find(d.hands[seat], action.card)
    if card is None:
        return f"you do not hold {format_card(action.card)}", None
    wild_faces = d.rules.wild_faces
    if action.card in wild_faces:
        return "exchange a natural card for a wild", None
    slot = None
    for i, (c, f) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if g.faces[c] in wild_faces and f == action.card:
            slot = i
            break
    if slot is None:
        return (
            f"no wild card in meld {action.target + 1} stands for {format_card(action.card)}",
            None,
        )
    if meld.kind == "set" and play.exchange_all_missing_suits:
        return "a wild in a set is freed only by supplying every missing suit", None
    # The player must still be able to finish the turn: with a wild that
    # must be used at once, some lay-off of it must be legal afterwards.
    wild_face = g.faces[meld.cards[slot]]
    trial = g.trial()
    _swap(trial, card, action.target, slot)
    if play.exchange_use_same_turn:
        if play.freed_new_meld_only:
            trial.deal.must_meld = trial.deal.hands[seat][-1]
            usable = can_open(trial) or any(True for _ in meld_actions(trial))
        else:
            usable = legal_layoff_of(trial, wild_face)
        if not usable:
            return "the freed wild could not be used this turn", None
    elif not can_end_turn_after(trial, []):
        return "you would be left with no card you may discard", None
    if play.exchange_forces_down and not d.down[seat] and not can_open(trial):
        return "an exchange obliges you to go down this turn, and you could not", None
    return None, (card, slot)


def can_open(g: Game) -> bool:
    """Whether the player in turn could go down (open) now: by the opening, or
    by a first meld where there is no opening requirement."""
    if g.rules.play.opening == "none":
        return any(True for _ in meld_actions(g))
    return can_go_down(g)


def exchange_actions(g: Game) -> list[Action]:
    """Every legal exchange of the player in turn."""
    d = g.deal
    if not g.rules.play.exchange:
        return []
    actions: list[Action] = []
    for index, meld in enumerate(d.melds):
        for c, f in zip(meld.cards, meld.stands_for, strict=True):
            if g.faces[c] in d.rules.wild_faces:
                action = Action("exchange", card=f, target=index)
                if check_exchange(g, action) is None and action not in actions:
                    actions.append(action)
    return actions


def apply_exchange(g: Game, action: Action) -> None:
    """Play the exchange ``action`` (checked to be legal)."""
    d = g.deal
    _, found = _checked(g, action)
    assert found is not None
    _swap(g, found[0], action.target, found[1])
    play = g.rules.play
    freed = d.hands[d.current][-1]
    d.must_meld = freed if play.exchange_use_same_turn else None
    if play.freed_new_meld_only:
        d.freed[freed] = d.current
    if play.exchange_forces_down and not d.down[d.current]:
        d.open_this_turn = True


def _swap(g: Game, card: int, target: int, slot: int) -> None:
    """Put ``card`` from the hand in ``slot`` of meld ``target``; the wild there
    goes to the hand."""
    d = g.deal
    meld = d.melds[target]
    d.rebuilt_without_play = 0
    wild = meld.cards[slot]
    d.hands[d.current].remove(card)
    meld.cards[slot] = card
    meld.fits = {}
    d.table_view = None
    d.hands[d.current].append(wild)
