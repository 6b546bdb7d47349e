"""Variants as PettingZoo environments: PettingZoo's own API and seed tests,
and the fixed action numbers checked against the engine's listings."""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.envs import ActionEncoding
from rummy_rules.spec.registry import shipped_variants

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

from rummy_rules.envs.pettingzoo_env import RummyEnv, rummy_env  # noqa: E402

#: The variants the research issue names: contract, persian, gin and a house file.
NAMED = ["contract", "persian", "gin", "variants/house/family-contract.yaml"]


# PettingZoo warns of any observation that is a dict, the shape its own card
# games use for the action mask.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("variant", NAMED)
def test_pettingzoo_api_test_passes(variant):
    pettingzoo_test.api_test(rummy_env(variant), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("variant", ["contract", "gin"])
def test_pettingzoo_seed_test_passes(variant):
    pettingzoo_test.seed_test(lambda: rummy_env(variant), num_cycles=200)


def _random_game(variant: str, seed: int) -> tuple[int, dict[str, float], GameState]:
    env = rummy_env(variant)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=500_000):
        observation, reward, termination, truncation, info = env.last()
        rewards[agent] += reward
        assert env.observation_space(agent).contains(observation)
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        # Every position where the engine lists actions has numbered ones, and
        # each number is one of them.
        assert len(legal), (variant, steps)
        assert set(info["legal"]) == set(legal.tolist())
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps, rewards, env.unwrapped.state


@pytest.mark.parametrize(
    "variant",
    [
        "contract",
        "persian",
        *(pytest.param(v, marks=pytest.mark.long) for v in ("gin", "canasta-2p")),
    ],
)
def test_random_agents_play_a_game_to_its_end(variant):
    _, rewards, state = _random_game(variant, 3)
    assert state.is_terminal() and state.game_over_reason == "rules"
    # The rewards add up to each seat's total (negated where totals are penalties).
    sign = 1 if state.rules.play.winner == "highest_total" else -1
    assert [rewards[f"player_{i}"] for i in range(state.seats)] == [
        sign * total for total in state.totals
    ]


@pytest.mark.long
@pytest.mark.parametrize("variant", [v.id for v in shipped_variants()])
def test_every_shipped_variant_plays_to_its_end_through_the_environment(variant):
    _, _, state = _random_game(variant, 5)
    assert state.is_terminal()


def _listings(variant: str, seed: int, limit: int = 4000):
    spec = load_variant(variant)
    rules = compile_rules(spec, spec.players.best or spec.players.min)
    state = GameState(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        yield legal
        state.apply_listed(rng.choice(legal))


@pytest.mark.parametrize("variant", ["contract", "persian", "kalooki", "canasta", "gin"])
def test_each_listed_action_has_a_number_in_the_block_of_its_kind(variant):
    encoding = ActionEncoding()
    blocks = {"meld": "meld", "layoff": "layoff", "exchange": "exchange", "down": "down"}
    seen: set[str] = set()
    for legal in _listings(variant, 11):
        numbered = encoding.numbered(legal)
        for action in legal:
            n = encoding.number(action)
            assert n is not None, action
            assert 0 <= n < encoding.size
            block = encoding.describe(n).split(" ")[0]
            assert block == blocks.get(action.kind, block), (action, block)
            seen.add(action.kind)
            # The number plays the first listed action that has it.
            first = next(a for a in legal if encoding.number(a) == n)
            assert numbered[n] is first
    assert {"draw", "discard"} <= seen


def test_different_moves_of_one_kind_have_different_numbers():
    encoding = ActionEncoding()
    from rummy_rules.engine.actions import parse_action

    texts = ["take 7H", "take 7S", "discard 7H", "layoff 5S@2", "layoff 5S@3", "layoff JK=5S@2"]
    numbers = [encoding.number(parse_action(t)) for t in texts]
    assert len(set(numbers)) == len(texts)
    sets = ["meld 7H 7S 7D", "meld 8H 8S 8D", "meld 7H 7S 7D 7C"]
    runs = ["meld 5H 6H 7H", "meld 5S 6S 7S", "meld 6H 7H 8H", "meld QH KH AH", "meld AH 2H 3H"]
    shapes = [encoding.number(parse_action(t)) for t in sets + runs]
    assert len(set(shapes)) == len(shapes)
    # Two sets of sevens of other suits are one shape: the first listed is played.
    assert encoding.number(parse_action("meld 7H 7S 7D")) == encoding.number(
        parse_action("meld 7C 7S 7D")
    )


def test_numbers_are_described_and_out_of_range_is_an_error():
    encoding = ActionEncoding()
    assert encoding.describe(0) == "simple 0"
    assert encoding.describe(encoding.down) == "down 0"
    with pytest.raises(ValueError, match="no action number"):
        encoding.describe(encoding.size)


def test_an_illegal_number_is_refused_with_a_message():
    env = RummyEnv(load_variant("contract"), 4)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal now"):
        env.step(illegal)


def test_a_variant_that_rearranges_the_table_numbers_its_rearrangements():
    # Rummikub: every listed rearrangement has a number in the rearrange block
    # (by its place in the listing), and the number plays that action.
    env = RummyEnv(load_variant("rummikub"), 2)
    env.reset(seed=3)
    encoding = ActionEncoding()
    seen = 0
    for _ in env.agent_iter(max_iter=2000):
        *_, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = info["legal"]
        rearranges = [n for n in legal if n >= encoding.rearrange]
        for place, number in enumerate(sorted(rearranges)):
            assert number == encoding.rearrange + place
            assert legal[number].kind == "rearrange"
        seen += len(rearranges)
        env.step(max(legal))
    assert seen > 0


def test_the_numbers_in_docs_research_are_the_encodings():
    from .conftest import ROOT

    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    encoding = ActionEncoding()
    assert f"today {encoding.size:,})" in text
    for block in ("take", "discard", "knock", "meld", "layoff", "exchange", "rearrange"):
        start = getattr(encoding, block)
        assert f"| {block} | {start:,} + " in text, block
    assert f"| down | {encoding.down} |" in text


def test_the_ansi_render_shows_the_seat_to_act_its_hand_and_the_table():
    env = RummyEnv(load_variant("contract"), 4, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text.startswith("deal 1, draw, p")
    assert "hand: " in text and "totals: p1 0" in text
