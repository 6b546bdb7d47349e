"""Positions that produce each refusal code, and the search that found them.

A case is a game of a variant (with ``--set`` overrides) played by a seeded
random choice among the legal actions for ``plies`` actions; the refused
action is then tried. :func:`position` rebuilds it; ``python -m
tests.refusal_cases`` searches shipped files (and the override sets
below) for a case of every code not yet in ``CASES`` and prints the lines to
add.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_cards
from rummy_rules.engine.actions import Action, parse_action
from rummy_rules.engine.melds import Meld
from rummy_rules.engine.refusals import Refusal, all_refusals
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState

from .test_canasta import ONE_CARD_PILE, SHORT

HOUSE = Path(__file__).resolve().parent.parent / "variants" / "house"


class Case(NamedTuple):
    """A position: ``variant`` with ``overrides`` for ``players``, dealt by
    ``seed`` (or stacked: ``hands`` gives seats their cards, ``upcard`` the
    first discard, ``stock`` the next cards), then ``moves`` played as
    written and ``plies`` random ones; ``action`` is then refused."""

    variant: str
    overrides: tuple[str, ...]
    players: int
    seed: int
    plies: int
    action: str
    hands: tuple[tuple[int, str], ...] = ()
    upcard: str = ""
    stock: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()


def position(case: Case) -> GameState:
    """The state just before ``case.action`` is tried."""
    if case.hands:
        from .engine_helpers import stacked_state

        state = stacked_state(
            _source(case.variant),
            case.players,
            dict(case.hands),
            upcard=case.upcard,
            stock=case.stock,
            overrides=case.overrides,
        )
    else:
        spec = load_variant(_source(case.variant), list(case.overrides))
        state = GameState(compile_rules(spec, case.players), seed=case.seed)
    for text in case.moves:
        state.apply(parse_action(text))
    rng = random.Random(case.seed)
    for _ in range(case.plies):
        state.apply(_choice(state, rng))
    return state


#: Indian Rummy hands of sets alone, kings wild (the cut card KS): no run to declare with.
_SETS_ONLY = "2H 2D 2S 5H 5D 5S 9C 9D 9S JH JD JS JC"

#: A Kalooki hand that goes down with a set of sevens and a run of clubs.
_KALOOKI_SET = "7H 7S 7D JK JC QC KC 2D 4S 6H 8C 9D 10S"

#: Conquian's first player (a run to be, a pair of nines, a 5D that fits A-4 of diamonds).
_CONQUIAN_FIRST = "AC 2C 3C 5D 6H 9H 9S 10H 4S 7S"


def dealt(
    variant: str,
    hand: str,
    action: str,
    *overrides: str,
    moves: tuple[str, ...] = ("draw",),
    players: int = 2,
    upcard: str = "KD",
    others: tuple[tuple[int, str], ...] = (),
    stock: tuple[str, ...] = (),
) -> Case:
    """A stacked case: the first player (seat 2, after dealer seat 1) holds
    ``hand``, plays ``moves``, then tries ``action``."""
    return Case(
        variant, overrides, players, 0, 0, action, ((1, hand), *others), upcard, stock, moves
    )


def _choice(state: GameState, rng: random.Random) -> object:
    """A random legal action, melding whenever the hand can (hands then empty,
    and the rules of going out are reached)."""
    legal = state.legal_actions()
    melding = [a for a in legal if a.kind in ("down", "knock", "meld", "layoff", "exchange")]
    return rng.choice(melding or legal)


def _source(variant: str) -> str:
    house = HOUSE / f"{variant}.yaml"
    return str(house) if house.exists() else variant


#: A position for each code: found by the search below, checked by tests/test_refusals.py.
CASES: dict[str, Case] = {
    "action.unknown": Case("basic-rummy", (), 6, 0, 1, "block"),
    "answer.not_asked": Case("basic-rummy", (), 6, 0, 1, "yes"),
    "buy.asked": Case("contract", ("buying.current_player=veto",), 5, 0, 12, "draw"),
    "buy.discard_held_before": Case(
        "contract", ("buying.buyer_discards=true",), 5, 0, 12, "discard 2C"
    ),
    "buy.discard_now": Case("contract", ("buying.buyer_discards=true",), 5, 0, 12, "draw"),
    "buy.no_window": Case("basic-rummy", (), 6, 0, 0, "pass"),
    "buy.window_open": Case("contract", (), 5, 0, 3, "draw"),
    "discard.buyer_out_of_turn": Case(
        "contract", ("buying.buyer_waits_for_turn=false",), 5, 0, 12, "discard AC"
    ),
    "discard.just_taken": Case("basic-rummy", (), 6, 0, 1, "discard KH"),
    "discard.wild": Case("contract", ("wilds.discard=forbidden",), 5, 0, 6, "discard JK"),
    "discard.wild_last_card": Case(
        "contract", ("wilds.discard=last_card_only",), 5, 0, 6, "discard JK"
    ),
    "draw.first": Case("basic-rummy", (), 6, 0, 0, "end"),
    "draw.block_empty_stock": Case(
        "shanghai-block",
        (
            "players={min: 4, max: 4}",
            "stock_exhausted.action=meldable_discards_only",
            "deals.1.cards=25",
        ),
        4,
        0,
        34,
        "block",
    ),
    "draw.no_block_call": Case("basic-rummy", (), 6, 0, 0, "block"),
    "draw.stock_closed": Case("canasta-2p", (), 2, 1, 370, "draw"),
    "draw.upcard_offered": Case("gin", (), 2, 0, 0, "draw"),
    "drop.before_drawing": Case("indian-rummy", (), 6, 0, 3, "drop"),
    "drop.none": Case("basic-rummy", (), 6, 0, 1, "drop"),
    "end.discard_required": Case("basic-rummy", (), 6, 0, 1, "end"),
    "game.over": Case("basic-rummy", (), 6, 0, 152, "draw"),
    "hand.not_held": Case("basic-rummy", (), 6, 0, 1, "discard AC"),
    "take.after_going_down": Case(
        "contract", ("draw.discard_after_going_down=false",), 5, 0, 18, "take JS"
    ),
    "take.at_the_wall": Case("gin", ("stock_exhausted.void_take=to_knock",), 2, 0, 112, "take 2D"),
    "take.deep_meld_now": Case("contract-gamerules", (), 5, 0, 4, "take AS"),
    "take.deep_this_turn": Case(
        "contract-gamerules", ("draw.deep_card_use=this_turn",), 5, 0, 4, "take AS"
    ),
    "take.discarded_wild": Case("indian-rummy", (), 6, 2, 14, "take 2H"),
    "take.frozen_pile": Case("canasta-2p", (), 2, 0, 0, "take 10S"),
    "take.meld_now": Case("canasta-2p", (), 2, 0, 12, "take 7S"),
    "take.must_open": Case("kalooki", (), 5, 0, 3, "take 2S"),
    "take.natural_pair": Case("hand-and-foot", (), 4, 0, 0, "take QS"),
    "take.not_in_pile": Case("basic-rummy", (), 6, 0, 0, "take AC"),
    "take.one_card_pile": Case(
        "canasta-2p",
        SHORT,
        2,
        0,
        0,
        "take 9C",
        hands=((0, "QH QD 9C 5D"), (1, "9H 9S 9D KD")),
        upcard="4S",
        stock=("QS", "7H", "8H"),
        moves=ONE_CARD_PILE,
    ),
    "take.only_upcard": Case("gin", (), 2, 0, 0, "take AC"),
    "take.skip": Case("numbered-contract", (), 5, 0, 92, "take KC"),
    "take.stock_closed_meld_now": Case(
        "canasta-2p", ("stock_exhausted.must_take=never",), 2, 1, 371, "take 9C"
    ),
    "take.stock_only": Case("basic-rummy", ("draw.discard_pile=none",), 6, 0, 0, "take AC"),
    "take.stop_card": Case("canasta-2p", (), 2, 0, 19, "take 3C"),
    "take.top_only": Case("basic-rummy", (), 6, 0, 14, "take 9D"),
    "take.upcard_refused": Case("gin", (), 2, 0, 114, "take AC"),
    "take.whole_pile": Case("canasta-2p", (), 2, 0, 3, "take 10S"),
    "take.wild_with_pair": Case("canasta-2p", (), 2, 2, 244, "take 2C"),
    "turn.already_drawn": Case("basic-rummy", (), 6, 0, 1, "draw"),
    "turn.meld_taken_first": Case("canasta-2p", (), 2, 0, 7, "block"),
    "turn.open_first": Case("kalooki", (), 5, 0, 1, "block"),
    "discard.none": Case("rummikub", (), 4, 0, 0, "discard AC"),
    "call.none": Case("basic-rummy", (), 6, 0, 0, "call"),
    "force.none": Case("basic-rummy", (), 6, 0, 0, "force"),
    "declare.needs_runs": dealt(
        "indian-rummy",
        _SETS_ONLY,
        "knock QD with 2H 2D 2S / 5H 5D 5S / 9C 9D 9S / JH JD JS JC",
        "going_out.knock.wrong_declaration=null",
        "going_out.knock.needs.pure_runs=0",
        upcard="AC",
        stock=("KS", "QD"),
    ),
    "declare.needs": dealt(
        "indian-rummy",
        _SETS_ONLY,
        "knock QD with 2H 2D 2S / 5H 5D 5S / 9C 9D 9S / JH JD JS JC",
        "going_out.knock.wrong_declaration=null",
        upcard="AC",
        stock=("KS", "QD"),
    ),
    "declare.all_melded": dealt(
        "indian-rummy",
        "2H 3H 4H 5S 6S 7S 9C 9D 9S JH JD JS 8C",
        "knock QD with 2H 3H 4H / 5S 6S 7S / 9C 9D 9S / JH JD JS",
        "going_out.knock.wrong_declaration=null",
        upcard="AC",
        stock=("KS", "QD"),
    ),
    "declare.left_over": dealt(
        "indian-rummy",
        "2H 3H 4H 5S 6S 7S 9C 9D 9S JH JD JS KC",
        "knock QD with 2H 3H 4H / 5S 6S 7S / 9C 9D 9S / JH JD JS",
        "going_out.knock.wrong_declaration=null",
        upcard="AC",
        stock=("KS", "QD"),
    ),
    "force.not_now": Case("conquian", (), 2, 0, 0, "force"),
    "force.decide": dealt(
        "conquian",
        _CONQUIAN_FIRST,
        "discard 6H",
        moves=(
            "draw",
            "pass",
            "take 4D",
            "meld AD 2D 3D 4D",
            "discard 10S",
            "draw",
            "take 4C",
            "meld AC 2C 3C 4C",
            "discard 5D",
        ),
        upcard="",
        others=((0, "AD 2D 3D 6C 7C 8C 10S 10C 9C 5S"),),
        stock=("4D", "4C"),
    ),
    "turned.take_or_pass": dealt(
        "conquian", _CONQUIAN_FIRST, "draw", moves=("draw",), upcard="", stock=("8H",)
    ),
    "turned.only_that_card": dealt(
        "conquian", _CONQUIAN_FIRST, "take AD", moves=("draw",), upcard="", stock=("8H",)
    ),
    "call.before_drawing": Case(
        "tonk",
        (),
        3,
        0,
        0,
        "call",
        ((1, "KC 9D 5H 4S 2C"), (0, "QD 8C 3H 2S AS"), (2, "JS 7C 6D 4D 3C")),
        "9H",
        ("10H",),
        ("draw",),
    ),
    "call.after_hit": Case(
        "tonk",
        (),
        3,
        0,
        0,
        "call",
        ((1, "5H 6H 7H KC QC"), (0, "AD 2D 3D 4D 6C"), (2, "8H JS QS 10D 9S")),
        "KS",
        ("2C", "3C", "4C"),
        (
            "draw",
            "meld 5H 6H 7H",
            "discard KC",
            "draw",
            "layoff 8H@1",
            "discard JS",
            "draw",
            "discard 6C",
        ),
    ),
    "end.play_or_draw": Case("rummikub", (), 4, 0, 0, "end"),
    "turn.draw_not_pass": Case("rummikub", (), 4, 0, 0, "pass"),
    "turn.played_no_draw": Case("rummikub", (), 4, 0, 3, "draw"),
    "turn.stock_empty_pass": Case("rummikub", (), 4, 0, 136, "draw"),
    "undo.not_allowed": Case("basic-rummy", (), 6, 0, 1, "undo"),
    "undo.nothing": Case("canasta", ("melding.take_back=this_turn",), 4, 0, 1, "undo"),
    "use.deep_before_discard": Case(
        "contract-gamerules", ("draw.deep_card_use=this_turn",), 5, 0, 29, "discard AC"
    ),
    "use.deep_before_end": Case(
        "contract-gamerules", ("draw.deep_card_use=this_turn",), 5, 0, 29, "end"
    ),
    "use.freed_before_discard": Case("contract-gamerules", (), 5, 2, 129, "discard AC"),
    "use.freed_before_end": Case("contract-gamerules", (), 5, 2, 129, "end"),
    "ask.already": Case("canasta", (), 4, 0, 81, "ask"),
    "ask.answer": Case("canasta", (), 4, 0, 80, "draw"),
    "ask.none": Case("basic-rummy", (), 6, 0, 1, "ask"),
    "ask.side_may_not_go_out": Case("canasta", (), 4, 0, 2, "ask"),
    "ask.two_cards": Case("canasta", (), 4, 0, 44, "ask"),
    "defend.actions": Case("gin", (), 2, 1, 90, "draw"),
    "defend.does_not_fit": Case("gin", (), 2, 1, 90, "layoff 6C@1"),
    "defend.knocker_melds_only": Case("gin", (), 2, 1, 90, "layoff 6C@3"),
    "down.already": Case("canasta-2p", (), 2, 0, 2, "down KH KS 2S=KC / AC AD AH AS"),
    "down.min_points": Case(
        "canasta-2p", (), 2, 0, 242, "down QD QS 2D=QC / 10C 10C 10S 10S / 5D 5H 5S"
    ),
    "down.not_contract": Case("contract-gamerules", (), 5, 0, 180, "down AC AD AS / JC JD JH"),
    "pass.must_take": Case("canasta-2p", (), 2, 0, 407, "pass"),
    "exchange.after_earlier_turn": Case("contract-gamerules", (), 5, 2, 133, "exchange 4C@1"),
    "exchange.all_missing_suits": dealt(
        "kalooki",
        "7H 7S JK JC QC KC 2D 4S 6H 8C 9D 10S 3H",
        "exchange 7C@1",
        moves=("draw", "down 7H 7S JK=7C / JC QC KC"),
        stock=("7C",),
    ),
    "exchange.full_set_closed": dealt(
        "kalooki",
        _KALOOKI_SET,
        "exchange 7C@1",
        moves=("draw", "down 7H 7S 7D JK=7C / JC QC KC"),
        stock=("7C",),
    ),
    "exchange.one_card_only": dealt(
        "kalooki",
        _KALOOKI_SET,
        "exchange QC 7C@2",
        moves=("draw", "down 7H 7S 7D / JC JK=QC KC"),
        stock=("7C",),
    ),
    "exchange.meld_freed_first": Case("contract-gamerules", (), 5, 2, 129, "exchange 4C@4"),
    "exchange.natural_from_hand": Case("contract-gamerules", (), 5, 2, 126, "exchange 4C@4 from 1"),
    "exchange.no_wild_for": Case("contract-gamerules", (), 5, 2, 149, "exchange 7D@4"),
    "exchange.others_only": Case("contract-gamerules", (), 5, 2, 139, "exchange 4C@4"),
    "exchange.runs_only": Case("contract-gamerules", (), 5, 2, 126, "exchange 4C@1"),
    "going_out.canastas": Case("canasta-2p", (), 2, 0, 119, "layoff JD@3"),
    "going_out.natural_canastas": Case(
        "hand-and-foot", ("going_out.mixed_canastas=0",), 4, 0, 223, "layoff 7S@16"
    ),
    "going_out.mixed_canastas": Case("hand-and-foot-books", (), 4, 0, 115, "layoff JS@2"),
    "going_out.one_canasta": Case("canasta", (), 4, 2, 261, "layoff 7H@5"),
    "going_out.one_natural_canasta": dealt(
        "buraco",
        "AS 3S 4S 5S JK",
        "meld AS JK=2S 3S 4S 5S",
        "deals=[{cards: 5}]",
        "melds.canasta_size=5",
        "stock_exhausted.foot_to_stock=false",
        "table.exact_cut=deal",
        "scoring.bonuses=[]",
        players=4,
        upcard="",
        stock=("KH",),
    ),
    "knock.big_gin_leaves_out": Case("gin-big-gin", (), 2, 1, 89, "knock with 8C 8D 8H / 6D 6H 6S"),
    "knock.melds_at_knock": Case("gin", (), 2, 0, 1, "undo"),
    "knock.name_discard": Case("knock-rummy", (), 2, 1, 1, "knock with 10S JS QS"),
    "knock.not_held_for": Case("gin", (), 2, 1, 91, "meld 3C 3D 3H"),
    "layoff.after_going_down": Case("canasta-2p", (), 2, 0, 146, "layoff 6H@1"),
    "layoff.does_not_fit": Case("basic-rummy", (), 2, 1, 35, "layoff 4D@1"),
    "layoff.not_on_opening_turn": Case("contract-gamerules", (), 5, 0, 75, "layoff 3H@1"),
    "layoff.own_and_partner": Case("canasta", (), 4, 0, 8, "layoff 2S=7C@3"),
    "layoff.own_only": Case("canasta-2p", (), 2, 0, 7, "layoff KC@3"),
    "meld.joker_set_min": Case("persian", (), 4, 0, 84, "meld JK JK"),
    "meld.not_on_opening_turn": Case("contract-gamerules", (), 5, 0, 75, "meld 10C 10D"),
    "meld.open_first": Case("canasta-2p", (), 2, 0, 143, "meld 5C 5D"),
    "meld.pair_ranks": Case("ten-contracts", (), 8, 0, 164, "down 6D 6D / 9H 9H 9H"),
    "meld.per_turn": Case("basic-rummy", (), 6, 0, 2, "meld JH QH KH"),
    "meld.run_min": Case("basic-rummy", (), 6, 0, 1, "meld JH QH"),
    "meld.set_min": Case("basic-rummy", (), 2, 1, 181, "meld 9C 9D"),
    "meld.set_three_then_four_suits": Case(
        "progressive-parlett", (), 6, 2, 137, "down 3D 3S 3S 2C=3C"
    ),
    "side.going_out_only_last": Case("canasta-2p", (), 2, 3, 116, "meld 3C 3C 3S"),
    "side.pair_taken": Case("canasta-2p", (), 2, 2, 251, "meld QD QD JK=QC"),
    "side.pile_opening": Case(
        "canasta-2p", (), 2, 0, 244, "down QD QS 2D=QC JK=QH / 10C 10C 10S 10S / 5D 5H 5S"
    ),
    "side.second_set": Case("canasta-2p", (), 2, 0, 21, "meld 8S 8S 2D=8C"),
    "table.no_meld": Case("basic-rummy", (), 6, 0, 12, "layoff 10H@2"),
    "turn.meld_with_pair": Case("canasta-2p", (), 2, 0, 143, "layoff 5D@1"),
    "use.deep_no_longer": Case(
        "contract-gamerules", ("draw.deep_card_use=this_turn",), 5, 2, 167, "layoff JK=5S@3"
    ),
}

# -- stacked positions: written by hand for the codes the search does not reach --

_B = "basic-rummy"
_K = "contract"
_H = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH"
_JOKERS = ("deck.jokers=2", "scoring.card_values.joker=15")
_EXCHANGE = (*_JOKERS, "wilds.exchange.allowed=true")
_NO_BUY = "buying.enabled=false"
_SETS = "7H 7D 7S 8H 8D 8S 2C 3C 4C 5C"
_DOWN = ("draw", "down 7H 7D 7S / 8H 8D 8S")
_MELD = ("draw", "meld 2H 3H 4H")
_WILD_HAND = "2H JK 4H 3H 5H 6C 7C 8C 9S 10S"
_WILD_MELD = ("draw", "meld 2H JK=3H 4H")
_REARRANGE = "melding.rearrange_table=true"
_RUNS = "deals.1.contract=[{type: run, size: 4}, {type: run, size: 4}]"
_PAIRS = ("partnerships.teams=fixed_pairs", "players={min: 4, max: 4}")
_TEAM_HANDS = ((2, "5D 6D 7D 8D 9D 10D JD"), (3, "5C 6C 7C 8C 9C 10C JC"))
_TEAM_TURNS = ("draw", "meld 2H 3H 4H", "discard JH", "draw")
_NUMBERED = {"players": 4, "upcard": "5H"}
_DEFENDER = ((0, "6H 8S 8H QD QS AC AD 6D 4S 3S"),)
_ASKING = SHORT  # canasta-2p cut short, as in test_canasta
_ASK_TABLE: dict[str, Any] = {
    "players": 4,
    "upcard": "9C",
    "stock": ("KH", "QS", "JD", "10C"),
    "others": ((0, "4C 5D 6H 7S"), (2, "4D 5H 6S 7C"), (3, "4H 5S 6C 7D")),
}
_FORCES = (*_EXCHANGE, "deck.decks=2", "wilds.exchange.forces_going_down=true")
_TAKER = ((0, "3H 5D 6D 9S JH KD 2S 4C 9H 8C"),)
_EXCHANGED = (*_WILD_MELD, "discard 10S", "draw", "exchange 3H@1")
_FIRST = (*_EXCHANGE, "deck.decks=2", "wilds.exchange.use_same_turn=true")
_CLAIMS = (*_EXCHANGE, "deck.decks=2", "wilds.exchange.claim_order=first_in_rotation")

#: Samba with no opening minimum and one card drawn: short scenarios.
_SAMBA = (
    "opening.requirement=none",
    "opening.min_points=null",
    "opening.min_points_by_total=[]",
    "opening.from_pile=any",
    "draw.stock_cards=1",
)
_SAMBA_KINGS = "KD KD KD KH KH KC KC KS KS KH 5S"

STACKED: dict[str, Case] = {
    "side.going_out_only_set": dealt(
        "samba", "3S 4S 5S 3C 3C", "meld 3S 4S 5S", *_SAMBA, players=4, upcard="9C"
    ),
    "layoff.wild_onto_canasta": dealt(
        "samba",
        "KD KD KD KH KH KC KC 2C 5S",
        "layoff 2C=KS@1",
        *_SAMBA,
        moves=("draw", "meld KD KD KD KH KH KC KC"),
        players=4,
        upcard="9C",
    ),
    "take.pair_or_lay_off": dealt(
        "samba",
        "5H 6H 7H KD KC",
        "take KH",
        *_SAMBA,
        moves=("draw", "meld 5H 6H 7H", "discard KD", "draw", "discard KH"),
        players=4,
        upcard="9C",
        # every king of hearts elsewhere: p4 cannot hold a natural pair of them
        others=((0, "KH"), (2, "KH KH 4D 4S JD"), (3, "9S 10D JC QC 4H")),
    ),
    "layoff.taken_onto_canasta": dealt(
        "samba",
        _SAMBA_KINGS,
        "layoff KC@1",
        *_SAMBA,
        moves=(
            "draw",
            "meld KD KD KD KH KH KC KC / KS KS KH",
            "discard 5S",
            "draw",
            "discard KC",
            "take KC",
        ),
        players=4,
        upcard="9C",
        others=((2, "KC 4D 4S JD AC"), (3, "9S 10D JC QC 4H")),
    ),
    "down.meld_taken_this_turn": dealt(
        "canasta",
        "7H 7S KC KD KH AC AD AS 5C 9D 10D",
        "down KC KD KH / AC AD AS",
        moves=("take 7D",),
        players=4,
        upcard="7D",
    ),
    # meld shapes
    "meld.run_max": dealt(_B, _H, "meld 2H 3H 4H 5H 6H", "melds.run.max_size=4"),
    "meld.run_in_sequence": dealt(_B, _H, "meld 2H 3H 5H"),
    "meld.run_one_suit": dealt(_B, "2H 3C 4H 5H 6H 7H 8H 9H 10H JH", "meld 2H 3C 4H"),
    "meld.ace_low_only": dealt(_B, "QH KH AH 5H 6H 7H 8H 9H 10H JH", "meld QH KH AH"),
    "meld.ace_high_only": dealt(
        _B, "AH 2H 3H 5H 6H 7H 8H 9H 10H JH", "meld AH 2H 3H", "melds.run.ace=high"
    ),
    "meld.no_corner": dealt(
        _B, "KH AH 2H 5H 6H 7H 8H 9H 10H JH", "meld KH AH 2H", "melds.run.ace=low_or_high"
    ),
    "meld.set_max": dealt(
        _B, "7H 7D 7S 7C 7H 2C 3C 4C 5C 6C", "meld 7H 7D 7S 7C 7H", "deck.decks=2"
    ),
    "meld.set_distinct_suits": dealt(
        _B,
        "7H 7H 7S 7C 7D 2C 3C 4C 5C 6C",
        "meld 7H 7H 7S",
        "deck.decks=2",
        "melds.set.suits=distinct",
    ),
    "meld.set_exactly_three_suits": dealt(
        _B,
        "7H 7H 7S 7C 7D 2C 3C 4C 5C 6C",
        "meld 7H 7S 7C 7D",
        "deck.decks=2",
        "melds.set.suits=exactly_three",
    ),
    "meld.no_runs": dealt(_B, _H, "meld 2H 3H 4H", "melds.run.allowed=false"),
    "meld.not_wild": dealt(_B, _H, "meld 2H 3H 4H=5H"),
    "meld.set_wilds": dealt(
        _B,
        "7H 7S JK 2C 3C 4C 5C 6C 9D 10D",
        "meld 7H 7S JK=7D",
        *_JOKERS,
        "melds.set.wilds_allowed=false",
    ),
    "meld.run_wilds": dealt(
        _B,
        "7H 8H JK 2C 3C 4C 5C 6C 9D 10D",
        "meld 7H 8H JK=9H",
        *_JOKERS,
        "melds.run.wilds_allowed=false",
    ),
    "meld.adjacent_wilds": dealt(
        _B,
        "7H JK JK 2C 3C 4C 5C 6C 9D 10D",
        "meld 7H JK=8H JK=9H",
        *_JOKERS,
        "wilds.adjacent_allowed=false",
    ),
    "meld.wild_cap_one": dealt(
        _B,
        "7H 8H JK JK 3C 4C 5C 6C 9D 10D",
        "meld 7H 8H JK=9H JK=10H",
        *_JOKERS,
        "wilds.max_per_meld=1",
    ),
    "meld.wild_cap": dealt(
        _B,
        "7H 8H JK JK 2S 4C 5C 6C 9D 10D",
        "meld 7H JK=8H 9H JK=10H 2S=JH",
        *_JOKERS,
        "wilds.max_per_meld=2",
        "deck.wild_ranks=[2]",
    ),
    "meld.min_naturals": dealt(
        _B,
        "7H JK JK 2C 3C 4C 5C 6C 9D 10D",
        "meld 7H JK=8H JK=9H",
        *_JOKERS,
        "wilds.min_naturals=2",
    ),
    "meld.wilds_not_more": dealt(
        _B,
        "7H JK JK 2C 3C 4C 5C 6C 9D 10D",
        "meld 7H JK=8H JK=9H",
        *_JOKERS,
        "wilds.versus_naturals=not_more",
    ),
    "meld.wilds_fewer": dealt(
        _B,
        "7H 8H JK JK 3C 4C 5C 6C 9D 10D",
        "meld 7H 8H JK=9H JK=10H",
        *_JOKERS,
        "wilds.versus_naturals=fewer",
    ),
    "meld.one_natural": dealt(
        _B,
        "JK JK 2C 3C 4C 5C 6C 9D 10D 7S",
        "meld JK=7H JK=8H 2C=9H",
        *_JOKERS,
        "deck.wild_ranks=[2]",
        "wilds.versus_naturals=at_least_one_natural",
    ),
    "meld.no_joker_sets": dealt(
        _B,
        "JK JK JK 3C 4C 5C 6C 9D 10D 7S",
        "meld JK JK JK",
        "deck.jokers=3",
        "scoring.card_values.joker=15",
    ),
    "meld.jokers_not_wild": dealt(
        _B,
        "JK JK JK 3C 4C 5C 6C 9D 10D 7S",
        "meld JK=7S 7C 7D",
        "deck.jokers=3",
        "scoring.card_values.joker=15",
        "deck.joker_role=natural",
    ),
    "meld.joker_set_only_jokers": dealt(
        _B,
        "JK JK JK 3C 4C 5C 6C 9D 10D 7S",
        "meld JK JK 7S=JK",
        "deck.jokers=3",
        "scoring.card_values.joker=15",
        "deck.joker_role=natural",
    ),
    "meld.wild_stands_for_joker": dealt(
        _B, "JK JK 2C 3C 4C 5C 6C 9D 10D 7S", "meld 2C=JK 7S 7S", *_JOKERS, "deck.wild_ranks=[2]"
    ),
    "meld.skip": dealt("numbered-contract", "", "down KC 5H 5D / 6H 6D 6S", _NO_BUY, **_NUMBERED),
    "meld.numbers_up": dealt(
        "rummikub", "QC KC AC 10D JD QD", "down QC KC AC / 10D JD QD", moves=(), upcard=""
    ),
    "meld.beyond_highest": dealt(
        "numbered-contract", "", "down 10H JH QH KH / 6H 6D 6S", _NO_BUY, **_NUMBERED
    ),
    "meld.colour_min": dealt("colour-contract", "", "down colour 2H 5H", _NO_BUY, **_NUMBERED),
    "meld.colour_max": dealt(
        "colour-contract",
        "",
        "down colour 2H 3H 4H 5H 6H 7H 8H 9H 10H",
        _NO_BUY,
        "melds.colour.max_size=8",
        **_NUMBERED,
    ),
    "meld.colour_one_suit": dealt(
        "colour-contract", "", "down colour 2H 5H 9D 7H 8H 10H JH", _NO_BUY, **_NUMBERED
    ),
    "meld.colour_wilds": dealt(
        "colour-contract",
        "",
        "down colour 2H 5H 9H JK=7H 8H 10H JH",
        _NO_BUY,
        "melds.colour.wilds_allowed=false",
        **_NUMBERED,
    ),
    "meld.no_colour_melds": dealt(
        "numbered-contract", "", "down colour 2H 5H 9H 7H 8H 10H JH", _NO_BUY, **_NUMBERED
    ),
    # going down and new melds
    "down.no_opening": dealt(_B, _H, "down 2H 3H 4H"),
    "down.sets_same_rank": dealt(
        _K,
        "7H 7D 7S 7C 7H 7D 2C 3C 4C 5C",
        "down 7H 7D 7S / 7C 7H 7D",
        _NO_BUY,
        "contract.sets_of_same_rank=forbidden",
        players=4,
        upcard="9D",
    ),
    "down.runs_same_suit": dealt(
        _K,
        "2H 3H 4H 5H 6H 7H 8H 9H 10C 3C",
        "down 2H 3H 4H 5H / 6H 7H 8H 9H",
        _NO_BUY,
        _RUNS,
        "contract.same_suit_runs=forbidden",
        players=4,
        upcard="9D",
    ),
    "down.runs_continue": dealt(
        _K,
        "2H 3H 4H 5H 6H 7H 8H 9H 10C 3C",
        "down 2H 3H 4H 5H / 6H 7H 8H 9H",
        _NO_BUY,
        _RUNS,
        players=4,
        upcard="9D",
    ),
    "down.not_contract_part": dealt(
        _K, _SETS, "down 2C 3C 4C 5C", _NO_BUY, "contract.all_at_once=false", players=4, upcard="9D"
    ),
    "down.out_before_contract": dealt(
        _K,
        "7H 7H 7D 7D 7S 7S 7C 7C JK JK",
        "down 7H 7H 7D 7D 7S 7S 7C 7C JK=7S JK=7C JK=7D",
        _NO_BUY,
        "contract.all_at_once=false",
        "contract.exactness=minimum",
        players=4,
        upcard="JK",
        moves=("take JK",),
    ),
    "down.first_out": dealt(
        _K,
        "7H 7D 7S 8H 8D 8S 2C",
        "down 7H 7D 7S / 8H 8D 8S",
        _NO_BUY,
        "deals.1.cards=7",
        "contract.exactness=minimum",
        "deals.1.first_down_must_go_out=true",
        players=4,
        upcard="9D",
    ),
    "down.first_out_keep_one": dealt(
        _K,
        "7H 7D 7S 8H 8D 8S 2C 3C",
        "down 7H 7D 7S / 8H 8D 8S",
        _NO_BUY,
        "deals.1.cards=8",
        "contract.exactness=minimum",
        "deals.1.first_down_must_go_out=true",
        "deals.1.first_down_may_discard=true",
        players=4,
        upcard="9D",
    ),
    "end.first_down_goes_out": dealt(
        _K,
        "7H 7D 7S 8H 8D 8S",
        "end",
        _NO_BUY,
        "deals.1.cards=6",
        "deals.1.first_down_must_go_out=true",
        "deals.1.first_down_may_discard=true",
        players=4,
        upcard="9D",
        moves=_DOWN,
    ),
    "meld.no_new_melds": dealt(
        _K, _SETS, "meld 2C 3C 4C 5C", _NO_BUY, players=4, upcard="9D", moves=_DOWN
    ),
    "meld.all_out": dealt(
        _K,
        _SETS,
        "down 7H 7D 7S / 8H 8D 8S",
        _NO_BUY,
        "deals.1.all_out=true",
        players=4,
        upcard="9D",
    ),
    # lay-offs and rearranging
    "layoff.none": dealt(_B, _H, "layoff 5H@1", "melding.lay_off.targets=none", moves=_MELD),
    "layoff.not_partner": dealt(
        _B,
        "2H 3H 4H 5H 6H 7H JH",
        "layoff 5C@1",
        *_PAIRS,
        "partnerships.build_on_partner_melds=false",
        players=4,
        upcard="KC",
        others=_TEAM_HANDS,
        moves=(*_TEAM_TURNS, "discard JD", "draw"),
    ),
    "rearrange.none": dealt(_B, _H, "rearrange 1 into 2H 3H 4H 5H", moves=_MELD),
    "rearrange.left_out": dealt(_B, _H, "rearrange 1 into 3H 4H 5H", _REARRANGE, moves=_MELD),
    "rearrange.from_hand": dealt(_B, _H, "rearrange 1 into 2H 3H 4H", _REARRANGE, moves=_MELD),
    "take.only_barred_left": dealt(
        "basic-rummy",
        "7C",
        "take 7C",
        "deck.decks=2",
        "deals=[{cards: 1}]",
        "discard.not_just_taken=single_card_take",
        "discard.not_just_taken_match=face",
        upcard="7C",
        moves=(),
        stock=("KH", "QS"),
    ),
    "rearrange.join_sets": dealt(
        "samba",
        "KD KD KD KH KH KH KC 5S 6D",
        "rearrange 1,2 into KD KD KD KH KH KH KC 5S",
        "deals=[{cards: 9}]",
        "opening.requirement=none",
        "opening.min_points=null",
        "opening.min_points_by_total=[]",
        "draw.stock_cards=1",
        players=4,
        upcard="9C",
        moves=("draw", "meld KD KD KD", "meld KH KH KH KC"),
    ),
    "rearrange.name_taken": dealt(
        _B, _H, "rearrange 1,1 into 2H 3H 4H 5H", _REARRANGE, moves=_MELD
    ),
    "rearrange.after_going_down": dealt(
        _K, _SETS, "rearrange 1 into 2H 3H 4H 5H", _REARRANGE, _NO_BUY, players=4, upcard="9D"
    ),
    "rearrange.not_on_opening_turn": dealt(
        _K,
        _SETS,
        "rearrange 1 into 7H 7D 7S 7C",
        _REARRANGE,
        _NO_BUY,
        "melding.lay_off.on_opening_turn=false",
        players=4,
        upcard="9D",
        moves=_DOWN,
    ),
    "rearrange.own_only": dealt(
        _B,
        _H,
        "rearrange 1 into 2H 3H 4H 5D",
        _REARRANGE,
        "melding.lay_off.targets=own",
        upcard="KC",
        others=((0, "5D 6D 7D 8D 9D 10D JD QD KD AD"),),
        moves=_TEAM_TURNS,
    ),
    "rearrange.own_and_partner": dealt(
        _B,
        "2H 3H 4H 5H 6H 7H JH",
        "rearrange 1 into 2H 3H 4H 5D",
        _REARRANGE,
        *_PAIRS,
        "melding.lay_off.targets=own_and_partner",
        players=4,
        upcard="KC",
        others=_TEAM_HANDS,
        moves=_TEAM_TURNS,
    ),
    "rearrange.not_partner": dealt(
        _B,
        "2H 3H 4H 5H 6H 7H JH",
        "rearrange 1 into 2H 3H 4H 5C",
        _REARRANGE,
        *_PAIRS,
        "partnerships.build_on_partner_melds=false",
        players=4,
        upcard="KC",
        others=_TEAM_HANDS,
        moves=(*_TEAM_TURNS, "discard JD", "draw"),
    ),
    "rearrange.wild_keeps": dealt(
        _B,
        "2H JK 4H 3H 5H 6C 7C 8C 9S 10S",
        "rearrange 1 into 2H 3H 4H JK=5H",
        _REARRANGE,
        *_JOKERS,
        moves=_WILD_MELD,
    ),
    # what a play leaves in the hand
    "leave.keep_card_to_discard": dealt(
        _B,
        "2H 3H",
        "meld 2H 3H 4H",
        "going_out.method=must_discard",
        "deals.1.cards=2",
        upcard="4H",
        moves=("take 4H",),
    ),
    "leave.last_card_meld": dealt(
        _B,
        "2H 3H 4H",
        "meld 2H 3H 4H",
        "going_out.method=must_meld_last",
        "deals.1.cards=3",
        upcard="KC",
        moves=("take KC",),
    ),
    "leave.no_discard": dealt(
        _B,
        "2H 3H 4H",
        "meld 2H 3H 4H",
        *_JOKERS,
        "wilds.discard=forbidden",
        "deals.1.cards=3",
        upcard="JK",
        moves=("take JK",),
    ),
    # exchanging a wild
    "exchange.none": dealt(
        _B, _WILD_HAND, "exchange 3H@1", *_JOKERS, "wilds.exchange.allowed=false", moves=_WILD_MELD
    ),
    "exchange.after_going_down": dealt(
        _B, _WILD_HAND, "exchange 3H@1", *_EXCHANGE, "wilds.exchange.player_down=required"
    ),
    "exchange.sets_only": dealt(
        _B,
        _WILD_HAND,
        "exchange 3H@1",
        *_EXCHANGE,
        "wilds.exchange.from_melds=sets",
        moves=_WILD_MELD,
    ),
    "exchange.own_only": dealt(
        _B,
        _WILD_HAND,
        "exchange 3H@1",
        *_EXCHANGE,
        "deck.decks=2",
        "wilds.exchange.from_owner=own",
        upcard="KC",
        others=((0, "3H 5D 6D 7D 8D 9D 10D JD QD KD"),),
        moves=(*_WILD_MELD, "discard 10S", "draw"),
    ),
    "exchange.natural_for_wild": dealt(
        _B, _WILD_HAND, "exchange JK@1", *_EXCHANGE, moves=_WILD_MELD
    ),
    "exchange.other_meld": dealt(
        _B,
        _WILD_HAND,
        "exchange 3H@1 from 1",
        *_EXCHANGE,
        "wilds.exchange.natural_from_hand=false",
        moves=_WILD_MELD,
    ),
    "exchange.no_natural": dealt(
        _B,
        "2H JK 4H 3H 3D 3S 3C 9S 10S 9C",
        "exchange 3H@1 from 2",
        *_EXCHANGE,
        "wilds.exchange.natural_from_hand=false",
        "melding.melds_per_turn=null",
        moves=(*_WILD_MELD, "meld 3D 3S 3C"),
    ),
    "exchange.source_breaks": dealt(
        _B,
        "2H JK 4H 3H 3D 3S 9D 9S 10S 9C",
        "exchange 3H@1 from 2",
        *_EXCHANGE,
        "deck.decks=2",
        "wilds.exchange.natural_from_hand=false",
        "melding.melds_per_turn=null",
        moves=(*_WILD_MELD, "meld 3H 3D 3S"),
    ),
    "exchange.must_go_down": dealt(
        _B,
        _WILD_HAND,
        "exchange 3H@1",
        *_EXCHANGE,
        "deck.decks=2",
        "wilds.exchange.forces_going_down=true",
        upcard="KC",
        others=((0, "3H 5D 7S 9C JH KD 2S 4C 6H 8D"),),
        moves=(*_WILD_MELD, "discard 10S", "draw"),
    ),
    # knocking and the defence
    "knock.none": dealt(_B, _H, "knock JH with 2H 3H 4H"),
    "knock.deadwood": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 5H 8D KS",
        "knock KS with 7C 7D 7S / 9C 10C JC",
        upcard="KD",
        others=_DEFENDER,
        moves=("take KD",),
    ),
    "knock.gin_only": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H 4H KS",
        "knock KS with 7C 7D 7S / 9C 10C JC / 2H 3H 4H",
        "going_out.knock.deadwood_limit=0",
        upcard="KD",
        others=_DEFENDER,
        moves=("take KD",),
    ),
    "knock.gin_left_over": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H JK KS",
        "knock KS with 7C 7D 7S / 9C 10C JC / 2H 3H 4H",
        "going_out.knock.deadwood_limit=0",
        "deck.jokers=2",
        "deck.joker_role=wild",
        "scoring.card_values.joker=0",
        upcard="4H",
        others=_DEFENDER,
        moves=("take 4H",),
    ),
    "knock.needs_runs": dealt(
        "gin",
        "7C 7D 7S 9C 9D 9S 2H 3H 4H KS",
        "knock KS with 7C 7D 7S / 9C 9D 9S / 2H 3H 4H",
        "going_out.knock.needs.runs=2",
        upcard="AS",
        others=_DEFENDER,
        moves=("take AS",),
    ),
    "knock.needs": dealt(
        "gin",
        "7C 7D 7S 9C 9D 9S 2H JK 4H KS",
        "knock KS with 7C 7D 7S / 9C 9D 9S / 2H JK=3H 4H",
        "going_out.knock.needs.runs=1",
        "going_out.knock.needs.pure_runs=1",
        "deck.jokers=1",
        "scoring.card_values.joker=15",
        upcard="AS",
        others=_DEFENDER,
        moves=("take AS",),
    ),
    "defend.gin": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H 4H 5H",
        "layoff 6H@3",
        upcard="8C",
        others=_DEFENDER,
        moves=("take 8C", "knock 5H with 7C 7D 7S / 8C 9C 10C JC / 2H 3H 4H"),
    ),
    "defend.no_layoff": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H 4H KS",
        "layoff 6H@3",
        "going_out.knock.defender_lays_off=false",
        upcard="AS",
        others=_DEFENDER,
        moves=("take AS", "knock KS with 7C 7D 7S / 9C 10C JC / 2H 3H 4H"),
    ),
    # an exchange that obliges the player to go down this turn
    "exchange.down_before_discard": dealt(
        _B, _WILD_HAND, "discard 9H", *_FORCES, upcard="KC", others=_TAKER, moves=_EXCHANGED
    ),
    "exchange.down_before_end": dealt(
        _B, _WILD_HAND, "end", *_FORCES, upcard="KC", others=_TAKER, moves=_EXCHANGED
    ),
    "exchange.down_could_not": dealt(
        _B, _WILD_HAND, "layoff JK=5H@1", *_FORCES, upcard="KC", others=_TAKER, moves=_EXCHANGED
    ),
    # a wild freed by an exchange, and what must become of it
    "turn.meld_freed_first": dealt(
        _B,
        _WILD_HAND,
        "discard 9H",
        *_FIRST,
        "wilds.exchange.freed_wild_first=true",
        upcard="KC",
        others=_TAKER,
        moves=_EXCHANGED,
    ),
    "layoff.freed_new_meld_only": dealt(
        _B,
        _WILD_HAND,
        "layoff JK=5H@1",
        *_EXCHANGE,
        "deck.decks=2",
        "wilds.exchange.freed_wild_use=new_meld_only",
        upcard="KC",
        others=_TAKER,
        moves=_EXCHANGED,
    ),
    # The meld is full (runs of at most 4): the 5H laid off leaves the freed
    # joker nowhere to go, and no two cards of the hand make a meld with it.
    "use.freed_no_longer": dealt(
        _B,
        _WILD_HAND,
        "layoff 5H@1",
        *_FIRST,
        "wilds.exchange.freed_wild_first=false",
        "melds.run.max_size=4",
        upcard="KC",
        others=((0, "3H 5H 9S JH KD 2S 4C 7H 8C 6D"),),
        stock=("QC",),
        moves=_EXCHANGED,
    ),
    "exchange.freed_unusable": dealt(
        _B,
        _WILD_HAND,
        "exchange 3H@1",
        *_FIRST,
        "wilds.exchange.freed_wild_first=false",
        "melds.run.max_size=4",
        upcard="KC",
        others=((0, "3H 5D 9S JH KD 2S 4C 7H 8C 6D"),),
        stock=("QC",),
        moves=("draw", "meld 2H JK=3H 4H 5H", "discard 10S", "draw"),
    ),
    # cards melded only by a player going out, or never, and the last card
    "meld.unmeldable": dealt(
        _B, "3C 4C 5C 6H 7H 8H 9H 10H JH QH", "meld 3C 4C 5C", "melds.unmeldable=[3C]"
    ),
    "layoff.going_out_only": dealt(
        _B,
        "2H 3H 4H 3C 7H 8H 9H 10H JH QH",
        "layoff 3C@1",
        "melds.going_out_only=[3C]",
        moves=_MELD,
    ),
    "side.going_out_only_natural": dealt(
        _B,
        "3C 3D JK 6H 7H 8H 9H 10H JH QH",
        "meld 3C 3D JK=3S",
        *_JOKERS,
        "melds.going_out_only=[3C]",
    ),
    "discard.meld_last_card": dealt(
        _B,
        "2H 3H 4H",
        "discard 5H",
        "going_out.method=must_meld_last",
        "deals.1.cards=3",
        upcard="5H",
        moves=("take 5H", "meld 2H 3H 4H"),
    ),
    "meld.ace_both_ends": dealt(
        _B,
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "deck.decks=2",
        "deals.1.cards=13",
        "melds.run.ace=low_or_high",
        upcard="AH",
        moves=("take AH",),
    ),
    "take.pile_empty": dealt(_B, _H, "take KD", "discard.required=false", moves=("take KD", "end")),
    "draw.block_no_discard": dealt(
        "shanghai-block", "", "block", "discard.required=false", players=4, moves=("take KD", "end")
    ),
    # claiming a wild just melded
    "claim.exchange_or_pass": dealt(
        _B,
        _WILD_HAND,
        "draw",
        *_CLAIMS,
        upcard="KC",
        others=((0, "3H 5D 6D 7D 8D 9D 10D JD QD KD"),),
        moves=_WILD_MELD,
    ),
    "claim.just_melded_only": dealt(
        _B,
        "2H JK 4H 3H 5H 6C 7C 8C JK 10S",
        "exchange 7C@1",
        *_CLAIMS,
        "melding.melds_per_turn=null",
        upcard="KC",
        others=((0, "3H 7C 6D 7D 8D 9D 10D JD QD KD"),),
        moves=("draw", "meld 6C JK=7C 8C", "pass", "meld 2H JK=3H 4H"),
    ),
    "turn.must_knock": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H 4H KS",
        "discard KS",
        "stock_exhausted.void_take=to_knock",
        "stock_exhausted.void_when_left=31",
        upcard="AS",
        others=_DEFENDER,
        moves=("take AS",),
    ),
    "defend.wilds": dealt(
        "gin",
        "7C 7D 7S 9C 10C JC 2H 3H 4H KS",
        "layoff JK=5H@3",
        "deck.jokers=1",
        "scoring.card_values.joker=15",
        upcard="AS",
        others=((0, "JK 8S 8H QD QS AC AD 6D 4S 3S"),),
        moves=("take AS", "knock KS with 7C 7D 7S / 9C 10C JC / 2H 3H 4H"),
    ),
    # asking a partner "May I go out?" (canasta's short deals of tests/test_canasta.py)
    "going_out.partner_said_no": dealt(
        "canasta",
        "9H 9S 9D 9C",
        "meld 9C 9D 9H 9S",
        *_ASKING,
        **_ASK_TABLE,
        moves=("draw", "ask", "no"),
    ),
    "going_out.partner_said_yes": dealt(
        "canasta", "9H 9S 9D 5C", "discard 5C", *_ASKING, **_ASK_TABLE, moves=("draw", "ask", "yes")
    ),
    "going_out.ask_partner": dealt(
        "canasta",
        "9H 9S 9D 9C",
        "meld 9C 9D 9H 9S",
        *_ASKING,
        "going_out.ask_partner=must",
        **_ASK_TABLE,
    ),
    # dropping out
    "drop.first_only": dealt(
        "indian-rummy",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "drop",
        "going_out.drop.middle=null",
        others=((0, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),),
        moves=("draw", "discard 2H", "draw", "discard 2C"),
    ),
    "drop.middle_only": dealt(
        "indian-rummy",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "drop",
        "going_out.drop.first=null",
        moves=(),
    ),
}


def _faces(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


#: Actions only the Python API can write (the text of an action always names a
#: meld, and reads its kind from its cards): the position and the action.
API_CASES: dict[str, tuple[Case, Action]] = {
    "meld.name": (dealt(_B, _H, ""), Action("meld")),
    "down.name_melds": (
        dealt(_K, _SETS, "", _NO_BUY, players=4, upcard="9D"),
        Action("down"),
    ),
    "meld.set_one_rank": (
        dealt(_B, _H, ""),
        Action("meld", melds=(Meld("set", _faces("2H 3H 4H"), _faces("2H 3H 4H")),)),
    ),
    "meld.stand_in_missing": (
        dealt(_B, _H, ""),
        Action("meld", melds=(Meld("run", _faces("2H 3H 4H"), _faces("2H 3H")),)),
    ),
    "meld.unknown_kind": (
        dealt(_B, _H, ""),
        Action("meld", melds=(Meld("pair", _faces("2H 3H 4H"), _faces("2H 3H 4H")),)),
    ),
    "rearrange.name_new": (
        dealt(_B, _H, "", _REARRANGE, moves=_MELD),
        Action("rearrange", taken=(0,)),
    ),
}


#: Every position, by code.
ALL_CASES: dict[str, Case] = {
    **CASES,
    **STACKED,
    **{code: case for code, (case, _) in API_CASES.items()},
}

#: Override sets the search tries besides the shipped files as they are: the
#: rules that no shipped file switches on.
SEARCH = [
    ("contract", ("buying.buyer_discards=true",)),
    ("contract", ("buying.buyer_waits_for_turn=false",)),
    ("contract", ("wilds.discard=forbidden",)),
    ("contract", ("wilds.discard=last_card_only",)),
    ("contract", ("draw.discard_after_going_down=false",)),
    ("gin", ("stock_exhausted.void_take=to_knock",)),
    ("numbered-contract", ()),
    ("shanghai-block", ()),
    ("contract", ("buying.current_player=veto",)),
    ("basic-rummy", ("draw.discard_pile=none",)),
    ("contract-gamerules", ("draw.deep_card_use=this_turn",)),
    ("contract-gamerules", ("wilds.exchange.forces_going_down=true",)),
    ("contract-gamerules", ("wilds.exchange.freed_wild_first=false",)),
    ("canasta", ("melding.take_back=this_turn",)),
    ("rummikub", ("stock_exhausted.action=end_deal",)),
]

_ACTIONS = [
    *("draw", "pass", "buy", "block", "end", "veto", "allow", "give", "keep", "drop"),
    *("yes", "no", "undo", "ask"),
]


def _tries() -> list[str]:
    faces = [format_card(f) for f in range(53)]
    return _ACTIONS + [f"discard {c}" for c in faces] + [f"take {c}" for c in faces]


def _mutations(action: Action) -> Iterator[str]:
    """Near misses of a legal table play: a meld short of its last card, a lay-off
    or exchange on each other meld, a knock that names no discard."""
    text = str(action)
    if action.kind in ("down", "meld", "knock") and action.melds:
        short = [m for m in action.melds if len(m.cards) > 1]
        if short:
            first = short[0]
            cut = dataclasses.replace(
                first, cards=first.cards[:-1], stands_for=first.stands_for[:-1]
            )
            yield str(dataclasses.replace(action, melds=(cut, *action.melds[1:])))
        if action.kind == "knock":
            yield str(dataclasses.replace(action, card=-1))
    if action.kind in ("layoff", "exchange"):
        for target in range(8):
            yield str(dataclasses.replace(action, target=target))
    if action.kind == "exchange" and action.source < 0:
        yield str(dataclasses.replace(action, source=0))
    yield text


def search(
    missing: set[str], *, seeds: int = 8, plies: int = 400
) -> dict[str, Case]:  # pragma: no cover - a tool
    from rummy_rules.spec.registry import variants_dir

    found: dict[str, Case] = {}
    plans = [(p.stem, ()) for p in sorted(variants_dir().glob("*.yaml"))]
    plans += [(p.stem, ()) for p in sorted(HOUSE.glob("*.yaml"))] + SEARCH
    base = _tries()
    for variant, overrides in plans:
        spec = load_variant(_source(variant), list(overrides))
        for seed in range(seeds):
            players = spec.players.min if seed % 2 else spec.players.max
            state = GameState(compile_rules(spec, players), seed=seed)
            rng = random.Random(seed)
            pool: dict[str, None] = {}
            for ply in range(plies):
                if not missing:
                    return found
                for action in state.legal_actions():
                    if action.kind not in ("draw", "take", "discard"):
                        for text in _mutations(action):
                            pool[text] = None
                for text in [*base, *list(pool)[-300:]]:
                    try:
                        reason = state.check(parse_action(text))
                    except (ValueError, IndexError):
                        continue
                    if isinstance(reason, Refusal) and reason.code in missing:
                        missing.discard(reason.code)
                        found[reason.code] = Case(
                            variant, tuple(overrides), players, seed, ply, text
                        )
                if state.is_terminal():
                    break
                state.apply(_choice(state, rng))
    return found


if __name__ == "__main__":  # pragma: no cover
    wanted = set(all_refusals()) - set(ALL_CASES)
    for code, case in sorted(search(wanted).items()):
        print(f"    {code!r}: Case{tuple(case)!r},")
    print("not found:", sorted(wanted), file=sys.stderr)
