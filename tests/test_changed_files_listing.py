"""Every action the engine lists is one it accepts, in files a house might write.

The conformance runs check the shipped files; a house changes one rule at a
time. Here each shipped file below is changed at every rule key the audit
changes (``rummy-rules audit``: each other value of each key outside lists),
one key at a time; each changed file that validates is played by a random
player who takes or buys whenever it may, and every listed action must be
applied without refusal (oracle: the engine's own refusal checks, which
``apply`` runs on every action).
"""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState, compile_rules
from rummy_rules.engine.actions import ActionError
from rummy_rules.errors import VariantError
from rummy_rules.sim.audit import candidate_changes

#: Actions played at most per game (the random player may never end a game).
_CAP = 4000


def _refused(variant: str, players: int, override: str, seed: int) -> str | None:
    """The first listed action ``apply`` refuses in one random game, as text."""
    rules = compile_rules(load_variant(variant, [override]), players)
    state = GameState(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(_CAP):
        if state.is_terminal():
            return None
        legal = list(state.legal_actions())
        takes = [a for a in legal if a.kind in ("take", "buy")]
        action = rng.choice(takes) if takes and rng.random() < 0.6 else rng.choice(legal)
        try:
            state.apply(action)
        except ActionError as error:
            return f"{override}, seed {seed}: {action} listed but refused: {error}"
    return None


@pytest.mark.long
@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("gin", 2),
        ("contract", 4),
        ("canasta", 4),
        ("indian-rummy", 4),
        ("rummikub", 4),
        ("persian", 4),
        ("rummy-500", 4),
    ],
)
def test_every_listed_action_applies_under_each_single_rule_change(variant, players):
    problems = []
    played = 0
    for change in candidate_changes(load_variant(variant)):
        try:
            load_variant(variant, [change.override()])
        except VariantError:
            continue  # not valid: validation says why
        played += 1
        problem = _refused(variant, players, change.override(), seed=played)
        if problem is not None:
            problems.append(problem)
    assert played > 20
    assert problems == []
