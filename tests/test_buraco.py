"""Buraco: a morto for each side (``deals[].foot_per: team``), taken once by
the first partner to empty their hand; going out with a clean canasta by
melding or discarding; a morto turned into the stock when the stock runs out
(``stock_exhausted.foot_to_stock``); 100 off for a morto not played
(``foot_left``); a deal that only passes the pile round stopped
(``draw.stall_turns``). Whole games are read back from their records as a
referee would, from docs/records.md and the rulebook alone."""

from __future__ import annotations

import json

import pytest

from rummy_rules import load_variant

from .conftest import examples

#: Ranks from the ace up, as records write them.
ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class BuracoReferee:
    """Checks one Buraco game record: hand sizes, each side's morto taken at most
    once and only by a player whose hand is empty, going out only with the
    side's morto played and a clean canasta, one wild card a meld at most, the
    morto turned into the stock when the stock runs out, and each deal's scores."""

    def __init__(self, variant):
        self.v = variant
        self.values = variant["scoring"]["card_values"]
        self.deal = variant["deals"][0]
        self.counts = {"mortos": 0, "outs": 0, "to_stock": 0, "scored": 0, "melds": 0}

    def wild(self, text):
        # A two standing for itself is natural there (wilds.own_place_natural).
        return "=" in text

    def value(self, text):
        card = text.split("=")[0]
        return self.values["joker" if card == "JK" else card[:-1]]

    def check(self, lines):
        entries = [json.loads(line) for line in lines]
        players = self.players = len(entries[0]["seats"])
        for entry in entries[1:]:
            if "deal" in entry and "deck" in entry:
                cards = self.deal["cards"]
                self.held = [cards] * players
                # The mortos come after the hands, one card to each in turn.
                self.stock = len(entry["deck"]) - players * cards - 2 * self.deal["foot"]
                self.morto = [self.deal["foot"]] * 2  # cards still down, per side
                self.taken = [0, 0]  # times each side picked its morto up
                self.played = [False, False]
                self.pending = set()  # picked up by a discard, their players yet to play
                self.pile = 0
                self.table = []
                self.current = None
                self.dealer, self.cut = entry["dealer"], None
            elif "cut" in entry:
                self.cut = entry["cut"]  # the cutter sits on the dealer's right
            elif "action" in entry:
                self.action(entry["action"])
            elif "deal_end" in entry:
                self.deal_end(entry)

    def emptied(self, seat, by_discard):
        side = seat % 2
        if self.morto[side]:
            self.held[seat] = self.morto[side]
            self.morto[side] = 0
            self.taken[side] += 1
            assert self.taken[side] == 1, "a morto taken twice"
            self.counts["mortos"] += 1
            self.played[side] = not by_discard
            if by_discard:
                self.pending.add(seat)
            return False
        return True  # going out

    def action(self, text):
        seat_text, verb, *rest = text.split(" ", 2)
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        if seat != self.current:
            self.current = seat
            if seat in self.pending:  # the morto picked up by a discard is played
                self.played[seat % 2] = True
                self.pending.discard(seat)
        self.out = None
        if verb == "draw":
            if not self.stock and not any(self.morto):
                self.out = "stock"  # no card to draw: the deal ends
                return
            if not self.stock:
                # The morto of the player in turn's side first, then the other's.
                side = seat % 2 if self.morto[seat % 2] else 1 - seat % 2
                self.stock, self.morto[side] = self.morto[side], 0
                self.counts["to_stock"] += 1
            self.stock -= 1
            self.held[seat] += 1
        elif verb == "take":
            assert self.pile, text
            self.held[seat] += self.pile
            self.pile = 0
        elif verb in ("down", "meld"):
            for meld in args.split(" / "):
                laid = meld.split()
                assert sum(self.wild(c) for c in laid) <= 1, f"two wild cards: {text}"
                self.table.append([seat % 2, laid])
                self.held[seat] -= len(laid)
                self.counts["melds"] += 1
        elif verb == "layoff":
            card, _, number = args.rpartition("@")
            side, meld = self.table[int(number) - 1]
            assert side == seat % 2, f"laid off on the other side's meld: {text}"
            if not self.moved_wild(meld, card):
                meld.append(card)
            assert sum(self.wild(c) for c in meld) <= 1, f"two wild cards: {text}"
            self.held[seat] -= 1
        elif verb == "discard":
            self.held[seat] -= 1
            self.pile += 1
        assert self.held[seat] >= 0, text
        emptying = not self.held[seat] and verb in ("down", "meld", "layoff", "discard")
        if emptying and self.emptied(seat, verb == "discard"):
            self.out = seat

    def moved_wild(self, meld, card):
        """A natural card laid where a run's wild stands for it takes its place; the
        wild goes to its own place if that is an end (then natural), else to the
        high end if the run may grow there, else the low end (wilds.reposition)."""
        if "=" in card:
            return False
        place = next((i for i, c in enumerate(meld) if c.endswith("=" + card)), None)
        if place is None or len({c.split("=")[-1][:-1] for c in meld}) == 1:
            return False  # (a set's wild stays: wilds.declared_identity fixed)
        wild = meld[place].split("=")[0]
        meld[place] = card
        stands = [c.split("=")[-1] for c in meld]
        suit = card[-1]
        ranks = [ORDER.index(c[:-1]) + 1 for c in stands]  # ace 1 ... king 13
        if 1 in ranks and 13 in ranks:
            ranks = [14 if r == 1 else r for r in ranks]  # the ace above the king
        low, high = min(ranks), max(ranks)
        self.counts["wilds_moved"] = self.counts.get("wilds_moved", 0) + 1
        if wild == "2" + suit and low == 3:
            meld.insert(0, wild)  # its own place: natural there
            self.counts["own_place"] = self.counts.get("own_place", 0) + 1
        elif high < 14 and not (low == 1 and high == 13):
            meld.append(f"{wild}={ORDER[high % 13]}{suit}")
        else:
            meld.insert(0, f"{wild}={ORDER[low - 2]}{suit}")
        return True

    def deal_end(self, entry):
        went_out = entry["went_out"]
        if entry["reason"] == "stock":
            assert self.out == "stock", (entry["deal_end"], "ended with cards to draw")
        elif entry["reason"] == "out":
            assert went_out == self.out, (entry["deal_end"], went_out, self.out)
        else:
            assert entry["reason"] == "blocked", entry
            self.counts["blocked"] = self.counts.get("blocked", 0) + 1
        scores = entry["scores"]
        for side in (0, 1):
            melds = [m for owner, m in self.table if owner == side]
            canastas = [m for m in melds if len(m) >= 7]
            clean = [m for m in canastas if not any(self.wild(c) for c in m)]
            if went_out is not None and went_out % 2 == side:
                # The morto is played, or gone into the stock: none is down.
                assert clean and not self.morto[side], f"out without a clean canasta: {entry}"
                self.counts["outs"] += 1
            points = sum(self.value(c) for m in melds for c in m)
            seats = range(side, self.players, 2)  # the side's players
            points -= sum(self.value(c) for s in seats for c in entry["left"][s].split())
            points += 200 * len(clean) + 100 * (len(canastas) - len(clean))
            points += 100 if went_out is not None and went_out % 2 == side else 0
            points -= 0 if self.played[side] else 100
            if self.cut == 2 * self.deal["foot"] and (self.dealer - 1) % self.players % 2 == side:
                points += 100  # the cut lifted exactly the two mortos
                self.counts["exact_cuts"] = self.counts.get("exact_cuts", 0) + 1
            assert all(scores[s] == points for s in seats), (entry["deal_end"], side, points)
            self.counts["scored"] += 1


def buraco_games(bot, games, seed=1, variant="buraco"):
    """Referee ``games`` games of ``variant`` between ``bot`` bots (the Canasta
    family's runner, with the Buraco referee)."""
    from .test_canasta import referee_games

    return referee_games(variant, games, seed, referee=BuracoReferee, bot=bot)


def test_buraco_records_take_each_morto_once_and_go_out_with_a_clean_canasta():
    counts = buraco_games("random", examples(10, 50))
    assert counts["mortos"] and counts["outs"] and counts["to_stock"], counts
    greedy = buraco_games("greedy", examples(3, 10))
    assert greedy["outs"] and greedy["scored"] and not greedy.get("blocked"), greedy


def test_buraco_for_two_gives_each_player_a_morto_of_their_own():
    counts = buraco_games("random", examples(5, 30), variant="buraco-2p")
    assert counts["mortos"] and counts["outs"], counts
    greedy = buraco_games("greedy", examples(2, 10), variant="buraco-2p")
    assert greedy["outs"], greedy


# -- Scenarios: each rule of the morto, the stock and the stall -----------------

#: Buraco with hands and mortos of three cards and no canasta needed to go out.
SMALL = (
    "deals=[{cards: 3, foot: 3, foot_per: team}]",
    "going_out.canastas=0",
    "going_out.natural_canastas=0",
)


def _small(hands, mortos, stock, *, overrides=SMALL, cut=None):
    from .engine_helpers import stacked_state

    return stacked_state(
        "buraco", 4, hands, feet=mortos, upcard="", stock=stock, overrides=overrides, cut=cut
    )


def _hand(state, seat):
    from rummy_rules.cards import format_card

    return sorted(format_card(f) for f in state.hand(seat))


def test_the_first_partner_to_empty_their_hand_takes_the_sides_morto_once():
    from .engine_helpers import act

    hands = {1: "9H 9S 9C", 3: "5C 5D 5H"}
    state = _small(hands, {1: "4C 6D 8H"}, ("9D", "KH", "QS", "JD"))
    act(state, "draw")  # p2: 9D, four nines
    act(state, "meld 9C 9D 9H 9S")
    # p2's hand is empty: their side's morto becomes their hand, and they play on.
    assert _hand(state, 1) == ["4C", "6D", "8H"] and not state.game.deal.feet[1]
    assert state.to_move == 1 and not state.results
    act(state, "discard 4C")
    act(state, "draw")  # p3
    act(state, "discard " + _hand(state, 2)[0])
    act(state, "draw")  # p4: the side's morto is taken, so emptying the hand goes out
    act(state, "meld 5C 5D 5H")
    act(state, "discard " + _hand(state, 3)[0])
    result = state.results[0]
    assert result.reason == "out" and result.went_out == 3
    # p1's side never emptied a hand: its morto is still down, 100 off.
    assert result.foot[0] and not result.foot[1]


def test_the_cutter_who_lifts_exactly_the_two_mortos_scores_100_for_their_side():
    from .engine_helpers import act

    def deal_scores(cut):
        hands = {1: "9H 9S 9C", 3: "5C 5D 5H"}
        state = _small(hands, {1: "4C 6D 8H"}, ("9D", "KH", "QS", "JD"), cut=cut)
        assert state.game.deal.cutter == 3  # the dealer's right
        for text in ("draw", "meld 9C 9D 9H 9S", "discard 4C", "draw"):
            act(state, text)
        act(state, "discard " + _hand(state, 2)[0])
        for text in ("draw", "meld 5C 5D 5H"):
            act(state, text)
        act(state, "discard " + _hand(state, 3)[0])
        return state.results[0].scores

    # Two mortos of three: a cut of exactly 6 cards (not the deal's 4 x 3 + 1).
    exact, other, dealt = deal_scores(6), deal_scores(7), deal_scores(13)
    assert [e - o for e, o in zip(exact, other, strict=True)] == [0, 100, 0, 100]
    assert dealt == other


def _left_value(result, seat):
    from rummy_rules.cards import format_card

    values = load_variant("buraco").scoring.card_values
    cards = [format_card(f) for f in result.left[seat]]
    return sum(values["joker" if c == "JK" else c[:-1]] for c in cards)


def test_a_morto_picked_up_by_a_discard_and_not_played_costs_100():
    from .engine_helpers import act

    hands = {1: "9H 9S 9C", 2: "7C 7D 7H", 3: "5C 5D 5H"}
    state = _small(hands, {0: "KC KD KH", 1: "4C 6D 8H"}, ("9D", "QS", "JD"))
    act(state, "draw")  # p2: 9D
    act(state, "meld 9C 9D 9H")
    act(state, "discard 9S")  # p2 picks up their side's morto by a discard
    act(state, "draw")  # p3: QS
    act(state, "meld 7C 7D 7H")
    act(state, "discard QS")  # p3 picks up the other side's morto by a discard
    act(state, "draw")  # p4: JD; their side's morto is gone, so they may go out
    act(state, "meld 5C 5D 5H")
    act(state, "discard JD")
    result = state.results[0]
    assert result.reason == "out" and result.went_out == 3
    # Neither morto was played: each was picked up by a discard whose player
    # had no turn since. Each side loses 100; the morto's cards, now in the
    # hand, count as a hand's.
    side_2 = 10 * 3 + 5 * 3 + 100 - 100 - _left_value(result, 1) - _left_value(result, 3)
    side_1 = 5 * 3 - 100 - _left_value(result, 0) - _left_value(result, 2)
    assert result.scores[1] == result.scores[3] == side_2
    assert result.scores[0] == result.scores[2] == side_1


def test_a_morto_becomes_the_stock_when_the_stock_runs_out():
    from .engine_helpers import act

    state = _small({1: "9H 9S 9C"}, {0: "KC KD KH", 1: "4C 6D 8H"}, ("QS",))
    state.game.deal.stock.clear()  # the stock has run out
    act(state, "draw")  # p2: their side's morto is now the stock
    d = state.game.deal
    assert not d.feet[1] and d.feet[0] and len(d.stock) == 2
    assert len(state.hand(1)) == 4


def test_a_deal_that_only_passes_the_pile_round_ends_blocked():
    from .engine_helpers import act

    hands = {0: "3C 4D 6H", 1: "3D 5D 7H", 2: "8C 10D QH", 3: "9C JD KH"}
    state = _small(hands, {}, ("AS",), overrides=(*SMALL, "draw.stall_turns=4"))
    act(state, "draw")  # p2: AS (the stock moves: no stall)
    act(state, "discard AS")
    top = "AS"
    for seat, card in ((2, "8C"), (3, "9C"), (0, "3C")):
        act(state, f"take {top}")
        act(state, f"discard {card}")
        top = card
        assert not state.results, seat
    act(state, "take 3C")  # p2: a fourth turn in a row with no draw, meld or lay-off
    act(state, "discard 3D")
    assert state.results[0].reason == "blocked"


def test_going_out_by_melding_the_last_cards_needs_a_clean_canasta():
    from .engine_helpers import stacked_state, why

    natural = (
        "deals=[{cards: 4}]",
        "melds.canasta_size=5",
        "stock_exhausted.foot_to_stock=false",
        "table.exact_cut=deal",
        "scoring.bonuses=[{event: went_out, points: 100}]",
    )
    state = stacked_state(
        "buraco", 4, {1: "9H 9S 9C 9D"}, upcard="", stock=("9D",), overrides=natural
    )
    from .engine_helpers import act

    act(state, "draw")  # 9D: five nines, a clean canasta that empties the hand
    assert why(state, "meld 9C 9D 9D 9H 9S") is None
    mixed = stacked_state(
        "buraco", 4, {1: "9H 9S 9C 9D"}, upcard="", stock=("JK",), overrides=natural
    )
    act(mixed, "draw")  # a joker: five cards, but the canasta would be dirty
    assert why(mixed, "meld 9C 9D 9H 9S JK=9D") is not None


def test_a_two_in_its_own_place_is_a_natural_card():
    from .engine_helpers import act, stacked_state, why

    clean = (
        "deals=[{cards: 5}]",
        "melds.canasta_size=5",
        "stock_exhausted.foot_to_stock=false",
        "table.exact_cut=deal",
        "scoring.bonuses=[{event: went_out, points: 100}, {event: natural_canasta, points: 200}]",
    )
    state = stacked_state(
        "buraco",
        4,
        {1: "AS 2S 3S 4S JK 9D"},
        upcard="",
        stock=("KH",),
        overrides=(*clean[1:], "deals=[{cards: 6}]"),
    )
    act(state, "draw")
    # 2S stands for itself: the joker is the meld's one wild card.
    assert why(state, "meld AS 2S 3S 4S JK=5S") is None
    # A two elsewhere is wild: with the joker that is two wild cards.
    assert why(state, "meld AS 2S=2H 3S 4S JK=5S") is not None
    # A canasta with a two in its own place is clean: it lets its side go out.
    state = stacked_state(
        "buraco", 4, {1: "AS 2S 3S 4S 5S"}, upcard="", stock=("KH",), overrides=clean
    )
    act(state, "draw")
    act(state, "meld AS 2S 3S 4S 5S")
    act(state, "discard KH")
    result = state.results[0]
    assert result.went_out == 1
    assert result.scores[1] == 15 + 10 + 5 + 5 + 5 + 100 + 200 - _left_value(result, 3)


def _meld_text(state, number):
    from rummy_rules.engine.melds import Meld, format_meld

    m = state.game.deal.melds[number - 1]
    faces = tuple(state.game.faces[c] for c in m.cards)
    return format_meld(Meld(m.kind, faces, tuple(m.stands_for)))


def test_a_wild_two_replaced_in_its_run_moves_to_its_own_place_or_an_end():
    from .engine_helpers import act

    hands = {
        1: "2H 4H 5H 9C 9D 9H",
        2: "KC KD KS QC QD QS",
        3: "3H 7S JK 9S 8S 8D",
        0: "AC AD AS 6C 6D 6S",
    }
    stock = ("JC", "JD", "JS", "10C", "10D", "10H", "4C", "4D")
    overrides = ("deals=[{cards: 6, foot: 3, foot_per: team}]", *SMALL[1:])
    mortos = {0: "5C 5D 5S", 1: "7C 7D 7H"}
    state = _small(hands, mortos, stock, overrides=overrides)
    act(state, "draw")  # p2
    act(state, "meld 2H=3H 4H 5H")
    act(state, "discard JC")
    act(state, "draw")  # p3
    act(state, "discard JD")
    act(state, "draw")  # p4, p2's partner, lays the three the two stands for
    act(state, "layoff 3H@1")
    # The two goes to its own place, an end of the run: a natural two there.
    assert _meld_text(state, 1) == "2H 3H 4H 5H"
    act(state, "meld 7S JK=8S 9S")
    act(state, "discard JS")
    for card in ("10C", "10D", "10H"):  # p1, p2, p3
        act(state, "draw")
        act(state, "discard " + card)
    act(state, "draw")  # p4
    act(state, "layoff 8S@2")
    # Any other wild goes to the high end if the run can grow there.
    assert _meld_text(state, 2) == "7S 8S 9S JK=10S"


@pytest.mark.long  # fifty games from the command line; the CI runs it
def test_fifty_random_games_from_the_command_line_finish_and_pass_the_referee(cli, tmp_path):
    # The run: `rummy-rules simulate buraco --bots random --games 50 --seed 1`.
    path = tmp_path / "games.jsonl"
    args = ("simulate", "buraco", "--bots", "random", "--games", "50", "--seed", "1")
    result = cli(*args, "--records", str(path), "--json")
    stats = json.loads(result.stdout)["statistics"]
    assert stats["games"] == 50 and stats["capped_games"] == 0
    games: list[list[str]] = []
    for line in path.read_text().splitlines():
        if json.loads(line).get("record") == "rummy-rules game":
            games.append([])
        games[-1].append(line)
    referee = BuracoReferee(load_variant("buraco").model_dump(mode="json"))
    for game in games:
        referee.check(game)
    assert len(games) == 50 and referee.counts["mortos"] and referee.counts["to_stock"]
