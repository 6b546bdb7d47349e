"""Discarding, and whether a turn can still end: the card just taken, wild
cards, and how a player goes out (``going_out.method``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import format_card
from .ending import end_deal, next_turn
from .game import ASKED_NO, Game, TurnDuties
from .refusals import N_, NOT_HELD, Refusal, refusal, refusal_kind
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
    "must_meld_freed",
    "no_discard_barred",
]

_JUST_TAKEN = refusal(
    "discard.just_taken",
    ("discard.not_just_taken",),
    N_("you may not discard the card you just took from the discard pile"),
)
_WILD = refusal("discard.wild", ("wilds.discard",), N_("wild cards may not be discarded"))
_WILD_LAST = refusal(
    "discard.wild_last_card",
    ("wilds.discard",),
    N_("a wild card may be discarded only as your last card"),
)
_OUT_OF_TURN = refusal(
    "discard.buyer_out_of_turn",
    ("buying.buyer_waits_for_turn",),
    N_("you bought out of turn: lay down melds or end, and discard at your own turn"),
)
_MELD_LAST = refusal(
    "discard.meld_last_card",
    ("going_out.method",),
    N_("in this variant you go out only by melding your last card"),
)
_PARTNER_NO = refusal(
    "going_out.partner_said_no",
    ("going_out.ask_partner",),
    N_("your partner said no: you may not go out this turn"),
)
_ASK_PARTNER = refusal(
    "going_out.ask_partner",
    ("going_out.ask_partner",),
    N_("ask your partner first: in this variant you go out only after they say yes"),
)
_ONE_CANASTA = refusal(
    "going_out.one_canasta",
    ("going_out.canastas",),
    N_("your side needs a canasta on the table before you go out"),
)
_CANASTAS = refusal_kind(
    "going_out.canastas",
    ("going_out.canastas",),
    N_("your side needs {count} canastas on the table before you go out"),
)
_NATURAL_CANASTAS = refusal_kind(
    "going_out.natural_canastas",
    ("going_out.canastas", "going_out.natural_canastas"),
    N_(
        "your side needs {count} canastas on the table, {natural} of them natural, "
        "before you go out"
    ),
)
_ONE_NATURAL_CANASTA = refusal(
    "going_out.one_natural_canasta",
    ("going_out.canastas", "going_out.natural_canastas"),
    N_("your side needs a natural canasta (no wild card) on the table before you go out"),
)
_MIXED_CANASTAS = refusal_kind(
    "going_out.mixed_canastas",
    ("going_out.canastas", "going_out.natural_canastas", "going_out.mixed_canastas"),
    N_(
        "your side needs {count} canastas on the table, at least {natural} of them natural "
        "and {mixed} mixed, before you go out"
    ),
)
_FIRST_DOWN_OUT = refusal(
    "end.first_down_goes_out",
    ("deals.first_down_must_go_out",),
    N_("the first player to go down must go out this turn: discard your last card"),
)
_NO_DISCARDS = refusal(
    "discard.none",
    ("discard.allowed",),
    N_("nothing is discarded in this variant: end your turn with end"),
)
_PLAY_OR_DRAW = refusal(
    "end.play_or_draw",
    ("draw.mode",),
    N_("a turn plays cards to the table or draws one: play, or draw"),
)
_DISCARD_REQUIRED = refusal(
    "end.discard_required",
    ("discard.required",),
    N_("in this variant every turn ends with a discard"),
)

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
    return (g.deal.duties.taken_single is None or play.not_just_taken == "never") and (
        play.wild_discard not in ("forbidden", "last_card_only")
    )


def barred_discard(g: Game, face: int) -> Refusal | None:
    """Why the rules on wilds and on the card just taken bar discarding ``face``."""
    d = g.deal
    hand = d.hands[d.current]
    play = g.rules.play
    faces = g.faces
    if (
        d.duties.taken_single is not None
        and faces[d.duties.taken_single] == face
        and play.not_just_taken != "never"
        and (play.just_taken_face or (not d.duties.taken_twin and g.count_face(hand, face) == 1))
    ):
        return _JUST_TAKEN
    wild = face in d.rules.wild_faces
    if wild and play.wild_discard == "forbidden":
        return _WILD
    if wild and play.wild_discard == "last_card_only" and len(hand) > 1:
        return _WILD_LAST
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
        taken = d.duties.taken_single is not None and faces[d.duties.taken_single] == face
        twin = d.duties.taken_twin or left[face] > 1  # the twin may be discarded
        if taken and play.not_just_taken != "never" and (play.just_taken_face or not twin):
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
    if d.duties.must_meld is not None or not hand or d.resume is not None:
        return []
    if not g.rules.play.discards:
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


def check_discard(g: Game, face: int) -> Refusal | None:
    """Why the player in turn may not discard ``face`` (``None``: they may). A
    card that must be melded first is the turn's duty, checked before this."""
    d = g.deal
    hand = d.hands[d.current]
    if not g.rules.play.discards:
        return _NO_DISCARDS
    if d.resume is not None:
        return _OUT_OF_TURN
    if g.find(hand, face) is None:
        return NOT_HELD(card=format_card(face))
    reason = barred_discard(g, face)
    # A hand in which every card is barred (say only wilds, drawn from the
    # stock) may discard any card: the turn must be able to end.
    if reason is not None and any(barred_discard(g, g.faces[c]) is None for c in hand):
        return reason
    if g.rules.play.last_card_kept and len(hand) == 1:
        return _MELD_LAST
    if len(hand) == 1 and not may_go_out(g):
        return canastas_needed(g)
    return None


def canastas_needed(g: Game) -> Refusal:
    """Why the player in turn may not go out yet: the canastas their side needs
    (``going_out.canastas``), or their partner's answer (``going_out.ask_partner``)."""
    if side_may_go_out(g) and not permits_going_out(g):
        if g.deal.duties.asked == ASKED_NO:
            return _PARTNER_NO
        return _ASK_PARTNER
    n = g.rules.play.going_out_canastas
    natural = g.rules.play.going_out_natural
    if g.rules.play.going_out_mixed:
        return _MIXED_CANASTAS(count=n, natural=natural, mixed=g.rules.play.going_out_mixed)
    if natural:
        if n == natural == 1:
            return _ONE_NATURAL_CANASTA
        return _NATURAL_CANASTAS(count=n, natural=natural)
    return _ONE_CANASTA if n == 1 else _CANASTAS(count=n)


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
    if emptied and not pick_up_foot(g, seat, by_discard=True):  # played next turn
        d.out_by_discard = True
        end_deal(g, "out", seat)
        return
    d.passes = 0
    if face == g.rules.melds.skip_face:
        # A discarded skip: the next player loses their turn.
        d.current = g.next_seat(d.current)
        next_turn(g)
    elif g.rules.play.force:
        from .forcing import end_turn  # forcing looks at lay-offs, which need this module

        end_turn(g)
    else:
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


def check_end(g: Game) -> Refusal | None:
    """Why the player in turn may not end the turn without discarding (``None``:
    they may). A card that must be melded first is the turn's duty, checked before this."""
    d = g.deal
    if g.rules.play.play_or_draw and not d.duties.played:
        return _PLAY_OR_DRAW
    if not may_end_keeping(g) and d.down[d.current] and d.rules.first_down_must_go_out:
        return _FIRST_DOWN_OUT
    if d.resume is not None:
        return None  # a buyer ends their play out of turn
    if g.rules.play.discard_required:
        return _DISCARD_REQUIRED
    return None


def must_meld_freed(g: Game) -> bool:
    """Whether the card that must be melded first is a wild freed by an exchange
    (``wilds.exchange.freed_wild_first``), not a card taken from the discard pile."""
    d = g.deal
    card = d.duties.must_meld
    assert card is not None
    return (
        g.rules.play.exchange_use_first
        and card != d.duties.taken_single
        and g.faces[card] in d.rules.wild_faces
    )


def apply_end(g: Game) -> None:
    """End the turn keeping every card (``discard.required: false``), or a
    buyer's play out of turn: the player in turn then goes on."""
    d = g.deal
    if d.resume is not None:
        d.current = d.resume
        d.resume = None
        d.duties = TurnDuties()  # the player in turn goes on, owing nothing yet
        return
    d.passes = 0
    next_turn(g)
