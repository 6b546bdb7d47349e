"""The package's shape, as docs/architecture.md describes it.

The stages of the pipeline import only from stages below them; the engine
reads the variant file's models only where it compiles them; no module takes
another's private names; the parts of the engine read only the public fields
of the game's data; modules and functions stay small enough to find one's way
in.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rummy_rules"

#: The stages, lowest first. A module may import from its own stage and the
#: stages before it, never from a later one.
LAYERS = ("base", "spec", "engine", "sim", "envs", "render", "cli")

#: Modules at the top of the package, which every stage may use.
BASE = {"errors", "cards", "fsutil", "build_info"}

#: Entry points, which sit above everything: ``rummy_rules`` itself (its names
#: are imported lazily, by name) and ``python -m rummy_rules``.
ENTRY = {"rummy_rules", "rummy_rules.__main__"}

#: Third-party packages each stage may not import.
FORBIDDEN = {
    "base": {"pydantic", "yaml", "jinja2", "typer", "rich", "matplotlib", "weasyprint"},
    "spec": {"jinja2", "typer", "rich", "matplotlib", "weasyprint"},
    "engine": {"pydantic", "yaml", "jinja2", "typer", "rich", "matplotlib", "weasyprint"},
    "sim": {"jinja2", "typer", "matplotlib", "weasyprint"},
    "envs": {"jinja2", "typer", "matplotlib", "weasyprint"},
    "render": {"typer"},
}

#: The engine's parts of the turn and the data they share.
ENGINE_PARTS = (
    "game",
    "dealing",
    "drawing",
    "buying",
    "turn",
    "melding",
    "laying_off",
    "exchanging",
    "discarding",
    "scoring",
    "ending",
    "state",
)

#: Functions allowed past 100 lines, with the reason written beside them.
LONG_FUNCTIONS = {("rummy_rules.engine.solver", "_search")}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _modules() -> dict[str, tuple[Path, ast.Module]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found[_module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


MODULES = _modules()


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) < 2:
        return "entry"
    if parts[1] in BASE:
        return "base"
    if parts[1] in LAYERS:
        return parts[1]
    return "entry"


def _imports(module: str, path: Path, tree: ast.Module) -> list[tuple[str, int, list[str]]]:
    """(imported module, line, names) for every import in the module, at any depth."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((alias.name, node.lineno, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not node.module:
                # ``from . import x``: the names are modules, but for the
                # package's own attributes (``from .. import __version__``).
                dunders = [n for n in names if n.startswith("__")]
                if dunders:
                    out.append((target, node.lineno, dunders))
                out.extend((f"{target}.{n}", node.lineno, []) for n in names if n not in dunders)
            else:
                out.append((target, node.lineno, names))
    return out


def test_every_module_belongs_to_a_stage():
    stray = [m for m in MODULES if _layer(m) == "entry" and m not in ENTRY]
    assert stray == [], "modules outside the stages: " + ", ".join(stray)


def test_stages_import_only_from_stages_below():
    wrong = []
    for module, (path, tree) in MODULES.items():
        layer = _layer(module)
        if layer == "entry":
            continue
        for target, line, _ in _imports(module, path, tree):
            if not target.startswith("rummy_rules"):
                continue
            other = _layer(target)
            if other == "entry" and target != "rummy_rules":
                wrong.append(f"{module}:{line} imports the entry point {target}")
            elif other != "entry" and LAYERS.index(other) > LAYERS.index(layer):
                wrong.append(f"{module}:{line} ({layer}) imports {target} ({other})")
    assert wrong == []


def test_stages_do_not_import_the_libraries_of_later_stages():
    wrong = []
    for module, (path, tree) in MODULES.items():
        banned = FORBIDDEN.get(_layer(module), set())
        for target, line, _ in _imports(module, path, tree):
            if target.split(".")[0] in banned:
                wrong.append(f"{module}:{line} imports {target}")
    assert wrong == []


def test_the_engine_reads_the_variant_models_only_where_it_compiles_them():
    readers = set()
    for module, (path, tree) in MODULES.items():
        if _layer(module) != "engine":
            continue
        for target, _, _ in _imports(module, path, tree):
            if target.startswith("rummy_rules.spec"):
                readers.add(module)
    # rules compiles the variant; rule_groups holds the compilers of its groups of keys.
    assert readers == {"rummy_rules.engine.rules", "rummy_rules.engine.rule_groups"}


def test_no_module_imports_another_modules_private_names():
    wrong = []
    for module, (path, tree) in MODULES.items():
        for target, line, names in _imports(module, path, tree):
            if not target.startswith("rummy_rules"):
                continue
            # ``_`` is gettext's translate function (render.i18n), public by convention.
            private = [
                n for n in names if n.startswith("_") and not n.startswith("__") and n != "_"
            ]
            if private or any(part.startswith("_") for part in target.split(".")[1:]):
                wrong.append(f"{module}:{line} takes {target} {private}")
    assert wrong == []


@pytest.mark.parametrize("part", ENGINE_PARTS)
def test_engine_parts_read_only_public_fields(part):
    """A part of the turn may use its own private helpers, and the public
    fields of the game's data, never another object's private attributes."""
    path, tree = MODULES[f"rummy_rules.engine.{part}"]
    wrong = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            wrong.append(f"{path.name}:{node.lineno} .{node.attr}")
    # ``GameState._of`` makes a state around a copied game: the class's own helper.
    assert [w for w in wrong if not w.endswith("._of")] == []


def test_modules_stay_under_700_lines():
    long = {m: len(p.read_text().splitlines()) for m, (p, _) in MODULES.items()}
    assert {m: n for m, n in long.items() if n > 700} == {}


def test_functions_stay_under_100_lines():
    long = []
    for module, (_, tree) in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 100 and (module, node.name) not in LONG_FUNCTIONS:
                    long.append(f"{module}.{node.name}: {size} lines")
    assert long == []
