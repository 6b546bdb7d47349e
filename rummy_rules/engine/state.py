"""The game state: the one public object of the engine.

One :class:`GameState` plays a whole game of a compiled variant. The contract
is the OpenSpiel one: :attr:`GameState.to_move` is the seat that decides,
:meth:`GameState.legal_actions` lists the choices (sorted, deterministic),
:meth:`GameState.check` says why an action is illegal, :meth:`GameState.apply`
refuses an illegal action with an :class:`ActionError` and leaves the state
unchanged, :meth:`GameState.is_terminal` and :meth:`GameState.clone`.

``GameState`` holds the game's data (a :class:`~rummy_rules.engine.game.Game`)
and hands each action to the part of the turn it belongs to, by phase: the
draw (:mod:`.drawing`), an open buy window (:mod:`.buying`), an open window
to claim a wild just melded (:mod:`.exchanging`), and the rest of the turn (:mod:`.turn`, which gathers :mod:`.melding`, :mod:`.laying_off`,
:mod:`.exchanging` and :mod:`.discarding`). Each part answers the same three
questions for its actions: which are legal now, why is this one illegal, and
apply it.

Chance (shuffles, the first dealer, the cut) comes from a :class:`Chance`
object: :class:`SeededChance` derives everything from one seed, and
:class:`ScriptedChance` replays recorded outcomes (replay, stacked decks in
tests). Every chance outcome and every action is logged in
:attr:`GameState.log`, from which a game record is written.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, ActionError, action_text
from .asking import ASKING, partner_of
from .buying import apply_buy_phase, buy_actions, check_buy_phase
from .chance import Chance, ScriptedChance, SeededChance, shuffle
from .dealing import new_game
from .drawing import apply_draw_phase, check_draw_phase, draw_actions
from .ending import winners
from .exchanging import (
    apply_claim_phase,
    check_claim_phase,
    claim_actions,
    open_claim_window,
    ordered_exchange,
    table_wilds,
)
from .forcing import FORCE_ACTIONS, apply_force, check_force
from .game import (
    BUY,
    CLAIM,
    DEFEND,
    DRAW,
    FORCE,
    OVER,
    PLAY,
    Deal,
    DealResult,
    Game,
    MeldRecord,
    TableMeld,
)
from .knocking import apply_defend, check_defend, complete_knock, defend_actions
from .laying_off import complete_layoff, fits_table
from .melding import suggest_down
from .refusals import GAME_OVER, Refusal
from .rules import DealRules, Rules
from .turn import apply_play_phase, check_play_phase, sorted_play_actions

__all__ = [
    "ActionError",
    "Chance",
    "DealResult",
    "GameState",
    "MeldRecord",
    "ScriptedChance",
    "SeededChance",
    "TableMeld",
    "deal_hidden_again",
]


def deal_hidden_again(deal: Deal, seat: int, rng: random.Random) -> None:
    """Deal the cards ``seat`` cannot see (the other hands, the stock, the
    feet) again at random, in place, each place keeping its size. A card
    another player was seen to take into their hand and still holds
    (:attr:`~.game.Deal.shown`) stays in that hand."""
    known: set[int] = set()
    for other, card in deal.shown:
        if other != seat and card in deal.hands[other]:
            known.add(card)
    hands = [hand for other, hand in enumerate(deal.hands) if other != seat]
    places = [*hands, deal.stock, *deal.feet]
    kept = [[c for c in place if c in known] if known else [] for place in places]
    pool = [card for place in places for card in place if card not in known]
    if type(rng) is random.Random:
        shuffle(rng, pool)  # the same order, without the interpreted calls
    else:
        rng.shuffle(pool)
    at = 0
    for place, own in zip(places, kept, strict=True):
        size = len(place) - len(own)
        place[:] = [*own, *pool[at : at + size]]
        at += size


class GameState:
    """A game in progress. Seats are numbered from 0; text numbers them from 1."""

    __slots__ = ("game",)

    def __new__(cls, *args: Any, **kwargs: Any) -> GameState:
        # Defined so that clone() can make an instance without dealing a new game.
        return super().__new__(cls)

    def __init__(
        self,
        rules: Rules,
        *,
        chance: Chance | None = None,
        seed: int = 0,
        turn_cap: int | None = None,
        deal_cap: int | None = None,
    ) -> None:
        #: The game's data, read and changed by the parts of the turn. Read it
        #: freely (physical card numbers; :attr:`faces` gives their faces), but
        #: change the game only through :meth:`apply`.
        self.game: Game = new_game(
            rules, chance or SeededChance(seed), seed=seed, turn_cap=turn_cap, deal_cap=deal_cap
        )

    @staticmethod
    def _of(game: Game) -> GameState:
        state = GameState.__new__(GameState)
        state.game = game
        return state

    def clone(self) -> GameState:
        """An independent copy (chance included)."""
        return GameState._of(self.game.copy())

    def sample_hidden(self, seat: int, rng: random.Random) -> GameState:
        """A copy that ``seat`` cannot tell from this game: the cards it cannot
        see (the other hands, the stock, the feet) dealt again at random, each
        keeping its size, and later shuffles drawn from ``rng`` too.

        A determinisation, for search bots: a card another player was seen to
        take into their hand (from the discard pile, or a wild card from the
        table) and still holds stays there; the rest of their hand is dealt
        again. The copy's log starts empty (it is for playing on, not for a
        record)."""
        twin = self.clone()
        game = twin.game
        deal_hidden_again(game.deal, seat, rng)
        game.chance = SeededChance(rng.getrandbits(63))
        game.log = []
        return twin

    # -- the game as a whole ----------------------------------------------

    @property
    def rules(self) -> Rules:
        """The compiled rules being played."""
        return self.game.rules

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.game.seats

    @property
    def seed(self) -> int:
        """The seed the game was started with."""
        return self.game.seed

    @property
    def chance(self) -> Chance:
        """Where the game's random outcomes come from."""
        return self.game.chance

    @property
    def faces(self) -> tuple[int, ...]:
        """The face of each physical card."""
        return self.game.faces

    @property
    def team(self) -> list[int]:
        """The team of each seat (partners sit opposite: seat % 2 with four players)."""
        return self.game.team

    @property
    def active(self) -> list[bool]:
        """Seats still in the game (elimination games drop players)."""
        return self.game.active

    @property
    def totals(self) -> list[int]:
        """Each seat's total score so far."""
        return self.game.totals

    @property
    def results(self) -> list[DealResult]:
        """One :class:`DealResult` per deal played."""
        return self.game.results

    @property
    def buys_game(self) -> list[int]:
        """Buys each seat has made in the game."""
        return self.game.buys_game

    @property
    def limits_bound(self) -> dict[str, int]:
        """How often each limit in the rules withheld an action (a buy, a buy-back),
        by the rule's key: a key missing never bound."""
        return dict(self.game.bound)

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every chance outcome and action, in order (a game record is written from it)."""
        return self.game.log

    @property
    def turn_cap(self) -> int:
        """The most turns a deal may last before it is stopped (recorded as ``turn_cap``)."""
        return self.game.turn_cap

    @property
    def deal_cap(self) -> int:
        """The most deals a game may last (target-score and elimination games)."""
        return self.game.deal_cap

    @property
    def game_over_reason(self) -> str | None:
        """Why the game ended: ``rules`` (as the variant says) or ``deal_cap``."""
        return self.game.game_over_reason

    @property
    def deal_index(self) -> int:
        """The deal being played, from 0 (after the game: the number of deals played)."""
        return self.game.deal_index

    @property
    def dealer(self) -> int:
        """The seat dealing this deal."""
        return self.game.dealer

    def winners(self) -> list[int]:
        """The seats with the best total among those still in the game (several on a tie)."""
        return winners(self.game)

    def is_terminal(self) -> bool:
        """True once the last deal has been scored."""
        return self.game.deal.phase == OVER

    # -- the deal being played ----------------------------------------------

    @property
    def phase(self) -> str:
        """``draw``, ``buy``, ``play``, ``claim``, ``defend`` (after a knock) or ``over``."""
        return self.game.deal.phase

    @property
    def deal_rules(self) -> DealRules:
        """The rules of the deal being played, for the seat in turn (with
        ``contract.progression: each_player`` each seat has its own contract)."""
        return self.game.deal.rules

    def deal_rules_of(self, seat: int) -> DealRules:
        """The rules of the deal being played for ``seat``: its contract."""
        return self.game.deal.rules_of(seat)

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.game.deal.current

    @property
    def to_move(self) -> int:
        """The seat that must decide now (a would-be buyer during a buy window)."""
        d = self.game.deal
        if d.phase == BUY:
            return d.buy_queue[0]
        if d.phase == CLAIM:
            return d.claim_queue[0]
        if d.duties.asked == ASKING and d.phase == PLAY:
            return partner_of(self.game, d.current)  # "may I go out?" waits for the answer
        return d.current

    @property
    def turn(self) -> int:
        """Turns completed in this deal."""
        return self.game.deal.turn

    def hand(self, seat: int) -> list[int]:
        """The faces in ``seat``'s hand, sorted."""
        return self.game.hand_faces(seat)

    def hand_cards(self, seat: int) -> list[int]:
        """The physical cards in ``seat``'s hand."""
        return list(self.game.deal.hands[seat])

    @property
    def stock(self) -> list[int]:
        """Physical cards in the stock, the top last."""
        return list(self.game.deal.stock)

    @property
    def discard_pile(self) -> list[int]:
        """Physical cards in the discard pile, the top last."""
        return list(self.game.deal.discard)

    @property
    def melds(self) -> list[TableMeld]:
        """The melds on the table, numbered from 0 in the order laid."""
        return self.game.deal.melds

    def is_down(self, seat: int) -> bool:
        """Whether ``seat`` has gone down this deal."""
        return self.game.deal.down[seat]

    def all_cards(self) -> list[int]:
        """Every physical card in hands, feet, stock, discard pile, melds and laid
        aside (bonus cards) (conservation check)."""
        d = self.game.deal
        cards = [c for hand in d.hands for c in hand] + d.stock + d.discard
        cards += [c for m in d.melds for c in m.cards]
        cards += [c for aside in d.aside for c in aside]
        cards += [c for foot in d.feet for c in foot]
        return cards

    def value(self, face: int) -> int:
        """The value of a card of ``face`` left in hand in this deal."""
        return self.game.value(face)

    def fits_table(self, face: int) -> bool:
        """Whether a card of ``face`` could be laid off on some meld on the table."""
        return fits_table(self.game, face)

    def suggest_down(self) -> Action | None:
        """The go-down action that leaves the fewest points in hand, if the player can go down."""
        return suggest_down(self.game)

    # -- actions ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_move`, sorted by text.

        Going down is listed once, as the arrangement that leaves the fewest
        points in hand; any other valid arrangement is legal too
        (:meth:`check` accepts it).
        """
        g = self.game
        phase = g.deal.phase
        if phase == OVER:
            return []
        if phase == BUY:
            return buy_actions(g)
        if phase == CLAIM:
            return claim_actions(g)
        if phase == DRAW:
            return draw_actions(g)
        if phase == DEFEND:
            return defend_actions(g)
        if phase == FORCE:
            return list(FORCE_ACTIONS)
        return sorted_play_actions(g)

    def is_legal(self, action: Action) -> bool:
        """Whether :attr:`to_move` may take ``action`` now."""
        return self.check(action) is None

    def check(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal for :attr:`to_move` now (``None`` if legal): a
        :class:`~rummy_rules.engine.refusals.Refusal` (its code, rule keys and text)."""
        g = self.game
        phase = g.deal.phase
        if phase == OVER:
            return GAME_OVER
        if phase == BUY:
            return check_buy_phase(g, action)
        if phase == CLAIM:
            return check_claim_phase(g, action)
        if phase == DRAW:
            return check_draw_phase(g, action)
        if phase == DEFEND:
            return check_defend(g, action)
        if phase == FORCE:
            return check_force(g, action)
        return check_play_phase(g, action)

    def apply(self, action: Action) -> None:
        """Play ``action`` for :attr:`to_move`; raises :class:`ActionError` if it is illegal.

        A ``knock`` that names no melds is played (and recorded) with the layout
        that leaves the least deadwood; a ``layoff`` of a wild card that names no
        stand-in, with the one found for it."""
        if action.kind == "knock" and not action.melds and self.game.deal.phase == PLAY:
            action = complete_knock(self.game, action)
        elif action.kind == "layoff" and action.stands_for == -1:
            action = complete_layoff(self.game, action)  # a wild's stand-in, found
        elif action.kind == "exchange" and action.extra >= 0:
            action = ordered_exchange(self.game, action)  # the wild's stand-in first
        reason = self.check(action)
        if reason is not None:
            raise ActionError(
                reason,
                seat=self.to_move,
                action=action,
                deal=self.game.deal_index,
                turn=self.game.deal.turn,
            )
        self.apply_listed(action)

    def apply_listed(self, action: Action) -> None:
        """Play ``action`` without checking it: only for an action that
        :meth:`legal_actions` has just listed for this very state (what
        ``play_game`` does, to save checking it twice). Anything else goes
        through :meth:`apply`."""
        g = self.game
        g.log.append({"seat": self.to_move, "action": action_text(action)})
        phase = g.deal.phase
        if phase != PLAY and g.deal.undo:
            g.deal.undo = []  # someone else acts: what was laid stays laid
        if phase == BUY:
            apply_buy_phase(g, action)
        elif phase == CLAIM:
            apply_claim_phase(g, action)
        elif phase == DRAW:
            apply_draw_phase(g, action)
        elif phase == DEFEND:
            apply_defend(g, action)
        elif phase == FORCE:
            apply_force(g, action)
        elif g.rules.play.claim_in_rotation:
            before = table_wilds(g)
            apply_play_phase(g, action)
            open_claim_window(g, before)
        else:
            apply_play_phase(g, action)
