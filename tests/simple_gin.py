"""Our bots against an outside Gin player: OpenSpiel's SimpleGinRummyBot, in OpenSpiel's game.

Each hand is played in OpenSpiel's own ``gin_rummy`` (default parameters:
knock card 10, gin and undercut bonus 25), which deals, checks every move and
scores. One seat is ``pyspiel.make_simple_gin_rummy_bot`` (OpenSpiel's port of
the simple player of the EAAI Gin Rummy competition); the other is one of our
bots, which plays in a mirror of the hand in our engine under
``variants/house/gin-openspiel.yaml`` (the differential of
``tests/openspiel_gin.py`` shows the two engines offer the same moves):

* the deck is shuffled first and fed to OpenSpiel's chance nodes in that
  order, and the mirror is dealt the same cards in the same order;
* the outside player's moves are applied to the mirror as our actions (its
  knock, discard, melds and pass as one ``knock``; at the wall, a knock is our
  taking the discard to knock with it, a pass our draw, which voids the hand);
* our bot chooses in the mirror (it sees its own seat's view, as in any game;
  the search bot looks into sampled copies of the mirror), and its action is
  played in OpenSpiel as OpenSpiel's actions: ``knock 5C with …`` is the
  knock, the discard, each meld (a run longer than five cards, which
  OpenSpiel lays as two melds, split in two) and the pass; its lay-offs and
  melds after the other's knock are played lay-offs first, then melds.

Where OpenSpiel does not offer what our bot chose (its knock estimate leaves
out a few knocks the rules allow, see ``tests/openspiel_gin.py``), the nearest
move OpenSpiel offers is played instead and counted as ``adjusted``.

OpenSpiel's returns decide each hand: won, lost, or void (nobody knocked
before the wall).

A game is hands until one side has 100 points (``--target``), OpenSpiel's
returns added up (it plays single hands: no game or box bonuses). The seats
alternate from hand to hand, and games go in pairs dealt the same cards with
the seats swapped (common random numbers).

Run as a script: ``python -m tests.simple_gin --bot tuned --games 1000 --seed 1``
(``--workers N`` plays the same games in N processes).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.engine import GameState, Rules, compile_rules, parse_action
from rummy_rules.engine.actions import Action
from rummy_rules.engine.view import seat_view
from rummy_rules.sim.bots import make_bot
from rummy_rules.sim.stats import wilson

from .openspiel_gin import (
    DRAW_STOCK,
    DRAW_UPCARD,
    HOUSE,
    KNOCK,
    MELD_BASE,
    PASS,
    OpenSpielHand,
    Params,
    _our_state,
    ours,
)


def _theirs(face: int) -> int:
    """Our face (suits C, D, H, S) as OpenSpiel's card number (suits s, c, d, h)."""
    return ((face // 13 + 1) % 4) * 13 + face % 13


class Bridge:
    """OpenSpiel's meld numbers, from its own tables."""

    def __init__(self, pyspiel: Any) -> None:
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.meld_cards = {k: sorted(v) for k, v in utils.int_to_meld.items()}
        self.meld_id = {tuple(v): k for k, v in self.meld_cards.items()}

    def melds(self, faces: tuple[int, ...]) -> list[int]:
        """OpenSpiel's meld actions for one of our melds: a run of more than
        five cards is two of OpenSpiel's runs."""
        cards = sorted(_theirs(f) for f in faces)
        parts = [cards] if len(cards) <= 5 else [cards[: len(cards) // 2], cards[len(cards) // 2 :]]
        return [MELD_BASE + self.meld_id[tuple(p)] for p in parts]

    def meld_faces(self, action: int) -> list[int]:
        return sorted(ours(c) for c in self.meld_cards[action - MELD_BASE])


@dataclass
class HandResult:
    points: int  # our bot's return (OpenSpiel's), positive when it won
    void: bool
    adjusted: int  # our choices OpenSpiel did not offer, played as the nearest move
    decisions: list[float] = field(default_factory=list)  # seconds per decision of our bot


def _pick(state: GameState, word: str, card: int | None = None) -> Action:
    for action in state.legal_actions():
        text = str(action)
        if text.split()[0] != word:
            continue
        if card is None or parse_action(text).card == card:
            return action
    raise AssertionError(
        f"our engine offers no {word} {card}: {[str(a) for a in state.legal_actions()]}"
    )


class _Ours:
    """Our bot in the mirror, and the OpenSpiel actions its choices become."""

    def __init__(self, bot: Any, seat: int, mirror: GameState, bridge: Bridge) -> None:
        self.bot, self.seat, self.mirror, self.bridge = bot, seat, mirror, bridge
        self.queue: list[int] = []
        self.layoffs: list[int] = []
        self.melds: list[int] = []
        self.answering = False
        self.adjusted = 0
        self.decisions: list[float] = []
        new_game = getattr(bot, "new_game", None)
        if new_game is not None:  # the mirror's rules: single hands, no game or box bonus
            new_game(mirror.rules)
        new_deal = getattr(bot, "new_deal", None)
        if new_deal is not None:
            new_deal(mirror.deal_rules_of(seat))

    def _choose(self) -> Action:
        assert self.mirror.to_move == self.seat, "the mirror is not at our bot's turn"
        view = seat_view(self.mirror, self.seat)
        start = time.perf_counter()
        if getattr(self.bot, "searches", False):
            action: Action = self.bot.choose_in(self.mirror, view)
        else:
            action = self.bot.choose(view)
        self.decisions.append(time.perf_counter() - start)
        return action

    def act(self, os_state: Any) -> int:
        if not self.queue and not self.answering:
            mine = sorted(self.mirror.faces[c] for c in self.mirror.game.deal.hands[self.seat])
            theirs = sorted(ours(c) for c in os_state.hands()[self.seat])
            assert mine == theirs, f"the mirror's hand {mine} is not OpenSpiel's {theirs}"
        legal = list(os_state.legal_actions())
        phase = str(os_state.current_phase()).split(".")[-1]
        if phase == "LAYOFF":
            return self._answer(os_state, legal)
        while not self.queue:
            self._decide(phase, legal)
        action = self.queue.pop(0)
        assert action in legal, f"{action} not legal in {phase}: {legal}"
        return action

    def _decide(self, phase: str, legal: list[int]) -> None:
        action = self._choose()
        word = str(action).split()[0]
        if phase in ("FIRST_UPCARD", "DRAW"):
            self.mirror.apply(action)
            self.queue.append({"take": DRAW_UPCARD, "draw": DRAW_STOCK, "pass": PASS}[word])
        elif phase == "WALL":
            if word == "draw":  # the hand is void
                self.mirror.apply(action)
                self.queue.append(PASS)
            else:  # taking the discard to knock with it: the knock follows
                assert KNOCK in legal, "OpenSpiel offers no knock at the wall"
                self.mirror.apply(action)
                self._knock(self._choose(), legal_knock=True)
        elif word == "knock":
            self._knock(action, legal_knock=KNOCK in legal)
        else:
            self.mirror.apply(action)
            self.queue.append(_theirs(action.card))

    def _knock(self, action: Action, *, legal_knock: bool) -> None:
        if not legal_knock:
            # OpenSpiel's estimate offers no knock here: discard the same card.
            self.adjusted += 1
            self.mirror.apply(_pick(self.mirror, "discard", action.card))
            self.queue.append(_theirs(action.card))
            return
        self.mirror.apply(action)
        melds = [m for meld in action.melds for m in self.bridge.melds(tuple(meld.cards))]
        self.queue += [KNOCK, _theirs(action.card), *melds, PASS]

    def _answer(self, os_state: Any, legal: list[int]) -> int:
        """Lay-offs, a pass, melds, a pass: our bot's whole answer, chosen in the mirror."""
        if not self.answering:
            self.answering = True
            while not self.mirror.is_terminal() and self.mirror.to_move == self.seat:
                action = self._choose()
                text = str(action)
                if text.startswith("layoff"):
                    self.layoffs.append(_theirs(action.card))
                elif text.startswith("meld"):
                    self.melds += self.bridge.melds(tuple(action.melds[0].cards))
                self.mirror.apply(action)
        if not os_state.finished_layoffs():
            while self.layoffs:
                card = self.layoffs.pop(0)
                if card in legal:
                    return card
                self.adjusted += 1
            return PASS
        while self.melds:
            meld = self.melds.pop(0)
            if meld in legal:
                return meld
            self.adjusted += 1
        return PASS


class _Theirs:
    """The outside player's moves, applied to the mirror as ours."""

    def __init__(self, mirror: GameState, bridge: Bridge) -> None:
        self.mirror, self.bridge = mirror, bridge
        self.knock: list[int] | None = None

    def follow(self, phase: str, action: int) -> None:
        mirror = self.mirror
        if self.knock is not None:
            if action != PASS:
                self.knock.append(action)
                return
            discard, *melds = self.knock
            self.knock = None
            text = f"knock {format_card(ours(discard))}"
            laid = [" ".join(format_card(f) for f in self.bridge.meld_faces(m)) for m in melds]
            if laid:
                text += " with " + " / ".join(laid)
            knock = parse_action(text)
            reason = mirror.check(knock)
            assert reason is None, f"the outside knock {text} is refused: {reason}"
            mirror.apply(knock)
            return
        if phase in ("FIRST_UPCARD", "DRAW"):
            word = {DRAW_UPCARD: "take", DRAW_STOCK: "draw", PASS: "pass"}[action]
            mirror.apply(_pick(mirror, word))
        elif phase == "WALL":
            if action == PASS:
                mirror.apply(_pick(mirror, "draw"))
            else:
                mirror.apply(_pick(mirror, "take"))
                self.knock = []
        elif phase == "DISCARD":
            if action == KNOCK:
                self.knock = []
            else:
                mirror.apply(_pick(mirror, "discard", ours(action)))
        # LAYOFF: the outside player's answer to our knock; OpenSpiel scores it.


@functools.cache
def _rules() -> Rules:
    """Our rules for OpenSpiel's default parameters, compiled once."""
    return compile_rules(load_variant(HOUSE, Params().overrides()), 2)


def play_hand(
    pyspiel: Any, bridge: Bridge, spec: str, our_seat: int, deck: list[int], seed: int
) -> HandResult:
    """One hand of OpenSpiel's gin_rummy: ``deck`` (OpenSpiel's card numbers, in
    the order dealt and drawn), our bot ``spec`` in ``our_seat``."""
    params = Params()
    game = pyspiel.load_game("gin_rummy", params.openspiel())
    outside = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - our_seat)
    outside.restart()
    mirror = _our_state(params, OpenSpielHand(deck[:21], deck[21:], [], [], False), _rules())
    ours_ = _Ours(make_bot(spec, random.Random(seed)), our_seat, mirror, bridge)
    theirs = _Theirs(mirror, bridge)
    state = game.new_initial_state()
    cards = iter(deck)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        phase = str(state.current_phase()).split(".")[-1]
        if state.current_player() == our_seat:
            state.apply_action(ours_.act(state))
        else:
            action = outside.step(state)
            theirs.follow(phase, action)
            state.apply_action(action)
    points = int(state.returns()[our_seat])
    void = not any(state.knocked())
    return HandResult(points, void, ours_.adjusted, ours_.decisions)


@dataclass
class Match:
    """Hands and games (to ``target`` points) of our bot against the outside player."""

    target: int = 100
    hands: int = 0
    won: int = 0
    lost: int = 0
    void: int = 0
    points_won: int = 0
    points_lost: int = 0
    games: int = 0
    games_won: int = 0
    adjusted: int = 0
    decisions: list[float] = field(default_factory=list)

    def merge(self, other: Match) -> None:
        """Add another match's hands and games (played on other games of the series)."""
        for name in (
            "hands",
            "won",
            "lost",
            "void",
            "points_won",
            "points_lost",
            "games",
            "games_won",
            "adjusted",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.decisions += other.decisions

    def add(self, result: HandResult) -> None:
        self.hands += 1
        self.void += result.void
        self.won += result.points > 0
        self.lost += result.points < 0
        self.points_won += max(0, result.points)
        self.points_lost += max(0, -result.points)
        self.adjusted += result.adjusted
        self.decisions += result.decisions

    def summary(self) -> str:
        decided = self.won + self.lost
        share, low, high = wilson(self.won, decided)
        games, g_low, g_high = wilson(self.games_won, self.games)
        points = self.points_won + self.points_lost
        p_share = self.points_won / points if points else 0.0
        times = sorted(self.decisions)
        median = statistics.median(times) if times else 0.0
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        return (
            f"{self.games} games to {self.target}: won {self.games_won}, "
            f"{games:.1%} ({g_low:.1%} to {g_high:.1%}); "
            f"{self.hands} hands: won {self.won}, lost {self.lost}, void {self.void}, "
            f"{share:.1%} of those decided ({low:.1%} to {high:.1%}); "
            f"share of points {p_share:.1%} ({self.points_won} to {self.points_lost}); "
            f"moves OpenSpiel did not offer: {self.adjusted}; "
            f"decision time median {median * 1000:.2f} ms, 95th percentile {p95 * 1000:.2f} ms"
        )


def match(
    pyspiel: Any, spec: str, games: int, seed: int, target: int = 100, first: int = 0
) -> Match:
    """``games`` games of ``spec`` against SimpleGinRummyBot, each hands until
    one side has ``target`` points (OpenSpiel's returns, added up). The seats
    alternate from hand to hand, and games go in pairs that deal the same
    cards with the seats swapped. ``first``: the series' number of the first
    game (a worker's share of a longer series plays the same games as one
    process would)."""
    bridge = Bridge(pyspiel)
    out = Match(target=target)
    for game in range(first, first + games):
        rng = random.Random(seed * 1_000_003 + game // 2)
        totals = [0, 0]  # ours, theirs
        hand = 0
        while max(totals) < target:
            deck = rng.sample(range(52), 52)
            seat = (hand + game) % 2
            result = play_hand(pyspiel, bridge, spec, seat, deck, rng.getrandbits(63))
            out.add(result)
            totals[0] += max(0, result.points)
            totals[1] += max(0, -result.points)
            hand += 1
        out.games += 1
        out.games_won += totals[0] > totals[1]
    return out


def _share(spec: str, games: int, seed: int, target: int, first: int) -> Match:
    """One worker's games of the series (:func:`match`, in its own process)."""
    import pyspiel

    return match(pyspiel, spec, games, seed, target, first)


def series(spec: str, games: int, seed: int, target: int, workers: int) -> Match:
    """:func:`match` spread over ``workers`` processes, in whole pairs of games:
    the same games, and the same figures, as one process plays."""
    if workers <= 1:
        return _share(spec, games, seed, target, 0)
    from concurrent.futures import ProcessPoolExecutor

    pairs = (games + 1) // 2
    cuts = [2 * (pairs * w // workers) for w in range(workers + 1)]
    cuts[-1] = games
    out = Match(target=target)
    with ProcessPoolExecutor(workers) as pool:
        shares = [
            pool.submit(_share, spec, hi - lo, seed, target, lo)
            for lo, hi in itertools.pairwise(cuts)
            if hi > lo
        ]
        for share in shares:
            out.merge(share.result())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="tuned", help="our bot's spec (as --bots takes it)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--target", type=int, default=100, help="points that end a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = series(args.bot, args.games, args.seed, args.target, args.workers)
    print(
        f"{args.bot} against SimpleGinRummyBot: {result.summary()}; "
        f"{time.perf_counter() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
