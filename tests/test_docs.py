"""Documentation that is generated or quoted stays true to the code."""

from __future__ import annotations

import re

import pytest

from rummy_rules.render.docgen import format_reference, schema_text
from rummy_rules.spec.schema import VariantSpec

from .conftest import ROOT


def test_format_reference_is_up_to_date():
    current = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert current == format_reference(), "run: python scripts/gen_docs.py"


def test_json_schema_file_is_up_to_date():
    current = (ROOT / "docs" / "variant.schema.json").read_text(encoding="utf-8")
    assert current == schema_text(), "run: python scripts/gen_docs.py"


def _all_models(model, seen=None):
    seen = set() if seen is None else seen
    if model in seen:
        return seen
    seen.add(model)
    for info in model.model_fields.values():
        stack = [info.annotation]
        while stack:
            ann = stack.pop()
            if isinstance(ann, type) and issubclass(ann, VariantSpec.__mro__[1]):
                _all_models(ann, seen)
            stack.extend(getattr(ann, "__args__", ()))
    return seen


def test_every_field_has_a_description_and_is_documented():
    reference = format_reference()
    for model in _all_models(VariantSpec):
        for name, info in model.model_fields.items():
            assert info.description, f"{model.__name__}.{name} has no description"
            assert f"| `{name}` |" in reference


def test_readme_quick_start_has_exactly_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- quickstart.*?-->\s*```sh\n(.*?)```", text, re.S)
    assert match
    commands = [line for line in match.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[1].strip() == "python -m pytest"


def test_ci_runs_the_readme_quick_start():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "quickstart" in ci and "README.md" in ci


def _readme_commands(command: str) -> list[list[str]]:
    """The README's ``rummy-rules COMMAND ...`` lines (continuations joined), as words."""
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8").replace("\\\n", " ")
    found = []
    for line in text.splitlines():
        if line.startswith(f"rummy-rules {command} "):
            found.append(shlex.split(line.split("#")[0])[1:])
    return found


def _small(words: list[str], games: str) -> list[str]:
    """The same command with fewer games and no files written."""
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word in ("--games", "-n", "--report", "--records", "--workers", "--checkpoint",
                    "--executor", "--scheduler"):  # fmt: skip
            skip = True
            continue
        out.append(word)
    return [*out, "--games", games, "--json"]


@pytest.mark.long  # hundreds of games; the CI runs it
def test_readme_compare_example_shows_an_effect(cli):
    """The README's A/B example finds a difference with the shipped bots."""
    import json

    [words] = _readme_commands("compare")
    doc = json.loads(cli(*_small(words, "40")).stdout)
    comparison = doc["comparison"]
    differences = comparison["sides"][1]["difference_from_first"]
    assert any(d["significant"] for d in differences.values()), comparison["summary"]


@pytest.mark.long  # hundreds of games; the CI runs it
def test_readme_sweep_examples_show_an_effect(cli):
    """Every README sweep gives figures that differ between its combinations."""
    import json

    examples = _readme_commands("sweep")
    assert len(examples) >= 2
    for words in examples:
        doc = json.loads(cli(*_small(words, "6")).stdout)
        metric = doc.get("metric", "buys_per_game")
        values = {c["metrics"][metric]["value"] for c in doc["combinations"] if "metrics" in c}
        assert len(values) > 1, (words, values)
