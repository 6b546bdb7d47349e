"""The refusals of plays on the table: going down, new melds, lay-offs, a side's
melds, and what a play leaves in the hand (see :mod:`.refusals`).

They live apart from the modules that give them (:mod:`.melding`,
:mod:`.laying_off`, :mod:`.side_sets`), which share several.
"""

from __future__ import annotations

from .refusals import N_, refusal, refusal_kind

__all__: list[str] = []  # read as ``table_refusals.NAME`` by the engine's modules

# -- shared ----------------------------------------------------------------------

NO_MELD = refusal_kind("table.no_meld", (), N_("there is no meld {meld} on the table"))
NOT_WILD = refusal_kind("meld.not_wild", (), N_("{card} is not wild, so it stands only for itself"))
UNMELDABLE = refusal_kind(
    "meld.unmeldable", ("melds.unmeldable",), N_("{cards}: never melded in this variant")
)
NO_DISCARD_LEFT = refusal(
    "leave.no_discard", (), N_("you would be left with no card you may discard")
)

# -- a side's melds (side_sets) --------------------------------------------------

SECOND_SET = refusal_kind(
    "side.second_set",
    ("melds.set.one_per_rank",),
    N_("your side already has a set of {ranks}: add the cards to it"),
)
PAIR = refusal_kind(
    "side.pair_taken",
    ("draw.natural_pair",),
    N_("{card} was taken with a natural pair: meld it with two natural cards of its rank"),
)
PILE_OPENING = refusal(
    "side.pile_opening",
    ("opening.from_pile",),
    N_("an opening uses only the pile's top card and cards already in your hand"),
)
GOING_OUT_ONLY_NATURAL = refusal_kind(
    "side.going_out_only_natural",
    ("melds.going_out_only",),
    N_("{cards}: melded with no wild card"),
)
GOING_OUT_ONLY_SET = refusal_kind(
    "side.going_out_only_set",
    ("melds.going_out_only",),
    N_("{cards}: melded only in a set of their own rank, never in a run"),
)
GOING_OUT_ONLY_LAST = refusal_kind(
    "side.going_out_only_last",
    ("melds.going_out_only",),
    N_("{cards}: melded only by a player going out, as the last meld"),
)

# -- going down and new melds (melding) ------------------------------------------

_CONTRACT = ("deals.contract.type", "deals.contract.size")
NO_OPENING = refusal(
    "down.no_opening",
    ("opening.requirement",),
    N_("there is no opening in this variant: lay down melds with 'meld'"),
)
ALREADY_DOWN = refusal("down.already", (), N_("you have already gone down this deal"))
NAME_DOWN = refusal("down.name_melds", (), N_("name the melds you go down with"))
NOT_CONTRACT = refusal_kind(
    "down.not_contract", _CONTRACT, N_("these melds do not make the contract ({contract})")
)
NOT_CONTRACT_PART = refusal_kind(
    "down.not_contract_part",
    (*_CONTRACT, "contract.all_at_once"),
    N_("these melds do not make the contract or part of it ({contract})"),
)
SETS_SAME_RANK = refusal(
    "down.sets_same_rank",
    ("contract.sets_of_same_rank",),
    N_("a contract may not hold two sets of the same rank"),
)
RUNS_SAME_SUIT = refusal(
    "down.runs_same_suit",
    ("contract.same_suit_runs",),
    N_("a contract may not hold two runs of the same suit"),
)
RUNS_CONTINUE = refusal(
    "down.runs_continue",
    ("contract.same_suit_runs",),
    N_("two runs of one suit in a contract may not continue each other"),
)
MIN_POINTS = refusal_kind(
    "down.min_points",
    ("opening.min_points", "opening.min_points_by_total.points"),
    N_("an opening must be worth at least {least}; these melds are worth {worth}"),
)
OUT_BEFORE_CONTRACT = refusal(
    "down.out_before_contract",
    ("contract.all_at_once",),
    N_("you may go out only once the whole contract is down"),
)
FIRST_OUT_KEEP_ONE = refusal(
    "down.first_out_keep_one",
    ("deals.first_down_must_go_out", "deals.first_down_may_discard"),
    N_(
        "the first player to go down must go out in the same turn: keep at most one card, to discard"
    ),
)
FIRST_OUT = refusal(
    "down.first_out",
    ("deals.first_down_must_go_out",),
    N_("the first player to go down must go out in the same turn"),
)
MELD_THIS_TURN = refusal_kind(
    "down.meld_taken_this_turn",
    ("draw.discard_condition", "draw.deep_card_use"),
    N_("{card} must be melded this turn"),
)
OPEN_FIRST = refusal(
    "meld.open_first",
    ("opening.requirement",),
    N_("go down (open) before laying down other melds"),
)
NO_NEW_MELDS = refusal(
    "meld.no_new_melds",
    ("melding.new_melds_after_opening",),
    N_("no new melds after going down in this variant"),
)
MELD_NEXT_TURN = refusal(
    "meld.not_on_opening_turn",
    ("melding.lay_off.on_opening_turn",),
    N_("you may lay down more melds only from the turn after going down"),
)
NAME_MELD = refusal("meld.name", (), N_("name the meld to lay down"))
PER_TURN = refusal_kind(
    "meld.per_turn", ("melding.melds_per_turn",), N_("at most {count} new meld(s) a turn")
)
ALL_AT_ONCE = refusal(
    "meld.all_out",
    ("deals.all_out",),
    N_("in this deal you must lay down every card at once"),
)

# -- lay-offs (laying_off) -------------------------------------------------------

_TARGETS = ("melding.lay_off.targets",)
NO_LAYOFF = refusal("layoff.none", _TARGETS, N_("there is no laying off in this variant"))
LAYOFF_AFTER_DOWN = refusal(
    "layoff.after_going_down",
    ("melding.lay_off.before_opening",),
    N_("you may lay off only after going down"),
)
LAYOFF_NEXT_TURN = refusal(
    "layoff.not_on_opening_turn",
    ("melding.lay_off.on_opening_turn",),
    N_("you may lay off only from the turn after going down"),
)
OWN_ONLY = refusal("layoff.own_only", _TARGETS, N_("you may lay off only on your own melds"))
OWN_AND_PARTNER = refusal(
    "layoff.own_and_partner",
    _TARGETS,
    N_("you may lay off only on your own and your partner's melds"),
)
NOT_PARTNER = refusal(
    "layoff.not_partner",
    ("partnerships.build_on_partner_melds",),
    N_("you may not lay off on your partner's melds"),
)
LAYOFF_GOING_OUT_ONLY = refusal_kind(
    "layoff.going_out_only",
    ("melds.going_out_only",),
    N_("{card} is melded only by a player going out, never laid off"),
)
WILD_ONTO_CANASTA = refusal_kind(
    "layoff.wild_onto_canasta",
    ("melds.canasta_takes_wilds",),
    N_("meld {meld} is a canasta: it takes no more wild cards"),
)
TAKEN_ONTO_CANASTA = refusal_kind(
    "layoff.taken_onto_canasta",
    ("draw.natural_pair",),
    N_(
        "{card} came from the pile: lay it off only on a meld of your side that is not yet "
        "a canasta, or meld it with two natural cards of its rank"
    ),
)
FREED_NEW_MELD = refusal(
    "layoff.freed_new_meld_only",
    ("wilds.exchange.freed_wild_use",),
    N_("a wild freed from a meld may go only into a new meld"),
)
DOES_NOT_FIT = refusal_kind(
    "layoff.does_not_fit", (), N_("{card} does not fit meld {meld} ({cards})")
)
KEEP_TO_DISCARD = refusal(
    "leave.keep_card_to_discard",
    ("going_out.method",),
    N_("you must keep a card to discard: in this variant you go out by discarding"),
)
LAST_CARD_MELD = refusal(
    "leave.last_card_meld",
    ("going_out.method",),
    N_("your last card could not be melded: in this variant you go out by melding it"),
)

# -- rearranging the table (rearranging) -----------------------------------------

_REARRANGE = ("melding.rearrange_table",)
NO_REARRANGING = refusal(
    "rearrange.none", _REARRANGE, N_("melds on the table may not be rearranged in this variant")
)
#: The lay-off refusals a rearrangement shares, worded for it.
AS_REARRANGING = {
    LAYOFF_AFTER_DOWN.code: refusal(
        "rearrange.after_going_down",
        ("melding.lay_off.before_opening",),
        N_("you may rearrange the table only after going down"),
    ),
    LAYOFF_NEXT_TURN.code: refusal(
        "rearrange.not_on_opening_turn",
        ("melding.lay_off.on_opening_turn",),
        N_("you may rearrange the table only from the turn after going down"),
    ),
    OWN_ONLY.code: refusal(
        "rearrange.own_only", _TARGETS, N_("you may rearrange only on your own melds")
    ),
    OWN_AND_PARTNER.code: refusal(
        "rearrange.own_and_partner",
        _TARGETS,
        N_("you may rearrange only on your own and your partner's melds"),
    ),
    NOT_PARTNER.code: refusal(
        "rearrange.not_partner",
        ("partnerships.build_on_partner_melds",),
        N_("you may not rearrange on your partner's melds"),
    ),
}
NAME_TAKEN = refusal(
    "rearrange.name_taken", (), N_("name the table melds to take apart, each once")
)
NAME_NEW = refusal("rearrange.name_new", (), N_("name the new melds"))
LEFT_OUT = refusal_kind(
    "rearrange.left_out",
    _REARRANGE,
    N_("every card taken from the table must be laid again: {cards} is left out"),
)
FROM_HAND = refusal(
    "rearrange.from_hand",
    _REARRANGE,
    N_("a rearrangement lays at least one card from your hand"),
)
JOIN_SETS = refusal(
    "rearrange.join_sets",
    ("melds.set.join",),
    N_(
        "only sets of one rank of your side may be joined, laid again as one set with no "
        "card from your hand"
    ),
)
WILD_KEEPS = refusal_kind(
    "rearrange.wild_keeps",
    ("wilds.declared_identity",),
    N_(
        "{wild} on the table stands for {card}, and a melded wild keeps what it stands for "
        "in this variant"
    ),
)

# -- exchanging a wild (exchanging) ----------------------------------------------

NATURAL_FROM_HAND = refusal(
    "exchange.natural_from_hand",
    ("wilds.exchange.natural_from_hand",),
    N_("the natural card given for a wild must come from your hand"),
)
OTHER_MELD = refusal("exchange.other_meld", (), N_("take the natural card from another meld"))
NO_NATURAL = refusal_kind("exchange.no_natural", (), N_("meld {meld} has no natural {card}"))
SOURCE_BREAKS = refusal_kind(
    "exchange.source_breaks", (), N_("meld {meld} would be no meld without {card}")
)
NO_EXCHANGE = refusal(
    "exchange.none",
    ("wilds.exchange.allowed",),
    N_("melded wild cards stay where they are in this variant"),
)
_DOWN = ("wilds.exchange.player_down",)
EXCHANGE_AFTER_DOWN = refusal(
    "exchange.after_going_down", _DOWN, N_("only a player who has gone down may exchange")
)
EXCHANGE_EARLIER_TURN = refusal(
    "exchange.after_earlier_turn",
    _DOWN,
    N_("only a player who went down on an earlier turn may exchange"),
)
_FROM = ("wilds.exchange.from_melds",)
RUNS_ONLY = refusal("exchange.runs_only", _FROM, N_("wild cards may be taken only from runs"))
SETS_ONLY = refusal("exchange.sets_only", _FROM, N_("wild cards may be taken only from sets"))
_OWNER = ("wilds.exchange.from_owner",)
OTHERS_ONLY = refusal(
    "exchange.others_only", _OWNER, N_("wild cards may be taken only from other players' melds")
)
OWN_MELDS_ONLY = refusal(
    "exchange.own_only", _OWNER, N_("wild cards may be taken only from your own melds")
)
FREED_FIRST = refusal_kind(
    "exchange.meld_freed_first",
    ("wilds.exchange.use_same_turn",),
    N_("meld {card} first: it must be melded this turn"),
)
NATURAL_FOR_WILD = refusal(
    "exchange.natural_for_wild", (), N_("exchange a natural card for a wild")
)
NO_WILD_FOR = refusal_kind(
    "exchange.no_wild_for", (), N_("no wild card in meld {meld} stands for {card}")
)
ALL_MISSING_SUITS = refusal(
    "exchange.all_missing_suits",
    ("wilds.exchange.set_needs_all_missing_suits",),
    N_("a wild in a set is freed only by supplying every missing suit"),
)
FULL_SET_CLOSED = refusal(
    "exchange.full_set_closed",
    ("wilds.exchange.full_set_closed",),
    N_("a set holding every suit is closed: its wild is never taken"),
)
ONE_CARD_ONLY = refusal(
    "exchange.one_card_only",
    ("wilds.exchange.set_needs_all_missing_suits",),
    N_("this exchange gives one card only: the card the wild stands for"),
)
FREED_UNUSABLE = refusal(
    "exchange.freed_unusable",
    ("wilds.exchange.use_same_turn",),
    N_("the freed wild could not be used this turn"),
)
MUST_GO_DOWN = refusal(
    "exchange.must_go_down",
    ("wilds.exchange.forces_going_down",),
    N_("an exchange obliges you to go down this turn, and you could not"),
)
_CLAIM = ("wilds.exchange.claim_order",)
CLAIM_OR_PASS = refusal(
    "claim.exchange_or_pass",
    _CLAIM,
    N_("a wild card was just melded: claim it with an exchange, or pass"),
)
CLAIM_JUST_MELDED = refusal(
    "claim.just_melded_only", _CLAIM, N_("only a wild card just melded may be claimed now")
)

# -- knocking (knocking) ---------------------------------------------------------

_KNOCK = ("going_out.method",)
_LIMIT = ("going_out.knock.deadwood_limit",)
_DEFEND = ("going_out.knock.defender_lays_off",)
NOT_DURING_PLAY = refusal(
    "knock.melds_at_knock",
    ("melding.during_play",),
    N_("melds are laid only when the hand ends, by a knock, in this variant"),
)
NO_KNOCKING = refusal("knock.none", _KNOCK, N_("there is no knocking in this variant"))
NAME_KNOCK_DISCARD = refusal(
    "knock.name_discard",
    ("going_out.knock.big_gin",),
    N_("name the card you discard as you knock (there is no big gin here)"),
)
NOT_HELD_FOR = refusal_kind("knock.not_held_for", (), N_("you do not hold {card} for {meld}"))
BIG_GIN_LEAVES = refusal(
    "knock.big_gin_leaves_out",
    ("going_out.knock.big_gin",),
    N_("big gin lays every card of the hand in melds, and these melds leave some out"),
)
KNOCK_NEEDS_RUNS = refusal_kind(
    "knock.needs_runs",
    ("going_out.knock.needs.runs",),
    N_("a knock's melds must hold {runs} runs or more"),
)
KNOCK_NEEDS = refusal_kind(
    "knock.needs",
    ("going_out.knock.needs.runs", "going_out.knock.needs.pure_runs"),
    N_("a knock's melds must hold {runs} runs or more, {pure} of them with no wild card"),
)
GIN_ONLY = refusal_kind(
    "knock.gin_only",
    _LIMIT,
    N_("only gin may knock in this deal: your deadwood would be {deadwood}"),
)
GIN_LEFT_OVER = refusal_kind(
    "knock.gin_left_over",
    _LIMIT,
    N_("only gin may knock in this deal: {cards} would be left out of the melds"),
)
# The same, where the game calls a knock a declaration (``going_out.knock.word``).
DECLARE_NEEDS_RUNS = refusal_kind(
    "declare.needs_runs",
    ("going_out.knock.needs.runs",),
    N_("a declaration's melds must hold {runs} runs or more"),
)
DECLARE_NEEDS = refusal_kind(
    "declare.needs",
    ("going_out.knock.needs.runs", "going_out.knock.needs.pure_runs"),
    N_("a declaration's melds must hold {runs} runs or more, {pure} of them with no wild card"),
)
DECLARE_ALL = refusal_kind(
    "declare.all_melded",
    ("going_out.knock.word", *_LIMIT),
    N_("a declaration lays every card but the discard in melds: your deadwood would be {deadwood}"),
)
DECLARE_LEFT_OVER = refusal_kind(
    "declare.left_over",
    ("going_out.knock.word", *_LIMIT),
    N_("a declaration lays every card but the discard in melds: {cards} would be left out"),
)
DEADWOOD = refusal_kind(
    "knock.deadwood",
    _LIMIT,
    N_("your deadwood would be {deadwood}: you may knock with at most {limit}"),
)
NO_LAYOFF_ON_GIN = refusal("defend.gin", _DEFEND, N_("nothing may be laid off on gin"))
NO_DEFENDER_LAYOFF = refusal(
    "defend.no_layoff",
    _DEFEND,
    N_("in this variant nothing is laid off on the knocker's melds"),
)
DEFEND_WILDS = refusal("defend.wilds", _DEFEND, N_("wild cards are not laid off after a knock"))
KNOCKER_MELDS_ONLY = refusal(
    "defend.knocker_melds_only", _DEFEND, N_("lay off only on the knocker's melds")
)
DEFEND_NOT_FIT = refusal_kind("defend.does_not_fit", (), N_("{card} does not fit meld {meld}"))
DEFEND_ACTIONS = refusal(
    "defend.actions",
    (),
    N_("after a knock, lay down your melds, lay off on the knocker's melds, or end"),
)
