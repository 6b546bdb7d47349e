"""Cards, meld validity and the contract solver (checked against a brute-force oracle)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_rules import load_variant
from rummy_rules.cards import (
    JOKER_FACE,
    CardError,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from rummy_rules.engine.candidates import iter_melds
from rummy_rules.engine.melds import Meld, check_meld, format_meld, parse_meld
from rummy_rules.engine.rules import ContractPart, compile_meld_rules, compile_rules
from rummy_rules.engine.solver import best_contract, find_contract

from .conftest import CONTRACT_FAMILY, examples
from .oracle import _compatible, _merged_contracts, oracle

#: Knob combinations no shipped variant uses, to reach the solver's other paths.
HOUSE_VARIATIONS = [
    ("contract", "melds.set.wilds_allowed=false"),
    ("contract", "melds.run.ace=wrap"),
    ("contract", "wilds.adjacent_allowed=false", "deck.wild_ranks=[2]"),
    ("shanghai", "wilds.versus_naturals=fewer", "deck.wild_ranks=[2]"),
    ("contract-gamerules", "melds.set.suits=distinct_then_all_four", "melds.set.max_size=null"),
    ("may-i", "melds.set.suits=exactly_three", "contract.same_suit_runs=forbidden"),
    ("liverpool", "melds.run.ace=low", "contract.sets_of_same_rank=forbidden"),
    ("shanghai", "contract.long_meld_counts_once=false", "contract.same_suit_runs=allowed"),
    ("contract", "contract.long_meld_counts_once=false", "melds.set.max_size=null"),
]


def rules_for(source: str, *overrides: str):
    spec = load_variant(source, list(overrides))
    return compile_rules(spec, spec.players.min)


def meld(kind: str, text: str) -> Meld:
    return parse_meld(kind, text)


# -- notation ----------------------------------------------------------------


@pytest.mark.parametrize("face", range(53))
def test_card_notation_round_trips(face):
    assert parse_card(format_card(face)) == face


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("th", "10H"), ("10h", "10H"), ("Q♠", "QS"), ("a♥", "AH"), ("jk", "JK"), ("Joker", "JK")],
)
def test_card_notation_accepts_variants(text, canonical):
    assert format_card(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["11H", "ZZ", "1H", "10", "H", "", "10X", "JKH"])
def test_bad_card_text_is_an_error(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_meld_notation_round_trips():
    text = "7H 8H JK=9H 10H"
    assert format_meld(parse_meld("run", text)) == text
    assert str(parse_meld("set", "7H 7S 2C=7D")) == "7H 7S 2C=7D"


# -- meld validity -------------------------------------------------------------

CONTRACT = rules_for("contract")
WILD = CONTRACT.deals[0].wild_faces
M = CONTRACT.melds


def test_set_of_three_any_suits_with_duplicates_is_valid():
    assert check_meld(meld("set", "7H 7H 7S"), M, WILD) is None


def test_set_with_a_joker_is_valid():
    assert check_meld(meld("set", "7H 7S JK=7D"), M, WILD) is None


def test_set_of_mixed_ranks_is_invalid():
    assert "one rank" in check_meld(meld("set", "7H 7S 8D"), M, WILD)


def test_run_with_a_joker_inside_is_valid():
    assert check_meld(meld("run", "5H JK=6H 7H 8H"), M, WILD) is None


def test_run_must_be_long_enough():
    assert "at least 4" in check_meld(meld("run", "5H 6H 7H"), M, WILD)


def test_run_may_not_turn_the_corner_under_ace_high_or_low():
    reason = check_meld(meld("run", "QH KH AH 2H"), M, WILD)
    assert "turn the corner" in reason


def test_ace_low_and_ace_high_runs_are_valid():
    assert check_meld(meld("run", "AH 2H 3H 4H"), M, WILD) is None
    assert check_meld(meld("run", "JH QH KH AH"), M, WILD) is None


def test_shanghai_aces_are_high_only():
    shanghai = rules_for("shanghai")
    assert "ace is high only" in check_meld(meld("run", "AH 2H 3H 4H"), shanghai.melds, WILD)
    assert check_meld(meld("run", "JH QH KH AH"), shanghai.melds, WILD) is None


def test_shanghai_allows_one_joker_per_meld():
    shanghai = rules_for("shanghai")
    reason = check_meld(meld("run", "JK=5H 6H JK=7H 8H"), shanghai.melds, WILD)
    assert "at most 1 wild" in reason


def test_shanghai_10_joker_caps_grow_with_meld_length():
    rules = rules_for("shanghai-10").melds
    assert rules.wild_cap(4) == 1 and rules.wild_cap(5) == 2 and rules.wild_cap(6) == 2
    assert rules.wild_cap(7) == 3 and rules.wild_cap(10) == 4


def test_wrap_rule_allows_turning_the_corner():
    rules = rules_for("contract", "melds.run.ace=wrap").melds
    assert check_meld(meld("run", "QH KH AH 2H"), rules, WILD) is None


def test_distinct_suits_rule_rejects_repeated_suit():
    rules = rules_for("contract-gamerules").melds
    assert "repeat a suit" in check_meld(meld("set", "7H 7H 7S"), rules, WILD)
    assert check_meld(meld("set", "7H 7D JK=7S"), rules, WILD) is None


def test_natural_card_cannot_stand_for_another():
    assert "stands only for itself" in check_meld(meld("run", "5H 6H=7H 7H 8H"), M, WILD)


def test_meld_of_only_wilds_is_invalid_where_a_natural_card_is_required():
    rules = rules_for("contract", "wilds.versus_naturals=at_least_one_natural").melds
    reason = check_meld(meld("set", "JK=7H JK=7S JK=7D"), rules, WILD)
    assert reason == "a meld needs at least one natural card"


@pytest.mark.parametrize(
    ("kind", "text"), [("set", "JK=7H JK=7S JK=7D"), ("run", "JK=5H JK=6H JK=7H JK=8H")]
)
def test_meld_of_only_wilds_is_valid_with_any_number_of_wilds(kind, text):
    rules = rules_for("contract", "wilds.versus_naturals=any").melds
    assert check_meld(meld(kind, text), rules, WILD) is None


def test_a_contract_met_with_wild_cards_only_where_the_rules_allow():
    # Deal 1 of contract is two sets of 3; with deuces wild too, the three
    # deuces make one of them, or nothing where a meld needs a natural card.
    hand = parse_cards("2C 2D 2S 2H JK 7H")
    for versus, meets in (("any", True), ("at_least_one_natural", False)):
        rules = rules_for("contract", "deck.wild_ranks=[2]", f"wilds.versus_naturals={versus}")
        deal = rules.deals[0]
        found = find_contract(hand, deal.parts, rules.melds, deal.wild_faces)
        assert (found is not None) is meets, versus


def test_deuces_wild_count_as_wilds():
    rules = rules_for("variants/house/shanghai-deuces.yaml")
    deal = rules.deals[0]
    assert check_meld(meld("run", "5H 2C=6H 7H 8H"), rules.melds, deal.wild_faces) is None
    reason = check_meld(meld("run", "5H 2C=6H JK=7H 8H"), rules.melds, deal.wild_faces)
    assert "at most 1 wild" in reason


def test_wilds_not_adjacent_rule():
    rules = rules_for("contract", "wilds.adjacent_allowed=false").melds
    assert "next to each other" in check_meld(meld("run", "5H JK=6H JK=7H 8H"), rules, WILD)


def test_persian_jokers_meld_only_with_each_other():
    rules = rules_for("persian")
    wild = rules.deals[0].wild_faces
    assert JOKER_FACE not in wild
    assert check_meld(meld("jokers", "JK JK JK"), rules.melds, wild) is None
    assert "not wild" in check_meld(meld("set", "7H 7S JK=7D"), rules.melds, wild)


def test_known_meld_count_of_one_deck():
    # One 52-card deck, sets of 3-4, runs of 3-5 with the ace low: 185 melds.
    rules = rules_for(
        "basic-rummy", "melds.run.max_size=5", "melds.set.max_size=4", "melds.set.min_size=3"
    ).melds
    deck = list(range(52))
    sets = list(iter_melds(deck, rules, frozenset(), "set", min_size=3, max_size=4))
    runs = list(iter_melds(deck, rules, frozenset(), "run", min_size=3, max_size=5))
    assert len(sets) == 65
    assert Counter(len(m.cards) for m in runs) == {3: 44, 4: 40, 5: 36}
    assert len(sets) + len(runs) == 185


def test_emptying_the_tables_of_whole_suits_keeps_the_tables_by_start(monkeypatch):
    # The runs of a suit by the ranks held (kind 1) fill up fastest; past their
    # own bound only they are emptied, and the candidates stay the same.
    from rummy_rules.engine import candidates as C

    rules = rules_for("contract").melds
    wilds = frozenset({1, 14, 27, 40, 52})
    rng = random.Random(7)
    hands = [rng.sample(range(53), 12) for _ in range(60)]
    C._forget()
    fresh = [list(iter_melds(h, rules, wilds, "run", min_size=4)) for h in hands]
    monkeypatch.setattr(C, "_SUIT_BOUND", 5)
    C._forget()
    again = [list(iter_melds(h, rules, wilds, "run", min_size=4)) for h in hands]
    assert again == fresh

    def stored(kind: int) -> int:
        return sum(
            sum(map(len, per_suit))
            for _, tables in C._MEMOS.values()
            for key, per_suit in tables.items()
            if key[0] == kind
        )

    assert stored(2) > 0 and stored(1) <= 5
    C._forget()


# -- the solver: scenarios -------------------------------------------------------


def solve(source, deal, hand, *overrides):
    rules = rules_for(source, *overrides)
    d = rules.deals[deal - 1]
    return find_contract(parse_cards(hand), d.parts, rules.melds, d.wild_faces, all_out=d.all_out)


def test_final_deal_needs_a_five_card_run_to_absorb_thirteen_cards():
    found = solve("contract", 7, "3H 4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C 5C")
    assert found is not None
    assert sorted(len(m.cards) for m in found.melds) == [4, 4, 5]
    assert found.left == ()


def test_final_deal_fails_only_because_of_no_wrap():
    hand = "QH KH AH 2H 5S 6S 7S 8S 9C 10C JC QC KC"
    assert solve("contract", 7, hand) is None
    assert solve("contract", 7, hand, "melds.run.ace=wrap") is not None


def test_same_suit_contract_runs_must_not_be_contiguous():
    hand = "3H 4H 5H 6H 7H 8H 9H 10H KS KC"
    assert solve("contract", 3, hand) is None
    assert solve("contract", 3, "3H 4H 5H 6H 5H 6H 7H 8H KS KC") is not None


def test_shanghai_forbids_two_books_of_one_rank():
    hand = "7H 7S 7D 7C 7H 7S 2D 9C 10C JC QD"
    assert solve("shanghai", 1, hand) is None
    assert solve("contract", 1, hand) is not None


def test_exact_contract_leaves_extra_cards_in_hand():
    found = solve("contract", 1, "7H 7S 7D 7C 9S 9H 9D 2C 3C 4C")
    assert found is not None
    assert all(len(m.cards) == 3 for m in found.melds)


def test_best_arrangement_minimises_points_left():
    rules = CONTRACT
    d = rules.deals[4]

    def value(face):
        return rules.value(face, wild=face in d.wild_faces)

    hand = parse_cards("3H 3S 3D 7C 7D 7S 9S 10S JS QS 2C JK")
    best = best_contract(hand, d.parts, rules.melds, d.wild_faces, value=value)
    assert best is not None and best.points_left == 5  # 2C and 3D left; the joker is melded


# -- the solver against the oracle ------------------------------------------------

SETTINGS = settings(
    max_examples=examples(25, 250), deadline=None, suppress_health_check=list(HealthCheck)
)

_COMPILED = {}


def compiled(source):
    if source not in _COMPILED:
        name, *overrides = (source,) if isinstance(source, str) else source
        _COMPILED[source] = rules_for(name, *overrides)
    return _COMPILED[source]


def _cap_copies(hand, rules):
    """Never more copies of a face than the pack holds."""
    counts = Counter(hand)
    out = []
    for face, count in counts.items():
        copies = rules.pack.jokers if face == JOKER_FACE else rules.pack.decks
        out += [face] * min(count, copies)
    return out


@st.composite
def deal_and_hand(draw, all_out_only=False):
    """A contract-family deal and a hand for it.

    Most hands are built around the contract (each part planted, then a few
    cards swapped, wilds mixed in and extra cards added), so that both hands
    that meet the contract and near misses are common; the rest are drawn
    from a crowded palette of two suits.
    """
    source = draw(st.sampled_from(CONTRACT_FAMILY + HOUSE_VARIATIONS))
    rules = compiled(source)
    deals = [d for d in rules.deals if d.all_out] if all_out_only else list(rules.deals)
    if not deals:
        source = "contract"
        rules = compiled(source)
        deals = [d for d in rules.deals if d.all_out]
    deal = draw(st.sampled_from(deals))
    wilds = sorted(deal.wild_faces)
    need = sum(p.size for p in deal.parts)
    any_face = st.integers(min_value=0, max_value=51)
    if draw(st.integers(min_value=0, max_value=9)) < 7:
        hand = []
        longer = draw(st.integers(0, len(deal.parts) - 1)) if deal.all_out else -1
        for index, part in enumerate(deal.parts):
            kind = part.kind if part.kind != "any" else draw(st.sampled_from(["set", "run"]))
            size = part.size + (1 if index == longer else 0)
            if kind == "set":
                rank = draw(st.integers(min_value=0, max_value=12))
                suits = draw(st.permutations([0, 1, 2, 3]))
                hand += [suits[i % 4] * 13 + rank for i in range(size)]
            elif kind == "colour":  # one suit, ranks anywhere
                suit = draw(st.integers(0, 3))
                ranks = draw(
                    st.lists(st.integers(0, rules.melds.ranks - 1), min_size=size, max_size=size)
                )
                hand += [suit * 13 + rank for rank in ranks]
            else:
                suit = draw(st.integers(0, 3))
                start = draw(st.integers(min_value=0, max_value=13 - min(size, 13)))
                hand += [suit * 13 + (start + i) % 13 for i in range(size)]
        swaps = draw(st.sampled_from([0, 0, 1])) if deal.all_out else draw(st.integers(0, 2))
        for _ in range(swaps):  # swap some cards out
            hand[draw(st.integers(0, len(hand) - 1))] = draw(any_face)
        if wilds:
            for _ in range(draw(st.integers(0, 3))):  # wilds in place of some cards
                hand[draw(st.integers(0, len(hand) - 1))] = draw(st.sampled_from(wilds))
        extra = draw(st.integers(0, 3)) if not deal.all_out else draw(st.sampled_from([0, 0, 1]))
        hand += [draw(any_face) for _ in range(extra)]
        hand = _cap_copies(hand, rules)
        if len(hand) > 14:  # keeps the oracle's 2^n subsets affordable
            hand = hand[:14]
        return source, rules, deal, hand
    size = draw(st.integers(min_value=max(need - 1, 3), max_value=max(min(need + 3, 13), need + 1)))
    suits = draw(st.lists(st.sampled_from([0, 1, 2, 3]), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(min_value=0, max_value=8))
    palette = [s * 13 + r for s in suits for r in range(low, min(low + 6, 13))]
    n_wild = draw(st.integers(min_value=0, max_value=min(3, size))) if wilds else 0
    hand = [draw(st.sampled_from(wilds)) for _ in range(n_wild)]
    hand += [draw(st.sampled_from(palette)) for _ in range(size - len(hand))]
    return source, rules, deal, _cap_copies(hand, rules)


@SETTINGS
@given(deal_and_hand())
def test_solver_agrees_with_oracle(case):
    _agree(*case)


@settings(max_examples=examples(4, 40), deadline=None, suppress_health_check=list(HealthCheck))
@given(deal_and_hand(all_out_only=True))
def test_all_out_solver_agrees_with_oracle(case):
    _agree(*case)


def _agree(source, rules, deal, hand):

    def value(face):
        return rules.value(face, wild=face in deal.wild_faces)

    expected = oracle(
        hand, deal.parts, rules.melds, deal.wild_faces, all_out=deal.all_out, value=value
    )
    found = find_contract(hand, deal.parts, rules.melds, deal.wild_faces, all_out=deal.all_out)
    best = best_contract(
        hand, deal.parts, rules.melds, deal.wild_faces, value=value, all_out=deal.all_out
    )
    note = f"{source} deal {deal.number}: {format_cards(hand)}"
    assert (found is None) == (expected is None), note
    assert (best is None) == (expected is None), note
    for arrangement in (found, best):
        if arrangement is None:
            continue
        # never an invalid arrangement: the melds make the contract, or (where a
        # long meld may count as several) a contract of joined parts
        shapes = (
            [list(deal.parts)]
            if rules.melds.long_meld_counts_once
            else _merged_contracts(deal.parts)
        )
        matched = [s for s in shapes if len(s) == len(arrangement.melds)]
        assert any(
            all(
                part.kind in ("any", m.kind)
                and (len(m.cards) == part.size if part.exact else len(m.cards) >= part.size)
                for part, m in zip(shape, order, strict=True)
            )
            for shape in matched
            for order in itertools.permutations(arrangement.melds)
        ), (note, [str(m) for m in arrangement.melds])
        for m in arrangement.melds:
            assert check_meld(m, rules.melds, deal.wild_faces) is None, (note, str(m))
        used = Counter()
        for m in arrangement.melds:
            used.update(m.cards)
        assert not used - Counter(hand), note
        assert Counter(arrangement.left) + used == Counter(hand)
        for a, b in zip(arrangement.melds, arrangement.melds[1:], strict=False):
            assert _compatible(a, b, rules.melds)
        if deal.all_out:
            assert arrangement.left == ()
    if best is not None:
        assert best.points_left == expected, note


def test_oracle_and_solver_agree_on_a_contract_with_an_any_part():
    rules = rules_for("contract")
    parts = (ContractPart("any", 3, True), ContractPart("any", 4, True))
    hand = parse_cards("7H 7S 7D 3C 4C 5C 6C KD")
    assert oracle(hand, parts, rules.melds, WILD, all_out=False, value=lambda f: 1) == 1
    assert find_contract(hand, parts, rules.melds, WILD) is not None


def test_compile_meld_rules_matches_compile_rules():
    spec = load_variant("shanghai")
    assert compile_meld_rules(spec) == compile_rules(spec, 4).melds


def test_run_takes_a_wild_so_that_its_natural_card_can_complete_a_set():
    # Sets may not hold wilds: the 7H must go to the set, the joker to the run.
    found = solve("contract", 2, "7S 7D 7H 5H 6H 8H JK", "melds.set.wilds_allowed=false")
    assert found is not None
    assert {str(m) for m in found.melds} == {"7D 7H 7S", "5H 6H JK=7H 8H"}


@settings(max_examples=examples(25, 200), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    variation=st.sampled_from([*HOUSE_VARIATIONS, ("contract",), ("shanghai",)]),
    held=st.integers(0, 2**13 - 1),
    suit=st.integers(0, 3),
    max_w=st.integers(0, 4),
    lo=st.integers(3, 6),
    extra=st.integers(0, 9),
)
def test_run_candidates_from_the_held_ranks_match_those_from_the_counts(
    variation, held, suit, max_w, lo, extra
):
    # The solver's fast path (a bitmask of held ranks, candidates memoised by
    # start) must give exactly the candidates, in the same order, that the
    # plain card-by-card generator gives.
    from rummy_rules.engine.candidates import _counted_run_cands, _held_run_cands

    rules = rules_for(*variation).melds
    hi = min(lo + extra, 13)
    counts = [held >> r & 1 for r in range(13)]

    def described(cands):
        return [(c.key, c.take, c.wilds, c.stands_for, c.wild_slots, c.lo, c.hi) for c in cands]

    fast = _held_run_cands(suit, held, max_w, rules, lo, hi)
    plain = _counted_run_cands(suit, counts, held, max_w, rules, lo, hi)
    assert described(fast) == described(plain)


def test_a_long_run_counts_as_two_contract_runs_where_long_melds_may_count_twice():
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H KC")
    once = rules_for("contract")
    twice = rules_for("contract", "contract.long_meld_counts_once=false")
    deal = once.deals[2]  # two runs of four
    assert [(p.kind, p.size) for p in deal.parts] == [("run", 4), ("run", 4)]
    # Counted once, 3-10 of hearts is one run: two runs of four must not continue
    # each other, and nothing else makes a second run.
    assert find_contract(hand, deal.parts, once.melds, deal.wild_faces) is None
    found = find_contract(hand, deal.parts, twice.melds, deal.wild_faces)
    assert found is not None
    assert [str(m) for m in found.melds] == ["3H 4H 5H 6H 7H 8H 9H 10H"]
    assert format_cards(found.left) == "KC"


def test_joined_contract_shapes_are_the_partitions_of_identical_parts():
    # Twelve identical parts join in as many ways as 12 has integer partitions
    # (77), worked out without visiting the 4 million set partitions.
    from rummy_rules.engine.shapes import contract_shapes

    twice = rules_for("contract", "contract.long_meld_counts_once=false")
    parts = (ContractPart("run", 4, exact=True),) * 12
    shapes = contract_shapes(parts, twice.melds)
    assert shapes[0] == parts and len(shapes) == 77
    assert (ContractPart("run", 48, exact=True),) in shapes
    mixed = (
        ContractPart("set", 3, True),
        ContractPart("run", 4, True),
        ContractPart("set", 3, True),
    )
    assert [[(p.kind, p.size) for p in s] for s in contract_shapes(mixed, twice.melds)] == [
        [("set", 3), ("run", 4), ("set", 3)],
        [("set", 6), ("run", 4)],
    ]


def test_a_run_has_an_ace_at_one_end_or_the_other_not_both():
    """docs/format.md, melds.run.ace low_or_high: "either end but not both". An
    independent referee found AH laid off on 2H…KH AH accepted (AH 2H … KH AH)."""
    from rummy_rules.cards import parse_cards
    from rummy_rules.engine import compile_rules

    rules = compile_rules(load_variant("contract"), 4).melds

    def verdict(text):
        faces = tuple(parse_cards(text))
        return check_meld(Meld("run", faces, faces), rules, frozenset())

    assert verdict("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH") is None
    assert verdict("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH") is None
    assert "not at both" in verdict("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")


def test_a_lay_off_that_puts_an_ace_at_both_ends_of_a_run_is_refused_in_a_record():
    """The referee's game (simulate contract --seed 34, game 4, deal 2, with the
    buying options of issue 34): p2 laid AH off on 2H … JK=10H JH QH KH AH; the
    previous engine played and replayed it."""
    from rummy_rules.sim.records import RecordError, replay_record

    from .conftest import ROOT

    with pytest.raises(RecordError, match=r":1355: 'p2 layoff AH@2' is illegal: AH does not fit"):
        replay_record(ROOT / "tests" / "data" / "ace-both-ends.jsonl", partial=True)


def test_contract_parts_are_matched_as_an_exhaustive_search_of_orders_would():
    """_match_parts (a matching by augmenting paths) agrees with trying every
    order of the parts, on random melds and contracts of up to five parts."""
    import itertools

    from rummy_rules.engine.melding import _fits, _match_parts
    from rummy_rules.engine.rules import ContractPart

    rng = random.Random(7)
    kinds = ("set", "run", "colour")
    for _ in range(3000):
        n = rng.randint(1, 5)
        melds = [
            Meld(rng.choice(kinds), tuple(range(rng.randint(3, 6))), tuple(range(6)))
            for _ in range(n)
        ]
        parts = [
            ContractPart(rng.choice((*kinds, "any")), rng.randint(3, 5), rng.random() < 0.5)
            for _ in range(n)
        ]
        slow = any(
            all(_fits(m, parts[p]) for m, p in zip(melds, order, strict=True))
            for order in itertools.permutations(range(n))
        )
        assert _match_parts(melds, parts) == slow


def test_a_go_down_of_twelve_melds_is_checked_without_trying_every_order():
    from rummy_rules.engine.melding import _match_parts
    from rummy_rules.engine.rules import ContractPart

    melds = [Meld("set", (0, 13, 26), (0, 13, 26)) for _ in range(12)]
    parts = [ContractPart("set", 3, True) for _ in range(11)] + [ContractPart("run", 3, True)]
    assert not _match_parts(melds, parts)  # 12! orders would not finish
    assert _match_parts(melds, [ContractPart("any", 3, False)] * 12)
