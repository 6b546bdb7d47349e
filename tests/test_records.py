"""Game records: written, replayed, and tampering caught with its line number."""

from __future__ import annotations

import json
import random
import re

import pytest

from rummy_rules import load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, play_game
from rummy_rules.sim.records import RecordError, replay_record, write_record


@pytest.fixture(scope="module")
def record_text(tmp_path_factory):
    spec = load_variant("contract")
    state = GameState(compile_rules(spec, 4), seed=11)
    play_game(state, [RandomBot(random.Random(i)) for i in range(4)])
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    write_record(path, state, spec.model_dump(mode="json"), seats=["random"] * 4)
    return path.read_text()


def write(tmp_path, text):
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    return path


def test_a_record_replays_clean(record_text, tmp_path):
    report = replay_record(write(tmp_path, record_text))
    assert report.finished and report.deals == 7 and report.actions > 100


def test_changing_one_card_in_one_action_fails_naming_the_line(record_text, tmp_path):
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"action":"p' in line and "discard" in line)
    action = json.loads(lines[index])["action"]
    card = action.split()[-1]
    other = "KS" if card != "KS" else "QS"
    lines[index] = json.dumps({"action": action.replace(card, other)}, separators=(",", ":"))
    path = write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(RecordError) as info:
        replay_record(path)
    # either the edited action is illegal, or a later score no longer matches
    assert info.value.line is not None and info.value.line >= index + 1


def test_a_changed_score_is_caught(record_text, tmp_path):
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"deal_end":1' in line)
    entry = json.loads(lines[index])
    entry["scores"][0] += 1
    lines[index] = json.dumps(entry)
    with pytest.raises(RecordError, match=r"deal 1 scores") as info:
        replay_record(write(tmp_path, "\n".join(lines)))
    assert info.value.line == index + 1


def test_an_edited_variant_is_caught(record_text, tmp_path):
    lines = record_text.splitlines()
    header = json.loads(lines[0])
    header["variant"]["deck"]["jokers"] = 9
    lines[0] = json.dumps(header)
    with pytest.raises(RecordError, match="SHA-256"):
        replay_record(write(tmp_path, "\n".join(lines)))


def test_an_edited_deck_is_caught(record_text, tmp_path):
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"dealer":' in line)
    entry = json.loads(lines[index])
    entry["deck"][0], entry["deck"][50] = entry["deck"][50], entry["deck"][0]
    lines[index] = json.dumps(entry)
    with pytest.raises(RecordError):
        replay_record(write(tmp_path, "\n".join(lines)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("not json\n", "not JSON"),
        ('{"record": "something else"}\n', "bad header"),
        ("[1, 2]\n", "JSON object"),
        ('{"record": "rummy-rules game", "record": "x"}\n', "the key record appears twice"),
        ('{"record": NaN}\n', "NaN is not a JSON number"),
    ],
)
def test_malformed_records_are_reported(tmp_path, text, message):
    with pytest.raises(RecordError, match=message):
        replay_record(write(tmp_path, text))


def test_a_deleted_reshuffle_line_is_named_where_the_rules_reshuffle(record_text, tmp_path):
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"reshuffle"' in line)
    action = index - 1  # the draw that emptied the stock
    assert '"action"' in lines[action]
    with pytest.raises(RecordError, match=r"'reshuffle' line for it is missing") as info:
        replay_record(write(tmp_path, "\n".join(lines[:index] + lines[index + 1 :])))
    assert info.value.line == action + 1
    # A reshuffle line out of place (before the draw that empties the stock).
    moved = [*lines[:action], lines[index], lines[action], *lines[index + 1 :]]
    with pytest.raises(RecordError, match=rf"is at line {action + 1}, before it") as info:
        replay_record(write(tmp_path, "\n".join(moved)))
    assert info.value.line == action + 2  # the draw, one line lower now
    # One more reshuffle line than the rules make.
    extra = [*lines[: index + 1], lines[index], *lines[index + 1 :]]
    with pytest.raises(RecordError, match="reshuffle") as info:
        replay_record(write(tmp_path, "\n".join(extra)))


def test_cli_replay_ok_and_tampered(record_text, tmp_path, cli):
    path = write(tmp_path, record_text)
    ok = cli("replay", str(path))
    assert ok.exit_code == 0 and ok.stdout.startswith("ok:")
    doc = json.loads(cli("replay", str(path), "--json").stdout)
    assert doc["valid"] and doc["deals"] == 7
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"deal_end":2' in line)
    entry = json.loads(lines[index])
    entry["totals"][1] += 5
    lines[index] = json.dumps(entry)
    bad = write(tmp_path, "\n".join(lines))
    result = cli("replay", str(bad))
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(bad))}:{index + 1}: deal 2 totals", result.stderr)


def test_cli_replay_of_a_game_stopped_in_its_first_deal_says_so_in_words(
    record_text, tmp_path, cli
):
    lines = record_text.splitlines()
    first_end = next(i for i, line in enumerate(lines) if '"deal_end"' in line)
    path = write(tmp_path, "\n".join(lines[: first_end - 3]) + "\n")
    refused = cli("replay", str(path))
    assert refused.exit_code == 1
    assert "the game stops here" in refused.stderr and "after game 0" not in refused.stderr
    partial = cli("replay", str(path), "--partial")
    assert partial.exit_code == 0, partial.stderr
    text = partial.stdout
    assert "0 deals scored" in text and "no deal scored yet" in text and "p1, p2" not in text
    one = write(tmp_path, "\n".join(lines[: first_end + 2]) + "\n")
    text = cli("replay", str(one), "--partial").stdout
    assert "1 deal scored" in text and "leading:" in text


def test_cli_replay_missing_file(cli, tmp_path):
    result = cli("replay", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 1
    assert "cannot read" in result.stderr


@pytest.mark.parametrize("deal", [1, 3])
def test_a_changed_dealer_is_caught_on_its_line(record_text, tmp_path, deal):
    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if f'"deal":{deal},"dealer":' in line)
    entry = json.loads(lines[index])
    entry["dealer"] = (entry["dealer"] + 1) % 4
    lines[index] = json.dumps(entry, separators=(",", ":"))
    with pytest.raises(RecordError, match=f"deal {deal} is dealt by p") as info:
        replay_record(write(tmp_path, "\n".join(lines)))
    assert info.value.line == index + 1


# -- the seeded shuffle, as docs/records.md describes it, written from scratch --


class _MT19937:
    """The Mersenne Twister, seeded with init_by_array (docs/records.md)."""

    def __init__(self, key: list[int]) -> None:
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = (
                (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j
            ) & 0xFFFFFFFF
            i, j = i + 1, j + 1
            if i >= 624:
                mt[0], i = mt[623], 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0], i = mt[623], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, 624

    def uint32(self) -> int:
        if self.index >= 624:
            mt = self.mt
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def below(self, n: int) -> int:
        k = n.bit_length()
        while True:
            r = self.uint32() >> (32 - k)
            if r < n:
                return r


def _generator(seed: int, *labels: object) -> _MT19937:
    import hashlib

    text = ":".join(str(x) for x in (seed, *labels))
    number = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return _MT19937([number & 0xFFFFFFFF, number >> 32] if number >> 32 else [number])


def _documented_deck(seed: int, deal: int, size: int) -> list[int]:
    rng = _generator(seed, "deck", deal)
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def test_the_documented_seeded_shuffle_gives_the_recorded_decks(record_text):
    lines = [json.loads(line) for line in record_text.splitlines()]
    header = lines[0]
    size = len(next(e for e in lines if "deck" in e)["deck"])
    first = next(e for e in lines if "first_dealer" in e)["first_dealer"]
    assert first == _generator(header["seed"], "dealer").below(header["players"])
    for entry in lines:
        if "deck" in entry:
            assert entry["deck"] == _documented_deck(header["seed"], entry["deal"] - 1, size)


def test_a_file_of_many_games_is_refused_at_the_second_header(record_text, tmp_path):
    """load_game without a game number stops reading at the second game's
    header (a 1,000-game file is not read whole to be refused)."""
    from rummy_rules.sim.records import load_game

    lines = record_text.splitlines()
    path = write(tmp_path, "\n".join(lines + lines) + "\n")
    with pytest.raises(RecordError, match=f":{len(lines) + 1}: a second game starts here"):
        load_game(path)
    assert load_game(path, game=2).state.is_terminal()


def test_replay_words_an_illegal_action_in_the_language_asked_for(record_text, tmp_path):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    lines = record_text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"action":"p' in line and "discard" in line)
    seat = json.loads(lines[index])["action"].split()[0]
    lines[index] = json.dumps({"action": f"{seat} end"}, separators=(",", ":"))
    path = write(tmp_path, "\n".join(lines) + "\n")
    runner = CliRunner()
    english = runner.invoke(app, ["replay", str(path)])
    assert english.exit_code == 1
    assert "is illegal: in this variant every turn ends with a discard" in english.stderr
    bulgarian = runner.invoke(app, ["replay", str(path), "--lang", "bg"])
    assert bulgarian.exit_code == 1
    assert f":{index + 1}: „{seat} end“ не е позволен: " in bulgarian.stderr
    assert "(end.discard_required)" in bulgarian.stderr and "every turn" not in bulgarian.stderr
    document = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert document["code"] == "end.discard_required" and document["line"] == index + 1


def test_replay_and_meld_answer_in_the_language_asked_for(record_text, tmp_path):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    runner = CliRunner()
    replayed = runner.invoke(app, ["replay", str(write(tmp_path, record_text)), "--lang", "hy"])
    assert replayed.exit_code == 0 and "ավարտված խաղ" in replayed.stdout
    cards = ["7H", "7S", "7D", "4C", "5C", "6C", "7C", "2D", "9H", "KS"]
    melded = runner.invoke(app, ["meld", "contract", *cards, "--deal", "2", "--lang", "bg"])
    assert melded.exit_code == 0, melded.output
    assert melded.stdout.startswith("Раздаване 2 от Руми с договори: 1 група от 3 + 1 поредица")
    assert "Да: " in melded.stdout and "  група 7D 7H 7S" in melded.stdout
