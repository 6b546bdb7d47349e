"""Generated variants: any file the validator accepts and the engine claims to play
must play to the end, with every invariant holding after every action.

A hypothesis strategy builds variant files from the knob space (within sane
ranges: small targets so games end quickly). Each one that validates without
engine gaps plays one game with random legal moves, checked as the
conformance tests check shipped variants. A generated variant the engine
cannot finish is a bug, or the validator should have rejected it. CI runs a
fixed, bounded set of examples (derandomized); RUMMY_GENERATED_EXAMPLES
raises the count for a longer hunt.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from rummy_rules import check_variant
from rummy_rules.spec.playable import unsupported_by_engine

from .conftest import examples
from .engine_helpers import play_and_replay
from .knob_values import VALUES

#: Long: generated variants played to the end: the long run (CI).
pytestmark = pytest.mark.long

_TMP = Path(tempfile.mkdtemp(prefix="rummy-generated-"))

EXAMPLES = int(os.environ.get("RUMMY_GENERATED_EXAMPLES", str(examples(4, 100))))


@st.composite
def variants(draw: Any) -> dict[str, Any]:
    opening = draw(st.sampled_from(["contract", "min_points", "none"]))
    model = draw(st.sampled_from(["penalty", "melded_minus_hand", "winner_collects"]))
    decks = draw(st.integers(1, 2))
    jokers = draw(st.integers(0, 4))
    numbered = draw(st.sampled_from([None, None, 12, 13]))  # deck.numbered's highest
    pair_ranks = draw(st.sampled_from([[], ["A"], ["A", "K"] if numbered != 12 else ["A", "Q"]]))
    part = st.fixed_dictionaries(
        {"type": st.sampled_from(["set", "run", "any"]), "size": st.integers(3, 4)},
        optional={"exact": st.booleans()},
    )
    if pair_ranks:  # a pair of those ranks is a set: a contract may ask for one
        part = part | st.just({"type": "set", "size": 2})
    colour = draw(st.sampled_from([None, None, {"min_size": 5}, {"min_size": 4, "max_size": 7}]))
    if colour is not None:  # colour melds: a contract may ask for one
        colour["wilds_allowed"] = draw(st.booleans())
        part = part | st.fixed_dictionaries({"type": st.just("colour"), "size": st.integers(4, 6)})
    deals = []
    for _ in range(draw(st.integers(1, 3))):
        deal: dict[str, Any] = {"cards": draw(st.integers(6, 11))}
        if opening == "contract":
            parts = draw(st.lists(part, min_size=1, max_size=2))
            deal["contract"] = parts
            exact = draw(st.sampled_from([None, None, True, False]))
            if exact is not None:
                deal["exact"] = exact
            # The final-deal specials (validation turns away those the hand cannot meet).
            special = draw(st.sampled_from(["", "", "", "all_out", "go_out", "go_out_discard"]))
            if special == "all_out":
                deal["all_out"] = True
            elif special:
                deal["first_down_must_go_out"] = True
                deal["first_down_may_discard"] = special == "go_out_discard"
        deals.append(deal)
    end_kind = draw(st.sampled_from(["fixed_deals", "target_score", "elimination"]))
    game_end: dict[str, Any] = {"kind": end_kind}
    if end_kind == "elimination":
        game_end.update(
            elimination_at=draw(st.integers(60, 160)),
            buy_backs=draw(st.integers(0, 1)),
            buy_back_total=draw(st.sampled_from(["highest_remaining", "zero"])),
            winner="last_player_standing",
        )
        model = "penalty"
    else:
        game_end["winner"] = "lowest_total" if model == "penalty" else "highest_total"
        if end_kind == "target_score":
            game_end["target_score"] = draw(st.integers(40, 150))
            game_end["ties"] = draw(st.sampled_from(["shared", "extra_deal"]))
    melding = {
        "melds_per_turn": draw(st.sampled_from([None, 1, 2])),
        "new_melds_after_opening": draw(st.booleans()),
        "rearrange_table": draw(st.booleans()),
        "take_back": draw(st.sampled_from(["never", "this_turn"])),
        "lay_off": {
            "targets": draw(st.sampled_from(["any", "own", "none"])),
            "before_opening": draw(st.booleans()),
            "on_opening_turn": draw(st.booleans()),
            "scores_for": draw(st.sampled_from(["meld_owner", "layer"])),
        },
    }
    opening_spec: dict[str, Any] = {
        "requirement": opening,
        "once_per_deal": draw(st.booleans()),
    }
    if opening == "min_points":
        opening_spec["min_points"] = draw(st.integers(15, 45))
        opening_spec["wild_value"] = draw(st.sampled_from(["represented", "own"]))
    buying = {"enabled": False}
    if draw(st.booleans()):
        buying = {
            "enabled": True,
            "after_going_down": draw(st.booleans()),
            "limits": {"per_deal": draw(st.sampled_from([None, 1, 3]))},
            "current_player": draw(st.sampled_from(["free_priority", "veto", "may_give_draw"])),
            "buyer_discards": draw(st.booleans()),
            "buyer_waits_for_turn": draw(st.booleans()),
            "window": draw(st.sampled_from(["when_current_declines", "until_next_draw"])),
            "discarder_may_buy": draw(st.booleans()),
            "block_call": draw(st.booleans()),
            "priority": draw(
                st.sampled_from(
                    ["nearest_in_turn", "nearest_dealer_left", "eldest_hand", "first_to_ask"]
                )
            ),
            "cost": {
                "penalty_cards": draw(st.integers(0, 2)),
                "short_stock": draw(st.sampled_from(["no_buy", "pay_what_is_left"])),
            },
        }
    scoring: dict[str, Any] = {"model": model, "card_values": VALUES}
    if model == "melded_minus_hand":
        scoring["ace_low_in_run"] = draw(st.sampled_from([None, 1]))
        scoring["melded_wild_value"] = draw(st.sampled_from(["represented", "own"]))
        if draw(st.booleans()):
            scoring["multipliers"] = [{"meld": "four_of_a_kind_at_once", "factor": 2}]
    if draw(st.booleans()):
        scoring["bonuses"] = [
            {
                "event": draw(
                    st.sampled_from(
                        [
                            "went_out",
                            "one_turn_out",
                            "one_turn_out_no_wilds",
                            "first_turn_out",
                            "exact_cut",
                            "per_buy",
                        ]
                    )
                ),
                "points": draw(st.sampled_from([-10, 10, 25])),
                "to": draw(st.sampled_from(["self", "others"])),
            }
        ]
    natural = draw(st.booleans()) and jokers >= 3
    wild_ranks = draw(st.sampled_from([[], ["2"]]))
    # Digging with many wilds in the pack makes hands of 20-30 cards and a
    # dozen wilds, where the exact contract solver takes seconds per move:
    # kept apart here so the test stays quick (a performance matter).
    dig = not wild_ranks and draw(st.booleans())
    pairs = draw(st.booleans())
    spec: dict[str, Any] = {
        "id": "generated",
        "name": "Generated",
        "players": {"min": 2, "max": draw(st.integers(2, 5))},
        "table": {
            "direction": draw(st.sampled_from(["clockwise", "counterclockwise"])),
            "first_dealer": draw(st.sampled_from(["random", "low_card", "high_card"])),
            "draw_for_deal_ace": draw(st.sampled_from(["low", "high"])),
            "dealer_rotation": draw(st.sampled_from(["left", "right", "winner"])),
            "cutter": draw(st.sampled_from(["dealer_right", "dealer_left", "none"])),
            "upcard": draw(st.sampled_from([True, True, False])),
            "first_player_extra_turn": draw(st.booleans()),
            "seat_selection": draw(st.sampled_from(["as_seated", "by_card_rank"])),
            "upcard_offer": draw(
                st.sampled_from(["first_player", "each_in_turn", "non_dealer_then_dealer"])
            ),
        },
        "deck": {
            "decks": draw(
                st.sampled_from(
                    [decks] * 6
                    + [{"formula": f} for f in ("half_players_rounded_up", "players_minus_one")]
                )
            ),
            "wild_rank_follows_deal": draw(st.sampled_from([False, False, True])),
            "jokers": jokers,
            "wild_ranks": wild_ranks,
        },
        "melds": {
            "set": {
                "min_size": 3,
                "max_size": draw(st.sampled_from([4, None])),
                "suits": draw(
                    st.sampled_from(["any", "distinct", "distinct_then_all_four", "exactly_three"])
                ),
                "wilds_allowed": draw(st.sampled_from([True, True, False])),
                "pair_ranks": pair_ranks,
            },
            "run": {
                "min_size": draw(st.integers(3, 4)),
                "ace": draw(st.sampled_from(["low", "high", "low_or_high", "wrap"])),
                "suits": draw(st.sampled_from(["same", "any"])),
                "wilds_allowed": draw(st.sampled_from([True, True, False])),
            },
            "colour": colour,
        },
        "wilds": {
            "versus_naturals": draw(
                st.sampled_from(["any", "not_more", "fewer", "at_least_one_natural"])
            ),
            "adjacent_allowed": draw(st.sampled_from([True, True, False])),
            "discard": draw(st.sampled_from(["allowed", "forbidden", "last_card_only"])),
            "reposition": draw(st.sampled_from(["none", "slide_to_end", "slide_to_end_once"])),
            "declared_identity": draw(st.sampled_from(["fixed", "may_change"])),
            "exchange": {
                "allowed": draw(st.booleans()),
                "player_down": draw(
                    st.sampled_from(["not_required", "required", "before_this_turn"])
                ),
                "use_same_turn": draw(st.booleans()),
                "freed_wild_first": draw(st.booleans()),
                "from_owner": draw(st.sampled_from(["any", "others", "own"])),
                "freed_wild_use": draw(st.sampled_from(["anywhere", "new_meld_only"])),
                "forces_going_down": draw(st.booleans()),
                "natural_from_hand": draw(st.booleans()),
                "claim_order": draw(st.sampled_from(["own_turn", "first_in_rotation"])),
                "from_melds": draw(st.sampled_from(["any", "runs", "sets"])),
                "set_needs_all_missing_suits": draw(st.booleans()),
                "full_set_closed": draw(st.booleans()),
            },
        },
        "deals": deals,
        "contract": {
            "long_meld_counts_once": draw(st.booleans()),
            "all_at_once": draw(st.booleans()),
            "progression": draw(st.sampled_from(["together", "each_player"])),
            "exactness": draw(st.sampled_from(["exact", "minimum"])),
            "same_suit_runs": draw(st.sampled_from(["allowed", "not_contiguous", "forbidden"])),
            "sets_of_same_rank": draw(st.sampled_from(["allowed", "forbidden"])),
        },
        "draw": {
            "discard_pile": draw(st.sampled_from(["any_depth", "whole_pile"]))
            if dig
            else draw(st.sampled_from(["top", "top", "none"])),
            "deep_take_all_above": draw(st.booleans()),
            "deep_card_use": draw(st.sampled_from(["meld_now", "this_turn", "free"])),
            "stock_look_forfeits_discard": draw(st.booleans()),
            "push": draw(st.booleans()),
            "discard_after_going_down": draw(st.sampled_from([True, True, False])),
            "discard_condition": draw(
                st.sampled_from(["none", "meld_now", "opening_or_after", "forces_opening"])
            ),
        },
        "buying": buying,
        "opening": opening_spec,
        "melding": melding,
        "discard": {
            "required": draw(st.booleans()),
            "not_just_taken": draw(st.sampled_from(["never", "single_card_take", "always"])),
            "not_just_taken_match": draw(st.sampled_from(["card", "face"])),
            "playable": draw(st.sampled_from(["allowed", "penalty"])),
            "playable_penalty_cards": draw(st.integers(min_value=1, max_value=3)),
        },
        "going_out": {
            "method": draw(
                st.sampled_from(["any", "must_discard", "must_meld_last", "all_at_once"])
            ),
            "last_card_discard": draw(st.sampled_from(["forbidden", "play_on"])),
        },
        "stock_exhausted": {
            "action": draw(
                st.sampled_from(
                    [
                        "reshuffle_keep_top",
                        "turn_over",
                        "end_deal",
                        "meldable_discards_only",
                        "void",
                    ]
                )
            )
        },
        "scoring": scoring,
        "game_end": game_end,
    }
    if not spec["draw"]["deep_take_all_above"] and spec["draw"]["deep_card_use"] == "free":
        # Digging single cards for free, random players pass cards between hand
        # and pile and hardly ever draw from the stock: the deal wanders on to the
        # turn cap. A rule set people can play (they draw when nothing helps), but
        # not one random play ends, so the dig keeps every card above here.
        spec["draw"]["deep_take_all_above"] = True
    if dig and opening == "contract" and spec["draw"]["deep_card_use"] == "free":
        # Free digging under a contract: random players hoard the pile into
        # hands of 30 cards, where each listing of moves runs the exact contract
        # solver for seconds (a performance matter, as with wild ranks above;
        # tests/test_engine_draw_knobs.py plays the rule itself).
        spec["draw"]["deep_card_use"] = "this_turn"
    if spec["draw"]["discard_pile"] == "none":
        spec["buying"] = {"enabled": False}
        spec["table"]["upcard_offer"] = "first_player"
        if spec["stock_exhausted"]["action"] == "meldable_discards_only":
            spec["stock_exhausted"]["action"] = "end_deal"
    if spec["draw"]["push"] and (
        dig or opening != "contract" or spec["going_out"]["method"] == "all_at_once"
    ):
        # Random players refuse nearly every discard, so a push grows every hand
        # by two cards a round: with whole-hand searches (no contract, or all at
        # once) or digging, hands of 30 cards make each listing of moves slow.
        # The push under a contract is played here; test_engine_draw_knobs.py
        # plays the rule itself.
        spec["draw"]["push"] = False
    if spec["draw"]["push"]:
        spec["buying"] = {"enabled": False}  # the pushed discard cannot be bought
    end_kind = spec["game_end"]["kind"]
    if (
        opening != "contract"
        or end_kind != "fixed_deals"
        or spec["deck"].get("wild_rank_follows_deal")
    ):
        # Each player on their own contract needs contracts and ends by the schedule
        # (validation says so); elsewhere every player plays the deal's contract.
        spec["contract"]["progression"] = "together"
    exchange = spec["wilds"]["exchange"]
    if exchange["claim_order"] == "first_in_rotation":
        # A claim out of turn ties nothing to the claimant's turn (validation says so).
        exchange["use_same_turn"] = exchange["forces_going_down"] = False
        if exchange["from_owner"] == "own":
            exchange["from_owner"] = "others"  # claims are made on another's meld
    if numbered is not None:
        # A numbered pack: runs from 1 up (validation says so); numbers, not letters.
        colours = ["red", "blue", "green", "yellow"]
        spec["deck"]["numbered"] = {"highest": numbered, "colours": colours}
        spec["melds"]["run"]["ace"] = "low"
        plain_pile = spec["draw"]["discard_pile"] in ("top", "none") and not spec["draw"]["push"]
        if numbered <= 12 and plain_pile:  # skips are not played with digging or the push
            spec["deck"]["numbered"]["skips"] = draw(st.integers(0, 4))
    if natural:
        spec["deck"]["joker_role"] = "natural"
        spec["melds"]["joker_set_min_size"] = 3
    if pairs:
        spec["players"] = {"min": 4, "max": 4}
        spec["partnerships"] = {
            "teams": "fixed_pairs",
            "build_on_partner_melds": draw(st.booleans()),
            "opening_per": draw(st.sampled_from(["player", "team"])),
            "scoring": draw(st.sampled_from(["team", "individual"])),
            "team_selection": draw(st.sampled_from(["seating", "low_draw", "random"])),
        }
        spec["melding"]["lay_off"]["targets"] = draw(st.sampled_from(["any", "own_and_partner"]))
    return spec


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    # No shrinking: a failing example is printed as found (shrinking whole games is slow).
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(variants(), st.integers(0, 2**31 - 1), st.integers(2, 5))
def test_generated_variants_play_to_the_end_keeping_every_invariant(variant, seed, players):
    path = _TMP / "generated.yaml"
    path.write_text(yaml.safe_dump(variant, sort_keys=False))
    report = check_variant(path, strict=False)
    assume(report.valid and report.spec is not None)
    assume(not unsupported_by_engine(report.spec))
    play_and_replay(report.spec, seed, players, _TMP / "generated.jsonl")
