"""A competent heuristic player for the contract family.

It goes down as soon as it can (choosing the arrangement that leaves the
fewest points), lays off whatever fits, takes back wilds when the variant
allows, takes or buys a discard that joins cards it holds, and discards the
card that helps its contract least, high values first on a tie, avoiding a
card the next player could lay off once that player is down.

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

from ...cards import JOKER_FACE, face_of, rank_of, suit_of
from ...engine.actions import Action
from ...engine.rules import DealRules
from ...engine.view import MeldView, SeatView

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


#: How strongly a discard must join the hand before it is bought or taken.
_THRESHOLDS = {"eager": 2, "normal": 3, "reluctant": 5, "never": 1000}
_TAKE_THRESHOLDS = {"eager": 1, "normal": 2, "never": 1000}


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
    ) -> None:
        if buy not in _THRESHOLDS or take not in _TAKE_THRESHOLDS or down not in ("early", "late"):
            raise ValueError(f"unknown personality buy={buy} take={take} down={down}")
        self.rng = rng
        self.wild: frozenset[int] = frozenset()
        self.sets = self.runs = True
        self.buy_threshold = _THRESHOLDS[buy]
        self.take_threshold = _TAKE_THRESHOLDS[take]
        self.late = down == "late"
        self.cards = 0
        self.all_out = False
        self.took_last = False
        self.turns = 0
        self._fitted_melds: tuple[MeldView, ...] | None = None
        self._fitted: set[int] = set()

    def configure(
        self,
        *,
        wild_faces: frozenset[int],
        parts_kinds: tuple[str, ...],
        cards: int = 0,
        all_out: bool = False,
    ) -> None:
        """Adapt to a new deal: its wild cards, contract, hand size and all-out rule."""
        self.wild = wild_faces
        self.sets = any(k in ("set", "any") for k in parts_kinds) or not parts_kinds
        self.runs = any(k in ("run", "any") for k in parts_kinds) or not parts_kinds
        self.cards = cards
        self.all_out = all_out
        self.turns = 0

    def new_deal(self, deal: DealRules) -> None:
        """Adapt to a deal as it starts (``play_game`` calls this)."""
        self.configure(
            wild_faces=deal.wild_faces,
            parts_kinds=tuple(p.kind for p in deal.parts),
            cards=deal.cards,
            all_out=deal.all_out,
        )

    @staticmethod
    def _fitting(view: SeatView) -> set[int]:
        """Roughly: the natural faces that would extend a meld on the table
        (any card of a set's rank, the card just below or above a run)."""
        faces: set[int] = set()
        for meld in view.melds:
            first, last = meld.stands_for[0], meld.stands_for[-1]
            if first == JOKER_FACE:
                continue
            if meld.kind == "set":
                faces.update(face_of(rank_of(first), suit) for suit in range(4))
            elif meld.kind == "run":
                suit = suit_of(first)
                faces.add(face_of((rank_of(last) + 1) % 13, suit))
                faces.add(face_of((rank_of(first) - 1) % 13, suit))
        return faces

    def _down_now(self, view: SeatView, action: Action) -> bool:
        """Whether to go down now (always, unless the personality is ``down=late``)."""
        if not self.late or self.all_out:
            return True
        left = len(view.hand) - sum(len(m.cards) for m in action.melds)
        others_down = any(d for s, d in enumerate(view.down) if s != view.seat)
        return others_down or left <= 3 or view.stock_size < 3 * view.players or self.turns >= 8

    def _gain(self, face: int, hand: list[int]) -> int:
        return _links(face, hand, self.wild, sets=self.sets, runs=self.runs)

    def choose(self, view: SeatView) -> Action:
        """The action to play."""
        legal = view.legal
        hand = list(view.hand)
        if view.phase == "buy":
            top = view.discard_pile[-1]
            down = view.down[view.seat]
            # Every buy is two more cards to get rid of: stop once the hand is big.
            room = len(hand) < (self.cards if self.all_out else self.cards + 3)
            if not down and room and self._gain(top, hand) >= self.buy_threshold:
                return next(a for a in legal if a.kind == "buy")
            return next(a for a in legal if a.kind == "pass")
        if view.phase == "draw":
            self.turns += 1
            if view.discard_pile:
                top = view.discard_pile[-1]
                take = next((a for a in legal if a.kind == "take" and a.card == top), None)
                down = view.down[view.seat]
                # Trading discards back and forth can go on for ever: a big hand,
                # or one that took the discard last turn, draws from the stock.
                small = len(hand) <= self.cards + 2 or not self.cards
                if down:
                    wanted = view.discard_fits_table
                else:
                    wanted = (
                        small
                        and not self.took_last
                        and self._gain(top, hand) >= self.take_threshold
                    )
                if take is not None and wanted:
                    self.took_last = True
                    return take
            self.took_last = False
            draw = next((a for a in legal if a.kind == "draw"), None)
            if draw is not None:
                return draw
            # The stock is gone: take any discard the rules let us meld, or pass.
            takes = [a for a in legal if a.kind == "take"]
            return takes[0] if takes else next(a for a in legal if a.kind == "pass")
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            group = by_kind.get(action.kind)
            if group is None:
                by_kind[action.kind] = [action]
            else:
                group.append(action)
        for kind in ("down", "exchange", "meld", "layoff"):
            options = by_kind.get(kind)
            if kind == "down" and options and not self._down_now(view, options[0]):
                continue
            if kind == "meld" and options:
                # The longest meld first (most cards out of hand), then the most valuable.
                return max(options, key=_meld_rank)
            if options:
                return options[0]
        discards = by_kind.get("discard")
        if not discards:
            return self.rng.choice(legal)

        down = view.down[view.seat]
        # A card the next player could lay off is a gift once that player is down.
        feeds_next = view.down[(view.seat + 1) % view.players] and view.players > 1
        wild = self.wild
        fitting: set[int] = set()
        if down or feeds_next:
            # The table view is one object until the table changes: work its
            # fits out once.
            if view.melds is not self._fitted_melds:
                self._fitted_melds = view.melds
                self._fitted = self._fitting(view)
            fitting = self._fitted

        # Keep the cards that join the rest of the hand (the hand less that
        # card) best; lose those that fit the table first once down.
        scores: list[tuple[int, int, int]] = []
        if down:
            for action in discards:
                face = action.card
                fits = face in wild or face == JOKER_FACE or face in fitting
                scores.append((0, int(fits), -face % 13))
        else:
            row_of = _PAIRS[self.sets, self.runs]
            partners = _PARTNERS[self.sets, self.runs]
            held = [0] * (JOKER_FACE + 1)
            for o in hand:
                if o not in wild:
                    held[o] += 1
            for action in discards:
                face = action.card
                if face in wild or face == JOKER_FACE:
                    gain, fits = 100, True
                else:
                    gain = -row_of[face][face]
                    for o, score in partners[face]:
                        gain += score * held[o]
                    fits = face in fitting
                scores.append((int(feeds_next and fits), gain, -face % 13))
        lowest = min(scores)
        return self.rng.choice([a for a, k in zip(discards, scores, strict=True) if k == lowest])


def _meld_rank(action: Action) -> tuple[int, str]:
    """How much a new meld is worth laying: its length, then its text."""
    return len(action.melds[0].cards), str(action)
