"""The play phase of a turn, after the draw: which part of the turn each action
belongs to, the duties a take may leave (meld that card first, open first),
and the legal actions, gathered from the parts.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import format_card
from .actions import Action, action_text, shared_action
from .asking import (
    ANSWERS,
    ASK,
    ASKED_YES,
    ASKING,
    apply_answer,
    apply_ask,
    check_answer,
    check_ask,
)
from .buying import finish_draw
from .calling import CALL_FIRST, NO_CALL
from .discarding import (
    apply_discard,
    apply_end,
    check_discard,
    check_end,
    discardable,
    may_end_keeping,
    must_meld_freed,
)
from .dropping import NO_DROP
from .ending import next_turn, pass_turn
from .exchanging import apply_exchange, can_open, check_exchange, exchange_actions
from .forcing import force_refusal
from .game import Game
from .knocking import NOT_DURING_PLAY, apply_knock, check_knock, knock_actions
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
from .rearranging import apply_rearrange, check_rearrange, rearrange_actions
from .refusals import N_, NO_BUY_WINDOW, Refusal, refusal, refusal_kind

__all__ = [
    "apply_play_phase",
    "apply_undo",
    "can_go_on",
    "check_play_phase",
    "check_undo",
    "play_actions",
    "sorted_play_actions",
]

#: The shared discard actions, by face.
_DISCARDS = [shared_action("discard", face) for face in range(53)]
_END = shared_action("end")
_DRAW = shared_action("draw")
_PASS = shared_action("pass")


_NO_TAKE_BACK = refusal(
    "undo.not_allowed",
    ("melding.take_back",),
    N_("cards laid on the table stay there in this variant"),
)
_NOTHING_TO_UNDO = refusal("undo.nothing", (), N_("you have laid nothing this turn to take back"))
_OPEN_FIRST = refusal(
    "turn.open_first",
    ("draw.discard_condition",),
    N_("you took the discard, so you must open (go down) first"),
)
_TAKEN_FIRST = refusal_kind(
    "turn.meld_taken_first",
    ("draw.discard_condition", "draw.deep_card_use"),
    N_("{card} must be melded first"),
)
_FREED_FIRST = refusal_kind(
    "turn.meld_freed_first", ("wilds.exchange.freed_wild_first",), N_("{card} must be melded first")
)
_WITH_PAIR = refusal_kind(
    "turn.meld_with_pair",
    ("draw.natural_pair",),
    N_("{card} must be melded with two natural cards of its rank"),
)
_DOWN_BEFORE_DISCARD = refusal(
    "exchange.down_before_discard",
    ("wilds.exchange.forces_going_down",),
    N_("you exchanged a wild, so you must go down this turn before you discard"),
)
_DOWN_BEFORE_END = refusal(
    "exchange.down_before_end",
    ("wilds.exchange.forces_going_down",),
    N_("you exchanged a wild, so you must go down this turn before you end your turn"),
)
_DOWN_COULD_NOT = refusal(
    "exchange.down_could_not",
    ("wilds.exchange.forces_going_down",),
    N_("you exchanged a wild, so you must go down this turn, and you then could not"),
)
_FREED = ("wilds.exchange.use_same_turn", "wilds.exchange.freed_wild_first")
_DEEP = ("draw.deep_card_use",)
#: Why a card to be used this turn is not: (freed wild, dug card) for a discard,
#: an end of turn, and a play after which it could no longer be melded.
_USE_OPEN = {
    "discard": (
        refusal_kind(
            "use.freed_before_discard",
            _FREED,
            N_("the freed wild {card} must be melded this turn before you discard"),
        ),
        refusal_kind(
            "use.deep_before_discard",
            _DEEP,
            N_("{card}, taken from under other cards, must be melded this turn before you discard"),
        ),
    ),
    "end": (
        refusal_kind(
            "use.freed_before_end",
            _FREED,
            N_("the freed wild {card} must be melded this turn before you end your turn"),
        ),
        refusal_kind(
            "use.deep_before_end",
            _DEEP,
            N_(
                "{card}, taken from under other cards, must be melded this turn before you end "
                "your turn"
            ),
        ),
    ),
    "": (
        refusal_kind(
            "use.freed_no_longer",
            _FREED,
            N_("the freed wild {card} could then no longer be melded this turn"),
        ),
        refusal_kind(
            "use.deep_no_longer",
            _DEEP,
            N_("{card}, taken from under other cards, could then no longer be melded this turn"),
        ),
    ),
}
_YES_BINDS = refusal(
    "going_out.partner_said_yes",
    ("going_out.ask_partner",),
    N_("your partner said yes: go out this turn, melding and laying off while you can"),
)
_DRAWN = refusal("turn.already_drawn", (), N_("you have already drawn this turn"))
_DROP_FIRST = refusal(
    "drop.before_drawing",
    ("going_out.drop.first", "going_out.drop.middle"),
    N_("a player drops at the start of their turn, before drawing"),
)
_MUST_KNOCK = refusal(
    "turn.must_knock",
    ("stock_exhausted.void_take",),
    N_("you took the discard with the stock this low: knock with it"),
)
_NOT_ASKED = refusal("answer.not_asked", (), N_("nobody has asked you anything"))
_PLAYED_NO_DRAW = refusal(
    "turn.played_no_draw",
    ("draw.mode",),
    N_("you have played cards this turn, so you may not draw: end your turn"),
)
_STOCK_EMPTY_PASS = refusal(
    "turn.stock_empty_pass",
    ("stock_exhausted.action",),
    N_("the stock is empty: play cards, or pass"),
)
_DRAW_NOT_PASS = refusal(
    "turn.draw_not_pass",
    ("draw.mode", "stock_exhausted.action"),
    N_("a player passes only once the stock is empty: play cards, or draw"),
)
_UNKNOWN = refusal_kind("action.unknown", (), N_("unknown action '{kind}'"))

#: The card plays a player may take back (``melding.take_back: this_turn``).
_UNDOABLE = frozenset(("down", "meld", "layoff", "exchange", "rearrange"))
#: The plays on the table, refused where melds are shown only at a knock.
_TABLE_PLAYS = frozenset(("down", "meld", "layoff", "exchange", "rearrange", "undo"))


def check_undo(g: Game) -> Refusal | None:
    """Why the player in turn may not ``undo`` now (``None``: they may)."""
    if not g.rules.play.take_back:
        return _NO_TAKE_BACK
    if not g.deal.undo:
        return _NOTHING_TO_UNDO
    return None


def apply_undo(g: Game) -> None:
    """Take back the last card play of this turn: the deal as it stood before it."""
    older = g.deal.undo
    back = older.pop().copy()
    back.undo = older
    back.table_view = None
    g.deal = back


def _duty_reason(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` breaks a duty left by this turn's take (``None``: it does not)."""
    d = g.deal
    kind = action.kind
    if kind == "undo":
        return None  # the duties stand as they stood before the play taken back
    if d.duties.must_open and kind != "down":
        return _OPEN_FIRST
    if d.duties.must_meld is not None:
        face = g.faces[d.duties.must_meld]
        if not (kind == "down" or _uses(action, face)):
            kind_of = _FREED_FIRST if must_meld_freed(g) else _TAKEN_FIRST
            return kind_of(card=format_card(face))
        either = d.duties.pair_or_lay_off and kind == "layoff"  # Samba's unfrozen pile
        if d.duties.must_pair and kind not in ("down", "meld") and not either:
            return _WITH_PAIR(card=format_card(face))
    if d.duties.must_use is not None and not _uses(action, d.duties.must_use):
        return _keeps_use_open(g, action, d.duties.must_use)
    if d.duties.open_this_turn and not d.down[d.current] and kind != "down":
        return _keeps_opening_open(g, action)
    return None


def _keeps_opening_open(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` breaks the duty to go down this turn that an exchange left
    (``wilds.exchange.forces_going_down``): a discard before going down, or a move
    after which the player could no longer go down."""
    if action.kind in ("discard", "end"):
        return _DOWN_BEFORE_DISCARD if action.kind == "discard" else _DOWN_BEFORE_END
    trial = _tried(g, action)
    if isinstance(trial, Refusal):
        return trial
    if trial.deal.down[trial.deal.current] or can_open(trial):
        return None
    return _DOWN_COULD_NOT


def _tried(g: Game, action: Action) -> Game | Refusal:
    """A trial copy with ``action`` played (the duties of the turn aside), or why
    ``action`` is illegal in itself."""
    reason = check_play_phase_plain(g, action)
    if reason is not None:
        return reason
    trial = g.trial()
    apply_play_phase(trial, action)
    return trial


def _uses(action: Action, face: int) -> bool:
    """Whether ``action`` melds a card of ``face``: in a new meld (a rearrangement's
    too) or as a lay-off (giving it for a wild in an exchange does not count)."""
    kind = action.kind
    if kind in ("down", "meld", "rearrange"):
        return any(face in m.cards for m in action.melds)
    return kind == "layoff" and action.card == face


def _keeps_use_open(g: Game, action: Action, face: int) -> Refusal | None:
    """Why ``action`` would leave the dug card ``face`` with no way to be used this
    turn (``draw.deep_card_use: this_turn``); ``None`` if it still could be."""
    shown = format_card(face)
    # A wild freed by an exchange (wilds.exchange.freed_wild_first: false), or a
    # card dug from under others (draw.deep_card_use: this_turn).
    freed = g.rules.play.exchange_use_same_turn and face in g.deal.rules.wild_faces
    if action.kind in ("discard", "end"):
        return _USE_OPEN[action.kind][0 if freed else 1](card=shown)
    trial = _tried(g, action)
    if isinstance(trial, Refusal):
        return trial
    trial.deal.duties.must_use = None
    trial.deal.duties.must_meld = g.find(trial.deal.hands[trial.deal.current], face)
    if trial.deal.duties.must_meld is not None and can_go_on(trial):
        return None
    return _USE_OPEN[""][0 if freed else 1](card=shown)


def check_play_phase(g: Game, action: Action) -> Refusal | None:
    """Why ``action`` is illegal after the draw (``None``: legal)."""
    kind = action.kind
    asked = g.deal.duties.asked
    if asked == ASKING:
        return check_answer(g, action)
    if asked == ASKED_YES and kind in ("discard", "end") and _yes_binds(g, action):
        return _YES_BINDS
    if kind in ("draw", "pass") and g.rules.play.play_or_draw:
        return _check_play_or_draw(g, kind)
    if kind in ("pass", "buy"):
        return NO_BUY_WINDOW
    if kind in ("draw", "take"):
        return _DRAWN
    if kind == "drop":
        play = g.rules.play
        if play.drop_first < 0 and play.drop_middle < 0:
            return NO_DROP
        return _DROP_FIRST
    if kind == "call":
        return CALL_FIRST if g.rules.play.call else NO_CALL
    if kind == "force":
        return force_refusal(g)
    if g.deal.duties.must_knock and kind != "knock":
        return _MUST_KNOCK
    reason = _duty_reason(g, action)
    if reason is not None:
        return reason
    return check_play_phase_plain(g, action)


def _check_play_or_draw(g: Game, kind: str) -> Refusal | None:
    """``draw.mode: play_or_draw``: why the player in turn may not ``draw`` (or
    ``pass``) now. A turn that has laid cards on the table may not; a player
    passes only when the stock is empty and ``stock_exhausted.action`` is
    ``pass`` (with ``end_deal`` the draw from an empty stock ends the deal)."""
    d = g.deal
    if d.duties.played:
        return _PLAYED_NO_DRAW
    passing = not d.stock and g.rules.play.stock_exhausted == "pass"
    if kind == "draw":
        return _STOCK_EMPTY_PASS if passing else None
    return None if passing else _DRAW_NOT_PASS


def _apply_play_or_draw(g: Game, kind: str) -> None:
    """``draw.mode: play_or_draw``: ``draw`` takes the top stock card and ends the
    turn; ``pass`` ends it (every player passing in a row ends the deal)."""
    d = g.deal
    if kind == "pass":
        pass_turn(g)
    elif finish_draw(g):  # False: the stock was empty and the deal has ended
        d.passes = 0
        next_turn(g)


def check_play_phase_plain(g: Game, action: Action) -> Refusal | None:
    """:func:`check_play_phase` for an action of this phase, leaving out the take's duties."""
    kind = action.kind
    if kind == "knock":
        return check_knock(g, action)
    if kind in _TABLE_PLAYS and not g.rules.play.during_play:
        return NOT_DURING_PLAY
    if kind == "down":
        return check_down(g, action.melds)
    if kind == "meld":
        return check_meld_action(g, action.melds)
    if kind == "layoff":
        return check_layoff(g, action)
    if kind == "exchange":
        return check_exchange(g, action)
    if kind == "rearrange":
        return check_rearrange(g, action)
    if kind == "discard":
        return check_discard(g, action.card)
    if kind == "end":
        return check_end(g)
    if kind == "undo":
        return check_undo(g)
    if kind == "ask":
        return check_ask(g)
    if kind in ("yes", "no"):
        return _NOT_ASKED
    return _UNKNOWN(kind=kind)


def _yes_binds(g: Game, action: Action) -> bool:
    """After a partner's yes, whether ending the turn with ``action`` is refused:
    it keeps cards while the player could still meld or lay off one."""
    d = g.deal
    if action.kind == "discard" and len(d.hands[d.current]) == 1:
        return False  # the discard goes out
    return _can_still_play(g)


def _can_still_play(g: Game) -> bool:
    """Whether the player in turn has any legal down, meld or lay-off."""
    if can_go_down(g):
        return True
    plays: list[Action] = [*layoff_actions(g), *meld_actions(g)]
    return any(_duty_reason(g, action) is None for action in plays)


def apply_play_phase(g: Game, action: Action) -> None:
    """Play ``action`` after the draw, checked to be legal."""
    kind = action.kind
    if g.deal.duties.asked == ASKING:
        apply_answer(g, action)
        return
    if kind == "ask":
        apply_ask(g)
        return
    if kind == "undo":
        apply_undo(g)
        return
    if kind in ("draw", "pass"):  # checked: only with draw.mode play_or_draw
        _apply_play_or_draw(g, kind)
        return
    if kind in _UNDOABLE and g.rules.play.take_back:
        snapshot = g.deal.copy()
        snapshot.undo = []
        g.deal.undo.append(snapshot)
    if kind in _UNDOABLE:
        g.deal.duties.played = True  # before the play, which may end the deal
    if kind == "knock":
        apply_knock(g, action)
        return
    if kind == "down":
        apply_down(g, action.melds)
    elif kind == "meld":
        apply_meld(g, action.melds)
    elif kind == "layoff":
        apply_layoff(g, action)
    elif kind == "exchange":
        apply_exchange(g, action)
    elif kind == "rearrange":
        apply_rearrange(g, action)
    elif kind == "discard":
        apply_discard(g, action.card)
    elif kind == "end":
        apply_end(g)
    d = g.deal
    if kind in ("discard", "end"):
        d.undo = []
    if d.duties.must_use is not None and _uses(action, d.duties.must_use):
        d.duties.must_use = None


def play_actions(g: Game) -> Iterator[Action]:
    """The legal actions after drawing, produced one by one (unsorted but for
    the discards, which come last, in the order of their text)."""
    if g.rules.play.knocks:
        yield from knock_actions(g)
    if g.deal.duties.must_knock:
        return
    if not g.rules.play.during_play:
        yield from _discard_actions(g)
        return
    down = suggest_down(g)
    if down is not None:
        yield down
    yield from _other_play_actions(g)


def _discard_actions(g: Game) -> Iterator[Action]:
    """The actions that end the turn: ``end`` where allowed, then the discards."""
    if may_end_keeping(g):
        yield _END
    for face in discardable(g):
        yield _DISCARDS[face]


def _other_play_actions(g: Game) -> Iterator[Action]:
    """:func:`play_actions` but going down."""
    d = g.deal
    if d.duties.must_open:
        return
    duty = (
        d.duties.must_meld is not None or d.duties.must_use is not None or d.duties.open_this_turn
    )
    for action in layoff_actions(g) + exchange_actions(g) + rearrange_actions(g):
        if not duty or check_play_phase(g, action) is None:
            yield action
    for action in meld_actions(g):
        if not duty or _duty_reason(g, action) is None:
            yield action
    asks = g.rules.play.ask_partner != "never" and check_ask(g) is None
    if asks and (not duty or _duty_reason(g, ASK) is None):
        yield ASK
    drawing = g.rules.play.play_or_draw and not d.duties.played
    if drawing:  # draw.mode play_or_draw: nothing laid yet, so draw (or pass), not end
        yield _PASS if not d.stock and g.rules.play.stock_exhausted == "pass" else _DRAW
    if d.duties.must_use is None and not (d.duties.open_this_turn and not d.down[d.current]):
        bound = d.duties.asked == ASKED_YES and _can_still_play(g)  # after yes: play on
        if d.duties.must_meld is None and may_end_keeping(g) and not bound and not drawing:
            yield _END
        last = len(d.hands[d.current]) == 1
        for face in discardable(g):
            if not bound or last:
                yield _DISCARDS[face]


def sorted_play_actions(g: Game) -> list[Action]:
    """:func:`play_actions`, sorted by text (while a question waits, the answers)."""
    if g.deal.duties.asked == ASKING:
        return list(ANSWERS)
    actions = list(play_actions(g))
    # The discards come last, already in the order of their text; "discard ..."
    # sorts before every other action of this phase but "ask".
    first = len(actions)
    while first and actions[first - 1].kind == "discard":
        first -= 1
    rest = sorted(actions[:first], key=action_text)
    if rest and rest[0].kind == "ask":  # going_out.ask_partner: "ask" comes first
        return rest[:1] + actions[first:] + rest[1:]
    return actions[first:] + rest


def can_go_on(g: Game) -> bool:
    """Whether the player in turn, after the draw, has any legal action.

    Only whether one exists: going down is tried with the first arrangement
    found, not the one that leaves the fewest points (see :func:`can_go_down`).
    """
    if not g.rules.play.during_play:
        return next(play_actions(g), None) is not None
    return can_go_down(g) or next(_other_play_actions(g), None) is not None
