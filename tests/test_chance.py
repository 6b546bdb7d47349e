"""The seeded shuffle is the standard library's, worked out without its interpreted calls."""

from __future__ import annotations

import random

import pytest

from rummy_rules.engine.chance import below, shuffle


@pytest.mark.parametrize("seed", range(6))
def test_the_shuffle_orders_as_random_shuffle_does(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in [0, 1, 2, 3, 52, 53, 54, 104, 108, 162, 216]:
        mine, stdlib = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(stdlib)
        assert mine == stdlib
    assert ours.random() == theirs.random()  # as many random bits drawn


@pytest.mark.parametrize("seed", range(6))
def test_below_is_randrange(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for m in [*range(1, 80), 127, 128, 129, 2**31, 2**32 + 5]:
        assert below(ours, m) == theirs.randrange(m)
    assert ours.random() == theirs.random()
