"""Going down and laying down new melds: the contract or the opening
requirement, meld limits, and the melds a player may lay down now.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from ..cards import JOKER_FACE, format_card, rank_of, suit_of
from . import table_refusals as T
from .actions import Action
from .candidates import iter_melds
from .ending import end_deal
from .game import PLAY, Game, TableMeld
from .laying_off import check_leaving, needs_after
from .melds import Meld, check_meld, run_span
from .refusals import NOT_HELD, Refusal
from .rules import ContractPart, MeldRules, Rules
from .shapes import contract_shapes, describe_contract
from .side_sets import opening_hand, opening_minimum, pick_up_foot, side_reason
from .solver import Arrangement, best_contract, find_contract

__all__ = [
    "apply_down",
    "apply_meld",
    "can_go_down",
    "check_down",
    "check_meld_action",
    "meld_actions",
    "suggest_down",
]

#: Bounds on the search for a minimum-points opening (the suggestion only:
#: any valid opening is legal).
OPENING_SEARCH_NODES = 4000
#: Steps of the go-down search behind one listing of the legal actions. Far more
#: than any shipped variant's hands need (their searches stay under 3,600 steps
#: with greedy or random bots); a contract of a dozen melds over a 60-card hand
#: can need millions, and a whole game of one lists thousands of times. Past
#: the budget the listing offers the best go-down found, or none (a go-down
#: typed by the player is still checked in full).
LISTING_SEARCH_NODES = 20_000
OPENING_CHECKS = 8
#: Steps of the whole-hand search (all-out deals without a contract) before the
#: listing gives up on a hand: hands of 40 cards or more that no arrangement
#: covers take minutes to rule out. A whole-hand meld it misses stays legal.
WHOLE_HAND_NODES = 5_000


def _required(g: Game) -> int | None:
    """The face a go-down must include: a card taken to be melded at once, or one
    dug from the pile to be used this turn (going down is then the way to use it)."""
    d = g.deal
    return g.faces[d.duties.must_meld] if d.duties.must_meld is not None else d.duties.must_use


def suggest_down(g: Game) -> Action | None:
    """The go-down action that leaves the fewest points in hand, if the player can go down."""
    d = g.deal
    seat = d.current
    opening = g.rules.play.opening
    if d.phase != PLAY or d.down[seat] or opening == "none":
        return None
    if opening == "min_points":
        return _suggest_opening(g)
    parts = _parts(g)
    if parts == ():
        return None
    if d.rules.first_down_must_go_out and not any(d.down):
        return _suggest_going_out(g, parts)
    found = best_contract(
        g.hand_faces(seat),
        parts,
        g.rules.melds,
        d.rules.wild_faces,
        value=g.value,
        all_out=d.rules.all_out,
        require=_required(g),
        max_melds=_room(g),
        nodes=[LISTING_SEARCH_NODES],
    )
    if found is not None and check_down(g, found.melds) is None:
        return Action("down", melds=found.melds)
    return _suggest_part(g, parts) if _in_parts(g) else None


def _suggest_going_out(g: Game, parts: tuple[ContractPart, ...]) -> Action | None:
    """The go-down of the first player down where that player must go out: the
    whole hand, or (``first_down_may_discard``) all of it but one card to
    discard, the highest first."""
    d = g.deal
    hand = g.hand_faces(d.current)
    keep: list[int | None] = [None]
    if d.rules.first_down_may_discard:
        highest_first: list[int] = sorted(set(hand), key=lambda f: (-g.value(f), f))
        keep.extend(highest_first)
    for face in keep:
        rest = list(hand)
        if face is not None:
            rest.remove(face)
        found = find_contract(
            rest,
            parts,
            g.rules.melds,
            d.rules.wild_faces,
            all_out=True,
            require=_required(g),
            max_melds=_room(g),
        )
        if found is not None and check_down(g, found.melds) is None:
            return Action("down", melds=found.melds)
    return None


def _room(g: Game) -> int | None:
    """How many more melds the player in turn may lay down this turn (``None``: any)."""
    per_turn = g.rules.play.melds_per_turn
    return None if per_turn is None else per_turn - g.deal.duties.melds_this_turn


def _parts(g: Game) -> tuple[ContractPart, ...]:
    """The contract parts the player in turn has still to lay down."""
    d = g.deal
    return d.parts_left[d.current] if d.parts_left else d.rules.parts


def _in_parts(g: Game) -> bool:
    """Whether the player in turn may lay down part of the contract now
    (``contract.all_at_once: false``, but for all-out deals and deals whose
    first player down must go out, which are won all at once, and for a turn
    that must end with the player down: a take that forces opening, or an
    exchange that forces going down)."""
    d = g.deal
    if d.duties.must_open or (d.duties.open_this_turn and not d.down[d.current]):
        return False
    return not (g.rules.play.contract_at_once or d.rules.all_out or d.rules.first_down_must_go_out)


def _suggest_part(g: Game, parts: tuple[ContractPart, ...]) -> Action | None:
    """Part of the contract the player in turn may lay down now: the most parts
    that can be, first found."""
    d = g.deal
    hand = g.hand_faces(d.current)
    for size in range(len(parts) - 1, 0, -1):
        tried: set[tuple[ContractPart, ...]] = set()
        for chosen in itertools.combinations(range(len(parts)), size):
            subset = tuple(parts[i] for i in chosen)
            if subset in tried:
                continue
            tried.add(subset)
            found = find_contract(
                hand,
                subset,
                g.rules.melds,
                d.rules.wild_faces,
                require=_required(g),
                max_melds=_room(g),
            )
            if found is not None and check_down(g, found.melds) is None:
                return Action("down", melds=found.melds)
    return None


def _left_after(
    melds: Sequence[Meld], parts: tuple[ContractPart, ...], rules: Rules
) -> tuple[ContractPart, ...] | None:
    """The parts still to lay once ``melds`` have made some of ``parts`` (``()``:
    the whole contract), or ``None`` if they make no part of it."""
    n = len(parts)
    for size in range(n, 0, -1):
        for chosen in itertools.combinations(range(n), size):
            subset = tuple(parts[i] for i in chosen)
            if any(_match_parts(melds, s) for s in contract_shapes(subset, rules.melds)):
                return tuple(parts[i] for i in range(n) if i not in chosen)
    return None


def _laid_part(g: Game) -> list[Meld]:
    """The contract melds the player in turn has laid down so far (a player not
    yet down owns no other melds)."""
    d = g.deal
    seat = d.current
    if not d.parts_left or d.parts_left[seat] == d.rules.parts:
        return []
    faces = g.faces
    return [
        Meld(m.kind, tuple(faces[c] for c in m.cards), tuple(m.stands_for))
        for m in d.melds
        if m.owner == seat
    ]


def can_go_down(g: Game) -> bool:
    """Whether the player in turn may go down now: ``suggest_down(g) is not
    None``, found faster. The contract's first arrangement the solver finds is
    checked; only if it fails the other checks is the full search run."""
    d = g.deal
    if d.phase != PLAY or d.down[d.current] or g.rules.play.opening != "contract":
        return suggest_down(g) is not None
    parts = _parts(g)
    if parts == ():
        return False
    found = _first_arrangement(g, parts)
    if found is None:
        # No arrangement meets the contract, so none is legal (but part of it may be).
        return _in_parts(g) and suggest_down(g) is not None
    return check_down(g, found.melds) is None or suggest_down(g) is not None


def _first_arrangement(g: Game, parts: tuple[ContractPart, ...]) -> Arrangement | None:
    """``find_contract`` for the player in turn, remembered by hand: listing the
    legal moves asks it for the same hand again and again (every take from the
    discard pile is tried, and views and checks list the moves anew)."""
    d = g.deal
    hand = tuple(g.hand_faces(d.current))
    require = _required(g)
    rules = d.rules
    room = _room(g)
    key = (id(parts), id(g.rules.melds), hand, require, room)
    entry = _FIRST.get(key)
    if entry is not None and entry[0] is parts and entry[1] is g.rules.melds:
        return entry[2]
    found = find_contract(
        hand,
        parts,
        g.rules.melds,
        rules.wild_faces,
        all_out=rules.all_out,
        require=require,
        max_melds=room,
    )
    if len(_FIRST) >= _FIRST_BOUND:
        _FIRST.clear()
    _FIRST[key] = (parts, g.rules.melds, found)
    return found


#: ``_first_arrangement`` by (contract parts, meld rules, hand, required face,
#: melds allowed); the objects are kept to make sure an id was not reused. (The
#: wild faces and all-out rule come with the parts: each deal's rules hold their
#: own parts.)
_FIRST: dict[
    tuple[int, int, tuple[int, ...], int | None, int | None],
    tuple[object, object, Arrangement | None],
] = {}
_FIRST_BOUND = 20_000


def check_down(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why going down with ``melds`` is illegal for the player in turn (``None``: legal)."""
    d = g.deal
    seat = d.current
    rules = g.rules
    play = rules.play
    if play.opening == "none":
        return T.NO_OPENING
    if d.down[seat]:
        return T.ALREADY_DOWN
    parts = _parts(g)
    if not melds:
        return T.NAME_DOWN
    for m in melds:
        reason = check_meld(m, rules.melds, d.rules.wild_faces)
        if reason is not None:
            return reason.said_of(str(m))
    partial = False
    if play.opening == "contract":
        if not any(_match_parts(melds, shape) for shape in contract_shapes(parts, rules.melds)):
            if not _in_parts(g):
                return T.NOT_CONTRACT(contract=describe_contract(parts))
            if _left_after(melds, parts, rules) is None:
                return T.NOT_CONTRACT_PART(contract=describe_contract(parts))
            partial = True
        reason = _contract_constraints([*_laid_part(g), *melds], rules)
        if reason is not None:
            return reason
    else:
        worth = _opening_value(g, melds)
        least = opening_minimum(g)
        if worth < least:
            return T.MIN_POINTS(least=least, worth=worth)
    reason, used, left = _laying(g, melds, opening=True)
    if reason is not None:
        return reason
    if partial and not left:
        return T.OUT_BEFORE_CONTRACT
    if d.rules.first_down_must_go_out and not any(d.down):
        if d.rules.first_down_may_discard and left > 1:
            return T.FIRST_OUT_KEEP_ONE
        if not d.rules.first_down_may_discard and left:
            return T.FIRST_OUT
    if d.duties.must_meld is not None:
        face = g.faces[d.duties.must_meld]
        if used[face] == 0:
            return T.MELD_THIS_TURN(card=format_card(face))
    after = None
    if needs_after(g, left):
        after = g.trial()
        apply_down(after, melds)
    return check_leaving(g, left, used, after, new_melds=melds)


def may_meld(g: Game) -> Refusal | None:
    """Why the player in turn may not lay down new melds now (``None``: they may)."""
    d = g.deal
    play = g.rules.play
    if play.opening == "none":
        return None
    if not g.is_open(d.current):
        return T.OPEN_FIRST
    if not play.new_melds:
        return T.NO_NEW_MELDS
    if d.duties.down_this_turn and not play.lay_off_on_opening_turn:
        return T.MELD_NEXT_TURN
    return None


def check_meld_action(g: Game, melds: Sequence[Meld]) -> Refusal | None:
    """Why laying down the new ``melds`` is illegal for the player in turn (``None``: legal)."""
    reason = may_meld(g)
    if reason is not None:
        return reason
    if not melds:
        return T.NAME_MELD
    for m in melds:
        reason = check_meld(m, g.rules.melds, g.deal.rules.wild_faces)
        if reason is not None:
            return reason.said_of(str(m))
    reason, used, left = _laying(g, melds)
    if reason is not None:
        return reason
    after = None
    if needs_after(g, left):
        after = g.trial()
        apply_meld(after, melds)
    return check_leaving(g, left, used, after, new_melds=melds)


def meld_actions(g: Game) -> Iterator[Action]:
    """One action per distinct meld the player in turn may lay down now (in an
    all-out deal, one action laying down the whole hand, if it can be)."""
    if may_meld(g) is not None:
        return
    d = g.deal
    if d.rules.all_out:
        whole = whole_hand(g)
        if whole is not None and check_meld_action(g, whole) is None:
            yield Action("meld", melds=whole)
        return
    seen: set[str] = set()
    hand = g.hand_faces(d.current)
    # A card that must be melded first: only melds holding it are legal.
    must = _required(g)
    for meld in iter_melds(hand, g.rules.melds, d.rules.wild_faces, "any"):
        if must is not None and must not in meld.cards:
            continue
        action = Action("meld", melds=(meld,))
        key = str(action)
        if key in seen:
            continue
        seen.add(key)
        if check_meld_action(g, action.melds) is None:
            yield action


def whole_hand(g: Game) -> tuple[Meld, ...] | None:
    """Melds taking every card of the player in turn's hand, if there are any
    (an all-out deal without a contract): the fewest melds found, natural jokers
    in one set of jokers. Remembered by hand, as listing moves asks again."""
    d = g.deal
    hand = tuple(g.hand_faces(d.current))
    require = _required(g)
    key = (id(d.rules), id(g.rules.melds), hand, require)
    entry = _WHOLE.get(key)
    if entry is not None and entry[0] is d.rules and entry[1] is g.rules.melds:
        return entry[2]
    found = _search_whole_hand(g, hand, require)
    if len(_WHOLE) >= _FIRST_BOUND:
        _WHOLE.clear()
    _WHOLE[key] = (d.rules, g.rules.melds, found)
    return found


def _search_whole_hand(
    g: Game, hand: tuple[int, ...], require: int | None
) -> tuple[Meld, ...] | None:
    # Fewer, longer melds are tried by the loop below: joined contract shapes
    # (``long_meld_counts_once: false``) would only repeat them.
    rules = _counted_once(g.rules.melds)
    jokers: tuple[Meld, ...] = ()
    rest = list(hand)
    if rules.jokers_natural and JOKER_FACE in hand:
        count = hand.count(JOKER_FACE)
        if count < rules.joker_set_min:
            return None
        jokers = (Meld("jokers", (JOKER_FACE,) * count, (JOKER_FACE,) * count),)
        rest = [f for f in hand if f != JOKER_FACE]
        if require == JOKER_FACE:
            require = None
    if not rest:
        return jokers
    if _stranded(rest, rules, g.deal.rules.wild_faces):
        return None
    size = rules.fewest_in_meld
    limit = len(rest) // size
    per_turn = g.rules.play.melds_per_turn
    if per_turn is not None:
        limit = min(limit, per_turn - len(jokers))
    nodes = [WHOLE_HAND_NODES]
    for count in range(1, limit + 1):
        parts = (ContractPart("any", size, exact=False),) * count
        found = find_contract(
            rest, parts, rules, g.deal.rules.wild_faces, all_out=True, require=require, nodes=nodes
        )
        if found is not None:
            return jokers + found.melds
    return None


def _stranded(hand: Sequence[int], rules: MeldRules, wild_faces: frozenset[int]) -> bool:
    """Whether some natural card of ``hand`` could not be in any meld made from
    ``hand``: a quick necessary condition before the whole-hand search, which
    is slow to fail on big hands. Counts loosely (any suits, the ace at both
    ends), so a card it calls stranded is stranded under every rule."""
    wilds = sum(1 for f in hand if f in wild_faces)
    naturals = [f for f in hand if f not in wild_faces and f != JOKER_FACE]
    by_rank = Counter(rank_of(f) for f in naturals)
    values: dict[int, set[int]] = {}
    for f in naturals:
        rank = rank_of(f)
        held = values.setdefault(suit_of(f), set())
        held.add(rank + 1)
        if rank == 0:
            held.add(14)
    set_wilds = wilds if rules.set_wilds else 0
    run_wilds = wilds if rules.run_wilds else 0
    span = rules.run_min
    for f in set(naturals):
        rank = rank_of(f)
        if by_rank[rank] + set_wilds >= rules.set_min_of(rank):
            continue
        held = values[suit_of(f)]
        ends = (1, 14) if rank == 0 else (rank + 1,)
        if not any(
            sum(1 for v in range(start, start + span) if v not in held) <= run_wilds
            for value in ends
            for start in range(max(1, value - span + 1), min(value, 15 - span) + 1)
        ):
            return True
    return False


@functools.cache
def _counted_once(rules: MeldRules) -> MeldRules:
    """``rules`` with every long meld counting as one meld."""
    return dataclasses.replace(rules, long_meld_counts_once=True)


#: ``whole_hand`` by (deal rules, meld rules, hand, required face), as ``_FIRST``.
_WHOLE: dict[
    tuple[int, int, tuple[int, ...], int | None], tuple[object, object, tuple[Meld, ...] | None]
] = {}


def apply_down(g: Game, melds: Sequence[Meld]) -> None:
    """Go down with ``melds`` (checked to be legal): the whole contract, or, where
    it may be laid in parts, part of it (the player goes down with the last)."""
    d = g.deal
    seat = d.current
    if g.rules.play.opening == "contract" and _in_parts(g):
        # The whole contract is tried first: () when these melds make all of it.
        rest = _left_after(melds, _parts(g), g.rules)
        assert rest is not None
        d.parts_left[seat] = rest
        if rest:
            _lay_melds(g, melds)
            return
    _lay_melds(g, melds)
    _opened(g, seat)


def apply_meld(g: Game, melds: Sequence[Meld]) -> None:
    """Lay down the new ``melds`` (checked to be legal)."""
    d = g.deal
    seat = d.current
    _lay_melds(g, melds)
    if not d.down[seat]:
        _opened(g, seat)
    elif not d.hands[seat] and not pick_up_foot(g, seat):
        end_deal(g, "out", seat)


def _opened(g: Game, seat: int) -> None:
    d = g.deal
    d.duties.must_open = False
    d.down[seat] = True
    d.down_turn[seat] = d.turn
    d.duties.down_this_turn = True
    if not d.hands[seat] and not pick_up_foot(g, seat):
        end_deal(g, "out", seat)


def _lay_melds(g: Game, melds: Sequence[Meld]) -> None:
    d = g.deal
    seat = d.current
    hand = d.hands[seat]
    for meld in melds:
        cards = []
        for face in meld.cards:
            card = g.find(hand, face)
            assert card is not None
            hand.remove(card)
            cards.append(card)
        factor = 1
        for kind, times in g.rules.play.multipliers:
            four = meld.kind in ("set", "jokers") and len(cards) == 4
            if kind == "four_of_a_kind_at_once" and four:
                factor = times
        table = TableMeld(seat, meld.kind, cards, list(meld.stands_for), [seat] * len(cards))
        table.factor = factor
        d.melds.append(table)
    d.table_view = None
    # The checks made sure a card of the required face is among the melds.
    d.duties.must_meld = None
    d.rebuilt_without_play = 0
    d.duties.melds_this_turn += len(melds)


def _laying(
    g: Game, melds: Sequence[Meld], *, opening: bool = False
) -> tuple[Refusal | None, Counter[int], int]:
    """Checks shared by going down and new melds: (why not, faces used, cards left)."""
    d = g.deal
    play = g.rules.play
    used = Counter(c for m in melds for c in m.cards)
    if play.melds_per_turn is not None and d.duties.melds_this_turn + len(melds) > (
        play.melds_per_turn
    ):
        return T.PER_TURN(count=play.melds_per_turn), used, 0
    why = side_reason(g, melds, opening=opening)
    if why is not None:
        return why, used, 0
    held = Counter(g.hand_faces(d.current))
    if used - held:
        missing = " ".join(format_card(f) for f in sorted((used - held).elements()))
        return NOT_HELD(card=missing), used, 0
    left = sum(held.values()) - sum(used.values())
    if d.rules.all_out and left:
        return T.ALL_AT_ONCE, used, left
    return None, used, left


def _match_parts(melds: Sequence[Meld], parts: Sequence[ContractPart]) -> bool:
    """Whether each meld can be given its own part of the contract (a perfect
    matching, found by augmenting paths: a dozen parts take microseconds, where
    trying every order took 12! steps)."""
    if len(melds) != len(parts):
        return False
    fits = [[_fits(m, p) for p in parts] for m in melds]
    holder = [-1] * len(parts)  # the meld each part is given to
    return all(_place(i, [False] * len(parts), fits, holder) for i in range(len(melds)))


def _place(i: int, seen: list[bool], fits: list[list[bool]], holder: list[int]) -> bool:
    """Give meld ``i`` a part of :func:`_match_parts`, moving others along an
    augmenting path (a module function, not a closure: a closure calling
    itself is a reference cycle left to the garbage collector)."""
    for p, ok in enumerate(fits[i]):
        if ok and not seen[p]:
            seen[p] = True
            if holder[p] < 0 or _place(holder[p], seen, fits, holder):
                holder[p] = i
                return True
    return False


def _fits(m: Meld, part: ContractPart) -> bool:
    """Whether meld ``m`` can stand for ``part`` of a contract."""
    kind = part.kind == m.kind or (part.kind == "any" and m.kind != "colour")
    size = len(m.cards) == part.size if part.exact else len(m.cards) >= part.size
    return kind and size


def _contract_constraints(melds: Sequence[Meld], rules: Rules) -> Refusal | None:
    m = rules.melds
    for i, a in enumerate(melds):
        for b in melds[i + 1 :]:
            same_rank = rank_of(a.stands_for[0]) == rank_of(b.stands_for[0])
            if a.kind == b.kind == "set" and m.sets_of_same_rank == "forbidden" and same_rank:
                return T.SETS_SAME_RANK
            if a.kind == "run" and b.kind == "run":
                sa = run_span(a.stands_for, m)
                sb = run_span(b.stands_for, m)
                if sa is None or sb is None or sa[0] != sb[0] or sa[0] < 0:
                    continue  # (suit -1: runs of any suits have no suit to share)
                if m.same_suit_runs == "forbidden":
                    return T.RUNS_SAME_SUIT
                if m.same_suit_runs == "not_contiguous":
                    a_hi = sa[1] + len(a.stands_for) - 1
                    b_hi = sb[1] + len(b.stands_for) - 1
                    if sb[1] == a_hi + 1 or sa[1] == b_hi + 1:
                        return T.RUNS_CONTINUE
    return None


# -- minimum-points openings ------------------------------------------------


def _opening_value(g: Game, melds: Sequence[Meld]) -> int:
    """What ``melds`` count toward a minimum-points opening."""
    play = g.rules.play
    wild_faces = g.deal.rules.wild_faces
    total = 0
    for meld in melds:
        for face, stands in zip(meld.cards, meld.stands_for, strict=True):
            if face in wild_faces and play.opening_wild_value == "own":
                total += play.opening_values[face]
            else:
                total += play.opening_values[stands if stands >= 0 else face]
    return total


class _OpeningSearch:
    """Sets of melds from a hand worth at least the minimum, most valuable first
    (a bounded depth-first search over the melds ranked by value)."""

    def __init__(self, g: Game, hand: list[int], require: int | None) -> None:
        play = g.rules.play
        cands = list(iter_melds(hand, g.rules.melds, g.deal.rules.wild_faces, "any"))
        unique = list({str(m): m for m in cands}.values())
        worth = [_opening_value(g, [m]) for m in unique]
        order = sorted(range(len(unique)), key=[-w for w in worth].__getitem__)
        self.ranked = [unique[i] for i in order]
        self.worth = [worth[i] for i in order]
        self.minimum = opening_minimum(g)
        self.limit = play.melds_per_turn if play.melds_per_turn is not None else len(hand)
        self.require = require
        self.one_set_per_rank = g.rules.melds.one_set_per_rank
        self.budget = OPENING_SEARCH_NODES
        self.found: list[tuple[int, tuple[Meld, ...]]] = []

    def run(self, hand: list[int]) -> list[tuple[int, tuple[Meld, ...]]]:
        """The openings found, most valuable first (ties by their text)."""
        self._search(0, [], Counter(hand), 0)
        self.found.sort(key=_opening_rank)
        return self.found

    def _search(self, start: int, chosen: list[Meld], left: Counter[int], worth: int) -> None:
        if self.budget <= 0:
            return
        self.budget -= 1
        require = self.require
        if worth >= self.minimum and (require is None or any(require in m.cards for m in chosen)):
            self.found.append((worth, tuple(chosen)))
        if len(chosen) >= self.limit:
            return
        for i in range(start, len(self.ranked)):
            meld = self.ranked[i]
            need = Counter(meld.cards)
            if need - left:
                continue
            if self.one_set_per_rank and meld.kind == "set":
                rank = rank_of(meld.stands_for[0])
                if any(m.kind == "set" and rank_of(m.stands_for[0]) == rank for m in chosen):
                    continue
            chosen.append(meld)
            self._search(i + 1, chosen, left - need, worth + self.worth[i])
            chosen.pop()


def _opening_rank(item: tuple[int, tuple[Meld, ...]]) -> tuple[int, list[str]]:
    return -item[0], [str(m) for m in item[1]]


def _suggest_opening(g: Game) -> Action | None:
    """A minimum-points opening: the most valuable one found, if any reaches the
    minimum (in an all-out deal: the whole hand, if it can be melded and is worth it)."""
    d = g.deal
    if d.rules.all_out:
        whole = whole_hand(g)
        if whole is None or check_down(g, whole) is not None:
            return None
        return Action("down", melds=whole)
    hand = opening_hand(g)
    require = _required(g)
    for _, melds in _OpeningSearch(g, hand, require).run(hand)[:OPENING_CHECKS]:
        action = Action("down", melds=melds)
        if check_down(g, action.melds) is None:
            return action
    return None
