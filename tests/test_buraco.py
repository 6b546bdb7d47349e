"""Buraco: a morto for each side (``deals[].foot_per: team``), taken once by
the first partner to empty their hand; going out with a clean canasta by
melding or discarding; a morto turned into the stock when the stock runs out
(``stock_exhausted.foot_to_stock``); 100 off for a morto not played
(``foot_left``); a deal that only passes the pile round stopped
(``draw.stall_turns``). Whole games are read back from their records as a
referee would, from docs/records.md and the rulebook alone."""

from __future__ import annotations

import json
import random

from rummy_rules import load_variant

from .conftest import examples


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
        card = text.split("=")[0]
        return card == "JK" or card[:-1] == "2"

    def value(self, text):
        card = text.split("=")[0]
        return self.values["joker" if card == "JK" else card[:-1]]

    def check(self, lines):
        entries = [json.loads(line) for line in lines]
        players = len(entries[0]["seats"])
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
            points -= sum(self.value(c) for s in (side, side + 2) for c in entry["left"][s].split())
            points += 200 * len(clean) + 100 * (len(canastas) - len(clean))
            points += 100 if went_out is not None and went_out % 2 == side else 0
            points -= 0 if self.played[side] else 100
            assert scores[side] == scores[side + 2] == points, (entry["deal_end"], side, points)
            self.counts["scored"] += 1


def buraco_games(bot, games, seed=1):
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.sim.bots import make_bot, play_game
    from rummy_rules.sim.records import record_lines

    spec = load_variant("buraco")
    data = spec.model_dump(mode="json")
    referee = BuracoReferee(data)
    for game in range(games):
        state = GameState(compile_rules(spec, 4), seed=seed + game)
        bots = [make_bot(bot, random.Random(seed * 1000 + game * 10 + s)) for s in range(4)]
        play_game(state, bots)
        referee.check(record_lines(state, data))
    return referee.counts


def test_buraco_records_take_each_morto_once_and_go_out_with_a_clean_canasta():
    counts = buraco_games("random", examples(10, 50))
    assert counts["mortos"] and counts["outs"] and counts["to_stock"], counts
    greedy = buraco_games("greedy", examples(3, 10))
    assert greedy["outs"] and greedy["scored"], greedy
