"""A referee for games whose cards come in face up (`draw.mode: turn_up`,
`draw.force: may`: Conquian), written from docs/records.md ("A card turned
up", "Forcing", "Calling the hand and stakes") and docs/format.md alone: it
follows a game record line by line — the hands, the stock, the discard
pile, the table — and asserts every rule it can see. No engine code is used
to read the records."""

from __future__ import annotations

from collections import Counter

from .play_or_draw_referee import card_text, number, rearrangement


class TurnUpReferee:
    """Follows one Conquian-like game record: a turn starts with a `take` of
    the top of the discard pile or a `draw` that turns the top stock card face
    up onto it; a card turned up is taken or passed; every card taken is put
    on the table by the player's very next action; lay-offs and
    rearrangements touch only the player's own melds; a `force` line comes
    exactly when the next player could lay the card left off; a discarded last
    card plays on; the winner has melded the deal's cards and one more; a
    `draw` from an empty stock ends the deal as `void`; stakes as the header
    gives them."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def check(self, lines: list[dict]) -> None:
        """Follow one game (its lines, header first); an assertion names the
        first rule broken."""
        header = lines[0]
        variant = header["variant"]
        assert variant["draw"]["mode"] == "turn_up", "not a turn_up record"
        self.players = header["players"]
        self.step = 1 if variant["table"]["direction"] == "clockwise" else -1
        deck = variant["deck"]
        per_colour = deck["numbered"]["highest"] if deck.get("numbered") else 13
        self.highest = per_colour
        self.decks = deck["decks"]
        self.per_deck = 4 * per_colour
        self.cards = variant["deals"][0]["cards"]
        self.set_max = variant["melds"]["set"]["max_size"] or 4
        self.run_max = variant["melds"]["run"]["max_size"] or 99
        self.forcing = variant["draw"]["force"] == "may"
        self.stakes = variant["scoring"]["stakes"]
        for entry in lines[1:]:
            if "deck" in entry:
                self.new_deal(entry)
            elif "action" in entry:
                self.action(entry["action"])
            elif "deal_end" in entry:
                self.deal_end(entry)
            else:
                assert "game_end" in entry or "first_dealer" in entry, entry

    # -- the deal ---------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        return (seat + self.step) % self.players

    def new_deal(self, entry: dict) -> None:
        pack = [card_text(c, self.decks, self.per_deck, self.highest) for c in entry["deck"]]
        dealer = entry["dealer"]
        self.hands = [Counter() for _ in range(self.players)]
        seat = self.next_seat(dealer)
        for i in range(self.cards * self.players):
            self.hands[seat][pack[i]] += 1
            seat = self.next_seat(seat)
        self.stock = pack[self.cards * self.players :]  # no upcard: the stock's top first
        self.pile: list[str] = []
        self.table: list[tuple[int, list[str]]] = []  # (owner, cards)
        self.current = self.next_seat(dealer)
        self.state = "start"  # start, turned, must_meld, play, force, over
        self.must_meld = ""
        self.void_pending = False

    # -- the actions --------------------------------------------------------------

    def action(self, text: str) -> None:
        seat_text, verb, *rest = text.split(" ", 2)
        seat = int(seat_text[1:]) - 1
        args = rest[0] if rest else ""
        assert not self.void_pending, f"a line after a draw from an empty stock: {text}"
        assert seat == self.current, f"not this seat's line: {text}"
        hand = self.hands[seat]
        state = self.state
        if state == "force":
            assert verb in ("force", "pass"), f"expected force or pass: {text}"
            nxt = self.next_seat(seat)
            self.current = nxt
            if verb == "force":
                card = self.pile.pop()
                self.hands[nxt][card] += 1
                self.must_meld, self.state = card, "must_meld"
                self.counts["forced"] += 1
            else:
                self.state = "start"
                self.counts["not_forced"] += 1
            return
        if state == "start":
            if verb == "draw":
                if not self.stock:
                    self.void_pending = True
                    return
                self.pile.append(self.stock.pop(0))
                self.state = "turned"
                self.counts["turned_up"] += 1
                return
            assert verb == "take", f"a turn starts with take or draw: {text}"
            self.take(hand, args, text)
            self.counts["took_discard"] += 1
            return
        if state == "turned":
            if verb == "pass":
                self.counts["passed"] += 1
                self.end_turn(seat)
                return
            assert verb == "take", f"a card turned up is taken or passed: {text}"
            self.take(hand, args, text)
            self.counts["took_turned"] += 1
            return
        assert state in ("must_meld", "play"), (state, text)
        assert verb != "take" and verb != "draw", f"a second card this turn: {text}"
        if verb == "discard":
            assert state == "play", f"discarded before melding the card taken: {text}"
            self.remove(hand, args, text)
            self.pile.append(args)
            self.counts["discards"] += 1
            if not sum(hand.values()):
                self.counts["played_on_empty"] += 1
            self.end_turn(seat)
            return
        laid = self.lay(seat, verb, args, text)
        if state == "must_meld":
            assert self.must_meld in laid, (
                f"the card taken, {self.must_meld}, is not melded: {text}"
            )
            self.state = "play"
        for _owner, meld in self.table:
            assert self.valid(meld), f"an invalid meld: {meld} after {text}"
        if not sum(hand.values()):
            self.state = "over"

    def take(self, hand: Counter, card: str, text: str) -> None:
        assert self.pile and self.pile[-1] == card, f"{card} is not the top of the pile: {text}"
        self.pile.pop()
        hand[card] += 1
        self.must_meld, self.state = card, "must_meld"

    def lay(self, seat: int, verb: str, args: str, text: str) -> list[str]:
        """Lay cards from the hand (meld, layoff, rearrange): the cards laid from it."""
        hand = self.hands[seat]
        if verb == "meld":
            laid = args.split()
            for card in laid:
                self.remove(hand, card, text)
            self.table.append((seat, laid))
            self.counts["melds"] += 1
            return laid
        if verb == "layoff":
            card, _, place = args.rpartition("@")
            owner, meld = self.table[int(place) - 1]
            assert owner == seat, f"laid off on another player's meld: {text}"
            self.remove(hand, card, text)
            meld.append(card)
            self.counts["layoffs"] += 1
            return [card]
        assert verb == "rearrange", f"not a play of this game: {text}"
        taken_text, _, laid_text = args.partition(" into ")
        taken = sorted((int(n) - 1 for n in taken_text.split(",")), reverse=True)
        freed: Counter[str] = Counter()
        for index in taken:
            owner, meld = self.table.pop(index)
            assert owner == seat, f"rearranged another player's meld: {text}"
            freed.update(meld)
        new, from_hand = rearrangement(freed, laid_text, text)
        for card, n in from_hand.items():
            for _ in range(n):
                self.remove(hand, card, text)
        self.table.extend((seat, m) for m in new)
        self.counts["rearrangements"] += 1
        return list(from_hand.elements())

    def remove(self, hand: Counter, card: str, text: str) -> None:
        assert hand[card] > 0, f"{card} is not in the hand: {text}"
        hand[card] -= 1

    def end_turn(self, seat: int) -> None:
        """The turn ends leaving the pile's top card: a force line follows exactly
        when the next player could lay it off."""
        nxt = self.next_seat(seat)
        top = self.pile[-1]
        if self.forcing and any(
            owner == nxt and self.valid([*meld, top]) for owner, meld in self.table
        ):
            self.state = "force"  # the same seat decides
            return
        self.current, self.state = nxt, "start"

    def valid(self, meld: list[str]) -> bool:
        """A set (3 to ``set.max_size`` of one number, no suit twice) or a run
        (3 to ``run.max_size`` in a row of one suit, the ace low only)."""
        if len(meld) < 3:
            return False
        numbers = [number(c) for c in meld]
        suits = [c[-1] for c in meld]
        if len(set(numbers)) == 1:
            return len(meld) <= self.set_max and len(set(suits)) == len(meld)
        if len(set(suits)) != 1 or len(meld) > self.run_max:
            return False
        ordered = sorted(numbers)
        return ordered == list(range(ordered[0], ordered[0] + len(meld)))

    # -- the end of a deal -----------------------------------------------------------

    def deal_end(self, entry: dict) -> None:
        scores = entry["scores"]
        reason = entry["reason"]
        if reason == "void":
            assert self.void_pending, f"a void deal with a stock of {len(self.stock)}"
            assert scores == [0] * self.players
        else:
            assert reason == "out", entry
            winner = entry["went_out"]
            assert self.state == "over" and winner == self.current
            melded = sum(len(m) for owner, m in self.table if owner == winner)
            assert melded == self.cards + 1, f"went out with {melded} cards melded"
            stake = self.stakes["out_without_discard"]
            assert scores == [
                stake * (self.players - 1) if s == winner else -stake for s in range(self.players)
            ], scores
        self.counts[reason] += 1
