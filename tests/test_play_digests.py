"""The same seed plays the same game: a change that alters play must say so.

tests/golden/play_digests.json holds, for every shipped variant, the digest of
one game between random bots and one between greedy bots (deck orders and every
action), with what a reader of a changed file wants beside it: the deals and
actions played, how each deal ended, the final totals and the winners. Speed work must leave them unchanged; a deliberate change of rules,
engine or bots regenerates them with ``python scripts/gen_golden.py`` and says
why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_rules.spec.registry import shipped_variants

from .engine_helpers import DIGEST_BOTS, DIGEST_SEED, play_digest

#: Long: seeded games of every file against their digests: the long run (CI; scripts/gen_golden.py before a commit regenerates and shows them).
pytestmark = pytest.mark.long

DIGESTS = json.loads((Path(__file__).parent / "golden" / "play_digests.json").read_text())


#: Digests whose game takes the quick suite's time many times over (the greedy
#: bots' deadwood search in Indian Rummy's pool games: about 15 s each): they
#: run in the long suite (.ci/run); ``scripts/gen_golden.py`` regenerates them
#: with the others, so a change shows in ``git diff`` too.
LONG_DIGESTS = {
    "indian-pool-101 greedy:buy=eager:take=eager:down=late,greedy",
    "indian-pool-201 greedy:buy=eager:take=eager:down=late,greedy",
}

#: The greedy bots' games, slower than the random bots', run in the long suite
#: (.ci/run) for every file, and in the quick suite for these.
QUICK_GREEDY = {"contract", "gin", "canasta", "buraco", "rummikub", "indian-rummy"}

CASES = [
    pytest.param(
        variant,
        bots,
        id=f"{variant}-{bots}",
        marks=[pytest.mark.long]
        if f"{variant} {bots}" in LONG_DIGESTS or (bots != "random" and variant not in QUICK_GREEDY)
        else [],
    )
    for variant in [e.id for e in shipped_variants()]
    for bots in DIGEST_BOTS
]


@pytest.mark.parametrize(("variant", "bots"), CASES)
def test_a_seeded_game_plays_exactly_as_before(variant, bots):
    key = f"{variant} {bots}"
    assert key in DIGESTS, f"no digest for {key}: run python scripts/gen_golden.py"
    now = play_digest(variant, bots, DIGEST_SEED)
    changed = {k: (DIGESTS[key].get(k), v) for k, v in now.items() if DIGESTS[key].get(k) != v}
    assert not changed, f"{key}: seed {DIGEST_SEED} now plays a different game: {changed}"


def test_every_digest_belongs_to_a_shipped_variant():
    ids = {e.id for e in shipped_variants()}
    assert {key.split(" ")[0] for key in DIGESTS} == ids
