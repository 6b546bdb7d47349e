"""Safe YAML reading with positions.

Reads one YAML document into plain Python data (dicts with string keys,
lists, strings, ints, floats, booleans, None) and remembers the line and
column of every value, so that later errors can point at the file.

What it refuses, each with a located :class:`~rummy_rules.errors.Problem`:
anything but a regular file (a directory, device or pipe), files over
:data:`MAX_BYTES`, text that is not UTF-8, YAML syntax errors, several
documents in one file, duplicate keys, tags other than YAML's own, nesting
deeper than :data:`MAX_DEPTH`, aliases that contain themselves, documents
whose aliases expand to more than :data:`MAX_NODES` values or
:data:`MAX_EXPANDED_BYTES` bytes of text ("billion laughs"), strings longer
than :data:`MAX_STRING`, and control or bidirectional-override characters
(line breaks and tabs are allowed in values, not in keys).

Only ``true``/``false`` are booleans: ``yes``, ``no``, ``on`` and ``off``
stay strings, so a schema expecting a boolean reports them instead of
silently reading them as one. Dates stay strings, and integers are decimal.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Problem

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_EXPANDED_BYTES",
    "MAX_NODES",
    "MAX_STRING",
    "Located",
    "Mark",
    "PathT",
    "format_path",
    "read_yaml_file",
    "read_yaml_text",
]

#: Largest file read, in bytes.
MAX_BYTES = 1_000_000
#: Deepest nesting of mappings and lists.
MAX_DEPTH = 40
#: Most values a document may hold once aliases are expanded.
MAX_NODES = 50_000
#: Most bytes of text a document may hold once aliases are expanded.
MAX_EXPANDED_BYTES = 2_000_000
#: Longest single string (key or value), in characters.
MAX_STRING = 20_000

# C0 and C1 control characters (but tab and line feed) and the bidirectional
# embeddings, overrides and isolates that can make text display differently
# from what it says.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_KEY = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

PathT = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a value was set: file, 1-based line and column."""

    file: str
    line: int | None = None
    column: int | None = None


@dataclass(slots=True)
class Located:
    """Plain data read from YAML plus the position of every value.

    ``marks`` maps a path (keys, and 0-based list indexes) to the position
    of the value there; ``key_marks`` maps it to the position of the key
    that names it.
    """

    data: Any
    file: str
    marks: dict[PathT, Mark] = field(default_factory=dict)
    key_marks: dict[PathT, Mark] = field(default_factory=dict)
    replaced: list[tuple[PathT, int, int]] = field(default_factory=list)
    """Lists a layer replaced with one of another length: (path, before, after)."""

    def mark_for(self, path: PathT, *, key: bool = False) -> Mark:
        """The best position for ``path``: its own, else its nearest ancestor's."""
        table = self.key_marks if key else self.marks
        probe = tuple(path)
        while True:
            if probe in table:
                return table[probe]
            if key and probe in self.marks:
                return self.marks[probe]
            if not probe:
                return Mark(self.file)
            probe = probe[:-1]


def format_path(path: PathT) -> str:
    """A dotted path for people: list items numbered from 1 (``deals.7.cards``)."""
    return ".".join(str(p + 1) if isinstance(p, int) else p for p in path)


_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_NULL = "tag:yaml.org,2002:null"
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


class _TooDeep(Exception):
    def __init__(self, mark: yaml.Mark | None) -> None:
        super().__init__("too deep")
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core-schema scalars and a nesting limit."""

    # PyYAML keeps one resolver table per class: start this one empty.
    yaml_implicit_resolvers = {}  # noqa: RUF012

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return Composer.compose_node(self, parent, index)
        finally:
            self._depth -= 1


_Loader.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Loader.add_implicit_resolver(
    _FLOAT,
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?[0-9]+[eE][-+]?[0-9]+)$"
    ),
    list("-+.0123456789"),
)
_Loader.add_implicit_resolver(_NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
_Loader.add_implicit_resolver(_MERGE, re.compile(r"^<<$"), ["<"])


class _Reader:
    """Turns a composed node tree into data, recording positions and problems."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0
        self.bytes = 0
        self.open: set[int] = set()  # the nodes being built: an alias back to one is a loop
        self.problems: list[Problem] = []
        self.marks: dict[PathT, Mark] = {}
        self.key_marks: dict[PathT, Mark] = {}

    def mark(self, node: Node) -> Mark:
        m = node.start_mark
        return Mark(self.file, m.line + 1, m.column + 1)

    def problem(self, node: Node, path: PathT, message: str) -> None:
        m = self.mark(node)
        self.problems.append(Problem(self.file, m.line, m.column, format_path(path), message))

    def build(self, node: Node, path: PathT) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Bomb(self.mark(node), f"more than {MAX_NODES} values")
        if len(path) > MAX_DEPTH:
            raise _Bomb(self.mark(node), f"values nested more than {MAX_DEPTH} levels deep")
        self.marks.setdefault(path, self.mark(node))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if id(node) in self.open:
            raise _Loop(self.mark(node))
        self.open.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                if node.tag != _SEQ:
                    self.problem(node, path, f"unsupported tag {node.tag}")
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            if isinstance(node, MappingNode):
                if node.tag != _MAP:
                    self.problem(node, path, f"unsupported tag {node.tag}")
                return self.mapping(node, path)
        finally:
            self.open.discard(id(node))
        raise AssertionError(f"unknown node {node!r}")  # pragma: no cover

    def text(self, node: ScalarNode, path: PathT, *, key: bool = False) -> None:
        """Count the string's bytes and report what a string may not hold."""
        text = node.value
        self.bytes += len(text)
        if self.bytes > MAX_EXPANDED_BYTES:
            raise _Bomb(self.mark(node), f"more than {MAX_EXPANDED_BYTES // 1_000_000} MB of text")
        if len(text) > MAX_STRING:
            self.problem(node, path, f"a text longer than {MAX_STRING} characters")
        bad = (_UNSAFE_KEY if key else _UNSAFE).search(text)
        if bad:
            shown = bad.group(0).encode("unicode_escape").decode("ascii")
            where = "a key" if key else "a text"
            self.problem(
                node,
                path,
                f"{where} holds the control character {shown}: write it without "
                "control or text-direction characters",
            )

    def scalar(self, node: ScalarNode, path: PathT, *, key: bool = False) -> Any:
        text = node.value
        tag = node.tag
        self.text(node, path, key=key)
        if tag == _STR:
            return text
        if tag == _BOOL:
            return text.lower() == "true"
        if tag == _NULL:
            return None
        if tag == _INT:
            try:
                return int(text, 10)
            except ValueError:
                self.problem(node, path, f"'{text}' is not a whole number")
                return text
        if tag == _FLOAT:
            try:
                return float(text)
            except ValueError:
                self.problem(node, path, f"'{text}' is not a number")
                return text
        self.problem(node, path, f"unsupported tag {tag}: write the value without a tag")
        return text

    def key(self, node: Node, path: PathT) -> str | None:
        if not isinstance(node, ScalarNode):
            self.problem(node, path, "a key must be a plain word or number, not a list or mapping")
            return None
        value = self.scalar(node, path, key=True)
        if value is None:
            self.problem(node, path, "a key cannot be empty")
            return None
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def mapping(self, node: MappingNode, path: PathT) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for src in sources:
                    if not isinstance(src, MappingNode):
                        self.problem(src, path, "'<<' must merge a mapping")
                        continue
                    for k, v in self.mapping(src, path).items():
                        merged.setdefault(k, v)
                continue
            key = self.key(key_node, path)
            if key is None:
                continue
            child = (*path, key)
            if key in out:
                first = self.key_marks.get(child)
                where = f" (first set at line {first.line})" if first and first.line else ""
                self.problem(key_node, child, f"duplicate key '{key}'{where}")
                continue
            self.key_marks[child] = self.mark(key_node)
            out[key] = self.build(value_node, child)
        for k, v in merged.items():
            out.setdefault(k, v)
        return out


class _Bomb(Exception):
    def __init__(self, mark: Mark, what: str) -> None:
        super().__init__(what)
        self.mark = mark
        self.what = what


class _Loop(Exception):
    def __init__(self, mark: Mark) -> None:
        super().__init__("an alias inside itself")
        self.mark = mark


def read_yaml_text(text: str, file: str) -> tuple[Located | None, list[Problem]]:
    """Parse ``text`` as one YAML document named ``file``.

    Returns the located data (``None`` when nothing usable was read) and the
    problems found. Never raises for bad input.
    """
    if len(text) > MAX_BYTES:
        return None, [_whole(file, f"the file is larger than {MAX_BYTES // 1_000_000} MB")]
    try:
        loader = _Loader(text)
    except yaml.YAMLError as exc:  # unprintable characters
        return None, [_reader_problem(file, text, exc)]
    try:
        node = loader.get_single_node()
    except _TooDeep as exc:
        line = exc.mark.line + 1 if exc.mark else None
        col = exc.mark.column + 1 if exc.mark else None
        msg = f"nested more than {MAX_DEPTH} levels deep"
        return None, [Problem(file, line, col, "", msg)]
    except yaml.MarkedYAMLError as exc:
        return None, [_from_yaml_error(file, exc, text)]
    except yaml.YAMLError as exc:  # reader errors (bad characters) and the like
        return None, [_reader_problem(file, text, exc)]
    except RecursionError:
        return None, [_whole(file, "the document is nested too deeply to read")]
    finally:
        loader.dispose()
    if node is None:
        return None, [
            _whole(file, "the file is empty: a variant needs at least id, name and rules")
        ]
    reader = _Reader(file)
    try:
        data = reader.build(node, ())
    except _Bomb as exc:
        msg = f"the document expands to {exc.what} (aliases used to multiply content are refused)"
        return None, [Problem(file, exc.mark.line, exc.mark.column, "", msg)]
    except _Loop as exc:
        msg = "an alias is used inside the value it names, which would never end"
        return None, [Problem(file, exc.mark.line, exc.mark.column, "", msg)]
    except RecursionError:
        return None, [_whole(file, "the document is nested too deeply to read")]
    located = Located(data, file, reader.marks, reader.key_marks)
    return located, reader.problems


def read_yaml_file(
    path: Path, *, display: str | None = None
) -> tuple[Located | None, list[Problem]]:
    """Read and parse the YAML file at ``path``; see :func:`read_yaml_text`.

    ``display`` is the name used in problems (default: ``path`` as given).
    """
    name = display or str(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            return None, [_whole(name, "is a directory, not a variant file")]
        if not stat.S_ISREG(info.st_mode):
            return None, [_whole(name, "is not a regular file (a device, pipe or socket)")]
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None, [_whole(name, "no such file")]
    except OSError as exc:
        return None, [_whole(name, f"cannot read the file: {exc.strerror or exc}")]
    if len(raw) > MAX_BYTES:
        return None, [_whole(name, f"the file is larger than {MAX_BYTES // 1_000_000} MB")]
    if b"\x00" in raw:
        return None, [_whole(name, "this is not a text file (it contains NUL bytes)")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(name, line, None, "", "the file is not UTF-8 text")]
    return read_yaml_text(text, name)


def _whole(file: str, message: str) -> Problem:
    return Problem(file, None, None, "", message)


def _reader_problem(file: str, text: str, exc: yaml.YAMLError) -> Problem:
    position = getattr(exc, "position", None)
    character = getattr(exc, "character", None)
    what = f"character {character:#06x}" if isinstance(character, int) else "a character"
    message = f"{what} that YAML does not allow in a text file"
    if isinstance(position, int):
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        return Problem(file, line, column, "", message)
    return Problem(file, None, None, "", message)


def _from_yaml_error(file: str, exc: yaml.MarkedYAMLError, text: str = "") -> Problem:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "cannot read the YAML"
    context = exc.context
    message = "YAML syntax error: " + (f"{context}, {problem}" if context else problem)
    if mark is None:
        return Problem(file, None, None, "", message)
    hint = _hint(problem, text.splitlines(), mark.line)
    if hint:
        message += f" (hint: {hint})"
    return Problem(file, mark.line + 1, mark.column + 1, "", message)


def _hint(problem: str, lines: list[str], index: int) -> str | None:
    """A hint for the common slips behind a YAML syntax error at line ``index`` (0-based)."""
    line = lines[index] if 0 <= index < len(lines) else ""
    if "'\\t'" in problem or "\t" in line[: len(line) - len(line.lstrip())]:
        return "YAML does not allow tabs for indentation or after a colon: use spaces"
    above = next((s for s in reversed(lines[:index]) if s.strip()), "")
    indented = line[:1] in (" ", "\t")
    if indented and above.lstrip().startswith("#"):
        return (
            "this line is indented under a line that is commented out: uncomment the "
            "key it belongs to as well (every '# ' above it up to its section), or "
            "comment this line out again"
        )
    if "expected <block end>" in problem and indented:
        width = len(line) - len(line.lstrip(" "))
        return (
            f"this line is indented by {width} spaces, which lines it up with no key "
            "above it: the keys of one section start in the same column"
        )
    if "could not find expected ':'" in problem:
        return "each setting is 'key: value', with a colon and a space after the key"
    if "mapping values are not allowed here" in problem and _deeper_than_a_value(line, above):
        width = len(above) - len(above.lstrip(" "))
        return (
            "this line is indented further than the line above, which already has its "
            f"value: start it in the same column as that key ({width} spaces)"
        )
    if "mapping values are not allowed here" in problem:
        return "a value that holds ': ' must be quoted, e.g. name: \"Rummy: the house way\""
    return None


def _deeper_than_a_value(line: str, above: str) -> bool:
    """Whether ``line`` is indented further than ``above``, a ``key: value`` line
    (YAML then reads ``line`` as more of that value)."""

    def indent(text: str) -> int:
        return len(text) - len(text.lstrip(" "))

    has_value = re.match(r"\s*(- )?[^#\s'\"][^:]*:\s+[^\s#]", above) is not None
    return has_value and indent(line) > indent(above)
