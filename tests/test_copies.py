"""The game's copies miss no field.

A search bot, ``GameState.clone`` and the OpenSpiel binding play on copies of
the game; a field a copy drops (left at its default) makes the copy play
another game, unseen. Each test sets every field of a record to a value that
is not its default, copies it, and compares field by field (and checks that
what the copy may change is its own). The mutation test then removes each
field, one at a time, from each copy method of ``engine/game.py`` and checks
that the field test fails: a copy method cannot lose a field without a test
saying so.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rummy_rules.engine.game as game_module

#: The source the mutants are made from: this checkout's (the compiled build
#: imports the same code, compiled).
GAME_SOURCE = Path(__file__).resolve().parent.parent / "rummy_rules" / "engine" / "game.py"

#: Fields a copy shares with its original by design (documented on the field):
#: the table of fits is replaced, never edited.
SHARED = {("TableMeld", "fits")}
#: Fields whose items a copy shares: earlier deal states (never changed),
#: log entries (never changed), the deal results (frozen).
SHALLOW = {("Deal", "undo"), ("Game", "log"), ("Game", "results")}


class Marker:
    """A stand-in for a value the copy passes on as it is (the rules, chance):
    equal to a marker of the same number; ``copy()`` gives an equal one."""

    def __init__(self, number: int) -> None:
        self.number = number

    def copy(self) -> Marker:
        return Marker(self.number)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Marker) and other.number == self.number

    def __hash__(self) -> int:
        return self.number

    def __repr__(self) -> str:
        return f"Marker({self.number})"


class Values:
    """Distinct values, none a field's default, made from the field's type."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace
        self.count = 0
        #: Filling a deal: a deal inside it (an earlier state) is a marker.
        self.in_deal = False

    def next(self) -> int:
        self.count += 1
        return 1000 + self.count

    def of(self, hint: Any, default: Any = dataclasses.MISSING) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if hint is bool:
            return not default if isinstance(default, bool) else True
        if hint is int:
            return self.next()
        if hint is str:
            return f"value-{self.next()}"
        if origin in (types.UnionType, typing.Union):
            return self.of(next(a for a in args if a is not type(None)))
        if origin is list:
            return [self.of(args[0]), self.of(args[0])]
        if origin is tuple:
            return (self.of(args[0]), self.of(args[0]))
        if origin is frozenset:
            return frozenset({self.of(args[0]), self.of(args[0])})
        if origin is dict:
            return {self.of(args[0]): self.of(args[1])}
        if dataclasses.is_dataclass(hint) and hint.__name__ in ("TableMeld", "TurnDuties", "Deal"):
            if hint.__name__ == "Deal" and self.in_deal:
                return Marker(self.next())  # an earlier state of the deal (undo)
            return filled(hint, self)
        return Marker(self.next())  # the rules, chance, a contract part, Any


def filled(cls: type, values: Values) -> Any:
    """An instance of ``cls`` with every field set to a value that is not its default."""
    hints = typing.get_type_hints(cls, globalns=values.namespace)
    kwargs = {}
    outer, values.in_deal = values.in_deal, values.in_deal or cls.__name__ == "Deal"
    for f in dataclasses.fields(cls):
        kwargs[f.name] = values.of(hints[f.name], f.default)
    values.in_deal = outer
    made = cls(**kwargs)
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            assert getattr(made, f.name) != f.default, (cls.__name__, f.name)
    return made


def _mutable(value: Any) -> bool:
    if isinstance(value, (list, dict, set)):
        return True
    return dataclasses.is_dataclass(value) and not type(value).__dataclass_params__.frozen  # type: ignore[union-attr]


def check_copy(cls: type, original: Any, copied: Any) -> None:
    """Every field of ``copied`` equals ``original``'s, and what may be changed
    is the copy's own (items too, but where the field says they are shared)."""
    assert type(copied) is type(original)
    for f in dataclasses.fields(cls):
        mine, theirs = getattr(copied, f.name), getattr(original, f.name)
        where = f"{cls.__name__}.{f.name}"
        assert mine == theirs, f"{where}: the copy has {mine!r}"
        if (cls.__name__, f.name) in SHARED or not _mutable(theirs):
            continue
        assert mine is not theirs, f"{where}: shared with the original"
        if isinstance(theirs, list) and (cls.__name__, f.name) not in SHALLOW:
            for a, b in zip(mine, theirs, strict=True):
                if _mutable(b):
                    assert a is not b, f"{where}: an item shared with the original"
        if dataclasses.is_dataclass(theirs):
            check_copy(type(theirs), theirs, mine)


def check_trial(module: Any, game: Any) -> None:
    """``Game.trial``: the deal copied, a log of its own, everything else shared."""
    trial = game.trial()
    for f in dataclasses.fields(module.Game):
        mine, theirs = getattr(trial, f.name), getattr(game, f.name)
        if f.name == "deal":
            check_copy(module.Deal, theirs, mine)
        elif f.name == "log":
            assert mine == [] and mine is not theirs
        else:
            assert mine is theirs, f"Game.trial: {f.name} is not the game's"


def _checks(module: Any) -> dict[str, Callable[[], None]]:
    namespace = vars(module)

    def one(name: str) -> Callable[[], None]:
        def run() -> None:
            cls = namespace[name]
            original = filled(cls, Values(namespace))
            check_copy(cls, original, original.copy())

        return run

    def trial() -> None:
        check_trial(module, filled(module.Game, Values(namespace)))

    return {
        "TableMeld.copy": one("TableMeld"),
        "TurnDuties.copy": one("TurnDuties"),
        "Deal.copy": one("Deal"),
        "Game.copy": one("Game"),
        "Game.trial": trial,
    }


@pytest.mark.parametrize(
    "method", ["TableMeld.copy", "TurnDuties.copy", "Deal.copy", "Game.copy", "Game.trial"]
)
def test_a_copy_keeps_every_field(method):
    # The source as written (the compiled build's native classes check each
    # field's type, so they cannot hold the test's stand-ins).
    _checks(_load(GAME_SOURCE.read_text(encoding="utf-8")))[method]()


def _copy_calls(tree: ast.Module) -> list[tuple[str, ast.Call]]:
    """Each copy method's constructor call, as ``(Class.method, call)``."""
    found = []
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for item in cls.body:
            if isinstance(item, ast.FunctionDef) and item.name in ("copy", "trial"):
                for node in ast.walk(item):
                    if isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
                        found.append((f"{cls.name}.{item.name}", node.value))
    return found


def _mutants() -> list[tuple[str, str, str]]:
    """``(method, field, source)``: the engine's game module with one argument of
    one copy method's constructor call left out."""
    source = GAME_SOURCE.read_text(encoding="utf-8")
    out = []
    for method, call in _copy_calls(ast.parse(source)):
        names = [k.arg or "" for k in call.keywords] or [ast.unparse(a) for a in call.args]
        for index, name in enumerate(names):
            tree = ast.parse(source)
            twin = dict(_copy_calls(tree))[method]
            if call.keywords:
                del twin.keywords[index]
            else:
                del twin.args[index]
            out.append((method, name, ast.unparse(tree)))
    return out


def _load(source: str) -> types.ModuleType:
    name = "rummy_rules.engine._game_mutant"
    module = types.ModuleType(name)
    module.__package__ = "rummy_rules.engine"
    sys.modules[name] = module
    try:
        exec(compile(source, "<mutant of engine/game.py>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def test_every_field_left_out_of_a_copy_fails_a_copy_test():
    mutants = _mutants()
    counted = {m for m, _, _ in mutants}
    assert counted == {"TableMeld.copy", "TurnDuties.copy", "Deal.copy", "Game.copy", "Game.trial"}
    for cls in (game_module.Deal, game_module.Game, game_module.TurnDuties):
        method = f"{cls.__name__}.copy"
        assert sum(m == method for m, _, _ in mutants) == len(dataclasses.fields(cls)), method
    survived = []
    for method, field, source in mutants:
        try:
            _checks(_load(source))[method]()
        except (AssertionError, TypeError):
            continue
        survived.append(f"{method} without {field}")
    assert survived == [], survived
