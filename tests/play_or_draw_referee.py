"""A referee for games whose turn plays or draws (`draw.mode: play_or_draw`:
Rummikub, Machiavelli), written from docs/records.md and docs/format.md
alone: it follows a game record line by line — the hands, the stock, the
table — from the variant in the record's header, and asserts every rule it
can see. No engine code is used to read the records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card_text(card: int, decks: int, per_deck: int, per_colour: int = 13) -> str:
    """docs/records.md: card id ``i`` is, with ``j = i % per_deck``, rank
    ``j % per_colour`` of suit (or colour) ``j // per_colour`` for ids below
    ``per_deck x decks``, then the jokers; records write the rank in place n
    and the suits (colours) as C, D, H, S."""
    if card >= per_deck * decks:
        return "JK"
    j = card % per_deck
    return _RANKS[j % per_colour] + "CDHS"[j // per_colour]


def stands(text: str) -> str:
    """The card a card text plays as: a wild's ``JK=7H`` is 7H."""
    return text.split("=")[-1]


def number(text: str) -> int:
    """A card's number: ace 1 … king 13."""
    return _RANKS.index(stands(text)[:-1]) + 1


def tile(text: str) -> str:
    """The card a card text names in a hand: a joker is JK, whatever it stands for."""
    return "JK" if text.startswith("JK") else text


def rearrangement(
    freed: Counter[str], laid_text: str, text: str
) -> tuple[list[list[str]], Counter[str]]:
    """docs/records.md, ``rearrange N,M into MELD / MELD``: the new melds laid, and
    the cards that come from the hand (a joker as JK), given the cards ``freed`` by
    taking the named melds apart; every freed card must be laid again, and at
    least one card come from the hand."""
    new = [m.split() for m in laid_text.split(" / ")]
    needed = Counter(tile(c) for m in new for c in m)
    from_hand = needed - freed
    assert not (freed - needed), f"a card taken off the table is not laid: {text}"
    assert sum(from_hand.values()) >= 1, f"no card from the hand: {text}"
    return new, from_hand


def read_games(path: Path) -> list[list[dict]]:
    """The games of a records file, each a list of its lines."""
    games: list[list[dict]] = []
    for line in path.read_text().splitlines():
        entry = json.loads(line)
        if "record" in entry:
            games.append([])
        games[-1].append(entry)
    return games


class Referee:
    """Follows one game record whose turn plays or draws: the hands, the stock
    and the table, and the rules of the header's variant — no discard; a card
    drawn only by a turn that laid nothing, which ends it; a pass only on an
    empty stock; every meld on the table valid at the end of each turn (sets
    of distinct suits, runs of one suit with the ace as ``melds.run.ace``
    says); the first meld worth ``opening.min_points`` from the hand, where
    the file asks one; the scores of ``scoring.model``."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def check(self, lines: list[dict]) -> None:
        """Follow one game (its lines, header first); an assertion names the
        first rule broken."""
        header = lines[0]
        variant = header["variant"]
        self.players = header["players"]
        deck = variant["deck"]
        decks = deck["decks"]
        per_colour = deck["numbered"]["highest"] if deck.get("numbered") else 13
        per_deck = 4 * per_colour
        cards = variant["deals"][0]["cards"]
        opening = variant["opening"]
        self.minimum = opening["min_points"] if opening["requirement"] == "min_points" else None
        self.lay_off_on_opening = variant["melding"]["lay_off"]["on_opening_turn"]
        self.set_max = variant["melds"]["set"]["max_size"] or 4
        self.ace = variant["melds"]["run"]["ace"]
        self.values = {str(k): v for k, v in variant["scoring"]["card_values"].items()}
        self.model = variant["scoring"]["model"]
        for entry in lines[1:]:
            if "deck" in entry:
                pack = [card_text(c, decks, per_deck, per_colour) for c in entry["deck"]]
                dealer = entry["dealer"]
                self.hands = [Counter() for _ in range(self.players)]
                for i in range(cards * self.players):
                    self.hands[(dealer + 1 + i) % self.players][pack[i]] += 1
                self.stock = pack[cards * self.players :]  # no upcard: the stock's top first
                self.table: list[list[str]] = []
                self.opened: set[int] = set()
                self.turn: list[str] = []
                self.passes = 0
            elif "action" in entry:
                self.action(entry["action"])
            elif "deal_end" in entry:
                self.deal_end(entry)
            else:
                assert "game_end" in entry or "first_dealer" in entry, entry

    def value(self, text: str) -> int:
        """A card's count in a hand at the end (scoring.card_values)."""
        if text == "JK":
            return int(self.values["joker"])
        n = number(text)  # the resolved variant keys values by rank, numbered packs too
        return int(self.values[{1: "A", 11: "J", 12: "Q", 13: "K"}.get(n, str(n))])

    def valid(self, meld: list[str]) -> bool:
        """A set (3 to ``melds.set.max_size`` of one number, no suit twice) or a
        run (3+ in a row of one suit; the ace low, or high at the top end where
        ``melds.run.ace`` is ``low_or_high``), each joker read as the card it
        stands for, with at least one natural card."""
        cards = [stands(c) for c in meld]
        if len(cards) < 3 or any(c == "JK" for c in cards):
            return False
        if not any("=" not in c for c in meld):
            return False  # at least one natural card
        numbers = [number(c) for c in cards]
        suits = [c[-1] for c in cards]
        if len(set(numbers)) == 1:
            return len(cards) <= self.set_max and len(set(suits)) == len(cards)
        if len(set(suits)) != 1:
            return False
        ordered = sorted(numbers)
        if ordered == list(range(ordered[0], ordered[0] + len(cards))):
            return True
        if self.ace == "low_or_high" and ordered[0] == 1:
            high = sorted(14 if n == 1 else n for n in numbers)
            return high == list(range(high[0], high[0] + len(cards)))
        return False

    def action(self, text: str) -> None:
        seat_text, verb, *rest = text.split(" ", 2)
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        hand = self.hands[seat]
        assert verb not in ("discard", "take", "buy"), f"no discard pile: {text}"
        if verb == "draw":
            assert not self.turn, f"drew after laying: {text}"
            assert self.stock, f"drew from an empty stock: {text}"
            hand[self.stock.pop(0)] += 1
            self.counts["draws"] += 1
            self.passes = 0
            return
        if verb == "pass":
            assert not self.turn and not self.stock, f"passed with a stock: {text}"
            self.passes += 1
            self.counts["passes"] += 1
            return
        if verb == "end":
            assert self.turn, f"ended a turn that laid nothing: {text}"
            self.end_turn()
            return
        self.turn.append(verb)
        if self.minimum is not None and seat not in self.opened:
            assert verb == "down", f"played before the first meld: {text}"
            melds = [m.split() for m in args.split(" / ")]
            points = sum(number(c) for m in melds for c in m)
            assert points >= self.minimum, f"a first meld of {points}: {text}"
            self.opened.add(seat)
            self.counts["first_melds"] += 1
        elif self.turn[0] == "down" and len(self.turn) > 1 and not self.lay_off_on_opening:
            assert verb in ("meld",), f"touched the table on the opening turn: {text}"
        if verb in ("down", "meld"):
            for meld in args.split(" / "):
                laid = meld.split()
                for c in laid:
                    self.take_from(hand, tile(c), text)
                self.table.append(laid)
        elif verb == "layoff":
            card, _, place = args.rpartition("@")
            self.take_from(hand, tile(card), text)
            self.table[int(place) - 1].append(card)
        elif verb == "exchange":
            spec, _, source = args.partition(" from ")
            card, _, place = spec.rpartition("@")
            meld = self.table[int(place) - 1]
            wild = next(c for c in meld if c.startswith("JK=") and stands(c) == card)
            meld[meld.index(wild)] = card
            if source:
                giver = self.table[int(source) - 1]
                giver.reverse()
                giver.remove(card)  # the later copy
                giver.reverse()
            else:
                self.take_from(hand, card, text)
            hand["JK"] += 1
            self.counts["exchanges"] += 1
        elif verb == "rearrange":
            taken_text, _, laid_text = args.partition(" into ")
            taken = sorted((int(n) - 1 for n in taken_text.split(",")), reverse=True)
            freed = Counter()
            for index in taken:
                freed.update(tile(c) for c in self.table.pop(index))
            new, from_hand = rearrangement(freed, laid_text, text)
            for card, n in from_hand.items():
                for _ in range(n):
                    self.take_from(hand, card, text)
            self.table.extend(new)
            self.counts["rearrangements"] += 1
        else:
            raise AssertionError(f"not a play of this game: {text}")
        if not sum(hand.values()):
            self.out = seat

    def take_from(self, hand: Counter, card: str, text: str) -> None:
        assert hand[card] > 0, f"{card} is not in the hand: {text}"
        hand[card] -= 1

    def end_turn(self) -> None:
        for meld in self.table:
            assert self.valid(meld), f"an invalid meld at the end of a turn: {meld}"
        self.turn = []
        self.passes = 0
        self.counts["turns_laid"] += 1

    def deal_end(self, entry: dict) -> None:
        for meld in self.table:
            assert self.valid(meld), f"an invalid meld at the end of the deal: {meld}"
        left = [sum(n * self.value(t) for t, n in h.items()) for h in self.hands]
        scores = entry["scores"]
        if entry["reason"] == "out":
            won = [entry["went_out"]]
            assert left[won[0]] == 0
        else:
            assert entry["reason"] == "stock", entry
            assert not self.stock and self.passes == self.players
            won = [s for s in range(self.players) if left[s] == min(left)]
        for s in range(self.players):
            if self.model == "penalty":
                expected = left[s]  # points against, the lowest total winning
            else:
                assert self.model == "losers_pay", self.model
                expected = (
                    sum(left[o] - left[s] for o in range(self.players) if o not in won)
                    if s in won
                    else -left[s]
                )
            assert scores[s] == expected, (s, scores, left)
        self.counts[entry["reason"]] += 1


def simulate_and_referee(
    cli,
    tmp_path: Path,
    variant: str,
    games: int,
    bots: str,
    referee: Any = None,
    ends: tuple[str, ...] = ("out", "stock"),
) -> Counter[str]:
    """Simulate ``games`` of ``variant`` with ``bots`` through the CLI, read every
    record with ``referee`` (a :class:`Referee` by default), check that each
    game ended in one of the ``ends`` the referee counts (none at a cap) and that ``replay`` finds every
    game finished; the referee's counts of what it saw."""
    from rummy_rules.sim.records import replay_records

    records = tmp_path / "games.jsonl"
    result = cli(
        "simulate", variant, "--games", str(games), "--seed", "1", "--bots", bots,
        "--json", "--records", str(records), "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    referee = referee if referee is not None else Referee()
    for game in read_games(records):
        referee.check(game)
    counts = referee.counts
    assert sum(counts[end] for end in ends) == games  # no deal stopped at a cap
    reports = replay_records(records)
    assert len(reports) == games and all(r.finished for r in reports)
    return counts
