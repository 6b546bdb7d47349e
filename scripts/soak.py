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

python scripts/soak.py --web 200 [--seed 1] [--at-once 8]

The web surface instead: a `rummy-rules serve` on loopback and 200 hostile
pages, --at-once of them open together (tests/web_client.py: garbage and
oversized messages, huge screen sizes, key floods, save names out of the
folder, silent and dropped connections). Exit status 1 if a file appeared
outside the server's folder, a game went over its memory cap or outlived
its page by 10 s, or the server stopped serving (Linux: reads /proc).
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
    parser.add_argument("--web", type=int, metavar="PAGES", help="soak `serve` with hostile pages")
    parser.add_argument("--at-once", type=int, default=8, help="with --web: pages open together")
    args = parser.parse_args()
    if args.web is not None:
        return web_soak(args.web, args.seed, args.at_once)
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


def web_soak(pages: int, seed: int, at_once: int, *, memory_mib: int = 512) -> int:
    """``pages`` hostile pages against one server; 0 when every check held."""
    import asyncio

    import aiohttp

    from tests.web_client import Served, games_of, hostile_page, wait_until

    root = Path(tempfile.mkdtemp(prefix="rummy-soak-web-"))
    folder, trap = root / "served", root / "trap"
    folder.mkdir()
    trap.mkdir()
    (folder / "link.jsonl").symlink_to(trap / "via-link.jsonl")
    rng = random.Random(seed)
    peak: dict[int, int] = {}
    problems: list[str] = []
    kinds: Counter[str] = Counter()

    def sample(server: int) -> None:
        for pid in games_of(server):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            for line in status.splitlines():
                if line.startswith("VmPeak:"):
                    peak[pid] = max(peak.get(pid, 0), int(line.split()[1]))

    async def run(served: Served) -> None:
        gate = asyncio.Semaphore(at_once)

        async def one(number: int) -> None:
            async with gate, aiohttp.ClientSession() as session:
                did = await hostile_page(session, served, random.Random(rng.random()), trap)
                kinds.update(d.split(":")[0].split(" ")[0] for d in did)
                if number % 20 == 0:
                    print(f"{number} pages, {len(games_of(served.pid))} games", file=sys.stderr)

        async def watch() -> None:
            while True:
                sample(served.pid)
                await asyncio.sleep(0.5)

        watcher = asyncio.create_task(watch())
        await asyncio.gather(*(one(n) for n in range(pages)))
        watcher.cancel()
        # The server still serves a fresh page.
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(served.url())
            if not wait_until(lambda: bool(games_of(served.pid)), 0):
                await asyncio.sleep(5)
            if not games_of(served.pid):
                problems.append("the server did not start a game for a fresh page")
            await ws.close()

    started = time.monotonic()
    with Served(
        # --no-save: each page's quit dialog asks for a file name (the hostile
        # names); saved games and the offer on a page opened again are tested
        # in tests/test_serve_security.py.
        ["play", "basic-rummy", "--bots", "random", "--no-save"],
        options=["--folder", str(folder), "--memory", str(memory_mib), "--max-games", "16"],
        cwd=root,
    ) as served:
        asyncio.run(run(served))
        if not wait_until(lambda: not games_of(served.pid), 10):
            problems.append(f"games still running 10 s after their pages: {games_of(served.pid)}")
        alive = served.process is not None and served.process.poll() is None
        if not alive:
            problems.append("the server ended")
    outside = sorted(str(p) for p in root.rglob("*") if folder not in p.parents and p != folder)
    outside = [p for p in outside if p not in (str(trap), str(folder / "link.jsonl"))]
    if outside or list(trap.iterdir()):
        problems.append(f"files outside the folder: {outside + [str(p) for p in trap.iterdir()]}")
    over = {pid: kib for pid, kib in peak.items() if kib > memory_mib * 1024}
    if over:
        problems.append(f"games over the {memory_mib} MiB cap: {over}")
    took = time.monotonic() - started
    print(f"{pages} hostile pages (seed {seed}, {at_once} at once) in {took:.0f} s")
    print(f"  games seen: {len(peak)}; largest peak {max(peak.values(), default=0) // 1024} MiB")
    print(f"  what the pages did: {dict(kinds.most_common())}")
    print(f"  saved in the folder: {sorted(p.name for p in folder.iterdir())}")
    for problem in problems:
        print(f"  PROBLEM: {problem}")
    print("  every check held" if not problems else f"  {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
