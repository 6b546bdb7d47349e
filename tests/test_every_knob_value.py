"""Every value of every knob is played: no value ``validate`` accepts is refused
by the engine, or crashes it.

For each closed choice of the schema (every ``Literal`` value and both values
of every ``bool``, listed from the schema itself by ``knob_values``), a small
variant states that value (with the other keys it needs), validates, and
plays one game with random players (once per distinct variant), every
invariant checked after every
action, then replays from its record. The generated-variant test draws the
knobs in random combinations; this one makes sure that none is left out,
whatever those draws reach.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from rummy_rules import check_variant
from rummy_rules.spec.playable import unsupported_by_engine

from .engine_helpers import play_and_replay
from .knob_values import VALUES, file_choices, schema_choices

#: Long: every knob value played: the long run (CI) plays them; the quick suite stays within its CPU budget.
pytestmark = pytest.mark.long

_TMP = Path(tempfile.mkdtemp(prefix="rummy-every-knob-"))

#: A small contract game for three: four deals, two decks with two jokers.
BASE: dict[str, Any] = {
    "id": "directed",
    "name": "Directed",
    "players": {"min": 3, "max": 3},
    "deck": {"decks": 2, "jokers": 2},
    "melds": {"set": {"min_size": 3}, "run": {"min_size": 3}},
    "wilds": {"exchange": {"allowed": False}},
    "deals": [
        {"cards": 8, "contract": [{"type": "set", "size": 3}]},
        {"cards": 9, "contract": [{"type": "run", "size": 3}, {"type": "set", "size": 3}]},
        {"cards": 9, "contract": [{"type": "set", "size": 3}, {"type": "set", "size": 3}]},
        {"cards": 9, "contract": [{"type": "run", "size": 3}, {"type": "run", "size": 3}]},
    ],
    "stock_exhausted": {"action": "reshuffle_keep_top"},
    "scoring": {"model": "penalty", "card_values": VALUES},
    "game_end": {"kind": "fixed_deals", "winner": "lowest_total"},
}

_PAIRS = {"players": {"min": 4, "max": 4}, "partnerships.teams": "fixed_pairs"}
_NO_CONTRACT = [{"cards": 8}, {"cards": 9}]
_ONE_SET = [{"cards": 8, "contract": [{"type": "set", "size": 3}]}]
_SCORED = {"scoring.model": "melded_minus_hand", "game_end.winner": "highest_total"}
_MIN_POINTS = {"opening.requirement": "min_points", "opening.min_points": 20, "deals": _NO_CONTRACT}
_GO_OUT = {
    "contract.exactness": "minimum",
    "deals": [{"cards": 6, "contract": [{"type": "run", "size": 3}] * 2}],
}
_ELIMINATION = {"game_end.kind": "elimination", "game_end.elimination_at": 100}
#: A knock game (Gin Rummy's shape): two players, ten cards, melds shown at the knock.
_KNOCK = {
    "players": {"min": 2, "max": 2},
    "deck": {"decks": 1, "jokers": 0},
    "deals": [{"cards": 10}],
    "opening.requirement": "none",
    "melding.during_play": False,
    "going_out.knock": {"deadwood_limit": 10},
    "stock_exhausted": {"action": "void", "void_when_left": 2},
    **_SCORED,
    "scoring.model": "knock_difference",
}
_ELIMINATION_WINNER = {**_ELIMINATION, "game_end.winner": "last_player_standing"}

#: Other keys a value needs, or needs to mean anything: by the path's first
#: key, by path, or by (path, value); applied in that order, then the value.
#: Red threes as bonus cards, the upcard covered (Canasta).
_FEET = {"opening.requirement": "none", "deals": [{"cards": 8, "foot": 4}, {"cards": 9, "foot": 4}]}
_BONUS_CARDS = {"deck.bonus_cards": ["3H", "3D"], "table.cover_upcard": True}

#: A turn that plays or draws (Rummikub's shape): no discard pile, play on past the stock.
_NO_PILE = {"discard.required": False, "table.upcard": False, "draw.discard_pile": "none"}
_PLAY_OR_DRAW = {
    **_NO_PILE,
    "draw.mode": "play_or_draw",
    "discard.allowed": False,
    "stock_exhausted": {"action": "pass"},
}
NEEDS: dict[Any, dict[str, Any]] = {
    "partnerships": _PAIRS,
    "buying": {"buying.enabled": True},
    "deck.numbered": {
        "deck.numbered": {"highest": 13, "colours": ["red", "blue", "green", "yellow"]},
        "melds.run.ace": "low",
    },
    "wilds.exchange": {"wilds.exchange.allowed": True},
    ("wilds.exchange.allowed", False): {},
    "draw.deep_take_all_above": {"draw.discard_pile": "any_depth"},
    "draw.deep_card_use": {"draw.discard_pile": "any_depth"},
    "melds.colour.wilds_allowed": {"melds.colour.min_size": 5},
    ("deals.contract.type", "colour"): {"melds.colour.min_size": 3},
    ("melding.lay_off.targets", "own_and_partner"): _PAIRS,
    "opening.wild_value": _MIN_POINTS,
    ("opening.requirement", "min_points"): _MIN_POINTS,
    ("opening.requirement", "none"): {"deals": _NO_CONTRACT},
    "scoring.melded_wild_value": _SCORED,
    "scoring.multipliers.meld": {**_SCORED, "scoring.multipliers": [{"factor": 2}]},
    "scoring.bonuses": {"scoring.bonuses": [{"event": "went_out", "points": -10, "to": "self"}]},
    ("scoring.bonuses.event", "exact_cut"): {"table.cutter": "dealer_right"},
    ("scoring.bonuses.event", "per_buy"): {"buying.enabled": True},
    ("game_end.kind", "elimination"): _ELIMINATION_WINNER,
    ("game_end.kind", "target_score"): {"game_end.target_score": 100},
    ("game_end.winner", "last_player_standing"): _ELIMINATION,
    "game_end.buy_back_total": {**_ELIMINATION_WINNER, "game_end.buy_backs": 1},
    "game_end.ties": {"game_end.kind": "target_score", "game_end.target_score": 100},
    "going_out.last_card_discard": {"going_out.method": "must_meld_last"},
    "deals.cards.formula": {"deals": _ONE_SET},
    "deals.first_down_may_discard": {**_GO_OUT, "deals.first_down_must_go_out": True},
    "deals.first_down_must_go_out": _GO_OUT,
    "table.draw_for_deal_ace": {"table.first_dealer": "low_card"},
    "going_out.knock": _KNOCK,
    "going_out.call": {"scoring.model": "stakes"},
    "going_out.dealt_counts": {"scoring.model": "stakes"},
    "scoring.stakes": {"scoring.model": "stakes"},
    ("melding.during_play", False): _KNOCK,
    ("scoring.model", "knock_difference"): _KNOCK,
    ("scoring.bonuses.event", "gin"): _KNOCK,
    ("scoring.bonuses.event", "undercut"): _KNOCK,
    ("going_out.knock.count_all_without_needs", True): {
        **_KNOCK,
        "going_out.knock": {"deadwood_limit": 10, "needs": {"runs": 1, "pure_runs": 1}},
    },
    ("scoring.bonuses.event", "big_gin"): {
        **_KNOCK,
        "going_out.knock": {"deadwood_limit": 10, "big_gin": True},
    },
    ("stock_exhausted.void_take", "to_knock"): _KNOCK,
    ("stock_exhausted.void_take", "none"): _KNOCK,
    ("stock_exhausted.void_dealer", "same"): _KNOCK,
    ("going_out.knock.word", "declare"): {
        **_KNOCK,
        "going_out.knock": {"deadwood_limit": 0},
        "scoring.model": "penalty",
    },
    ("going_out.knock.ace_upcard", "its_value"): {
        **_KNOCK,
        "going_out.knock": {"deadwood_limit": "upcard", "ace_upcard": "its_value"},
    },
    ("melds.run.allowed", False): {"deals": _ONE_SET},
    ("melds.set.one_per_rank", True): {"opening.requirement": "none", "deals": _NO_CONTRACT},
    "draw.natural_pair": {"draw.discard_condition": "meld_now"},
    ("opening.from_pile", "top_card_only"): _MIN_POINTS,
    ("draw.natural_pair", "never"): {},
    ("scoring.bonuses.event", "natural_canasta"): {"melds.canasta_size": 4},
    ("scoring.bonuses.event", "mixed_canasta"): {"melds.canasta_size": 4},
    ("scoring.bonuses.event", "run_canasta"): {"melds.canasta_size": 4},
    ("draw.natural_pair", "or_lay_off"): {
        "draw.discard_condition": "meld_now",
        "melds.canasta_size": 4,
    },
    ("melds.canasta_takes_wilds", False): {"melds.canasta_size": 4},
    ("scoring.bonus_cards_unopened", "against_without_canastas"): {
        **_BONUS_CARDS,
        "melds.canasta_size": 4,
        "going_out.canastas": 1,
    },
    ("scoring.bonuses.event", "bonus_card"): _BONUS_CARDS,
    ("scoring.bonuses.event", "all_bonus_cards"): _BONUS_CARDS,
    ("scoring.bonus_cards_unopened", "against"): _BONUS_CARDS,
    "going_out.ask_partner": _PAIRS,
    ("going_out.ask_partner", "never"): {},
    ("draw.mode", "play_or_draw"): _PLAY_OR_DRAW,
    ("stock_exhausted.action", "pass"): _PLAY_OR_DRAW,
    ("discard.allowed", False): _NO_PILE,
    ("deals.foot_per", "team"): {**_PAIRS, **_FEET},
    ("stock_exhausted.foot_to_stock", True): _FEET,
    ("stock_exhausted.must_take", "lay_off"): {"stock_exhausted.action": "meldable_discards_only"},
    ("deals.foot_word", "morto"): _FEET,
    ("scoring.bonuses.event", "foot_left"): _FEET,
    ("table.exact_cut", "feet"): _FEET,
    ("scoring.bonuses.event", "bonus_card_in_foot"): {**_FEET, **_BONUS_CARDS},
}


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    """Set ``path`` (dotted; a list on the way: each of its items) to ``value``."""
    head, _, rest = path.partition(".")
    if not rest:
        data[head] = copy.deepcopy(value)
        return
    here = data.get(head)
    if isinstance(here, list):
        for item in here:
            _set(item, rest, value)
        return
    if not isinstance(here, dict):
        here = data[head] = {}
    _set(here, rest, value)


def directed_variant(path: str, value: object) -> dict[str, Any]:
    """:data:`BASE` stating ``path: value``, with the keys that value needs."""
    variant = copy.deepcopy(BASE)
    keys: list[Any] = []
    parts = path.split(".")
    keys += [".".join(parts[:n]) for n in range(1, len(parts) + 1)]
    for key in (*keys, (path, value)):
        for other, setting in NEEDS.get(key, {}).items():
            if not (isinstance(key, str) and key == path and other == path):
                _set(variant, other, setting)
    _set(variant, path, value)
    return variant


CHOICES = sorted(schema_choices(), key=repr)

#: The variants already played in this process, as canonical JSON: many values
#: are the base's own (a knob's default), and the same variant with the same
#: seed plays the same game, so each distinct variant is played once.
_PLAYED: set[str] = set()


@pytest.mark.parametrize(("path", "value"), CHOICES, ids=[f"{p}={v}" for p, v in CHOICES])
def test_every_knob_value_validates_and_plays_a_checked_game(path, value):
    variant = directed_variant(path, value)
    file = _TMP / "directed.yaml"
    file.write_text(yaml.safe_dump(variant, sort_keys=False))
    report = check_variant(file, strict=False)
    assert report.valid, [str(e) for e in report.errors]
    spec = report.spec
    assert not unsupported_by_engine(spec)
    assert (path, value) in set(file_choices(spec.model_dump(mode="json", by_alias=True)))
    key = json.dumps(spec.model_dump(mode="json"), sort_keys=True)
    if key not in _PLAYED:
        play_and_replay(spec, 7, spec.players.min, _TMP / "directed.jsonl")
        _PLAYED.add(key)
