"""The greedy bot's contract planner against a slow, obviously correct oracle:
the same choice of set rank and run window, card for card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_rules.cards import JOKER_FACE
from rummy_rules.engine.rules import ContractPart
from rummy_rules.sim.bots.greedy import _part_order, _plan


def oracle_choice(free: list[int], kind: str, size: int, pair_ranks: frozenset[int]) -> tuple:
    """Every set rank and every run window listed with the cards it holds; the
    first that holds the most wins (sets first, then runs suit by suit from
    the lowest start, rank 13 being the high ace)."""
    options: list[tuple[int, tuple[int, ...], list[int] | None]] = []
    if kind in ("set", "any"):
        for rank in sorted(pair_ranks) if pair_ranks and size == 2 else range(13):
            faces = [f for f in (rank, rank + 13, rank + 26, rank + 39) for _ in range(free[f])]
            options.append((min(len(faces), size), tuple(faces[:size]), None))
    if kind in ("run", "any") and size <= 13:
        for suit in range(4):
            for start in range(15 - size):
                window = [suit * 13 + (start + i) % 13 for i in range(size)]
                faces = tuple(f for f in window if free[f])
                options.append((len(faces), faces, [suit, start, start + size - 1]))
    best = max((o[0] for o in options), default=-1)
    for have, faces, window in options:
        if have == best:
            return have, faces, window
    return -1, (), None


def oracle_plan(counts: list[int], parts: tuple[ContractPart, ...]) -> tuple[int, list[int]]:
    """:func:`_plan` for parts of sets and runs, not all out, one part at a time
    from the oracle's choices."""
    free = list(counts)
    keep = [0] * (JOKER_FACE + 1)
    missing = 0
    for part in parts:
        have, faces, _window = oracle_choice(free, part.kind, part.size, frozenset())
        for face in faces:
            free[face] -= 1
            keep[face] += 1
        missing += part.size - max(have, 0)
    return missing, keep


parts_strategy = st.lists(
    st.builds(
        ContractPart,
        kind=st.sampled_from(["set", "run", "any"]),
        size=st.integers(min_value=2, max_value=8),
        exact=st.just(True),
    ),
    min_size=1,
    max_size=4,
)
counts_strategy = st.lists(
    st.integers(min_value=0, max_value=2), min_size=JOKER_FACE + 1, max_size=JOKER_FACE + 1
)


@settings(max_examples=300, deadline=None)
@given(counts=counts_strategy, parts=parts_strategy)
def test_the_planner_keeps_what_the_oracle_keeps(counts, parts):
    ordered = tuple(sorted(parts, key=_part_order))
    assert _plan(counts, ordered, False) == oracle_plan(counts, ordered)


def test_the_planner_takes_the_high_ace_into_a_run():
    counts = [0] * (JOKER_FACE + 1)
    for face in (9, 10, 11, 12, 0):  # 10C JC QC KC AC
        counts[face] = 1
    missing, keep = _plan(counts, (ContractPart("run", 5, True),), False)
    assert missing == 0 and [f for f in range(52) if keep[f]] == [0, 9, 10, 11, 12]
