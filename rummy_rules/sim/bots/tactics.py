"""Table tactics of the greedy bot: forcing a card on the next player, calling
a hand, freezing a big discard pile with a wild card, the price of a buy.

Freezing the pile (canasta games): where a wild card in the discard pile freezes it (``draw.natural_pair:
when_frozen`` or ``or_lay_off``: a frozen pile is taken only with a natural
pair of its top card), a player who lets the pile grow big gives the next side
a windfall if it can take it. A canasta player then discards a wild card to
freeze the pile: the greedy bot does so when the pile holds
:data:`FREEZE_AT` cards or more, nothing freezes it yet, and the next player's
side has opened (before that the pile is frozen for them anyway). It gives up
its least valuable wild card (a two before a joker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import JOKER_FACE, face_of, rank_of, suit_of
from ...engine.actions import Action
from ...engine.rules import PlayRules, Rules
from ...engine.view import SeatView

__all__ = [
    "FREEZE_AT",
    "BuyPrice",
    "PileTake",
    "call_choice",
    "force_choice",
    "freeze_discard",
    "freezes",
    "shed_order",
    "table_fits",
]

#: The pile a player freezes with a wild card, in cards.
FREEZE_AT = 10


def freezes(rules: Rules) -> frozenset[int] | None:
    """The faces that freeze the pile besides the wild cards (the bonus cards),
    where freezing it keeps the next player from taking it; ``None`` where it
    does not (the pile is never taken, is always taken with a pair, or is taken
    as before)."""
    play = rules.play
    if play.discard_pile != "whole_pile" or play.natural_pair not in ("when_frozen", "or_lay_off"):
        return None
    return play.bonus_faces


def freeze_discard(
    view: SeatView,
    discards: Sequence[Action],
    wild: frozenset[int],
    others: frozenset[int],
    teams: bool,
) -> Action | None:
    """The discard of a wild card that freezes a big pile the next side could
    take (see the module); ``None`` when the bot should discard as usual.
    ``others``: the faces besides ``wild`` that freeze the pile; ``teams``: the
    players sit in two or more sides (partners opposite, as the engine seats them)."""
    pile = view.discard_pile
    if len(pile) < FREEZE_AT or any(f in wild or f in others or f == JOKER_FACE for f in pile):
        return None
    nxt = view.next_seat
    sides = view.players // 2 if teams else view.players
    if nxt < 0 or nxt % sides == view.seat % sides:
        return None  # the next player is a partner
    if not any(view.down[s] for s in range(view.players) if s % sides == nxt % sides):
        return None  # the pile is frozen for that side until it opens
    wilds = [a for a in discards if a.card in wild or a.card == JOKER_FACE]
    if not wilds:
        return None
    return min(wilds, key=lambda a: (a.card == JOKER_FACE, a.card))


def force_choice(view: SeatView, legal: Sequence[Action]) -> Action:
    """``draw.force``: force the next player to take the card while every other
    player holds two cards or more (with fewer, it could be the card that puts
    them out)."""
    others = [n for seat, n in enumerate(view.hand_sizes) if seat != view.seat]
    return next(a for a in legal if a.kind == ("force" if min(others) >= 2 else "pass"))


def call_choice(view: SeatView, hand: Sequence[int], values: Sequence[int]) -> Action | None:
    """``going_out.call``: call the hand when it counts 5 or less, or 10 or
    less while every other player holds three cards or more (``values``: what
    each face counts toward a call; empty where nobody calls)."""
    if not values:
        return None
    call = next((a for a in view.legal if a.kind == "call"), None)
    if call is None:
        return None
    count = sum(values[face] for face in hand)
    others = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
    if count <= 5 or (count <= 10 and min(others, default=0) >= 3):
        return call
    return None


class BuyPrice:
    """What the greedy bot's next buy costs, in cards (``buying.cost``).

    A buy brings the discard and the penalty cards of that buy into the hand
    (``penalty_cards``, or the ``escalating`` list by the buys made this
    deal); a buy that costs score points (``score_points``) counts each point
    as a part of an average card's value in the file (``scoring.card_values``
    over the pack), as a person weighs a point against the cards they may be
    caught with. The bot counts its own buys: the hand grown by two cards or
    more between two of its views is a buy it was given.
    """

    def __init__(self, costs: Sequence[int] = (1,), points: int = 0, mean_value: float = 1.0):
        self.costs = tuple(costs) or (1,)
        self.points_as_cards = points / mean_value if mean_value > 0 else 0.0
        self.buys = 0
        self._asked_with = -1
        """The hand size when it last asked to buy (-1: no buy pending)."""

    @classmethod
    def of(cls, rules: Rules) -> BuyPrice:
        """The price of buying under ``rules``."""
        faces = rules.pack.faces()
        values = [rules.card_values[f] for f in faces]
        mean = sum(values) / len(values) if values else 1.0
        return cls(rules.play.buy_cost, rules.play.buy_points, mean)

    def new_deal(self) -> None:
        """No buys yet this deal."""
        self.buys = 0
        self._asked_with = -1

    def seen(self, hand_size: int) -> None:
        """A view of the hand: a buy asked for was given if the hand grew by two or more."""
        if self._asked_with >= 0:
            if hand_size >= self._asked_with + 2:
                self.buys += 1
            self._asked_with = -1

    def asked(self, hand_size: int) -> None:
        """The bot asks to buy with ``hand_size`` cards."""
        self._asked_with = hand_size

    def cards(self) -> float:
        """The cards the next buy adds to the hand beside the discard, points counted as cards."""
        return self.costs[min(self.buys, len(self.costs) - 1)] + self.points_as_cards


def table_fits(view: SeatView) -> set[int]:
    """Roughly: the natural faces that would extend a meld on the table
    (any card of a set's rank, the card just below or above a run)."""
    faces: set[int] = set()
    for meld in view.melds:
        first, last = meld.stands_for[0], meld.stands_for[-1]
        if first == JOKER_FACE:
            continue
        if meld.kind == "set":
            faces.update(face_of(rank_of(first), suit) for suit in range(4))
        elif meld.kind == "colour":
            faces.update(face_of(rank, suit_of(first)) for rank in range(13))
        elif meld.kind == "run":
            suit = suit_of(first)
            faces.add(face_of((rank_of(last) + 1) % 13, suit))
            faces.add(face_of((rank_of(first) - 1) % 13, suit))
    return faces


def shed_order(values: Sequence[int]) -> tuple[int, ...]:
    """Per face, the key that orders discards the greedy bot weighs alike: the
    card that costs most in hand first (``scoring.card_values``), then by rank
    as with no values — ace, king, queen, … two. ``values`` empty: by rank only."""
    size = max(len(values), JOKER_FACE + 1)
    return tuple((-values[f] * 13 if f < len(values) else 0) + (-f % 13) for f in range(size))


@dataclass(frozen=True, slots=True)
class PileTake:
    """Which cards a take from the discard pile brings (``draw.discard_pile``,
    ``draw.pile_cards``, ``draw.deep_take_all_above``); the default: the card
    named alone."""

    whole: bool = False
    top: int = 0
    all_above: bool = False

    @classmethod
    def of(cls, play: PlayRules) -> PileTake:
        """The takes of a game played by ``play``."""
        return cls(
            whole=play.discard_pile == "whole_pile",
            top=play.pile_cards,
            all_above=play.discard_pile == "any_depth" and play.deep_take_all_above,
        )

    def cards(self, pile: Sequence[int], face: int) -> tuple[int, ...]:
        """The faces a take naming ``face`` (its highest copy in ``pile``, faces
        from the bottom) brings into the hand, as the engine takes them."""
        if self.top:
            return tuple(pile[-self.top :])
        if self.whole:
            return tuple(pile)
        places = [i for i, f in enumerate(pile) if f == face]
        if not self.all_above or not places:
            return (face,)
        return tuple(pile[places[-1] :])
