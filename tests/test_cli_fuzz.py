"""Every command under hostile command lines and files: each ends with exit 0 or a
message and exit 1/2 — never a traceback, a hang (> 10 s) or 500 MB more memory.

The cases come from ``tests/cli_fuzz.py``; ``scripts/soak.py`` runs ten thousand.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .cli_fuzz import DrawChoices, make_case, record_sample, run_case
from .conftest import examples


@pytest.fixture(scope="module")
def sample() -> str:
    return record_sample()


@settings(
    max_examples=examples(30, 60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_hostile_command_lines_end_cleanly(sample, data):
    case = make_case(DrawChoices(data), sample)
    outcome = run_case(case)
    assert outcome.kind in ("ok", "refused"), f"{case}\n{outcome.kind}: {outcome.detail}"
