"""Rule sweeps: the same games under every combination of a few rule values.

A sweep varies one or more keys of a variant over lists of values
(``buying.limits.per_deal=0,1,2,3``) and plays the same seeded games under
every combination (common random numbers: game *i* has the same seed in every
combination, so differences come from the rules, not the deal). The work is
cut into chunks — (combination, first game, last game) — that any executor may
run in any order and on any machine; the results are folded back in game
order, so the statistics are identical whatever the executor, the number of
workers or the chunk size.

Executors: :class:`LocalExecutor` (this machine's processes) and
:class:`DaskExecutor` (a Dask cluster, or a ``LocalCluster`` started for the
sweep; the ``sweep`` extra). A Dask worker that dies loses nothing: the
scheduler runs its chunks again elsewhere, and since a chunk's games depend
only on its arguments, the result is unchanged.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import RummyRulesError, UsageError
from ..spec.loader import parse_override
from ..spec.schema import VariantSpec
from .compare import METRICS, game_metrics
from .simulate import (
    AUTO_BATCH,
    DealSummary,
    GameSummary,
    Precision,
    RunningMean,
    SimulationStats,
    as_interval,
    enough_games,
    make_job,
    ordered_pool_map,
    play_summary,
)

__all__ = [
    "Checkpoint",
    "Combination",
    "DaskExecutor",
    "Executor",
    "LocalExecutor",
    "SweepResult",
    "Vary",
    "combinations",
    "parse_vary",
    "planned_chunks",
    "play_chunk",
    "run_sweep",
    "typed_values",
]

#: Games in one chunk of work, unless asked otherwise.
DEFAULT_CHUNK = 25

#: The metrics that are shares (0 to 1).
_RATES = frozenset(m.key for m in METRICS if m.percent)

#: The most combinations one sweep may have.
MAX_COMBINATIONS = 400


@dataclass(frozen=True, slots=True)
class Vary:
    """One varied key and its values, as written (``buying.limits.per_deal``, ``0,1,2``)."""

    path: str
    values: tuple[str, ...]


def parse_vary(text: str) -> Vary:
    """Parse ``PATH=V1,V2,…``."""
    path, sep, values = text.partition("=")
    path = path.strip()
    if not sep or not path:
        raise UsageError(f"'{text}': write --vary PATH=VALUE1,VALUE2,…")
    items = tuple(v.strip() for v in values.split(","))
    if not values.strip() or any(not v for v in items):
        raise UsageError(f"'{text}': give the values separated by commas, none empty")
    if len(set(items)) != len(items):
        raise UsageError(f"'{text}': a value is given twice")
    return Vary(path, items)


def typed_values(values: dict[str, str]) -> dict[str, Any]:
    """``values`` as JSON values: each read as ``--set`` reads it (``"3"`` is 3,
    ``"true"`` is true, ``"[2]"`` a list); a value that does not parse stays text."""
    out: dict[str, Any] = {}
    for path, text in values.items():
        try:
            out[path] = parse_override(f"{path}={text}")[2]
        except UsageError:
            out[path] = text
    return out


@dataclass(slots=True)
class Combination:
    """One combination of the varied values: its spec, or why it is invalid."""

    values: dict[str, str]
    spec: VariantSpec | None = None
    error: str | None = None

    def label(self) -> str:
        """``path=value, path=value``."""
        return ", ".join(f"{k}={v}" for k, v in self.values.items())


def combinations(
    load: Callable[[list[str]], VariantSpec], varies: Sequence[Vary]
) -> list[Combination]:
    """Every combination of ``varies``' values, in order (the last key varies
    fastest), each loaded with ``load(overrides)``; a combination that does
    not load keeps its error instead of a spec."""
    paths = [v.path for v in varies]
    if len(set(paths)) != len(paths):
        raise UsageError("a key is varied twice: give each --vary key once")
    total = math.prod(len(v.values) for v in varies)
    if total > MAX_COMBINATIONS:
        raise UsageError(
            f"{total} combinations: a sweep may have at most {MAX_COMBINATIONS} "
            "(vary fewer keys or values)"
        )
    out = []
    for values in itertools.product(*(v.values for v in varies)):
        chosen = dict(zip(paths, values, strict=True))
        combo = Combination(chosen)
        try:
            combo.spec = load([f"{k}={v}" for k, v in chosen.items()])
        except RummyRulesError as exc:
            combo.error = " ".join(str(exc).split())
        out.append(combo)
    return out


def play_chunk(job: Any, start: int, stop: int) -> list[GameSummary]:
    """Games ``start`` to ``stop`` (excluded) of one combination's job."""
    return [play_summary(job, index) for index in range(start, stop)]


class Executor(Protocol):
    """Runs chunks of work and yields their results in the order given."""

    def map(self, tasks: Sequence[tuple[Any, int, int]]) -> Iterator[list[GameSummary]]:
        """``play_chunk(*task)`` for each task, yielded in the order of ``tasks``."""
        ...


def _play_task(task: tuple[Any, int, int]) -> list[GameSummary]:
    return play_chunk(*task)


@dataclass(slots=True)
class LocalExecutor:
    """Chunks in this process (``workers`` 1) or in a pool of processes."""

    workers: int = 1

    def map(self, tasks: Sequence[tuple[Any, int, int]]) -> Iterator[list[GameSummary]]:
        return ordered_pool_map(_play_task, tasks, self.workers)


@dataclass(slots=True)
class DaskExecutor:
    """Chunks on a Dask cluster: the scheduler at ``address``, or a
    ``LocalCluster`` of ``workers`` processes started for the sweep (and
    stopped after it). ``client``: an existing ``distributed.Client``."""

    address: str | None = None
    workers: int = 1
    client: Any = None

    def map(self, tasks: Sequence[tuple[Any, int, int]]) -> Iterator[list[GameSummary]]:
        try:
            import distributed
        except ImportError:
            raise UsageError(
                "--executor dask needs Dask: pip install 'rummy-rules[sweep]'"
            ) from None
        # distributed has no type hints: its classes are used as Any.
        client_class: Any = distributed.Client
        cluster_class: Any = distributed.LocalCluster
        cluster = None
        client = self.client
        if client is None:
            if self.address is None:
                cluster = cluster_class(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
                client = client_class(cluster)
            else:
                try:
                    client = client_class(self.address, timeout=CONNECT_SECONDS)
                except OSError as exc:
                    raise UsageError(
                        f"no Dask scheduler answers at {self.address}: {exc}"
                    ) from None
        try:
            # One task per chunk; the scheduler runs a lost worker's tasks again
            # elsewhere, and a chunk's games depend only on its arguments.
            futures = [
                client.submit(play_chunk, job, start, stop, pure=False, retries=3)
                for job, start, stop in tasks
            ]
            try:
                for future in futures:
                    yield future.result()
            finally:
                client.cancel(futures)
        finally:
            if self.client is None:
                client.close()
                if cluster is not None:
                    cluster.close()


#: How long to wait for a Dask scheduler named with --scheduler to answer: a
#: scheduler that is up answers within a second; a wrong address fails here.
CONNECT_SECONDS = 5

#: The first line of a checkpoint file.
CHECKPOINT_MARK = "rummy-rules sweep checkpoint"


def _summary_from(data: dict[str, Any]) -> GameSummary:
    deals = tuple(
        DealSummary(
            **{
                **d,
                "down_turns": tuple(d["down_turns"]),
                "contracts": tuple(d.get("contracts", ())),
            }
        )
        for d in data["deals"]
    )
    return GameSummary(
        **{
            **data,
            "totals": tuple(data["totals"]),
            "winners": tuple(data["winners"]),
            "deals": deals,
            "bound": tuple((key, times) for key, times in data.get("bound", ())),
        }
    )


def _json_line(line: str) -> Any:
    """A line's JSON value, or None when it is not JSON (NaN and Infinity are not)."""

    def refuse(word: str) -> Any:
        raise ValueError(word)

    try:
        return json.loads(line, parse_constant=refuse)
    except ValueError:
        return None


class Checkpoint:
    """The chunks of a sweep already played, kept in a file (JSON Lines: a
    header naming the sweep, then one line per finished chunk, each added and
    flushed as the chunk ends), so that a stopped sweep goes on where it
    stopped. The header holds everything the games depend on; a file made by
    another sweep is refused."""

    def __init__(self, path: Path, identity: Any) -> None:
        self.path = path
        self.done: dict[tuple[int, int, int], list[GameSummary]] = {}
        header = {"checkpoint": CHECKPOINT_MARK, "sweep": identity}
        if path.exists() and path.stat().st_size:
            self._load(header)
        else:
            path.write_text(json.dumps(header, sort_keys=True) + "\n", encoding="utf-8")

    def _load(self, header: dict[str, Any]) -> None:
        """Read the chunks kept; refuse a file that is not this sweep's checkpoint
        (it is then left exactly as it is)."""
        foreign = UsageError(
            f"{self.path} is not a sweep checkpoint: name a new file (or this sweep's "
            "checkpoint) with --checkpoint; the file is left as it is"
        )
        try:
            with self.path.open(encoding="utf-8") as lines:
                for number, line in enumerate(lines, 1):
                    data = _json_line(line)
                    if number == 1:
                        if not isinstance(data, dict) or data.get("checkpoint") != CHECKPOINT_MARK:
                            raise foreign
                        if data != header:
                            raise UsageError(
                                f"{self.path} is the checkpoint of another sweep (other "
                                "variant, values, players, bots, seed, games or chunk size)"
                            )
                        continue
                    if data is None and not line.endswith("\n"):
                        break  # a chunk cut short when the sweep was stopped: played again
                    self._keep(number, data)
        except UnicodeDecodeError:
            raise foreign from None

    def _keep(self, number: int, data: Any) -> None:
        """Keep the chunk of line ``number``, checked to be one this sweep could write."""
        bad = UsageError(f"{self.path}:{number}: not a checkpoint line")
        if not isinstance(data, dict):
            raise bad
        try:
            key = (int(data["combination"]), int(data["start"]), int(data["stop"]))
            games = [_summary_from(g) for g in data["games"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise bad from None
        if not 0 <= key[1] < key[2] or len(games) != key[2] - key[1]:
            raise bad
        self.done[key] = games

    def add(self, key: tuple[int, int, int], summaries: list[GameSummary]) -> None:
        """Keep a finished chunk (appended and flushed at once)."""
        line = {
            "combination": key[0],
            "start": key[1],
            "stop": key[2],
            "games": [dataclasses.asdict(s) for s in summaries],
        }
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, sort_keys=True) + "\n")
            out.flush()
        self.done[key] = summaries


@dataclass(slots=True)
class SweepResult:
    """Each combination's statistics (``None`` for an invalid one)."""

    combinations: list[Combination]
    stats: list[SimulationStats | None]
    metrics: list[dict[str, RunningMean]] = field(default_factory=list)
    interrupted: bool = False

    def metric(self, index: int, key: str) -> dict[str, float]:
        """Metric ``key`` of combination ``index``: ``{"value", "low", "high"}``."""
        mean = self.metrics[index][key]
        # A share gets simulate's Wilson interval, so the two commands agree.
        return as_interval(mean.share_interval() if key in _RATES else mean.count_interval(), 3)

    def closest(self, key: str, target: float) -> int | None:
        """The valid combination whose metric ``key`` is closest to ``target``."""
        best: tuple[float, int] | None = None
        for i, stats in enumerate(self.stats):
            if stats is None or not stats.games:
                continue
            gap = abs(self.metrics[i][key].mean - target)
            if best is None or gap < best[0]:
                best = (gap, i)
        return None if best is None else best[1]

    def _distance(self, index: int, key: str, target: float) -> tuple[float, float]:
        """The 95% interval of how far metric ``key`` of combination ``index`` lies
        from ``target``: (0, farthest end) when the interval holds the target."""
        item = self.metric(index, key)
        ends = (abs(item["low"] - target), abs(item["high"] - target))
        near = 0.0 if item["low"] <= target <= item["high"] else min(ends)
        return near, max(ends)

    def not_told_apart(self, key: str, target: float, best: int) -> list[int]:
        """The other valid combinations the data cannot tell from ``best`` (the
        :meth:`closest`): their 95% interval of the distance to ``target`` reaches
        as near as the far end of ``best``'s; in the order of the sweep."""
        reach = self._distance(best, key, target)[1]
        return [
            i
            for i, stats in enumerate(self.stats)
            if i != best
            and stats is not None
            and stats.games
            and self._distance(i, key, target)[0] <= reach
        ]

    def to_dict(self) -> dict[str, Any]:
        """The results as JSON: one entry per combination, in order."""
        out = []
        for i, combo in enumerate(self.combinations):
            stats = self.stats[i]
            entry: dict[str, Any] = {"values": typed_values(combo.values)}
            if stats is None:
                entry["error"] = combo.error
            else:
                entry["metrics"] = {m.key: self.metric(i, m.key) for m in METRICS}
                entry["statistics"] = stats.to_dict()
            out.append(entry)
        return {"combinations": out, "interrupted": self.interrupted}


def planned_chunks(games: int, chunk: int, auto: bool) -> int:
    """How many chunks one combination plays at most: ``games`` cut into
    chunks of ``chunk``, within rounds of :data:`AUTO_BATCH` when ``auto``."""
    step = AUTO_BATCH if auto else games
    return sum(
        math.ceil((min(games, first + step) - first) / chunk) for first in range(0, games, step)
    )


def run_sweep(
    combos: Sequence[Combination],
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    executor: Executor,
    chunk: int = DEFAULT_CHUNK,
    precision: Precision | None = None,
    on_chunk: Callable[[int], None] | None = None,
    checkpoint: Checkpoint | None = None,
) -> SweepResult:
    """Play ``games`` games of every valid combination (the same seeds in
    each) with ``executor``; ``on_chunk(done)`` after each chunk, with the
    number of chunks folded in so far (at most :func:`planned_chunks` per
    valid combination). A
    ``KeyboardInterrupt`` stops early and keeps the chunks finished in order.

    With ``precision`` (``--games auto``), ``games`` is a cap: the games are
    played in rounds of :data:`AUTO_BATCH` per combination, and after each
    round a combination whose figures are precise enough (as ``simulate``
    decides) stops. The decision depends only on the games of the rounds
    played, so it too is the same whatever the executor.

    With ``checkpoint``, chunks it holds are not played again, and each chunk
    played is added to it as it finishes.
    """
    if chunk < 1:
        raise UsageError("a chunk holds at least one game")
    stats: list[SimulationStats | None] = []
    metrics: list[dict[str, RunningMean]] = []
    jobs: dict[int, Any] = {}
    for index, combo in enumerate(combos):
        metrics.append({m.key: RunningMean() for m in METRICS})
        if combo.spec is None:
            stats.append(None)
            continue
        stats.append(
            SimulationStats(players=players, deals=len(combo.spec.deals), bots=tuple(bots))
        )
        jobs[index] = make_job(combo.spec, players, bots, seed, False)
    result = SweepResult(list(combos), stats, metrics)
    step = games if precision is None else AUTO_BATCH
    active = list(jobs)
    done = 0
    try:
        for first in range(0, games, step):
            last = min(games, first + step)
            keys = [
                (index, start, min(last, start + chunk))
                for index in active
                for start in range(first, last, chunk)
            ]
            kept = {} if checkpoint is None else checkpoint.done
            missing = [k for k in keys if k not in kept]
            played = executor.map([(jobs[k[0]], k[1], k[2]) for k in missing])
            try:
                for key in keys:
                    if key in kept:
                        summaries = kept[key]
                    else:
                        summaries = next(played)
                        if checkpoint is not None:
                            checkpoint.add(key, summaries)
                    _fold(result, key[0], summaries)
                    done += 1
                    if on_chunk is not None:
                        on_chunk(done)
            finally:
                # A stop closes the executor's work now (a local Dask cluster is
                # shut down), not whenever the generator is collected.
                close = getattr(played, "close", None)
                if close is not None:
                    close()
            if precision is not None:
                for index in list(active):
                    reason = enough_games(_stats(result, index), precision)
                    if reason is not None:
                        _stats(result, index).stop_reason = reason
                        active.remove(index)
                if not active:
                    break
    except KeyboardInterrupt:
        result.interrupted = True
    if precision is not None:
        for index in active:
            _stats(result, index).stop_reason = f"reached the cap of {games} games"
    return result


def _stats(result: SweepResult, index: int) -> SimulationStats:
    stats = result.stats[index]
    assert stats is not None
    return stats


def _fold(result: SweepResult, owner: int, summaries: Iterable[GameSummary]) -> None:
    stats = _stats(result, owner)
    for summary in summaries:
        stats.add(summary)
        if summary.error is None and not summary.capped:
            for key, value in game_metrics(summary).items():
                if not math.isnan(value):
                    result.metrics[owner][key].add(value)
