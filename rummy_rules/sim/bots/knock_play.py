"""How the greedy bot plays a knock game (``going_out.knock``: Gin Rummy and kin).

Everything is counted in deadwood (the value of the cards no meld takes):

* **drop** (``going_out.drop``): before drawing, it drops a hopeless hand:
  one with no pure run (a run with no wild card), no wild card, and costing
  at least :data:`DROP_MARGIN` (40) more than the drop were another player to
  declare now (Indian Rummy: 60 for a first drop of 20, 80 for a middle drop
  of 40), so that a dearer drop is taken less often. What the hand would
  cost is counted as the file scores it (:meth:`Stakes.caught`): its least
  deadwood, or every card where a hand whose melds miss the knock's needs
  counts them all (``count_all_without_needs``), at most ``scoring.deal_cap``.
  It drops on its first turn (a first drop) or from its
  :data:`MIDDLE_DROP_TURN` th turn on (a middle drop), where the variant
  allows that drop;
* **draw**: it takes the upcard when keeping it (and discarding its best
  card) leaves less deadwood than its hand has now (by at least
  ``take_margin`` points, 1); otherwise it draws from the stock (or passes,
  when the first upcard is offered). Where a take brings several cards (the
  whole pile, a dig with every card above, ``draw.pile_cards``) it counts
  them all, fewest first, and leaves a take of more than :data:`MOST_TAKEN`
  (3) cards;
* **knock**: it knocks as soon as its deadwood after the discard is at most
  :data:`KNOCK_AT` (10; ``knock_at``) and within the deal's limit, with the discard and
  layout that leave the least deadwood; where the file's limit is a number
  above 10 (a house's 11 or 15), up to that limit; where it is ``any`` (Knock
  Rummy), also whenever its deadwood is below what it expects the best other
  hand to hold (:func:`others_deadwood`: the median, over
  :data:`SAMPLES` deals of the cards it has not seen to the other players,
  of the least deadwood among their hands — a knock that early wins the
  difference), and whatever its deadwood once the stock has fewer cards
  than there are players;
* **holding on for gin** (told the game's :class:`Stakes` by ``new_game``):
  instead of a knock with some deadwood it discards and waits one more turn
  when the chance of gin at the next draw, times what gin is worth more than
  the knock, beats the chance that another player ends the hand first, times
  what the knock would have won and the hand would then lose
  (:func:`holds_for_gin`). What a hand is worth counts the points, the boxes
  it earns, and — where it reaches the game's target — the game bonus and the
  shutout; so the bonuses, the target and the running scores all move it;
* **discard**: the card whose discard leaves the least deadwood, the
  highest-valued on a tie (where a knock's melds need runs, a hand that
  cannot lay them counts :data:`MISSING_NEEDS` more); with ``partial``
  above 0, each card of the deadwood left that could start a meld with
  another (a pair of a rank; two cards of a suit at most two ranks apart)
  takes ``partial`` points off that deadwood;
* **after another player's knock**: it lays the melds of its layout with
  the least deadwood (one that meets the knock's needs, where it can), then
  lays off every card it can (on a run first, where the next card may
  follow), then ends.

``knock_at``, ``take_margin`` and ``partial`` are :class:`KnockWeights`:
the greedy bot plays with the values above, the tuned bot with its own.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...cards import JOKER_FACE, Pack, rank_of, suit_of
from ...engine.actions import Action
from ...engine.deadwood import Layout, best_layout, min_deadwood
from ...engine.rules import MeldRules, PlayRules
from ...engine.view import SeatView
from .tactics import PileTake

__all__ = [
    "DROP_MARGIN",
    "KNOCK_AT",
    "KNOCK_AT_LATE",
    "MIDDLE_DROP_TURN",
    "MOST_TAKEN",
    "SAMPLES",
    "KnockWeights",
    "Stakes",
    "holds_for_gin",
    "knock_choice",
    "others_deadwood",
    "personality_weights",
]

#: The most deadwood the greedy bot knocks with while the stock lasts.
KNOCK_AT = 10

#: How much more than a drop costs a hand with no pure run and no wild card
#: must hold in least deadwood for the greedy bot to drop it (``going_out.drop``).
DROP_MARGIN = 40

#: The bot's own turn of the deal from which it takes a middle drop.
MIDDLE_DROP_TURN = 6

#: What a hand whose melds cannot meet the knock's needs counts as, on top of
#: its deadwood, when the bot weighs a draw or a discard.
MISSING_NEEDS = 40

#: How many deals of the unseen cards :func:`others_deadwood` weighs.
SAMPLES = 16


@dataclass(frozen=True, slots=True)
class KnockWeights:
    """The knock play's choices as numbers (the defaults: the greedy bot's)."""

    knock_at: int = KNOCK_AT
    """The most deadwood it knocks with while the stock lasts."""
    take_margin: int = 1
    """It takes the upcard when that lowers its deadwood by at least this."""
    partial: int = 0
    """Points off the deadwood a discard leaves per card that could start a
    meld with another of the deadwood (0: deadwood alone decides)."""


#: The greedy bot's weights.
GREEDY_WEIGHTS = KnockWeights()


@dataclass(frozen=True, slots=True)
class Stakes:
    """What a knock game's hand is worth besides the deadwood it wins (:meth:`of`
    the rules): the gin and undercut bonuses, the box each hand won earns at the
    game's end (``box`` points; gin and an undercut may earn more boxes), and
    the target whose reaching earns the game bonus, with the shutout factor
    where the other player has scored nothing; and ``limit``, the deadwood a
    knock may have where the file sets a number (None: any, or the upcard's)."""

    gin: int = 0
    undercut: int = 0
    box: int = 0
    gin_boxes: int = 1
    undercut_boxes: int = 1
    target: int | None = None
    game: int = 0
    shutout: int = 1
    limit: int | None = None
    count_all: bool = False
    """``count_all_without_needs``: a hand missing the knock's needs counts every card."""
    cap: int | None = None
    """``scoring.deal_cap``: the most a hand scores in a deal."""
    knock_any: bool = False
    """``deadwood_limit: any``: a knock at any deadwood."""
    pack: tuple[int, ...] = ()
    """The face of every card of the pack (told with the rules)."""

    @classmethod
    def of(cls, play: PlayRules, pack: Pack | None = None) -> Stakes:
        """The stakes of a game played by ``play`` with ``pack`` (no target where
        the game does not end at a target score, or the lowest total wins)."""
        bonus = {event: points for event, points, _to in play.bonuses}
        aims = play.game_end == "target_score" and play.winner == "highest_total"
        fixed = play.knocks and not play.knock_any and not play.knock_limit_upcard
        return cls(
            gin=bonus.get("gin", 0),
            undercut=bonus.get("undercut", 0),
            box=play.hand_bonus,
            gin_boxes=play.gin_boxes,
            undercut_boxes=play.undercut_boxes,
            target=play.target_score if aims else None,
            game=play.game_bonus,
            shutout=play.shutout_factor,
            limit=play.knock_limit if fixed else None,
            count_all=play.count_all_without_needs,
            cap=play.deal_cap,
            knock_any=play.knocks and play.knock_any,
            pack=tuple(pack.faces()) if pack is not None else (),
        )

    def caught(self, deadwood: int, every_card: int, meets: bool) -> int:
        """What a hand scores were another player to declare now: its least
        ``deadwood``, or ``every_card`` (all its cards' values) where it does not
        meet the knock's needs and such a hand counts them all; at most the cap."""
        points = deadwood if meets or not self.count_all else every_card
        return points if self.cap is None else min(points, self.cap)

    def worth(self, points: float, boxes: int, total: int, other: int) -> float:
        """What winning a hand by ``points`` with ``boxes`` boxes is worth to a
        player at ``total`` (the best other at ``other``)."""
        worth = points + self.box * boxes
        if self.target is not None and total + points >= self.target:
            worth += self.game
            if other == 0:  # a shutout: the winner's points count again
                worth += (total + points) * (self.shutout - 1)
        return worth


def _other_deadwood(turn: int) -> float:
    """The other player's least deadwood at one's own ``turn`` of the hand, on
    average: 52 at the first, 31 at the fourth, 17 at the tenth (greedy
    self-play in Gin, 150 games: 15 + 40 × 0.75^(turn - 1))."""
    return 15 + 40 * 0.75 ** max(0, turn - 1)


def _ends_next(turn: int) -> float:
    """The chance that a player ends the hand at its turn after one's own
    ``turn``: 3% at the first, 12% at the fifth, at most 32% (the same games)."""
    return min(0.32, 0.025 * turn)


def _undercut(deadwood: int) -> float:
    """The chance a knock with ``deadwood`` is undercut: 5.9% at 10, 2.9% at 7
    (the same games, 300 of them: 33 of 564 knocks at 10, 9 of 343 at 7)."""
    return deadwood * deadwood / 1700


#: The most cards a take from the pile may bring for the bot to weigh it: a
#: knock game's hand keeps them all (no meld leaves it), one discard a turn.
MOST_TAKEN = 3

#: A take that brings the card named alone.
_ONE_CARD = PileTake()

#: The stakes of a knock game that no one told the bot (no bonus, no cap).
_NO_STAKES = Stakes()

#: ``down=late``: the most deadwood the greedy bot knocks with.
KNOCK_AT_LATE = 5

#: How much the upcard must lower the deadwood to be taken, by the ``take``
#: personality (``never``: more than any hand holds).
_TAKE_MARGINS = {"eager": 0, "normal": GREEDY_WEIGHTS.take_margin, "never": 1000}


def personality_weights(take: str, *, late: bool) -> KnockWeights:
    """The greedy bot's weights for its personality: ``take`` sets how much the
    upcard must gain, ``late`` (``down=late``) knocks with less deadwood."""
    knock_at = KNOCK_AT_LATE if late else GREEDY_WEIGHTS.knock_at
    return replace(GREEDY_WEIGHTS, knock_at=knock_at, take_margin=_TAKE_MARGINS[take])


@dataclass(frozen=True, slots=True)
class _Counting:
    """How the bot counts a hand: the meld rules, values, wild cards and the
    knock's needs (runs, pure runs)."""

    rules: MeldRules
    values: Sequence[int]
    wilds: frozenset[int]
    needs: tuple[int, int]

    def layout(self, cards: Sequence[int]) -> Layout:
        """The layout of ``cards`` leaving least deadwood, meeting the needs if it can."""
        met = best_layout(cards, self.rules, self.values, self.wilds, self.needs)
        return met if met.meets else best_layout(cards, self.rules, self.values, self.wilds)

    def dead(self, cards: Sequence[int]) -> int:
        """The least deadwood of ``cards``, and :data:`MISSING_NEEDS` more when no
        layout meets the knock's needs (remembered: a bot weighs the same cards
        again and again, as it draws and as it discards)."""
        key = (self.rules, tuple(self.values), self.wilds, self.needs, tuple(sorted(cards)))
        found = _DEAD.get(key)
        if found is None:
            if len(_DEAD) >= _DEAD_MAX:
                _DEAD.clear()
            found = _DEAD[key] = self._dead(cards)
        return found

    def starts(self, cards: Sequence[int]) -> int:
        """How many cards of the deadwood of :meth:`layout` could start a meld
        with another of it (remembered, as :meth:`dead` is)."""
        key = (self.rules, tuple(self.values), self.wilds, self.needs, tuple(sorted(cards)))
        found = _STARTS.get(key)
        if found is None:
            if len(_STARTS) >= _DEAD_MAX:
                _STARTS.clear()
            found = _STARTS[key] = _starts(self.layout(cards).deadwood, self.wilds)
        return found

    def _dead(self, cards: Sequence[int]) -> int:
        if not any(self.needs):
            return min_deadwood(cards, self.rules, self.values, self.wilds)
        met = best_layout(cards, self.rules, self.values, self.wilds, self.needs)
        if met.meets:
            return met.value
        return min_deadwood(cards, self.rules, self.values, self.wilds) + MISSING_NEEDS


#: :meth:`_Counting.dead` remembered, by the counting rules and the cards (sorted).
_DEAD: dict[tuple[object, ...], int] = {}
#: :meth:`_Counting.starts` remembered the same way.
_STARTS: dict[tuple[object, ...], int] = {}
#: The most entries :data:`_DEAD` (and :data:`_STARTS`) keeps before it starts again.
_DEAD_MAX = 200_000


def knock_choice(
    view: SeatView,
    rules: MeldRules,
    values: Sequence[int],
    wilds: frozenset[int] = frozenset(),
    needs: tuple[int, int] = (0, 0),
    weights: KnockWeights = GREEDY_WEIGHTS,
    stakes: Stakes | None = None,
    pile: PileTake = _ONE_CARD,
) -> Action:
    """The greedy bot's action in a knock game (see the module's description),
    or with ``weights``, the tuned bot's; with ``stakes``, it may hold on for gin
    and (``knock_at`` :data:`KNOCK_AT`) knocks up to a numeric limit above 10;
    ``pile`` says which cards a take from the discard pile brings."""
    count = _Counting(rules, values, wilds, needs)
    legal = view.legal
    hand = list(view.hand)
    if view.phase == "defend":
        runs = frozenset(i for i, m in enumerate(view.melds) if m.kind == "run")
        return _defend(legal, hand, count, runs)
    if view.phase == "draw":
        return _draw(view, hand, count, weights.take_margin, stakes or _NO_STAKES, pile)
    knocks = [a for a in legal if a.kind == "knock"]
    if knocks:
        # Least deadwood; big gin (no discard) before gin; then the highest discard.
        best = min(
            knocks,
            key=lambda a: (_knock_deadwood(a, hand, values), a.card >= 0, -values[a.card]),
        )
        deadwood = _knock_deadwood(best, hand, values)
        knock_at = weights.knock_at
        if stakes is not None and knock_at == KNOCK_AT:
            if stakes.limit is not None:
                knock_at = max(knock_at, stakes.limit)  # a house's higher limit: up to it
            elif stakes.knock_any and deadwood > knock_at and stakes.pack:
                knock_at = max(knock_at, others_deadwood(view, count, stakes.pack) - 1)
        if (deadwood <= knock_at or view.stock_size < view.players) and (
            stakes is None or not holds_for_gin(view, hand, count, best.card, deadwood, stakes)
        ):
            return best
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return next((a for a in legal if a.kind == "end"), legal[0])
    return _best_discard(discards, hand, count, weights.partial)


def others_deadwood(view: SeatView, count: _Counting, pack: Sequence[int]) -> int:
    """What the bot expects the best other hand to hold in deadwood: the cards
    it has not seen (the pack less its hand and the discard pile) dealt
    :data:`SAMPLES` times to the other players, the median of the least
    deadwood among their hands. The deals are drawn from a generator seeded
    by the position, so the same position gives the same answer."""
    unseen = Counter(pack)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard_pile)
    cards = sorted(unseen.elements())
    sizes = [n for seat, n in enumerate(view.hand_sizes) if seat != view.seat]
    rng = random.Random(f"{sorted(view.hand)} {len(view.discard_pile)} {view.seat}")
    lows = []
    for _ in range(SAMPLES):
        rng.shuffle(cards)
        at, low = 0, None
        for size in sizes:
            dead = min_deadwood(cards[at : at + size], count.rules, count.values, count.wilds)
            at += size
            low = dead if low is None else min(low, dead)
        lows.append(low if low is not None else 0)
    return int(statistics.median_low(lows))


def holds_for_gin(
    view: SeatView, hand: list[int], count: _Counting, discard: int, deadwood: int, stakes: Stakes
) -> bool:
    """Whether to discard ``discard`` and wait rather than knock with ``deadwood``:
    with ``p`` the share of the unseen cards that would make gin (with some
    discard), ``q`` the chance another player ends the hand first, and the
    hand's worth (:meth:`Stakes.worth`) of a knock ``K`` (less the undercut's
    risk), of gin ``G``, and of the other's win ``L``: whether
    ``p × (G - K) > q × (K + L)``. Never with a wild rank or card, runs of
    mixed suits or a knock's needs (declaring games), never with the stock
    nearly gone, and
    not where the hand left after the discard holds four loose cards or more.
    The cards counted toward ``p`` are those that would meld with the hand
    as it is laid out (:func:`_gin_candidates`)."""
    wild = any(face != JOKER_FACE for face in count.wilds) or count.rules.run_any_suit
    if deadwood == 0 or wild or any(count.needs) or view.stock_size < 2 * view.players:
        return False
    turn = max(1, view.own_turn)
    other_dead = _other_deadwood(turn)
    mine = view.totals[view.seat]
    other = max(t for s, t in enumerate(view.totals) if s != view.seat)
    under = _undercut(deadwood)
    knock = (1 - under) * stakes.worth(other_dead - deadwood, 1, mine, other) - under * (
        stakes.worth(stakes.undercut, stakes.undercut_boxes, other, mine)
    )
    gin = stakes.worth(other_dead + stakes.gin, stakes.gin_boxes, mine, other)
    lose = stakes.worth(deadwood, 1, other, mine)
    first = 1 - (1 - _ends_next(turn)) ** (view.players - 1)
    worth_waiting, cost = gin - knock, first * (knock + lose)
    if worth_waiting <= 0:
        return False
    rest = list(hand)
    rest.remove(discard)
    layout = count.layout(rest)
    if len(layout.deadwood) > 3:
        return False  # a card drawn melds two loose cards at most, the third discarded
    known = set(hand).union(view.discard_pile)
    unseen = [face for face in range(JOKER_FACE) if face not in known]
    candidates = _gin_candidates(layout, unseen)
    if len(candidates) / len(unseen) * worth_waiting <= cost:
        return False  # even if every one made gin
    outs = sum(1 for face in candidates if _makes_gin([*rest, face], count))
    return outs / len(unseen) * worth_waiting > cost


def _gin_candidates(layout: Layout, unseen: list[int]) -> list[int]:
    """The unseen cards that could meld with ``layout``'s hand: of the rank of a
    loose card or of a set's, within two of a loose card in its suit, or next to
    a run's end."""
    ranks = {rank_of(face) for face in layout.deadwood}
    near: set[tuple[int, int]] = set()
    for face in layout.deadwood:
        near.update((rank_of(face) + step, suit_of(face)) for step in (-2, -1, 1, 2))
    for meld in layout.melds:
        if meld.kind == "set":
            ranks.update(rank_of(face) for face in meld.cards)
        elif meld.kind == "run":
            low = min(rank_of(face) for face in meld.cards)
            high = max(rank_of(face) for face in meld.cards)
            suit = suit_of(meld.cards[0])
            near.update(((low - 1, suit), (high + 1, suit)))
    return [f for f in unseen if rank_of(f) in ranks or (rank_of(f), suit_of(f)) in near]


def _makes_gin(held: list[int], count: _Counting) -> bool:
    """Whether some discard from ``held`` leaves no deadwood: a layout of
    ``held`` leaves one card loose at most (each card counted as 1)."""
    return min_deadwood(held, count.rules, _ONES, count.wilds) <= 1


#: Every face counted as 1: a layout's deadwood is then its number of loose cards.
_ONES = (1,) * (JOKER_FACE + 1)


def _best_discard(
    discards: list[Action], hand: list[int], count: _Counting, partial: int
) -> Action:
    """The discard :func:`_after_discard` rates best, the first listed on a tie
    (as ``min`` picks it), trying the likeliest first and skipping any that
    cannot win: the least deadwood after discarding a card is at least the
    whole hand's least deadwood less that card's value (a layout of the rest,
    with the card as deadwood, is a layout of the whole hand), and the meld
    starts take off at most ``partial`` a card left."""
    values = count.values
    if any(count.needs) or partial < 0 or len(discards) < 3:
        return min(discards, key=lambda a: _after_discard(a.card, hand, count, partial))
    floor = count.dead(hand) - partial * (len(hand) - 1)
    order = sorted(range(len(discards)), key=lambda i: -values[discards[i].card])
    best: tuple[tuple[int, int], int] | None = None
    for i in order:
        face = discards[i].card
        if best is not None and (floor - values[face], -values[face]) > best[0]:
            continue  # it cannot rate better than the best so far
        rated = (_after_discard(face, hand, count, partial), i)
        if best is None or rated < best:
            best = rated
    assert best is not None
    return discards[best[1]]


def _after_discard(face: int, hand: list[int], count: _Counting, partial: int) -> tuple[int, int]:
    rest = list(hand)
    rest.remove(face)
    dead = count.dead(rest)
    if partial:
        dead -= partial * count.starts(rest)
    return dead, -count.values[face]


def _starts(deadwood: Sequence[int], wilds: frozenset[int]) -> int:
    """How many of ``deadwood`` could start a meld with another of them: a pair
    of a rank, or two cards of a suit at most two ranks apart (wild cards
    aside)."""
    naturals = [f for f in deadwood if f != JOKER_FACE and f not in wilds]
    starts = 0
    for i, a in enumerate(naturals):
        for j, b in enumerate(naturals):
            if i != j and (
                rank_of(a) == rank_of(b)
                or (suit_of(a) == suit_of(b) and abs(rank_of(a) - rank_of(b)) <= 2)
            ):
                starts += 1
                break
    return starts


def _knock_deadwood(action: Action, hand: list[int], values: Sequence[int]) -> int:
    left = Counter(hand)
    left[action.card] -= 1
    for meld in action.melds:
        for face in meld.cards:
            left[face] -= 1
    return sum(values[f] * n for f, n in left.items() if n > 0)


def _hopeless(view: SeatView, hand: list[int], count: _Counting, stakes: Stakes) -> bool:
    """Whether the bot drops this hand now (see the module's description)."""
    if view.own_turn > 1 and view.own_turn < MIDDLE_DROP_TURN:
        return False
    if any(face in count.wilds for face in hand):
        return False
    if best_layout(hand, count.rules, count.values, count.wilds, (1, 1)).meets:
        return False
    deadwood = min_deadwood(hand, count.rules, count.values, count.wilds)
    meets = best_layout(hand, count.rules, count.values, count.wilds, count.needs).meets
    every_card = sum(count.values[face] for face in hand)
    return stakes.caught(deadwood, every_card, meets) >= view.drop_cost + DROP_MARGIN


def _draw(
    view: SeatView,
    hand: list[int],
    count: _Counting,
    margin: int,
    stakes: Stakes,
    pile: PileTake,
) -> Action:
    legal = view.legal
    if view.drop_cost >= 0 and _hopeless(view, hand, count, stakes):
        return next(a for a in legal if a.kind == "drop")
    takes = [a for a in legal if a.kind == "take"]
    other = next((a for a in legal if a.kind in ("draw", "pass")), None)
    if takes and other is not None:
        # Taken when some discard (any card but those taken) leaves at most
        # this much deadwood; a discard whose bound (the cards' least deadwood
        # less its value, see _best_discard) is above it is not tried. A take
        # of several cards (a whole pile, a dig) counts every card it brings,
        # and one bringing more than MOST_TAKEN is left.
        most = count.dead(hand) - margin
        brought = [(pile.cards(view.discard_pile, a.card), a) for a in takes]
        for cards, take in sorted(brought, key=lambda b: len(b[0])):
            if len(cards) > MOST_TAKEN:
                break
            held = [*hand, *cards]
            floor = count.dead(held) if not any(count.needs) else None
            for j in range(len(hand)):
                if floor is not None and floor - count.values[held[j]] > most:
                    continue
                if count.dead([f for i, f in enumerate(held) if i != j]) <= most:
                    return take
        return other
    return other if other is not None else legal[0]


def _defend(
    legal: Sequence[Action],
    hand: list[int],
    count: _Counting,
    runs: frozenset[int],
) -> Action:
    layout = count.layout(hand)
    wanted = {tuple(sorted(m.cards)) for m in layout.melds}
    for action in legal:
        if action.kind == "meld" and tuple(sorted(action.melds[0].cards)) in wanted:
            return action
    layoffs = [a for a in legal if a.kind == "layoff"]
    if layoffs:
        # A card laid on a run can make room for the next one; on a set it cannot.
        return max(layoffs, key=lambda a: a.target in runs)
    return next(a for a in legal if a.kind == "end")
