"""Actions: what a player does, in a canonical text notation.

========================  =====================================================
``draw``                  take the top card of the stock
``take 7H``               take the top discard (or, where the variant allows
                          digging, the named card and every card above it)
``buy`` / ``pass``        buy the discard out of turn ("May I?"), or decline
``veto`` / ``allow``      the player in turn refuses or allows a buy
                          (``buying.current_player: veto``)
``give`` / ``keep``       the player in turn hands the card they drew to the
                          buyer as the penalty and draws again, or keeps it
                          (``buying.current_player: may_give_draw``)
``down 7H 7S JK=7D / …``  go down (open): the contract's melds, or melds worth
                          the minimum points, separated by ``/``
``meld 5C 6C 7C``         lay down a new meld (variants without an opening
                          requirement, or after opening where allowed);
                          a colour meld starts with its word:
                          ``meld colour 2H 5H 9H JH KH``
``layoff 5S@2``           add a card to table meld 2 (``JK=9H@2`` for a wild)
``exchange 7H@2``         give 7H for the wild standing for 7H in meld 2
``exchange 7H@2 from 3``  the same with the 7H taken from meld 3, which stays
                          a meld without it (``natural_from_hand: false``)
``exchange 7C 7D@2``      give both suits a set of three lacks for its wild
                          (7H 7S JK=7C): 7C takes the wild's place, 7D joins
                          the set (``set_needs_all_missing_suits``)
``rearrange 2,3 into 5H 6H 7H / 7S 7D 7C``
                          take table melds 2 and 3 apart and lay their cards,
                          with cards from the hand, as the new melds
                          (``melding.rearrange_table``)
``undo``                  take back the last down, meld, lay-off, exchange or
                          rearrangement of this turn (``melding.take_back``)
``knock 9C with 2H 3H 4H / 7S 7D 7C``
                          knock (``going_out.knock``): discard 9C face down and
                          lay these melds (``knock 9C``: the layout that leaves
                          the least deadwood); the other players answer in
                          turn with ``meld …``, ``layoff 8H@1`` and ``end``;
                          with no card (``knock with …``, ``knock``): big gin,
                          the whole hand melded and no discard
``discard QC``            end the turn
``drop``                  leave the deal at its cost, before drawing
                          (``going_out.drop``)
``call``                  call the hand before drawing: every hand is shown
                          and counted, and the deal ends (``going_out.call``)
``force`` / ``pass``      at the end of a turn that left a card the next player
                          could lay off: force them to take it, or not
                          (``draw.force``)
``ask``                   ask one's partner "may I go out?"
                          (``going_out.ask_partner``)
``yes`` / ``no``          the partner's answer, which binds for the turn
``end``                   end the turn without discarding
                          (``discard.required: false``), or end a buyer's
                          play out of turn (``buying.buyer_waits_for_turn``)
========================  =====================================================

Records prefix the seat: ``p1 take 7H`` (seats are numbered from 1 in text).
:func:`parse_action` is the exact inverse of ``str(action)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CardError, format_card, parse_card, rank_of
from ..errors import RummyRulesError
from .melds import Meld, format_meld, parse_meld
from .refusals import N_, refusal, refusal_kind

__all__ = [
    "KINDS",
    "Action",
    "ActionError",
    "action_text",
    "format_seat_action",
    "parse_action",
    "parse_seat_action",
    "shared_action",
    "shared_layoff",
]

_SIMPLE = (
    "draw",
    "block",
    "buy",
    "pass",
    "veto",
    "allow",
    "give",
    "keep",
    "end",
    "undo",
    "drop",
    "ask",
    "yes",
    "no",
    "call",
    "force",
)

#: Every kind of action of the notation (docs/records.md, "Actions").
KINDS = (
    *_SIMPLE,
    "take",
    "discard",
    "down",
    "meld",
    "knock",
    "rearrange",
    "layoff",
    "exchange",
)


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One decision. ``card`` and ``stands_for`` are faces; ``target`` a meld index
    (from 0); ``source`` the meld an exchange takes its natural card from (-1: the hand);
    ``extra`` the second card of a two-card exchange (a face; -1: none)."""

    kind: str
    card: int = -1
    stands_for: int = -1
    target: int = -1
    melds: tuple[Meld, ...] = ()
    source: int = -1
    taken: tuple[int, ...] = ()
    """The table melds a rearrangement takes apart (indices from 0)."""
    extra: int = -1

    def __repr__(self) -> str:
        return f"Action({self})"

    def __str__(self) -> str:
        if self.kind in _SIMPLE:
            return self.kind
        if self.kind in ("take", "discard"):
            return f"{self.kind} {format_card(self.card)}"
        if self.kind in ("down", "meld"):
            return f"{self.kind} " + " / ".join(format_meld(m) for m in self.melds)
        if self.kind == "knock":
            text = "knock" if self.card < 0 else f"knock {format_card(self.card)}"
            if self.melds:
                text += " with " + " / ".join(format_meld(m) for m in self.melds)
            return text
        if self.kind == "rearrange":
            taken = ",".join(str(i + 1) for i in self.taken)
            return f"rearrange {taken} into " + " / ".join(format_meld(m) for m in self.melds)
        if self.kind == "layoff":
            text = format_card(self.card)
            if self.stands_for not in (-1, self.card):
                text += "=" + format_card(self.stands_for)
            return f"layoff {text}@{self.target + 1}"
        if self.kind == "exchange":
            given = format_card(self.card)
            if self.extra >= 0:
                given += " " + format_card(self.extra)
            text = f"exchange {given}@{self.target + 1}"
            return text if self.source < 0 else f"{text} from {self.source + 1}"
        raise ValueError(f"unknown action kind {self.kind!r}")


class ActionError(RummyRulesError, ValueError):
    """An illegal action: the state is unchanged."""

    def __init__(self, reason: str, *, seat: int, action: Action, deal: int, turn: int) -> None:
        super().__init__(f"p{seat + 1} {action}: {reason}")
        #: Why: the engine's refusal (a ``str`` with ``code``, ``keys`` and
        #: ``params``: :class:`~rummy_rules.engine.refusals.Refusal`).
        self.reason = reason
        self.seat = seat
        self.action = action
        self.deal = deal
        self.turn = turn


def shared_action(kind: str, card: int = -1) -> Action:
    """The one shared :class:`Action` for ``draw``, ``buy``, ``pass`` or a ``take``
    or ``discard`` of ``card`` (actions never change, so the engine reuses them)."""
    key = (kind, card)
    action = _SHARED.get(key)
    if action is None:
        action = _SHARED[key] = Action(kind, card=card)
        _TEXTS[id(action)] = str(action)
    return action


def shared_layoff(card: int, stands_for: int, target: int) -> Action:
    """The one shared lay-off of a card of face ``card`` on meld ``target``
    (standing for ``stands_for``; -1: itself), as the listing offers it.

    A lay-off is listed at every listing while its meld and the card stay: made
    once, its text is worked out once too. They are kept for the life of the
    process, as many as there are faces, faces a wild may stand for and table
    meld numbers (about 3,800 after 100 random games of each of six shipped
    variants)."""
    key = (card, stands_for, target)
    action = _LAYOFFS.get(key)
    if action is None:
        action = _LAYOFFS[key] = Action("layoff", card=card, stands_for=stands_for, target=target)
        _TEXTS[id(action)] = str(action)
    return action


def action_text(action: Action) -> str:
    """``str(action)``, remembered for the shared actions (the engine sorts by it)."""
    text = _TEXTS.get(id(action))
    return text if text is not None else str(action)


_SHARED: dict[tuple[str, int], Action] = {}
_LAYOFFS: dict[tuple[int, int, int], Action] = {}
#: The texts of the shared actions, by ``id``: they are never freed, so no
#: other object can have the same ``id``.
_TEXTS: dict[int, str] = {}


def _meld_kind(meld: Meld) -> str:
    if meld.kind == "colour":
        return "colour"  # written with its word: colour 2H 5H 9H
    ranks = {rank_of(f) for f in meld.stands_for}
    if ranks == {-1}:
        return "jokers"
    return "set" if len(ranks) == 1 else "run"


def _parse_melds(text: str) -> tuple[Meld, ...]:
    melds = []
    for chunk in text.split("/"):
        meld = parse_meld("run", chunk)
        melds.append(Meld(_meld_kind(meld), meld.cards, meld.stands_for))
    return tuple(melds)


#: Mistakes in writing an action (the ``ValueError`` of :func:`parse_action`
#: carries one as its argument): facts of the text, with no rule behind them.
_EMPTY = refusal("write.empty", (), N_("an empty action"))
_NOTHING_AFTER = refusal_kind("write.nothing_after", (), N_("'{kind}' takes nothing after it"))
_WRITE_REARRANGE = refusal(
    "write.rearrange",
    (),
    N_("write rearrange MELD,MELD into CARDS / CARDS, melds numbered from 1"),
)
_WRITE_FROM = refusal(
    "write.exchange_from", (), N_("write exchange CARD@MELD from MELD, melds numbered from 1")
)
_WRITE_AT = refusal_kind(
    "write.card_at_meld", (), N_("write {kind} CARD@MELD, with melds numbered from 1")
)
_NATURAL_ONLY = refusal(
    "write.exchange_natural", (), N_("exchange names the natural card only: exchange 7H@2")
)
_NOT_A_CARD = refusal_kind(
    "write.not_a_card", (), N_("'{card}' is not a card (write 10H, QS, AS or JK)")
)
_UNKNOWN = refusal_kind("write.unknown_action", (), N_("unknown action '{kind}'"))


def parse_action(text: str) -> Action:
    """Parse an action written as :class:`Action` prints it; raises ``ValueError``
    whose argument is a :class:`~rummy_rules.engine.refusals.Refusal` (``write.*``)."""
    words = text.split(None, 1)
    if not words:
        raise ValueError(_EMPTY)
    kind = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    try:
        if kind in _SIMPLE:
            if rest:
                raise ValueError(_NOTHING_AFTER(kind=kind))
            return Action(kind)
        if kind in ("take", "discard"):
            return Action(kind, card=parse_card(rest))
        if kind in ("down", "meld"):
            return Action(kind, melds=_parse_melds(rest))
        if kind == "knock":
            card_text, with_, melds_text = f" {rest}".partition(" with ")
            melds = _parse_melds(melds_text) if with_ else ()
            card_text = card_text.strip()
            card = parse_card(card_text) if card_text else -1  # none: big gin
            return Action(kind, card=card, melds=melds)
        if kind == "rearrange":
            head, into, melds_text = rest.partition(" into ")
            numbers = head.replace(" ", "").split(",")
            if not into or not all(n.isdigit() and int(n) >= 1 for n in numbers):
                raise ValueError(_WRITE_REARRANGE)
            taken = tuple(int(n) - 1 for n in numbers)
            return Action(kind, melds=_parse_melds(melds_text), taken=taken)
        if kind in ("layoff", "exchange"):
            source = -1
            if kind == "exchange" and " from " in rest:
                rest, _, source_text = rest.partition(" from ")
                if not source_text.strip().isdigit() or int(source_text) < 1:
                    raise ValueError(_WRITE_FROM)
                source = int(source_text) - 1
            card_text, at, target_text = rest.partition("@")
            if not at or not target_text.strip().isdigit() or int(target_text) < 1:
                raise ValueError(_WRITE_AT(kind=kind))
            card_text, _, face_text = card_text.partition("=")
            extra = -1
            if kind == "exchange" and len(card_text.split()) == 2:
                card_text, extra_text = card_text.split()
                extra = parse_card(extra_text)  # a two-card exchange
            card = parse_card(card_text)
            if kind == "exchange" and face_text:
                raise ValueError(_NATURAL_ONLY)
            stands = parse_card(face_text) if face_text else -1
            target = int(target_text) - 1
            return Action(
                kind, card=card, stands_for=stands, target=target, source=source, extra=extra
            )
    except CardError as exc:
        raise ValueError(_NOT_A_CARD(card=exc.card) if exc.card else str(exc)) from None
    raise ValueError(_UNKNOWN(kind=kind))


def format_seat_action(seat: int, action: Action) -> str:
    """``p2 take 7H``: the seat (from 1) and the action."""
    return f"p{seat + 1} {action}"


def parse_seat_action(text: str) -> tuple[int, Action]:
    """Parse ``p2 take 7H`` into (seat from 0, action)."""
    head, _, rest = text.strip().partition(" ")
    if len(head) < 2 or head[0] != "p" or not head[1:].isdigit() or int(head[1:]) < 1:
        raise ValueError(f"expected a seat like p1 before the action, got '{head}'")
    return int(head[1:]) - 1, parse_action(rest)
