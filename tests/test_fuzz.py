"""Loader fuzzing: any input gives a valid spec or a VariantError, never another exception."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_rules import VariantError, VariantSpec, check_variant, load_variant
from rummy_rules.spec.yamlio import read_yaml_file

from .conftest import VARIANTS, examples

#: Long: mutations of the shipped files: the long run (CI).
pytestmark = pytest.mark.long

SHIPPED = sorted(VARIANTS.glob("*.yaml"))
_TMP = Path(tempfile.mkdtemp(prefix="rummy-fuzz-"))

FUZZ = settings(
    max_examples=examples(40, 150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["yes", "no", "on", "set", "run", "contract", "3-5", "6+", "JK", "10"]),
)
keys = st.one_of(
    st.text(min_size=1, max_size=10),
    st.sampled_from(
        [
            "id",
            "name",
            "players",
            "deck",
            "decks",
            "jokers",
            "deals",
            "cards",
            "contract",
            "type",
            "size",
            "scoring",
            "model",
            "card_values",
            "game_end",
            "winner",
            "extends",
            "by_players",
            "formula",
            "per_deck",
            "notes+",
            "min",
            "max",
        ]
    ),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(keys, children, max_size=6)
    ),
    max_leaves=40,
)


def _check(text: str | bytes) -> None:
    path = _TMP / "fuzz.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    try:
        spec = load_variant(path)
    except VariantError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.message
    else:
        assert isinstance(spec, VariantSpec)
    # check_variant never raises for bad input
    check_variant(path)


@FUZZ
@given(documents)
def test_generated_documents_load_or_fail_cleanly(document):
    _check(yaml.safe_dump(document, allow_unicode=True))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_load_or_fail_cleanly(blob):
    _check(blob)


@FUZZ
@given(st.text(max_size=300))
def test_random_text_load_or_fail_cleanly(text):
    _check(text)


@FUZZ
@given(
    st.sampled_from(SHIPPED),
    st.randoms(use_true_random=False),
    st.integers(min_value=1, max_value=4),
)
def test_text_mutations_of_shipped_files(path, rnd: random.Random, count):
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for _ in range(count):
        op = rnd.choice(["delete", "duplicate", "swap", "char", "truncate", "indent"])
        i = rnd.randrange(len(lines))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "char" and lines[i]:
            k = rnd.randrange(len(lines[i]))
            junk = rnd.choice([":", "-", "[", "{", "&a", "*a", "!", "'", '"', "\t", "9", "x", "#"])
            lines[i] = lines[i][:k] + junk + lines[i][k + 1 :]
        elif op == "truncate":
            lines = lines[: i + 1]
        elif op == "indent":
            lines[i] = "  " + lines[i]
    _check("".join(lines))


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_paths(value, (*prefix, i)))
    return out


@FUZZ
@given(st.sampled_from(SHIPPED), st.randoms(use_true_random=False), documents)
def test_value_mutations_of_shipped_files(path, rnd: random.Random, replacement):
    located, _ = read_yaml_file(path)
    assert located is not None
    data = located.data
    target = rnd.choice(_paths(data)[1:])
    cursor = data
    for part in target[:-1]:
        cursor = cursor[part]
    cursor[target[-1]] = replacement
    _check(yaml.safe_dump(data, allow_unicode=True))
