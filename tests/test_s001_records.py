"""S001's joker swap, checked from game records alone (a reader of the docs,
not the engine): a joker is taken only from another player's run, and the
freed joker may be melded after other plays of the same turn, before the
discard (contract-gamerules: wilds.exchange.from_owner: others,
freed_wild_first: false).

The reader below follows docs/records.md: melds are numbered from 1 in the
order they reach the table, a ``down`` lays one meld per ``/``-separated
part, ``meld`` one, and ``exchange CARD@N`` gives CARD for the wild in meld N.
"""

from __future__ import annotations

import json
import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, play_game
from rummy_rules.sim.records import record_lines, replay_record, write_record

from .conftest import examples
from .engine_helpers import act
from .test_engine_exchange_knobs import waited_with


def read_exchanges(lines: list[str]) -> dict[str, int]:
    """From a record's lines: exchanges in all, those from the taker's own meld,
    and those whose joker was melded after another play of the turn."""
    found = {"all": 0, "own": 0, "later": 0}
    owners: list[str] = []
    pending: tuple[str, int] | None = None  # (seat, plays since its exchange)
    for line in lines:
        entry = json.loads(line)
        if "deck" in entry:  # a new deal: an empty table
            owners, pending = [], None
            continue
        if "action" not in entry:
            continue
        seat, verb, *rest = entry["action"].split(" ", 2)
        body = rest[0] if rest else ""
        plays = verb in ("down", "meld", "layoff")
        if pending is not None and seat == pending[0]:
            assert verb != "discard", f"{seat} discarded before melding the freed joker"
            if plays and "JK" in body:
                found["later"] += pending[1] > 0
                pending = None
            elif plays:
                pending = (seat, pending[1] + 1)
        if verb == "down":
            owners += [seat] * len(body.split(" / "))
        elif verb == "meld":
            owners.append(seat)
        elif verb == "exchange":
            found["all"] += 1
            found["own"] += owners[int(body.rsplit("@", 1)[1]) - 1] == seat
            pending = (seat, 0)
    return found


@pytest.mark.long  # whole games; the CI runs it
def test_simulated_games_never_take_a_joker_from_the_takers_own_run():
    spec = load_variant("contract-gamerules")
    variant = spec.model_dump(mode="json")
    total = {"all": 0, "own": 0, "later": 0}
    for seed in range(examples(6, 60)):
        state = GameState(compile_rules(spec, 4), seed=seed)
        play_game(state, [RandomBot(random.Random(seed * 10 + s)) for s in range(4)])
        for key, count in read_exchanges(list(record_lines(state, variant))).items():
            total[key] += count
    assert total["all"] > 0, "no exchange happened: the check saw nothing"
    assert total["own"] == 0, total


def test_a_recorded_joker_melded_after_another_play_replays(tmp_path):
    state = waited_with("2D 3D 4D 9C 10C JC 6H KS 5D 3S")
    for text in ("exchange 6H@1", "layoff 5D@3", "layoff JK=6D@3", "discard 3S"):
        act(state, text)
    path = tmp_path / "game.jsonl"
    variant = load_variant(
        "contract-gamerules",
        ["deals=[{cards: 10, contract: [{type: run, size: 3}, {type: run, size: 3}]}]"],
    ).model_dump(mode="json")
    write_record(path, state, variant)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert read_exchanges(lines) == {"all": 1, "own": 0, "later": 1}
    report = replay_record(path, partial=True)
    actions = [entry for entry in map(json.loads, lines) if "action" in entry]
    assert not report.finished and report.actions == len(actions)
