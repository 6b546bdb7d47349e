"""The draw: from the stock, the top discard, or deeper in the discard pile
where the variant lets players dig; and passing when the stock is closed.
"""

from __future__ import annotations

from ..cards import JOKER_FACE, format_card, rank_of, suit_of
from .actions import Action, action_text, shared_action
from .buying import finish_draw, open_buy_window, stock_or_end
from .calling import CALL, apply_call, check_call
from .dealing import refill_stock, stock_closed
from .dropping import DROP, check_drop, drop_cost, leave_deal
from .ending import end_deal, pass_turn
from .forcing import end_turn, force_refusal
from .game import PLAY, Game
from .knocking import knock_actions
from .laying_off import fits_table, fits_unfinished_meld
from .refusals import N_, NO_BUY_WINDOW, Refusal, RefusalKind, refusal, refusal_kind
from .side_sets import holds_pair, pair_needed, pile_frozen
from .turn import can_go_on, play_actions

__all__ = ["apply_draw_phase", "check_draw_phase", "draw_actions"]

_OFFERED = refusal(
    "draw.upcard_offered",
    ("table.upcard_offer",),
    N_("the upcard is offered to you first: take it or pass"),
)
_NO_BLOCK = refusal(
    "draw.no_block_call", ("buying.block_call",), N_("there is no block call in this variant")
)
_NOTHING_TO_BLOCK = refusal(
    "draw.block_empty_stock", (), N_("the stock is empty: there is nothing to draw")
)
_NO_DISCARD_TO_BLOCK = refusal("draw.block_no_discard", (), N_("there is no discard to block"))
_STOCK_CLOSED = refusal(
    "draw.stock_closed",
    ("stock_exhausted.action",),
    N_("the stock is empty: take a discard you can meld at once, or pass"),
)
_MUST_TAKE = refusal_kind(
    "pass.must_take",
    ("stock_exhausted.must_take",),
    N_("the stock is empty and {card} can be laid off on your side's meld: take it"),
)
_DRAW_FIRST = refusal("draw.first", (), N_("draw first: from the stock, or take the discard"))
_TURNED = refusal_kind(
    "turned.take_or_pass",
    ("draw.mode",),
    N_("you turned up {card}: take it or pass"),
)
_ONLY_TURNED = refusal_kind(
    "turned.only_that_card",
    ("draw.mode",),
    N_("only the card you turned up, {card}, may be taken"),
)
_STOCK_ONLY = refusal(
    "take.stock_only",
    ("draw.discard_pile",),
    N_("in this variant players draw from the stock only"),
)
_PILE_EMPTY = refusal("take.pile_empty", (), N_("the discard pile is empty"))
_UPCARD_REFUSED = refusal(
    "take.upcard_refused",
    ("table.upcard_offer",),
    N_("every player offered the upcard refused it: draw from the stock"),
)
_ONLY_UPCARD = refusal_kind(
    "take.only_upcard", ("table.upcard_offer",), N_("only the upcard, {card}, is offered")
)
_NOT_IN_PILE = refusal_kind("take.not_in_pile", (), N_("there is no {card} in the discard pile"))
_SKIP = refusal(
    "take.skip", ("deck.numbered.skips",), N_("a skip card on the discard pile is never taken")
)
_STOP_CARD = refusal_kind(
    "take.stop_card",
    ("draw.stop_cards",),
    N_("{card} on top of the discard pile stops you from taking from it"),
)
_WILD_PAIR = refusal(
    "take.wild_with_pair",
    ("draw.natural_pair",),
    N_("a wild card on top of the discard pile cannot be taken with a natural pair"),
)
_PAIR = refusal_kind(
    "take.natural_pair",
    ("draw.natural_pair",),
    N_("take {card} only with two natural cards of its rank from your hand"),
)
_FROZEN_PAIR = refusal_kind(
    "take.frozen_pile",
    ("draw.natural_pair",),
    N_("the pile is frozen: take {card} only with two natural cards of its rank from your hand"),
)
_PAIR_OR_LAY_OFF = refusal_kind(
    "take.pair_or_lay_off",
    ("draw.natural_pair",),
    N_(
        "take {card} only with two natural cards of its rank from your hand, or to lay "
        "it off on a meld of your side that is not yet a canasta"
    ),
)
_ONE_CARD_PILE = refusal(
    "take.one_card_pile",
    ("draw.one_card_pile_with_one_card",),
    N_("with one card in your hand you may not take a discard pile of one card"),
)
_DISCARDED_WILD = refusal(
    "take.discarded_wild",
    ("wilds.take_discarded",),
    N_("a wild card a player has discarded may not be taken"),
)
_WHOLE_PILE = refusal_kind(
    "take.whole_pile",
    ("draw.discard_pile",),
    N_("the whole pile is taken by naming its top card, {card}"),
)
_TOP_ONLY = refusal(
    "take.top_only", ("draw.discard_pile",), N_("only the top discard may be taken")
)
_AFTER_DOWN = refusal(
    "take.after_going_down",
    ("draw.discard_after_going_down",),
    N_("you have gone down, so you may no longer take discards"),
)
_ONLY_BARRED = refusal_kind(
    "take.only_barred_left",
    ("discard.not_just_taken", "discard.not_just_taken_match"),
    N_(
        "taking {card} would leave you only cards of {card}, none of which you may "
        "discard this turn, and nothing else to play"
    ),
)
_AT_THE_WALL = refusal(
    "take.at_the_wall",
    ("stock_exhausted.void_take",),
    N_("with the stock this low, the discard is taken only to knock with it"),
)
_MUST_OPEN = refusal(
    "take.must_open",
    ("draw.discard_condition",),
    N_("taking the discard obliges you to open this turn, and you could not"),
)
_DEEP_AT_ONCE = refusal_kind(
    "take.deep_meld_now",
    ("draw.deep_card_use",),
    N_(
        "{card} lies under other cards: it may be taken only to be melded at once, and it cannot be melded now"
    ),
)
_DEEP_THIS_TURN = refusal_kind(
    "take.deep_this_turn",
    ("draw.deep_card_use",),
    N_(
        "{card} lies under other cards: it may be taken only to be melded this turn, and it cannot be melded now"
    ),
)
_MELD_AT_ONCE = refusal_kind(
    "take.meld_now",
    ("draw.discard_condition",),
    N_("{card} may be taken only to be melded at once, and it cannot be now"),
)
_CLOSED_MELD_AT_ONCE = refusal_kind(
    "take.stock_closed_meld_now",
    ("stock_exhausted.action",),
    N_("{card} may be taken only to be melded at once, and it cannot be now"),
)

#: The shared take actions, by face.
_TAKES = [shared_action("take", face) for face in range(53)]


def draw_actions(g: Game) -> list[Action]:
    """The legal actions at the start of a turn, sorted by text."""
    d = g.deal
    if d.offer:
        # The upcard is offered: take it or pass.
        actions = [shared_action("pass")]
        face = g.faces[d.discard[-1]]
        if _check_take_at(g, face, 0) is None:
            actions.append(_TAKES[face])
        return sorted(actions, key=action_text)
    turned = d.duties.turned
    if turned is not None:
        # draw.mode turn_up: the card turned up is taken, or passed to the next player.
        actions = [shared_action("pass")]
        face = g.faces[turned]
        if _check_take_at(g, face, 0) is None:
            actions.append(_TAKES[face])
        return sorted(actions, key=action_text)
    closed = stock_closed(g)
    actions = [] if closed and _must_take(g) else [shared_action("pass" if closed else "draw")]
    if check_drop(g) is None:
        actions.append(DROP)
    if g.rules.play.call and check_call(g) is None:
        actions.append(CALL)
    if g.rules.play.block_call and not closed and d.discard:
        actions.append(shared_action("block"))
    pile = g.rules.play.discard_pile
    # Only the top card is named where the pile is taken from the top or whole;
    # with any_depth, each face once (its highest copy).
    deepest = len(d.discard) if pile == "any_depth" else min(len(d.discard), 1)
    if pile == "none" or d.duties.upcard_refused:
        deepest = 0
    seen: set[int] = set()
    for depth in range(deepest):
        face = g.faces[d.discard[-1 - depth]]
        if face in seen:
            continue
        seen.add(face)
        if _check_take_at(g, face, depth) is None:
            actions.append(_TAKES[face])
    return sorted(actions, key=action_text)


def check_draw_phase(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is illegal at the start of a turn (``None``: legal)."""
    kind = action.kind
    if g.deal.offer:
        if kind == "pass":
            return None
        if kind == "take":
            return _check_take(g, action.card)
        return _OFFERED
    turned = g.deal.duties.turned
    if turned is not None:
        return _check_turned(g, action, turned)
    if kind == "force":
        return force_refusal(g)
    if kind == "drop":
        return check_drop(g)
    if kind == "call":
        return check_call(g)
    if kind == "block":
        if not g.rules.play.block_call:
            return _NO_BLOCK
        if stock_closed(g):
            return _NOTHING_TO_BLOCK
        if not g.deal.discard:
            return _NO_DISCARD_TO_BLOCK
        return None
    if stock_closed(g):
        if kind == "pass":
            return (
                _MUST_TAKE(card=format_card(g.faces[g.deal.discard[-1]])) if _must_take(g) else None
            )
        if kind == "draw":
            return _STOCK_CLOSED
    elif kind == "pass":
        return NO_BUY_WINDOW
    if kind == "buy":
        return NO_BUY_WINDOW
    if kind == "draw":
        return None
    if kind == "take":
        return _check_take(g, action.card)
    return _DRAW_FIRST


def apply_draw_phase(g: Game, action: Action) -> None:
    """Play ``action`` (draw, block, take or pass), checked to be legal."""
    kind = action.kind
    if kind == "draw":
        _draw(g)
    elif kind == "block":
        _draw(g, window=False)
    elif kind == "take":
        g.deal.offer = []
        g.deal.duties.turned = None
        _take(g, action.card)
    elif kind == "drop":
        leave_deal(g, g.deal.current, drop_cost(g))
    elif kind == "call":
        apply_call(g)
    elif g.deal.offer:
        _refuse_upcard(g)
    elif g.deal.duties.turned is not None:
        g.deal.duties.turned = None  # the card turned up stays on the pile for the next player
        end_turn(g)
    else:
        pass_turn(g)


def _check_turned(g: Game, action: Action, turned: int) -> Refusal | None:
    """Why ``action`` is illegal after turning up ``turned`` (``draw.mode:
    turn_up``): only taking that card, or passing, is."""
    kind = action.kind
    if kind == "pass":
        return None
    face = g.faces[turned]
    if kind == "take":
        if action.card != face:
            return _ONLY_TURNED(card=format_card(face))
        return _check_take_at(g, face, 0)
    return _TURNED(card=format_card(face))


def _refuse_upcard(g: Game) -> None:
    """The seat offered the upcard refuses it: the next seat is offered it, or,
    when every seat has refused, the first player draws from the stock."""
    d = g.deal
    d.turns_played[d.current] -= 1
    d.offer.pop(0)
    if d.offer:
        d.current = d.offer[0]
    else:
        d.current = g.next_seat(g.dealer)
        d.duties.upcard_refused = True
    d.turns_played[d.current] += 1


def _depth_of(g: Game, face: int) -> int | None:
    """How deep the first card of ``face`` lies in the discard pile (0: on top)."""
    pile = g.deal.discard
    for depth in range(len(pile)):
        if g.faces[pile[-1 - depth]] == face:
            return depth
    return None


def _take_duties(g: Game, depth: int) -> tuple[str, bool]:
    """What taking the card at ``depth`` obliges the player to do with it — ``meld_now``
    (before anything else), ``this_turn`` (some time this turn) or ``""`` — and whether
    the player must open this turn."""
    d = g.deal
    play = g.rules.play
    if stock_closed(g):
        return "meld_now", False
    if depth:
        use = play.deep_card_use
        return ("" if use == "free" else use), False
    condition = play.discard_condition
    down = d.down[d.current]
    if condition == "meld_now" or (condition == "opening_or_after" and not down):
        return "meld_now", False
    return "", condition == "forces_opening" and not down


def _check_take(g: Game, face: int) -> Refusal | None:
    d = g.deal
    play = g.rules.play
    if play.discard_pile == "none":
        return _STOCK_ONLY
    if not d.discard:
        return _PILE_EMPTY
    if d.duties.upcard_refused:
        return _UPCARD_REFUSED
    if d.offer and g.faces[d.discard[-1]] != face:
        return _ONLY_UPCARD(card=format_card(g.faces[d.discard[-1]]))
    depth = _depth_of(g, face)
    if depth is None:
        return _NOT_IN_PILE(card=format_card(face))
    return _check_take_at(g, face, depth)


def _check_take_at(g: Game, face: int, depth: int) -> Refusal | None:
    """:func:`_check_take` for the card of ``face`` nearest the top, ``depth`` deep."""
    d = g.deal
    play = g.rules.play
    if face == g.rules.melds.skip_face:
        return _SKIP
    top = g.faces[d.discard[-1]]
    if top in play.stop_faces:
        return _STOP_CARD(card=format_card(top))
    if not play.one_card_pile and len(d.discard) == 1 and len(d.hands[d.current]) == 1:
        return _ONE_CARD_PILE
    if depth == 0 and pair_needed(g) and not holds_pair(g, face):
        if face == JOKER_FACE or face in d.rules.wild_faces:
            return _WILD_PAIR
        kind: RefusalKind | None = _FROZEN_PAIR if play.natural_pair == "when_frozen" else _PAIR
        if play.natural_pair == "or_lay_off":
            if pile_frozen(g):
                kind = _FROZEN_PAIR
            elif fits_unfinished_meld(g, face):
                kind = None  # Samba: the top card laid off alone on an unfinished meld
            else:
                kind = _PAIR_OR_LAY_OFF
        if kind is not None:
            return kind(card=format_card(face))
    if (
        not play.take_discarded_wild
        and face in d.rules.wild_faces
        and not (depth == 0 and d.discarder is None)
    ):
        return _DISCARDED_WILD
    if depth and play.discard_pile == "whole_pile":
        return _WHOLE_PILE(card=format_card(g.faces[d.discard[-1]]))
    if depth and play.discard_pile != "any_depth":
        return _TOP_ONLY
    if d.down[d.current] and not play.discard_after_going_down:
        return _AFTER_DOWN
    if depth == 0 and _only_barred_after(g, face):
        return _ONLY_BARRED(card=format_card(face))
    if _at_the_wall(g):
        trial = g.trial()
        _take(trial, face)
        if not knock_actions(trial):
            return _AT_THE_WALL
    duty, must_open = _take_duties(g, depth)
    if not (duty or must_open):
        return None
    if duty and not must_open and not _could_meld(g, face, depth):
        return _take_refusal(g, face, depth, duty)
    # Try the take on a copy: the player must then have a way to go on. A card
    # to be used some time this turn must be usable at once (what the player
    # does first may only keep that way open: see the play phase's duties).
    trial = g.trial()
    _take(trial, face)
    if duty == "this_turn":
        trial.deal.duties.must_use = None
        trial.deal.duties.must_meld = g.find(trial.deal.hands[d.current], face)
    if can_go_on(trial):
        return None
    if must_open:
        return _MUST_OPEN
    return _take_refusal(g, face, depth, duty)


def _must_take(g: Game) -> bool:
    """``stock_exhausted.must_take: lay_off``, the stock gone: whether the player
    in turn must take the top discard, as they may take it and then lay it off
    on a meld of their side."""
    d = g.deal
    if not g.rules.play.must_take_lay_off or not d.discard:
        return False
    face = g.faces[d.discard[-1]]
    if not fits_table(g, face) or _check_take_at(g, face, 0) is not None:
        return False
    trial = g.trial()
    _take(trial, face)
    return any(a.kind == "layoff" and a.card == face for a in play_actions(trial))


def _only_barred_after(g: Game, face: int) -> bool:
    """Whether taking ``face`` would leave the player only cards that the rule on
    the card just taken bars from the discard (``discard.not_just_taken``), and
    nothing else to play: the turn could not end by the rules."""
    play = g.rules.play
    d = g.deal
    hand = d.hands[d.current]
    faces = g.faces
    if play.not_just_taken == "never" or any(faces[c] != face for c in hand):
        return False
    if hand and not play.just_taken_face:
        return False  # its twin may be discarded
    trial = g.trial()
    _take(trial, face)
    if trial.deal.duties.taken_single is None:
        return False
    return all(a.kind == "discard" for a in play_actions(trial))


def _take_refusal(g: Game, face: int, depth: int, duty: str) -> Refusal:
    """Why a card that must be melded cannot be taken: it could not be melded."""
    if depth:
        kind = _DEEP_AT_ONCE if duty == "meld_now" else _DEEP_THIS_TURN
    else:
        kind = _CLOSED_MELD_AT_ONCE if stock_closed(g) else _MELD_AT_ONCE
    return kind(card=format_card(face))


def _could_meld(g: Game, face: int, depth: int) -> bool:
    """A quick necessary condition for melding a taken card of ``face`` at once:
    it fits a meld on the table, or the hand with the taken cards holds enough
    cards that could share a meld with it (wilds, its rank, its suit). ``False``
    means it certainly cannot be melded; ``True`` leaves the full trial to say."""
    d = g.deal
    wild_faces = d.rules.wild_faces
    if face in wild_faces or face == JOKER_FACE or fits_table(g, face):
        return True
    melds = g.rules.melds
    need = melds.fewest_in_meld - 1
    taken = [d.discard[i] for i in _taken_places(g, depth)]
    rank, suit = rank_of(face), suit_of(face)
    faces = g.faces
    found = 0
    skipped = False
    for card in (*d.hands[d.current], *taken):
        other = faces[card]
        if other == face and not skipped:
            skipped = True  # the taken card itself
            continue
        if other in wild_faces or (
            other != JOKER_FACE and (rank_of(other) == rank or suit_of(other) == suit)
        ):
            found += 1
            if found >= need:
                return True
    return False


def _draw(g: Game, *, window: bool = True) -> None:
    """Draw from the stock; then, or first (``until_next_draw``), the buy window,
    unless the player called a block (``window=False``)."""
    d = g.deal
    play = g.rules.play
    if play.stock_exhausted == "void" and len(d.stock) <= play.void_when_left:
        end_deal(g, "void", None)  # the deal is cancelled: it scores nothing
        return
    d.duties.taken_single = None
    if play.turn_up:
        # The stock card goes face up onto the pile: the player takes it or passes.
        if stock_or_end(g):
            card = d.stock.pop()
            d.discard.append(card)
            d.discarder = None
            d.duties.turned = card
        return
    if play.push and d.discard:
        _push(g)
    if not window:
        if finish_draw(g):
            d.phase = PLAY
        return
    if play.buy_before_draw:
        # Buys come first; the player in turn draws when the window closes.
        if not stock_or_end(g):
            return
        d.draw_pending = True
        open_buy_window(g)
        if d.phase == PLAY:
            finish_draw(g)
        return
    if finish_draw(g):
        open_buy_window(g)


def _push(g: Game) -> None:
    """``draw.push``: the top discard and the top stock card (if there is one)
    go to the next player's hand."""
    d = g.deal
    pushed = [d.discard.pop()]
    if refill_stock(g):
        pushed.append(d.stock.pop())
    receiver = g.next_seat(d.current)
    d.hands[receiver].extend(pushed)
    d.shown.append((receiver, pushed[0]))  # the discard, face up
    d.discarder = None


def _taken_places(g: Game, depth: int) -> range:
    """The places in the discard pile (from the bottom) of the cards a take at
    ``depth`` picks up: the whole pile, the chosen card alone, or the chosen
    card and every card above it."""
    size = len(g.deal.discard)
    play = g.rules.play
    if play.pile_cards:  # draw.pile_cards: that many from the top
        return range(max(0, size - play.pile_cards), size)
    if play.discard_pile == "whole_pile":
        return range(size)
    if depth and not play.deep_take_all_above:
        return range(size - depth - 1, size - depth)
    return range(size - depth - 1, size)


def _at_the_wall(g: Game) -> bool:
    """Whether the stock is down to the void limit where a discard is taken only
    to knock with it (``stock_exhausted.void_take: to_knock``)."""
    play = g.rules.play
    return play.void_take_to_knock and len(g.deal.stock) <= play.void_when_left


def _take(g: Game, face: int) -> None:
    d = g.deal
    play = g.rules.play
    depth = _depth_of(g, face)
    assert depth is not None
    places = _taken_places(g, depth)
    pair = pair_needed(g)  # as the pile stands before the take
    either = play.natural_pair == "or_lay_off" and not pile_frozen(g)
    taken = [d.discard[i] for i in places]
    del d.discard[places[0] : places[-1] + 1]
    if play.bonus_faces:  # a covered upcard: laid aside, not replaced
        d.aside[d.current].extend(c for c in taken if g.faces[c] in play.bonus_faces)
        taken = [c for c in taken if g.faces[c] not in play.bonus_faces]
    d.hands[d.current].extend(taken)
    d.shown.extend((d.current, c) for c in taken)
    from_top = play.discard_pile == "whole_pile" or play.pile_cards
    chosen = taken[-1] if from_top else taken[0]
    duty, must_open = _take_duties(g, depth)
    always = play.not_just_taken == "always"  # the card chosen, however many came with it
    d.duties.taken_single = chosen if len(taken) == 1 or always else None
    d.duties.taken_twin = g.count_face(d.hands[d.current], g.faces[chosen]) > 1
    d.duties.must_meld = chosen if duty == "meld_now" else None
    d.duties.must_pair = pair and d.duties.must_meld is not None
    d.duties.pair_or_lay_off = either and d.duties.must_pair
    d.duties.pile_cards = tuple(c for c in taken if c != chosen)
    d.duties.must_use = face if duty == "this_turn" else None
    d.duties.must_open = must_open
    d.duties.must_knock = _at_the_wall(g)
    d.phase = PLAY
