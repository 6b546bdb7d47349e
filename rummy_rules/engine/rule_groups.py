"""Groups of :class:`~.rules.PlayRules` fields compiled from one part of a
variant each: the knock and the drop, the wild-card exchange, the
Canasta family's keys, and calling the hand with its stakes.

Each group is a ``TypedDict`` whose items have the types of the
``PlayRules`` fields they fill: a misspelt key or a value of the wrong type
fails ``mypy --strict``, here and where a group is passed to ``PlayRules``."""

from __future__ import annotations

from typing import TypedDict

from ..cards import JOKER_FACE, RANK_ORDER, SUITS, face_of, rank_of
from ..spec.schema import VariantSpec, choices

__all__ = [
    "UNLIMITED",
    "CallGroup",
    "CanastaGroup",
    "EndGroup",
    "ExchangeGroup",
    "KnockGroup",
    "call_rules",
    "canasta_rules",
    "card_faces",
    "end_rules",
    "exchange_rules",
    "knock_rules",
    "new_melds_after_down",
    "wild_faces",
]

#: Stands for "no limit" in integer tables.
UNLIMITED = 10**6


class CanastaGroup(TypedDict):
    """The :class:`PlayRules` fields of the Canasta family's keys."""

    canasta_size: int
    going_out_canastas: int
    stop_faces: frozenset[int]
    one_card_pile: bool
    natural_pair: choices.NaturalPair
    opening_from_pile: choices.OpeningFromPile
    bonus_faces: frozenset[int]
    bonus_against: bool
    bonus_against_short: bool
    canasta_takes_wilds: bool
    cover_upcard: bool
    stock_cards: int
    going_out_only: frozenset[int]
    unmeldable: frozenset[int]
    going_out_natural: int
    going_out_mixed: int
    ask_partner: choices.AskPartner
    going_out_limited: bool
    stall_turns: int | None
    pile_cards: int
    foot_to_stock: bool
    must_take_lay_off: bool


class KnockGroup(TypedDict, total=False):
    """The :class:`PlayRules` fields of ``going_out.knock``, ``drop`` and the
    wall: those that apply to the file."""

    void_take_to_knock: bool
    void_at_turn_end: bool
    void_same_dealer: bool
    spade_upcard_factor: int
    deal_cap: int | None
    cut_wild: bool
    drop_first: int
    drop_middle: int
    wrong_declaration: int
    knocks: bool
    knock_any: bool
    knock_limit_upcard: bool
    knock_limit: int
    ace_upcard_gin_only: bool
    knock_lay_off: bool
    undercut_on_tie: bool
    big_gin: bool
    declares: bool
    knock_needs: tuple[int, int]
    count_all_without_needs: bool


class ExchangeGroup(TypedDict):
    """The :class:`PlayRules` fields of ``wilds.exchange``."""

    exchange: bool
    exchange_from: choices.ExchangeFrom
    exchange_player_down: choices.ExchangePlayerDown
    exchange_use_same_turn: bool
    exchange_use_first: bool
    exchange_owner: choices.ExchangeOwner
    exchange_all_missing_suits: bool
    exchange_full_set_closed: bool
    exchange_forces_down: bool
    exchange_natural_from_hand: bool
    claim_in_rotation: bool
    freed_new_meld_only: bool


class CallGroup(TypedDict):
    """The :class:`PlayRules` fields of ``going_out.call``, ``dealt_counts`` and ``scoring.stakes``."""

    call: bool
    call_waits_after_hit: bool
    dealt_counts: frozenset[int]
    stakes: tuple[int, int, int, int, int, int]


class EndGroup(TypedDict):
    """The :class:`PlayRules` fields of ``game_end``'s bonuses and games at once."""

    game_bonus: int
    hand_bonus: int
    shutout_factor: int
    games_at_once: int
    gin_boxes: int
    undercut_boxes: int


def card_faces(codes: list[str]) -> list[int]:
    """The faces of card codes written rank then suit (``3H``)."""
    return [face_of(RANK_ORDER[code[:-1]], SUITS.index(code[-1])) for code in codes]


def canasta_rules(spec: VariantSpec) -> CanastaGroup:
    """The :class:`PlayRules` fields of the Canasta family's keys."""
    return {
        "canasta_size": spec.melds.canasta_size or 0,
        "going_out_canastas": spec.going_out.canastas,
        "stop_faces": frozenset(card_faces(spec.draw.stop_cards)),
        "natural_pair": spec.draw.natural_pair,
        "one_card_pile": spec.draw.one_card_pile_with_one_card,
        "opening_from_pile": spec.opening.from_pile,
        "bonus_faces": frozenset(card_faces(spec.deck.bonus_cards)),
        "bonus_against": spec.scoring.bonus_cards_unopened == "against",
        "bonus_against_short": spec.scoring.bonus_cards_unopened == "against_without_canastas",
        "canasta_takes_wilds": spec.melds.canasta_takes_wilds,
        "cover_upcard": spec.table.cover_upcard,
        "stock_cards": spec.draw.stock_cards,
        "going_out_only": frozenset(card_faces(spec.melds.going_out_only)),
        "unmeldable": frozenset(card_faces(spec.melds.unmeldable)),
        "going_out_natural": spec.going_out.natural_canastas,
        "going_out_mixed": spec.going_out.mixed_canastas,
        "ask_partner": spec.going_out.ask_partner,
        "going_out_limited": spec.going_out.canastas > 0 or spec.going_out.ask_partner != "never",
        "stall_turns": spec.draw.stall_turns,
        "pile_cards": spec.draw.pile_cards or 0,
        "foot_to_stock": spec.stock_exhausted is not None and spec.stock_exhausted.foot_to_stock,
        "must_take_lay_off": spec.stock_exhausted is not None
        and spec.stock_exhausted.must_take == "lay_off",
    }


def knock_rules(spec: VariantSpec) -> KnockGroup:
    """The :class:`PlayRules` fields of ``going_out.knock`` (and the wall's
    ``void_take``): ``knocks`` where a deal ends by a knock, and its limit as
    a number (:data:`UNLIMITED` for any deadwood, with ``knock_any``), or
    ``knock_limit_upcard`` for the first upcard's value."""
    knock = spec.going_out.knock
    stock = spec.stock_exhausted
    out: KnockGroup = {
        "void_take_to_knock": stock is not None and stock.void_take == "to_knock",
        "void_at_turn_end": stock is not None and stock.void_take == "none",
        "void_same_dealer": stock is not None and stock.void_dealer == "same",
        "spade_upcard_factor": spec.scoring.spade_upcard_factor,
        "deal_cap": spec.scoring.deal_cap,
        "cut_wild": spec.deck.cut_wild,
    }
    drop = spec.going_out.drop
    if drop is not None:
        out["drop_first"] = -1 if drop.first is None else drop.first
        out["drop_middle"] = -1 if drop.middle is None else drop.middle
    if knock is None:
        return out
    if knock.wrong_declaration is not None:
        out["wrong_declaration"] = knock.wrong_declaration
    limit = knock.deadwood_limit
    out["knocks"] = True
    out["knock_any"] = limit == "any"
    out["knock_limit_upcard"] = limit == "upcard"
    out["knock_limit"] = (
        int(limit) if isinstance(limit, int) else UNLIMITED if limit == "any" else 0
    )
    out["ace_upcard_gin_only"] = knock.ace_upcard == "gin_only"
    out["knock_lay_off"] = knock.defender_lays_off
    out["undercut_on_tie"] = knock.undercut == "equal_or_lower"
    out["big_gin"] = knock.big_gin
    out["declares"] = knock.word == "declare"
    if knock.needs is not None:
        out["knock_needs"] = (knock.needs.runs, knock.needs.pure_runs)
        out["count_all_without_needs"] = knock.count_all_without_needs
    return out


def exchange_rules(spec: VariantSpec) -> ExchangeGroup:
    """The :class:`PlayRules` fields of ``wilds.exchange``."""
    exchange = spec.wilds.exchange
    return {
        "exchange": bool(exchange.allowed),
        "exchange_from": exchange.from_melds,
        "exchange_player_down": exchange.player_down,
        "exchange_use_same_turn": exchange.use_same_turn,
        "exchange_use_first": exchange.freed_wild_first,
        "exchange_owner": exchange.from_owner,
        "exchange_all_missing_suits": exchange.set_needs_all_missing_suits,
        "exchange_full_set_closed": exchange.full_set_closed,
        "exchange_forces_down": exchange.forces_going_down,
        "exchange_natural_from_hand": exchange.natural_from_hand,
        "claim_in_rotation": exchange.claim_order == "first_in_rotation",
        "freed_new_meld_only": exchange.freed_wild_use == "new_meld_only",
    }


def call_rules(spec: VariantSpec) -> CallGroup:
    """Calling the hand, a win on the deal and stakes (Tonk): the
    :class:`PlayRules` fields of ``going_out.call``, ``going_out.dealt_counts``
    and ``scoring.stakes``."""
    call = spec.going_out.call
    stakes = spec.scoring.stakes
    return {
        "call": call is not None,
        "call_waits_after_hit": call is not None and call.after_hit == "wait_a_turn",
        "dealt_counts": frozenset(spec.going_out.dealt_counts),
        "stakes": (
            stakes.out,
            stakes.out_without_discard,
            stakes.dealt,
            stakes.call,
            stakes.caught,
            stakes.lowest,
        ),
    }


def end_rules(spec: VariantSpec) -> EndGroup:
    """The :class:`PlayRules` fields of the end-of-game bonuses and of games
    scored at once (``game_end``)."""
    end = spec.game_end
    return {
        "game_bonus": end.game_bonus,
        "hand_bonus": end.hand_bonus,
        "shutout_factor": end.shutout_factor,
        "games_at_once": end.games_at_once,
        "gin_boxes": end.gin_boxes,
        "undercut_boxes": end.undercut_boxes,
    }


def new_melds_after_down(spec: VariantSpec) -> bool:
    """Whether a player who is down may lay new melds on later turns: the file
    says so, or every turn may open (``opening.once_per_deal: false``)."""
    return spec.melding.new_melds_after_opening or not spec.opening.once_per_deal


def wild_faces(spec: VariantSpec, deal_index: int) -> frozenset[int]:
    """The faces that are wild in deal ``deal_index`` (jokers, wild ranks, wild cards)."""
    faces: set[int] = set()
    if spec.deck.joker_role == "wild":
        faces.add(JOKER_FACE)
    ranks = {RANK_ORDER[r] for r in spec.deck.wild_ranks}
    if spec.deck.wild_rank_follows_deal:
        ranks.add(deal_index % 13)
    for face in range(52):
        if rank_of(face) in ranks:
            faces.add(face)
    faces.update(card_faces(spec.deck.wild_cards))
    return frozenset(faces)
