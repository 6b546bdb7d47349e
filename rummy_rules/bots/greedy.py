"""A competent heuristic player for the contract family.

It goes down as soon as it can (choosing the arrangement that leaves the
fewest points), lays off whatever fits, takes back wilds when the variant
allows, takes or buys a discard that joins cards it holds, and discards the
card that helps its contract least, high values first on a tie.
"""

from __future__ import annotations

import random

from ..cards import JOKER_FACE, rank_of, suit_of
from ..engine.actions import Action
from ..engine.view import SeatView
from ..rules import DealRules

__all__ = ["GreedyBot"]


def _links(face: int, others: list[int], wild: frozenset[int], *, sets: bool, runs: bool) -> int:
    """How well ``face`` joins ``others``: partners for a set and neighbours in a run."""
    if face in wild or face == JOKER_FACE:
        return 100
    rank, suit = rank_of(face), suit_of(face)
    score = 0
    for other in others:
        if other in wild or other == JOKER_FACE:
            continue
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


class GreedyBot:
    """Plays to meet the contract quickly; ``buy_threshold`` tunes how eagerly it buys."""

    name = "greedy"

    def __init__(
        self,
        rng: random.Random,
        *,
        wild_faces: frozenset[int] = frozenset(),
        parts_kinds: tuple[str, ...] = (),
        buy_threshold: int = 3,
    ) -> None:
        self.rng = rng
        self.wild = wild_faces
        self.sets = any(k in ("set", "any") for k in parts_kinds) or not parts_kinds
        self.runs = any(k in ("run", "any") for k in parts_kinds) or not parts_kinds
        self.buy_threshold = buy_threshold
        self.cards = 0
        self.all_out = False
        self.took_last = False

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

    def new_deal(self, deal: DealRules) -> None:
        """Adapt to a deal as it starts (``play_game`` calls this)."""
        self.configure(
            wild_faces=deal.wild_faces,
            parts_kinds=tuple(p.kind for p in deal.parts),
            cards=deal.cards,
            all_out=deal.all_out,
        )

    def _fits_table(self, face: int, view: SeatView) -> bool:
        """Roughly: would ``face`` extend a meld on the table?"""
        if face in self.wild or face == JOKER_FACE:
            return True
        for meld in view.melds:
            if meld.kind == "set" and rank_of(meld.stands_for[0]) == rank_of(face):
                return True
            if meld.kind == "run" and suit_of(meld.stands_for[0]) == suit_of(face):
                ends = (rank_of(meld.stands_for[0]), rank_of(meld.stands_for[-1]))
                if (rank_of(face) - ends[1]) % 13 == 1 or (ends[0] - rank_of(face)) % 13 == 1:
                    return True
        return False

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
                    wanted = small and not self.took_last and self._gain(top, hand) >= 2
                if take is not None and wanted:
                    self.took_last = True
                    return take
            self.took_last = False
            return next(a for a in legal if a.kind == "draw")
        for kind in ("down", "exchange", "layoff"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return options[0]
        discards = [a for a in legal if a.kind == "discard"]
        if not discards:
            return self.rng.choice(legal)

        down = view.down[view.seat]

        def keep_score(action: Action) -> tuple[int, int]:
            others = list(hand)
            others.remove(action.card)
            if down:
                return (int(self._fits_table(action.card, view)), -action.card % 13)
            return (self._gain(action.card, others), -action.card % 13)

        lowest = min(keep_score(a) for a in discards)
        return self.rng.choice([a for a in discards if keep_score(a) == lowest])
