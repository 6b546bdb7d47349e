"""Rule values are typed: the compiled rules hold the schema's closed choices
(``spec/schema/choices.py``), so a misspelt value in the engine fails
``mypy --strict`` instead of being a comparison that never holds."""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.spec.registry import shipped_variants
from rummy_rules.spec.schema import choices

ROOT = Path(__file__).resolve().parent.parent


def _source() -> types.ModuleType:
    """engine/rules.py as written: the compiled build's classes keep no annotations
    to read (as tests/test_copies.py reads engine/game.py)."""
    name = "rummy_rules.engine._rules_as_written"
    module = types.ModuleType(name)
    module.__package__ = "rummy_rules.engine"
    sys.modules[name] = module
    try:
        path = ROOT / "rummy_rules" / "engine" / "rules.py"
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def _hints(name: str) -> dict[str, object]:
    module = _source()
    return typing.get_type_hints(getattr(module, name), vars(module))


def _typed_fields(name: str) -> dict[str, tuple[str, ...]]:
    return {
        field: typing.get_args(hint)
        for field, hint in _hints(name).items()
        if typing.get_origin(hint) is typing.Literal
    }


def test_the_compiled_rules_use_every_shared_choice_type():
    used = set()
    for name in ("PlayRules", "MeldRules"):
        hints = _hints(name).values()
        used |= {alias for alias in choices.__all__ for h in hints if h == getattr(choices, alias)}
    assert used == set(choices.__all__)


def test_every_shipped_file_compiles_to_values_of_the_declared_types():
    play, melds = _typed_fields("PlayRules"), _typed_fields("MeldRules")
    assert len(play) >= 30 and len(melds) == 5
    for shipped in shipped_variants():
        variant = shipped.id
        spec = load_variant(shipped.path)
        rules = compile_rules(spec, spec.players.min)
        for record, fields in ((rules.play, play), (rules.melds, melds)):
            for name, allowed in fields.items():
                assert getattr(record, name) in allowed, (variant, name)
        # No sentinel numbers: a knock game says so, its limit is a real bound.
        assert rules.play.knock_limit >= 0, variant
        assert rules.play.knocks == (spec.going_out.knock is not None), variant


@pytest.mark.long  # mypy reads the engine and the schema
def test_a_misspelt_rule_value_fails_the_static_checks(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(ROOT)  # the checkout's source, which mypy reads as it is
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(
        "from rummy_rules.engine.game import Deal, TurnDuties\n"
        "from rummy_rules.engine.rule_groups import KnockGroup\n"
        "from rummy_rules.engine.rules import PlayRules\n\n\n"
        "def frozen(play: PlayRules) -> bool:\n"
        '    return play.natural_pair == "when_frozn"\n\n\n'
        "def drawing(deal: Deal) -> bool:\n"
        '    return deal.phase == "drwa"\n\n\n'
        "def ask(duties: TurnDuties) -> None:\n"
        "    duties.asked = 4\n\n\n"
        "def knock() -> KnockGroup:\n"
        '    return {"knoks": True}\n',
        encoding="utf-8",
    )
    out, _err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(snippet)])
    assert status == 1 and out.count("comparison-overlap") == 2, out
    assert "when_frozn" in out and "drwa" in out, out  # a rule value, a phase
    assert 'variable has type "Literal[0, 1, 2, 3]"' in out, out  # the asking state
    assert 'Extra key "knoks"' in out, out  # a rule group's field
