"""Any variant as a PettingZoo AEC environment (the ``rl`` extra).

    from rummy_rules.envs import rummy_env

    env = rummy_env("contract", players=4)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        env.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seat 1 is ``player_0``); the
agent to act is the seat the engine says moves next, which may be a buyer
out of turn. Actions are the fixed numbers of
:class:`~rummy_rules.envs.encoding.ActionEncoding`; the observation is a
dict of ``observation`` (what that seat may see, as numbers: see
:func:`observation_size`) and ``action_mask`` (1 for each legal number).
``info["legal"]`` maps each legal number to the engine's action it plays
(``str()`` of one is its notation).

Rewards come at the end of each deal: each seat's change of total that
deal, negated where totals are penalties (``game_end.winner`` is
``lowest_total`` or ``last_player_standing``), so a higher reward is always
better. The game ends by its rules (``termination``); the engine's safety
caps end it as ``truncation``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..engine import GameState
from ..engine.actions import Action
from ..engine.rules import Rules
from ..engine.view import live_seat_view
from ..spec.loader import load_variant
from ..spec.schema import VariantSpec
from .encoding import ActionEncoding
from .observing import env_rules, observation_size, observation_vector, view_text

__all__ = ["RummyEnv", "observation_size", "rummy_env", "view_text"]


class RummyEnv(AECEnv):  # type: ignore[misc]
    """A variant played by learning agents, one seat each (see the module notes)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "rummy_rules_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, spec: VariantSpec, players: int, render_mode: str | None = None) -> None:
        super().__init__()
        rules = env_rules(spec, players)
        self.spec = spec
        self.rules: Rules = rules
        self.encoding = ActionEncoding()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = observation_size(players)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-1e9, 1e9, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.encoding.size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(
            self.possible_agents, gymnasium.spaces.Discrete(self.encoding.size)
        )
        self.state: GameState | None = None
        self._legal: dict[int, Action] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The space of ``agent``'s observations (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action numbers (the same for every agent)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the deck orders follow ``seed`` (a random one if None)."""
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (2**31))  # type: ignore[operator]
        self.state = GameState(self.rules, seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._select()

    def _select(self) -> None:
        """Point agent_selection at the seat to move, with its legal numbers."""
        state = self._game()
        if state.is_terminal():
            self._legal = {}
            self.infos = {a: {"legal": {}} for a in self.agents}
            return
        self._legal = self.encoding.numbered(state.legal_actions())
        self.agent_selection = self.possible_agents[state.to_move]
        self.infos = {a: {"legal": {}} for a in self.agents}
        self.infos[self.agent_selection] = {"legal": dict(self._legal)}

    def _game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` may see, and (when it is to act) its legal numbers."""
        state = self._game()
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.encoding.size, dtype=np.int8)
        if agent == self.agent_selection and not state.is_terminal():
            mask[list(self._legal)] = 1
        view = live_seat_view(state, seat)  # only the fields read are worked out
        return {"observation": observation_vector(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play action number ``action`` for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._game()
        if action is None or int(action) not in self._legal:
            raise ValueError(f"{agent}: action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        before = list(state.totals)
        deals = len(state.results)
        state.apply_listed(self._legal[int(action)])
        if len(state.results) > deals:
            # Penalty totals (lowest wins, or over a limit you are out): negated.
            sign = 1.0 if self.rules.play.winner == "highest_total" else -1.0
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = sign * (state.totals[i] - before[i])
        if state.is_terminal():
            ended = "truncations" if state.game_over_reason != "rules" else "terminations"
            getattr(self, ended).update(dict.fromkeys(self.agents, True))
            self._legal = {}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the agent to act sees, as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        return view_text(live_seat_view(self.state, seat))

    def close(self) -> None:
        """Nothing to release."""


def rummy_env(variant: str, players: int | None = None, **kwargs: Any) -> Any:
    """The environment of a shipped variant or a variant file, with PettingZoo's
    usual wrappers (out-of-bounds and order checks): a wrapper around a
    :class:`RummyEnv` (``.unwrapped`` is the environment itself)."""
    from pettingzoo.utils import wrappers

    spec = load_variant(variant)
    env: Any = RummyEnv(spec, env_rules(spec, players).players, **kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env
