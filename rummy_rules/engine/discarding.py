"""Discarding, and whether a turn can still end: the card just taken, wild
cards, and how a player goes out (``going_out.method``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import format_card
from .ending import end_deal, next_turn
from .game import ASKED_NO, Game
from .side_sets import may_go_out, permits_going_out, pick_up_foot, side_may_go_out

__all__ = [
    "apply_discard",
    "apply_end",
    "barred_discard",
    "can_end_turn_after",
    "canastas_needed",
    "check_discard",
    "check_end",
    "discardable",
    "may_end_keeping",
    "no_discard_barred",
]

#: Each face's place when the faces are sorted by their text (``format_card``).
_TEXT_ORDER = [0] * 53
for _place, _face in enumerate(sorted(range(53), key=format_card)):
    _TEXT_ORDER[_face] = _place


def may_end_keeping(g: Game) -> bool:
    """Whether the player in turn may finish without discarding: turns need no
    discard (``discard.required: false``), or a buyer is playing out of turn;
    never the first player down of a deal whose first player down must go out
    (``deals[].first_down_may_discard``: the last card is discarded)."""
    d = g.deal
    if d.rules.first_down_must_go_out and d.down[d.current] and sum(d.down) == 1:
        return False
    return not g.rules.play.discard_required or d.resume is not None


def no_discard_barred(g: Game) -> bool:
    """Whether no rule can bar a discard now: no card just taken that must be
    kept, and wilds as free to discard as any card (:func:`barred_discard`
    then says None for every face)."""
    play = g.rules.play
    return (g.deal.taken_single is None or play.not_just_taken == "never") and (
        play.wild_discard not in ("forbidden", "last_card_only")
    )


def barred_discard(g: Game, face: int) -> str | None:
    """Why the rules on wilds and on the card just taken bar discarding ``face``."""
    d = g.deal
    hand = d.hands[d.current]
    play = g.rules.play
    faces = g.faces
    if (
        d.taken_single is not None
        and faces[d.taken_single] == face
        and play.not_just_taken != "never"
        and (play.just_taken_face or sum(1 for c in hand if faces[c] == face) == 1)
    ):
        return "you may not discard the card you just took from the discard pile"
    wild = face in d.rules.wild_faces
    if wild and play.wild_discard == "forbidden":
        return "wild cards may not be discarded"
    if wild and play.wild_discard == "last_card_only" and len(hand) > 1:
        return "a wild card may be discarded only as your last card"
    return None


def can_end_turn_after(g: Game, removed: Sequence[int]) -> bool:
    """Whether the player could still discard (or is out) after the faces
    ``removed`` leave the hand."""
    d = g.deal
    play = g.rules.play
    kept_count = len(d.hands[d.current]) - len(removed)
    if kept_count > 0 and (
        may_end_keeping(g)
        or (
            not play.last_card_kept
            and no_discard_barred(g)
            and (kept_count > 1 or may_go_out(g))  # a last card's discard goes out
        )
    ):
        return True  # a card is left, and the turn may end keeping it or discarding it
    faces = g.faces
    left = Counter(faces[c] for c in d.hands[d.current])
    left.subtract(removed)
    kept = [f for f, n in left.items() if n > 0]
    if not kept:
        return play.going_out != "must_discard" or d.rules.all_out
    total = sum(left[f] for f in kept)
    if total == 1 and (play.last_card_kept or not may_go_out(g)):
        return False  # the last card may not be discarded
    for face in kept:
        taken = d.taken_single is not None and faces[d.taken_single] == face
        if taken and play.not_just_taken != "never" and (play.just_taken_face or left[face] == 1):
            continue
        wild = face in d.rules.wild_faces
        if wild and play.wild_discard == "forbidden":
            continue
        if wild and play.wild_discard == "last_card_only" and total > 1:
            continue
        return True
    return False


def discardable(g: Game) -> list[int]:
    """The faces the player in turn may discard now (:func:`check_discard` for
    every face), in the order of their text."""
    d = g.deal
    hand = d.hands[d.current]
    if d.must_meld is not None or not hand or d.resume is not None:
        return []
    if len(hand) == 1 and (d.rules.all_out or g.rules.play.last_card_kept or not may_go_out(g)):
        return []
    faces = g.faces
    held = sorted({faces[c] for c in hand}, key=_TEXT_ORDER.__getitem__)
    if no_discard_barred(g):
        return held
    free = [f for f in held if barred_discard(g, f) is None]
    # A hand in which every card is barred may discard any card.
    return free or held


def check_discard(g: Game, face: int) -> str | None:
    """Why the player in turn may not discard ``face`` (``None``: they may)."""
    d = g.deal
    hand = d.hands[d.current]
    if d.resume is not None:
        return "you bought out of turn: lay down melds or end, and discard at your own turn"
    if g.find(hand, face) is None:
        return f"you do not hold {format_card(face)}"
    if d.must_meld is not None:
        return f"{format_card(g.faces[d.must_meld])} must be melded before you discard"
    reason = barred_discard(g, face)
    # A hand in which every card is barred (say only wilds, drawn from the
    # stock) may discard any card: the turn must be able to end.
    if reason is not None and any(barred_discard(g, g.faces[c]) is None for c in hand):
        return reason
    if d.rules.all_out and len(hand) == 1:
        return "in this deal you go out only by laying down every card at once"
    if g.rules.play.last_card_kept and len(hand) == 1:
        return "in this variant you go out only by melding your last card"
    if len(hand) == 1 and not may_go_out(g):
        return canastas_needed(g)
    return None


def canastas_needed(g: Game) -> str:
    """Why the player in turn may not go out yet: the canastas their side needs
    (``going_out.canastas``), or their partner's answer (``going_out.ask_partner``)."""
    if side_may_go_out(g) and not permits_going_out(g):
        if g.deal.asked == ASKED_NO:
            return "your partner said no: you may not go out this turn"
        return "ask your partner first: in this variant you go out only after they say yes"
    n = g.rules.play.going_out_canastas
    natural = g.rules.play.going_out_natural
    text = f"your side needs {n} canasta{'s' if n != 1 else ''} on the table"
    if natural:
        text += f", {natural} of them natural,"
    return text + " before you go out"


def apply_discard(g: Game, face: int) -> None:
    """Discard a card of ``face``: the turn ends, or the deal if it was the last
    card (where the last card must be melded, a discarded last card ends only the
    turn: ``going_out.last_card_discard: play_on``). A card the player could
    have laid off, under ``discard.playable: penalty``, stays in the hand with
    penalty cards from the stock instead, and the turn goes on."""
    d = g.deal
    seat = d.current
    card = g.find(d.hands[seat], face)
    assert card is not None
    if g.rules.play.playable_penalty and _playable_penalty(g, face):
        return
    d.hands[seat].remove(card)
    d.freed.pop(card, None)
    d.discard.append(card)
    d.discarder = seat
    emptied = not d.hands[seat] and g.rules.play.going_out != "must_meld_last"
    if emptied and not pick_up_foot(g, seat):  # a foot picked up is played next turn
        end_deal(g, "out", seat)
        return
    d.passes = 0
    if face == g.rules.melds.skip_face:
        # A discarded skip: the next player loses their turn.
        d.current = g.next_seat(d.current)
    next_turn(g)


def _playable_penalty(g: Game, face: int) -> bool:
    """Under ``discard.playable: penalty``: if the player could lay off ``face``,
    give them the penalty cards and say True (the card is not discarded); False
    when the card could not be laid off, or the stock cannot give a single card."""
    from .dealing import refill_stock
    from .laying_off import legal_layoff_of

    if not legal_layoff_of(g, face):
        return False
    d = g.deal
    hand = d.hands[d.current]
    paid = 0
    for _ in range(g.rules.play.playable_penalty):
        if not refill_stock(g):
            break
        hand.append(d.stock.pop())
        paid += 1
    return paid > 0


def check_end(g: Game) -> str | None:
    """Why the player in turn may not end the turn without discarding (``None``: they may)."""
    d = g.deal
    if not may_end_keeping(g) and d.down[d.current] and d.rules.first_down_must_go_out:
        return "the first player to go down must go out this turn: discard your last card"
    if d.resume is not None:
        return None  # a buyer ends their play out of turn
    if g.rules.play.discard_required:
        return "in this variant every turn ends with a discard"
    if d.must_meld is not None:
        return f"{format_card(g.faces[d.must_meld])} must be melded before you end your turn"
    return None


def apply_end(g: Game) -> None:
    """End the turn keeping every card (``discard.required: false``), or a
    buyer's play out of turn: the player in turn then goes on."""
    d = g.deal
    if d.resume is not None:
        d.current = d.resume
        d.resume = None
        d.melds_this_turn = 0
        d.down_this_turn = False
        d.open_this_turn = False
        d.must_open = False
        return
    d.passes = 0
    next_turn(g)
