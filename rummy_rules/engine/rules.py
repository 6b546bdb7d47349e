"""Compile a validated variant into the plain, frozen rules the engine reads.

The engine, the meld solver and the bots never touch Pydantic objects: they
read :class:`Rules`, made once per variant and player count by
:func:`compile_rules`. Everything here is a frozen dataclass of ints, strings
and tuples, with tables precomputed for the hot paths.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..cards import (
    FACES,
    JOKER,
    JOKER_FACE,
    RANK_ORDER,
    RANKS,
    SKIP_FACE,
    CardNames,
    Pack,
    rank_of,
)
from ..spec.schema import VariantSpec, choices, evaluate_count
from .rule_groups import (
    UNLIMITED,
    call_rules,
    canasta_rules,
    end_rules,
    exchange_rules,
    knock_rules,
    new_melds_after_down,
    wild_faces,
)

__all__ = [
    "UNLIMITED",
    "ContractPart",
    "DealRules",
    "MeldRules",
    "PlayRules",
    "Rules",
    "card_names",
    "compile_meld_rules",
    "compile_rules",
]


#: The longest meld any rule can make (a run A..A, or a set from many decks).
_MAX_LEN = 64


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What counts as a meld, and how wild cards may be used in one."""

    set_min: int
    set_max: int
    set_suits: choices.SetSuits
    set_wilds: bool
    run_min: int
    run_max: int
    ace: choices.RunAce
    run_wilds: bool
    wild_caps: tuple[int, ...]
    """``wild_caps[length]``: the most wild cards in a meld of that length."""
    versus_naturals: choices.WildsVersusNaturals
    adjacent_wilds: bool
    jokers_natural: bool
    joker_set_min: int
    same_suit_runs: choices.SameSuitRuns
    sets_of_same_rank: choices.SetsOfSameRank
    long_meld_counts_once: bool = True
    """``False``: one long meld may stand for several contract melds of its kind."""
    run_any_suit: bool = False
    """``melds.run.suits: any``: the cards of a run may be of different suits."""
    pair_ranks: frozenset[int] = frozenset()
    """``melds.set.pair_ranks``: ranks (0 = ace .. 12 = king) of which two cards are a set."""
    ranks: int = 13
    """Ranks per suit in the pack: 13, or a numbered pack's highest number (ranks
    ``0 .. ranks - 1``; no card, wild cards included, stands for a rank beyond)."""
    skip_face: int = -1
    """The face of the pack's skip cards (never melded), or -1 where there are none."""
    numbered: bool = False
    """Whether the pack is numbered (``deck.numbered``): its runs go up from 1."""
    colour_min: int = 0
    """``melds.colour``: the fewest cards in a colour meld (0: there are no colour melds)."""
    colour_max: int = 0
    """The most cards in a colour meld."""
    colour_wilds: bool = True
    """Whether wild cards may be used in colour melds."""
    runs: bool = True
    """``melds.run.allowed``: whether runs are melds (``False``: no run is valid,
    and ``run_min`` is beyond any hand so that no search builds one)."""
    min_naturals: int = 0
    """``wilds.min_naturals``: the fewest natural cards in a meld."""
    one_set_per_rank: bool = False
    """``melds.set.one_per_rank``: a side has at most one set of each rank."""
    join_sets: bool = False  # melds.set.join: a side's sets of one rank may be joined
    own_place_natural: bool = False
    """``wilds.own_place_natural``: a wild-rank card standing for itself is natural there."""

    def set_min_of(self, rank: int) -> int:
        """The fewest cards in a set of ``rank`` (two for the pair ranks)."""
        return min(2, self.set_min) if rank in self.pair_ranks else self.set_min

    @property
    def fewest_in_meld(self) -> int:
        """The fewest cards in any set or run."""
        return min(self.set_min, self.run_min, 2 if self.pair_ranks else self.set_min)

    def wild_cap(self, length: int) -> int:
        """The most wilds allowed in a meld of ``length`` cards (caps only)."""
        return self.wild_caps[min(length, len(self.wild_caps) - 1)]

    def wilds_ok(self, length: int, wilds: int) -> bool:
        """Whether ``wilds`` wild cards may be in a meld of ``length`` cards."""
        if wilds > self.wild_cap(length):
            return False
        naturals = length - wilds
        if naturals < self.min_naturals:
            return False
        rule = self.versus_naturals
        if rule == "not_more":
            return wilds <= naturals
        if rule == "fewer":
            return wilds < naturals
        if rule == "at_least_one_natural":
            return naturals >= 1
        return True

    def run_values(self) -> range:
        """The position values a run may use: 1 = ace low … 13 = king, 14 = ace high
        (a numbered pack: 1 to its highest number)."""
        if self.ace == "low":
            return range(1, self.ranks + 1)
        if self.ace == "high":
            return range(2, 15)
        if self.ace == "low_or_high":
            return range(1, 15)
        return range(1, 27)  # wrap: values past 13 come round again

    def run_longest(self) -> int:
        """The longest run the ace rule and ``run_max`` allow (``low_or_high``: the
        ace at either end but not both, so A-K or 2-A at most)."""
        return min(13, self.ranks, self.run_max)


@dataclass(frozen=True, slots=True)
class ContractPart:
    """One meld a contract requires: ``kind`` is set, run or any."""

    kind: str
    size: int
    exact: bool


@dataclass(frozen=True, slots=True)
class DealRules:
    """One deal of the schedule, for a given player count."""

    number: int
    cards: int
    parts: tuple[ContractPart, ...]
    all_out: bool
    first_down_must_go_out: bool
    first_down_may_discard: bool
    """With ``first_down_must_go_out``: the last card may be discarded."""
    buy_limit: int | None
    wild_faces: frozenset[int]
    """Faces that are wild in this deal."""
    run_any_suit: bool = False
    """``melds.run.suits: any`` (for players planning their hands)."""
    pair_ranks: frozenset[int] = frozenset()
    """Ranks whose pair is a set when sets otherwise need more cards (for planning)."""
    new_melds_after_down: bool = False
    """A player who is down may lay new melds on later turns (for planning)."""
    knock_melds: MeldRules | None = None
    """In a knock game (``going_out.knock``), the meld rules, for players counting
    their deadwood (``None`` otherwise)."""
    knock_values: tuple[int, ...] = ()
    """In a knock game, each face's value in hand (index 52: the joker)."""
    knock_needs: tuple[int, int] = (0, 0)
    """In a knock game, the runs and pure runs a knock's melds must hold."""
    knock_any: bool = False
    """``knock.deadwood_limit: any``: a knock at any deadwood (Knock Rummy)."""
    call_values: tuple[int, ...] = ()
    """With ``going_out.call``: each face's value in hand (index 52: the joker),
    for players deciding whether to call; empty otherwise."""
    foot: int = 0
    foot_per_team: bool = False
    foot_morto: bool = False
    """``deals[].foot``: the cards of a foot (0: none); ``foot_per: team``;
    ``foot_word: morto`` (for the table's words)."""
    face_up_draw: bool = False
    """``draw.mode: turn_up``: cards come in face up and are taken only as the
    file allows (for players deciding what to take)."""
    min_points: int | None = None
    """``deals[].min_points``: the opening minimum of this deal (``None``: the variant's)."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a turn and a deal are played (the knobs the state machine reads)."""

    direction: int
    """+1 clockwise, -1 counter-clockwise (seat numbers rise clockwise)."""
    dealer_rotation: choices.DealerRotation
    cutter: choices.Cutter
    cut_feet: bool  # table.exact_cut: feet
    discard_pile: choices.DiscardPileDepth
    deep_take_all_above: bool
    deep_card_use: choices.DeepCardUse
    buying: bool
    buy_priority: choices.BuyPriority
    discarder_may_buy: bool
    buy_after_going_down: bool
    buy_cost: tuple[int, ...]
    """Penalty cards for a player's 1st, 2nd, … buy in a deal (the last repeats)."""
    buy_points: int
    buy_short_stock: choices.BuyShortStock
    """``no_buy`` or ``pay_what_is_left``: when the stock cannot pay the penalty cards."""
    buy_current_player: choices.BuyCurrentPlayer
    """``free_priority``, ``veto`` (the player in turn may refuse a buy) or
    ``may_give_draw`` (they may hand the card they drew to the buyer as the penalty)."""
    buyer_discards: bool
    """Whether a buyer discards one card at once."""
    buy_before_draw: bool
    block_call: bool
    """``buying.block_call``: the player in turn may draw with ``block``, opening no buy window."""
    """``buying.window: until_next_draw``: buys are settled once the player in
    turn has chosen the stock and before their card is drawn."""
    buy_limit_deal: int | None
    buy_limit_game: int | None
    once_per_deal: bool
    lay_off_on_opening_turn: bool
    not_just_taken: choices.NotJustTaken
    just_taken_face: bool
    """``discard.not_just_taken_match: face``: the taken card's twin is barred too."""
    wild_discard: choices.WildDiscard
    take_discarded_wild: bool
    exchange: bool
    exchange_from: choices.ExchangeFrom
    exchange_player_down: choices.ExchangePlayerDown
    exchange_use_same_turn: bool
    exchange_use_first: bool
    """``wilds.exchange.freed_wild_first``: the freed wild before any other play."""
    exchange_owner: choices.ExchangeOwner  # wilds.exchange.from_owner: any, others or own
    exchange_all_missing_suits: bool
    exchange_full_set_closed: bool  # wilds.exchange.full_set_closed
    exchange_forces_down: bool
    """Whether a player not yet down who exchanges must go down that turn."""
    exchange_natural_from_hand: bool
    """Whether the natural card given for a wild comes from the hand (else also a meld)."""
    rearrange: bool
    """``melding.rearrange_table``: melds on the table may be taken apart and laid again."""
    take_back: bool
    """``melding.take_back: this_turn``: the player in turn may ``undo`` a card play."""
    claim_in_rotation: bool
    """``wilds.exchange.claim_order: first_in_rotation``: claims out of turn, in order."""
    freed_new_meld_only: bool
    """Whether a freed wild may go only into a new meld (never be laid off)."""
    stock_exhausted: choices.StockExhaustedAction
    blocked_after: int | None
    """Rebuilt stocks in a row without a meld or lay-off before the deal is blocked."""
    void_when_left: int
    """``stock_exhausted: void``: the stock size that cancels the deal (``void_take``)."""
    scoring_model: choices.ScoringModel
    bonuses: tuple[tuple[str, int, str], ...]
    """(event, points, to) for each bonus."""
    winner: choices.Winner
    opening: choices.OpeningRequirement = "contract"
    """contract, min_points or none."""
    opening_min: int = 0
    opening_steps: tuple[tuple[int, int], ...] = ()
    opening_wild_value: choices.OpeningWildValue = "represented"
    opening_values: tuple[int, ...] = ()
    """Card values for the opening count (index 52: joker)."""
    new_melds: bool = False
    """Whether a player who has opened may lay down new melds in later turns."""
    melds_per_turn: int | None = None
    lay_off_targets: choices.LayOffTargets = "any"
    lay_off_before_opening: bool = False
    lay_off_scores_for: choices.LayOffScoresFor = "meld_owner"
    discard_condition: choices.DiscardCondition = "none"
    going_out: choices.GoingOutMethod = "any"
    upcard: bool = True
    """Whether the top stock card is turned up to start the discard pile."""
    upcard_offer: choices.UpcardOffer = "first_player"
    """Who may take the upcard before play starts: ``first_player`` (as a normal
    draw), ``each_in_turn`` or ``non_dealer_then_dealer``."""
    discard_required: bool = True
    """Whether every turn ends with a discard (``False``: a player may ``end``
    the turn keeping every card)."""
    discards: bool = True
    """``discard.allowed``: there is a discard pile (``False``: nothing is ever
    discarded; a turn ends with ``end``)."""
    play_or_draw: bool = False
    """``draw.mode: play_or_draw``: a turn starts in the play phase and either plays
    cards to the table (then ends with ``end``) or draws one card, which ends it."""
    turn_up: bool = False
    """``draw.mode: turn_up``: a draw turns the top stock card face up onto the
    discard pile, where the player may take it (as the discard) or pass."""
    force: bool = False
    """``draw.force: may``: a player who leaves a card on the pile that the next
    player could lay off may force that player to take it."""
    playable_penalty: int = 0
    """Cards from the stock for discarding a card one could lay off
    (``discard.playable: penalty``); 0: such a discard is allowed."""
    wild_reposition: choices.WildReposition = "none"
    """``none``, ``slide_to_end`` or ``slide_to_end_once``: whether the natural card
    for a wild inside a run may take its place, the wild moving to an end."""
    wild_identity: choices.WildIdentity = "fixed"
    """``fixed`` or ``may_change``: whether a melded wild may change the card it
    stands for when the natural card is laid off in its place (runs and sets)."""
    buyer_waits: bool = True
    """Whether a buyer waits for their own turn to meld (``False``: they may lay down
    melds at once, out of turn, then ``end``)."""
    contract_at_once: bool = True
    """Whether a contract's melds are all laid down in one turn (``False``: over
    several turns, the player going down once the last part is laid)."""
    each_player: bool = False
    """``contract.progression: each_player``: each seat plays its own deal of the
    schedule, moving on after going down with it; the game ends after the deal in
    which someone goes down with the last."""
    first_player_extra_turn: bool = False
    """Whether the first player of each deal plays two turns in a row."""
    discard_after_going_down: bool = True
    """Whether a player who has gone down may still take discards."""
    push: bool = False
    """``draw.push``: a draw from the stock first pushes the top discard and a stock
    card to the next player."""
    last_card_discard: choices.LastCardDiscard = "forbidden"
    """With ``must_meld_last``: ``forbidden``, or ``play_on`` (discarding it goes on)."""
    last_card_kept: bool = False
    """Whether a player's last card may not be discarded (``must_meld_last``, ``forbidden``)."""
    melded_wild_value: choices.MeldedWildValue = "represented"
    ace_low_in_run: int | None = None
    multipliers: tuple[tuple[str, int], ...] = ()
    game_end: choices.GameEndKind = "fixed_deals"
    target_score: int | None = None
    elimination_at: int | None = None
    buy_backs: int = 0
    buy_back_total: choices.BuyBackTotal = "highest_remaining"
    """``highest_remaining`` or ``zero``: the total a player who buys back re-enters with."""
    ties: choices.Ties = "shared"
    teams: bool = False
    """Fixed pairs: seat s partners seat s + players / 2 (partners sit opposite)."""
    partner_melds: bool = True
    team_scoring: bool = True
    team_opening: bool = False
    during_play: bool = True
    """``melding.during_play``: melds are laid during play (``False``: only at a knock)."""
    knocks: bool = False
    knock_limit: int = 0
    knock_limit_upcard: bool = False
    knock_any: bool = False
    """``going_out.knock``: a deal ends by a knock; ``deadwood_limit`` as a number
    (:data:`UNLIMITED` with ``any``: ``knock_any``), or ``upcard`` (each deal's own)."""
    knock_lay_off: bool = True
    """Whether the other player may lay off on the knocker's melds (never on gin)."""
    void_take_to_knock: bool = False
    """``void_take: to_knock``: at the void limit, the discard is taken only to knock."""
    void_at_turn_end: bool = False
    """``void_take: none``: a turn that ends with the stock at the void limit cancels the deal."""
    void_same_dealer: bool = False
    """``void_dealer: same``: the dealer of a cancelled deal deals again."""
    undercut_on_tie: bool = True
    """``undercut: equal_or_lower``: equal deadwood undercuts the knocker."""
    big_gin: bool = False
    ace_upcard_gin_only: bool = True
    """``knock.ace_upcard: gin_only``: an ace as the first upcard allows gin only."""
    knock_needs: tuple[int, int] = (0, 0)
    """``going_out.knock.needs``: the runs, and pure runs, a knock's melds must hold."""
    count_all_without_needs: bool = False
    declares: bool = False
    """``knock.word: declare``: the game's word for a knock (what people read;
    the notation always writes ``knock``)."""
    deal_cap: int | None = None
    """``scoring.deal_cap``: the most penalty points a player scores in a deal."""
    drop_first: int = -1
    drop_middle: int = -1
    wrong_declaration: int = -1
    """Costs of a first, a middle drop and a wrong knock; -1: not allowed (refused)."""
    call: bool = False
    """``going_out.call``: a player may call the hand before drawing (Tonk's drop)."""
    call_waits_after_hit: bool = False
    """``going_out.call.after_hit: wait_a_turn``: a player hit may not call next turn."""
    dealt_counts: frozenset[int] = frozenset()
    """``going_out.dealt_counts``: the dealt counts that win the deal at once."""
    stakes: tuple[int, int, int, int, int, int] = (1, 2, 2, 1, 2, 1)
    """``scoring.stakes``: out, out without a discard, dealt, call, caught, lowest."""
    buy_back_limit: int | None = None
    canasta_size: int = 0
    going_out_canastas: int = 0
    stop_faces: frozenset[int] = frozenset()
    natural_pair: choices.NaturalPair = "never"
    opening_from_pile: choices.OpeningFromPile = "any"
    """``melds.canasta_size`` (0: none), ``going_out.canastas``, ``draw.stop_cards``,
    ``draw.natural_pair``, ``opening.from_pile``."""
    bonus_faces: frozenset[int] = frozenset()
    bonus_against: bool = False
    bonus_against_short: bool = False
    canasta_takes_wilds: bool = True
    cover_upcard: bool = False
    stock_cards: int = 1
    going_out_only: frozenset[int] = frozenset()
    unmeldable: frozenset[int] = frozenset()
    going_out_natural: int = 0
    going_out_mixed: int = 0
    ask_partner: choices.AskPartner = "never"
    going_out_limited: bool = False
    foot_to_stock: bool = False
    must_take_lay_off: bool = False
    stall_turns: int | None = None
    pile_cards: int = 0
    one_card_pile: bool = True
    """Above: ``deck.bonus_cards``, ``scoring.bonus_cards_unopened``, ``melds.canasta_takes_wilds``,
    ``table.cover_upcard``, ``draw.stock_cards``, ``melds.going_out_only``, ``unmeldable``,
    ``going_out.*_canastas``, ``ask_partner``, ``stock_exhausted.foot_to_stock``, ``must_take``,
    ``draw.stall_turns``, ``pile_cards`` (0: none), ``one_card_pile_with_one_card``."""
    cut_wild: bool = False
    """``deck.cut_wild``: a card turned up after the deal makes its rank wild."""
    spade_upcard_factor: int = 1
    game_bonus: int = 0
    hand_bonus: int = 0
    shutout_factor: int = 1
    games_at_once: int = 1
    gin_boxes: int = 1
    undercut_boxes: int = 1
    """``game_end``: bonuses, ``games_at_once`` (Hollywood: 3), ``gin_boxes``, ``undercut_boxes``."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs about a variant for one player count."""

    variant_id: str
    players: int
    pack: Pack
    melds: MeldRules
    deals: tuple[DealRules, ...]
    card_values: tuple[int, ...]
    """Penalty/score value of each face (index 52: joker)."""
    wild_rank_value: int | None
    play: PlayRules
    names: CardNames = field(default_factory=CardNames)
    """How the pack writes its cards for people (records use the canonical notation)."""
    repeats: tuple[DealRules, ...] = ()
    """With ``deck.wild_rank_follows_deal``: the last deal as it repeats past the
    schedule, one per wild rank (deal index modulo 13); empty otherwise."""

    def deal(self, index: int) -> DealRules:
        """The rules of deal ``index`` (from 0); past the schedule the last deal
        repeats (with the wild rank of its own deal number, where it follows it)."""
        if index >= len(self.deals) and self.repeats:
            return self.repeats[index % len(self.repeats)]
        return self.deals[min(index, len(self.deals) - 1)]

    def value(self, face: int, *, wild: bool) -> int:
        """The value of a card of ``face`` held in hand (``wild``: wild in this deal)."""
        if wild and face != JOKER_FACE and self.wild_rank_value is not None:
            return self.wild_rank_value
        return self.card_values[face]


def compile_meld_rules(spec: VariantSpec) -> MeldRules:
    """The meld rules of ``spec``."""
    s = spec.melds.set
    r = spec.melds.run
    c = spec.melds.colour
    caps = []
    for length in range(_MAX_LEN + 1):
        cap = spec.wilds.cap_for_length(length) if length >= 2 else 0
        caps.append(UNLIMITED if cap is None else cap)
    return MeldRules(
        set_min=s.min_size,
        set_max=s.max_size if s.max_size is not None else _MAX_LEN,
        set_suits=s.suits,
        set_wilds=s.wilds_allowed,
        run_min=r.min_size if r.allowed else _MAX_LEN + 1,
        run_max=r.max_size if r.max_size is not None else _MAX_LEN,
        ace=r.ace,
        run_wilds=r.wilds_allowed,
        wild_caps=tuple(caps),
        versus_naturals=spec.wilds.versus_naturals,
        adjacent_wilds=spec.wilds.adjacent_allowed,
        jokers_natural=spec.deck.joker_role == "natural",
        joker_set_min=spec.melds.joker_set_min_size,
        same_suit_runs=spec.contract.same_suit_runs,
        sets_of_same_rank=spec.contract.sets_of_same_rank,
        long_meld_counts_once=spec.contract.long_meld_counts_once,
        run_any_suit=spec.melds.run.suits == "any",
        pair_ranks=frozenset(RANK_ORDER[r] for r in s.pair_ranks),
        ranks=spec.deck.numbered.highest if spec.deck.numbered is not None else 13,
        skip_face=SKIP_FACE if spec.deck.numbered is not None and spec.deck.numbered.skips else -1,
        numbered=spec.deck.numbered is not None,
        colour_min=c.min_size if c is not None else 0,
        colour_max=(c.max_size or _MAX_LEN) if c is not None else 0,
        colour_wilds=c.wilds_allowed if c is not None else False,
        runs=r.allowed,
        min_naturals=spec.wilds.min_naturals,
        one_set_per_rank=s.one_per_rank,
        join_sets=s.join,
        own_place_natural=spec.wilds.own_place_natural,
    )


def compile_rules(spec: VariantSpec, players: int) -> Rules:
    """Compile ``spec`` for ``players`` players.

    Raises ``ValueError`` if the variant does not allow that many players.
    """
    if not spec.players.min <= players <= spec.players.max:
        raise ValueError(
            f"{spec.name} is for {spec.players.min}-{spec.players.max} players, not {players}"
        )
    decks = evaluate_count(spec.deck.decks, players) or 0
    jokers = evaluate_count(spec.deck.jokers, players, decks=decks) or 0
    numbered = spec.deck.numbered
    highest, skip_count = (numbered.highest, numbered.skips) if numbered is not None else (13, 0)
    skips = skip_count > 0
    knock = knock_rules(spec)
    deals = []
    knocking = spec.going_out.knock is not None
    meld_rules = compile_meld_rules(spec)
    values = _values(spec.scoring.card_values, skips=skips)
    sets = spec.melds.set
    pair_ranks = frozenset(RANK_ORDER[r] for r in sets.pair_ranks if sets.min_size > 2)
    for index, deal in enumerate(spec.deals):
        # Going out only all at once makes every deal an all-out deal.
        all_out = deal.all_out or spec.going_out.method == "all_at_once"
        default_exact = spec.contract.exactness == "exact" and not all_out
        if deal.exact is not None:
            default_exact = deal.exact
        parts = tuple(
            ContractPart(p.type, p.size, p.exact if p.exact is not None else default_exact)
            for p in deal.contract
        )
        deals.append(
            DealRules(
                number=index + 1,
                cards=evaluate_count(deal.cards, players) or 0,
                parts=parts,
                all_out=all_out,
                first_down_must_go_out=deal.first_down_must_go_out,
                first_down_may_discard=deal.first_down_must_go_out and deal.first_down_may_discard,
                buy_limit=deal.buy_limit,
                wild_faces=wild_faces(spec, index),
                run_any_suit=spec.melds.run.suits == "any",
                pair_ranks=pair_ranks,
                new_melds_after_down=new_melds_after_down(spec),
                knock_melds=meld_rules if knocking else None,
                knock_values=values if knocking else (),
                knock_needs=knock.get("knock_needs", (0, 0)),
                knock_any=knock.get("knock_any", False),
                call_values=values if spec.going_out.call is not None else (),
                foot=deal.foot,
                foot_per_team=deal.foot_per == "team",
                foot_morto=deal.foot_word == "morto",
                face_up_draw=spec.draw.mode == "turn_up",
                min_points=deal.min_points,
            )
        )
    return Rules(
        variant_id=spec.id,
        players=players,
        pack=Pack(decks, jokers, highest, skip_count),
        melds=meld_rules,
        deals=tuple(deals),
        card_values=values,
        wild_rank_value=spec.scoring.wild_rank_value,
        play=_compile_play(spec),
        names=card_names(spec),
        repeats=tuple(
            dataclasses.replace(deals[-1], wild_faces=wild_faces(spec, index))
            for index in range(13 if spec.deck.wild_rank_follows_deal else 0)
        ),
    )


def card_names(spec: VariantSpec) -> CardNames:
    """How ``spec``'s pack writes its cards for people."""
    numbered = spec.deck.numbered
    if numbered is None:
        return CardNames()
    marks = tuple(numbered.card_letters()) if numbered.letters is not None else ()
    return CardNames(tuple(numbered.colours), skips=numbered.skips > 0, marks=marks)


def _values(table: dict[str, int], *, skips: bool = False) -> tuple[int, ...]:
    values = [0] * FACES
    for face in range(52):
        values[face] = table.get(RANKS[rank_of(face)], 0)
    values[JOKER_FACE] = table.get(JOKER, 0)
    if skips:
        values[SKIP_FACE] = table.get("skip", 0)
    return tuple(values)


def _compile_play(spec: VariantSpec) -> PlayRules:
    buying = spec.buying
    opening = spec.opening
    melding = spec.melding
    scoring = spec.scoring
    end = spec.game_end
    cost = tuple(buying.cost.escalating or (buying.cost.penalty_cards,))
    stock = spec.stock_exhausted.action if spec.stock_exhausted else "reshuffle_keep_top"
    return PlayRules(
        direction=1 if spec.table.direction == "clockwise" else -1,
        dealer_rotation=spec.table.dealer_rotation,
        cutter=spec.table.cutter,
        cut_feet=spec.table.exact_cut == "feet",
        discard_pile=spec.draw.discard_pile,
        deep_take_all_above=spec.draw.deep_take_all_above,
        deep_card_use=spec.draw.deep_card_use,
        buying=buying.enabled,
        buy_priority=buying.priority,
        discarder_may_buy=buying.discarder_may_buy,
        buy_after_going_down=buying.after_going_down is not False,
        buy_cost=cost,
        buy_points=buying.cost.score_points,
        buy_short_stock=buying.cost.short_stock,
        buy_current_player=buying.current_player,
        buyer_discards=buying.buyer_discards,
        buy_before_draw=buying.window == "until_next_draw",
        block_call=buying.enabled and buying.block_call,
        buy_limit_deal=buying.limits.per_deal,
        buy_limit_game=buying.limits.per_game,
        once_per_deal=spec.opening.once_per_deal,
        lay_off_on_opening_turn=spec.melding.lay_off.on_opening_turn,
        not_just_taken=spec.discard.not_just_taken,
        just_taken_face=spec.discard.not_just_taken_match == "face",
        wild_discard=spec.wilds.discard,
        take_discarded_wild=spec.wilds.take_discarded,
        **exchange_rules(spec),
        rearrange=melding.rearrange_table,
        take_back=melding.take_back == "this_turn",
        wild_reposition=spec.wilds.reposition,
        wild_identity=spec.wilds.declared_identity,
        stock_exhausted=stock,
        blocked_after=spec.stock_exhausted.blocked_after if spec.stock_exhausted else 2,
        void_when_left=spec.stock_exhausted.void_when_left if spec.stock_exhausted else 0,
        scoring_model=scoring.model,
        bonuses=tuple((b.event, b.points, b.to) for b in scoring.bonuses),
        winner=end.winner,
        opening=opening.requirement,
        opening_min=opening.min_points or 0,
        opening_steps=tuple((step.at, step.points) for step in opening.min_points_by_total),
        opening_wild_value=opening.wild_value,
        opening_values=_values(opening.card_values or scoring.card_values),
        new_melds=new_melds_after_down(spec),
        melds_per_turn=melding.melds_per_turn,
        lay_off_targets=melding.lay_off.targets,
        lay_off_before_opening=melding.lay_off.before_opening,
        lay_off_scores_for=melding.lay_off.scores_for,
        discard_condition=spec.draw.discard_condition,
        going_out=spec.going_out.method,
        upcard=spec.table.upcard,
        upcard_offer=spec.table.upcard_offer,
        contract_at_once=spec.contract.all_at_once,
        each_player=spec.contract.progression == "each_player",
        buyer_waits=spec.buying.buyer_waits_for_turn,
        discard_required=spec.discard.required,
        discards=spec.discard.allowed,
        play_or_draw=spec.draw.mode == "play_or_draw",
        turn_up=spec.draw.mode == "turn_up",
        force=spec.draw.force == "may",
        playable_penalty=(
            spec.discard.playable_penalty_cards if spec.discard.playable == "penalty" else 0
        ),
        first_player_extra_turn=spec.table.first_player_extra_turn,
        **call_rules(spec),
        during_play=melding.during_play,
        **knock_rules(spec),
        **end_rules(spec),
        discard_after_going_down=spec.draw.discard_after_going_down,
        push=spec.draw.push,
        last_card_discard=spec.going_out.last_card_discard,
        last_card_kept=(
            spec.going_out.method == "must_meld_last"
            and spec.going_out.last_card_discard == "forbidden"
        ),
        melded_wild_value=scoring.melded_wild_value,
        ace_low_in_run=scoring.ace_low_in_run,
        multipliers=tuple((m.meld, m.factor) for m in scoring.multipliers),
        game_end=end.kind,
        target_score=end.target_score,
        elimination_at=end.elimination_at,
        buy_backs=end.buy_backs,
        buy_back_total=end.buy_back_total,
        buy_back_limit=end.buy_back_limit,
        **canasta_rules(spec),
        ties=end.ties,
        teams=spec.partnerships.teams == "fixed_pairs",
        team_opening=spec.partnerships.opening_per == "team",
        partner_melds=spec.partnerships.build_on_partner_melds,
        team_scoring=spec.partnerships.scoring == "team",
    )
