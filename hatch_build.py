"""The build's own steps: the catalogs compiled, and the optional compiled build.

Every wheel holds each language's catalog compiled to the ``.mo`` file
gettext reads, made with Babel from ``rummy_rules/locale/*/LC_MESSAGES/
rummy_rules.po`` while the wheel is built (only the ``.po`` files are kept in
the repository; an editable install writes the ``.mo`` files beside them).

The optional compiled build: ``RUMMY_RULES_COMPILE=1 pip install .``

With ``RUMMY_RULES_COMPILE=1`` in the environment, the wheel holds the hot
modules (cards, the melds and solver, the compiled rules, the engine and its
parts, the shipped bots) compiled to C extensions by mypyc, beside the same
Python source; without it (the default) the wheel is pure Python. The
compiled modules behave exactly as the source does (the test suite runs
against both builds, and seeded game records are compared byte for byte);
they are only faster. Building them needs a C compiler and the Python headers.

mypyc's own build API (``mypyc.build.mypycify`` run by setuptools'
``build_ext``) does the work. hatch-mypyc, the hatchling plugin for it, has
had no release since 2023, so this small hook calls the API directly.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that switches the compiled build on.
SWITCH = "RUMMY_RULES_COMPILE"


def hot_modules(root: Path) -> list[str]:
    """The modules to compile, as paths from the project root: the tuple
    ``HOT_MODULES`` of ``rummy_rules/build_info.py`` (read, not imported: the
    package is not installed while it is being built)."""
    tree = ast.parse((root / "rummy_rules" / "build_info.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "HOT_MODULES" for t in node.targets
        ):
            paths = []
            for name in ast.literal_eval(node.value):
                path = name.replace(".", "/")
                paths.append(f"{path}/__init__.py" if (root / path).is_dir() else f"{path}.py")
            return paths
    raise RuntimeError("rummy_rules/build_info.py has no HOT_MODULES")


_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="rummy_rules_compiled",
    ext_modules=mypycify(sys.argv.pop(1).split(","), opt_level="3"),
)
"""


def compile_wanted() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() not in ("", "0", "false", "no")


#: Babel, which compiles the catalogs (the same bound as the lang extra).
BABEL = "babel>=2.12"


def compile_catalogs(root: Path, out: Path) -> list[Path]:
    """Compile every catalog ``root/rummy_rules/locale/LANG/LC_MESSAGES/*.po``
    to its ``.mo`` file at the same place under ``out``; the files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for source in sorted((root / "rummy_rules" / "locale").glob("*/LC_MESSAGES/*.po")):
        with source.open("rb") as handle:
            catalog = read_po(handle, locale=source.parent.parent.name)
        target = out / source.relative_to(root).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalog)
        written.append(target)
    return written


class CustomBuildHook(BuildHookInterface):
    """Compile the catalogs; compile the hot modules with mypyc when
    :data:`SWITCH` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if self.target_name != "wheel":
            return []
        if compile_wanted():
            # mypyc type-checks what the hot modules import: the schema's
            # libraries are needed to build, as well as mypy and setuptools.
            return [
                "mypy>=1.10",
                "setuptools>=68",
                "pydantic>=2.6,<3",
                "PyYAML>=6.0",
                "types-PyYAML",
                BABEL,
            ]
        return [BABEL]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if version == "editable":
            # The package is the source tree itself: the .mo files go beside
            # the catalogs (ignored by git; a catalog edited since is read
            # from its .po file, see rummy_rules/render/i18n.py).
            compile_catalogs(root, root)
            return
        catalogs = Path(tempfile.mkdtemp(prefix="rummy-rules-catalogs-"))
        self._catalogs = catalogs
        for built in compile_catalogs(root, catalogs):
            build_data["force_include"][str(built)] = str(built.relative_to(catalogs))
        if not compile_wanted():
            return
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        # Compile a copy, so that nothing is written into the source tree; the
        # copy lives until the wheel is written (see finalize).
        work = Path(tempfile.mkdtemp(prefix="rummy-rules-mypyc-"))
        self._work = work
        shutil.copytree(Path(self.root) / "rummy_rules", work / "rummy_rules")
        (work / "setup.py").write_text(_SETUP, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "setup.py", ",".join(hot_modules(work)), "build_ext", "--inplace"],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"mypyc could not compile rummy-rules:\n{done.stdout}")
        for built in sorted(work.rglob(f"*{suffix}")):
            if "build" in built.relative_to(work).parts[:1]:
                continue  # setuptools' intermediate copies
            build_data["force_include"][str(built)] = str(built.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        for name in ("_work", "_catalogs"):
            work = getattr(self, name, None)
            if work is not None:
                shutil.rmtree(work, ignore_errors=True)
