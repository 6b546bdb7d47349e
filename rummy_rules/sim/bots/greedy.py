"""A competent heuristic player for the contract family.

It goes down as soon as it can (choosing the arrangement that leaves the
fewest points), lays off whatever fits, takes back wilds when the variant
allows, and discards the card that helps it least, high values first on a
tie, avoiding a card the next player could lay off once that player is down.
In a knock game (Gin Rummy) it plays by deadwood instead (:mod:`.knock_play`).
In a contract deal it plans its hand toward the contract (:func:`_plan`):
it keeps the plan's cards and takes or buys a discard only when the plan
then misses fewer cards. Without a contract it keeps cards that join its
hand, and after a long wait with no progress keeps only those a card still
to come can complete, discarding at random among the rest to break
standoffs (docs/bots.md).

Personalities (``greedy:buy=eager:down=late`` on the command line):

* ``buy``: ``eager`` buys a discard that joins one card it holds, ``normal``
  (the default) one that makes a pair or a near run, ``reluctant`` only a
  strong fit, ``never`` never buys;
* ``take``: the same for taking the top discard in turn: ``eager``,
  ``normal`` (default) or ``never``;
* ``down``: ``early`` (default) goes down as soon as it can; ``late`` waits
  until someone else is down, few cards would be left in hand, the stock runs
  low or it has waited eight turns, hoping to go out in one go.
"""

from __future__ import annotations

import random

from mypy_extensions import mypyc_attr

from ...cards import JOKER_FACE, rank_of, suit_of
from ...engine.actions import Action
from ...engine.rules import ContractPart, DealRules, MeldRules, Rules
from ...engine.view import MeldView, SeatView
from .digging import dig
from .knock_play import Stakes, knock_choice, personality_weights
from .slips import SLIPS, slipped
from .tactics import (
    BuyPrice,
    PileTake,
    call_choice,
    force_choice,
    freeze_discard,
    freezes,
    shed_order,
    table_fits,
)

__all__ = ["GreedyBot"]


def _pair_score(face: int, other: int, *, sets: bool, runs: bool) -> int:
    """How well two natural faces go together: 3 for a set partner, 2/1 for run neighbours."""
    if face == JOKER_FACE or other == JOKER_FACE:
        return 0
    rank, suit = rank_of(face), suit_of(face)
    score = 0
    if sets and rank_of(other) == rank:
        score += 3
    if runs and suit_of(other) == suit:
        gap = abs(rank_of(other) - rank)
        gap = min(gap, 13 - gap)  # the ace joins both ends
        if gap == 1:
            score += 2
        elif gap == 2:
            score += 1
    return score


#: ``_PAIRS[sets, runs][face][other]``: :func:`_pair_score`, worked out once.
_PAIRS = {
    (sets, runs): tuple(
        tuple(_pair_score(f, o, sets=sets, runs=runs) for o in range(JOKER_FACE + 1))
        for f in range(JOKER_FACE + 1)
    )
    for sets in (False, True)
    for runs in (False, True)
}


#: ``_PARTNERS[sets, runs][face]``: the (other face, score) pairs of ``_PAIRS``
#: with a score (at most eight a face).
_PARTNERS = {
    key: tuple(tuple((o, score) for o, score in enumerate(row) if score) for row in rows)
    for key, rows in _PAIRS.items()
}


def _links(face: int, others: list[int], wild: frozenset[int], *, sets: bool, runs: bool) -> int:
    """How well ``face`` joins ``others``: partners for a set and neighbours in a run."""
    if face in wild or face == JOKER_FACE:
        return 100
    row = _PAIRS[sets, runs][face]
    if not wild:
        return sum([row[o] for o in others])
    return sum([row[o] for o in others if o not in wild])


def _live_faces(view: SeatView, held: list[int]) -> list[bool]:
    """Which natural faces may still come to this player: a copy is neither in a
    table meld (out of play for good) nor in its own hand. The pack's decks
    are counted from the cards in play (52 a deck, jokers aside)."""
    total = sum(view.hand_sizes) + view.stock_size + len(view.discard_pile)
    gone = [0] * (JOKER_FACE + 1)
    for meld in view.melds:
        total += len(meld.cards)
        for face in meld.cards:
            gone[face] += 1
    decks = max(1, total // 52)
    return [decks - gone[f] - held[f] > 0 for f in range(JOKER_FACE + 1)]


def _live_gain(face: int, held: list[int], live: list[bool], *, sets: bool, runs: bool) -> int:
    """:func:`_links` of ``face`` with the hand ``held`` (counts by face), counting
    only the partners whose meld can still be completed by a card that may come."""
    gain = 0
    rank, suit = rank_of(face), suit_of(face)
    for other, score in _PARTNERS[sets, runs][face]:
        if not held[other]:
            continue
        if rank_of(other) == rank:  # a set: any other card of the rank
            ok = any(live[rank + 13 * s] for s in range(4))
        else:  # a run: the card between them, or one at either end
            lo, hi = sorted((rank, rank_of(other)))
            if hi - lo > 6:  # round the corner (the ace)
                lo, hi = hi, lo + 13
            ends = [lo + 1] if hi - lo == 2 else [lo - 1, hi + 1]
            ok = any(live[suit * 13 + r % 13] for r in ends)
        if ok:
            gain += score * held[other]
    return gain


def _part_order(part: ContractPart) -> tuple[int, int]:
    """Colour melds, runs, the longest first, then sets: the hardest parts choose first."""
    return {"colour": -1, "run": 0, "any": 1, "set": 2}[part.kind], -part.size


def _plan_colour(free: list[int], keep: list[int], size: int, colours: list[int]) -> int:
    """Plan a colour meld of ``size``: the suit most held, its highest cards
    (moved from ``free`` to ``keep``). Returns the cards it still misses."""
    suit = max(range(4), key=lambda s: sum(free[s * 13 : s * 13 + 13]))
    taken = [f for f in range(suit * 13 + 12, suit * 13 - 1, -1) for _ in range(free[f])][:size]
    colours.append(suit)
    for face in taken:
        free[face] -= 1
        keep[face] += 1
    return size - len(taken)


def _best_window(
    free: list[int], size: int, beat: int
) -> tuple[int, list[int], tuple[int, ...]] | None:
    """The run window of one suit holding the most of the cards ``free`` (more
    than ``beat``): the first such, suit by suit, from the lowest start (rank
    13 is the high ace), as (cards held, [suit, first, last], its cards);
    None if no window beats ``beat``. Counted with running sums over ranks."""
    window: list[int] | None = None
    held = [0] * 15
    for suit in range(4):
        base = suit * 13
        for k in range(14):
            held[k + 1] = held[k] + (1 if free[base + k % 13] else 0)
        for start in range(15 - size):
            have = held[start + size] - held[start]
            if have > beat:
                beat, window = have, [suit, start, start + size - 1]
    if window is None:
        return None
    base = window[0] * 13
    faces = tuple(
        base + (window[1] + i) % 13 for i in range(size) if free[base + (window[1] + i) % 13]
    )
    return beat, window, faces


def _plan(
    counts: list[int],
    parts: tuple[ContractPart, ...],
    all_out: bool,
    any_suit: bool = False,
    pair_ranks: frozenset[int] = frozenset(),
) -> tuple[int, list[int]]:
    """How far natural cards ``counts`` (by face) are from a contract, roughly.

    Each part in turn (longest runs first) takes the set of one rank, or the
    run window of one suit, that holds the most of the cards still free.
    Returns (cards missing from the parts, copies of each face the plan
    keeps). In an all-out deal the plan also keeps the cards that extend a
    chosen run or join a chosen set, since every card must be melded.
    A set of two is planned only of the ``pair_ranks`` (where given).
    """
    free = list(counts)
    keep = [0] * (JOKER_FACE + 1)
    missing = 0
    runs: list[list[int]] = []  # [suit, first rank index, last rank index]
    sets: list[int] = []
    colours: list[int] = []
    for part in parts:
        size = part.size
        best = -1
        best_faces: tuple[int, ...] = ()
        if part.kind == "colour":
            missing += _plan_colour(free, keep, size, colours)
            continue
        if part.kind in ("set", "any"):
            best_rank = -1
            for rank in sorted(pair_ranks) if pair_ranks and size == 2 else range(13):
                have = min(free[rank] + free[rank + 13] + free[rank + 26] + free[rank + 39], size)
                if have > best:
                    best, best_rank = have, rank
            if best_rank >= 0:  # the first rank holding the most
                r = best_rank
                best_faces = tuple(f for f in (r, r + 13, r + 26, r + 39) for _ in range(free[f]))[
                    :size
                ]
        run_best = best
        window: list[int] | None = None
        if part.kind in ("run", "any") and size <= 13 and any_suit:
            # Runs of any suits: one card of each rank of the window, in any suit.
            for start in range(15 - size):
                ranks = [(start + i) % 13 for i in range(size)]
                faces = tuple(
                    next(r + 13 * s for s in range(4) if free[r + 13 * s])
                    for r in ranks
                    if any(free[r + 13 * s] for s in range(4))
                )
                if len(faces) > run_best:
                    run_best, best_faces, window = len(faces), faces, [-1, start, start + size - 1]
        elif part.kind in ("run", "any") and size <= 13:
            found = _best_window(free, size, run_best)
            if found is not None:
                run_best, window, best_faces = found
        if window is not None:
            runs.append(window)
            best = run_best
        elif best_faces:
            sets.append(best_faces[0] % 13)
        for taken in best_faces:
            free[taken] -= 1
            keep[taken] += 1
        missing += size - max(best, 0)
    if all_out:
        grew = True
        while grew:
            grew = False
            for run in runs:
                suit, lo, hi = run
                for end, step in ((hi + 1, 1), (lo - 1, -1)):
                    if 0 <= end <= 13 and hi - lo < 12:
                        for s in range(4) if suit < 0 else (suit,):
                            face = s * 13 + end % 13
                            if free[face]:
                                free[face] -= 1
                                keep[face] += 1
                                run[1 if step < 0 else 2] = end
                                grew = True
                                break
            for rank in sets:
                for face in (rank, rank + 13, rank + 26, rank + 39):
                    if free[face]:
                        free[face] -= 1
                        keep[face] += 1
        for suit in colours:  # a colour meld takes every card of its suit
            for face in range(suit * 13, suit * 13 + 13):
                keep[face] += free[face]
                free[face] = 0
    return missing, keep


#: Own turns without a meld, lay-off or useful take (or a rebuilt stock in that
#: time) after which a bot with no contract to plan for stops its pairs and runs.
_PATIENCE = 10

#: The stock size before the first look at a deal's stock.
_UNSEEN = 10**6

#: How strongly a discard must join the hand before it is bought or taken.
_THRESHOLDS = {"eager": 2, "normal": 3, "reluctant": 5, "never": 1000}
_TAKE_THRESHOLDS = {"eager": 1, "normal": 2, "never": 1000}


@mypyc_attr(allow_interpreted_subclasses=True)  # users' bots subclass it
class GreedyBot:
    """Plays to meet the contract quickly; ``buy``, ``take`` and ``down`` set its personality."""

    name = "greedy"
    live_view = True  # reads its view only inside ``choose``

    def __init__(
        self,
        rng: random.Random,
        *,
        buy: str = "normal",
        take: str = "normal",
        down: str = "early",
        slip: str = "never",
    ) -> None:
        if (
            buy not in _THRESHOLDS
            or take not in _TAKE_THRESHOLDS
            or down not in ("early", "late")
            or slip not in SLIPS
        ):
            raise ValueError(f"unknown personality buy={buy} take={take} down={down} slip={slip}")
        self.rng = rng
        self.slip = SLIPS[slip]
        """The share of its choices in which it slips (``slip``): it overlooks a play
        (draws, passes or ends its turn, where it may), or takes another of that kind."""
        self.wild: frozenset[int] = frozenset()
        self.sets = self.runs = True
        self.buy_threshold = _THRESHOLDS[buy]
        self._before: list[int] = []
        """The hand before this turn's draw (to tell which card was drawn)."""
        self.take_threshold = _TAKE_THRESHOLDS[take]
        self.late = down == "late"
        self.buy_room = 3
        """Buy only while the hand holds fewer than the deal's cards and this many."""
        self.all_out_room = 0
        """In an all-out deal: buy only while the hand holds fewer than the
        contract's cards (less the draw, at least the deal's) and this many."""
        self.cards = 0
        self.all_out = self.any_suit = False
        self.pair_ranks: frozenset[int] = frozenset()
        self.took_last = self.take_unused = False
        """``take_unused``: the discard taken last turn led to no meld or lay-off that turn."""
        self.turns = 0
        self._fitted_melds: tuple[MeldView, ...] | None = None
        self._fitted: set[int] = set()
        self.parts: tuple[ContractPart, ...] = ()
        #: This deal's plans by hand (a hand's counts by face): see _planned.
        self._plans: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        self.melds_after_down = self.face_up = False
        self.stale = self.rebuilds = 0
        self._stock_seen = _UNSEEN
        self.knock_melds: MeldRules | None = None
        self.knock_values: tuple[int, ...] = ()
        self.call_values: tuple[int, ...] = ()
        self.stakes: Stakes | None = None  # a knock game's, once told (new_game)
        self.pile = PileTake()  # which cards a take brings (new_game)
        self.freezes: frozenset[int] | None = None
        """Where a wild card discarded freezes the pile: the other faces that do (tactics)."""
        self.teams = False
        self.price = BuyPrice()
        """What a buy costs, in cards (tactics.BuyPrice)."""
        self.shed = shed_order(())
        """Per face, its place in the order of discards on a tie (tactics.shed_order)."""
        # face_up: ``draw.mode: turn_up``, every legal take is melded at once, so it is taken.
        self.knock_needs: tuple[int, int] = (0, 0)
        self.knock_weights = personality_weights(take, late=self.late)
        """How it plays a knock game (:class:`.knock_play.KnockWeights`): ``take`` sets
        how much the upcard must lower its deadwood, ``down=late`` knocks with less."""

    def configure(
        self,
        *,
        wild_faces: frozenset[int],
        parts_kinds: tuple[str, ...],
        cards: int = 0,
        all_out: bool = False,
        parts: tuple[ContractPart, ...] = (),
        any_suit: bool = False,
        pair_ranks: frozenset[int] = frozenset(),
    ) -> None:
        """Adapt to a new deal: its wild cards, contract, hand size and all-out rule
        (``any_suit``: runs may mix suits; ``pair_ranks``: the only ranks whose
        pair is a set, where sets otherwise need three or more cards).

        With the contract's ``parts`` the bot plans its hand toward them: it
        keeps the cards of the closest partial contract, and takes or buys a
        discard only when it brings the contract closer.
        """
        self.parts = tuple(sorted(parts, key=_part_order))
        self.wild = wild_faces
        self.sets = any(k in ("set", "any") for k in parts_kinds) or not parts_kinds
        self.runs = any(k in ("run", "any") for k in parts_kinds) or not parts_kinds
        self.cards = cards
        self.all_out = all_out
        self.any_suit = any_suit
        self.pair_ranks = pair_ranks
        self._plans = {}
        self.turns = 0
        self.stale = self.rebuilds = 0
        self._stock_seen = _UNSEEN

    def new_game(self, rules: Rules) -> None:
        """Learn what a knock game's hands are worth (``play_game`` calls this first)."""
        self.stakes = Stakes.of(rules.play, rules.pack)
        self.pile = PileTake.of(rules.play)
        self.freezes = freezes(rules)
        self.teams = rules.play.teams
        self.price = BuyPrice.of(rules)
        self.shed = shed_order(rules.card_values)

    def new_deal(self, deal: DealRules) -> None:
        """Adapt to a deal as it starts (``play_game`` calls this)."""
        self.configure(
            wild_faces=deal.wild_faces,
            parts_kinds=tuple(p.kind for p in deal.parts),
            cards=deal.cards,
            all_out=deal.all_out,
            parts=deal.parts,
            any_suit=deal.run_any_suit,
            pair_ranks=deal.pair_ranks,
        )
        # Where new melds are allowed after going down, a down player keeps
        # pairs and near runs toward them (as after a meld has been offered).
        self.melds_after_down = deal.new_melds_after_down
        # A knock game is played by deadwood (knock_play).
        self.knock_melds = deal.knock_melds
        self.knock_values = deal.knock_values
        self.knock_needs = deal.knock_needs
        self.call_values = deal.call_values
        self.face_up = deal.face_up_draw
        self.price.new_deal()

    def _down_now(self, view: SeatView, action: Action) -> bool:
        """Whether to go down now (always, unless the personality is ``down=late``)."""
        if not self.late or self.all_out:
            return True
        left = len(view.hand) - sum(len(m.cards) for m in action.melds)
        others_down = any(d for s, d in enumerate(view.down) if s != view.seat)
        return others_down or left <= 3 or view.stock_size < 3 * view.players or self.turns >= 8

    @property
    def _take_rule(self) -> tuple[int, bool]:
        """(threshold, eager) for taking the discard in turn."""
        return self.take_threshold, self.take_threshold < _TAKE_THRESHOLDS["normal"]

    def _gain(self, face: int, hand: list[int]) -> int:
        return _links(face, hand, self.wild, sets=self.sets, runs=self.runs)

    def _counts(self, hand: list[int]) -> list[int]:
        counts = [0] * (JOKER_FACE + 1)
        wild = self.wild
        for face in hand:
            if face not in wild and face != JOKER_FACE:
                counts[face] += 1
        return counts

    def _planned(self, counts: list[int]) -> tuple[int, list[int]]:
        """:func:`_plan` of this deal's contract for a hand of ``counts``, worked
        out once per hand and deal (the hand is asked about again and again:
        each discard offered while it waits). The list returned is shared."""
        key = tuple(counts)
        found = self._plans.get(key)
        if found is None:
            found = self._plans[key] = _plan(
                counts, self.parts, self.all_out, self.any_suit, self.pair_ranks
            )
        return found

    def _wanted(self, face: int, hand: list[int], threshold: int, eager: bool = False) -> bool:
        """Whether to take or buy a discard of ``face`` (not yet down); ``eager``:
        the personality that wants more discards than the normal one."""
        if not self.parts or face in self.wild or face == JOKER_FACE:
            return self._gain(face, hand) >= threshold
        counts = self._counts(hand)
        before = self._planned(counts)[0]
        counts[face] += 1
        after = self._planned(counts)[0]
        if eager:
            # Also a card that joins the hand (a set partner, a run neighbour)
            # without bringing the plan closer yet.
            return after < before or self._gain(face, hand) >= threshold
        # A card that brings the contract closer; a reluctant player also
        # wants it to join the hand strongly.
        return after < before and (threshold < 5 or self._gain(face, hand) >= threshold)

    def choose(self, view: SeatView) -> Action:
        """The action to play (now and then another of its kind, with ``slip``)."""
        action = self._choose(view)
        if self.slip and self.rng.random() < self.slip:
            return slipped(self.rng, action, view.legal)
        return action

    def _choose(self, view: SeatView) -> Action:
        if self.knock_melds is not None:
            return knock_choice(
                view,
                self.knock_melds,
                self.knock_values,
                self.wild,
                self.knock_needs,
                self.knock_weights,
                self.stakes,
                self.pile,
            )
        legal = view.legal
        hand = list(view.hand)
        self.price.seen(len(hand))
        if view.stock_size > self._stock_seen:
            self.rebuilds += 1  # the stock was rebuilt from the discards
        self._stock_seen = view.stock_size
        if view.phase == "buy":
            return self._buy_or_pass(view, hand)
        if view.phase == "draw":
            return self._draw(view, hand)
        if view.phase == "force":
            return force_choice(view, legal)
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            group = by_kind.get(action.kind)
            if group is None:
                by_kind[action.kind] = [action]
            else:
                group.append(action)
        if "yes" in by_kind:
            return by_kind["yes"][0]  # a partner asks "may I go out?": yes
        if "meld" in by_kind and view.down[view.seat]:
            # New melds after going down: pairs and near runs still count then.
            self.melds_after_down = True
        for kind in ("down", "exchange", "meld", "layoff", "rearrange"):
            options = by_kind.get(kind)
            if kind == "down" and options and not self._down_now(view, options[0]):
                continue
            if options:
                self.stale = self.rebuilds = 0
                self.take_unused = False
            if kind == "meld" and options:
                # The longest meld first (most cards out of hand), then the most valuable.
                return max(options, key=_meld_rank)
            if options:
                return options[0]
        asks = by_kind.get("ask")
        if asks and len(hand) <= 3:
            return asks[0]  # few cards left and the side may go out: ask the partner
        discards = by_kind.get("discard")
        if not discards:
            # No discard allowed: end the turn keeping the cards, where the rules let
            # us; in a turn that plays or draws (draw.mode), with nothing laid,
            # draw (or pass, the stock being empty).
            for kind in ("end", "draw", "pass"):
                options = by_kind.get(kind)
                if options:
                    return options[0]
            return self.rng.choice(legal)
        return self._discard(view, hand, discards)

    def _buy_or_pass(self, view: SeatView, hand: list[int]) -> Action:
        legal = view.legal
        kinds = {a.kind for a in legal}
        if "discard" in kinds:  # a buyer who discards at once: as at the end of a turn
            return self._discard(view, hand, list(legal))
        if "veto" in kinds:  # the player in turn refuses every buy
            return next(a for a in legal if a.kind == "veto")
        if "keep" in kinds:
            # Hand over the card just drawn unless it is wanted.
            drawn = [f for f in set(hand) if hand.count(f) > self._before.count(f)]
            give = [a for a in legal if a.kind == "give"]
            if give and drawn and not self._wanted(drawn[0], hand, *self._take_rule):
                return give[0]
            return next(a for a in legal if a.kind == "keep")
        top = view.discard_pile[-1]
        down = view.down[view.seat]
        # Every buy is more cards to get rid of (the discard and its price): stop
        # once the hand is big (in an all-out deal, once it holds what the
        # contract takes, less the draw).
        need = sum(p.size for p in self.parts) - 1
        most = (
            max(self.cards, need) + self.all_out_room
            if self.all_out
            else self.cards + self.buy_room
        )
        room = len(hand) + self.price.cards() <= most  # hand + discard + price <= most + 1
        never = self.buy_threshold >= _THRESHOLDS["never"]
        eager = self.buy_threshold < _THRESHOLDS["normal"]
        if not down and room and not never and self._wanted(top, hand, self.buy_threshold, eager):
            self.price.asked(len(hand))
            return next(a for a in legal if a.kind == "buy")
        return next(a for a in legal if a.kind == "pass")

    def _draw(self, view: SeatView, hand: list[int]) -> Action:
        legal = view.legal
        self._before = hand
        self.turns += 1
        call = call_choice(view, hand, self.call_values)
        if call is not None:
            return call
        if self.face_up:
            # A face-up card is taken only to be melded at once: take it whenever
            # the rules let us; otherwise turn up the next card, or pass it on.
            for kind in ("take", "draw", "pass"):
                option = next((a for a in legal if a.kind == kind), None)
                if option is not None:
                    return option
        if view.discard_pile:
            top = view.discard_pile[-1]
            take = next((a for a in legal if a.kind == "take" and a.card == top), None)
            down = view.down[view.seat]
            # Trading discards back and forth can go on for ever: a big hand,
            # or one that took the discard last turn, draws from the stock.
            small = len(hand) <= self.cards + 2 or not self.cards
            if down:
                # A discard taken last turn that nothing came of: draw this time
                # (passing one card round and round never ends the deal).
                wanted = view.discard_fits_table and not (self.took_last and self.take_unused)
            else:
                wanted = (
                    small
                    and not self.took_last
                    and self.take_threshold < _TAKE_THRESHOLDS["never"]
                    and self._wanted(top, hand, *self._take_rule)
                )
            if take is None or not wanted:  # below the top, where the pile may be dug
                take = None if self.took_last else dig(legal, view.discard_pile)
            if take is not None and (wanted or take.card != top):
                self.took_last = self.take_unused = True
                self.stale = self.rebuilds = 0
                return take
        self.took_last = False
        block = next((a for a in legal if a.kind == "block"), None)
        if block is not None and view.discard_pile[-1] in self.wild:
            return block  # a wild is the card everyone would buy: call the block
        draw = next((a for a in legal if a.kind == "draw"), None)
        if draw is not None:
            return draw
        if view.stock_size:  # the upcard is offered, and not wanted
            return next(a for a in legal if a.kind == "pass")
        # The stock is gone: take any discard the rules let us meld, or pass.
        takes = [a for a in legal if a.kind == "take"]
        return takes[0] if takes else next(a for a in legal if a.kind == "pass")

    def _discard(self, view: SeatView, hand: list[int], discards: list[Action]) -> Action:
        if self.freezes is not None:
            freeze = freeze_discard(view, discards, self.wild, self.freezes, self.teams)
            if freeze is not None:
                return freeze
        down = view.down[view.seat]
        self.stale += 1
        # Many turns without a meld, lay-off or useful take: the cards being
        # kept wait for cards other players keep too. Discard among them at
        # random, as a player would, so that a standoff can break.
        stuck = (down or not self.parts) and (self.stale > _PATIENCE or self.rebuilds > 0)
        # A card the next player could lay off is a gift once that player is down.
        feeds_next = view.down[view.next_seat] and view.next_seat != view.seat
        wild, shed = self.wild, self.shed
        fitting: set[int] = set()
        if down or feeds_next:
            # The table view is one object until the table changes: work its
            # fits out once.
            if view.melds is not self._fitted_melds:
                self._fitted_melds = view.melds
                self._fitted = table_fits(view)
            fitting = self._fitted

        # Keep the cards that join the rest of the hand (the hand less that
        # card) best; lose those that fit the table first once down.
        scores: list[tuple[int, int, int, int]] = []
        if down and self.parts and not self.melds_after_down:
            for action in discards:
                face = action.card
                fits = face in wild or face == JOKER_FACE or face in fitting
                scores.append((0, int(fits), 0, shed[face]))
        else:
            row_of = _PAIRS[self.sets, self.runs]
            partners = _PARTNERS[self.sets, self.runs]
            held = [0] * (JOKER_FACE + 1)
            for o in hand:
                if o not in wild:
                    held[o] += 1
            # Cards outside the plan toward the contract go first.
            live = _live_faces(view, held) if stuck else None
            keep = None
            if self.parts and not down:
                keep = self._planned(self._counts(hand))[1]
            for action in discards:
                face = action.card
                if face in wild or face == JOKER_FACE:
                    gain, fits, kept = 100, True, 1
                else:
                    gain = -row_of[face][face]
                    for o, score in partners[face]:
                        gain += score * held[o]
                    fits = face in fitting
                    kept = int(keep is not None and held[face] <= keep[face])
                    if live is not None:
                        # Long without progress: only the pairs and near runs
                        # that a card still to come can complete are worth
                        # keeping; among the rest the discard is at random.
                        gain = _live_gain(face, held, live, sets=self.sets, runs=self.runs)
                scores.append((int(feeds_next and fits), kept, gain, 0 if stuck else shed[face]))
        lowest = min(scores)
        return self.rng.choice([a for a, k in zip(discards, scores, strict=True) if k == lowest])


def _meld_rank(action: Action) -> tuple[int, str]:
    """How much a new meld is worth laying: its length, then its text."""
    return len(action.melds[0].cards), str(action)
