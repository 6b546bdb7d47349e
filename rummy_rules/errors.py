"""The exception hierarchy of rummy-rules.

Every error the package raises on purpose derives from :class:`RummyRulesError`.
Errors carry structured fields and never print: the command-line interface
decides how to show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "Problem",
    "RummyRulesError",
    "UsageError",
    "VariantError",
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
        return f"{where}: {label}{prefix}{self.message}"

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
