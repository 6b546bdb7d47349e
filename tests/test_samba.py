"""Samba: runs in the Canasta family (a run of seven is a samba), black threes
never in a run, the pile taken with a natural pair or laid off on an unfinished
meld, no wild card onto a canasta, red threes against a side short of its two
canastas; whole games read back from their records as a referee would, from
docs/records.md and the rulebook alone."""

from __future__ import annotations

import pytest

from rummy_rules import load_variant

from .conftest import examples
from .engine_helpers import act, stacked_state, texts, why
from .test_canasta import Referee, _rank

ORDER = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class SambaReferee(Referee):
    """The Canasta referee, with Samba's runs, pile rule, canasta and scoring."""

    def __init__(self, variant):
        super().__init__(variant)
        self.counts.update({"runs": 0, "sambas": 0, "lay_off_takes": 0, "scored": 0})
        self.values = variant["scoring"]["card_values"]
        self.either = None  # (seat, top card) taken from an unfrozen pile

    def value(self, text):
        card = text.split("=")[0]
        return self.values["joker" if card == "JK" else card[:-1]]

    def action(self, text, following):
        seat_text, verb, *rest = text.split(" ", 2)
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        if self.either is not None:
            taker, top = self.either
            self.either = None
            assert taker == seat, text
            if verb == "layoff":
                # Laid off first and alone, on an unfinished meld of the side.
                card, _, number = args.rpartition("@")
                owner, meld = self.table[int(number) - 1]
                assert card == top and owner in self.side(seat), text
                assert len(meld) < self.size, f"{top} laid off from the pile onto a canasta: {text}"
                self.counts["lay_off_takes"] += 1
            else:
                self.pending = (seat, top)  # else melded with a natural pair, as when frozen
        # Frozen: a wild card or a red three in the pile, or the taker's side not opened.
        frozen = any(self.wild(c) or c in self.bonus for c in self.pile) or not (
            self.side(seat) & self.opened
        )
        super().action(text, following)
        if verb == "take" and not frozen:
            self.either = (seat, args)
        if verb == "layoff":
            card, _, number = args.rpartition("@")
            meld = self.table[int(number) - 1][1]
            if "=" in card:
                assert len(meld) - 1 < self.size, f"a wild card laid off on a canasta: {text}"
        elif verb == "rearrange":
            self.join(seat, args, text)

    def join(self, seat, args, text):
        """A side joins its sets of one rank (melds.set.join): the taken melds leave
        the table (the rest close up) and their cards, no others, come back as one
        set at its end; no wild card reaches a canasta that way."""
        numbers, _, laid = args.partition(" into ")
        taken = [self.table[int(n) - 1] for n in numbers.split(",")]
        assert len(taken) >= 2 and all(owner in self.side(seat) for owner, _ in taken), text
        assert len({_rank(c) for _, m in taken for c in m}) == 1, f"not one rank: {text}"
        assert sorted(laid.split()) == sorted(c for _, m in taken for c in m), text
        wilds = [sum("=" in c for c in m) for _, m in taken]
        for (_, m), own in zip(taken, wilds, strict=True):
            assert len(m) < self.size or sum(wilds) == own, f"a wild onto a canasta: {text}"
        self.table = [entry for entry in self.table if all(entry is not t for t in taken)]
        self.table.append([seat, laid.split()])
        self.meld_limits(laid.split(), text)
        self.counts["joins"] = self.counts.get("joins", 0) + 1

    def meld_limits(self, cards, text):
        ranks = {_rank(c) for c in cards}
        if len(ranks) == 1:
            return super().meld_limits(cards, text)
        assert not any("=" in c for c in cards), f"a wild card in a run: {text}"
        assert not any(c in self.only for c in cards), f"a black three in a run: {text}"
        assert len({c[-1] for c in cards}) == 1, f"a run of several suits: {text}"
        places = sorted(ORDER.index(_rank(c)) for c in cards)
        assert places == list(range(places[0], places[0] + len(places))), f"not a run: {text}"
        assert 3 <= len(cards) <= 7, f"a run of {len(cards)}: {text}"
        self.counts["runs"] += 1
        self.counts["melds"] += 1

    def deal_end(self, entry):
        assert self.either is None, "the deal ended before a take was laid off"
        super().deal_end(entry)
        scores = entry["scores"]
        for first in range(self.players // 2):
            side = self.side(first)
            melds = [m for owner, m in self.table if owner in side]
            points = sum(self.value(c) for m in melds for c in m)
            points -= sum(self.value(c) for s in side for c in entry["left"][s].split())
            canastas = [m for m in melds if len(m) >= self.size]
            for meld in canastas:
                if len({_rank(c) for c in meld}) > 1:
                    points += 1500
                    self.counts["sambas"] += 1
                else:
                    points += 300 if any("=" in c for c in meld) else 500
            if entry["went_out"] in side:
                points += 200
            threes = sum(len(entry["aside"][s].split()) for s in side)
            red = 100 * threes + (400 if threes == 6 else 0)
            points += red if len(canastas) >= self.need else -red
            assert all(scores[s] == points for s in side), (entry["deal_end"], side, points)
            self.counts["scored"] += 1


def samba_games(games, seed=1, variant="samba"):
    import random

    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.sim.bots import make_bot, play_game
    from rummy_rules.sim.records import record_lines

    spec = load_variant(variant)
    data = spec.model_dump(mode="json")
    referee = SambaReferee(data)
    players = spec.players.best
    for game in range(games):
        state = GameState(compile_rules(spec, players), seed=seed + game)
        bots = [
            make_bot("greedy", random.Random(seed * 1000 + game * 10 + s)) for s in range(players)
        ]
        play_game(state, bots)
        referee.check(record_lines(state, data))
    return referee.counts


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_samba_records_keep_runs_sambas_joins_the_pile_rule_and_the_scores():
    counts = samba_games(examples(8, 30))
    assert counts["runs"] and counts["sambas"] and counts["scored"], counts
    assert counts["takes"] and counts["frozen_takes"] and counts["joins"], counts
    assert counts["outs"], counts


def test_samba_for_six_plays_three_sides_of_two_partners_opposite():
    counts = samba_games(examples(3, 10), variant="samba-6p")
    assert counts["outs"] and counts["scored"] and counts["joins"], counts
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules

    state = GameState(compile_rules(load_variant("samba-6p"), 6), seed=1)
    assert state.game.team == [0, 1, 2, 0, 1, 2]


#: Samba with five-card hands, no opening minimum and one card drawn, so that
#: scenarios stay short; seat 0 (p1) deals, seat 1 (p2) moves first, p2 and p4
#: are partners.
SHORT = (
    "deals=[{cards: 5}]",
    "opening.requirement=none",
    "opening.min_points=null",
    "opening.min_points_by_total=[]",
    "opening.from_pile=any",
    "draw.stock_cards=1",
)


def _state(hands, stock=("QD", "AS", "KS", "AD", "QH"), cards=5):
    overrides = (*SHORT, f"deals=[{{cards: {cards}}}]")
    return stacked_state(
        "samba", 4, dict(enumerate(hands)), upcard="9C", stock=stock, overrides=overrides
    )


def _opened(p4="9H 10H JC QC KS"):
    """p2 has melded the run 5H 6H 7H (meld 1); p3 has discarded 8H."""
    state = _state(["4C 9D 10S JS QS", "5H 6H 7H KD KC", "8H 4D 4S JD AC", p4])
    for text in ("draw", "meld 5H 6H 7H", "discard KD", "draw", "discard 8H"):
        act(state, text)
    return state


def test_an_unfrozen_pile_is_taken_to_lay_its_top_card_off_on_an_unfinished_meld():
    state = _opened()
    assert why(state, "take 8H") is None
    act(state, "take 8H")
    # Without a natural pair, the card goes onto the side's unfinished meld, first.
    assert why(state, "meld 8H 9H 10H").code == "side.pair_taken"
    act(state, "layoff 8H@1")
    assert len(state.melds[0].cards) == 4


def test_without_a_natural_pair_the_top_card_must_fit_an_unfinished_meld_of_the_side():
    state = _state(["4C 9D 10S JS QS", "5H 6H 7H KD KC", "KH 4D 4S JD AC", "9S 10D JC QC 4H"])
    for text in ("draw", "meld 5H 6H 7H", "discard KD", "draw", "discard KH"):
        act(state, text)
    assert why(state, "take KH").code == "take.pair_or_lay_off"


def test_a_frozen_pile_is_taken_only_with_a_natural_pair_melded_with_it():
    # p4's side has not opened: the pile is frozen for p4.
    state = _state(["4C 9D 10S JS QS", "KD KC 5C 6D 7S", "8H 4D 4S JD AC", "9S 10D 8C 8D KS"])
    for text in ("draw", "discard KD", "draw", "discard 8H"):
        act(state, text)
    assert why(state, "take 8H") is None  # p4 holds 8C 8D
    act(state, "take 8H")
    assert why(state, "meld 8H 8C 8D") is None


def test_a_black_three_is_never_melded_in_a_run():
    state = _state(["4C 9D 10S JS QS", "3S 4S 5S 3C 3C", "8H 4D 4S JD AC", "9S 10D JC QC KS"])
    act(state, "draw")
    refusal = why(state, "meld 3S 4S 5S")
    assert refusal.code == "side.going_out_only_set", refusal


def test_no_wild_card_is_laid_off_on_a_canasta():
    hands = ["4C 9D 10S JS QS", "KD KD KD KH KH KC KC 2C 5S", "8C 4D 4S", "9S 10D JC QC"]
    state = _state(hands, cards=9)
    act(state, "draw")
    act(state, "meld KD KD KD KH KH KC KC")  # a natural canasta
    assert why(state, "layoff 2C=KS@1").code == "layoff.wild_onto_canasta"
    assert "layoff 2C=KS@1" not in texts(state)


def test_a_side_joins_two_sets_of_a_rank_into_one_and_it_counts_as_a_canasta():
    hands = [
        "4C 9D 10S JS QS QH QC AC AD",
        "KD KD KD KH KH KH KC 5S 6D",
        "8C 4D 4S 9S 10D JC QC QD JD",
        "9S 10D JC QC 7C 7D 7H 8S 8D",
    ]
    state = _state(hands, cards=9)
    act(state, "draw")
    act(state, "meld KD KD KD")
    act(state, "meld KH KH KH KC")
    join = "rearrange 1,2 into KD KD KD KH KH KH KC"
    assert join in texts(state)
    # Only the two sets' cards: none from the hand, no set of another rank.
    assert why(state, "rearrange 1,2 into KD KD KD KH KH KH KC 5S").code == "rearrange.join_sets"
    assert why(state, "rearrange 1 into KD KD KD").code == "rearrange.join_sets"
    act(state, join)
    assert [len(m.cards) for m in state.melds] == [7]  # one set: a canasta


def test_no_wild_card_reaches_a_canasta_by_a_join():
    hands = [
        "4C 9D 10S JS QS QH QC AC AD 8H 5C 5D",
        "KD KD KD KH KH KH KC KS KS 2C 5S 6D",
        "8C 4D 4S 9S 10D JC QC QD JD 8H 6C 6H",
        "9S 10D JC QC 7C 7D 7H 8S 8D 8H 6S 9H",
    ]
    state = _state(hands, cards=12)
    act(state, "draw")
    act(state, "meld KD KD KD KH KH KH KC")  # a natural canasta
    act(state, "meld KS KS 2C=KH")
    join = "rearrange 1,2 into KD KD KD KH KH KH KC KS KS 2C=KH"
    assert why(state, join).code == "layoff.wild_onto_canasta"
    assert not any(t.startswith("rearrange") for t in texts(state))


def test_a_table_without_contracts_does_not_say_no_contract():
    from rummy_rules.render.table_words import status_lines

    state = _opened()
    head = status_lines(state, 0)[0]
    assert head.startswith("Deal 1. Dealer p1;") and "contract" not in head, head
