"""Hostile command lines and files for every command, and running one under limits.

Used by ``tests/test_cli_fuzz.py`` (hypothesis draws the choices) and by
``scripts/soak.py`` (a seeded ``random.Random`` draws them, ten thousand
times). A case is a command line plus the files it names, written into a
scratch folder; :func:`run_case` runs it in this process through Click's test
runner with a time limit (SIGALRM) and a memory limit (RLIMIT_AS) and says how
it ended: ``ok`` (exit 0), ``refused`` (exit 1 or 2 with a message),
``traceback``, ``hang`` or ``memory``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import resource
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
SHIPPED_IDS = sorted(p.stem for p in VARIANTS.glob("*.yaml"))

#: How long one case may run, and how much memory it may add.
TIME_LIMIT = 10
MEMORY_LIMIT = 500 * 1024 * 1024


class Choices(Protocol):
    """Where a case's random choices come from."""

    def pick(self, options: Sequence[T]) -> T: ...

    def number(self, low: int, high: int) -> int: ...


class RandomChoices:
    """Choices from a seeded ``random.Random``."""

    def __init__(self, rnd: Any) -> None:
        self.rnd = rnd

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rnd.randrange(len(options))]

    def number(self, low: int, high: int) -> int:
        return int(self.rnd.randint(low, high))


class DrawChoices:
    """Choices drawn through hypothesis (``st.data()``), so failures shrink."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self.data = data
        self.st = st

    def pick(self, options: Sequence[T]) -> T:
        return self.data.draw(self.st.sampled_from(list(options)))  # type: ignore[no-any-return]

    def number(self, low: int, high: int) -> int:
        return int(self.data.draw(self.st.integers(min_value=low, max_value=high)))


HOSTILE_STRINGS = [
    "",
    " ",
    "x" * 5000,
    "\x1b]0;owned\x07",
    "a\rb",
    "\u202eevil",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "../../etc/passwd",
    "/dev/null",
    "-1",
    "999999999999999999999",
    "1e309",
    "NaN",
    "JK",
    "10H",
    "AH",
    "&a [*a]",
    "{",
    "[[[[",
    "yes",
    "null",
]
COMMANDS = [
    *("validate", "show", "meld", "rulebook", "diff", "simulate", "compare", "replay"),
    *("validate", "show", "meld", "rulebook", "diff", "simulate", "compare", "replay"),
    *("rulebook", "replay", "new", "new", "list", "schema", "schema", "bogus"),
    *("play", "watch", "sweep", "resume"),
]
HOSTILE_NUMBERS = [-1, 0, 1, 2, 3, 7, 13, 60, 61, 100, 10**6, 10**12]
SET_PATHS = [
    "deck.decks",
    "deck.jokers",
    "deck.jokers.per_deck",
    "players.max",
    "players.min",
    "deals.1.cards",
    "deals.99.cards",
    "deals.1.contract",
    "deals+",
    "buying.limits.per_deal",
    "name",
    "id",
    "notes+",
    "nonsense.key",
    "scoring.card_values.JK",
]


def _yaml_scalar(c: Choices) -> str:
    value = c.pick([*HOSTILE_STRINGS, *map(str, HOSTILE_NUMBERS)])
    return json.dumps(value, ensure_ascii=False) if c.pick([True, False]) else value


def _variant_text(c: Choices) -> str:
    """A variant file: a shipped one mutated, a bomb, or junk."""
    kind = c.pick(["mutated"] * 6 + ["alias-loop", "alias-bytes", "deep", "junk"])
    if kind == "alias-loop":
        return "id: x\nname: &a [*a]\n"
    if kind == "alias-bytes":
        n = c.number(1, 300)
        return 'id: x\ndescription: &a "' + "x" * 10_000 + '"\nnotes:\n' + "  - *a\n" * n
    if kind == "deep":
        depth = c.number(10, 5000)
        return "id: x\nnotes: " + "[" * depth + "]" * depth + "\n"
    if kind == "junk":
        return c.pick(["", "\x00\x01", "- a\n- b\n", "a: b: c", "---\n---\n", "\ufeffid: x\n"])
    base = (VARIANTS / f"{c.pick(SHIPPED_IDS)}.yaml").read_text(encoding="utf-8")
    lines = base.splitlines()
    for _ in range(c.number(0, 3)):
        i = c.number(0, len(lines) - 1)
        line = lines[i]
        op = c.pick(["value", "value", "delete", "duplicate", "key"])
        if op == "value" and ":" in line:
            lines[i] = line[: line.index(":") + 1] + " " + _yaml_scalar(c)
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "key":
            indent = line[: len(line) - len(line.lstrip())]
            lines.insert(i, f"{indent}{json.dumps(c.pick(HOSTILE_STRINGS))}: 1")
    return "\n".join(lines) + "\n"


def _record_text(c: Choices, sample: str) -> str:
    """A game record: a real one mutated, cut, or hostile lines."""
    lines = sample.splitlines(keepends=True)
    kind = c.pick(["cut", "line", "line", "swap", "hostile", "headers"])
    if kind == "cut":
        return sample[: c.number(0, len(sample))]
    if kind == "headers":
        return lines[0] * c.number(1, 50)
    if kind == "hostile":
        return c.pick(
            [
                "[" * 50_000 + "]" * 50_000 + "\n",
                '{"action": ' + "9" * 10_000 + "}\n",
                "x" * 2_000_000 + "\n",
                "\x00\xff\n",
                "{}\n",
            ]
        )
    i = c.number(0, len(lines) - 1)
    if kind == "swap":
        j = c.number(0, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    try:
        entry = json.loads(lines[i])
    except ValueError:
        return "".join(lines)
    if isinstance(entry, dict) and entry:
        key = c.pick(sorted(entry))
        entry[key] = c.pick([None, -1, 0, 10**6, "p1 draw", [1, 2], {"a": 1}, "\x1b[2J"])
        lines[i] = json.dumps(entry) + "\n"
    return "".join(lines)


@dataclass
class Case:
    """One command line and the files it needs (name -> text)."""

    args: list[str]
    files: dict[str, str] = field(default_factory=dict)
    special: dict[str, str] = field(default_factory=dict)  # name -> fifo | dir | symlink
    charset: str = "utf-8"  # the output's encoding (PYTHONIOENCODING=latin-1 and the like)
    stdin: str = ""  # what a line-based command reads

    def __str__(self) -> str:
        shown = " ".join(a if len(a) < 60 else a[:57] + "..." for a in self.args)
        return shown if self.charset == "utf-8" else f"{shown} [output in {self.charset}]"


def _variant_arg(c: Choices, case: Case) -> str:
    kind = c.pick(["id", "id", "id", "file", "file", "file", "missing", "fifo", "dir"])
    if kind == "id":
        return c.pick([*SHIPPED_IDS, "nope", "../variants/contract.yaml"])
    if kind == "missing":
        return "missing.yaml"
    if kind in ("fifo", "dir"):
        case.special["thing.yaml"] = kind
        return "thing.yaml"
    case.files["v.yaml"] = _variant_text(c)
    return "v.yaml"


def _output_arg(c: Choices, case: Case, suffix: str) -> str:
    kind = c.pick(["new", "new", "ours", "foreign", "fifo", "dir", "nodir", "symlink"])
    name = f"out{suffix}"
    if kind == "nodir":
        return f"nodir/x/{name}"
    if kind == "foreign":
        case.files[name] = "precious\n"
    elif kind in ("fifo", "dir", "symlink"):
        case.special[name] = kind
    return name


def _options(c: Choices) -> list[str]:
    out: list[str] = []
    for _ in range(c.pick([0, 0, 0, 1, 2])):
        out += ["--set", f"{c.pick(SET_PATHS)}={_yaml_scalar(c)}"]
    return out


def make_case(c: Choices, record_sample: str) -> Case:
    """A hostile command line for one of the commands, with its files."""
    case = Case([])
    command = c.pick(COMMANDS)
    args = [command]
    if command in ("validate", "show"):
        args += [_variant_arg(c, case), *_options(c)]
        args += c.pick([[], ["--json"], ["--strict"] if command == "validate" else []])
    elif command == "meld":
        cards = [c.pick(["JK", "AH", "2S", "10D", "KC", "QH", "x", "11H", "🂡"])]
        cards *= c.number(1, 5)
        cards += [c.pick(["3C", "4C", "5C", "JK"]) for _ in range(c.number(0, 40))]
        args += [_variant_arg(c, case), "--deal", str(c.pick(HOSTILE_NUMBERS)), *cards]
        args += c.pick([[], ["--players", str(c.pick(HOSTILE_NUMBERS))]])
    elif command == "rulebook":
        suffix = c.pick([".md", ".html", ".txt", ".pdf", ".xyz", ""])
        args += [_variant_arg(c, case), *_options(c)]
        args += c.pick([[], ["-o", _output_arg(c, case, suffix)]])
        args += c.pick([[], ["-f", c.pick(["md", "html", "txt", "card", "pdf", "docx"])]])
        args += c.pick(
            [[], ["--score-sheet", "--players", str(c.pick(HOSTILE_NUMBERS))], ["--house-sheet"]]
        )
    elif command == "diff":
        args += [_variant_arg(c, case), c.pick(SHIPPED_IDS)]
        args += c.pick([[], ["-f", "md"], ["--json"], ["-f", "pdf"]])
    elif command in ("simulate", "compare"):
        args += [_variant_arg(c, case)]
        if command == "compare":
            args += [c.pick(SHIPPED_IDS)]
        args += ["--games", str(c.pick([1, 1, 2, 3, 0, -5])), "--json", *_options(c)]
        args += c.pick([[], ["--players", str(c.pick(HOSTILE_NUMBERS))]])
        args += c.pick([[], ["--workers", str(c.pick([1, 2, 64, 0]))]])
        args += c.pick([[], ["--bots", c.pick(["random", "greedy:buy=eager", "x:y", ""])]])
        args += c.pick([[], ["--records", _output_arg(c, case, ".jsonl")]])
        args += c.pick([[], [], ["--report", _output_arg(c, case, ".html")]])
    elif command == "replay":
        kind = c.pick(["file", "file", "file", "fifo", "missing"])
        if kind == "file":
            case.files["r.jsonl"] = _record_text(c, record_sample)
            args += ["r.jsonl"]
        elif kind == "fifo":
            case.special["r.jsonl"] = "fifo"
            args += ["r.jsonl"]
        else:
            args += ["missing.jsonl"]
        args += c.pick([[], ["--json"], ["--partial"]])
    elif command == "new":
        args += [_output_arg(c, case, ".yaml"), "--from", _variant_arg(c, case)]
        args += c.pick([[], ["--name", c.pick(HOSTILE_STRINGS)], ["--force"]])
    elif command == "play":
        args += [_variant_arg(c, case), "--plain", *_options(c)]
        args += c.pick([[], ["--seat", str(c.pick(HOSTILE_NUMBERS))], ["--bots", "random"]])
        args += c.pick([[], ["--record", _output_arg(c, case, ".jsonl")]])
    elif command == "watch":
        case.files["r.jsonl"] = _record_text(c, record_sample)
        args += ["r.jsonl", "--plain"]
        args += c.pick([[], ["--all"], ["--seat", str(c.pick(HOSTILE_NUMBERS))], ["--game", "2"]])
    elif command == "sweep":
        _sweep_case(c, case, args)
    elif command == "resume":
        args[0] = "play"
        case.files["p.jsonl"] = _resume_text(c, play_sample())
        args += c.pick([[], [], [], [c.pick(SHIPPED_IDS)]])
        args += ["--resume", "p.jsonl", "--plain"]
        args += c.pick([[], ["--bots", c.pick(["random", "greedy", "os:system"])]])
        case.files["evil.py"] = _EVIL
        case.stdin = c.pick(["", "quit\n", "1\n" * 5, "²\n", "9" * 5000 + "\n", "\x1b[2J\n"])
    elif command == "schema":
        args += c.pick([[], ["-o", _output_arg(c, case, ".json")], ["--install"]])
    else:
        args += [c.pick(HOSTILE_STRINGS)]
    if c.number(0, 9) == 0:
        case.charset = c.pick(["latin-1", "ascii", "cp1252"])
    case.args = args
    return case


#: A bot file a hostile record names: loading it leaves a mark on disk.
_EVIL = "open('PWNED', 'w').write('ran')\nclass Evil:\n    pass\n"


def _sweep_case(c: Choices, case: Case, args: list[str]) -> None:
    """A sweep that would play, with one or two hostile changes: values, a
    checkpoint that is not a sweep's, a scheduler, a target, a report."""
    args += [c.pick(["basic-rummy", "gin", "persian", "knock-rummy"])]
    args += ["--vary", "buying.limits.per_deal=1,2", "--games", str(c.number(1, 3))]
    args += ["--chunk", str(c.pick([1, 2, 25])), *c.pick([[], ["--json"]])]
    for _ in range(c.number(1, 2)):
        change = c.pick(["vary", "games", "metric", "target", "scheduler", "report"] + ["cp"] * 4)
        if change == "vary":
            values = ",".join(c.pick(["0", "1", "x", "", "-1", "1e400"]) for _ in range(2))
            key = c.pick(["deck.jokers", "nonsense.key", "deals.1.cards"])
            args += ["--vary", f"{key}={values}"]
        elif change == "games":
            args += ["--games", str(c.pick([0, -1, 10**6 + 1, 10**9]))]
        elif change in ("metric", "target"):
            args += ["--metric", c.pick(["turns_per_game", "first_player_win_rate", "x"])]
            args += c.pick([[], ["--target", c.pick(["nan", "1e400", "-inf", "5", "0.25", "x"])]])
        elif change == "scheduler":
            address = c.pick(["garbage!!", "", "http://x", "inproc://x", "tcp://127.0.0.1:1"])
            args += ["--executor", "dask", "--scheduler", address]
        elif change == "report":
            if "--report" not in args:
                args += ["--report", _output_arg(c, case, ".html")]
        elif "--checkpoint" not in args:
            kind = c.pick(["note", "json42", "list", "binary", "tampered", "fifo", "dir", "new"])
            if kind in ("fifo", "dir"):
                case.special["cp.jsonl"] = kind
            elif kind != "new":
                case.files["cp.jsonl"] = {
                    "note": "my own notes, keep them",
                    "json42": "42\n",
                    "list": "[1, 2]\n",
                    "binary": "\x00\xff\xfe\n",
                    "tampered": '{"sweep": 1, "turns": 999999}\n{"chunk": [0, 100], "games": NaN}\n',
                }[kind]
            args += ["--checkpoint", "cp.jsonl"]


def _resume_text(c: Choices, sample: str) -> str:
    """A record to go on with: a real one with its seats, game count or lines tampered."""
    lines = sample.splitlines(keepends=True)
    kind = c.pick(["seats", "seats", "seats", "games", "mutated", "long", "whole"])
    if kind == "whole":
        return sample
    if kind == "games":
        return sample * c.number(2, 30)
    if kind == "long":
        return lines[0] + "x" * c.number(10, 2_000_000) + "\n"
    if kind == "mutated":
        return _record_text(c, sample)
    head = json.loads(lines[0])
    seats = list(head.get("seats") or ["random"] * 2)
    hostile = ["evil.py:Evil", "os:system", "../evil.py:Evil", "", "random", "greedy:buy=x"]
    seats[c.number(0, len(seats) - 1)] = c.pick(hostile)
    if c.number(0, 3) == 0:
        seats = seats[: c.number(0, len(seats))] + c.pick([[], ["random"] * c.number(1, 20)])
    head["seats"] = seats
    return json.dumps(head) + "\n" + "".join(lines[1:])


def record_sample() -> str:
    """A short real record to mutate (one game of basic-rummy)."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.jsonl"
        args = ["simulate", "basic-rummy", "--games", "1", "--records", str(path), "--json"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        return path.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def play_sample() -> str:
    """A real record of a game played with ``play`` and saved after a few moves."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.jsonl"
        args = ["play", "basic-rummy", "--plain", "--seed", "3", "--record", str(path)]
        result = CliRunner().invoke(app, args, input="1\n" * 6 + "quit\n")
        assert path.exists(), result.output
        return path.read_text(encoding="utf-8")


class _Timeout(BaseException):
    pass


_FIRED = [False]


def _alarm(signum: int, frame: Any) -> None:
    _FIRED[0] = True
    raise _Timeout


def _vm_size() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


@contextlib.contextmanager
def limits(seconds: int = TIME_LIMIT, memory: int = MEMORY_LIMIT) -> Iterator[None]:
    """Raise ``_Timeout`` after ``seconds`` and ``MemoryError`` past ``memory`` more bytes."""
    old_soft, old_hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_size() + memory
    if old_hard != resource.RLIM_INFINITY:
        cap = min(cap, old_hard)
    previous = signal.signal(signal.SIGALRM, _alarm)
    resource.setrlimit(resource.RLIMIT_AS, (cap, old_hard))
    _FIRED[0] = False
    # A watchdog thread signals the main thread itself (a process-wide alarm
    # may be taken by another thread, leaving a blocking call in the main
    # thread uninterrupted), and again every second, in case code swallows
    # the first interruption.
    done = threading.Event()
    main = threading.main_thread().ident
    assert main is not None

    def watch() -> None:
        wait = float(seconds)
        while not done.wait(wait):
            signal.pthread_kill(main, signal.SIGALRM)
            wait = 1.0

    watchdog = threading.Thread(target=watch, daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        done.set()
        watchdog.join()
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (old_soft, old_hard))


def _materialise(case: Case, folder: Path) -> None:
    for name, text in case.files.items():
        (folder / name).write_text(text, encoding="utf-8", errors="surrogateescape")
    for name, kind in case.special.items():
        path = folder / name
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dir":
            path.mkdir()
        elif kind == "symlink":
            (folder / "real").mkdir(exist_ok=True)
            path.symlink_to(folder / "real" / name)


@dataclass
class Outcome:
    """How a case ended, and what it printed (cut short)."""

    kind: str  # ok | refused | traceback | hang | memory | silent | code | clobbered
    exit_code: int | None
    detail: str


def _kept_files(case: Case) -> list[str]:
    """The files a case must leave byte-identical: every file it starts with,
    unless --force lets an output replace it or it is the saved game that
    ``play --resume`` goes on recording."""
    if "--force" in case.args:
        return []
    resumed = case.args[0] == "play" and "--resume" in case.args
    return [name for name in case.files if not (resumed and name == "p.jsonl")]


def _bytes_of(name: str) -> bytes | None:
    try:
        return Path(name).read_bytes()
    except OSError:
        return None


def run_case(case: Case, *, on_start: Callable[[], None] | None = None) -> Outcome:
    """Run ``case`` in a scratch folder under :func:`limits` and classify the end."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    runner = CliRunner(charset=case.charset)
    with tempfile.TemporaryDirectory(prefix="rummy-soak-") as folder:
        _materialise(case, Path(folder))
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            if on_start is not None:
                on_start()
            kept = {name: Path(name).read_bytes() for name in _kept_files(case)}
            with limits():
                result = runner.invoke(
                    app, case.args, input=case.stdin.encode(), catch_exceptions=True
                )
            if Path("PWNED").exists():
                return Outcome("code", result.exit_code, "code named by a file was run")
            changed = [name for name, data in kept.items() if _bytes_of(name) != data]
            if changed:
                return Outcome("clobbered", result.exit_code, f"changed {', '.join(changed)}")
        except _Timeout:
            return Outcome("hang", None, f"more than {TIME_LIMIT} s")
        except MemoryError:
            return Outcome("memory", None, f"more than {MEMORY_LIMIT // 2**20} MB")
        finally:
            os.chdir(cwd)
    if _FIRED[0]:
        return Outcome("hang", None, f"more than {TIME_LIMIT} s (then ended)")
    said = (result.stdout + result.stderr)[-400:]
    exc = result.exception
    if isinstance(exc, MemoryError):
        return Outcome("memory", None, said)
    if isinstance(exc, _Timeout):
        return Outcome("hang", None, said)
    if exc is not None and not isinstance(exc, SystemExit):
        import traceback

        text = "".join(traceback.format_exception(exc))[-1500:]
        return Outcome("traceback", result.exit_code, text)
    if "Traceback (most recent call last)" in result.stderr:
        return Outcome("traceback", result.exit_code, said)
    if result.exit_code == 0:
        return Outcome("ok", 0, said)
    if not result.stderr.strip() and not result.stdout.strip():
        return Outcome("silent", result.exit_code, "no message")
    return Outcome("refused", result.exit_code, said)
