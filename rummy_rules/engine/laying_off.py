"""Laying off: adding cards to the melds on the table, and what a player may
be left holding after putting cards down (the last-card rules of going out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import JOKER_FACE, format_card, rank_of, suit_of
from . import table_refusals as T
from .actions import Action, shared_layoff
from .calling import mark_hit
from .discarding import (
    can_end_turn_after,
    canastas_needed,
    may_end_keeping,
    no_discard_barred,
)
from .ending import end_deal
from .game import Game, TableMeld
from .melds import Meld, check_meld, run_span
from .refusals import NOT_HELD, Refusal
from .side_sets import (
    canastas_in,
    foot_down,
    holds_wild,
    may_go_out,
    permits_going_out,
    pick_up_foot,
    side_canastas,
)

__all__ = [
    "apply_layoff",
    "check_layoff",
    "check_leaving",
    "complete_layoff",
    "fits_table",
    "last_card_must_meld",
    "layoff_actions",
    "legal_layoff_of",
    "may_lay_off",
    "meld_without",
    "needs_after",
    "target_reason",
]


def may_lay_off(g: Game) -> Refusal | None:
    """Why the player in turn may not lay off now (``None``: they may)."""
    d = g.deal
    play = g.rules.play
    if play.lay_off_targets == "none":
        return T.NO_LAYOFF
    if not g.is_open(d.current) and not play.lay_off_before_opening:
        return T.LAYOFF_AFTER_DOWN
    if d.duties.down_this_turn and not play.lay_off_on_opening_turn:
        return T.LAYOFF_NEXT_TURN
    return None


def target_reason(g: Game, owner: int, seat: int) -> Refusal | None:
    """Why ``seat`` may not lay off on a meld of ``owner`` (``None``: they may)."""
    play = g.rules.play
    targets = play.lay_off_targets
    if targets == "own" and owner != seat:
        return T.OWN_ONLY
    if targets == "own_and_partner" and g.team[owner] != g.team[seat]:
        return T.OWN_AND_PARTNER
    if play.teams and not play.partner_melds and owner != seat and g.team[owner] == g.team[seat]:
        return T.NOT_PARTNER
    return None


def meld_without(g: Game, meld: TableMeld, place: int) -> Meld:
    """``meld`` as it would be without its card at ``place`` (faces, for checking)."""
    rest = [i for i in range(len(meld.cards)) if i != place]
    faces = g.faces
    return Meld(
        meld.kind,
        tuple(faces[meld.cards[i]] for i in rest),
        tuple(meld.stands_for[i] for i in rest),
    )


def fits_table(g: Game, face: int) -> bool:
    """Whether a card of ``face`` could be laid off on some meld on the table."""
    wild = face in g.deal.rules.wild_faces
    return any(_fits(g, meld, face, wild) for meld in g.deal.melds)


def fits_unfinished_meld(g: Game, face: int) -> bool:
    """Whether a natural card of ``face`` could be laid off, as itself, on a meld
    of the player in turn's side that is not yet a canasta (``draw.natural_pair:
    or_lay_off``: Samba's take of an unfrozen pile without a natural pair)."""
    d = g.deal
    size = g.rules.play.canasta_size
    return any(
        (not size or len(meld.cards) < size)
        and target_reason(g, meld.owner, d.current) is None
        and face in _fits(g, meld, face, False)
        for meld in d.melds
    )


def _fits(g: Game, meld: TableMeld, face: int, wild: bool) -> list[int]:
    """What a card of ``face`` could stand for if laid off on ``meld``, kept in
    the meld's table until the meld changes."""
    options = meld.fits.get(face)
    if options is None:
        options = meld.fits[face] = _layoff_faces(g, meld, face, wild)
    return options


def _layoff_faces(g: Game, meld: TableMeld, face: int, wild: bool) -> list[int]:
    options = _plain_faces(g, meld, face, wild)
    if not options and not wild and _wild_move(g, meld, face) is not None:
        options = [face]
    return options


def _wild_move(g: Game, meld: TableMeld, face: int) -> tuple[int, int, bool] | None:
    """Where a natural card of ``face`` may take the place of a wild standing for
    it in ``meld``, the wild moving (``wilds.reposition``, ``declared_identity:
    may_change``): (the wild's place, what it then stands for, whether it goes to
    the low end of a run). A run's wild goes to the high end if the run may grow
    there, else to the low end; a set's wild takes the first other suit (clubs,
    diamonds, hearts, spades) that keeps the set valid."""
    play = g.rules.play
    change = play.wild_identity == "may_change"
    if meld.kind == "run":
        if play.wild_reposition == "none" and not change:
            return None
    elif meld.kind != "set" or not change:
        return None
    d = g.deal
    wild_faces = d.rules.wild_faces
    faces = [g.faces[c] for c in meld.cards]
    for place, stands in enumerate(meld.stands_for):
        if stands != face or faces[place] not in wild_faces:
            continue
        once = play.wild_reposition == "slide_to_end_once" and not change
        if meld.kind == "run" and once and meld.cards[place] in d.moved:
            continue
        moved = _moved_to(g, meld, faces, place, face)
        if moved is not None:
            return place, moved[0], moved[1]
    return None


def _moved_to(
    g: Game, meld: TableMeld, faces: list[int], place: int, face: int
) -> tuple[int, bool] | None:
    """What the wild at ``place`` would stand for once a natural ``face`` takes its
    place, and whether it goes to the low end (see :func:`_wild_move`)."""
    rules = g.rules.melds
    wild_faces = g.deal.rules.wild_faces
    wild = faces[place]
    cards = list(faces)
    cards[place] = face
    if meld.kind == "set":
        rank = rank_of(face)
        for suit in range(4):
            stands = suit * 13 + rank
            if stands == face:
                continue
            new = list(meld.stands_for)
            new[place] = stands
            trial = Meld("set", (*faces, face), (*new, face))
            if check_meld(trial, rules, wild_faces) is None:
                return stands, False
        return None
    span = run_span(meld.stands_for, rules)
    if span is None:
        return None
    suit, start = span
    end = start + len(meld.stands_for) - 1
    ends = [(end + 1, False), (start - 1, True)]
    if rules.own_place_natural:
        # A wild-rank card of the run's suit goes to its own place when that is
        # an end: it is then natural there (Buraco's two).
        ends.sort(key=lambda e: _end_face(meld, suit, e[0], e[1]) != wild)
    for value, low in ends:
        if value < 1 and rules.ace != "wrap":
            continue
        stands = _end_face(meld, suit, value, low)
        if low:
            trial = Meld("run", (wild, *cards), (stands, *meld.stands_for))
        else:
            trial = Meld("run", (*cards, wild), (*meld.stands_for, stands))
        if check_meld(trial, rules, wild_faces) is None:
            return stands, low
    return None


def _moving_faces(g: Game, meld: TableMeld) -> list[int]:
    """The natural faces that wilds in ``meld`` stand for, where a natural card may
    take a wild's place and move it (see :func:`_wild_move`)."""
    play = g.rules.play
    if play.wild_reposition == "none" and play.wild_identity != "may_change":
        return []
    wild_faces = g.deal.rules.wild_faces
    return [
        stands
        for card, stands in zip(meld.cards, meld.stands_for, strict=True)
        if g.faces[card] in wild_faces
    ]


def _plain_faces(g: Game, meld: TableMeld, face: int, wild: bool) -> list[int]:
    """What a card of ``face`` could stand for if added to an end of ``meld``."""
    if not wild:
        # A natural card fits a set only of its rank, a run only just below
        # or above it in its suit: most cards are turned away here.
        naturals = _natural_fits(meld, g.rules.melds.run_any_suit)
        if naturals is not None and face not in naturals:
            return []
    rules = g.rules.melds
    wild_faces = g.deal.rules.wild_faces
    cards = [g.faces[c] for c in meld.cards]
    options: list[int] = []
    if meld.kind == "jokers":
        trial = Meld("jokers", (*cards, face), (*meld.stands_for, face))
        if check_meld(trial, rules, wild_faces) is None:
            options.append(face)
    elif meld.kind == "set":
        rank = rank_of(meld.stands_for[0])
        candidates = [rank + 13 * s for s in range(4)] if wild else [face]
        for stands in candidates:
            if rank_of(stands) != rank:
                continue
            trial = Meld("set", (*cards, face), (*meld.stands_for, stands))
            if check_meld(trial, rules, wild_faces) is None:
                options.append(stands)
                if wild:
                    break
    elif meld.kind == "colour":
        suit = suit_of(meld.stands_for[0])
        # A natural card stands for itself; a wild for any card of the suit
        # (the highest first: what the listing offers).
        faces = [face] if not wild else [suit * 13 + r for r in range(rules.ranks - 1, -1, -1)]
        for stands in faces:
            trial = Meld("colour", (*cards, face), (*meld.stands_for, stands))
            if suit_of(stands) == suit and check_meld(trial, rules, wild_faces) is None:
                options.append(stands)
    elif meld.kind == "run":
        span = run_span(meld.stands_for, rules)
        if span is None:
            return []
        suit, start = span
        end = start + len(meld.stands_for) - 1
        for value, before in ((start - 1, True), (end + 1, False)):
            stands = _end_face(meld, suit, value, before)
            if value < 1 and rules.ace != "wrap":
                continue
            if not wild:
                if rank_of(face) != rank_of(stands) or (suit >= 0 and stands != face):
                    continue
                stands = face  # (a run of any suits takes it in its own suit)
            if before:
                trial = Meld("run", (face, *cards), (stands, *meld.stands_for))
            else:
                trial = Meld("run", (*cards, face), (*meld.stands_for, stands))
            if check_meld(trial, rules, wild_faces) is None and stands not in options:
                options.append(stands)
    return options


def _end_face(meld: TableMeld, suit: int, value: int, low: bool) -> int:
    """The card of run ``value`` that a card added at an end of ``meld`` stands
    for: in the run's suit, or (``suit`` -1, runs of any suits) in the suit of
    the card at that end."""
    if suit < 0:
        suit = suit_of(meld.stands_for[0] if low else meld.stands_for[-1])
    return suit * 13 + (value - 1) % 13


def _natural_fits(meld: TableMeld, any_suit: bool = False) -> list[int] | None:
    """The natural faces that could be laid off on ``meld`` (``None``: any might):
    the set's rank in every suit, or the cards just below and above the run."""
    key = (meld.kind, meld.stands_for[0], meld.stands_for[-1], any_suit)
    if key in _NATURAL_FITS:
        return _NATURAL_FITS[key]
    kind, first, last, _ = key
    found: list[int] | None
    if kind == "set":
        rank = rank_of(first)
        found = [rank + 13 * suit for suit in range(4)]
    elif kind == "run" and any_suit:
        ranks = {(rank_of(first) - 1) % 13, (rank_of(last) + 1) % 13}
        found = [rank + 13 * suit for rank in sorted(ranks) for suit in range(4)]
    elif kind == "colour":
        found = [suit_of(first) * 13 + rank for rank in range(13)]
    elif kind == "run":
        suit = suit_of(first)
        below = suit * 13 + (rank_of(first) - 1) % 13
        above = suit * 13 + (rank_of(last) + 1) % 13
        found = [below] if below == above else [below, above]
    else:
        found = None
    _NATURAL_FITS[key] = found
    return found


#: ``_natural_fits`` by (kind, first and last face stood for, runs of any
#: suits): all it depends on.
_NATURAL_FITS: dict[tuple[str, int, int, bool], list[int] | None] = {}


def _found_stand_in(g: Game, meld: TableMeld, face: int) -> int:
    """What a wild of ``face`` laid off on ``meld`` without its stand-in stands
    for: itself where it fits as itself (a wild-rank card standing for itself
    is written plain, ``2H``), else the card that fits (in a run the high end
    first); ``face`` if none."""
    options = _fits(g, meld, face, True)
    if not options or face in options or _set_stand_in(g, meld, face, face):
        return face
    return options[-1] if meld.kind == "run" else options[0]


def _set_stand_in(g: Game, meld: TableMeld, face: int, stands: int) -> bool:
    """Whether a wild of ``face`` may stand for ``stands`` in the set ``meld``:
    any card of the set's rank that keeps it a valid set (the listing offers
    one suit; where suits may repeat, any suit will do)."""
    if meld.kind != "set" or face not in g.deal.rules.wild_faces or stands >= JOKER_FACE:
        return False
    if rank_of(stands) != rank_of(meld.stands_for[0]):
        return False
    cards = tuple(g.faces[c] for c in meld.cards)
    trial = Meld("set", (*cards, face), (*meld.stands_for, stands))
    return check_meld(trial, g.rules.melds, g.deal.rules.wild_faces) is None


def complete_layoff(g: Game, action: Action) -> Action:
    """A ``layoff`` of a wild card written without its stand-in (``layoff
    JK@2``), with the stand-in found (:func:`_found_stand_in`); any other action
    as it is. The record writes the completed action."""
    d = g.deal
    if (
        action.kind != "layoff"
        or action.stands_for != -1
        or action.card not in d.rules.wild_faces
        or not 0 <= action.target < len(d.melds)
    ):
        return action
    stands = _found_stand_in(g, d.melds[action.target], action.card)
    return Action("layoff", card=action.card, stands_for=stands, target=action.target)


def _layable(g: Game, face: int) -> int | None:
    """A physical card of ``face`` the player in turn may lay off: any held one,
    but a freed wild where freed wilds go only into new melds."""
    d = g.deal
    seat = d.current
    if not d.freed or not g.rules.play.freed_new_meld_only:
        return g.find(d.hands[seat], face)
    faces = g.faces
    for card in d.hands[seat]:
        if faces[card] == face and d.freed.get(card) != seat:
            return card
    return None


def check_layoff(g: Game, action: Action) -> Refusal | None:
    """Why the lay-off ``action`` is illegal for the player in turn (``None``: legal)."""
    d = g.deal
    seat = d.current
    reason = may_lay_off(g)
    if reason is not None:
        return reason
    if action.card in g.rules.play.going_out_only:
        return T.LAYOFF_GOING_OUT_ONLY(card=format_card(action.card))
    if action.card in g.rules.play.unmeldable:
        return T.UNMELDABLE(cards=format_card(action.card))
    card = _layable(g, action.card)
    if card is None:
        if g.find(d.hands[seat], action.card) is not None:
            return T.FREED_NEW_MELD
        return NOT_HELD(card=format_card(action.card))
    if not 0 <= action.target < len(d.melds):
        return T.NO_MELD(meld=action.target + 1)
    target = d.melds[action.target]
    reason = target_reason(g, target.owner, seat)
    if reason is not None:
        return reason
    wild = action.card in d.rules.wild_faces
    size = g.rules.play.canasta_size
    if wild and size and len(target.cards) >= size and not g.rules.play.canasta_takes_wilds:
        return T.WILD_ONTO_CANASTA(meld=action.target + 1)
    reason = _taken_card_reason(g, action.card, len(target.cards))
    if reason is not None:
        return reason
    stands = action.stands_for if action.stands_for != -1 else action.card
    if wild and action.stands_for == -1:
        stands = _found_stand_in(g, target, action.card)
    if not wild and stands != action.card:
        return T.NOT_WILD(card=format_card(action.card))
    if stands not in _fits(g, target, action.card, wild) and not _set_stand_in(
        g, target, action.card, stands
    ):
        shown = Meld(target.kind, tuple(g.faces[c] for c in target.cards), tuple(target.stands_for))
        what = format_card(action.card)
        if wild:
            what += "=" + format_card(stands)
        return T.DOES_NOT_FIT(card=what, meld=action.target + 1, cards=shown)
    left = len(d.hands[seat]) - 1
    after = None
    if needs_after(g, left):
        after = g.trial()
        apply_layoff(after, action)
    size = g.rules.play.canasta_size
    completes = 1 if size and len(target.cards) + 1 == size else 0
    natural = 0  # the change in the side's natural canastas
    clean = not holds_wild(g, [g.faces[c] for c in target.cards], target.stands_for)
    wild = wild and not (g.rules.melds.own_place_natural and stands == action.card)
    if completes and not wild and clean:
        natural = 1
    elif wild and size and len(target.cards) >= size and clean:
        natural = -1  # a wild card makes a natural canasta mixed
    return check_leaving(
        g, left, Counter([action.card]), after, completes=completes, natural=natural
    )


def _taken_card_reason(g: Game, face: int, target_size: int) -> Refusal | None:
    """Why the card taken from an unfrozen pile with ``draw.natural_pair:
    or_lay_off`` may not be laid off on a meld of ``target_size`` cards: only
    onto a meld that is not yet a canasta. ``None`` for any other card (the
    card taken from a frozen pile is never laid off: see the take's duties)."""
    d = g.deal
    must = d.duties.must_meld
    if must is None or g.faces[must] != face or not d.duties.pair_or_lay_off:
        return None
    size = g.rules.play.canasta_size
    if size and target_size >= size:
        return T.TAKEN_ONTO_CANASTA(card=format_card(face))
    return None


def last_card_must_meld(g: Game, left: int) -> bool:
    """Whether leaving ``left`` cards in hand falls under the rule that the last
    card must be melded: then :func:`check_leaving` needs the game after the move."""
    return left == 1 and g.rules.play.last_card_kept and not may_end_keeping(g)


def needs_after(g: Game, left: int) -> bool:
    """Whether :func:`check_leaving` needs the game after a move that leaves
    ``left`` cards in hand: the last card must be melded, or going out needs
    canastas the side may complete with this very move (``going_out.canastas``)."""
    play = g.rules.play
    # A wild laid on the side's last natural canasta can take going out away.
    return last_card_must_meld(g, left) or (
        left == 1 and play.going_out_limited and (play.going_out_natural > 0 or not may_go_out(g))
    )


def _canastas_after(g: Game, completes: int, natural: int) -> bool:
    """Whether the player in turn's side has the canastas going out needs once a
    move completes ``completes`` canastas and changes its natural ones by ``natural``."""
    play = g.rules.play
    seat = g.deal.current
    total = side_canastas(g, seat) + completes
    clean = side_canastas(g, seat, natural=True) + natural
    return (
        total >= play.going_out_canastas
        and clean >= play.going_out_natural
        and total - clean >= play.going_out_mixed
    )


def check_leaving(
    g: Game,
    left: int,
    used: Counter[int],
    after: Game | None = None,
    *,
    completes: int = 0,
    natural: int = 0,
    new_melds: Sequence[Meld] = (),
) -> Refusal | None:
    """Whether the player may be left with ``left`` cards after melding the faces ``used``.

    Where the last card must be melded (:func:`last_card_must_meld`),
    ``after`` is a trial copy of the game with the move played: the single
    card left must then have somewhere to go.
    """
    play = g.rules.play
    # Going out needs canastas the side lacks now: the move must complete them
    # (``completes`` of them when it empties the hand, ``natural`` the change in
    # its natural ones, or those among ``new_melds``; with one card left, the
    # trial copy ``after`` shows them: a trial never plays a move that goes out).
    if new_melds:
        completes = canastas_in(g, new_melds)
        natural = canastas_in(g, new_melds, natural=True)
    if play.going_out_limited and left == 0 and not foot_down(g, g.deal.current):
        if not _canastas_after(g, completes, natural) or not permits_going_out(g):
            return canastas_needed(g)
    elif play.going_out_limited and left == 1 and not may_go_out(g):
        if not may_end_keeping(g) and (after is None or not may_go_out(after)):
            return canastas_needed(g)
    elif (
        left == 1
        and after is not None
        and play.going_out_natural
        and not may_go_out(after)
        and not may_end_keeping(g)
    ):
        return canastas_needed(after)  # the move leaves the side short of natural canastas
    if not left:
        if foot_down(g, g.deal.current):
            return None  # the foot is picked up: the player plays on
        if play.going_out == "must_discard" and not g.deal.rules.all_out:
            return T.KEEP_TO_DISCARD
        return None
    if last_card_must_meld(g, left):
        if after is not None:
            last = after.deal.hands[after.deal.current]
            if len(last) == 1 and legal_layoff_of(after, after.faces[last[0]]):
                return None
        return T.LAST_CARD_MELD
    ended = can_end_turn_after(after, []) if after is not None else None
    if ended is None:
        ended = can_end_turn_after(g, list(used.elements()))
    if not ended:
        return T.NO_DISCARD_LEFT
    return None


def legal_layoff_of(g: Game, face: int) -> bool:
    """Whether some lay-off of a card of ``face`` is legal now."""
    d = g.deal
    wild = face in d.rules.wild_faces
    for index, meld in enumerate(d.melds):
        for stands in _fits(g, meld, face, wild):
            action = Action("layoff", card=face, stands_for=stands if wild else -1, target=index)
            if check_layoff(g, action) is None:
                return True
    return False


def layoff_actions(g: Game) -> list[Action]:
    """Every legal lay-off of the player in turn."""
    d = g.deal
    seat = d.current
    if may_lay_off(g) is not None:
        return []
    # The same checks as check_layoff, taken once per target and per face.
    targets = [
        (index, meld)
        for index, meld in enumerate(d.melds)
        if target_reason(g, meld.owner, seat) is None
    ]
    if not targets:
        return []
    left = len(d.hands[seat]) - 1
    play = g.rules.play
    # Emptying the hand where going out needs canastas: each lay-off's own count.
    per_target = needs_after(g, left) or (left == 0 and play.going_out_limited)
    # With a card left and nothing barring its discard, laying one off
    # always leaves the turn able to end (check_leaving says None).
    leaving_ok = left >= 1 and (
        may_end_keeping(g) or (not play.last_card_kept and no_discard_barred(g))
    )
    wild_faces = d.rules.wild_faces
    held = {g.faces[c] for c in d.hands[seat]}
    if d.freed and play.freed_new_meld_only:
        held = {f for f in held if _layable(g, f) is not None}
    held -= play.going_out_only | play.unmeldable
    wilds_held = sorted(f for f in held if f in wild_faces)
    by_face: dict[int, list[Action]] = {}
    # Samba's card taken from an unfrozen pile goes only onto an unfinished meld.
    must = d.duties.must_meld
    taken = g.faces[must] if must is not None and d.duties.pair_or_lay_off else -1
    size = play.canasta_size
    for index, meld in targets:
        # Only these natural cards can fit the meld (``_layoff_faces``
        # turns every other natural card away); any wild may.
        naturals = _natural_fits(meld, g.rules.melds.run_any_suit)
        if naturals is None:
            probe = sorted(held)
        else:
            naturals = naturals + [f for f in _moving_faces(g, meld) if f not in naturals]
            probe = [f for f in naturals if f in held and f not in wild_faces] + wilds_held
        full = size and len(meld.cards) >= size
        for face in probe:
            wild = face in wild_faces
            if full and ((wild and not play.canasta_takes_wilds) or face == taken):
                continue  # a canasta takes no more wild cards, nor that card
            options = _fits(g, meld, face, wild)
            if wild and meld.kind == "colour":
                options = options[:1]  # in a colour meld only the suit matters
            for stands in options:
                action = shared_layoff(face, stands if wild else -1, index)
                by_face.setdefault(face, []).append(action)
    actions: list[Action] = []
    for face, fitting in by_face.items():
        if per_target:
            actions.extend(a for a in fitting if check_layoff(g, a) is None)
        elif leaving_ok or check_leaving(g, left, Counter([face])) is None:
            actions.extend(fitting)
    return actions


def apply_layoff(g: Game, action: Action) -> None:
    """Lay off ``action.card`` on meld ``action.target`` (checked to be legal)."""
    d = g.deal
    seat = d.current
    card = _layable(g, action.card)
    assert card is not None
    stands = action.stands_for if action.stands_for != -1 else action.card
    meld = d.melds[action.target]
    d.rebuilt_without_play = 0
    d.hands[seat].remove(card)
    if d.hit:
        mark_hit(g, meld.owner)
    face = g.faces[card]
    if face not in d.rules.wild_faces and not _plain_faces(g, meld, face, False):
        _move_wild(g, meld, card)
        _laid_off(g, card)
        return
    after = Meld(
        meld.kind,
        (*(g.faces[c] for c in meld.cards), face),
        (*meld.stands_for, stands),
    )
    meld.fits = {}
    d.table_view = None
    if meld.kind != "run" or check_meld(after, g.rules.melds, d.rules.wild_faces) is None:
        meld.cards.append(card)
        meld.stands_for.append(stands)
        meld.laid_by.append(seat)
    else:
        meld.cards.insert(0, card)
        meld.stands_for.insert(0, stands)
        meld.laid_by.insert(0, seat)
    _laid_off(g, card)


def _move_wild(g: Game, meld: TableMeld, card: int) -> None:
    """Lay off the natural ``card`` in the place of the wild standing for it in
    ``meld``, moving the wild (checked possible: :func:`_wild_move`)."""
    d = g.deal
    face = g.faces[card]
    move = _wild_move(g, meld, face)
    assert move is not None
    place, stands, low = move
    wild = meld.cards[place]
    layer = meld.laid_by[place]
    meld.fits = {}
    d.table_view = None
    if meld.kind == "set":
        meld.stands_for[place] = stands
        meld.cards.append(card)
        meld.stands_for.append(face)
        meld.laid_by.append(d.current)
        return
    meld.cards[place] = card
    meld.laid_by[place] = d.current
    at = 0 if low else len(meld.cards)
    meld.cards.insert(at, wild)
    meld.stands_for.insert(at, stands)
    meld.laid_by.insert(at, layer)
    d.moved.append(wild)


def _laid_off(g: Game, card: int) -> None:
    """What follows any lay-off: a card that had to be melded is, and an empty
    hand goes out."""
    d = g.deal
    seat = d.current
    face = g.faces[card]
    if d.duties.must_meld == card or (
        d.duties.must_meld is not None and g.faces[d.duties.must_meld] == face
    ):
        d.duties.must_meld = None
    if not d.hands[seat] and not pick_up_foot(g, seat):
        end_deal(g, "out", seat)
