"""Shared helpers for the tests."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummy_rules.cli import app

ROOT = Path(__file__).resolve().parent.parent


#: Set (to 1) by ``--long``: the long suites run in full (.ci/run runs them).
LONG_ENV = "RUMMY_LONG_TESTS"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="also run the tests marked long, and every property test with its full "
        "number of examples (what .ci/run runs; about 10 CPU-minutes more)",
    )


def pytest_configure(config: pytest.Config) -> None:
    import os

    config.addinivalue_line(
        "markers", "long: a long test, run only with --long (CI runs it; the quick suite does not)"
    )
    if config.getoption("--long"):
        os.environ[LONG_ENV] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --long, the tests marked long are deselected (not skipped: the
    quick suite's summary counts them as deselected)."""
    if long_run():
        return
    kept = [item for item in items if item.get_closest_marker("long") is None]
    dropped = [item for item in items if item.get_closest_marker("long") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def long_run() -> bool:
    """Whether this run is the long one (``--long`` or RUMMY_LONG_TESTS=1)."""
    import os

    return os.environ.get(LONG_ENV) == "1"


def examples(quick: int, full: int) -> int:
    """A property test's number of examples: ``full`` in the long run, else ``quick``."""
    return full if long_run() else quick


def pytest_sessionstart(session: pytest.Session) -> None:
    """With RUMMY_RULES_EXPECT_COMPILED set (the compiled build's run in
    .ci/run), refuse to run unless every hot module is the compiled one: a
    suite that silently tested the source instead would prove nothing."""
    import os

    if os.environ.get("RUMMY_RULES_EXPECT_COMPILED"):
        from rummy_rules.build_info import HOT_MODULES, compiled_modules

        missing = sorted(set(HOT_MODULES) - set(compiled_modules()))
        if missing:
            raise pytest.UsageError(
                "RUMMY_RULES_EXPECT_COMPILED is set, but these modules are not compiled: "
                + ", ".join(missing)
                + " (run pytest with --import-mode=append from the compiled build's venv)"
            )


VARIANTS = ROOT / "variants"

#: The standard variants every installation ships.
STANDARD_IDS = {
    "rummikub",
    "machiavelli",
    "tonk",
    "conquian",
    "king-rummy",
    "continental",
    "carioca",
    "zioncheck",
    "gin",
    "hollywood-gin",
    "oklahoma-gin",
    "knock-rummy",
    "indian-rummy",
    "contract",
    "contract-gamerules",
    "persian",
    "liverpool",
    "shanghai",
    "shanghai-10",
    "progressive",
    "may-i",
    "rummy-500",
    "kalooki",
    "basic-rummy",
    "canasta",
    "canasta-2p",
    "samba",
    "samba-6p",
    "buraco",
    "buraco-2p",
    "hand-and-foot",
}

#: Every shipped variant of the contract family, house examples included.
CONTRACT_FAMILY = [
    "contract",
    "contract-gamerules",
    "liverpool",
    "shanghai",
    "shanghai-10",
    "progressive",
    "may-i",
    "king-rummy",
    "continental",
    "carioca",
    "zioncheck",
    "variants/house/family-contract.yaml",
    "variants/house/shanghai-deuces.yaml",
    "variants/house/ten-contracts.yaml",
    "variants/house/numbered-contract.yaml",
    "variants/house/liverpool-s000.yaml",
    "variants/house/progressive-long.yaml",
    "variants/house/colour-contract.yaml",
    "variants/house/progressive-parlett.yaml",
    "variants/house/shanghai-block.yaml",
]

#: A small complete variant used as a starting point by many tests.
MINIMAL = """\
id: tiny
name: Tiny Rummy
players: {min: 2, max: 4}
deck:
  decks: 1
  jokers: 2
wilds:
  exchange: {allowed: false}
deals:
  - cards: 7
opening:
  requirement: none
stock_exhausted:
  action: turn_over
scoring:
  model: penalty
  card_values: {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J: 10, Q: 10, K: 10, A: 1, joker: 15}
game_end:
  kind: fixed_deals
  winner: lowest_total
"""


@pytest.fixture(autouse=True)
def _user_data_folder(tmp_path_factory, monkeypatch):
    """Tests never write into the real user's data folder (schema --install, new)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    """Printed rules follow the locale: tests run in a neutral one (English), and
    the tests of --lang's default set theirs."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def write(tmp_path: Path) -> Callable[..., Path]:
    """Write a (dedented) text file under tmp_path and return its path."""

    def _write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return _write


@pytest.fixture
def cli() -> Callable[..., object]:
    """Run the CLI in-process; returns the click Result (stdout and stderr apart)."""
    runner = CliRunner()

    def _run(*args: str) -> object:
        return runner.invoke(app, list(args), catch_exceptions=False)

    return _run


@pytest.fixture
def engine_cannot_rearrange(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend the engine cannot play ``melding.rearrange_table: true``.

    Every value the schema accepts is played today; this keeps the refusal of a
    knob the engine cannot play yet (``spec.playable``) tested for the day a
    knob is added to the schema before the engine plays it.
    """
    from rummy_rules.spec import playable

    not_yet = (*playable._NOT_YET, ("melding.rearrange_table", (True,)))
    monkeypatch.setattr(playable, "_NOT_YET", not_yet)
