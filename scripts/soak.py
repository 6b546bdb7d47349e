"""Soak test: thousands of hostile command lines and files against every command.

python scripts/soak.py --cases 10000 [--seed 1] [--workers 2]

Each case (see tests/cli_fuzz.py) runs under a 10 s time limit and a 500 MB
memory limit, in one of --workers shard processes. Prints how many cases ended
each way and the first cases that ended badly; exit status 1 if any case gave
a traceback, hung, went over the memory limit, failed without a message, ran
code that a file (not the command line) named, or changed a file it was given
without --force (a note passed as a checkpoint, an earlier output, an input).
The cases cover every command, sweeps with hostile checkpoints, schedulers and
targets, `play --resume` of tampered records, and outputs in latin-1, ASCII
and cp1252. Not part of CI: ten thousand cases take a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.cli_fuzz import RandomChoices, make_case, record_sample, run_case  # noqa: E402

BAD = ("traceback", "hang", "memory", "silent", "code", "clobbered")


def shard(index: int, shards: int, cases: int, seed: int) -> None:
    """Run every ``shards``-th case from ``index``, one JSON line per case on stdout."""
    sample = record_sample()
    for number in range(index, cases, shards):
        case = make_case(RandomChoices(random.Random(seed * 1_000_003 + number)), sample)
        started = time.monotonic()
        outcome = run_case(case)
        line = {
            "case": number,
            "kind": outcome.kind,
            "exit": outcome.exit_code,
            "args": str(case),
            "detail": outcome.detail,
            "seconds": round(time.monotonic() - started, 3),
        }
        print(json.dumps(line), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--shard", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.shard is not None:
        shard(args.shard, args.workers, args.cases, args.seed)
        return 0
    started = time.monotonic()
    base = [sys.executable, __file__, "--cases", str(args.cases), "--seed", str(args.seed)]
    base += ["--workers", str(args.workers)]
    # Cases that write into the user's data folder (new, schema --install)
    # write into a scratch one.
    scratch = tempfile.mkdtemp(prefix="rummy-soak-data-")
    env = {**os.environ, "XDG_DATA_HOME": scratch}
    procs = [
        subprocess.Popen([*base, "--shard", str(k)], stdout=subprocess.PIPE, text=True, env=env)
        for k in range(args.workers)
    ]
    counts: Counter[str] = Counter()
    bad: list[dict[str, object]] = []
    slowest: tuple[float, str] = (0.0, "")
    done = 0
    import selectors

    selector = selectors.DefaultSelector()
    for proc in procs:
        assert proc.stdout is not None
        selector.register(proc.stdout, selectors.EVENT_READ)
    open_streams = len(procs)
    while open_streams:
        for key, _ in selector.select():
            line = key.fileobj.readline()  # type: ignore[union-attr]
            if not line:
                selector.unregister(key.fileobj)
                open_streams -= 1
                continue
            result = json.loads(line)
            done += 1
            counts[result["kind"]] += 1
            slowest = max(slowest, (result["seconds"], result["args"]))
            if result["kind"] in BAD:
                bad.append(result)
            if done % 500 == 0:
                print(f"{done} cases, {dict(counts)}", file=sys.stderr, flush=True)
    failed_shards = [p.wait() for p in procs]
    took = time.monotonic() - started
    print(f"{done} of {args.cases} cases (seed {args.seed}) in {took:.0f} s")
    for kind in ("ok", "refused", *BAD):
        print(f"  {kind:10} {counts[kind]}")
    print(f"  slowest case: {slowest[0]:.1f} s: {slowest[1]}")
    for result in bad[:20]:
        print(f"\n#{result['case']} {result['kind']}: {result['args']}\n{result['detail']}")
    if any(failed_shards) or done != args.cases:
        print(f"a shard process failed: exit statuses {failed_shards}")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
