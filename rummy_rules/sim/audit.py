"""The rule-use audit: which of a variant's rules change how the bots play, and
which change the figures.

Each rule key of the variant (or each key named) is changed, one at a time,
to each other value it can take: every other choice of a closed choice, the
other value of a yes/no key, one less and one more for a number (and
"unlimited" where the key allows it). The same seeded games are played under
the variant and under each change (common random numbers: game *i* has the
same seed everywhere), and each change is put in one of five groups:

``changes_play``
    In at least one game the bots made other moves, in a deal both games
    reached (a scoring rule that ends a game sooner does not count by itself).
``same_moves``
    Every game was played move for move as under the variant, but the scores
    differ: the rule came into play (a scoring rule) and the bots do not
    answer to it.
``no_difference``
    Every game was played move for move alike and ended with the same
    totals: the rule never came into play in these games, or the bots never
    used what it allows.
``not_used``
    The change cannot come into play: the rules the engine plays are the same
    (the compiled rules are equal), or the key cannot act in this file
    (:func:`~rummy_rules.sim.relevance.inert_reason`: buying limits where
    nobody buys, wild-card rules where the pack has no wild card); the reason
    is kept.
``invalid``
    The changed file does not validate, or is not played yet; the reason is
    kept.

For the changes played, each per-game figure of ``compare``
(:data:`~rummy_rules.sim.metrics.METRICS`) gets its paired difference with a
95% interval and a two-sided p-value (Student's t), and the figures called
different are those that Holm's procedure keeps at a family-wise error rate of
5% over every figure of every change tested at once. The work is cut into the
chunks of ``sweep`` and runs on any of its executors (this machine, Dask); the
result does not depend on the executor or the chunk size.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..errors import RummyRulesError
from ..spec.schema import VariantSpec
from .compare import ALPHA, game_metrics
from .metrics import METRICS, family_labels, limit_withholds
from .relevance import inert_reason, same_play_reason
from .simulate import GameSummary, as_interval, make_job
from .stats import RunningMean, holm, paired_p_value
from .sweep import Executor

__all__ = [
    "GROUPS",
    "AuditPlan",
    "AuditResult",
    "Change",
    "ChangeResult",
    "candidate_changes",
    "plan_audit",
    "run_audit",
]

#: The groups a change falls in, in the order they are reported.
GROUPS = ("changes_play", "same_moves", "no_difference", "unfinished", "not_used", "invalid")

#: The groups of the changes that were played.
_PLAYED = ("changes_play", "same_moves", "no_difference")

#: Keys the audit does not change by itself: names and texts, the player
#: count (the audit plays one count), and the words a book or screen uses.
_NOT_RULES = frozenset(
    {"schema_version", "id", "name", "aliases", "based_on", "description", "sources", "notes"}
)
_NOT_RULES_PREFIXES = ("translations", "players")
_WORDS = ("word",)


@dataclass(frozen=True, slots=True)
class Change:
    """One key set to one other value, both written as ``--set`` reads them."""

    path: str
    value: str
    was: str

    def label(self) -> str:
        """``path: was -> value``."""
        return f"{self.path}: {self.was} -> {self.value}"

    def override(self) -> str:
        """The ``--set`` text of the change."""
        return f"{self.path}={self.value}"


def _text(value: object) -> str:
    """``value`` as ``--set`` reads it back (``true``, ``null``, ``3``, ``any``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _choices(annotation: Any) -> tuple[list[object], bool, bool]:
    """(closed choices, takes a whole number, takes null) of a field's type."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _choices(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation)), False, False
    if annotation is bool:
        return [True, False], False, False
    if annotation is int:
        return [], True, False
    if annotation is type(None):
        return [], False, True
    literals: list[object] = []
    whole = nullable = False
    for arg in typing.get_args(annotation):
        more, takes_int, takes_none = _choices(arg)
        literals += more
        whole = whole or takes_int
        nullable = nullable or takes_none
    return literals, whole, nullable


def _alternatives(annotation: Any, value: object) -> list[object]:
    """The other values the audit tries for a key of type ``annotation`` now at ``value``."""
    literals, whole, nullable = _choices(annotation)
    out: list[object] = [v for v in literals if v != value or type(v) is not type(value)]
    if whole and isinstance(value, int) and not isinstance(value, bool):
        out += [value - 1, value + 1] if value > 0 else [value + 1]
    if nullable and value is not None and (whole or literals):
        out.append(None)
    seen: list[object] = []
    for item in out:
        if not any(item == s and type(item) is type(s) for s in seen):
            seen.append(item)
    return seen


def _is_rule(path: str) -> bool:
    head = path.split(".")[0]
    if head in _NOT_RULES or head.startswith(_NOT_RULES_PREFIXES):
        return False
    return not path.rsplit(".", 1)[-1].endswith(_WORDS)


def _leaves(model: BaseModel, path: str = "") -> Iterator[tuple[str, Any, object]]:
    """(dotted path, annotation, value) of every scalar key of ``model``; keys
    inside lists (deals, bonuses) and mappings (card values) are left out."""
    for name, info in type(model).model_fields.items():
        key = path + (info.alias or name)
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            yield from _leaves(value, key + ".")
        elif not isinstance(value, (list, tuple, dict)):
            yield key, info.annotation, value


def _selected(path: str, keys: Sequence[str]) -> bool:
    return not keys or any(path == k or path.startswith(k + ".") for k in keys)


def candidate_changes(spec: VariantSpec, keys: Sequence[str] = ()) -> list[Change]:
    """Every change the audit tries on ``spec``: each rule key (or each key at or
    under one of ``keys``) set to each of its other values, in the schema's order."""
    out = []
    for path, annotation, value in _leaves(spec):
        if not _is_rule(path) or not _selected(path, keys):
            continue
        for other in _alternatives(annotation, value):
            out.append(Change(path, _text(other), _text(value)))
    return out


@dataclass(slots=True)
class ChangeResult:
    """What one change did."""

    change: Change
    group: str = "invalid"
    reason: str = ""
    """Why the change was not played (``invalid``, ``not_used``), or why nothing
    was compared (``unfinished``)."""
    games: int = 0
    """Pairs of games compared (both finished, neither capped nor failed)."""
    moved: int = 0
    """Games of those in which the bots made other moves."""
    differences: dict[str, RunningMean] = field(default_factory=dict)
    p_values: dict[str, float] = field(default_factory=dict)
    significant: dict[str, bool] = field(default_factory=dict)
    reached: dict[str, list[int]] = field(default_factory=dict)
    """For a counted limit (:data:`~rummy_rules.sim.metrics.LIMITS`), in the games
    compared: ``{"from": [games, times], "to": [games, times]}``, how many games
    a player reached the limit in and how many actions it withheld, per side."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        out: dict[str, Any] = {
            "path": self.change.path,
            "from": self.change.was,
            "to": self.change.value,
            "group": self.group,
        }
        if self.group in ("invalid", "not_used", "unfinished"):
            out["reason"] = self.reason
            return out
        out["games_compared"] = self.games
        out["games_played_differently"] = self.moved
        if self.reached:
            out["limit_reached"] = {
                side: {"games": games, "times": times}
                for side, (games, times) in self.reached.items()
            }
        out["figures"] = {
            m.key: {
                **as_interval(self.differences[m.key].interval()),
                "p": round(self.p_values[m.key], 4),
                "different": self.significant[m.key],
            }
            for m in METRICS
            if m.key in self.p_values
        }
        return out


@dataclass(slots=True)
class AuditResult:
    """Every change's result, and the base games' count."""

    changes: list[ChangeResult]
    games: int
    base_failed: int = 0
    """Base games that did not finish (capped or failed): their pairs are left out."""
    second_look: int = 0
    """More games each change played alike in every game was given (0: none was)."""

    def group(self, name: str) -> list[ChangeResult]:
        """The changes of one group (:data:`GROUPS`)."""
        return [c for c in self.changes if c.group == name]

    def figures_tested(self) -> int:
        """How many figures Holm's procedure was applied over."""
        return sum(len(c.p_values) for c in self.changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: a count per group, the error rate, and every change."""
        played = sum(len(self.group(g)) for g in _PLAYED)
        return {
            "games": self.games,
            "second_look": self.second_look,
            "base_games_unfinished": self.base_failed,
            "groups": {g: len(self.group(g)) for g in GROUPS},
            "same_moves_share": (
                round((played - len(self.group("changes_play"))) / played, 4) if played else None
            ),
            "different_figures": {
                "method": "holm",
                "family_wise_error_rate": ALPHA,
                "figures_tested": self.figures_tested(),
            },
            "changes": [c.to_dict() for c in self.changes],
        }


def _loaded(
    load: Callable[[list[str]], VariantSpec],
    compiled: Callable[[VariantSpec], Any],
    base: tuple[VariantSpec, Any],
    change: Change,
    players: int,
) -> tuple[ChangeResult, VariantSpec | None]:
    base_spec, base_rules = base
    result = ChangeResult(change)
    try:
        spec = load([change.override()])
        rules = compiled(spec)
    except (RummyRulesError, ValueError) as exc:
        # The change's own --set text opens each of its messages: said once, by the label.
        result.reason = " ".join(str(exc).replace(f"--set {change.override()}: ", "").split())
        return result, None
    if rules == base_rules:
        result.group = "not_used"
        result.reason = "the rules the engine plays are the same"
        return result, None
    inert = inert_reason(spec, change.path, players) or same_play_reason(
        base_spec, spec, change.path, players
    )
    if inert is not None:
        result.group = "not_used"
        result.reason = inert
        return result, None
    result.group = "changes_play"
    return result, spec


def _chunks(games: int, chunk: int, first: int = 0) -> list[tuple[int, int]]:
    """Games ``first`` to ``games`` (exclusive) in chunks of ``chunk``."""
    return [(start, min(games, start + chunk)) for start in range(first, games, chunk)]


def _finished(game: GameSummary) -> bool:
    return game.error is None and not game.capped


@dataclass(slots=True)
class AuditPlan:
    """The changes loaded: each one's result so far, and the specs to play
    (the variant's first, then each change that reaches the engine's rules)."""

    results: list[ChangeResult]
    specs: list[VariantSpec]

    def chunks(self, games: int, chunk: int, second_look: int = 0) -> int:
        """How many chunks of work the plan makes (with a second look, at most:
        the second look plays only the changes that played alike)."""
        more = len(_chunks(games + second_look, chunk, games))
        return len(self.specs) * (len(_chunks(games, chunk)) + more)


def plan_audit(
    load: Callable[[list[str]], VariantSpec], changes: Sequence[Change], players: int
) -> AuditPlan:
    """Load each change. ``load(overrides)`` gives the variant with ``overrides``
    (raising :class:`~rummy_rules.errors.RummyRulesError` when they make it
    invalid). A change is not used when the rules the engine plays for
    ``players`` are the same as the file's, or when its key cannot come into
    play in the changed file (:func:`~rummy_rules.sim.relevance.inert_reason`)."""
    from ..engine.rules import compile_rules

    def compiled(spec: VariantSpec) -> Any:
        return compile_rules(spec, players)

    specs: list[VariantSpec] = [load([])]
    base_rules = compiled(specs[0])
    results = []
    for change in changes:
        result, spec = _loaded(load, compiled, (specs[0], base_rules), change, players)
        results.append(result)
        if spec is not None:
            specs.append(spec)
    return AuditPlan(results, specs)


def run_audit(
    plan: AuditPlan,
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    executor: Executor,
    chunk: int = 25,
    second_look: int = 0,
    on_chunk: Callable[[], None] | None = None,
) -> AuditResult:
    """Play the plan's games (the same seeds for every spec) and sort each change.

    A change the bots played alike in every game gets a second look:
    ``second_look`` more games (seeds ``games`` on), and the file's own games
    with them, so that a rule that comes into play rarely is told from one the
    bots never answer to. A ``KeyboardInterrupt`` stops the games and is raised
    on: every change is judged against the same games, so there is no report of
    part of them."""
    jobs = [make_job(s, players, bots, seed, records=False, moves=True) for s in plan.specs]
    played: list[list[GameSummary]] = [[] for _ in jobs]
    _play(executor, jobs, list(range(len(jobs))), played, _chunks(games, chunk), on_chunk)
    base = played[0]
    # The figures the file's rules can make happen (family_labels): the others are not tested.
    keys = tuple(family_labels(plan.specs[:1]))
    tried = [r for r in plan.results if r.group == "changes_play"]  # jobs[1:], in order
    for index, result in enumerate(tried, 1):
        _fold(result, base, played[index], keys)
    more = _chunks(games + second_look, chunk, games)
    alike = [i for i, r in enumerate(tried, 1) if r.group in ("same_moves", "no_difference")]
    if more and on_chunk is not None:
        for _ in range(len(more) * (len(tried) - len(alike))):
            on_chunk()  # the second look's work the changes that moved do not need
    if more and alike:
        _play(executor, jobs, [0, *alike], played, more, on_chunk)
        for index in alike:
            result = tried[index - 1]
            result.group = "changes_play"
            _fold(result, base, played[index], keys)
    _decide(plan.results)
    return AuditResult(
        plan.results,
        games,
        sum(not _finished(g) for g in base[:games]),
        second_look if alike else 0,
    )


def _play(
    executor: Executor,
    jobs: list[Any],
    which: list[int],
    played: list[list[GameSummary]],
    chunks: list[tuple[int, int]],
    on_chunk: Callable[[], None] | None,
) -> None:
    """Play ``chunks`` of games of the jobs ``which``, adding them to ``played``."""
    tasks = [(jobs[j], start, stop) for j in which for start, stop in chunks]
    results = executor.map(tasks)
    try:
        for number, summaries in enumerate(results):
            played[which[number // len(chunks)]].extend(summaries)
            if on_chunk is not None:
                on_chunk()
    finally:
        # A stop (KeyboardInterrupt, raised on) ends the executor's work now:
        # the pool's processes or a local Dask cluster, not when collected.
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _fold(
    result: ChangeResult, base: list[GameSummary], changed: list[GameSummary], keys: tuple[str, ...]
) -> None:
    """One change's games against the base games, pair by pair (the figures ``keys``)."""
    result.differences = {key: RunningMean() for key in keys}
    result.games = result.moved = 0
    path = result.change.path
    if limit_withholds(path):
        result.reached = {"from": [0, 0], "to": [0, 0]}
    scored_alike = True
    for before, after in zip(base, changed, strict=True):
        if not (_finished(before) and _finished(after)):
            continue
        result.games += 1
        for side, game in (("from", before), ("to", after)):
            times = dict(game.bound).get(path, 0) if result.reached else 0
            if times:
                result.reached[side][0] += 1
                result.reached[side][1] += times
        # Deals both games reached: the first deal that differs is dealt alike, so
        # its moves differ by the rule (a scoring rule may end a game sooner).
        result.moved += any(a != b for a, b in zip(before.moves, after.moves, strict=False))
        scored_alike = scored_alike and before.totals == after.totals
        first, second = game_metrics(before), game_metrics(after)
        for key in keys:
            if not (math.isnan(second[key]) or math.isnan(first[key])):
                result.differences[key].add(second[key] - first[key])
    if not result.games:
        result.group = "unfinished"
        result.reason = (
            f"none of the {len(base)} games finished under both rules "
            "(a safety stop or a bot's failure): nothing to compare"
        )
    elif not result.moved:
        result.group = "no_difference" if scored_alike else "same_moves"


def _decide(results: list[ChangeResult]) -> None:
    """p-values of every figure of every change played, and Holm's verdict over all."""
    tested: list[tuple[ChangeResult, str]] = []
    for result in results:
        for key, diff in result.differences.items():
            if diff.n >= 2:
                result.p_values[key] = paired_p_value(diff)
                tested.append((result, key))
    verdicts = holm([r.p_values[k] for r, k in tested], ALPHA)
    for (result, key), verdict in zip(tested, verdicts, strict=True):
        result.significant[key] = verdict
