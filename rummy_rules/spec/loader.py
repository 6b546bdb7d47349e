"""Loading variants: files and ids, ``extends`` layering, ``--set`` overrides, located errors.

The public entry points are :func:`load_variant`, which returns a validated
:class:`~rummy_rules.spec.schema.VariantSpec` or raises
:class:`~rummy_rules.errors.VariantError`, and :func:`check_variant`, which
never raises for bad input and returns a :class:`Report` with every problem.

Layering: a file may say ``extends: <id or relative path>``. The base is
loaded first, then the file is laid over it: mappings merge key by key,
scalars and lists replace, and a key written with a trailing ``+``
(``notes+: [...]``) appends to the base's list instead. Each value keeps the
file and line that set it, so an error points at the right file.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import Problem, UsageError, VariantError
from . import registry
from .checks import check_spec
from .layering import drop_marks, locate_finding, merge_layer, replaced_schedules
from .schema import VariantSpec
from .yamlio import Located, Mark, PathT, format_path, read_yaml_file, read_yaml_text

__all__ = [
    "Report",
    "check_variant",
    "load_base",
    "load_variant",
    "null_meaning",
    "parse_override",
    "resolve_source",
]


@dataclass(slots=True)
class Report:
    """The outcome of checking one variant: the spec (if valid) and every problem."""

    source: str
    file: str
    spec: VariantSpec | None = None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """True when there are no errors (warnings allowed)."""
        return not self.errors and self.spec is not None

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready mapping."""
        return {
            "source": self.source,
            "file": self.file,
            "id": self.spec.id if self.spec else None,
            "valid": self.valid,
            "errors": [p.to_dict() for p in self.errors],
            "warnings": [p.to_dict() for p in self.warnings],
            "notes": [p.to_dict() for p in self.notes],
        }


def resolve_source(source: str | Path) -> tuple[Path | None, str, list[Problem]]:
    """Find the file for ``source``: a path to a file, or a shipped id or alias.

    Returns ``(path, display name, problems)``; ``path`` is ``None`` when
    nothing was found.
    """
    text = str(source)
    path = Path(text).expanduser()
    looks_like_path = isinstance(source, Path) or "/" in text or text.endswith((".yaml", ".yml"))
    if path.exists() or looks_like_path:
        return path, text, []
    shipped = registry.find_shipped(text)
    if shipped is not None:
        return shipped.path, registry.display_name(shipped.path), []
    names = [v.id for v in registry.shipped_variants()]
    names += [a for v in registry.shipped_variants() for a in v.aliases]
    hint = difflib.get_close_matches(text.lower(), names, n=1)
    message = f"no variant with id '{text}' and no file of that name"
    if hint:
        message += f" (did you mean '{hint[0]}'?)"
    else:
        message += " (`rummy-rules list` shows the shipped ids)"
    return None, text, [Problem(text, None, None, "", message)]


def check_variant(
    source: str | Path,
    overrides: Sequence[str] = (),
    *,
    strict: bool = False,
) -> Report:
    """Load, layer, override and validate a variant, collecting every problem.

    ``overrides`` are ``path=value`` strings as given to ``--set``. With
    ``strict``, warnings count as errors. Never raises for bad input.
    """
    path, display, problems = resolve_source(source)
    report = Report(str(source), display)
    if path is None:
        report.errors.extend(problems)
        return report
    located, problems = _load_layers(path, display, [])
    report.errors.extend(problems)
    if located is None:
        return report
    for text in overrides:
        try:
            _apply_override(located, text)
        except UsageError as exc:
            report.errors.append(Problem(f"--set {text}", None, None, "", str(exc)))
    # Validate even after an override problem, so that one run reports every problem it can.
    _validate(located, report)
    for problem in replaced_schedules(located):
        (report.warnings if problem.severity == "warning" else report.notes).append(problem)
    if report.spec is not None:
        report.errors.extend(_borrowed_names(path, report.spec, located))
    if strict and report.warnings:
        report.errors.extend(
            Problem(w.file, w.line, w.column, w.path, w.message) for w in report.warnings
        )
        report.warnings = []
    if report.errors:
        report.spec = None
    return report


def _is_shipped_standard(path: Path, spec: VariantSpec) -> bool:
    """Whether ``path`` is the shipped standard file of ``spec.id`` (read alone,
    without reading every other shipped file)."""
    entry = registry.find_shipped(spec.id) if spec.id == path.stem else None
    return entry is not None and not entry.house and entry.path.resolve() == path.resolve()


def _borrowed_names(path: Path, spec: VariantSpec, located: Located) -> list[Problem]:
    """A file that is not a shipped standard variant may not take the id or an
    alias of one for other rules: records and reports would name the standard
    game for a different one. A faithful copy (``show``'s output) may."""
    if _is_shipped_standard(path, spec):
        return []  # its names are its own (shipped ids and aliases are unique: tested)
    taken: dict[str, registry.ShippedVariant] = {}
    for entry in registry.shipped_variants():
        if not entry.house:
            for name in (entry.id, *entry.aliases):
                taken[name] = entry
    out = []
    for key, names in (("id", [spec.id]), ("aliases", spec.aliases)):
        for name in names:
            owner = taken.get(name)
            if owner is None or owner.path.resolve() == path.resolve():
                continue
            if check_variant(owner.path).spec == spec:
                continue  # a faithful copy (what `show` prints) is the same game
            mark = located.mark_for((key,))
            message = (
                f"'{name}' names the shipped variant {owner.id}: give these rules their own "
                "id (set id:, or rename the file, whose name is the id when id is not set)"
            )
            out.append(Problem(mark.file, mark.line, mark.column, key, message))
    return out


def load_variant(
    source: str | Path,
    overrides: Sequence[str] = (),
    *,
    strict: bool = False,
) -> VariantSpec:
    """Load a variant by shipped id, alias or file path, and return the validated spec.

    ``overrides`` are ``path=value`` strings, as with ``--set`` on the command
    line (``"deck.jokers=4"``, ``"buying.limits.per_deal=3"``). Raises
    :class:`~rummy_rules.errors.VariantError` listing every problem.
    """
    report = check_variant(source, overrides, strict=strict)
    if report.spec is None or report.errors:
        raise VariantError(report.errors)
    return report.spec


# --------------------------------------------------------------------------
# Layering
# --------------------------------------------------------------------------


#: The most ``extends`` in one chain (a file, its base, its base's base, …).
MAX_EXTENDS = 20


class _NotVariant(Exception):
    """A base named by ``extends`` that is not a variant file (its content is not shown)."""


def _whole_variant(path: Path, display: str, located: Located, problems: list[Problem]) -> Located:
    """A file that extends nothing, as its layer: its id, unless it states one,
    is its file name's, as a house file's is."""
    start = Located({}, display)
    if "id" not in located.data:
        start.data["id"] = _id_from_name(path)
        start.marks[("id",)] = Mark(display)
    return merge_layer(start, located, problems)


def _id_from_name(path: Path) -> str:
    """The id a file gets from its name when it states none (``Our Rules.yaml``:
    ``our-rules``)."""
    return re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-") or "house"


def _variant_keys() -> frozenset[str]:
    return frozenset({*VariantSpec.model_fields, "extends"})


def _load_layers(
    path: Path, display: str, stack: list[Path]
) -> tuple[Located | None, list[Problem]]:
    located, problems = read_yaml_file(path, display=display)
    if stack and (
        located is None
        or not isinstance(located.data, dict)
        or not {str(k).removesuffix("+") for k in located.data} <= _variant_keys()
    ):
        # A base must be a variant file; anything else is refused without
        # echoing a word of it (extends is no way to read other files).
        raise _NotVariant
    if located is None:
        return None, problems
    if not isinstance(located.data, dict):
        mark = located.mark_for(())
        return None, [
            *problems,
            Problem(display, mark.line, mark.column, "", "the top level must be a mapping of keys"),
        ]
    data: dict[str, Any] = located.data
    base_name = data.pop("extends", None)
    if base_name is None:
        return _whole_variant(path, display, located, problems), problems
    mark = located.mark_for(("extends",))
    if not isinstance(base_name, str) or not base_name.strip():
        problems.append(
            Problem(
                display, mark.line, mark.column, "extends", "extends names a variant id or a file"
            )
        )
        return None, problems
    if len(stack) >= MAX_EXTENDS:
        message = f"more than {MAX_EXTENDS} extends in one chain of bases: at most {MAX_EXTENDS}"
        problems.append(Problem(display, mark.line, mark.column, "extends", message))
        return None, problems
    try:
        base_path, base_display = _find_base(base_name, path)
    except (OSError, RuntimeError) as exc:  # too long a path, a symlink loop
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        message = f"the base file cannot be read: {reason[:200]}"
        problems.append(Problem(display, mark.line, mark.column, "extends", message))
        return None, problems
    except _BadBase as exc:
        problems.append(Problem(display, mark.line, mark.column, "extends", str(exc)))
        return None, problems
    if base_path is None:
        problems.append(
            Problem(
                display,
                mark.line,
                mark.column,
                "extends",
                f"unknown base '{base_name}': not a shipped variant id and no such file",
            )
        )
        return None, problems
    me = path.resolve()
    chain = [*stack, me]
    if base_path.resolve() in chain:
        names = " -> ".join(p.name for p in [*chain, base_path.resolve()])
        problems.append(
            Problem(display, mark.line, mark.column, "extends", f"extends makes a cycle: {names}")
        )
        return None, problems
    try:
        base, base_problems = _load_layers(base_path, base_display, chain)
    except _NotVariant:
        message = f"the base '{base_name}' is not a variant file"
        problems.append(Problem(display, mark.line, mark.column, "extends", message))
        return None, problems
    problems.extend(base_problems)
    if base is None:
        problems.append(
            Problem(
                display, mark.line, mark.column, "extends", f"the base '{base_name}' is invalid"
            )
        )
        return None, problems
    base_data: dict[str, Any] = base.data
    base_id = base_data.get("id")
    base_title = base_data.get("name")
    # A house-rules file is its own variant: it gets its own id and name
    # unless it states them, and it does not inherit the base's aliases.
    for key in ("id", "name", "aliases", "based_on"):
        base_data.pop(key, None)
        drop_marks(base, (key,))
    stem = _id_from_name(path)
    base_data["id"] = stem
    base.marks[("id",)] = Mark(display)
    base_title = base_title if isinstance(base_title, str) else str(base_id)
    # House rules of house rules: "Contract Rummy (ours house rules)", not a
    # name that grows by one bracket per layer.
    base_title = re.sub(r" \([^()]* house rules\)$", "", base_title)
    base_data["name"] = f"{base_title} ({stem} house rules)"
    base.marks[("name",)] = Mark(display)
    base_data["based_on"] = base_id if isinstance(base_id, str) else base_name
    merged = merge_layer(base, located, problems)
    return merged, problems


class _BadBase(ValueError):
    """An ``extends`` value that may not name a base."""


def _find_base(name: str, child: Path) -> tuple[Path | None, str]:
    """The file ``extends: name`` names in a file at ``child``: a shipped id, or a
    ``.yaml``/``.yml`` path relative to the child's folder (``../`` allowed)."""
    if "/" in name or "\\" in name or name.endswith((".yaml", ".yml")):
        if Path(name).is_absolute() or name.startswith("~"):
            raise _BadBase(
                "extends names a shipped id or a path relative to this file's folder "
                "(such as ../rules/base.yaml), not an absolute path"
            )
        if not name.endswith((".yaml", ".yml")):
            raise _BadBase("extends names a shipped id or a variant file ending in .yaml or .yml")
        candidate = (child.parent / name).resolve()
        if candidate.is_file():
            return candidate, registry.display_name(candidate)
        return None, name
    shipped = registry.find_shipped(name)
    if shipped is not None:
        return shipped.path, registry.display_name(shipped.path)
    return None, name


# --------------------------------------------------------------------------
# --set overrides
# --------------------------------------------------------------------------

_SEGMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\+?$|^[0-9]+$")


def parse_override(text: str) -> tuple[list[str | int], bool, Any]:
    """Parse ``path=value`` into (segments, append, value).

    Path segments are keys, or list item numbers counted from 1; a path
    ending in ``+`` appends the value (or each item of a list value) to a
    list. The value is read as YAML (``4``, ``true``, ``[2]``, ``{per_deck: 1}``).
    Raises :class:`~rummy_rules.errors.UsageError`.
    """
    if "=" not in text:
        raise UsageError("expected PATH=VALUE, for example deck.jokers=4")
    raw_path, raw_value = text.split("=", 1)
    raw_path = raw_path.strip()
    if not raw_path:
        raise UsageError("the path before '=' is empty")
    segments: list[str | int] = []
    parts = raw_path.split(".")
    append = False
    for i, part in enumerate(parts):
        if not _SEGMENT.match(part) or (part.endswith("+") and i != len(parts) - 1):
            raise UsageError(f"'{part}' is not a key or a list item number in '{raw_path}'")
        if part.endswith("+"):
            append = True
            part = part[:-1]
        if part.isdigit():
            number = int(part)
            if number < 1:
                raise UsageError("list items are numbered from 1")
            segments.append(number - 1)
        else:
            segments.append(part)
    located, problems = read_yaml_text(raw_value, "--set")
    if problems:
        raise UsageError(f"the value '{raw_value}' is not valid YAML: {problems[0].message}")
    value = located.data if located is not None else None
    return segments, append, value


def _apply_override(located: Located, text: str) -> None:
    segments, append, value = parse_override(text)
    mark = Mark(f"--set {text}")
    cursor: Any = located.data
    walked: list[str | int] = []
    for seg in segments[:-1]:
        walked.append(seg)
        if isinstance(seg, int):
            if not isinstance(cursor, list) or seg >= len(cursor):
                raise UsageError(f"{format_path(tuple(walked))} does not exist")
            cursor = cursor[seg]
        else:
            if not isinstance(cursor, dict):
                raise UsageError(f"{format_path(tuple(walked[:-1]))} is not a mapping")
            if cursor.get(seg) is None:
                cursor[seg] = {}
            cursor = cursor[seg]
    last = segments[-1]
    path: PathT = tuple(segments)
    if append:
        if not isinstance(cursor, dict) or isinstance(last, int):
            raise UsageError("append (+) applies to a key holding a list")
        existing = cursor.get(last)
        if existing is None:
            existing = cursor[last] = []
        if not isinstance(existing, list):
            raise UsageError(f"{format_path(path)} is not a list, so it cannot be appended to")
        items = value if isinstance(value, list) else [value]
        for item in items:
            located.marks[(*path, len(existing))] = mark
            existing.append(item)
        return
    if isinstance(last, int):
        if not isinstance(cursor, list) or last >= len(cursor):
            raise UsageError(f"{format_path(path)} does not exist")
        cursor[last] = value
    else:
        if not isinstance(cursor, dict):
            raise UsageError(f"{format_path(path[:-1])} is not a mapping")
        cursor[last] = value
    drop_marks(located, path)
    located.marks[path] = mark
    located.key_marks[path] = mark


# --------------------------------------------------------------------------
# Validation and located errors
# --------------------------------------------------------------------------


def _validate(located: Located, report: Report) -> None:
    try:
        spec = VariantSpec.model_validate(located.data)
    except ValidationError as exc:
        report.errors.extend(_problems_from_pydantic(exc, located))
        return
    if report.errors:
        return
    findings = list(check_spec(spec))
    if not any(sev == "error" for _, _, sev in findings):
        from .playable import unsupported_by_engine

        for dotted, message in unsupported_by_engine(spec):
            findings.append(
                (
                    tuple(dotted.split(".")),
                    f"{message} (the file is valid; replay and simulation refuse it)",
                    "warning",
                )
            )
    for path, text, severity in findings:
        mark, message = locate_finding(located, path, text)
        problem = Problem(mark.file, mark.line, mark.column, format_path(path), message, severity)
        {"warning": report.warnings, "note": report.notes}.get(severity, report.errors).append(
            problem
        )
    report.spec = spec


_BOOLEAN_WORDS = {"yes", "no", "on", "off", "y", "n"}


def _problems_from_pydantic(exc: ValidationError, located: Located) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple[PathT, str]] = set()
    for err in exc.errors(include_url=False):
        kind = err["type"]
        path = _data_path(err["loc"], located.data, keep_last=kind == "missing")
        message = err["msg"]
        if message.startswith(("Value error, ", "Assertion failed, ")):
            message = message.split(", ", 1)[1]
        use_key = False
        if kind == "extra_forbidden":
            key = str(path[-1]) if path else "?"
            message = f"unknown key '{key}'"
            hint = difflib.get_close_matches(key, sorted(_fields_at(path[:-1])), n=1)
            if hint:
                message += f" (did you mean '{hint[0]}'?)"
            use_key = True
        elif kind == "missing":
            message = f"missing required key '{path[-1]}'" if path else "missing required key"
            mark = located.mark_for(path[:-1])
            problems.append(Problem(mark.file, mark.line, mark.column, format_path(path), message))
            continue
        elif kind == "bool_type" and isinstance(err.get("input"), str):
            word = err["input"]
            message = "expected true or false"
            if word.lower() in _BOOLEAN_WORDS:
                message += f" ('{word}' is not read as a boolean here)"
        elif _number_message(kind, err, path) is not None:
            message = str(_number_message(kind, err, path))
        elif kind == "string_pattern_mismatch":
            message = "use lower-case letters, digits and hyphens (like my-house-rules)"
        elif kind == "literal_error":
            message = "expected one of " + err["ctx"]["expected"] if "ctx" in err else message
        elif kind in ("model_type", "dict_type"):
            message = _section_message(path, err.get("input"))
        elif kind == "too_long" and isinstance(err.get("input"), list):
            most = err.get("ctx", {}).get("max_length")
            message = f"at most {most} items, not {len(err['input'])}"
            if isinstance(most, int):
                # The first item over the limit: in the file that added it.
                first_over = located.mark_for((*path, most))
                problems.append(
                    Problem(
                        first_over.file, first_over.line, first_over.column,
                        format_path(path), message,
                    )
                )  # fmt: skip
                continue
        if (path, message) in seen:
            continue
        seen.add((path, message))
        named = _named_key(path, message, located.data)
        if named is not None and (*path, named) in located.key_marks:
            # "'jokers' is not a rank": point at that key, which may be in the
            # house file while the map it was merged into came from the base.
            mark = located.key_marks[(*path, named)]
        else:
            mark = located.mark_for(path, key=use_key)
        problems.append(Problem(mark.file, mark.line, mark.column, format_path(path), message))
    return problems


def _section_message(path: PathT, value: Any) -> str:
    """The message for a plain value (or nothing) where a section of keys belongs."""
    name = str(path[-1]) if path and isinstance(path[-1], str) else "this item"
    if value is None:
        return (
            f"expected a section of keys under '{name}', found none "
            "(indent the keys that belong to it below it)"
        )
    shown = value if isinstance(value, (int, float, bool)) else repr(value)
    if isinstance(value, list):
        shown = "a list"
    return f"expected a section of keys indented under '{name}', not {shown}"


def _named_key(path: PathT, message: str, data: Any) -> str | None:
    """The key of the mapping at ``path`` that ``message`` quotes first, if any."""
    match = re.match(r"(?:rank )?'([^']*)'", message)
    if match is None:
        return None
    cursor = data
    for part in path:
        try:
            cursor = cursor[part]
        except (KeyError, IndexError, TypeError):
            return None
    if isinstance(cursor, dict) and match.group(1) in cursor:
        return match.group(1)
    return None


def _data_path(loc: Iterable[int | str], data: Any, *, keep_last: bool) -> PathT:
    """Keep the parts of a Pydantic ``loc`` that name real keys and items in ``data``.

    Pydantic adds union tags and validator names to ``loc``; they are dropped.
    """
    items = list(loc)
    path: list[str | int] = []
    cursor = data
    for i, part in enumerate(items):
        last = i == len(items) - 1
        if isinstance(cursor, dict) and isinstance(part, str):
            if part in cursor:
                path.append(part)
                cursor = cursor[part]
                continue
            if last and keep_last:
                path.append(part)
            continue
        if isinstance(cursor, list) and isinstance(part, int) and 0 <= part < len(cursor):
            path.append(part)
            cursor = cursor[part]
            continue
    return tuple(path)


def _model_types(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _model_types(typing.get_args(annotation)[0])
    if origin is not None or isinstance(annotation, types.UnionType):
        for arg in typing.get_args(annotation):
            found.extend(_model_types(arg))
    return found


def _models_at(path: PathT) -> list[type[BaseModel]]:
    """The schema's models of the section at ``path`` (none: not a section)."""
    models: list[type[BaseModel]] = [VariantSpec]
    for part in path:
        if isinstance(part, int):
            continue
        nxt: list[type[BaseModel]] = []
        for model in models:
            info = model.model_fields.get(part)
            if info is not None:
                nxt.extend(_model_types(info.annotation))
        if not nxt:
            return []
        models = nxt
    return models


def _fields_at(path: PathT) -> set[str]:
    """The keys the schema allows at ``path`` (for "did you mean" hints)."""
    return {name for model in _models_at(path) for name in model.model_fields}


def null_meaning(path: PathT) -> str | None:
    """For a key (its path, as parts) that may be null, what null means there, as its description
    says it ("null: unlimited", "or null for no limit"); "" when it says
    nothing; None when the key may not be null."""
    if not path or not isinstance(path[-1], str):
        return None
    for model in _models_at(path[:-1]):
        info = model.model_fields.get(path[-1])
        if info is not None and type(None) in typing.get_args(info.annotation):
            found = re.search(r"null(?::| for| means| =) ([^.;,)]+)", info.description or "")
            return found.group(1).strip() if found else ""
    return None


def _number_message(kind: str, err: Any, path: PathT) -> str | None:
    """Pydantic's number and text messages in the file's words (None: not one of them)."""
    value = err.get("input")
    if kind == "string_type":  # a ': ' in unquoted YAML text makes it a mapping
        what = {dict: "a mapping (a ': ' inside text starts one: put the text in quotes)",
                list: "a list", bool: "true or false", type(None): "null"}  # fmt: skip
        return f"expected text, not {what.get(type(value), 'a number')}"
    shown_value = value if isinstance(value, (int, float)) else repr(value)
    ctx = err.get("ctx", {})
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {ctx.get(key)}, not {shown_value}"
    if kind not in ("int_parsing", "int_type", "int_from_float", "float_parsing", "float_type"):
        return None
    whole = kind.startswith("int")
    message = f"expected {'a whole number' if whole else 'a number'}, not {shown_value}"
    meaning = null_meaning(path)
    if meaning:
        message += f" (write null for {meaning})"
    elif meaning == "":
        message += " (or null)"
    return message


def load_base(source: str | Path) -> VariantSpec | None:
    """The variant that ``source`` extends, resolved and validated (None if it extends nothing).

    Raises :class:`~rummy_rules.errors.VariantError` if the base is invalid.
    """
    path, display, problems = resolve_source(source)
    if path is None:
        raise VariantError(problems)
    located, problems = read_yaml_file(path, display=display)
    if located is None:
        raise VariantError(problems)
    data = located.data
    base = data.get("extends") if isinstance(data, dict) else None
    if not isinstance(base, str):
        return None
    try:
        base_path, _ = _find_base(base, path)
    except _BadBase:
        base_path = None
    if base_path is None:
        mark = located.mark_for(("extends",))
        raise VariantError(
            [Problem(display, mark.line, mark.column, "extends", f"unknown base '{base}'")]
        )
    return load_variant(base_path)
