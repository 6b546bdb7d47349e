"""Tonk: calling the hand before drawing (Tonk's drop), a win on the deal,
hits that bar the next call, and stakes; scenario tests of each rule, and
simulated games read back by a referee written from docs/records.md alone."""

from __future__ import annotations

from collections import Counter

import pytest

from .conftest import long_run
from .engine_helpers import act as play
from .engine_helpers import stacked_state, texts, why
from .play_or_draw_referee import card_text, read_games, simulate_and_referee

#: Three hands counting 30, 24 and 21 (none 49 or 50); seat 1 moves first.
_HANDS = {1: "KC 9D 5H 4S 2C", 0: "QD 8C 3H 2S AS", 2: "JS 7C 6D 4D 3C"}


def _game(hands=None, *, upcard="9H", stock=("10H", "JD", "8S"), overrides=()):
    return stacked_state(
        "tonk", 3, hands or _HANDS, upcard=upcard, stock=stock, overrides=overrides
    )


def test_a_call_comes_before_the_draw():
    state = _game()
    assert "call" in texts(state)
    play(state, "draw")
    assert why(state, "call").code == "call.before_drawing"


def test_the_caller_with_the_lowest_count_is_paid_a_stake_by_each():
    hands = {1: "AC 2D 3H 4S 5C", 0: "QD 8C 3D 2S AS", 2: "JS 7C 6D 4D 3C"}  # 15, 24, 30
    state = _game(hands)
    play(state, "call")
    (result,) = state.results
    assert result.reason == "called" and result.went_out is None
    assert result.scores == (-1, 2, -1)


def test_a_caught_caller_pays_a_double_stake_to_each_equal_or_lower_count():
    hands = {1: "KC 9D 5H 4S 2C", 0: "QD 8C 3D 2S AS", 2: "10S 9C 6D 4D AD"}  # 30, 24, 30
    state = _game(hands)
    play(state, "call")
    (result,) = state.results
    # Seat 0 (24) is lower and seat 2 (30) equal: both catch the caller.
    assert result.scores == (2, -4, 2)


def test_a_hand_dealt_counting_49_or_50_wins_a_double_stake_at_once():
    hands = {1: "KC KD KH KS 9C", 0: "QD 8C 3D 2S AS", 2: "JS 7C 6D 4D 3C"}  # 49
    state = _game(hands)
    (result,) = state.results
    assert result.reason == "dealt" and result.went_out == 1
    assert result.scores == (-2, 4, -2) and state.is_terminal()


def test_two_hands_dealt_with_a_winning_count_make_the_deal_void():
    hands = {1: "KC KD KH KS 9C", 0: "QD QC QH JS JD", 2: "2S 7C 6D 4D 3C"}  # 49, 50
    state = _game(hands, stock=("10H", "8S"))
    (result,) = state.results
    assert result.reason == "void" and result.scores == (0, 0, 0)


def test_a_player_whose_spread_was_hit_may_not_call_at_their_next_turn():
    # Seat 1 melds 5H 6H 7H; seat 2 hits it with 8H; seat 1 may not call at
    # its next turn, and may again at the one after.
    hands = {1: "5H 6H 7H KC QC", 0: "AD 2D 3D 4D 6C", 2: "8H JS QS 10D 9S"}
    state = _game(hands, upcard="KS", stock=("2C", "3C", "4C", "5C", "7S", "8S", "9C"))
    for step in ("draw", "meld 5H 6H 7H", "discard KC"):
        play(state, step)  # p2 (seat 1)
    play(state, "draw")  # p3 (seat 2)
    play(state, "layoff 8H@1")
    play(state, "discard JS")
    play(state, "draw")  # p1 (seat 0)
    play(state, "discard 6C")
    assert state.current == 1
    assert why(state, "call").code == "call.after_hit" and "call" not in texts(state)
    play(state, "draw")
    play(state, "discard QC")
    for _ in range(2):  # p3 and p1 draw and discard
        play(state, "draw")
        play(state, next(t for t in texts(state) if t.startswith("discard")))
    assert state.current == 1 and "call" in texts(state)


def test_going_out_with_no_final_discard_is_a_tonk_worth_a_double_stake():
    hands = {1: "5H 6H 7H 9C 9D", 0: "QD 8C 3D 2S AS", 2: "JS 7C 6D 4D 3C"}
    state = _game(hands, stock=("9S",))
    for step in ("draw", "meld 5H 6H 7H", "meld 9C 9D 9S"):
        play(state, step)
    (result,) = state.results
    assert result.reason == "out" and result.scores == (-2, 4, -2)


def test_going_out_by_discarding_the_last_card_wins_a_single_stake():
    hands = {1: "5H 6H 7H 8H KD", 0: "QD 8C 3D 2S AS", 2: "JS 7C 6D 4D 3C"}
    state = _game(hands, upcard="2H", stock=("9H",))
    for step in ("draw", "meld 5H 6H 7H 8H 9H", "discard KD"):
        play(state, step)
    (result,) = state.results
    assert result.reason == "out" and result.scores == (-1, 2, -1)


def test_the_validator_asks_a_call_to_be_scored_in_stakes(write):
    from rummy_rules import check_variant

    path = write("bad.yaml", "extends: tonk\nid: bad\nscoring: {model: penalty}\n")
    messages = " ".join(str(p) for p in check_variant(path).errors)
    assert "going_out.call" in messages and "stakes" in messages


# -- the records, read as a referee would (docs/records.md) ------------------------


class TonkReferee:
    """Follows one Tonk record: the hands, the pile, the stock and the spreads
    with their owners; a call only before a draw and never right after a hit;
    every deal's stakes from the counts left (docs/records.md, docs/format.md
    `scoring.stakes`)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def check(self, lines: list[dict]) -> None:
        header = lines[0]
        variant = header["variant"]
        self.players = header["players"]
        values = variant["scoring"]["card_values"]
        self.value = {rank: int(v) for rank, v in values.items()}
        self.stakes = variant["scoring"]["stakes"]
        self.dealt_counts = set(variant["going_out"]["dealt_counts"])
        cards = variant["deals"][0]["cards"]
        for entry in lines[1:]:
            if "deck" in entry:
                pack = [card_text(c, 1, 52) for c in entry["deck"]]
                dealer = entry["dealer"]
                self.hands = [Counter() for _ in range(self.players)]
                for i in range(cards * self.players):
                    self.hands[(dealer + 1 + i) % self.players][pack[i]] += 1
                self.pile = [pack[cards * self.players]]
                self.stock = pack[cards * self.players + 1 :]
                self.owners: list[int] = []
                self.hit = [False] * self.players
                self.drawn = False
                self.laid = Counter()
                self.actions = 0
                self.last = ""
            elif "action" in entry:
                self.action(entry["action"])
            elif "deal_end" in entry:
                self.deal_end(entry)

    def count(self, seat: int) -> int:
        return sum(n * self.value[card[:-1]] for card, n in self.hands[seat].items())

    def action(self, text: str) -> None:
        seat_text, verb, *rest = text.split(" ", 1)[0:1] + text.split(" ", 2)[1:]
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        hand = self.hands[seat]
        self.actions += 1
        self.last = verb
        if verb == "call":
            assert not self.drawn, f"a call after the draw: {text}"
            assert not self.hit[seat], f"a call right after a hit: {text}"
            self.caller = seat
            self.counts["calls"] += 1
            return
        if verb == "draw":
            assert not self.drawn
            hand[self.stock.pop(0)] += 1
            self.drawn = True
        elif verb == "take":
            assert not self.drawn and self.pile[-1] == args, text
            hand[self.pile.pop()] += 1
            self.drawn = True
        elif verb == "meld":
            assert self.drawn, text
            for card in args.split():
                assert hand[card] > 0, text
                hand[card] -= 1
            self.owners.append(seat)
            self.laid["spreads"] += 1
        elif verb == "layoff":
            assert self.drawn, text
            card, _, place = args.rpartition("@")
            assert hand[card] > 0, text
            hand[card] -= 1
            owner = self.owners[int(place) - 1]
            if owner != seat:
                self.hit[owner] = True
            self.laid["hits"] += 1
        elif verb == "discard":
            assert self.drawn and hand[args] > 0, text
            hand[args] -= 1
            self.pile.append(args)
            self.hit[seat] = False  # the turn is over: a hit bars only one call
            self.drawn = False
        else:
            raise AssertionError(f"not a play of Tonk: {text}")

    def deal_end(self, entry: dict) -> None:
        reason = entry["reason"]
        counts = [self.count(s) for s in range(self.players)]
        expected = [0] * self.players

        def paid(winner: int, by: list[int], stake: int) -> None:
            for s in by:
                expected[s] -= stake
                expected[winner] += stake

        others = lambda w: [s for s in range(self.players) if s != w]  # noqa: E731
        if reason == "dealt":
            assert self.actions == 0 and counts[entry["went_out"]] in self.dealt_counts
            paid(entry["went_out"], others(entry["went_out"]), self.stakes["dealt"])
        elif reason == "void":
            assert self.actions == 0
            assert sum(c in self.dealt_counts for c in counts) >= 2
        elif reason == "called":
            caller = self.caller
            catchers = [s for s in others(caller) if counts[s] <= counts[caller]]
            if catchers:
                for s in catchers:
                    paid(s, [caller], self.stakes["caught"])
            else:
                paid(caller, others(caller), self.stakes["call"])
            if self.laid["spreads"] or self.laid["hits"]:
                self.counts["calls_after_spreads"] += 1
        elif reason == "out":
            w = entry["went_out"]
            assert counts[w] == 0
            stake = (
                self.stakes["out"] if self.last == "discard" else self.stakes["out_without_discard"]
            )
            paid(w, others(w), stake)
        else:
            assert reason == "stock" and not self.stock, entry
            low = min(counts)
            won = [s for s in range(self.players) if counts[s] == low]
            for w in won:
                paid(w, [s for s in range(self.players) if s not in won], self.stakes["lowest"])
        assert entry["scores"] == expected, (entry, counts)
        self.counts[reason] += 1


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_simulated_tonk_games_pass_the_referee(cli, tmp_path, bots):
    games = 300 if long_run() else 40
    ends = ("dealt", "void", "called", "out", "stock")
    counts = simulate_and_referee(cli, tmp_path, "tonk", games, bots, TonkReferee(), ends)
    assert counts["calls"] and counts["called"]
    if bots == "greedy":
        assert counts["calls_after_spreads"] and counts["out"]


def test_the_tonk_referee_catches_a_call_after_the_draw(cli, tmp_path):
    records = tmp_path / "game.jsonl"
    cli("simulate", "tonk", "--games", "30", "--seed", "2", "--records", str(records))
    games = read_games(records)
    game = next(g for g in games if any(e.get("action", "").endswith(" call") for e in g))
    TonkReferee().check(game)
    at = next(i for i, e in enumerate(game) if e.get("action", "").endswith(" call"))
    seat = game[at]["action"].split()[0]
    tampered = [*game[:at], {"action": f"{seat} draw"}, *game[at:]]
    with pytest.raises(AssertionError, match="a call after the draw"):
        TonkReferee().check(tampered)


def test_the_table_says_who_won_on_the_deal_and_who_called():
    from rummy_rules.render.table_words import deal_result_lines

    dealt = _game({1: "KC KD KH KS 9C", 0: "QD 8C 3D 2S AS", 2: "JS 7C 6D 4D 3C"})
    assert "p2 won on the deal" in deal_result_lines(dealt, 0)[0]
    called = _game()
    play(called, "call")
    assert "p2 called the hand" in deal_result_lines(called, 0)[0]


def test_play_shows_a_deal_won_as_it_was_dealt(cli):
    # Seed 81 deals p3 a hand of 49 (10D KD KH 9S KS): the game is over at once.
    result = cli("play", "tonk", "--plain", "--seed", "81")
    assert result.exit_code == 0, result.stderr
    assert "Deal 1 is over: p3 won on the deal." in result.stdout
