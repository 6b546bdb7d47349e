"""Any variant as an OpenSpiel game (the ``peer`` and ``rl`` extras).

Importing this module registers the Python game ``python_rummy_rules`` with
``pyspiel``; its parameters are ``variant`` (a shipped variant's name or a
variant file's path; default ``contract``) and ``players`` (0: the variant's
usual count)::

    import pyspiel
    import rummy_rules.envs.openspiel_game  # registers the game

    game = pyspiel.load_game("python_rummy_rules", {"variant": "persian"})
    state = game.new_initial_state()
    state.apply_action(7)  # the chance node: seed 7 fixes every shuffle
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

The first move is a chance node of :data:`SEEDS` equally likely outcomes,
the seed of the engine's game (every deck order of every deal follows from
it, as in ``GameState(rules, seed=...)``). Then the players move in the
engine's order (a buyer out of turn is the current player while a discard is
offered); actions are the numbers of
:class:`~rummy_rules.envs.encoding.ActionEncoding`. Returns come at the end:
1 for each seat that wins the game, 0 for the others (and 0 for everyone
when the engine's safety caps stop the game). Observations are the vector
and text of :mod:`~rummy_rules.envs.observing`; the information state string
adds every action played so far (all actions are public; only the deck
order is hidden). States serialise (pickle, ``pyspiel.serialize_game_and_state``)
as the game's parameters, the seed and the action numbers, and are rebuilt
by replaying them. :meth:`RummyState.resample_from_infostate` deals the
cards a seat cannot see again at random (for determinising searches such
as OpenSpiel's IS-MCTS).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from ..engine import GameState
from ..engine.actions import Action
from ..engine.rules import Rules
from ..engine.state import deal_hidden_again
from ..engine.view import live_seat_view
from ..spec.loader import load_variant
from .encoding import ActionEncoding
from .observing import env_rules, observation_size, observation_vector, view_text

__all__ = ["GAME_NAME", "SEEDS", "RummyGame", "RummyState", "openspiel_game"]

#: The name the game is registered under.
GAME_NAME = "python_rummy_rules"
#: How many seeds the chance node chooses among.
SEEDS = 1024
_ENCODING = ActionEncoding()
_DEFAULTS: dict[str, Any] = {"variant": "contract", "players": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="rummy-rules: any rummy variant file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


@lru_cache(maxsize=32)
def _rules(variant: str, players: int) -> Rules:
    """The rules of ``variant`` for ``players`` (0: its usual count), kept
    for the process: states rebuilt by unpickling find them here."""
    return env_rules(load_variant(variant), players)


class _Held:
    """The engine's game behind an OpenSpiel state.

    OpenSpiel copies a Python state with ``copy.deepcopy`` and serialises it
    with ``pickle``: this holder copies the game with ``GameState.clone()``
    and pickles as the game's parameters, seed and action numbers (the
    compiled build's rules are not picklable, and need not be)."""

    __slots__ = ("actions", "game", "listed", "params", "seed")

    def __init__(self, params: tuple[str, int], seed: int, game: GameState) -> None:
        self.params = params
        self.seed = seed
        self.game = game
        self.actions: list[int] = []
        self.listed: dict[int, Action] | None = None

    def legal(self) -> dict[int, Action]:
        """The legal actions by number (worked out once per position)."""
        if self.listed is None:
            self.listed = _ENCODING.numbered(self.game.legal_actions())
        return self.listed

    def play(self, number: int) -> None:
        action = self.legal().get(number)
        if action is None:
            raise ValueError(f"action {number} is not legal now")
        self.game.apply_listed(action)
        self.actions.append(number)
        self.listed = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = _Held(self.params, self.seed, self.game.clone())
        copy.actions = self.actions[:]
        copy.listed = self.listed  # actions are immutable values
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.params, self.seed, tuple(self.actions)))


def _replay(params: tuple[str, int], seed: int, actions: tuple[int, ...]) -> _Held:
    """A holder rebuilt by replaying ``actions`` from ``seed`` (unpickling)."""
    held = _Held(params, seed, GameState(_rules(*params), seed=seed))
    for number in actions:
        held.play(number)
    return held


class RummyGame(pyspiel.Game):  # type: ignore[misc]
    """A variant as an OpenSpiel game (see the module notes)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        self.key = (str(merged["variant"]), int(merged["players"]))
        rules = _rules(*self.key)
        self.players = rules.players
        longest = max(d.cards for d in rules.deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=_ENCODING.size,
            max_chance_outcomes=SEEDS,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # Generous: the engine's caps on turns and deals, a few actions a turn.
            max_game_length=min(2**31 - 1, 200 * 4_000 * (longest + self.players + 4)),
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> RummyState:
        """The chance node that chooses the game's seed."""
        return RummyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of a seat's view (with the action history for
        information states, ``perfect_recall``)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.players, recall)


class RummyState(pyspiel.State):  # type: ignore[misc]
    """A game in progress (see the module notes); ``engine`` is the engine's
    :class:`~rummy_rules.engine.GameState` once the seed is chosen."""

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._held: _Held | None = None

    @property
    def engine(self) -> GameState | None:
        """The engine's game (``None`` before the chance node)."""
        return None if self._held is None else self._held.game

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id."""
        if self._held is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._held.game.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._held.game.to_move

    def _legal_actions(self, player: int) -> list[int]:
        assert self._held is not None
        return sorted(self._held.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds, each equally likely."""
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self._held is None:
            self._held = _Held(self._key, int(action), GameState(_rules(*self._key), seed=action))
        else:
            self._held.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self._held is None:
            return f"seed {action}"
        listed = self._held.legal().get(int(action))
        return str(listed) if listed is not None else _ENCODING.describe(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over (by its rules or the engine's caps)."""
        return self._held is not None and self._held.game.is_terminal()

    def returns(self) -> list[float]:
        """1 for each winner of a finished game, 0 otherwise."""
        players = self.get_game().num_players()
        if not self.is_terminal():
            return [0.0] * players
        assert self._held is not None
        won = set(self._held.game.winners())
        return [float(seat in won) for seat in range(players)]

    def resample_from_infostate(self, player: int, sampler: Any) -> RummyState:
        """A state ``player`` cannot tell from this one: the cards it cannot
        see (other hands, the stock, feet) dealt again at random, each hand
        keeping its size. ``sampler()`` gives a number in [0, 1) that seeds
        the shuffle. A card another player was seen to take from the
        discard pile and still holds stays in their hand."""
        clone: RummyState = self.clone()
        held = clone._held
        if held is None:
            return clone
        rng = random.Random(int(float(sampler()) * 2**31))
        deal_hidden_again(held.game.game.deal, player, rng)
        held.listed = None
        return clone

    def __str__(self) -> str:
        if self._held is None:
            return "seed not chosen"
        game = self._held.game
        return "\n\n".join(view_text(live_seat_view(game, s)) for s in range(game.seats))


class _Observer:
    """OpenSpiel's observer interface: a seat's view as a tensor and a string."""

    def __init__(self, players: int, recall: bool) -> None:
        self.tensor = np.zeros(observation_size(players), np.float32)
        self.dict = {"observation": self.tensor}
        self.recall = recall

    def set_from(self, state: RummyState, player: int) -> None:
        engine = state.engine
        if engine is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation_vector(live_seat_view(engine, player))

    def string_from(self, state: RummyState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return f"p{player + 1}: seed not chosen"
        text = view_text(live_seat_view(engine, player))
        if self.recall:
            played = [f"p{e['seat'] + 1} {e['action']}" for e in engine.log if "action" in e]
            text += "\nplayed: " + ", ".join(played)
        return text


def openspiel_game(variant: str = "contract", players: int = 0) -> Any:
    """The OpenSpiel game of ``variant`` (``pyspiel.load_game`` of
    :data:`GAME_NAME` with these parameters)."""
    return pyspiel.load_game(GAME_NAME, {"variant": variant, "players": players})


pyspiel.register_game(_GAME_TYPE, RummyGame)
