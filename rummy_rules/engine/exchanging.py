"""Exchanging a melded wild card: the natural card it stands for goes into the
meld, the wild comes to the player's hand (``wilds.exchange``). With
``natural_from_hand: false`` the natural card may also be taken from another
meld on the table, which must stay a meld without it.

With ``claim_order: first_in_rotation`` a wild may also be claimed out of turn:
as soon as one is melded, the other players are asked in turn order from the
melder's left (the melder waits), each answering ``exchange`` or ``pass``,
while the turn waits; the first to exchange takes it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..cards import format_card
from . import table_refusals as T
from .actions import Action, shared_action
from .discarding import can_end_turn_after
from .game import CLAIM, PLAY, Game, TableMeld, TurnDuties
from .laying_off import legal_layoff_of, meld_without
from .melding import can_go_down, meld_actions
from .melds import Meld, check_meld
from .refusals import NOT_HELD, Refusal

__all__ = [
    "apply_claim_phase",
    "apply_exchange",
    "check_claim_phase",
    "check_exchange",
    "claim_actions",
    "exchange_actions",
    "open_claim_window",
    "ordered_exchange",
    "table_wilds",
]

_PASS = shared_action("pass")


def check_exchange(g: Game, action: Action) -> Refusal | None:
    """Why the exchange ``action`` is illegal for the player in turn (``None``: legal)."""
    return _checked(g, action)[0]


#: Where the natural card given comes from: (the physical card, its place in the
#: source meld, or -1 when it comes from the hand).
_Given = tuple[int, int]


def _natural_given(g: Game, action: Action) -> tuple[Refusal | None, _Given]:
    """Find the natural card the exchange ``action`` gives, in the hand or (with
    ``action.source``) in another table meld that stays a meld without it."""
    d = g.deal
    if action.source < 0:
        card = g.find(d.hands[d.current], action.card)
        if card is None:
            return NOT_HELD(card=format_card(action.card)), (-1, -1)
        return None, (card, -1)
    if g.rules.play.exchange_natural_from_hand:
        return T.NATURAL_FROM_HAND, (-1, -1)
    if not 0 <= action.source < len(d.melds):
        return T.NO_MELD(meld=action.source + 1), (-1, -1)
    if action.source == action.target:
        return T.OTHER_MELD, (-1, -1)
    meld = d.melds[action.source]
    faces = g.faces
    for place in range(len(meld.cards) - 1, -1, -1):
        if faces[meld.cards[place]] == action.card:
            break
    else:
        return T.NO_NATURAL(meld=action.source + 1, card=format_card(action.card)), (-1, -1)
    reason = check_meld(meld_without(g, meld, place), g.rules.melds, d.rules.wild_faces)
    if reason is not None:
        return T.SOURCE_BREAKS(meld=action.source + 1, card=format_card(action.card)), (-1, -1)
    return None, (meld.cards[place], place)


#: A legal exchange found: the physical card given, its slot in the meld, its
#: place in the source meld (-1: the hand), and the second card of a two-card
#: exchange (physical, from the hand; -1: none).
_Found = tuple[int, int, int, int]


def _checked(g: Game, action: Action) -> tuple[Refusal | None, _Found | None]:
    """(why not, ``None``) or (``None``, what :data:`_Found` says)."""
    d = g.deal
    seat = d.current
    play = g.rules.play
    if not play.exchange:
        return T.NO_EXCHANGE, None
    if play.exchange_player_down == "required" and not d.down[seat]:
        return T.EXCHANGE_AFTER_DOWN, None
    if play.exchange_player_down == "before_this_turn" and (
        not d.down[seat] or d.duties.down_this_turn
    ):
        return T.EXCHANGE_EARLIER_TURN, None
    if not 0 <= action.target < len(d.melds):
        return T.NO_MELD(meld=action.target + 1), None
    meld = d.melds[action.target]
    if play.exchange_from == "runs" and meld.kind != "run":
        return T.RUNS_ONLY, None
    if play.exchange_from == "sets" and meld.kind != "set":
        return T.SETS_ONLY, None
    if play.exchange_owner == "others" and meld.owner == seat:
        return T.OTHERS_ONLY, None
    if play.exchange_owner == "own" and meld.owner != seat:
        return T.OWN_MELDS_ONLY, None
    if play.exchange_use_same_turn and d.duties.must_use is not None:
        return T.FREED_FIRST(card=format_card(d.duties.must_use)), None
    wild_faces = d.rules.wild_faces
    if action.card in wild_faces or action.extra in wild_faces:
        return T.NATURAL_FOR_WILD, None
    if action.extra >= 0:
        if action.source >= 0:
            return T.NATURAL_FROM_HAND, None
        action = ordered_exchange(g, action)
    why, (card, place) = _natural_given(g, action)
    if why is not None:
        return why, None
    slot = _stands_for(g, meld, action.card)
    if slot is None:
        return T.NO_WILD_FOR(meld=action.target + 1, card=format_card(action.card)), None
    why = _set_rules(g, meld, slot, action)
    if why is not None:
        return why, None
    extra = -1
    if action.extra >= 0:
        found = g.find([c for c in d.hands[seat] if c != card], action.extra)
        if found is None:
            return NOT_HELD(card=format_card(action.extra)), None
        extra = found
    # The player must still be able to finish the turn: with a wild that
    # must be used at once, some lay-off of it must be legal afterwards.
    wild_face = g.faces[meld.cards[slot]]
    trial = g.trial()
    _swap(trial, card, action.target, slot, action.source, place)
    if extra >= 0:
        _join(trial, extra, action.target)
        joined = trial.deal.melds[action.target]
        faces = tuple(trial.faces[c] for c in joined.cards)
        if check_meld(
            Meld(joined.kind, faces, tuple(joined.stands_for)), g.rules.melds, wild_faces
        ):
            return T.ALL_MISSING_SUITS, None
    if play.exchange_use_same_turn:
        if play.freed_new_meld_only:
            trial.deal.duties.must_meld = trial.deal.hands[seat][-1]
            usable = can_open(trial) or any(True for _ in meld_actions(trial))
        else:
            usable = legal_layoff_of(trial, wild_face)
        if not usable:
            return T.FREED_UNUSABLE, None
    elif not can_end_turn_after(trial, []):
        return T.NO_DISCARD_LEFT, None
    if play.exchange_forces_down and not d.down[seat] and not can_open(trial):
        return T.MUST_GO_DOWN, None
    return None, (card, slot, place, extra)


def ordered_exchange(g: Game, action: Action) -> Action:
    """A two-card exchange with the card the wild stands for first (written
    the other way round, ``exchange 7D 7C@2`` for a wild standing for 7C, it
    is read so; the record writes it so); any other action as it is."""
    if action.kind != "exchange" or action.extra < 0 or not 0 <= action.target < len(g.deal.melds):
        return action
    meld = g.deal.melds[action.target]
    if _stands_for(g, meld, action.card) is None and _stands_for(g, meld, action.extra) is not None:
        return Action("exchange", card=action.extra, target=action.target, extra=action.card)
    return action


def _stands_for(g: Game, meld: TableMeld, face: int) -> int | None:
    """The slot of ``meld``'s wild that stands for ``face`` (None: no such wild)."""
    wild_faces = g.deal.rules.wild_faces
    for i, (c, f) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if f == face and g.faces[c] in wild_faces:
            return i
    return None


def _set_rules(g: Game, meld: TableMeld, slot: int, action: Action) -> Refusal | None:
    """What ``wilds.exchange.full_set_closed`` and ``set_needs_all_missing_suits``
    say of taking the wild at ``slot`` of ``meld`` with ``action``'s cards: a
    set holding every suit is closed; every suit its natural cards lack is
    supplied at once (one card, or two for a set of one wild lacking two)."""
    play = g.rules.play
    if meld.kind != "set":
        return T.ONE_CARD_ONLY if action.extra >= 0 else None
    wild_faces = g.deal.rules.wild_faces
    natural = {
        f // 13
        for c, f in zip(meld.cards, meld.stands_for, strict=True)
        if g.faces[c] not in wild_faces
    }
    if play.exchange_full_set_closed and len(natural | {meld.stands_for[slot] // 13}) == 4:
        return T.FULL_SET_CLOSED
    if not play.exchange_all_missing_suits:
        return T.ONE_CARD_ONLY if action.extra >= 0 else None
    missing = {0, 1, 2, 3} - natural
    if len(missing) == 1:
        return T.ONE_CARD_ONLY if action.extra >= 0 else None
    wilds = sum(1 for c in meld.cards if g.faces[c] in wild_faces)
    given = {action.card // 13, action.extra // 13} if action.extra >= 0 else set()
    if (
        len(missing) == 2
        and wilds == 1
        and given == missing
        and action.extra % 13 == action.card % 13
    ):
        return None
    return T.ALL_MISSING_SUITS


def _join(g: Game, card: int, target: int) -> None:
    """Add ``card`` from the hand to meld ``target`` (the second card of a
    two-card exchange), as the player's."""
    d = g.deal
    meld = d.melds[target]
    d.hands[d.current].remove(card)
    meld.cards.append(card)
    meld.stands_for.append(g.faces[card])
    meld.laid_by.append(d.current)
    meld.fits = {}
    d.table_view = None


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
    from_table = not g.rules.play.exchange_natural_from_hand
    two_cards = g.rules.play.exchange_all_missing_suits
    faces = g.faces
    actions: list[Action] = []
    for index, meld in enumerate(d.melds):
        for c, f in zip(meld.cards, meld.stands_for, strict=True):
            if faces[c] not in d.rules.wild_faces:
                continue
            tried = [Action("exchange", card=f, target=index)]
            if two_cards and meld.kind == "set":
                # A set lacking two suits: both given at once (the check says
                # whether this set is one).
                for suit in range(4):
                    other = suit * 13 + f % 13
                    if suit != f // 13 and all(faces[c] != other for c in meld.cards):
                        tried.append(Action("exchange", card=f, target=index, extra=other))
            if from_table:
                tried += [
                    Action("exchange", card=f, target=index, source=j)
                    for j, other in enumerate(d.melds)
                    if j != index and any(faces[o] == f for o in other.cards)
                ]
            for action in tried:
                if action not in actions and check_exchange(g, action) is None:
                    actions.append(action)
    return actions


def apply_exchange(g: Game, action: Action) -> None:
    """Play the exchange ``action`` (checked to be legal)."""
    d = g.deal
    _, found = _checked(g, action)
    assert found is not None
    _swap(g, found[0], action.target, found[1], action.source, found[2])
    play = g.rules.play
    freed = d.hands[d.current][-1]
    if found[3] >= 0:
        _join(g, found[3], action.target)
    at_once = play.exchange_use_same_turn and play.exchange_use_first
    d.duties.must_meld = freed if at_once else None
    if play.exchange_use_same_turn and not play.exchange_use_first:
        d.duties.must_use = g.faces[freed]  # melded at any point of the turn, before the discard
    if play.freed_new_meld_only:
        d.freed[freed] = d.current
    if play.exchange_forces_down and not d.down[d.current]:
        d.duties.open_this_turn = True


def _swap(g: Game, card: int, target: int, slot: int, source: int = -1, place: int = -1) -> None:
    """Put ``card`` in ``slot`` of meld ``target``, from the hand or (``source``
    >= 0) from ``place`` in meld ``source``, where it keeps who laid it; the wild
    there goes to the hand."""
    d = g.deal
    meld = d.melds[target]
    d.rebuilt_without_play = 0
    wild = meld.cards[slot]
    if source < 0:
        d.hands[d.current].remove(card)
    else:
        given = d.melds[source]
        del given.cards[place]
        del given.stands_for[place]
        meld.laid_by[slot] = given.laid_by.pop(place)
        given.fits = {}
    meld.cards[slot] = card
    meld.fits = {}
    d.table_view = None
    d.hands[d.current].append(wild)
    d.shown.append((d.current, wild))  # taken from the table, in sight


# -- claims out of turn (claim_order: first_in_rotation) --------------------------


def table_wilds(g: Game) -> frozenset[int]:
    """The wild cards (physical) in melds on the table."""
    wild_faces = g.deal.rules.wild_faces
    faces = g.faces
    return frozenset([c for m in g.deal.melds for c in m.cards if faces[c] in wild_faces])


def open_claim_window(g: Game, before: frozenset[int]) -> None:
    """After a move of the player in turn: if it melded wild cards that were not
    on the table ``before``, ask the other players in turn order, those who
    could claim one first in the queue."""
    d = g.deal
    if d.phase != PLAY:
        return
    new = table_wilds(g) - before
    if not new:
        return
    queue = []
    seat = g.next_seat(d.current)
    while seat != d.current:
        queue.append(seat)
        seat = g.next_seat(seat)
    d.claim_queue = queue
    d.claim_wilds = new
    _next_claimant(g)


def _next_claimant(g: Game) -> None:
    """Skip the seats that cannot claim; close the window when none is left."""
    d = g.deal
    while d.claim_queue and not _claims(g, d.claim_queue[0]):
        d.claim_queue.pop(0)
    if d.claim_queue:
        d.phase = CLAIM
    else:
        d.phase = PLAY
        d.claim_wilds = frozenset()


@contextmanager
def _as_claimant(g: Game, seat: int) -> Iterator[None]:
    """Let the exchange rules look at ``seat`` as if it were in turn, with none of
    the duties of the turn in progress; then restore the turn."""
    d = g.deal
    saved = (d.current, d.duties)
    d.current, d.duties = seat, TurnDuties()
    try:
        yield
    finally:
        d.current, d.duties = saved


def _claimable(g: Game, action: Action) -> bool:
    """Whether the exchange ``action`` takes one of the wilds just melded."""
    d = g.deal
    if not 0 <= action.target < len(d.melds):
        return False
    meld = d.melds[action.target]
    return any(
        c in d.claim_wilds and f == action.card
        for c, f in zip(meld.cards, meld.stands_for, strict=True)
    )


def _claims(g: Game, seat: int) -> list[Action]:
    with _as_claimant(g, seat):
        return [a for a in exchange_actions(g) if _claimable(g, a)]


def claim_actions(g: Game) -> list[Action]:
    """The legal actions of the seat asked in an open claim window."""
    return [*_claims(g, g.deal.claim_queue[0]), _PASS]


def check_claim_phase(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is illegal while a claim window is open (``None``: legal)."""
    if action.kind == "pass":
        return None
    if action.kind != "exchange":
        return T.CLAIM_OR_PASS
    if not _claimable(g, action):
        return T.CLAIM_JUST_MELDED
    with _as_claimant(g, g.deal.claim_queue[0]):
        return check_exchange(g, action)


def apply_claim_phase(g: Game, action: Action) -> None:
    """The seat asked claims a wild (``exchange``) or passes; the next is asked."""
    d = g.deal
    seat = d.claim_queue.pop(0)
    if action.kind == "exchange":
        with _as_claimant(g, seat):
            _, found = _checked(g, action)
            assert found is not None
            _swap(g, found[0], action.target, found[1], action.source, found[2])
            if g.rules.play.freed_new_meld_only:
                d.freed[d.hands[seat][-1]] = seat
        d.claim_wilds = table_wilds(g) & d.claim_wilds
    _next_claimant(g)
