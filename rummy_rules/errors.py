"""The exception hierarchy of rummy-rules.

Every error the package raises on purpose derives from :class:`RummyRulesError`.
Errors carry structured fields and never print: the command-line interface
decides how to show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "Problem",
    "RummyRulesError",
    "UsageError",
    "VariantError",
    "safe_text",
]


@dataclass(frozen=True, slots=True)
class Problem:
    """One located problem in a variant file.

    ``line`` and ``column`` are 1-based; either may be ``None`` when the
    problem has no position (a missing file, a problem with the whole
    document). ``path`` is the dotted path of the value inside the variant,
    with list items numbered from 1 (``deals.7.contract``).
    """

    file: str
    line: int | None
    column: int | None
    path: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        prefix = f"{self.path}: " if self.path else ""
        label = f"{self.severity}: " if self.severity != "error" else ""
        return _safe(f"{where}: {label}{prefix}{self.message}")

    def to_dict(self) -> dict[str, object]:
        """The problem as a JSON-ready mapping."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
            "severity": self.severity,
        }


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def safe_text(text: str, *, lines: bool = False) -> str:
    """``text`` for a terminal: control and text-direction characters shown as escapes.

    With ``lines``, line feeds are kept (a message of several lines).
    """
    pattern = _UNSAFE_BUT_NEWLINE if lines else _UNSAFE
    return pattern.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), text)


def _safe(text: str) -> str:
    return safe_text(text)


class RummyRulesError(Exception):
    """Base class of every error rummy-rules raises on purpose."""


@dataclass(eq=False)
class VariantError(RummyRulesError, ValueError):
    """A variant file (or an override) is not a valid variant.

    ``problems`` lists every problem found, each located by file, line,
    column and dotted path. ``str()`` gives one line per problem.
    """

    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems) or "invalid variant"


class UsageError(RummyRulesError, ValueError):
    """A command-line value that cannot be used (bad ``--set`` syntax, and so on)."""
