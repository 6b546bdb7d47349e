"""Knocking (``going_out.knock``): ending a hand with deadwood within a limit.

After the draw, a player whose deadwood after a discard is at most the
deal's limit may ``knock``: the discard goes face down on the pile, their
melds are laid (the layout that leaves the least deadwood, unless they name
another) and their deadwood stays in the hand. The other player then lays
their own melds and, unless the knocker has gin (every card melded, none
left in hand) or the variant says otherwise, lays off cards on the
knocker's melds, one action at a time, and ends with ``end``; with more
players, each in turn from the knocker's left does the same. The hand is scored by deadwood
(``scoring.model: knock_difference``): gin, a knock, or an undercut.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import format_card
from . import table_refusals as T
from .actions import Action, shared_action
from .deadwood import best_layout, knock_layouts, layoff_targets, meets_needs
from .discarding import barred_discard
from .dropping import leave_deal
from .ending import end_deal
from .game import DEFEND, Game, TableMeld
from .melds import Meld, check_meld
from .refusals import NOT_HELD, Refusal
from .rules import Rules

__all__ = [
    "apply_defend",
    "apply_knock",
    "check_defend",
    "check_knock",
    "complete_knock",
    "defend_actions",
    "is_gin",
    "knock_actions",
    "knock_result",
    "wrong_knock",
]

_END = shared_action("end")

#: Why a table play is refused where melds are shown only at the end.
NOT_DURING_PLAY = T.NOT_DURING_PLAY


def _values(g: Game) -> tuple[int, ...]:
    """The value of every face held in hand in this deal (index 52: the joker)."""
    wilds = g.deal.rules.wild_faces
    found = _VALUES.get(id(g.rules))
    if found is None or found[0] is not g.rules or found[1] != wilds:
        if len(_VALUES) >= 64:
            _VALUES.clear()
        found = _VALUES[id(g.rules)] = (g.rules, wilds, tuple(g.value(f) for f in range(53)))
    return found[2]


#: :func:`_values` by rules (checked to be the same object) and wild faces.
_VALUES: dict[int, tuple[Rules, frozenset[int], tuple[int, ...]]] = {}


def _faces(g: Game, seat: int) -> list[int]:
    return g.hand_faces(seat)


def knock_actions(g: Game) -> list[Action]:
    """The knocks the player in turn may make now: one per discard that leaves
    deadwood within the limit, with the layout that leaves the least."""
    d = g.deal
    if not g.rules.play.knocks:
        return []
    hand = _faces(g, d.current)
    rules = g.rules.melds
    values = _values(g)
    wilds = d.rules.wild_faces
    needs = g.rules.play.knock_needs
    out = []
    if g.rules.play.big_gin:
        whole = best_layout(hand, rules, values, wilds, needs)
        if whole.meets and not whole.deadwood:
            out.append(Action("knock", melds=whole.melds))
    for face, layout in knock_layouts(hand, rules, values, d.knock_limit, wilds, needs):
        if barred_discard(g, face) is None:
            out.append(Action("knock", card=face, melds=layout.melds))
    return out


def _resolved(g: Game, action: Action) -> Sequence[Meld]:
    """The melds of a knock: as named, or (none named) the layout that leaves least."""
    if action.melds:
        return action.melds
    d = g.deal
    rest = _faces(g, d.current)
    if action.card >= 0:
        rest.remove(action.card)
    needs = g.rules.play.knock_needs
    return best_layout(rest, g.rules.melds, _values(g), d.rules.wild_faces, needs).melds


def complete_knock(g: Game, action: Action) -> Action:
    """A ``knock`` that names no melds, with the layout that leaves the least
    deadwood (what records write); any other action as it is."""
    if action.kind != "knock" or action.melds:
        return action
    if action.card not in _faces(g, g.deal.current) and not (
        action.card < 0 and g.rules.play.big_gin
    ):
        return action
    return Action("knock", card=action.card, melds=tuple(_resolved(g, action)))


def check_knock(g: Game, action: Action) -> Refusal | None:
    """Why the player in turn may not make this knock (``None``: they may).

    With ``wrong_declaration``, a knock of cards held is always accepted: a
    wrong one costs the stated points (see :func:`wrong_knock`)."""
    d = g.deal
    if not g.rules.play.knocks:
        return T.NO_KNOCKING
    hand = _faces(g, d.current)
    face = action.card
    rest = list(hand)
    if face < 0:  # big gin: no discard
        if not g.rules.play.big_gin:
            return T.NAME_KNOCK_DISCARD
    elif face not in hand:
        return NOT_HELD(card=format_card(face))
    else:
        reason = barred_discard(g, face)
        if reason is not None:
            return reason
        rest.remove(face)
    if g.rules.play.wrong_declaration >= 0:
        left = Counter(rest)
        for meld in _resolved(g, action):
            for card in meld.cards:
                if left[card] <= 0:
                    return T.NOT_HELD_FOR(card=format_card(card), meld=meld)
                left[card] -= 1
        return None
    return wrong_knock(g, action)


def wrong_knock(g: Game, action: Action) -> Refusal | None:
    """Why a knock of cards held breaks the rules of a knock (its melds, the
    needs, the deadwood limit); ``None``: it is a right one."""
    d = g.deal
    rest = _faces(g, d.current)
    if action.card >= 0:
        rest.remove(action.card)
    left = Counter(rest)
    wilds = d.rules.wild_faces
    why = _melds_reason(g, _resolved(g, action), left, wilds)
    if why is not None:
        return why
    if action.card < 0 and +left:
        return T.BIG_GIN_LEAVES
    needs = g.rules.play.knock_needs
    if any(needs) and not meets_needs(_resolved(g, action), needs, wilds):
        runs, pure = needs
        declares = g.rules.play.declares  # the game's own word (going_out.knock.word)
        if not pure:
            return (T.DECLARE_NEEDS_RUNS if declares else T.KNOCK_NEEDS_RUNS)(runs=runs)
        return (T.DECLARE_NEEDS if declares else T.KNOCK_NEEDS)(runs=runs, pure=pure)
    deadwood = sum(g.value(f) * n for f, n in left.items())
    limit = d.knock_limit
    if deadwood > limit:
        if limit == 0:
            gin_only = T.DECLARE_ALL if g.rules.play.declares else T.GIN_ONLY
            return gin_only(deadwood=deadwood)
        return T.DEADWOOD(deadwood=deadwood, limit=limit)
    if limit == 0 and +left:  # gin lays every card, one worth 0 too
        over = " ".join(format_card(f) for f in sorted(left.elements()))
        return (T.DECLARE_LEFT_OVER if g.rules.play.declares else T.GIN_LEFT_OVER)(cards=over)
    return None


def _melds_reason(
    g: Game, melds: Sequence[Meld], left: Counter[int], wilds: frozenset[int]
) -> Refusal | None:
    """Why ``melds`` cannot be laid from the cards ``left`` (taken from it as it
    goes); ``None`` when each is a valid meld of cards held."""
    for meld in melds:
        why = check_meld(meld, g.rules.melds, wilds)
        if why is not None:
            return why.said_of(str(meld))
        for card in meld.cards:
            if left[card] <= 0:
                return T.NOT_HELD_FOR(card=format_card(card), meld=meld)
            left[card] -= 1
    return None


def apply_knock(g: Game, action: Action) -> None:
    """Knock (checked to be legal): the discard face down, the melds laid, the
    other player to lay theirs."""
    d = g.deal
    seat = d.current
    cost = g.rules.play.wrong_declaration
    if cost >= 0 and wrong_knock(g, action) is not None:
        leave_deal(g, seat, cost)  # a wrong declaration: the cards stay in hand
        return
    melds = _resolved(g, action)
    hand = d.hands[seat]
    if action.card >= 0:
        card = g.find(hand, action.card)
        assert card is not None
        hand.remove(card)
        d.discard.append(card)
        d.discarder = seat
    else:
        d.big_gin = True
    _lay(g, seat, melds)
    d.knocker = seat
    d.knock_deadwood = sum(g.value(g.faces[c]) for c in hand)
    d.down[seat] = True
    d.current = g.next_seat(seat)
    d.phase = DEFEND


def _lay(g: Game, seat: int, melds: Sequence[Meld]) -> None:
    """Lay ``melds`` from ``seat``'s hand as table melds of that seat."""
    d = g.deal
    hand = d.hands[seat]
    for meld in melds:
        cards = []
        for face in meld.cards:
            found = g.find(hand, face)
            assert found is not None
            hand.remove(found)
            cards.append(found)
        d.melds.append(
            TableMeld(seat, meld.kind, cards, list(meld.stands_for), [seat] * len(cards))
        )
    d.table_view = None


# -- the other player's answer ----------------------------------------------------


def _lays_off(g: Game) -> bool:
    return g.rules.play.knock_lay_off and not is_gin(g)


def is_gin(g: Game) -> bool:
    """Whether the deal's knocker went gin: every card they kept is in their
    melds (a card worth 0 left in hand is deadwood of 0, but no gin)."""
    d = g.deal
    return d.knocker >= 0 and not d.hands[d.knocker]


def _knocker_melds(g: Game) -> list[tuple[int, Meld]]:
    d = g.deal
    faces = g.faces
    return [
        (i, Meld(m.kind, tuple(faces[c] for c in m.cards), tuple(m.stands_for)))
        for i, m in enumerate(d.melds)
        if m.owner == d.knocker
    ]


def _layoff_fit(g: Game, face: int, target: int) -> Meld | None:
    """Meld ``target`` (a knocker's) with a card of ``face`` added, if it stays a meld."""
    for index, meld in _knocker_melds(g):
        if index == target:
            found = layoff_targets(face, [meld], g.rules.melds, g.deal.rules.wild_faces)
            return found[0][1] if found else None
    return None


def defend_actions(g: Game) -> list[Action]:
    """The other player's actions after a knock: each meld of their hand, each
    lay-off on the knocker's melds, and ``end``; sorted by text."""
    d = g.deal
    hand = _faces(g, d.current)
    wilds = d.rules.wild_faces
    seen: set[str] = set()
    out: list[Action] = []
    from .candidates import iter_melds

    for meld in iter_melds(hand, g.rules.melds, wilds, "any"):
        if check_meld(meld, g.rules.melds, wilds) is None:
            action = Action("meld", melds=(meld,))
            text = str(action)
            if text not in seen:
                seen.add(text)
                out.append(action)
    if _lays_off(g):
        wild_faces = wilds
        for face in sorted(set(hand)):
            if face in wild_faces:
                continue
            for index, meld in _knocker_melds(g):
                if layoff_targets(face, [meld], g.rules.melds, wilds):
                    out.append(Action("layoff", card=face, target=index))
    out.append(_END)
    return sorted(out, key=str)


def check_defend(g: Game, action: Action) -> Refusal | None:
    """Why the other player may not take ``action`` after a knock (``None``: legal)."""
    d = g.deal
    kind = action.kind
    hand = Counter(_faces(g, d.current))
    wilds = d.rules.wild_faces
    if kind == "end":
        return None
    if kind == "meld":
        return _melds_reason(g, action.melds, hand, wilds)
    if kind == "layoff":
        if is_gin(g):
            return T.NO_LAYOFF_ON_GIN
        if not g.rules.play.knock_lay_off:
            return T.NO_DEFENDER_LAYOFF
        if hand[action.card] <= 0:
            return NOT_HELD(card=format_card(action.card))
        if action.card in wilds:
            return T.DEFEND_WILDS
        if not 0 <= action.target < len(d.melds) or d.melds[action.target].owner != d.knocker:
            return T.KNOCKER_MELDS_ONLY
        if _layoff_fit(g, action.card, action.target) is None:
            return T.DEFEND_NOT_FIT(card=format_card(action.card), meld=action.target + 1)
        return None
    return T.DEFEND_ACTIONS


def apply_defend(g: Game, action: Action) -> None:
    """Play the other player's action after a knock (checked to be legal)."""
    d = g.deal
    seat = d.current
    hand = d.hands[seat]
    if action.kind == "meld":
        _lay(g, seat, action.melds)
        return
    if action.kind == "layoff":
        grown = _layoff_fit(g, action.card, action.target)
        assert grown is not None
        found = g.find(hand, action.card)
        assert found is not None
        hand.remove(found)
        table = d.melds[action.target]
        if grown.cards[0] == action.card and grown.kind == "run":
            table.cards.insert(0, found)
            table.stands_for.insert(0, action.card)
            table.laid_by.insert(0, seat)
        else:
            table.cards.append(found)
            table.stands_for.append(action.card)
            table.laid_by.append(seat)
        table.fits = {}
        d.table_view = None
        return
    after = g.next_seat(seat)
    if after != d.knocker:  # the next player lays out in turn
        d.current = after
        return
    reason, winner = knock_result(g)
    end_deal(g, reason, winner)


def knock_result(g: Game) -> tuple[str, int | None]:
    """How the knocked hand ends: ``gin``, ``knock`` or ``undercut``, and the
    seat that wins it (``None``: equal deadwood where that is no undercut).

    Gin wins outright. Otherwise the lowest deadwood among the other players
    (the first in turn order from the knocker on a tie) undercuts the knocker
    when it is lower, or equal with ``undercut: equal_or_lower``."""
    d = g.deal
    knocker = d.knocker
    mine = d.knock_deadwood
    if is_gin(g):
        return "gin", knocker
    best: tuple[int, int] | None = None
    seat = g.next_seat(knocker)
    while seat != knocker:
        theirs = sum(g.value(g.faces[c]) for c in d.hands[seat])
        if best is None or theirs < best[0]:
            best = (theirs, seat)
        seat = g.next_seat(seat)
    assert best is not None
    theirs, other = best
    if theirs < mine or (theirs == mine and g.rules.play.undercut_on_tie):
        return "undercut", other
    if theirs == mine:
        return "knock", None
    return "knock", knocker
