"""The search bot: determinised Monte Carlo rollouts of the deal.

At each choice with more than one legal action the bot deals the cards it
cannot see again at random (:meth:`~rummy_rules.engine.state.GameState.sample_hidden`:
the other hands and the stock keep their sizes), tries each candidate action
on that deal and lets tuned bots (:mod:`.tuned`) play every seat to the end
of the deal (or, with ``depth``, for a few turns). An action's value is the seat's
deal score less the mean of the other sides' (negated where the lowest total
wins: higher is always better for the seat), with a deal still going scored
as it stands. The bot plays the tuned bot's own choice unless another candidate
gains on it, deal by deal, by at least three standard errors; of those, the
best mean. Every candidate is tried on the same deals (common random
numbers), so the comparison is fair even with few of them.

Parameters (``search:samples=16:width=8:depth=4``):

* ``samples``: deals dealt again per choice (default 16);
* ``width``: candidates tried per choice (default 4): the tuned bot's choice
  and, where there are more legal actions, others picked at random;
* ``depth``: turns a rollout plays at most after the candidate (default 0:
  to the deal's end); a deal still going then is scored as it stands
  (:func:`_standing`): as if the stock ran out now, or in a knock game by
  each hand's least deadwood;
* ``seconds``: a time budget per choice (default none): no rollout is
  started that would end past it, judging by the longest rollout so far,
  and a deal whose candidates were not all tried is left out (with a budget
  the choice depends on the machine's speed; without, on the seed alone).
  With no deal tried in full, it plays the tuned bot's choice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...engine.actions import Action
from ...engine.deadwood import min_deadwood
from ...engine.rules import DealRules, Rules
from ...engine.scoring import score_deal
from ...engine.state import GameState
from ...engine.view import SeatView, live_seat_view
from .tuned import TunedBot

__all__ = ["SEARCH_PARAMETERS", "SearchBot"]

#: The search bot's parameters and the range each takes.
SEARCH_PARAMETERS: dict[str, tuple[float, float]] = {
    "samples": (1, 1000),
    "width": (1, 100),
    "depth": (0, 1000),
    "seconds": (0.01, 600),
}

#: Actions a rollout plays at most before it is scored as it stands.
ROLLOUT_ACTIONS = 3000


class SearchBot:
    """Determinised rollouts of the deal with the tuned bot's play (see the module's text)."""

    name = "search"
    searches = True
    """:func:`~rummy_rules.sim.bots.play_game` calls :meth:`choose_in` with the game."""

    def __init__(
        self,
        rng: random.Random,
        samples: str | int = 16,
        width: str | int = 4,
        seconds: str | float | None = None,
        depth: str | int = 0,
    ) -> None:
        self.rng = rng
        self.samples = int(samples)
        self.width = int(width)
        self.seconds = None if seconds is None else float(seconds)
        self.depth = int(depth)
        self.policy = TunedBot(rng)
        self.rollouts = 0
        """Rollouts played so far (for benchmarks)."""

    def new_game(self, rules: Rules) -> None:
        """Tell the tuned bot behind the candidates about the game."""
        self.policy.new_game(rules)

    def new_deal(self, deal_rules: DealRules) -> None:
        """Tell the tuned bot behind the candidates about the deal."""
        self.policy.new_deal(deal_rules)

    def choose(self, view: SeatView) -> Action:
        """Without the game to search: the tuned bot's choice."""
        return self.policy.choose(view)

    def choose_in(self, state: GameState, view: SeatView) -> Action:
        """The tuned bot's choice, or a candidate that beats it clearly over the
        sampled deals (see :func:`_best`)."""
        first = self.policy.choose(view)
        legal = view.legal
        if len(legal) == 1:
            return first
        candidates = self._candidates(first, legal)
        values: list[list[float]] = [[] for _ in candidates]
        seat = view.seat
        start = time.perf_counter()
        longest = 0.0  # the longest rollout yet
        for _ in range(self.samples):
            deal = state.sample_hidden(seat, random.Random(self.rng.getrandbits(63)))
            seed = self.rng.getrandbits(63)
            row: list[float] = []
            for action in candidates:
                begun = time.perf_counter()
                # Start no rollout that would end past the budget (if as long
                # as the longest yet).
                if self.seconds is not None and begun - start + longest > self.seconds:
                    break
                row.append(self._rollout(deal, seat, action, seed))
                longest = max(longest, time.perf_counter() - begun)
            if len(row) < len(candidates):
                break  # the budget ran out within this deal: it is left out
            for i, value in enumerate(row):
                values[i].append(value)
        return candidates[_best(values)]

    def _candidates(self, first: Action, legal: Sequence[Action]) -> list[Action]:
        """The tuned bot's choice first, then up to ``width - 1`` others."""
        others = [a for a in legal if a is not first and a != first]
        if len(others) >= self.width:
            others = self.rng.sample(others, self.width - 1)
        return [first, *others]

    def _rollout(self, deal: GameState, seat: int, action: Action, seed: int) -> float:
        """``action`` on a copy of ``deal``, then the tuned bot's play to the deal's end:
        the seat's score less the others' mean, higher better."""
        self.rollouts += 1
        state = deal.clone()
        index = state.deal_index
        state.apply(action)
        rng = random.Random(seed)
        bots = [TunedBot(random.Random(rng.getrandbits(63))) for _ in range(state.seats)]
        for s, bot in enumerate(bots):
            bot.new_deal(state.deal_rules_of(s))
        steps = 0
        now = state.game.deal
        last_turn = now.turn + self.depth if self.depth else 1 << 62
        while not state.is_terminal() and state.deal_index == index and steps < ROLLOUT_ACTIONS:
            if now.turn >= last_turn:
                return _standing(state, seat)
            mover = state.to_move
            view = live_seat_view(state, mover)
            state.apply_listed(bots[mover].choose(view))
            steps += 1
        return _score(state, seat, index)


#: How many standard errors a candidate's mean gain over the tuned bot's choice
#: must reach before the bot plays it instead: with several candidates, each
#: compared with that choice, a strict bar keeps luck from choosing.
MARGIN = 3.0


def _best(values: list[list[float]]) -> int:
    """The candidate to play: the best mean among those whose gain over the
    first (the tuned bot's choice), deal by deal, is at least :data:`MARGIN`
    standard errors above 0; else the first. With few deals a rollout's
    outcome varies far more than the candidates differ, and the best mean
    alone would mostly pick whichever candidate was luckiest."""
    base = values[0]
    n = len(base)
    best, best_mean = 0, sum(base) / n if n else 0.0
    if n < 2:
        return 0
    for i in range(1, len(values)):
        gains = [v - b for v, b in zip(values[i], base, strict=True)]
        mean = sum(gains) / n
        spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5
        if mean > 0 and mean > MARGIN * spread / n**0.5:
            total = sum(values[i]) / n
            if total > best_mean:
                best, best_mean = i, total
    return best


def _standing(state: GameState, seat: int) -> float:
    """A deal still going, scored as it stands for ``seat`` (as :func:`_score`):
    in a knock game each hand's least deadwood counts against its seat; in
    any other, the deal is scored as if the stock had run out now, no one
    out (the state is the rollout's own, and is spent); where that scores
    every seat alike (the winner collects, and no one has won), each hand's
    cards count against its seat."""
    g = state.game
    rules = state.deal_rules_of(seat)
    if rules.knock_melds is not None:
        faces = g.faces
        costs = [
            -float(
                min_deadwood(
                    [faces[c] for c in hand],
                    rules.knock_melds,
                    rules.knock_values,
                    rules.wild_faces,
                )
            )
            for hand in g.deal.hands
        ]
        return _against(costs, state.team, seat)
    held = [-float(sum(g.value(g.faces[c]) for c in hand)) for hand in g.deal.hands]
    score_deal(g, None)
    scores = [float(x) for x in g.deal.scores]
    if state.rules.play.winner == "lowest_total":
        scores = [-x for x in scores]
    if len(set(scores)) == 1:
        scores = held  # (a deal no one won scores nothing here: the cards left to shed)
    return _against(scores, state.team, seat)


def _against(scores: list[float], team: list[int], seat: int) -> float:
    """The mean score of ``seat``'s side less the mean of the others', higher better."""
    own = [x for s, x in enumerate(scores) if team[s] == team[seat]]
    rest = [x for s, x in enumerate(scores) if team[s] != team[seat]]
    return sum(own) / len(own) - (sum(rest) / len(rest) if rest else 0.0)


def _score(state: GameState, seat: int, index: int) -> float:
    """The seat's score in deal ``index`` less the mean of the others', higher
    better; a deal not over yet (stopped at :data:`ROLLOUT_ACTIONS`) as it
    stands (:func:`_standing`)."""
    results = state.results
    if len(results) <= index:
        return _standing(state, seat)
    scores = [float(x) for x in results[index].scores]
    if state.rules.play.winner == "lowest_total":
        scores = [-x for x in scores]
    return _against(scores, state.team, seat)
