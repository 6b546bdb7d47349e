"""A non-editable install into a fresh virtual environment finds every shipped variant.

This builds the wheel and installs it with its dependencies from the package
index, so it takes a while; it runs in CI with the rest of the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from .conftest import ROOT, STANDARD_IDS


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        args, cwd=cwd, capture_output=True, text=True, check=False, env=env, timeout=900
    )
    if result.returncode != 0:
        pytest.fail(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


@pytest.mark.long
def test_installed_wheel_finds_every_shipped_variant(tmp_path):
    wheels = tmp_path / "wheels"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        cwd=tmp_path,
    )
    (wheel,) = wheels.glob("rummy_rules-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    script = env_dir / ("Scripts" if os.name == "nt" else "bin") / "rummy-rules"

    listing = json.loads(_run([str(script), "list", "--json"], cwd=elsewhere, env=env))
    ids = {v["id"] for v in listing["variants"]}
    assert ids >= STANDARD_IDS
    assert all(v["valid"] for v in listing["variants"])
    for entry in listing["variants"]:
        assert entry["file"].startswith("variants/")

    # The package that ran is the installed one, not this checkout.
    where = _run(
        [str(python), "-c", "import rummy_rules.spec.registry as r; print(r.variants_dir())"],
        cwd=elsewhere,
        env=env,
    )
    assert "site-packages" in where

    _run([str(script), "validate", *sorted(STANDARD_IDS)], cwd=elsewhere, env=env)
    schema = json.loads(_run([str(script), "schema"], cwd=elsewhere, env=env))
    assert schema["$schema"].startswith("http://json-schema.org/draft-07")
    _run([str(script), "new", "ours.yaml", "--from", "contract"], cwd=elsewhere, env=env)
    first = (elsewhere / "ours.yaml").read_text().splitlines()[0]
    assert (elsewhere / first.split("$schema=", 1)[1]).resolve().is_file()
    _run([str(script), "validate", "ours.yaml"], cwd=elsewhere, env=env)
    # the templates are bundled too
    book = _run([str(script), "rulebook", "shanghai"], cwd=elsewhere, env=env)
    assert book.startswith("# Shanghai Rummy")
