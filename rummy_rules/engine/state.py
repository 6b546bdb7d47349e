"""The game state machine: deals, turns, buying, going down, laying off, scoring.

One :class:`GameState` plays a whole game of a compiled variant. The contract
is the OpenSpiel one: :attr:`GameState.to_move` is the seat that decides,
:meth:`GameState.legal_actions` lists the choices (sorted, deterministic),
:meth:`GameState.check` says why an action is illegal, :meth:`GameState.apply`
refuses an illegal action with an :class:`ActionError` and leaves the state
unchanged, :meth:`GameState.is_terminal` and :meth:`GameState.clone`.

Chance (shuffles, the first dealer, the cut) comes from a :class:`Chance`
object: :class:`SeededChance` derives everything from one seed, and
:class:`ScriptedChance` replays recorded outcomes (replay, stacked decks in
tests). Every chance outcome and every action is logged in
:attr:`GameState.log`, from which a game record is written.

Rules the engine applies on its own account (documented in docs/engine.md):
the buy window opens when the player in turn draws from the stock; a
deal stops after :attr:`GameState.turn_cap` turns with the reason recorded.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import format_card, rank_of, suit_of
from ..errors import RummyRulesError
from .actions import Action, action_text, shared_action
from .melds import Meld, best_contract, check_meld, iter_melds, run_span
from .rules import ContractPart, DealRules, Rules, describe_contract

__all__ = [
    "ActionError",
    "Chance",
    "DealResult",
    "GameState",
    "MeldRecord",
    "ScriptedChance",
    "SeededChance",
    "TableMeld",
]


class ActionError(RummyRulesError, ValueError):
    """An illegal action: the state is unchanged."""

    def __init__(self, reason: str, *, seat: int, action: Action, deal: int, turn: int) -> None:
        super().__init__(f"p{seat + 1} {action}: {reason}")
        self.reason = reason
        self.seat = seat
        self.action = action
        self.deal = deal
        self.turn = turn


# --------------------------------------------------------------------------
# Chance
# --------------------------------------------------------------------------


class Chance:
    """Where random outcomes come from."""

    def first_dealer(self, seats: int) -> int:
        """The seat that deals first."""
        raise NotImplementedError

    def deck(self, deal: int, size: int) -> list[int]:
        """The order of the pack for deal ``deal`` (index 0 is dealt first)."""
        raise NotImplementedError

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        """A new order for ``cards`` when the discards become the stock."""
        raise NotImplementedError

    def cut(self, deal: int, size: int) -> int:
        """How many cards the cutter lifts (1 .. size - 1)."""
        raise NotImplementedError


def _rng(seed: int, *labels: object) -> random.Random:
    text = ":".join(str(x) for x in (seed, *labels))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class SeededChance(Chance):
    """Every outcome derived from one seed, independently per deal."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._reshuffles: Counter[int] = Counter()

    def first_dealer(self, seats: int) -> int:
        return _rng(self.seed, "dealer").randrange(seats)

    def deck(self, deal: int, size: int) -> list[int]:
        order = list(range(size))
        _rng(self.seed, "deck", deal).shuffle(order)
        return order

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        self._reshuffles[deal] += 1
        order = list(cards)
        _rng(self.seed, "reshuffle", deal, self._reshuffles[deal]).shuffle(order)
        return order

    def cut(self, deal: int, size: int) -> int:
        return _rng(self.seed, "cut", deal).randint(1, size - 1)


class ScriptedChance(Chance):
    """Outcomes given in advance (a record being replayed, a stacked deck).

    Anything not scripted falls back to ``fallback``.
    """

    def __init__(
        self,
        *,
        first_dealer: int | None = None,
        decks: dict[int, list[int]] | None = None,
        reshuffles: dict[int, list[list[int]]] | None = None,
        cuts: dict[int, int] | None = None,
        fallback: Chance | None = None,
    ) -> None:
        self._dealer = first_dealer
        self._decks = decks or {}
        self._reshuffles = {k: list(v) for k, v in (reshuffles or {}).items()}
        self._cuts = cuts or {}
        self._fallback = fallback or SeededChance(0)

    def first_dealer(self, seats: int) -> int:
        if self._dealer is not None:
            return self._dealer
        return self._fallback.first_dealer(seats)

    def deck(self, deal: int, size: int) -> list[int]:
        if deal in self._decks:
            order = list(self._decks[deal])
            if sorted(order) != list(range(size)):
                raise ValueError(f"the deck order for deal {deal + 1} is not the whole pack")
            return order
        return self._fallback.deck(deal, size)

    def reshuffle(self, deal: int, cards: list[int]) -> list[int]:
        queue = self._reshuffles.get(deal)
        if queue:
            order = queue.pop(0)
            if sorted(order) != sorted(cards):
                raise ValueError(f"a reshuffle in deal {deal + 1} does not hold the discards")
            return list(order)
        return self._fallback.reshuffle(deal, cards)

    def cut(self, deal: int, size: int) -> int:
        if deal in self._cuts:
            return self._cuts[deal]
        return self._fallback.cut(deal, size)


# --------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------


@dataclass(slots=True)
class TableMeld:
    """A meld on the table: physical cards in order, and what each stands for."""

    owner: int
    kind: str
    cards: list[int]
    stands_for: list[int]
    laid_by: list[int] = field(default_factory=list)
    """The seat that laid each card (a lay-off may come from another player)."""
    factor: int = 1
    """What the meld's value is multiplied by (e.g. four of a kind laid at once)."""
    fits: dict[int, list[int]] = field(default_factory=dict, repr=False, compare=False)
    """Worked out by the engine: for a face, what a card of it could stand for if laid
    off here. Replaced by a new table whenever the meld changes (copies of the deal
    share it until then)."""


@dataclass(frozen=True, slots=True)
class MeldRecord:
    """A table meld as it stood at the end of a deal (faces, not physical cards)."""

    owner: int
    kind: str
    faces: tuple[int, ...]
    stands_for: tuple[int, ...]
    laid_by: tuple[int, ...]
    factor: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended and what it scored."""

    deal: int
    reason: str
    """``out`` (someone went out), ``stock`` (the stock ran out), ``blocked`` (the stock
    was rebuilt again and again with no meld or lay-off) or ``turn_cap``."""
    went_out: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    left: tuple[tuple[int, ...], ...] = ()
    """The faces left in each hand when the deal ended."""
    adjust: tuple[int, ...] = ()
    """Changes to totals outside the deal's scores (buying back into an elimination game)."""
    eliminated: tuple[int, ...] = ()
    """Seats that dropped out of the game after this deal."""
    table: tuple[MeldRecord, ...] = ()
    """The melds on the table when the deal ended."""


DRAW, BUY, PLAY, OVER = "draw", "buy", "play", "over"

#: The most deals a target-score or elimination game may last; a game that
#: reaches it ends there (recorded in the game's end line).
DEAL_CAP = 200

#: Bounds on the search for a minimum-points opening (the suggestion only:
#: any valid opening is legal).
OPENING_SEARCH_NODES = 4000
OPENING_CHECKS = 8


@dataclass(slots=True)
class _Deal:
    rules: DealRules
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    melds: list[TableMeld] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    down_turn: list[int] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    turns_played: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    current: int = 0
    turn: int = 0
    phase: str = DRAW
    buy_queue: list[int] = field(default_factory=list)
    buy_card: int | None = None
    discarder: int | None = None
    taken_single: int | None = None
    must_meld: int | None = None
    down_this_turn: bool = False
    cutter: int | None = None
    exact_cut: bool = False
    rebuilt_without_play: int = 0
    blocked: bool = False
    melds_this_turn: int = 0
    must_open: bool = False
    passes: int = 0
    table_view: Any = None
    """The table as seat views show it, kept by :func:`seat_view` until the table changes."""

    def copy(self) -> _Deal:
        """An independent copy (what a deep copy gives, without copying immutable parts)."""
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.melds = [
            TableMeld(
                m.owner,
                m.kind,
                list(m.cards),
                list(m.stands_for),
                list(m.laid_by),
                m.factor,
                m.fits,  # shared: a changed meld gets a new table, never edits this one
            )
            for m in self.melds
        ]
        new.down = list(self.down)
        new.down_turn = list(self.down_turn)
        new.buys = list(self.buys)
        new.turns_played = list(self.turns_played)
        new.scores = list(self.scores)
        new.buy_queue = list(self.buy_queue)
        return new


class GameState:
    """A game in progress. Seats are numbered from 0; text numbers them from 1."""

    def __init__(
        self,
        rules: Rules,
        *,
        chance: Chance | None = None,
        seed: int = 0,
        turn_cap: int | None = None,
        deal_cap: int | None = None,
    ) -> None:
        self.rules = rules
        self.seats = rules.players
        self.chance = chance or SeededChance(seed)
        self.seed = seed
        self.faces = tuple(rules.pack.faces())
        self.totals = [0] * self.seats
        self.results: list[DealResult] = []
        self.buys_game = [0] * self.seats
        self.log: list[dict[str, Any]] = []
        #: The most turns a deal may last before it is stopped (recorded as ``turn_cap``).
        self.turn_cap = turn_cap if turn_cap is not None else 40 * rules.pack.size
        #: The most deals a game may last (target-score and elimination games).
        self.deal_cap = deal_cap if deal_cap is not None else max(len(rules.deals), DEAL_CAP)
        #: The team of each seat (partners seated apart: seat % 2 with four players).
        pairs = self.seats // 2 if rules.play.teams else self.seats
        self.team = [s % pairs for s in range(self.seats)]
        #: Seats still in the game (elimination games drop players).
        self.active = [True] * self.seats
        self.buy_backs_used = [0] * self.seats
        #: Why the game ended: ``rules`` (as the variant says) or ``deal_cap``.
        self.game_over_reason: str | None = None
        self.deal_index = 0
        self.dealer = self.chance.first_dealer(self.seats)
        self.log.append({"first_dealer": self.dealer})
        self._deal = self._start_deal()

    # -- public queries ---------------------------------------------------

    @property
    def phase(self) -> str:
        """``draw``, ``buy``, ``play`` or ``over``."""
        return self._deal.phase

    @property
    def deal_rules(self) -> DealRules:
        """The rules of the deal being played."""
        return self._deal.rules

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self._deal.current

    @property
    def to_move(self) -> int:
        """The seat that must decide now (a would-be buyer during a buy window)."""
        d = self._deal
        if d.phase == BUY:
            return d.buy_queue[0]
        return d.current

    def is_terminal(self) -> bool:
        """True once the last deal has been scored."""
        return self._deal.phase == OVER

    def hand(self, seat: int) -> list[int]:
        """The faces in ``seat``'s hand, sorted."""
        return sorted(self.faces[c] for c in self._deal.hands[seat])

    def hand_cards(self, seat: int) -> list[int]:
        """The physical cards in ``seat``'s hand."""
        return list(self._deal.hands[seat])

    @property
    def stock(self) -> list[int]:
        """Physical cards in the stock, the top last."""
        return list(self._deal.stock)

    @property
    def discard_pile(self) -> list[int]:
        """Physical cards in the discard pile, the top last."""
        return list(self._deal.discard)

    @property
    def melds(self) -> list[TableMeld]:
        """The melds on the table, numbered from 0 in the order laid."""
        return self._deal.melds

    def is_down(self, seat: int) -> bool:
        """Whether ``seat`` has gone down this deal."""
        return self._deal.down[seat]

    @property
    def turn(self) -> int:
        """Turns completed in this deal."""
        return self._deal.turn

    def winners(self) -> list[int]:
        """The seats with the best total among those still in the game (several on a tie)."""
        seats = [s for s in range(self.seats) if self.active[s]]
        pick = max if self.rules.play.winner == "highest_total" else min
        best = pick(self.totals[s] for s in seats)
        return [s for s in seats if self.totals[s] == best]

    def all_cards(self) -> list[int]:
        """Every physical card in hands, stock, discard pile and melds (conservation check)."""
        d = self._deal
        cards = [c for hand in d.hands for c in hand] + d.stock + d.discard
        cards += [c for m in d.melds for c in m.cards]
        return cards

    def clone(self) -> GameState:
        """An independent copy (chance included)."""
        return copy.deepcopy(self)

    def _trial(self) -> GameState:
        """A copy to try a move on: the deal is copied, the log and chance are shared."""
        trial = copy.copy(self)
        trial._deal = self._deal.copy()
        return trial

    def value(self, face: int) -> int:
        """The value of a card of ``face`` left in hand in this deal."""
        return self.rules.value(face, wild=face in self._deal.rules.wild_faces)

    # -- dealing ------------------------------------------------------------

    def _next_seat(self, seat: int, step: int = 1) -> int:
        """The ``step``-th seat still in the game after ``seat``, in the direction of play."""
        for _ in range(step):
            seat = self._step_active(seat, self.rules.play.direction)
        return seat

    def _step_active(self, seat: int, delta: int) -> int:
        """The next seat still in the game from ``seat`` going ``delta`` (+1 or -1) round."""
        for _ in range(self.seats):
            seat = (seat + delta) % self.seats
            if self.active[seat]:
                break
        return seat

    def _start_deal(self) -> _Deal:
        rules = self.rules
        deal_rules = rules.deal(self.deal_index)
        size = rules.pack.size
        order = self.chance.deck(self.deal_index, size)
        self.log.append({"deal": self.deal_index + 1, "dealer": self.dealer, "deck": order})
        d = _Deal(
            rules=deal_rules,
            hands=[[] for _ in range(self.seats)],
            stock=list(reversed(order)),
            discard=[],
            down=[False] * self.seats,
            down_turn=[-1] * self.seats,
            buys=[0] * self.seats,
            turns_played=[0] * self.seats,
            scores=[0] * self.seats,
        )
        if any(b[0] == "exact_cut" for b in rules.play.bonuses) and rules.play.cutter != "none":
            cut = self.chance.cut(self.deal_index, size)
            step = -1 if rules.play.cutter == "dealer_right" else 1
            d.cutter = self._step_active(self.dealer, step)
            d.exact_cut = cut == sum(self.active) * deal_rules.cards + 1
            self.log.append({"cut": cut})
        seat = self._next_seat(self.dealer)
        in_play = sum(self.active)
        for _ in range(deal_rules.cards):
            for _ in range(in_play):
                d.hands[seat].append(d.stock.pop())
                seat = self._next_seat(seat)
        d.discard.append(d.stock.pop())
        d.current = self._next_seat(self.dealer)
        d.turns_played[d.current] += 1
        d.phase = DRAW
        return d

    # -- legality -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_move`, sorted by text.

        Going down is listed once, as the arrangement that leaves the fewest
        points in hand; any other valid arrangement is legal too
        (:meth:`check` accepts it).
        """
        d = self._deal
        if d.phase == OVER:
            return []
        if d.phase == BUY:
            return [shared_action("buy"), shared_action("pass")]
        if d.phase == DRAW:
            actions = [shared_action("pass" if self._stock_closed() else "draw")]
            seen: set[int] = set()
            for depth in range(len(d.discard)):
                if depth and self.rules.play.discard_pile != "any_depth":
                    break
                face = self.faces[d.discard[-1 - depth]]
                if face in seen:
                    continue
                seen.add(face)
                action = _TAKES[face]
                if self.check(action) is None:
                    actions.append(action)
            return sorted(actions, key=action_text)
        actions = list(self._play_actions())
        # The discards come last, already in the order of their text, and
        # "discard ..." sorts before every other action of this phase.
        first = len(actions)
        while first and actions[first - 1].kind == "discard":
            first -= 1
        return actions[first:] + sorted(actions[:first], key=action_text)

    def _play_actions(self) -> Iterator[Action]:
        """The legal actions after drawing, produced one by one (unsorted but for
        the discards, which come last, in the order of their text)."""
        d = self._deal
        down = self.suggest_down()
        if down is not None:
            yield down
        if d.must_open:
            return
        for action in self._layoff_actions() + self._exchange_actions():
            if d.must_meld is None or self.check(action) is None:
                yield action
        yield from self._meld_actions()
        for face in self._discardable():
            yield _DISCARDS[face]

    def _can_go_on(self) -> bool:
        """Whether :attr:`to_move` has any legal action (``legal_actions()`` is not empty)."""
        if self._deal.phase != PLAY:
            return bool(self.legal_actions())
        return next(self._play_actions(), None) is not None

    def is_legal(self, action: Action) -> bool:
        """Whether :attr:`to_move` may take ``action`` now."""
        return self.check(action) is None

    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal for :attr:`to_move` now (``None`` if legal)."""
        d = self._deal
        if d.phase == OVER:
            return "the game is over"
        kind = action.kind
        if d.phase == BUY:
            return None if kind in ("buy", "pass") else "a buy window is open: buy or pass"
        if d.phase == DRAW and self._stock_closed():
            if kind == "pass":
                return None
            if kind == "draw":
                return "the stock is empty: take a discard you can meld at once, or pass"
        elif kind == "pass":
            return "no buy window is open"
        if kind == "buy":
            return "no buy window is open"
        if d.phase == DRAW:
            if kind == "draw":
                return None
            if kind == "take":
                return self._check_take(action.card)
            return "draw first: from the stock, or take the discard"
        if kind in ("draw", "take"):
            return "you have already drawn this turn"
        if d.must_open and kind != "down":
            return "you took the discard, so you must open (go down) first"
        if d.must_meld is not None:
            face = self.faces[d.must_meld]
            in_meld = kind == "meld" and any(face in m.cards for m in action.melds)
            if not (kind == "down" or in_meld or (kind == "layoff" and action.card == face)):
                return f"{format_card(face)} must be melded first"
        if kind == "down":
            return self._check_down(action.melds)
        if kind == "meld":
            return self._check_meld(action.melds)
        if kind == "layoff":
            return self._check_layoff(action)[0]
        if kind == "exchange":
            return self._check_exchange(action)[0]
        if kind == "discard":
            return self._check_discard(action.card)
        return f"unknown action '{kind}'"

    def _find(self, cards: Sequence[int], face: int) -> int | None:
        for card in cards:
            if self.faces[card] == face:
                return card
        return None

    def _depth_of(self, face: int) -> int | None:
        pile = self._deal.discard
        for depth in range(len(pile)):
            if self.faces[pile[-1 - depth]] == face:
                return depth
        return None

    def _check_take(self, face: int) -> str | None:
        d = self._deal
        if not d.discard:
            return "the discard pile is empty"
        depth = self._depth_of(face)
        if depth is None:
            return f"there is no {format_card(face)} in the discard pile"
        if depth and self.rules.play.discard_pile != "any_depth":
            return "only the top discard may be taken"
        must_meld, must_open = self._take_duties(depth)
        if not (must_meld or must_open):
            return None
        # Try the take on a copy: the player must then have a way to go on.
        trial = self._trial()
        trial._do_take(face)
        if trial._can_go_on():
            return None
        if must_open:
            return "taking the discard obliges you to open this turn, and you could not"
        if depth:
            return (
                f"{format_card(face)} lies under other cards: it may be taken only to be "
                "melded at once, and it cannot be melded now"
            )
        return f"{format_card(face)} may be taken only to be melded at once, and it cannot be now"

    def _take_duties(self, depth: int) -> tuple[bool, bool]:
        """(must meld the card at once, must open this turn) for taking at ``depth``."""
        d = self._deal
        if depth or self._stock_closed():
            return True, False
        condition = self.rules.play.discard_condition
        down = d.down[d.current]
        if condition == "meld_now" or (condition == "opening_or_after" and not down):
            return True, False
        return False, condition == "forces_opening" and not down

    def suggest_down(self) -> Action | None:
        """The go-down action that leaves the fewest points in hand, if the player can go down."""
        d = self._deal
        seat = d.current
        opening = self.rules.play.opening
        if d.phase != PLAY or d.down[seat] or opening == "none":
            return None
        if opening == "min_points":
            return self._suggest_opening()
        if d.rules.parts == ():
            return None
        found = best_contract(
            self.hand(seat),
            d.rules.parts,
            self.rules.melds,
            d.rules.wild_faces,
            value=self.value,
            all_out=d.rules.all_out,
            require=self.faces[d.must_meld] if d.must_meld is not None else None,
        )
        if found is None:
            return None
        action = Action("down", melds=found.melds)
        return action if self.check(action) is None else None

    def _match_parts(self, melds: Sequence[Meld], parts: Sequence[ContractPart]) -> bool:
        if len(melds) != len(parts):
            return False
        for perm in _permutations(len(parts)):
            if all(
                parts[p].kind in ("any", m.kind)
                and (
                    len(m.cards) == parts[p].size
                    if parts[p].exact
                    else len(m.cards) >= parts[p].size
                )
                for m, p in zip(melds, perm, strict=True)
            ):
                return True
        return False

    def _check_down(self, melds: Sequence[Meld]) -> str | None:
        d = self._deal
        seat = d.current
        rules = self.rules
        play = rules.play
        if play.opening == "none":
            return "there is no opening in this variant: lay down melds with 'meld'"
        if d.down[seat]:
            return "you have already gone down this deal"
        if play.opening == "contract" and not d.rules.parts:
            return "this deal has no contract"
        if not melds:
            return "name the melds you go down with"
        for m in melds:
            reason = check_meld(m, rules.melds, d.rules.wild_faces)
            if reason is not None:
                return f"{m}: {reason}"
        if play.opening == "contract":
            if not self._match_parts(melds, d.rules.parts):
                return f"these melds do not make the contract ({describe_contract(d.rules.parts)})"
            reason = _contract_constraints(melds, rules)
            if reason is not None:
                return reason
        else:
            worth = self._opening_value(melds)
            if worth < play.opening_min:
                return (
                    f"an opening must be worth at least {play.opening_min}; "
                    f"these melds are worth {worth}"
                )
        reason, used, left = self._laying(melds)
        if reason is not None:
            return reason
        if d.rules.first_down_must_go_out and left and not any(d.down):
            return "the first player to go down must go out in the same turn"
        if d.must_meld is not None:
            face = self.faces[d.must_meld]
            if used[face] == 0:
                return f"{format_card(face)} must be melded this turn"
        return self._check_leaving(left, used, lambda trial: trial._do_down(melds))

    def _check_leaving(
        self, left: int, used: Counter[int], after: Callable[[GameState], None] | None = None
    ) -> str | None:
        """Whether the player may be left with ``left`` cards after melding ``used``.

        ``after`` plays the action on a trial copy: where the last card must be
        melded, a single card left must then have somewhere to go.
        """
        if not left:
            if self.rules.play.going_out == "must_discard" and not self._deal.rules.all_out:
                return "you must keep a card to discard: in this variant you go out by discarding"
            return None
        if left == 1 and self.rules.play.going_out == "must_meld_last":
            trial = self._trial()
            if after is not None:
                after(trial)
                last = trial._deal.hands[trial._deal.current]
                if len(last) == 1 and trial._legal_layoff_of(self.faces[last[0]]):
                    return None
            return "your last card could not be melded: in this variant you go out by melding it"
        if not self._can_end_turn_after(list(used.elements())):
            return "you would be left with no card you may discard"
        return None

    def _is_open(self, seat: int) -> bool:
        """Whether ``seat`` has opened (or, where one opening opens a team, a partner has)."""
        d = self._deal
        if d.down[seat]:
            return True
        play = self.rules.play
        return (
            play.teams
            and play.team_opening
            and any(d.down[o] for o in range(self.seats) if self.team[o] == self.team[seat])
        )

    def _may_meld(self) -> str | None:
        """Why the player in turn may not lay down new melds now (``None``: they may)."""
        d = self._deal
        play = self.rules.play
        if play.opening == "none":
            return None
        if not self._is_open(d.current):
            return "go down (open) before laying down other melds"
        if not play.new_melds:
            return "no new melds after going down in this variant"
        if d.down_this_turn and not play.lay_off_on_opening_turn:
            return "you may lay down more melds only from the turn after going down"
        return None

    def _check_meld(self, melds: Sequence[Meld]) -> str | None:
        reason = self._may_meld()
        if reason is not None:
            return reason
        if not melds:
            return "name the meld to lay down"
        for m in melds:
            reason = check_meld(m, self.rules.melds, self._deal.rules.wild_faces)
            if reason is not None:
                return f"{m}: {reason}"
        reason, used, left = self._laying(melds)
        if reason is not None:
            return reason
        return self._check_leaving(left, used, lambda trial: trial._do_meld(melds))

    def _laying(self, melds: Sequence[Meld]) -> tuple[str | None, Counter[int], int]:
        """Checks shared by going down and new melds: (why not, faces used, cards left)."""
        d = self._deal
        play = self.rules.play
        used = Counter(c for m in melds for c in m.cards)
        if play.melds_per_turn is not None and d.melds_this_turn + len(melds) > (
            play.melds_per_turn
        ):
            return f"at most {play.melds_per_turn} new meld(s) a turn", used, 0
        held = Counter(self.hand(d.current))
        if used - held:
            missing = " ".join(format_card(f) for f in sorted((used - held).elements()))
            return f"you do not hold {missing}", used, 0
        left = sum(held.values()) - sum(used.values())
        if d.rules.all_out and left:
            return "in this deal you must lay down every card at once", used, left
        return None, used, left

    def _meld_actions(self) -> Iterator[Action]:
        """One action per distinct meld the player in turn may lay down now."""
        if self._may_meld() is not None:
            return
        d = self._deal
        seen: set[str] = set()
        hand = self.hand(d.current)
        for meld in iter_melds(hand, self.rules.melds, d.rules.wild_faces, "any"):
            action = Action("meld", melds=(meld,))
            key = str(action)
            if key in seen:
                continue
            seen.add(key)
            if self.check(action) is None:
                yield action

    def _opening_value(self, melds: Sequence[Meld]) -> int:
        """What ``melds`` count toward a minimum-points opening."""
        play = self.rules.play
        wild_faces = self._deal.rules.wild_faces
        total = 0
        for meld in melds:
            for face, stands in zip(meld.cards, meld.stands_for, strict=True):
                if face in wild_faces and play.opening_wild_value == "own":
                    total += play.opening_values[face]
                else:
                    total += play.opening_values[stands if stands >= 0 else face]
        return total

    def _suggest_opening(self) -> Action | None:
        """A minimum-points opening: the most valuable one found, if any reaches the minimum."""
        d = self._deal
        hand = self.hand(d.current)
        play = self.rules.play
        require = self.faces[d.must_meld] if d.must_meld is not None else None
        cands = list(iter_melds(hand, self.rules.melds, d.rules.wild_faces, "any"))
        unique = {str(m): m for m in cands}
        ranked = sorted(unique.values(), key=lambda m: -self._opening_value([m]))
        limit = play.melds_per_turn if play.melds_per_turn is not None else len(hand)
        found: list[tuple[int, tuple[Meld, ...]]] = []
        budget = [OPENING_SEARCH_NODES]

        def search(start: int, chosen: list[Meld], left: Counter[int], worth: int) -> None:
            if budget[0] <= 0:
                return
            budget[0] -= 1
            if worth >= play.opening_min and (
                require is None or any(require in m.cards for m in chosen)
            ):
                found.append((worth, tuple(chosen)))
            if len(chosen) >= limit:
                return
            for i in range(start, len(ranked)):
                meld = ranked[i]
                need = Counter(meld.cards)
                if need - left:
                    continue
                chosen.append(meld)
                search(i + 1, chosen, left - need, worth + self._opening_value([meld]))
                chosen.pop()

        search(0, [], Counter(hand), 0)
        found.sort(key=lambda item: (-item[0], [str(m) for m in item[1]]))
        for _, melds in found[:OPENING_CHECKS]:
            action = Action("down", melds=melds)
            if self.check(action) is None:
                return action
        return None

    def fits_table(self, face: int) -> bool:
        """Whether a card of ``face`` could be laid off on some meld on the table."""
        d = self._deal
        wild = face in d.rules.wild_faces
        return any(self._fits(meld, face, wild) for meld in d.melds)

    def _layoff_targets(self, face: int) -> list[tuple[int, int]]:
        """(meld index, stands_for) for every place a card of ``face`` may be laid off."""
        d = self._deal
        wild = face in d.rules.wild_faces
        out: list[tuple[int, int]] = []
        for index, meld in enumerate(d.melds):
            options = self._fits(meld, face, wild)
            out.extend((index, f) for f in options)
        return out

    def _fits(self, meld: TableMeld, face: int, wild: bool) -> list[int]:
        """:meth:`_layoff_faces`, kept in the meld's table until the meld changes."""
        options = meld.fits.get(face)
        if options is None:
            options = meld.fits[face] = self._layoff_faces(meld, face, wild)
        return options

    def _layoff_faces(self, meld: TableMeld, face: int, wild: bool) -> list[int]:
        if not wild:
            # A natural card fits a set only of its rank, a run only just below
            # or above it in its suit: most cards are turned away here.
            naturals = _natural_fits(meld)
            if naturals is not None and face not in naturals:
                return []
        rules = self.rules.melds
        wild_faces = self._deal.rules.wild_faces
        cards = [self.faces[c] for c in meld.cards]
        options: list[int] = []
        if meld.kind == "jokers":
            trial = Meld("jokers", (*cards, face), (*meld.stands_for, face))
            if check_meld(trial, rules, wild_faces) is None:
                options.append(face)
        elif meld.kind == "set":
            rank = rank_of(meld.stands_for[0])
            candidates = [rank + 13 * s for s in range(4)] if wild else [face]
            for stands in candidates:
                if rank_of(stands) != rank:
                    continue
                trial = Meld("set", (*cards, face), (*meld.stands_for, stands))
                if check_meld(trial, rules, wild_faces) is None:
                    options.append(stands)
                    if wild:
                        break
        elif meld.kind == "run":
            span = run_span(meld.stands_for, rules)
            if span is None:
                return []
            suit, start = span
            end = start + len(meld.stands_for) - 1
            for value, before in ((start - 1, True), (end + 1, False)):
                stands = suit * 13 + (value - 1) % 13
                if value < 1 and self.rules.melds.ace != "wrap":
                    continue
                if not wild and stands != face:
                    continue
                if before:
                    trial = Meld("run", (face, *cards), (stands, *meld.stands_for))
                else:
                    trial = Meld("run", (*cards, face), (*meld.stands_for, stands))
                if check_meld(trial, rules, wild_faces) is None and stands not in options:
                    options.append(stands)
        return options

    def _check_layoff(self, action: Action) -> tuple[str | None, int | None]:
        d = self._deal
        seat = d.current
        reason = self._may_lay_off()
        if reason is not None:
            return reason, None
        card = self._find(d.hands[seat], action.card)
        if card is None:
            return f"you do not hold {format_card(action.card)}", None
        if not 0 <= action.target < len(d.melds):
            return f"there is no meld {action.target + 1} on the table", None
        reason = self._target_reason(d.melds[action.target].owner, seat)
        if reason is not None:
            return reason, None
        wild = action.card in d.rules.wild_faces
        stands = action.stands_for if action.stands_for != -1 else action.card
        if not wild and stands != action.card:
            return f"{format_card(action.card)} is not wild, so it stands only for itself", None
        target = d.melds[action.target]
        options = self._fits(target, action.card, wild)
        if stands not in options:
            meld = d.melds[action.target]
            shown = Meld(
                meld.kind, tuple(self.faces[c] for c in meld.cards), tuple(meld.stands_for)
            )
            what = format_card(action.card)
            if wild:
                what += "=" + format_card(stands)
            return f"{what} does not fit meld {action.target + 1} ({shown})", None
        left = len(d.hands[seat]) - 1
        stands = action.stands_for if action.stands_for != -1 else action.card

        def lay(trial: GameState) -> None:
            trial._do_layoff(card, action.target, stands)

        reason = self._check_leaving(left, Counter([action.card]), lay)
        if reason is not None:
            return reason, None
        return None, card

    def _target_reason(self, owner: int, seat: int) -> str | None:
        """Why ``seat`` may not lay off on a meld of ``owner`` (``None``: they may)."""
        targets = self.rules.play.lay_off_targets
        if targets == "own" and owner != seat:
            return "you may lay off only on your own melds"
        if targets == "own_and_partner" and self.team[owner] != self.team[seat]:
            return "you may lay off only on your own and your partner's melds"
        if (
            self.rules.play.teams
            and not self.rules.play.partner_melds
            and owner != seat
            and self.team[owner] == self.team[seat]
        ):
            return "you may not lay off on your partner's melds"
        return None

    def _may_lay_off(self) -> str | None:
        """Why the player in turn may not lay off now (``None``: they may)."""
        d = self._deal
        play = self.rules.play
        if play.lay_off_targets == "none":
            return "there is no laying off in this variant"
        if not self._is_open(d.current) and not play.lay_off_before_opening:
            return "you may lay off only after going down"
        if d.down_this_turn and not play.lay_off_on_opening_turn:
            return "you may lay off only from the turn after going down"
        return None

    def _layoff_actions(self) -> list[Action]:
        d = self._deal
        seat = d.current
        if self._may_lay_off() is not None:
            return []
        # The same checks as _check_layoff, taken once per target and per face.
        targets = [
            (index, meld)
            for index, meld in enumerate(d.melds)
            if self._target_reason(meld.owner, seat) is None
        ]
        if not targets:
            return []
        left = len(d.hands[seat]) - 1
        play = self.rules.play
        per_target = left == 1 and play.going_out == "must_meld_last"
        # With a card left and nothing barring its discard, laying one off
        # always leaves the turn able to end (``_check_leaving`` says None).
        leaving_ok = left >= 1 and play.going_out != "must_meld_last" and self._no_discard_barred()
        wild_faces = d.rules.wild_faces
        held = {self.faces[c] for c in d.hands[seat]}
        wilds_held = sorted(f for f in held if f in wild_faces)
        by_face: dict[int, list[Action]] = {}
        for index, meld in targets:
            # Only these natural cards can fit the meld (``_layoff_faces``
            # turns every other natural card away); any wild may.
            naturals = _natural_fits(meld)
            if naturals is None:
                probe = sorted(held)
            else:
                probe = [f for f in naturals if f in held and f not in wild_faces] + wilds_held
            for face in probe:
                wild = face in wild_faces
                for stands in self._fits(meld, face, wild):
                    action = Action(
                        "layoff", card=face, stands_for=stands if wild else -1, target=index
                    )
                    by_face.setdefault(face, []).append(action)
        actions: list[Action] = []
        for face, fitting in by_face.items():
            if per_target:
                actions.extend(a for a in fitting if self._check_layoff(a)[0] is None)
            elif leaving_ok or self._check_leaving(left, Counter([face])) is None:
                actions.extend(fitting)
        return actions

    def _check_exchange(self, action: Action) -> tuple[str | None, tuple[int, int] | None]:
        d = self._deal
        seat = d.current
        play = self.rules.play
        if not play.exchange:
            return "melded wild cards stay where they are in this variant", None
        if play.exchange_player_down == "required" and not d.down[seat]:
            return "only a player who has gone down may exchange", None
        if play.exchange_player_down == "before_this_turn" and (
            not d.down[seat] or d.down_this_turn
        ):
            return "only a player who went down on an earlier turn may exchange", None
        if not 0 <= action.target < len(d.melds):
            return f"there is no meld {action.target + 1} on the table", None
        meld = d.melds[action.target]
        if play.exchange_from == "runs" and meld.kind != "run":
            return "wild cards may be taken only from runs", None
        if play.exchange_from == "sets" and meld.kind != "set":
            return "wild cards may be taken only from sets", None
        card = self._find(d.hands[seat], action.card)
        if card is None:
            return f"you do not hold {format_card(action.card)}", None
        if action.card in d.rules.wild_faces:
            return "exchange a natural card for a wild", None
        slot = None
        for i, (c, f) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
            if self.faces[c] in d.rules.wild_faces and f == action.card:
                slot = i
                break
        if slot is None:
            return (
                f"no wild card in meld {action.target + 1} stands for {format_card(action.card)}",
                None,
            )
        if meld.kind == "set" and play.exchange_all_missing_suits:
            return "a wild in a set is freed only by supplying every missing suit", None
        # The player must still be able to finish the turn: with a wild that
        # must be used at once, some lay-off of it must be legal afterwards.
        wild_face = self.faces[meld.cards[slot]]
        trial = self._trial()
        trial._do_exchange(seat, card, action.target, slot)
        if play.exchange_use_same_turn:
            if not trial._legal_layoff_of(wild_face):
                return "the freed wild could not be used this turn", None
        elif not trial._can_end_turn_after([]):
            return "you would be left with no card you may discard", None
        return None, (card, slot)

    def _legal_layoff_of(self, face: int) -> bool:
        """Whether some lay-off of a card of ``face`` is legal now."""
        wild = face in self._deal.rules.wild_faces
        for index, stands in self._layoff_targets(face):
            action = Action("layoff", card=face, stands_for=stands if wild else -1, target=index)
            if self._check_layoff(action)[0] is None:
                return True
        return False

    def _exchange_actions(self) -> list[Action]:
        d = self._deal
        if not self.rules.play.exchange:
            return []
        actions = []
        for index, meld in enumerate(d.melds):
            for c, f in zip(meld.cards, meld.stands_for, strict=True):
                if self.faces[c] in d.rules.wild_faces:
                    action = Action("exchange", card=f, target=index)
                    if self._check_exchange(action)[0] is None and action not in actions:
                        actions.append(action)
        return actions

    def _can_end_turn_after(self, removed: Sequence[int]) -> bool:
        """Whether the player could still discard (or is out) after ``removed`` leave the hand."""
        d = self._deal
        play = self.rules.play
        if (
            len(d.hands[d.current]) > len(removed)
            and play.going_out != "must_meld_last"
            and self._no_discard_barred()
        ):
            return True  # a card is left and nothing bars discarding it
        left = Counter(self.faces[c] for c in d.hands[d.current])
        left.subtract(removed)
        faces = [f for f, n in left.items() if n > 0]
        if not faces:
            return play.going_out != "must_discard" or d.rules.all_out
        total = sum(left[f] for f in faces)
        if total == 1 and play.going_out == "must_meld_last":
            return False  # the last card may not be discarded
        for face in faces:
            taken = d.taken_single is not None and self.faces[d.taken_single] == face
            if taken and play.not_just_taken != "never" and left[face] == 1:
                continue
            wild = face in d.rules.wild_faces
            if wild and play.wild_discard == "forbidden":
                continue
            if wild and play.wild_discard == "last_card_only" and total > 1:
                continue
            return True
        return False

    def _no_discard_barred(self) -> bool:
        """Whether no rule can bar a discard now: no card just taken that must be
        kept, and wilds as free to discard as any card (``_barred_discard``
        then says None for every face)."""
        play = self.rules.play
        return (self._deal.taken_single is None or play.not_just_taken == "never") and (
            play.wild_discard not in ("forbidden", "last_card_only")
        )

    def _barred_discard(self, face: int) -> str | None:
        """Why the rules on wilds and on the card just taken bar discarding ``face``."""
        d = self._deal
        hand = d.hands[d.current]
        if (
            d.taken_single is not None
            and self.faces[d.taken_single] == face
            and self.rules.play.not_just_taken != "never"
            and sum(1 for c in hand if self.faces[c] == face) == 1
        ):
            return "you may not discard the card you just took from the discard pile"
        wild = face in d.rules.wild_faces
        if wild and self.rules.play.wild_discard == "forbidden":
            return "wild cards may not be discarded"
        if wild and self.rules.play.wild_discard == "last_card_only" and len(hand) > 1:
            return "a wild card may be discarded only as your last card"
        return None

    def _discardable(self) -> list[int]:
        """The faces the player in turn may discard now (:meth:`_check_discard` for
        every face), in the order of their text."""
        d = self._deal
        hand = d.hands[d.current]
        if d.must_meld is not None or not hand:
            return []
        if len(hand) == 1 and (d.rules.all_out or self.rules.play.going_out == "must_meld_last"):
            return []
        faces = sorted({self.faces[c] for c in hand}, key=_TEXT_ORDER.__getitem__)
        if self._no_discard_barred():
            return faces
        free = [f for f in faces if self._barred_discard(f) is None]
        # A hand in which every card is barred may discard any card.
        return free or faces

    def _check_discard(self, face: int) -> str | None:
        d = self._deal
        seat = d.current
        card = self._find(d.hands[seat], face)
        if card is None:
            return f"you do not hold {format_card(face)}"
        if d.must_meld is not None:
            return f"{format_card(self.faces[d.must_meld])} must be melded before you discard"
        reason = self._barred_discard(face)
        # A hand in which every card is barred (say only wilds, drawn from the
        # stock) may discard any card: the turn must be able to end.
        if reason is not None and any(
            self._barred_discard(self.faces[c]) is None for c in d.hands[seat]
        ):
            return reason
        if d.rules.all_out and len(d.hands[seat]) == 1:
            return "in this deal you go out only by laying down every card at once"
        if self.rules.play.going_out == "must_meld_last" and len(d.hands[seat]) == 1:
            return "in this variant you go out only by melding your last card"
        return None

    # -- applying ------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for :attr:`to_move`; raises :class:`ActionError` if it is illegal."""
        seat = self.to_move
        reason = self.check(action)
        if reason is not None:
            raise ActionError(
                reason, seat=seat, action=action, deal=self.deal_index, turn=self._deal.turn
            )
        self._apply_checked(action)

    def _apply_checked(self, action: Action) -> None:
        """Play ``action``, already known to be legal now (checked, or just listed as legal)."""
        seat = self.to_move
        self.log.append({"seat": seat, "action": action_text(action)})
        d = self._deal
        kind = action.kind
        if kind == "buy":
            self._do_buy(seat)
        elif kind == "pass" and d.phase == DRAW:
            self._pass_turn()
        elif kind == "pass":
            d.buy_queue.pop(0)
            if not d.buy_queue:
                d.phase = PLAY
        elif kind == "draw":
            self._do_draw()
        elif kind == "take":
            self._do_take(action.card)
        elif kind == "down":
            self._do_down(action.melds)
        elif kind == "meld":
            self._do_meld(action.melds)
        elif kind == "layoff":
            card = self._find(d.hands[seat], action.card)  # as _check_layoff finds it
            assert card is not None
            stands = action.stands_for if action.stands_for != -1 else action.card
            self._do_layoff(card, action.target, stands)
        elif kind == "exchange":
            _, found = self._check_exchange(action)
            assert found is not None
            self._do_exchange(seat, found[0], action.target, found[1])
            d.must_meld = d.hands[seat][-1] if self.rules.play.exchange_use_same_turn else None
        elif kind == "discard":
            self._do_discard(action.card)

    def _refill_stock(self) -> bool:
        """Make the stock non-empty if the rules allow; False if the deal must end."""
        d = self._deal
        if d.stock:
            return True
        action = self.rules.play.stock_exhausted
        if action not in ("reshuffle_keep_top", "turn_over") or len(d.discard) < 2:
            return False
        blocked_after = self.rules.play.blocked_after
        if blocked_after is not None and d.rebuilt_without_play >= blocked_after:
            d.blocked = True
            return False
        d.rebuilt_without_play += 1
        top = d.discard.pop()
        if action == "turn_over":
            # The pile turned face down: its bottom card becomes the top of the stock.
            self.log.append({"turn_over": len(d.discard)})
            d.stock = list(reversed(d.discard))
        else:
            order = self.chance.reshuffle(self.deal_index, d.discard)
            self.log.append({"reshuffle": order})
            d.stock = list(reversed(order))
        d.discard = [top]
        return True

    def _do_draw(self) -> None:
        d = self._deal
        if not self._refill_stock():
            self._end_deal("blocked" if d.blocked else "stock", None)
            return
        d.hands[d.current].append(d.stock.pop())
        d.taken_single = None
        self._open_buy_window()

    def _open_buy_window(self) -> None:
        d = self._deal
        play = self.rules.play
        d.phase = PLAY
        if not play.buying or not d.discard:
            return
        if play.buy_priority in ("nearest_dealer_left", "eldest_hand"):
            first = self._next_seat(self.dealer)
        else:
            first = self._next_seat(d.current)
        order = [first]
        in_game = sum(self.active)
        while len(order) < in_game:
            order.append(self._next_seat(order[-1]))
        limit = d.rules.buy_limit if d.rules.buy_limit is not None else play.buy_limit_deal
        queue = []
        for seat in order:
            if seat == d.current:
                continue
            if seat == d.discarder and not play.discarder_may_buy:
                continue
            if d.down[seat] and not play.buy_after_going_down:
                continue
            if limit is not None and d.buys[seat] >= limit:
                continue
            if play.buy_limit_game is not None and self.buys_game[seat] >= play.buy_limit_game:
                continue
            queue.append(seat)
        if queue:
            d.buy_queue = queue
            d.buy_card = d.discard[-1]
            d.phase = BUY

    def _do_buy(self, seat: int) -> None:
        d = self._deal
        play = self.rules.play
        d.hands[seat].append(d.discard.pop())
        cost = play.buy_cost[min(d.buys[seat], len(play.buy_cost) - 1)]
        for _ in range(cost):
            if not self._refill_stock():
                break
            d.hands[seat].append(d.stock.pop())
        d.buys[seat] += 1
        self.buys_game[seat] += 1
        d.scores[seat] += play.buy_points
        for event, points, to in play.bonuses:
            if event == "per_buy":
                self._bonus(d, seat, points, to)
        d.buy_queue = []
        d.buy_card = None
        d.phase = PLAY

    def _do_take(self, face: int) -> None:
        d = self._deal
        depth = self._depth_of(face)
        assert depth is not None
        taken = d.discard[len(d.discard) - depth - 1 :]
        del d.discard[len(d.discard) - depth - 1 :]
        d.hands[d.current].extend(taken)
        chosen = taken[0]
        must_meld, must_open = self._take_duties(depth)
        d.taken_single = chosen if depth == 0 else None
        d.must_meld = chosen if must_meld else None
        d.must_open = must_open
        d.phase = PLAY

    def _take_from_hand(self, seat: int, faces: Sequence[int]) -> list[int]:
        hand = self._deal.hands[seat]
        picked = []
        for face in faces:
            card = self._find(hand, face)
            assert card is not None
            hand.remove(card)
            picked.append(card)
        return picked

    def _do_down(self, melds: Sequence[Meld]) -> None:
        self._lay_melds(melds)
        self._opened(self._deal.current)

    def _opened(self, seat: int) -> None:
        d = self._deal
        d.must_open = False
        d.down[seat] = True
        d.down_turn[seat] = d.turn
        d.down_this_turn = True
        if not d.hands[seat]:
            self._end_deal("out", seat)

    def _lay_melds(self, melds: Sequence[Meld]) -> None:
        d = self._deal
        seat = d.current
        for meld in melds:
            cards = self._take_from_hand(seat, meld.cards)
            factor = 1
            for kind, times in self.rules.play.multipliers:
                four = meld.kind in ("set", "jokers") and len(cards) == 4
                if kind == "four_of_a_kind_at_once" and four:
                    factor = times
            table = TableMeld(seat, meld.kind, cards, list(meld.stands_for), [seat] * len(cards))
            table.factor = factor
            d.melds.append(table)
        d.table_view = None
        # The checks made sure a card of the required face is among the melds.
        d.must_meld = None
        d.rebuilt_without_play = 0
        d.melds_this_turn += len(melds)

    def _do_meld(self, melds: Sequence[Meld]) -> None:
        d = self._deal
        seat = d.current
        self._lay_melds(melds)
        if not d.down[seat]:
            self._opened(seat)
        elif not d.hands[seat]:
            self._end_deal("out", seat)

    def _do_layoff(self, card: int, target: int, stands: int) -> None:
        d = self._deal
        seat = d.current
        meld = d.melds[target]
        d.rebuilt_without_play = 0
        d.hands[seat].remove(card)
        face = self.faces[card]
        after = Meld(
            meld.kind,
            (*(self.faces[c] for c in meld.cards), face),
            (*meld.stands_for, stands),
        )
        meld.fits = {}
        d.table_view = None
        if meld.kind != "run" or check_meld(after, self.rules.melds, d.rules.wild_faces) is None:
            meld.cards.append(card)
            meld.stands_for.append(stands)
            meld.laid_by.append(seat)
        else:
            meld.cards.insert(0, card)
            meld.stands_for.insert(0, stands)
            meld.laid_by.insert(0, seat)
        if d.must_meld == card or (
            d.must_meld is not None and self.faces[d.must_meld] == self.faces[card]
        ):
            d.must_meld = None
        if not d.hands[seat]:
            self._end_deal("out", seat)

    def _do_exchange(self, seat: int, card: int, target: int, slot: int) -> None:
        d = self._deal
        meld = d.melds[target]
        d.rebuilt_without_play = 0
        wild = meld.cards[slot]
        d.hands[seat].remove(card)
        meld.cards[slot] = card
        meld.fits = {}
        d.table_view = None
        d.hands[seat].append(wild)

    def _do_discard(self, face: int) -> None:
        d = self._deal
        seat = d.current
        card = self._find(d.hands[seat], face)
        assert card is not None
        d.hands[seat].remove(card)
        d.discard.append(card)
        d.discarder = seat
        if not d.hands[seat]:
            self._end_deal("out", seat)
            return
        d.passes = 0
        self._next_turn()

    def _stock_closed(self) -> bool:
        """Whether the stock is empty and players may only take meldable discards or pass."""
        d = self._deal
        return not d.stock and self.rules.play.stock_exhausted == "meldable_discards_only"

    def _pass_turn(self) -> None:
        """With the stock gone, a player who cannot use a discard passes; all passing ends the deal."""
        d = self._deal
        d.passes += 1
        if d.passes >= sum(self.active):
            self._end_deal("stock", None)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        d = self._deal
        seat = d.current
        d.turn += 1
        if d.turn >= self.turn_cap:
            self._end_deal("turn_cap", None)
            return
        d.current = self._next_seat(seat)
        d.turns_played[d.current] += 1
        d.taken_single = None
        d.must_meld = None
        d.must_open = False
        d.melds_this_turn = 0
        d.down_this_turn = False
        d.phase = DRAW

    # -- scoring ---------------------------------------------------------------

    def _bonus(self, d: _Deal, seat: int, points: int, to: str) -> None:
        if to == "self":
            d.scores[seat] += points
        else:
            for other in range(self.seats):
                if other != seat and self.active[other]:
                    d.scores[other] += points

    def _melded_value(self, meld: TableMeld, index: int) -> int:
        """What card ``index`` of ``meld`` scores for whoever melded it."""
        face = self.faces[meld.cards[index]]
        stands = meld.stands_for[index]
        play = self.rules.play
        wild = face in self._deal.rules.wild_faces
        if meld.kind == "jokers" or (wild and play.melded_wild_value == "own"):
            return self.value(face)
        if meld.kind == "run" and play.ace_low_in_run is not None and rank_of(stands) == 0:
            after = meld.stands_for[index + 1] if index + 1 < len(meld.stands_for) else None
            if after is not None and rank_of(after) == 1:  # A-2-3: the ace is low
                return play.ace_low_in_run
        return self.rules.card_values[stands]

    def _deal_scores(self, d: _Deal, went_out: int | None) -> None:
        """Add the deal's points by the scoring model (bonuses come after)."""
        play = self.rules.play
        held = [sum(self.value(self.faces[c]) for c in hand) for hand in d.hands]
        if play.scoring_model == "penalty":
            for seat in range(self.seats):
                if seat != went_out:
                    d.scores[seat] += held[seat]
        elif play.scoring_model == "winner_collects":
            if went_out is not None:
                d.scores[went_out] += sum(held)
        else:  # melded_minus_hand
            layer = play.lay_off_scores_for == "layer"
            for meld in d.melds:
                for i, by in enumerate(meld.laid_by):
                    seat = by if layer else meld.owner
                    d.scores[seat] += self._melded_value(meld, i) * meld.factor
            for seat in range(self.seats):
                d.scores[seat] -= held[seat]

    def _end_deal(self, reason: str, went_out: int | None) -> None:
        d = self._deal
        play = self.rules.play
        self._deal_scores(d, went_out)
        if went_out is not None:
            one_turn = d.down_turn[went_out] == d.turn and d.down_this_turn
            first_turn = d.turns_played[went_out] == 1
            no_wilds = not any(
                self.faces[c] in d.rules.wild_faces
                for m in d.melds
                if m.owner == went_out
                for c in m.cards
            )
            events = {"went_out"}
            if one_turn:
                has_no_wild_bonus = any(e == "one_turn_out_no_wilds" for e, _, _ in play.bonuses)
                if no_wilds and has_no_wild_bonus:
                    events.add("one_turn_out_no_wilds")
                else:
                    events.add("one_turn_out")
            if first_turn:
                events.add("first_turn_out")
            for event, points, to in play.bonuses:
                if event in events:
                    self._bonus(d, went_out, points, to)
        if d.exact_cut and d.cutter is not None:
            for event, points, to in play.bonuses:
                if event == "exact_cut":
                    self._bonus(d, d.cutter, points, to)
        if self.rules.play.teams and self.rules.play.team_scoring:
            # Partners share one score: each seat shows its team's.
            combined = [
                sum(d.scores[o] for o in range(self.seats) if self.team[o] == self.team[s])
                for s in range(self.seats)
            ]
            d.scores[:] = combined
        for seat in range(self.seats):
            self.totals[seat] += d.scores[seat]
        in_deal = [s for s in range(self.seats) if self.active[s]]
        adjust, bought_back, eliminated = self._eliminate()
        result = DealResult(
            deal=self.deal_index + 1,
            reason=reason,
            went_out=went_out,
            scores=tuple(d.scores),
            totals=tuple(self.totals),
            left=tuple(tuple(sorted(self.faces[c] for c in hand)) for hand in d.hands),
            adjust=adjust,
            eliminated=eliminated,
            table=tuple(
                MeldRecord(
                    m.owner,
                    m.kind,
                    tuple(self.faces[c] for c in m.cards),
                    tuple(m.stands_for),
                    tuple(m.laid_by),
                    m.factor,
                )
                for m in d.melds
            ),
        )
        self.results.append(result)
        entry: dict[str, Any] = {
            "deal_end": result.deal,
            "reason": reason,
            "went_out": went_out,
            "scores": list(result.scores),
            "totals": list(result.totals),
            "left": [" ".join(format_card(f) for f in hand) for hand in result.left],
        }
        if play.game_end == "elimination":
            entry["bought_back"] = bought_back
            entry["eliminated"] = list(eliminated)
        self.log.append(entry)
        self.deal_index += 1
        over = self._game_over()
        if over is not None:
            if not any(self.active):  # everyone left went out together
                for seat in in_deal:
                    self.active[seat] = True
            d.phase = OVER
            end: dict[str, Any] = {
                "game_end": True,
                "totals": list(self.totals),
                "winners": self.winners(),
            }
            if over != "rules":
                end["reason"] = over
            self.game_over_reason = over
            self.log.append(end)
            return
        rotation = self.rules.play.dealer_rotation
        if rotation == "winner" and went_out is not None and self.active[went_out]:
            self.dealer = went_out
        else:
            self.dealer = self._step_active(self.dealer, 1 if rotation != "right" else -1)
        self._deal = self._start_deal()

    def _eliminate(self) -> tuple[tuple[int, ...], list[int], tuple[int, ...]]:
        """Elimination games: buy back or drop players at the threshold.

        A player who buys back re-enters with the highest total among the
        players still below the threshold (the engine's rule: the sources do
        not say).
        """
        play = self.rules.play
        adjust = [0] * self.seats
        if play.game_end != "elimination" or play.elimination_at is None:
            return tuple(adjust), [], ()
        limit = play.elimination_at
        over = [s for s in range(self.seats) if self.active[s] and self.totals[s] >= limit]
        safe = [self.totals[s] for s in range(self.seats) if self.active[s] and s not in over]
        bought: list[int] = []
        out: list[int] = []
        for seat in over:
            if safe and self.buy_backs_used[seat] < play.buy_backs:
                self.buy_backs_used[seat] += 1
                adjust[seat] = max(safe) - self.totals[seat]
                self.totals[seat] = max(safe)
                bought.append(seat)
            else:
                self.active[seat] = False
                out.append(seat)
        return tuple(adjust), bought, tuple(out)

    def _target_reached(self) -> bool:
        target = self.rules.play.target_score
        return target is not None and any(
            self.totals[s] >= target for s in range(self.seats) if self.active[s]
        )

    def _game_over(self) -> str | None:
        """Why the game ends after the deal just scored (``None``: it goes on)."""
        play = self.rules.play
        if play.game_end == "fixed_deals":
            return "rules" if self.deal_index >= len(self.rules.deals) else None
        if play.game_end == "elimination":
            if sum(self.active) <= 1:
                return "rules"
        elif self._target_reached() and (play.ties != "extra_deal" or len(self.winners()) == 1):
            return "rules"
        if self.deal_index >= self.deal_cap:
            return "deal_cap"
        return None


#: The shared discard and take actions, by face.
_DISCARDS = [shared_action("discard", face) for face in range(53)]
_TAKES = [shared_action("take", face) for face in range(53)]

#: Each face's place when the faces are sorted by their text (``format_card``).
_TEXT_ORDER = [0] * 53
for _place, _face in enumerate(sorted(range(53), key=format_card)):
    _TEXT_ORDER[_face] = _place


def _natural_fits(meld: TableMeld) -> list[int] | None:
    """The natural faces that could be laid off on ``meld`` (``None``: any might):
    the set's rank in every suit, or the cards just below and above the run."""
    key = (meld.kind, meld.stands_for[0], meld.stands_for[-1])
    if key in _NATURAL_FITS:
        return _NATURAL_FITS[key]
    kind, first, last = key
    found: list[int] | None
    if kind == "set":
        rank = rank_of(first)
        found = [rank + 13 * suit for suit in range(4)]
    elif kind == "run":
        suit = suit_of(first)
        below = suit * 13 + (rank_of(first) - 1) % 13
        above = suit * 13 + (rank_of(last) + 1) % 13
        found = [below] if below == above else [below, above]
    else:
        found = None
    _NATURAL_FITS[key] = found
    return found


#: ``_natural_fits`` by (kind, first and last face stood for): all it depends on.
_NATURAL_FITS: dict[tuple[str, int, int], list[int] | None] = {}


def _contract_constraints(melds: Sequence[Meld], rules: Rules) -> str | None:
    m = rules.melds
    for i, a in enumerate(melds):
        for b in melds[i + 1 :]:
            same_rank = rank_of(a.stands_for[0]) == rank_of(b.stands_for[0])
            if a.kind == b.kind == "set" and m.sets_of_same_rank == "forbidden" and same_rank:
                return "a contract may not hold two sets of the same rank"
            if a.kind == "run" and b.kind == "run":
                sa = run_span(a.stands_for, m)
                sb = run_span(b.stands_for, m)
                if sa is None or sb is None or sa[0] != sb[0]:
                    continue
                if m.same_suit_runs == "forbidden":
                    return "a contract may not hold two runs of the same suit"
                if m.same_suit_runs == "not_contiguous":
                    a_hi = sa[1] + len(a.stands_for) - 1
                    b_hi = sb[1] + len(b.stands_for) - 1
                    if sb[1] == a_hi + 1 or sa[1] == b_hi + 1:
                        return "two runs of one suit in a contract may not continue each other"
    return None


@functools.cache
def _permutations(n: int) -> list[tuple[int, ...]]:
    return list(itertools.permutations(range(n)))
