"""The data of a game in progress, which every part of the turn reads and changes.

A :class:`Game` holds what lasts the whole game (seats, teams, totals, the
log, where chance comes from) and the :class:`Deal` being played (hands,
stock, discard pile, the melds on the table, whose turn it is and in which
phase). Both are plain records with public fields and no rules of their own:
the rules live in the parts of the turn — :mod:`.dealing`, :mod:`.drawing`,
:mod:`.buying`, :mod:`.melding`, :mod:`.laying_off`, :mod:`.exchanging`,
:mod:`.discarding`, :mod:`.scoring`, :mod:`.ending` — which are functions over
a :class:`Game`, and :class:`~rummy_rules.engine.state.GameState` is the one
public object, which hands each action to its part.

Cards are physical card numbers (``0 .. pack size - 1``); :attr:`Game.faces`
gives each one's face. Everything here copies itself with explicit methods
(:meth:`Deal.copy`, :meth:`Game.copy`, :meth:`Game.trial`), never with the
:mod:`copy` module, so that the engine can be compiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .chance import Chance
from .rules import ContractPart, DealRules, Rules

__all__ = [
    "ASKED_NO",
    "ASKED_YES",
    "ASKING",
    "BUY",
    "CLAIM",
    "DEFEND",
    "DRAW",
    "FORCE",
    "OVER",
    "PLAY",
    "Asked",
    "Deal",
    "DealResult",
    "Game",
    "MeldRecord",
    "Phase",
    "ScoreColumn",
    "TableMeld",
    "TurnDuties",
    "step_active",
]

#: The phases of a turn (the constants below): a misspelt phase fails the
#: static checks.
Phase = Literal["draw", "buy", "play", "over", "defend", "claim", "force"]

#: The phases of a turn: ``draw`` (draw, take or pass), ``buy`` (a buy window
#: is open), ``play`` (meld, lay off, exchange, discard), ``over`` (game over).
DRAW: Final = "draw"
BUY: Final = "buy"
PLAY: Final = "play"
OVER: Final = "over"
DEFEND: Final = "defend"
"""After a knock (``going_out.knock``): the other player lays their melds and
lays off on the knocker's, then ends the hand."""
CLAIM: Final = "claim"
"""The phase in which players out of turn may claim a wild just melded
(``wilds.exchange.claim_order: first_in_rotation``)."""
FORCE: Final = "force"
"""At the end of a turn that left a card on the discard pile the next player
could lay off (``draw.force: may``): the player who left it forces the next
player to take it, or not."""


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

    def copy(self) -> TableMeld:
        """An independent copy (the table of fits is shared: it is replaced, never edited)."""
        return TableMeld(
            self.owner,
            self.kind,
            list(self.cards),
            list(self.stands_for),
            list(self.laid_by),
            self.factor,
            self.fits,
        )


@dataclass(frozen=True, slots=True)
class MeldRecord:
    """A table meld as it stood at the end of a deal (faces, not physical cards)."""

    owner: int
    kind: str
    faces: tuple[int, ...]
    stands_for: tuple[int, ...]
    laid_by: tuple[int, ...]
    factor: int


#: ``TurnDuties.asked`` (``going_out.ask_partner``): the player in turn has asked
#: "may I go out?" and waits for the answer; their partner said yes; said no.
ASKING: Final = 1
ASKED_YES: Final = 2
ASKED_NO: Final = 3
#: The values of ``TurnDuties.asked``: 0 (not asked) or one of the three above.
Asked = Literal[0, 1, 2, 3]


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended and what it scored."""

    deal: int
    reason: str
    """``out`` (someone went out), ``stock`` (the stock ran out), ``blocked`` (the stock
    was rebuilt again and again with no meld or lay-off), ``void`` (cancelled as the
    stock ran low: ``stock_exhausted.action: void``), ``turn_cap``, ``gin``, ``knock``
    or ``undercut`` (a knocked hand), ``dropped`` (every other player left the
    deal: ``going_out.drop``, ``knock.wrong_declaration``), ``called`` (a player
    called the hand: ``going_out.call``) or ``dealt`` (won on the deal:
    ``going_out.dealt_counts``)."""
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
    dropped: tuple[int, ...] = ()
    """Where players may leave a deal: what each seat that left it scored (-1:
    stayed in); empty otherwise."""
    aside: tuple[tuple[int, ...], ...] = ()
    """With ``deck.bonus_cards``: the faces of the bonus cards each seat laid
    aside; empty otherwise."""
    foot: tuple[tuple[int, ...], ...] = ()
    """With ``deals[].foot``: the faces of each seat's foot not picked up when the
    deal ended (they count with the hand); empty otherwise."""
    columns: tuple[tuple[int, ...], ...] = ()
    """With ``game_end.games_at_once`` above 1 (Hollywood scoring): each game's
    totals after this deal, bonuses of the games that have ended included;
    empty otherwise."""
    parts: tuple[tuple[int, str, int], ...] = ()
    """The deal's score in parts, seat by seat: (seat, what, points), ``what`` a
    bonus event of ``scoring.bonuses``, ``cards`` (the scoring model), ``melded``
    and ``in_hand`` (``melded_minus_hand``), ``play`` (points scored during the
    deal) or ``factor`` (a multiplied hand). A seat's parts add up to its own
    score; with partners scoring together, the side's parts to the side's."""


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """One of the games scored at once (``game_end.games_at_once``, Hollywood
    scoring): each seat's total in it, how many deals each seat has entered in
    it, and whether it has ended."""

    totals: tuple[int, ...]
    entered: tuple[int, ...]
    over: bool = False


@dataclass(slots=True)
class TurnDuties:
    """What the turn in progress owes and has done so far.

    One record, replaced by a fresh one when the turn passes
    (:func:`~rummy_rules.engine.ending.next_turn`) and whenever a seat plays
    with none of the turn's duties (a buyer out of turn, a claimant); every
    field's default is the state at the start of a turn."""

    taken_single: int | None = None
    """The card taken from the discard pile this turn that ``discard.not_just_taken``
    may bar: the one card taken, or with ``always`` the card chosen (the top
    card named, the card dug) of a take of several."""
    taken_twin: bool = False
    """The player already held a card of ``taken_single``'s face when they took it
    (``discard.not_just_taken_match: card``: they may discard that face, the
    twin, whichever of the two they have melded since)."""
    must_meld: int | None = None
    """A card that must be melded before anything else this turn."""
    must_pair: bool = False
    """The card to be melded at once (``must_meld``) was taken with a natural pair
    (``draw.natural_pair``): its meld must hold two more natural cards of its rank."""
    pair_or_lay_off: bool = False
    """With ``draw.natural_pair: or_lay_off``, the pile not frozen when taken: the
    card to be melded (``must_meld``) may instead be laid off on a meld of the
    side that is not yet a canasta."""
    pile_cards: tuple[int, ...] = ()
    """The other cards taken with the chosen card from the discard pile this turn."""
    must_use: int | None = None
    """The face of a card dug from the discard pile that must be melded or laid off
    some time this turn (``draw.deep_card_use: this_turn``)."""
    must_open: bool = False
    """The player in turn took a discard that obliges them to open
    (``draw.discard_condition: forces_opening``): they go down before anything else."""
    open_this_turn: bool = False
    """The player in turn must go down before the turn ends (an exchange with
    ``wilds.exchange.forces_going_down``)."""
    down_this_turn: bool = False
    """The player in turn went down this turn."""
    melds_this_turn: int = 0
    """New melds laid this turn (``melding.melds_per_turn``)."""
    upcard_refused: bool = False
    """Every seat offered the upcard refused it: the first player draws from the stock."""
    must_knock: bool = False
    """The discard was taken at the void limit and must be knocked with at once
    (``stock_exhausted.void_take: to_knock``)."""
    asked: Asked = 0
    """``going_out.ask_partner``: 0 until the player in turn asks; then the
    question waits (:data:`ASKING`), or the partner said yes (:data:`ASKED_YES`)
    or no (:data:`ASKED_NO`)."""
    played: bool = False
    """The player in turn has laid cards on the table this turn (a down, meld,
    lay-off, exchange or rearrangement): with ``draw.mode: play_or_draw`` they may
    no longer draw, and may end the turn."""
    turned: int | None = None
    """The card the player in turn has turned up from the stock onto the discard
    pile (``draw.mode: turn_up``) while they decide to take it or pass."""

    def copy(self) -> TurnDuties:
        """An independent copy (every field is an immutable value)."""
        return TurnDuties(
            taken_single=self.taken_single,
            taken_twin=self.taken_twin,
            must_meld=self.must_meld,
            must_pair=self.must_pair,
            pile_cards=self.pile_cards,
            must_use=self.must_use,
            must_open=self.must_open,
            open_this_turn=self.open_this_turn,
            down_this_turn=self.down_this_turn,
            melds_this_turn=self.melds_this_turn,
            upcard_refused=self.upcard_refused,
            must_knock=self.must_knock,
            asked=self.asked,
            played=self.played,
            turned=self.turned,
            pair_or_lay_off=self.pair_or_lay_off,
        )


@dataclass(slots=True)
class Deal:
    """The deal being played."""

    table_rules: DealRules
    """The schedule's deal by the table's deal number (see :attr:`rules`)."""
    hands: list[list[int]]
    stock: list[int]
    """Physical cards, the top last."""
    discard: list[int]
    """Physical cards, the top last."""
    melds: list[TableMeld] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    down_turn: list[int] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    turns_played: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    current: int = 0
    """The seat whose turn it is."""
    turn: int = 0
    """Turns completed in this deal."""
    phase: Phase = DRAW
    buy_queue: list[int] = field(default_factory=list)
    """The seats still to be asked in an open buy window, the next first."""
    buy_card: int | None = None
    buy_claim: int | None = None
    """The seat that asked to buy, while the player in turn decides on it
    (``buying.current_player: veto`` or ``may_give_draw``)."""
    resume: int | None = None
    """While a buyer plays out of turn (``buying.buyer_waits_for_turn: false``), the
    seat whose turn it is; ``current`` is then the buyer."""
    buyer_discarding: bool = False
    """The buyer (``buy_queue[0]``) owes a discard (``buying.buyer_discards``)."""
    claim_queue: list[int] = field(default_factory=list)
    """While a wild just melded may be claimed, the seats still to be asked, the
    one deciding first (``wilds.exchange.claim_order: first_in_rotation``)."""
    claim_wilds: frozenset[int] = frozenset()
    """The wild cards (physical) that may be claimed in the open claim window."""
    draw_pending: bool = False
    """The player in turn chose the stock and draws once the buy window closes
    (``buying.window: until_next_draw``)."""
    discarder: int | None = None
    moved: list[int] = field(default_factory=list)
    """Wild cards moved along a run by a natural card taking their place
    (``wilds.reposition: slide_to_end_once`` lets each move once)."""
    parts_left: list[tuple[ContractPart, ...]] = field(default_factory=list)
    """The contract parts each seat has still to lay down (``contract.all_at_once:
    false`` lets a player lay the contract over several turns)."""
    freed: dict[int, int] = field(default_factory=dict)
    """Wild cards freed by an exchange, with the seat holding each: with
    ``freed_wild_use: new_meld_only`` they may not be laid off."""
    cutter: int | None = None
    exact_cut: bool = False
    rebuilt_without_play: int = 0
    blocked: bool = False
    passes: int = 0
    offer: list[int] = field(default_factory=list)
    """While the upcard is being offered (``table.upcard_offer``), the seats still
    to be asked, the one deciding (``current``) first."""
    table_view: Any = None
    """The table as seat views show it, kept by the views until the table changes."""
    undo: list[Deal] = field(default_factory=list)
    """The deal as it stood before each card play of this turn, the last one last
    (``melding.take_back: this_turn``); emptied when anyone else acts or the turn ends."""
    seat_rules: tuple[DealRules, ...] = ()
    """With ``contract.progression: each_player``: each seat's own deal of the
    schedule (its contract), with the table's wild cards; empty otherwise."""
    knocker: int = -1
    """The seat that knocked (``going_out.knock``); -1 until someone does."""
    knock_limit: int = 0
    """Where the game knocks (``PlayRules.knocks``): the deadwood a player may
    knock with in this deal (the first upcard's value with ``deadwood_limit:
    upcard``)."""
    knock_deadwood: int = 0
    """The knocker's deadwood, once they have knocked."""
    big_gin: bool = False
    """The knock was big gin: the whole hand melded, no discard."""
    score_factor: int = 1
    """What the hand's scores are multiplied by (``scoring.spade_upcard_factor``
    when the first upcard is a spade)."""
    dropped: list[int] = field(default_factory=list)
    """Per seat, the penalty points of a player who has left the deal (a drop or
    a wrong declaration: ``going_out.drop``, ``knock.wrong_declaration``), -1
    for a player still in it; their cards stay in their hand, out of play."""
    aside: list[list[int]] = field(default_factory=list)
    """With ``deck.bonus_cards``: per seat, the bonus cards laid aside this deal
    (physical); empty otherwise."""
    feet: list[list[int]] = field(default_factory=list)
    """With ``deals[].foot``: per seat (per team with ``foot_per: team``), the foot
    still face down (physical; empty once picked up or turned into the stock);
    empty otherwise."""
    foot_out: list[bool] = field(default_factory=list)
    """Per foot of :attr:`feet`, whether it has been picked up and played (not
    turned into the stock)."""
    foot_pending: list[int] = field(default_factory=list)
    """Per foot, the seat that picked it up by a discard and has not played a turn
    since (it is played from that turn); -1: none."""
    stalled: int = 0
    """With ``draw.stall_turns``: turns in a row with no stock draw, meld or lay-off."""
    stall_key: tuple[int, int] = (-1, -1)
    """The stock's size and the cards on the table when the last turn ended."""
    hit: list[bool] = field(default_factory=list)
    """With ``going_out.call.after_hit: wait_a_turn``: per seat, whether another
    player has laid off on one of its melds (a hit) since its last turn began:
    it may not call at its next turn. Empty otherwise."""
    caller: int = -1
    """The seat that called the hand (``going_out.call``); -1 until someone does."""
    dealt_win: bool = False
    """The deal was won on the deal (``going_out.dealt_counts``)."""
    out_by_discard: bool = False
    """The player who went out did so by discarding their last card."""
    shown: list[tuple[int, int]] = field(default_factory=list)
    """(seat, physical card) for each card a seat was seen to take into its hand
    (from the discard pile by a take, a buy, a forced card or a push; a wild card
    taken from the table), in order; a card that goes back into the stock is
    struck off. A card listed and still in that
    seat's hand is known to every player (:func:`~.state.deal_hidden_again`
    keeps it there)."""
    duties: TurnDuties = field(default_factory=TurnDuties)
    """What the turn in progress owes and has done (reset as one when the turn passes)."""

    @property
    def rules(self) -> DealRules:
        """The rules of this deal for the seat in turn: the table's deal, or with
        ``contract.progression: each_player`` the seat's own."""
        seat_rules = self.seat_rules
        return seat_rules[self.current] if seat_rules else self.table_rules

    def rules_of(self, seat: int) -> DealRules:
        """The rules of this deal for ``seat`` (its contract)."""
        return self.seat_rules[seat] if self.seat_rules else self.table_rules

    def copy(self) -> Deal:
        """An independent copy (the rules and the immutable table view are shared)."""
        return Deal(
            table_rules=self.table_rules,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            discard=list(self.discard),
            melds=[m.copy() for m in self.melds],
            down=list(self.down),
            down_turn=list(self.down_turn),
            buys=list(self.buys),
            turns_played=list(self.turns_played),
            scores=list(self.scores),
            current=self.current,
            turn=self.turn,
            phase=self.phase,
            buy_queue=list(self.buy_queue),
            buy_card=self.buy_card,
            buy_claim=self.buy_claim,
            resume=self.resume,
            buyer_discarding=self.buyer_discarding,
            claim_queue=list(self.claim_queue),
            claim_wilds=self.claim_wilds,
            draw_pending=self.draw_pending,
            discarder=self.discarder,
            moved=list(self.moved),
            parts_left=list(self.parts_left),
            freed=dict(self.freed),
            cutter=self.cutter,
            exact_cut=self.exact_cut,
            rebuilt_without_play=self.rebuilt_without_play,
            blocked=self.blocked,
            passes=self.passes,
            offer=list(self.offer),
            table_view=self.table_view,
            undo=list(self.undo),
            seat_rules=self.seat_rules,
            knocker=self.knocker,
            knock_limit=self.knock_limit,
            knock_deadwood=self.knock_deadwood,
            big_gin=self.big_gin,
            score_factor=self.score_factor,
            dropped=list(self.dropped),
            aside=[list(a) for a in self.aside],
            feet=[list(f) for f in self.feet],
            foot_out=list(self.foot_out),
            foot_pending=list(self.foot_pending),
            stalled=self.stalled,
            stall_key=self.stall_key,
            hit=list(self.hit),
            caller=self.caller,
            dealt_win=self.dealt_win,
            out_by_discard=self.out_by_discard,
            shown=list(self.shown),
            duties=self.duties.copy(),
        )


def step_active(active: Sequence[bool], seat: int, delta: int) -> int:
    """The next seat still in the game from ``seat`` going ``delta`` (+1 or -1) round."""
    seats = len(active)
    for _ in range(seats):
        seat = (seat + delta) % seats
        if active[seat]:
            break
    return seat


@dataclass(slots=True)
class Game:
    """A whole game: what lasts from deal to deal, and the deal being played."""

    rules: Rules
    chance: Chance
    seed: int
    seats: int
    faces: tuple[int, ...]
    """The face of each physical card."""
    team: list[int]
    """The team of each seat (partners seated apart: seat % 2 with four players)."""
    turn_cap: int
    """The most turns a deal may last before it is stopped (recorded as ``turn_cap``)."""
    deal_cap: int
    """The most deals a game may last (target-score and elimination games)."""
    dealer: int
    deal: Deal
    log: list[dict[str, Any]]
    """Every chance outcome and action, in order: a game record is written from it."""
    totals: list[int]
    results: list[DealResult] = field(default_factory=list)
    buys_game: list[int] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    """Seats still in the game (elimination games drop players)."""
    buy_backs_used: list[int] = field(default_factory=list)
    game_over_reason: str | None = None
    """Why the game ended: ``rules`` (as the variant says) or ``deal_cap``."""
    deal_index: int = 0
    stage: list[int] = field(default_factory=list)
    """With ``contract.progression: each_player``: the deal of the schedule (from
    0) whose contract each seat plays next; ``len(rules.deals)`` once it has gone
    down with the last. Empty otherwise."""
    columns: list[ScoreColumn] = field(default_factory=list)
    """With ``game_end.games_at_once`` above 1 (Hollywood scoring): the games
    scored at once, in order; ``totals`` is then the sum of their totals.
    Empty otherwise."""
    bound: dict[str, int] = field(default_factory=dict)
    """How often a limit in the rules withheld an action from a player, by the
    rule's key (``buying.limits.per_deal``: a buy not offered because the player
    had bought as often as the limit allows). Only real play counts: a trial
    (:meth:`trial`) shares this mapping but never opens a buy window or ends a
    deal, where limits bind."""

    def copy(self) -> Game:
        """An independent copy, chance included (log entries are never changed, so shared)."""
        return Game(
            rules=self.rules,
            chance=self.chance.copy(),
            seed=self.seed,
            seats=self.seats,
            faces=self.faces,
            team=list(self.team),
            turn_cap=self.turn_cap,
            deal_cap=self.deal_cap,
            dealer=self.dealer,
            deal=self.deal.copy(),
            log=list(self.log),
            totals=list(self.totals),
            results=list(self.results),
            buys_game=list(self.buys_game),
            active=list(self.active),
            buy_backs_used=list(self.buy_backs_used),
            game_over_reason=self.game_over_reason,
            deal_index=self.deal_index,
            stage=list(self.stage),
            columns=list(self.columns),
            bound=dict(self.bound),
        )

    def trial(self) -> Game:
        """A copy to try a move on within the turn: the deal is copied, the rest shared.

        A trial only ever plays moves that leave the deal running (a take, a
        meld, a lay-off or an exchange that leaves cards in hand), so the
        game-level records are never changed through it; it logs into a log of
        its own.
        """
        return Game(
            rules=self.rules,
            chance=self.chance,
            seed=self.seed,
            seats=self.seats,
            faces=self.faces,
            team=self.team,
            turn_cap=self.turn_cap,
            deal_cap=self.deal_cap,
            dealer=self.dealer,
            deal=self.deal.copy(),
            log=[],
            totals=self.totals,
            results=self.results,
            buys_game=self.buys_game,
            active=self.active,
            buy_backs_used=self.buy_backs_used,
            game_over_reason=self.game_over_reason,
            deal_index=self.deal_index,
            stage=self.stage,
            columns=self.columns,
            bound=self.bound,
        )

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The ``step``-th seat still in the game, and in the deal, after ``seat``,
        in the direction of play."""
        direction = self.rules.play.direction
        dropped = self.deal.dropped
        for _ in range(step):
            seat = step_active(self.active, seat, direction)
            while dropped and dropped[seat] >= 0:
                seat = step_active(self.active, seat, direction)
        return seat

    def in_deal(self) -> list[int]:
        """The seats still playing the deal: in the game, and not dropped out of it."""
        dropped = self.deal.dropped
        return [
            s for s in range(self.seats) if self.active[s] and not (dropped and dropped[s] >= 0)
        ]

    def value(self, face: int) -> int:
        """The value of a card of ``face`` left in hand in this deal."""
        return self.rules.value(face, wild=face in self.deal.rules.wild_faces)

    def find(self, cards: Sequence[int], face: int) -> int | None:
        """The first physical card of ``face`` among ``cards``."""
        faces = self.faces
        for card in cards:
            if faces[card] == face:
                return card
        return None

    def count_face(self, cards: Sequence[int], face: int) -> int:
        """How many physical cards of ``face`` are among ``cards``."""
        faces = self.faces
        return sum(1 for card in cards if faces[card] == face)

    def hand_faces(self, seat: int) -> list[int]:
        """The faces in ``seat``'s hand, sorted."""
        faces = self.faces
        return sorted([faces[c] for c in self.deal.hands[seat]])

    def is_open(self, seat: int) -> bool:
        """Whether ``seat`` has opened (or, where one opening opens a team, a partner has)."""
        d = self.deal
        if d.down[seat]:
            return True
        play = self.rules.play
        return (
            play.teams
            and play.team_opening
            and any(d.down[o] for o in range(self.seats) if self.team[o] == self.team[seat])
        )
