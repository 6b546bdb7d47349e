"""The Canasta family's cards with roles and the shipped Canasta files: bonus
cards laid aside (red threes), a covered first upcard, cards melded only when
going out (black threes), several cards drawn from the stock; and whole games
read back from their records as a referee would, from docs/records.md alone."""

from __future__ import annotations

import json

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.cards import parse_cards
from rummy_rules.sim.bots import make_bot, play_game
from rummy_rules.sim.records import record_lines

from .conftest import examples
from .engine_helpers import act, pile, stacked_state, why

#: Canasta for two with short hands, no opening minimum and no canasta needed
#: to go out, so that scenarios stay a few cards long.
SHORT = (
    "deals=[{cards: 4}]",
    "opening.requirement=none",
    "opening.min_points=null",
    "opening.min_points_by_total=[]",
    "opening.from_pile=any",
    "going_out.canastas=0",
    "draw.stock_cards=1",
)


def _state(p1, p2, *, upcard="9C", stock=("KH",), extra=()):
    """Seat 0 (p1) deals; seat 1 (p2) moves first."""
    hands = {0: p1, 1: p2}
    return stacked_state(
        "canasta-2p", 2, hands, upcard=upcard, stock=stock, overrides=(*SHORT, *extra)
    )


def _aside(state, seat):
    from rummy_rules.cards import format_card

    return [format_card(state.faces[c]) for c in state.game.deal.aside[seat]]


def _hand(state, seat):
    from rummy_rules.cards import format_card

    return sorted(format_card(f) for f in state.hand(seat))


def test_a_bonus_card_dealt_is_laid_aside_and_replaced_from_the_stock():
    state = _state("4C 5D 6H 7S", "3H 8C 8D 10S", stock=("QH", "KH"))
    assert _aside(state, 1) == ["3H"]
    assert _hand(state, 1) == ["10S", "8C", "8D", "QH"]
    assert _aside(state, 0) == []


def test_a_bonus_card_drawn_is_laid_aside_and_replaced_at_once():
    state = _state("4C 5D 6H 7S", "8C 8D 10S JS", stock=("3D", "KH", "QS"))
    act(state, "draw")
    assert _aside(state, 1) == ["3D"]
    assert "KH" in _hand(state, 1) and len(state.hand(1)) == 5


def test_two_cards_are_drawn_from_the_stock_where_the_variant_says_so():
    state = _state("4C 5D 6H 7S", "8C 8D 10S JS", stock=("KH", "QS"), extra=("draw.stock_cards=2",))
    act(state, "draw")
    assert {"KH", "QS"} <= set(_hand(state, 1)) and len(state.hand(1)) == 6


def test_a_bonus_card_the_empty_stock_cannot_replace_ends_the_deal():
    state = _state("4C 5D 6H 7S", "8C 8D 10S JS", stock=("3D",))
    deal = state.game.deal
    deal.stock = deal.stock[-1:]  # the stock is down to its last card, a red three
    act(state, "draw")
    result = state.results[0]
    assert result.reason == "stock"
    assert result.aside[1] == tuple(parse_cards("3D"))


def test_a_wild_first_upcard_is_covered_and_freezes_the_pile():
    state = _state("4C 5D 6H 7S", "9H JK 10S JS", upcard="2C", stock=("9D", "KH"))
    assert pile(state) == ["2C", "9D"]
    # One natural nine and a joker: no natural pair, and the pile is frozen.
    assert why(state, "take 9D") is not None


def test_a_red_three_first_upcard_is_covered_too():
    state = _state("4C 5D 6H 7S", "9H 9S 10S JS", upcard="3H", stock=("9D", "KH"))
    assert pile(state) == ["3H", "9D"]
    act(state, "take 9D")  # a natural pair of nines
    act(state, "meld 9D 9H 9S")
    # The red three under the nine is laid aside, not taken into the hand.
    assert _aside(state, 1) == ["3H"]
    assert "3H" not in _hand(state, 1)


def test_black_threes_are_melded_only_by_a_player_going_out():
    state = _state("4C 5D 6H 7S", "3C 3S 3C KD", stock=("QH", "KH"))
    act(state, "draw")  # QH: five cards, two would be left
    refusal = why(state, "meld 3C 3C 3S")
    assert refusal == "3C 3S: melded only by a player going out, as the last meld"


def test_black_threes_are_melded_with_no_wild_card():
    state = _state("4C 5D 6H 7S", "3C 3S JK KD", stock=("QH", "KH"))
    act(state, "draw")
    assert why(state, "meld 3C 3S JK=3D") == "3C 3S: melded with no wild card"


def test_black_threes_melded_as_the_last_meld_go_out():
    state = _state("4C 5D 6H 7S", "3C 3S 3C KD", stock=("KH", "QS"))
    act(state, "draw")  # KH: 3C 3C 3S KD KH
    assert why(state, "meld 3C 3C 3S") is not None  # KD and KH left
    state = _state("4C 5D 6H", "3C 3S 3C", stock=("KH", "QS"), extra=("deals=[{cards: 3}]",))
    act(state, "draw")  # 3C 3C 3S KH
    act(state, "meld 3C 3C 3S")
    act(state, "discard KH")
    assert state.results[0].went_out == 1


#: p2 melds its nines and discards down to one card (KD); p1 takes the pile with
#: its queens and discards 9C, which p2 could lay off on its nines and go out.
ONE_CARD_PILE = ("draw", "meld 9H 9S 9D", "discard QS", "take QS", "meld QH QD QS", "discard 9C")


@pytest.mark.parametrize(("allowed", "refusal"), [
    (False, "with one card in your hand you may not take a discard pile of one card"),
    (True, None),
])  # fmt: skip
def test_a_player_holding_one_card_may_not_take_a_pile_of_one_card(allowed, refusal):
    """draw.one_card_pile_with_one_card: false (Canasta, Hoyle's rules)."""
    extra = () if not allowed else ("draw.one_card_pile_with_one_card=true",)
    state = _state("QH QD 9C 5D", "9H 9S 9D KD", upcard="4S", stock=("QS", "7H", "8H"), extra=extra)
    for text in ONE_CARD_PILE:
        act(state, text)
    assert len(state.hand(1)) == 1 and len(state.game.deal.discard) == 1
    assert why(state, "take 9C") == refusal
    if allowed:  # the loophole the rule closes: the card laid off, the last discarded
        act(state, "take 9C")
        act(state, "layoff 9C@1")
        act(state, "discard KD")
        assert state.results[0].went_out == 1


def test_a_black_three_is_never_laid_off():
    state = _state("4C 5D 6H 7S", "9H 9S 9D 3C", stock=("KH", "QS"))
    act(state, "draw")
    act(state, "meld 9D 9H 9S")
    assert why(state, "layoff 3C@1") == "3C is melded only by a player going out, never laid off"


def test_bonus_cards_count_against_a_side_that_has_not_opened():
    # p1 is dealt all four red threes; p2 goes out at once and p1 never melds.
    state = _state("3H 3H 3D 3D", "9H 9S 9D 9C", stock=("4C", "5C", "6C", "7C", "KH"))
    assert sorted(_aside(state, 0)) == ["3D", "3D", "3H", "3H"]
    act(state, "draw")  # KH
    act(state, "meld 9C 9D 9H 9S")
    act(state, "discard KH")
    # 4 x 100 and 400 for all four, against; 4C 5C 6C 7C left in hand: 4 x 5.
    assert state.results[0].scores[0] == -(4 * 100 + 400) - 20


def test_a_side_that_opened_scores_its_bonus_cards():
    stock = ("4C", "4D", "4H", "7C", "KH", "5S", "KD", "4S", "QD")
    state = _state("3H 3H 3D 3D", "9H 9S 9D QS", stock=stock)
    act(state, "draw")  # p2: KH
    act(state, "meld 9D 9H 9S")
    act(state, "discard QS")
    act(state, "draw")  # p1: 5S
    act(state, "meld 4C 4D 4H")
    act(state, "discard 7C")
    act(state, "draw")  # p2: KD
    act(state, "discard KD")
    act(state, "draw")  # p1: 4S
    act(state, "layoff 4S@2")
    act(state, "discard 5S")
    result = state.results[0]
    assert result.went_out == 0
    # 4 x 100 + 400 for the red threes, four fours melded (4 x 5), going out 100.
    assert result.scores[0] == 4 * 100 + 400 + 20 + 100


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (["scoring.bonuses=[{event: bonus_card, points: 100}]"], "set deck.bonus_cards"),
        (["deck.bonus_cards=[3H]"], "set table.cover_upcard true"),
        (["deck.bonus_cards=[3H]", "table.cover_upcard=true", "buying.enabled=true"], "buying"),
        (["melds.going_out_only=[2C]", "deck.wild_ranks=[2]"], "2C is wild"),
        (["draw.stock_cards=2", "buying.enabled=true"], "cannot be played with buying"),
        (["scoring.bonus_cards_unopened=against"], "set deck.bonus_cards"),
    ],
)
def test_the_canasta_keys_refuse_what_cannot_be_played(overrides, message):
    report = check_variant("basic-rummy", overrides)
    assert any(message in p.message for p in report.errors), report.errors


# -- the records, read as a referee would (docs/records.md) --------------------


def _face_text(card, decks):
    """docs/records.md: card id i is face i % 52 of deck i // 52 below 52 x decks,
    a joker after that; face f is rank f % 13 (A 2 ... K) of suit f // 13 (C D H S)."""
    if card >= 52 * decks:
        return "JK"
    face = card % 52
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return ranks[face % 13] + "CDHS"[face // 13]


def _rank(text):
    return text.split("=")[-1][:-1]


class Referee:
    """Checks one game record of a Canasta-family file: every pile take meets the
    pile rule, every meld the wild limits and the cards never melded, every going
    out the canastas needed (natural ones too) and, with feet, a foot played."""

    def __init__(self, variant):
        self.v = variant
        self.decks = variant["deck"]["decks"]
        self.wild_ranks = set(variant["deck"]["wild_ranks"])
        self.bonus = set(variant["deck"]["bonus_cards"])
        self.stop = set(variant["draw"]["stop_cards"])
        self.only = set(variant["melds"]["going_out_only"])
        self.size = variant["melds"]["canasta_size"]
        self.need = variant["going_out"]["canastas"]
        self.need_natural = variant["going_out"]["natural_canastas"]
        self.need_mixed = variant["going_out"]["mixed_canastas"]
        self.never = set(variant["melds"]["unmeldable"])
        self.whole = variant["draw"]["discard_pile"] == "whole_pile"
        self.always = variant["draw"]["natural_pair"] == "always"
        self.fewer = variant["wilds"]["versus_naturals"] == "fewer"
        self.teams = variant["partnerships"]["teams"] == "fixed_pairs"
        self.counts = {"takes": 0, "frozen_takes": 0, "melds": 0, "outs": 0, "black_threes": 0}

    def wild(self, text):
        return text == "JK" or text[:-1] in self.wild_ranks

    def side(self, seat):
        # Partners sit opposite: seat s partners seat s + players / 2 (docs/records.md).
        half = self.players // 2
        return {seat % half, seat % half + half} if self.teams else {seat}

    def check(self, lines):
        entries = [json.loads(line) for line in lines]
        players = self.players = len(entries[0]["seats"])
        deals = self.v["deals"]
        i = 1
        while i < len(entries):
            entry = entries[i]
            if "deal" in entry and "deck" in entry:
                deck = [_face_text(c, self.decks) for c in entry["deck"]]
                deal = deals[min(entry["deal"], len(deals)) - 1]
                at = players * (deal["cards"] + deal["foot"])  # hands, then feet
                upcards = [deck[at]]
                at += 1
                while self.wild(upcards[-1]) or upcards[-1] in self.bonus:
                    upcards.append(deck[at])
                    at += 1
                self.pile = upcards
                self.table = []  # [owner, [card texts]]
                self.opened = set()
                self.pending = None  # (seat, top card) of a take that needs a pair
                self.asking = self.refused = None  # "may I go out?": who asks, who heard no
            elif "action" in entry:
                # (joins of a side's sets may come between: melds.set.join)
                following = [e for e in entries[i + 1 : i + 20] if " rearrange " not in str(e)]
                self.action(entry["action"], following[:2])
            elif "deal_end" in entry:
                self.deal_end(entry)
            i += 1

    def action(self, text, following):
        seat_text, verb, *rest = text.split(" ", 2)
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        if self.pending is not None:
            taker, top = self.pending
            assert taker == seat and verb in ("down", "meld"), text
            holding = [m.split() for m in args.split(" / ") if top in m.split()]
            assert holding, f"{top} taken with a natural pair is not melded: {text}"
            naturals = [c for c in holding[0] if "=" not in c and _rank(c) == _rank(top)]
            assert len(naturals) >= 3, f"{top} was taken from a frozen pile without a pair: {text}"
            self.pending = None
        if verb == "ask":
            self.asking = seat
            self.counts["asks"] = self.counts.get("asks", 0) + 1
        elif verb in ("yes", "no"):
            asker = self.asking
            assert asker is not None and seat in self.side(asker) - {asker}, text
            self.refused = asker if verb == "no" else None
            self.asking = None
        elif verb in ("draw", "take"):
            assert self.asking is None, text
            self.refused = None  # a new turn
        if verb == "take":
            top = args
            assert self.pile and self.pile[-1] == top, (text, self.pile[-3:])
            assert top not in self.stop, f"taken under a stop card: {text}"
            assert not self.wild(top), f"a wild top card taken: {text}"
            frozen = (
                self.always
                or any(self.wild(c) or c in self.bonus for c in self.pile)
                or not (self.side(seat) & self.opened)
            )
            self.counts["takes"] += 1
            if frozen:
                self.counts["frozen_takes"] += 1
                self.pending = (seat, top)
            take = self.v["draw"]["pile_cards"] or (len(self.pile) if self.whole else 1)
            self.pile = self.pile[: len(self.pile) - take]
        elif verb == "discard":
            self.pile.append(args)
        elif verb in ("down", "meld"):
            self.opened.add(seat)
            for meld in args.split(" / "):
                laid = meld.split()
                self.table.append([seat, laid])
                self.meld_limits(laid, text)
                if any(c in self.only for c in laid):
                    self.counts["black_threes"] += 1
                    assert not any("=" in c for c in laid), text
                    # The last meld: at most one more card played (a discard or
                    # a lay-off), and the deal ends with this player out.
                    rest = following[:1] if "action" in following[0] else []
                    end = following[len(rest)] if len(following) > len(rest) else {}
                    assert all(e["action"].startswith(seat_text + " ") for e in rest), text
                    assert end.get("went_out") == seat, f"black threes not going out: {text}"
        elif verb == "layoff":
            card, _, number = args.rpartition("@")
            assert card not in self.only, text
            meld = self.table[int(number) - 1][1]
            meld.append(card)
            self.meld_limits(meld, text)

    def meld_limits(self, cards, text):
        wilds = sum(1 for c in cards if "=" in c)
        naturals = [c for c in cards if "=" not in c]
        assert wilds <= self.v["wilds"]["max_per_meld"], f"too many wild cards: {text}"
        assert len(naturals) >= self.v["wilds"]["min_naturals"], f"too few natural cards: {text}"
        assert len({_rank(c) for c in cards}) == 1, f"not a set: {text}"
        assert not self.fewer or len(naturals) > wilds, f"wild cards not outnumbered: {text}"
        assert not any(c in self.never for c in cards), f"a card never melded: {text}"
        self.counts["melds"] += 1

    def deal_end(self, entry):
        assert self.pending is None, "the deal ended before a take was melded"
        if entry["reason"] != "out":
            return
        seat = entry["went_out"]
        assert seat != self.refused, f"deal {entry['deal_end']}: out after a partner's no"
        canastas = [
            m for owner, m in self.table if owner in self.side(seat) and len(m) >= self.size
        ]
        assert len(canastas) >= self.need, (
            f"deal {entry['deal_end']}: out without {self.need} canastas"
        )
        natural = [m for m in canastas if not any("=" in c for c in m)]
        assert len(natural) >= self.need_natural, f"deal {entry['deal_end']}: too few natural"
        mixed = len(canastas) - len(natural)
        assert mixed >= self.need_mixed, f"deal {entry['deal_end']}: too few mixed"
        assert not entry.get("foot", [""] * len(entry["left"]))[seat], "out with a foot down"
        self.counts["outs"] += 1


def referee_games(variant_id, games, seed=1, *, referee=None, bot="greedy"):
    """Play ``games`` games of ``variant_id`` between ``bot`` bots and referee their
    records with ``referee`` (a class taking the variant's data; default :class:`Referee`)."""
    import random

    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules

    spec = load_variant(variant_id)
    players = spec.players.best
    data = spec.model_dump(mode="json")
    referee = (referee or Referee)(data)
    for game in range(games):
        state = GameState(compile_rules(spec, players), seed=seed + game)
        play_game(
            state,
            [make_bot(bot, random.Random(seed * 1000 + game * 10 + s)) for s in range(players)],
        )
        referee.check(record_lines(state, data))
    return referee.counts


@pytest.mark.parametrize(
    "variant_id",
    [
        "canasta",
        "canasta-2p",
        "hand-and-foot",
        "variants/house/hand-and-foot-books.yaml",
        "variants/house/hand-and-foot-home.yaml",
    ],
)
def test_canasta_records_keep_the_pile_rule_the_wild_limits_and_the_canastas(variant_id):
    counts = referee_games(variant_id, examples(3, 40))
    assert counts["takes"] and counts["frozen_takes"] and counts["outs"], counts


@pytest.mark.parametrize(
    ("variant_id", "players"), [("canasta", "4"), ("canasta-2p", "2"), ("hand-and-foot", "4")]
)
def test_simulated_canasta_family_games_end_by_their_rules_and_pass_the_referee(
    cli, tmp_path, variant_id, players
):
    """The issue's check: `simulate VARIANT --players N --games 300 --seed 1 --json
    --records F` (6 games in the quick suite); every game ends by its rules (the
    target score, or the deals of the schedule), the records replay, and the
    referee above reads every one of them."""
    from rummy_rules.sim.records import replay_records

    games = examples(6, 300)
    records = tmp_path / "games.jsonl"
    result = cli(
        "simulate",
        variant_id,
        "--players",
        players,
        "--games",
        str(games),
        "--seed",
        "1",
        "--json",
        "--records",
        str(records),
    )
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    assert stats["games"] == games and not stats["failed_games"]
    reports = replay_records(records)
    assert len(reports) == games and all(r.finished for r in reports)
    lines = records.read_text().splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith('{"record"')]
    referee = Referee(json.loads(lines[0])["variant"])
    target = referee.v["game_end"]["target_score"]
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        game = lines[start:end]
        referee.check(game)
        totals = json.loads(game[-1])["totals"]
        deals = sum(1 for line in game if line.startswith('{"deal_end"'))
        if target is None:  # a fixed number of deals
            assert deals == len(referee.v["deals"]), game[-1]
        else:
            assert max(totals) >= target, game[-1]
    assert referee.counts["frozen_takes"] and referee.counts["outs"] >= games


def test_the_table_shows_the_sides_the_bonus_cards_and_the_opening_minimum():
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.render.table_words import table_lines

    state = GameState(compile_rules(load_variant("canasta"), 4), seed=3)
    while not any(state.game.deal.aside):
        state = GameState(compile_rules(load_variant("canasta"), 4), seed=state.seed + 1)
    lines = table_lines(state, 0)
    assert "Sides: p1 (you) and p3 (0 points) against p2 and p4 (0 points)." in lines
    laid = [line for line in lines if line.startswith("Bonus cards laid aside: ")]
    assert laid and all(f"p{s + 1} " in laid[0] for s, a in enumerate(state.game.deal.aside) if a)
    assert lines[0].startswith("Deal 1: first melds worth 50 or more.")


# -- Hand and Foot: the foot, per-deal minimums, threes never melded ----------

#: Hand and Foot for two players each alone, with hands and feet of three cards,
#: no opening minimum and no books needed to go out.
FOOT = (
    "players={min: 2, max: 4, best: 2}",
    "partnerships.teams=none",
    "partnerships.opening_per=player",
    "partnerships.scoring=individual",
    "melding.lay_off.targets=own",
    "deals=[{cards: 3, foot: 3}]",
    "opening.requirement=none",
    "opening.min_points=null",
    "going_out.canastas=0",
    "going_out.natural_canastas=0",
    "going_out.mixed_canastas=0",
    "draw.stock_cards=1",
)


def _foot_state(p2, foot2, *, stock=("KH", "QS", "JD"), p1="4C 5D 6H", foot1="8C 9D 10H"):
    return stacked_state(
        "hand-and-foot",
        2,
        {0: p1, 1: p2},
        feet={0: foot1, 1: foot2},
        upcard="KC",
        stock=stock,
        overrides=FOOT,
    )


def test_a_hand_emptied_by_a_meld_picks_up_the_foot_and_plays_on():
    state = _foot_state("9H 9S 9C", "5C 6D 7H", stock=("9D", "KH"))
    assert state.game.deal.feet[1]
    act(state, "draw")  # 9D: four nines
    act(state, "meld 9C 9D 9H 9S")
    # The hand is empty: the foot is picked up and the turn goes on.
    assert _hand(state, 1) == ["5C", "6D", "7H"] and not state.game.deal.feet[1]
    assert state.to_move == 1 and not state.results
    act(state, "discard 5C")
    assert state.to_move == 0


def test_a_hand_emptied_by_a_discard_picks_up_the_foot_for_the_next_turn():
    state = _foot_state("9H 9S 9D", "5C 6D 7H", stock=("KH", "QS"))
    act(state, "draw")  # KH
    act(state, "meld 9D 9H 9S")
    act(state, "discard KH")
    assert not state.results  # not out: the foot is still to be played
    assert _hand(state, 1) == ["5C", "6D", "7H"] and state.to_move == 0


def _p2_out_through_the_foot(state):
    """p2 melds 9D 9H 9S, picks up the foot (5C 5D 5H) by a discard and goes out."""
    act(state, "draw")  # KH
    act(state, "meld 9D 9H 9S")
    act(state, "discard KH")  # the foot is picked up
    act(state, "draw")  # p1: QS
    act(state, "discard QS")
    act(state, "draw")  # p2: JD
    act(state, "meld 5C 5D 5H")
    act(state, "discard JD")
    return state.results[0]


def test_only_a_player_who_picked_up_the_foot_goes_out_and_a_foot_left_counts():
    state = _foot_state("9H 9S 9D", "5C 5D 5H", stock=("KH", "QS", "JD"))
    result = _p2_out_through_the_foot(state)
    assert result.went_out == 1
    # p1 kept 4C 5D 6H and a foot of 8C 9D 10H: all count against them.
    assert result.foot[0] and result.scores[0] == -(5 + 5 + 5) - (10 + 10 + 10)


HOME = "variants/house/hand-and-foot-home.yaml"


def test_seven_from_the_pile_takes_the_top_seven_discards():
    state = stacked_state(
        HOME,
        2,
        {0: "4C 5D 6H", 1: "9H 9S 5C"},
        feet={0: "8C 9D 10H", 1: "5S 6S 7S"},
        upcard="KC",
        stock=("4D", "5D", "6D", "7D", "8D", "10D", "JD", "QD", "9D", "KH"),
        overrides=FOOT,
    )
    d = state.game.deal
    for _ in range(9):  # a pile, bottom to top: KC 4D 5D 6D 7D 8D 10D JD QD 9D
        d.discard.append(d.stock.pop())
    act(state, "take 9D")
    assert pile(state) == ["KC", "4D", "5D"]
    assert _hand(state, 1) == sorted(["9H", "9S", "5C", "6D", "7D", "8D", "10D", "JD", "QD", "9D"])
    assert why(state, "discard 5C") is not None  # the top card is melded at once, with the pair
    act(state, "meld 9D 9H 9S")


def test_a_red_three_caught_in_a_foot_never_picked_up_costs_500():
    state = stacked_state(
        HOME,
        2,
        {0: "4C 5D 6H", 1: "9H 9S 9D"},
        feet={0: "8C 9D 3H", 1: "5C 5D 5H"},
        upcard="KC",
        stock=("KH", "QS", "JD"),
        overrides=FOOT,
    )
    result = _p2_out_through_the_foot(state)
    assert result.went_out == 1
    # p1 kept 4C 5D 6H and a foot of 8C 9D 3H never picked up: its red three
    # counts 5 like a card in hand, and 500 more.
    assert result.scores[0] == -(5 + 5 + 5) - (10 + 10 + 5) - 500


def test_threes_are_never_melded_where_the_variant_says_so():
    state = _foot_state("3C 3S 3S", "5C 6D 7H", stock=("KH",))
    act(state, "draw")
    assert why(state, "meld 3C 3S 3S") == "3C 3S: never melded in this variant"


def test_the_opening_minimum_follows_the_deal():
    import random

    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.side_sets import opening_minimum_of
    from rummy_rules.engine.view import seat_view

    state = GameState(compile_rules(load_variant("hand-and-foot"), 4), seed=5)
    seen = {}
    bots = [make_bot("greedy", random.Random(s)) for s in range(4)]
    while not state.is_terminal():
        seen.setdefault(state.deal_index, opening_minimum_of(state.game, 0))
        state.apply(bots[state.to_move].choose(seat_view(state, state.to_move)))
    assert seen == {0: 50, 1: 90, 2: 120, 3: 150}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (["deals=[{cards: 7, foot: 7}]", "buying.enabled=true"], "cannot be played with buying"),
        (["deals=[{cards: 7, min_points: 50}]"], "it needs opening.requirement min_points"),
        (["going_out.natural_canastas=1"], "more than going_out.canastas"),
        (["melds.unmeldable=[2C]", "deck.wild_ranks=[2]"], "2C is wild"),
    ],
)
def test_the_hand_and_foot_keys_refuse_what_cannot_be_played(overrides, message):
    report = check_variant("basic-rummy", overrides)
    assert any(message in p.message for p in report.errors), report.errors


# -- "May I go out?" (going_out.ask_partner) -----------------------------------

#: Canasta for four with the short deals of SHORT above (its draw of one card
#: is Canasta's own).
ASKING = SHORT


def _ask_state(p2, *, stock=("KH", "QS", "JD", "10C"), extra=()):
    """Seat 1 (p2) moves first; its partner is seat 3 (p4)."""
    hands = {0: "4C 5D 6H 7S", 1: p2, 2: "4D 5H 6S 7C", 3: "4H 5S 6C 7D"}
    return stacked_state("canasta", 4, hands, upcard="9C", stock=stock, overrides=(*ASKING, *extra))


def test_the_partner_answers_and_a_no_forbids_going_out_this_turn():
    from .engine_helpers import texts

    state = _ask_state("9H 9S 9D 5C")
    act(state, "draw")  # KH
    assert "ask" in texts(state)
    act(state, "ask")
    assert state.to_move == 3 and texts(state) == ["no", "yes"]
    assert why(state, "discard 5C") == "your partner asked 'may I go out?': answer yes or no"
    act(state, "no")
    assert state.to_move == 1 and "ask" not in texts(state)
    act(state, "meld 9D 9H 9S")  # 5C and KH left: discarding one keeps the other
    assert why(state, "layoff 5C@1") is not None
    state = _ask_state("9H 9S 9D 9C")
    act(state, "draw")
    act(state, "ask")
    act(state, "no")
    # Melding the nines would leave KH alone, whose discard would go out.
    refusal = "your partner said no: you may not go out this turn"
    assert why(state, "meld 9C 9D 9H 9S") == refusal


def test_a_yes_binds_the_player_to_go_out_melding_while_they_can():
    state = _ask_state("9H 9S 9D 5C")
    act(state, "draw")  # KH
    act(state, "ask")
    act(state, "yes")
    refusal = "your partner said yes: go out this turn, melding and laying off while you can"
    assert why(state, "discard 5C") == refusal
    act(state, "meld 9D 9H 9S")
    # 5C and KH: nothing more to meld, so the turn may end keeping a card.
    assert why(state, "discard 5C") is None


def test_where_asking_is_a_must_a_player_goes_out_only_after_a_yes():
    state = _ask_state("9H 9S 9D 9C", extra=("going_out.ask_partner=must",))
    act(state, "draw")  # KH
    first = "ask your partner first: in this variant you go out only after they say yes"
    assert why(state, "meld 9C 9D 9H 9S") == first
    act(state, "ask")
    act(state, "yes")
    act(state, "meld 9C 9D 9H 9S")
    act(state, "discard KH")
    assert state.results[0].went_out == 1


def test_asking_needs_partners():
    report = check_variant("basic-rummy", ["going_out.ask_partner=may"])
    assert any("needs partnerships.teams" in p.message for p in report.errors), report.errors


def test_a_wild_laid_on_the_last_natural_canasta_may_not_leave_one_card():
    """Going out needs a natural canasta: a lay-off that makes the side's only one
    mixed, leaving one card, would leave a hand that can neither go out nor meld."""
    extra = (
        "deals=[{cards: 8}]",
        "going_out.canastas=1",
        "going_out.natural_canastas=1",
    )
    state = stacked_state(
        "hand-and-foot",
        2,
        {0: "4C 5D 6H 7S 8C 9D 10H JS", 1: "9C 9C 9D 9D 9H 9H 9S JK"},
        upcard="KC",
        stock=("KH", "QS"),
        overrides=(*FOOT, *extra),
    )
    act(state, "draw")  # KH
    act(state, "meld 9C 9C 9D 9D 9H 9H 9S")  # a natural canasta: JK and KH left
    refusal = why(state, "layoff JK=9C@1")
    assert refusal is not None and "natural canasta" in refusal
    assert why(state, "discard KH") is None


def test_bonus_cards_laid_aside_count_out_of_the_pack_in_the_deck_check():
    every = ",".join(r + s for s in "CDHS" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    report = check_variant(
        "basic-rummy", [f"deck.bonus_cards=[{every}]", "table.cover_upcard=true"]
    )
    messages = [p.message for p in report.errors]
    assert any("52 of them bonus cards laid aside" in m for m in messages), messages
    assert any("(1 deck + 0 jokers)" in m for m in messages), messages


def test_with_the_stock_gone_a_discard_that_fits_the_sides_meld_must_be_taken():
    """Britannica: once the stock is exhausted a player must take the discard if
    it matches a meld of their side (stock_exhausted.must_take: lay_off)."""
    from rummy_rules.engine.actions import parse_action

    from .refusal_cases import CASES, position

    state = position(CASES["pass.must_take"])
    texts = [str(a) for a in state.legal_actions()]
    assert "pass" not in texts and all(t.startswith("take") for t in texts)
    refusal = state.check(parse_action("pass"))
    assert refusal is not None and refusal.code == "pass.must_take"
    state.apply(state.legal_actions()[0])
    assert any(a.kind == "layoff" for a in state.legal_actions())
    # Without the rule the same player, in the same position, may pass.
    free = position(
        CASES["pass.must_take"]._replace(overrides=("stock_exhausted.must_take=never",))
    )
    assert "pass" in [str(a) for a in free.legal_actions()]


@pytest.mark.parametrize(
    ("variant", "at", "line"),
    [
        ("canasta", 63, "  3. p2 set: JH JS 2H=JC 2S=JD JD JC JS — mixed canasta"),
        ("canasta", 204, "  5. p2 set: 7D 7H 7S 7S 7H 7C 7D — natural canasta"),
        ("samba", 180, "  3. p2 run: 8S 9S 10S JS QS KS AS — samba"),
    ],
)
def test_the_table_marks_each_canasta_and_its_kind(variant, at, line):
    """Greedy bots, seed 0: after ``at`` actions the table holds this canasta."""
    import random

    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.view import seat_view
    from rummy_rules.render.table_words import table_lines
    from rummy_rules.sim.bots import make_bot

    state = GameState(compile_rules(load_variant(variant), 4), seed=0)
    bots = [make_bot("greedy", random.Random(i)) for i in range(4)]
    for _ in range(at + 1):
        seat = state.to_move
        state.apply(bots[seat].choose(seat_view(state, seat)))
    lines = table_lines(state, 0)
    assert line in lines
    # Melds short of a canasta carry no mark.
    for text in lines:
        if text.startswith("  ") and ": " in text and "—" not in text:
            assert len(text.split(": ", 1)[1].split()) < 7, text


def test_once_a_side_has_opened_a_partners_meld_needs_no_minimum_but_a_down_does():
    """partnerships.opening_per: team (Canasta): the partner of a player who
    opened lays new melds with `meld` below the opening minimum; the same
    melds written as `down` are an opening of the partner's own, refused
    below it (docs/records.md, "Opening by points")."""
    import random

    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.state import GameState
    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots import make_bot

    state = GameState(compile_rules(load_variant("canasta"), 4), seed=1)
    bots = [make_bot("greedy", random.Random(i)) for i in range(4)]
    seen = 0
    while not state.is_terminal() and seen < 2:
        seat = state.to_move
        if not state.is_down(seat) and state.is_down((seat + 2) % 4):
            for action in state.legal_actions():
                text = str(action)
                if action.kind == "meld" and "opening must be worth" in (
                    why(state, text.replace("meld", "down", 1)) or ""
                ):
                    assert why(state, text) is None
                    seen += 1
                    break
        state.apply(bots[seat].choose(seat_view(state, seat)))
    assert seen == 2


def test_partners_level_with_each_other_are_one_side_not_a_tie_for_another_deal():
    """``game_end.ties: extra_deal`` with partners scoring together: the two
    partners' equal totals are their side's, so the game ends at the target
    when one side leads (it played deals to the cap before), and goes on only
    while two sides are level."""
    from rummy_rules.engine.ending import _game_over
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.state import GameState

    spec = load_variant("canasta", ["game_end.ties=extra_deal"])
    state = GameState(compile_rules(spec, 4), seed=1)
    g = state.game
    g.totals[:] = [5100, 4000, 5100, 4000]
    assert _game_over(g) == "rules"
    g.totals[:] = [5100, 5100, 5100, 5100]
    assert _game_over(g) is None
