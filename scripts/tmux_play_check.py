"""Play one deal of `rummy-rules play` under tmux, as a person would, and check
from outside that every recorded action of the person is the one chosen.

    python scripts/tmux_play_check.py --mode typing --size 80x24 contract
    python scripts/tmux_play_check.py --mode keys --size 120x40 basic-rummy --players 2
    python scripts/tmux_play_check.py --mode mouse --size 80x24 basic-rummy --players 2

The script starts `rummy-rules play VARIANT --record FILE` in a tmux session of
the given size and plays seat p1 until the first deal has ended and its
summary screen has been dismissed:

- typing: each action is typed in the action box and Enter;
- keys: Down into the list of actions, Down to the chosen one, Enter;
- mouse: a click on the chosen action in the list (only actions in view).

Before some of its moves it makes a deliberate illegal move (typing: a card
not in the hand, an action of the wrong phase, cards that make no meld; keys:
picking two cards in the hand with Tab, space, g and d; mouse: clicking two
cards and the footer's "Down"), and checks that the record did not change.
After every chosen action it reads the record file (not the screen) and
checks that the next action recorded for p1 is exactly the chosen one. The
person's legal actions are listed by the engine from the record so far.

Needs tmux; not a test (it takes a minute or two and drives a terminal).
Exit status 0 when every check held.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rummy_rules.sim.session import PlaySession

SESSION = "rr-check"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def screen() -> list[str]:
    return tmux("capture-pane", "-p", "-t", SESSION).splitlines()


def keys(*names: str) -> None:
    tmux("send-keys", "-t", SESSION, *names)
    time.sleep(0.15)


def typed(text: str) -> None:
    tmux("send-keys", "-t", SESSION, "-l", text)
    time.sleep(0.1)
    keys("Enter")


def click(x: int, y: int) -> None:
    """A left click at column x, row y (from 0), as an SGR mouse report."""
    tmux("send-keys", "-t", SESSION, "-l", f"\x1b[<0;{x + 1};{y + 1}M")
    time.sleep(0.05)
    tmux("send-keys", "-t", SESSION, "-l", f"\x1b[<0;{x + 1};{y + 1}m")
    time.sleep(0.3)


def recorded(record: Path) -> list[str]:
    if not record.exists():
        return []
    out = []
    for line in record.read_text().splitlines():
        if line.startswith('{"action"'):
            out.append(json.loads(line)["action"])
    return out


def listed_rows(rows: list[str]) -> list[tuple[int, int, str]]:
    """The actions shown in the list: (column, row, text) of each in view."""
    out = []
    inside = False
    for y, row in enumerate(rows):
        at = max(row.find("╭─ Your move"), row.find("╭─ With "))
        if at >= 0:
            inside, left = True, at
            continue
        if inside:
            if row[left:].startswith("╰"):
                break
            text = row[left + 1 :].split("│")[0].strip().split("  ")[0]  # not the scroll bar
            if text:
                out.append((left + 2, y, text))
    return out


class Checker:
    def __init__(self, record: Path, mode: str, rng: random.Random) -> None:
        self.record = record
        self.mode = mode
        self.rng = rng
        self.chosen: list[str] = []
        self.illegal = 0
        self.failures: list[str] = []

    def wait_turn(self, timeout: float = 120.0) -> str:
        """Wait for the person's turn ("turn"), a deal's end ("end") or the game's end."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            rows = screen()
            text = "\n".join(rows)
            if "Enter: go on" in text:
                return "end"
            if "The game is over." in text:
                return "over"
            session = PlaySession.resume(self.record)
            if session.my_turn() and listed_rows(rows):
                time.sleep(0.3)  # let the screen settle
                return "turn"
            time.sleep(0.3)
        raise SystemExit(f"no turn within {timeout} s; the screen:\n" + "\n".join(screen()))

    def unchanged_after(self, before: list[str], what: str) -> None:
        time.sleep(0.8)
        if recorded(self.record) != before:
            self.failures.append(f"an illegal move was recorded: {what}")
        self.illegal += 1

    def illegal_move(self, session: PlaySession) -> None:
        before = recorded(self.record)
        hand = [session.cards.text(f) for f in session.state.hand(session.seat)]
        if self.mode == "typing":
            absent = next(c for c in ("QX", "2C", "KH", "7D", "AS") if c not in hand)
            attempt = self.rng.choice(
                [f"discard {absent}", "draw" if "draw" not in session.legal() else "end",
                 f"meld {' '.join(hand[:3])}", "layoff 5S@9", "take 9Z"]
            )  # fmt: skip
            typed(attempt)
        elif self.mode == "keys":
            keys("Tab")  # into the hand
            keys("space", "Right", "space", "g", "d")
            keys("x", "Escape")
            attempt = "two cards set aside and d"
        else:
            rows = screen()
            y = next(i for i, r in enumerate(rows) if "╭─ Your hand" in r) + 1
            click(3, y)
            click(7, y)
            footer = rows[-1]
            x = footer.find(" d ")
            if x < 0:  # the footer shows the hand's keys once the hand has the focus
                footer = screen()[-1]
                x = footer.find(" d ")
            click(x + 1, len(rows) - 1)
            click(3, y)  # picked again: put back
            click(7, y)
            attempt = "two cards clicked and Down in the footer"
        self.unchanged_after(before, attempt)

    def choose(self, session: PlaySession) -> None:
        legal = session.legal()
        before = recorded(self.record)
        if self.mode == "typing":
            choice = self.rng.choice(legal)
            typed(choice)
        elif self.mode == "keys":
            k = self.rng.randrange(len(legal))
            choice = legal[k]
            keys("Down", *["Down"] * k)
            keys("Enter")
        else:
            rows = listed_rows(screen())
            x, y, text = self.rng.choice(rows)
            choice = text
            if choice not in legal:
                self.failures.append(f"the list shows {choice!r}, not a legal action {legal}")
                return
            click(x, y)
        self.chosen.append(choice)
        deadline = time.time() + 20
        while time.time() < deadline:
            now = recorded(self.record)
            if len(now) > len(before):
                if now[len(before)] != f"p1 {choice}":
                    self.failures.append(f"chose {choice!r}, recorded {now[len(before)]!r}")
                return
            time.sleep(0.1)
        self.failures.append(f"chose {choice!r}, nothing recorded")

    def dismiss_deal_end(self) -> None:
        if self.mode == "mouse":
            rows = screen()
            x = rows[-1].find("Go on")
            click(x, len(rows) - 1)
        else:
            keys("Enter")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--mode", choices=["typing", "keys", "mouse"], required=True)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    work = Path(tempfile.mkdtemp(prefix="rr-tmux-"))
    record = work / "game.jsonl"
    command = [sys.executable, "-m", "rummy_rules", "play", args.variant, "--seed", str(args.seed)]
    command += ["--record", str(record)]
    if args.players:
        command += ["--players", str(args.players)]
    tmux("kill-session", "-t", SESSION)
    tmux("new-session", "-d", "-s", SESSION, "-x", str(width), "-y", str(height), " ".join(command))
    checker = Checker(record, args.mode, random.Random(args.seed))
    time.sleep(3)
    if args.mode == "typing":
        for _ in range(3):
            typed("faster")
    turns = 0
    try:
        while True:
            where = checker.wait_turn()
            if where != "turn":
                if where == "end":
                    screen_text = "\n".join(screen())
                    checker.dismiss_deal_end()
                    time.sleep(0.8)
                    if "Enter: go on" in "\n".join(screen()):
                        checker.failures.append("the deal's end was not dismissed")
                    if " is over" not in screen_text:
                        checker.failures.append("the deal's end screen does not say so")
                break
            session = PlaySession.resume(record)
            if checker.rng.random() < 0.3:
                checker.illegal_move(session)
            checker.choose(session)
            turns += 1
    finally:
        tmux("kill-session", "-t", SESSION)
    ones = [a[3:] for a in recorded(record) if a.startswith("p1 ")]
    if ones != checker.chosen:
        checker.failures.append(f"p1's recorded actions {ones} differ from {checker.chosen}")
    print(
        f"{args.variant} {args.mode} {width}x{height}: {len(checker.chosen)} actions chosen, "
        f"{checker.illegal} illegal moves refused, {len(recorded(record))} actions recorded"
    )
    for failure in checker.failures:
        print("FAILED:", failure)
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
