"""Rules of shipped files, as their sources state them, checked in the records of
seeded games (read as docs/records.md writes them, not through the engine).

Rummy 500 (Bicycle): any card taken from the discard pile, the top one too,
is used at once. Kalooki (Kalooki 40, equal-chance): a player goes out by a
discard; a player not yet down who takes the top discard goes down in that
turn; no joker leaves a set (equal-chance's release of a set joker needs two
cards at once, which is not played, so none is taken).
"""

from __future__ import annotations

import json

import pytest

from rummy_rules import load_variant
from rummy_rules.sim.simulate import simulate


def _records(variant: str, games: int, seed: int) -> list[list[dict]]:
    """The games of a seeded greedy run, each as its record's lines after the header."""
    spec = load_variant(variant)

    class Sink:
        def __init__(self) -> None:
            self.text: list[str] = []

        def write(self, text: str) -> None:
            self.text.append(text)

    sink = Sink()
    simulate(spec, players=4, bots=["greedy"] * 4, games=games, seed=seed, records=sink)
    out: list[list[dict]] = []
    for line in "".join(sink.text).splitlines():
        data = json.loads(line)
        if "record" in data:
            out.append([])
        else:
            out[-1].append(data)
    return out


def _deals(game: list[dict]) -> list[tuple[list[tuple[str, str, list[str]]], dict]]:
    """Each deal of a game: (its actions as (seat, kind, words), its deal_end line)."""
    out = []
    moves: list[tuple[str, str, list[str]]] = []
    for line in game:
        if "deal" in line and "deck" in line:
            moves = []
        elif "action" in line:
            seat, kind, *words = line["action"].split(" ")
            moves.append((seat, kind, words))
        elif "deal_end" in line:
            out.append((moves, line))
    return out


def _uses(words: list[str], card: str) -> bool:
    """Whether a meld or lay-off written with ``words`` places ``card`` (a wild
    card is written with what it stands for: ``JK=7S``)."""
    return any(w.split("@")[0].split("=")[0] == card for w in words)


def test_rummy_500_every_card_taken_from_the_pile_is_used_at_once():
    takes = 0
    for game in _records("rummy-500", games=3, seed=3):
        for moves, _end in _deals(game):
            for i, (seat, kind, words) in enumerate(moves):
                if kind != "take":
                    continue
                takes += 1
                after = moves[i + 1]
                assert after[0] == seat and after[1] in ("meld", "down", "layoff"), moves[i : i + 2]
                assert _uses(after[2], words[0]), moves[i : i + 2]
    assert takes > 20


@pytest.fixture(scope="module")
def kalooki_deals():
    return [deal for game in _records("kalooki", games=4, seed=5) for deal in _deals(game)]


def test_kalooki_a_deal_won_by_going_out_ends_with_the_winners_discard(kalooki_deals):
    """Kalooki 40: meld all but one card and discard it."""
    outs = 0
    for moves, end in kalooki_deals:
        if end["reason"] != "out":
            continue
        outs += 1
        seat, kind, _ = moves[-1]
        assert kind == "discard" and seat == f"p{end['went_out'] + 1}", moves[-3:]
    assert outs > 3


def test_kalooki_a_player_not_yet_down_who_takes_the_top_discard_goes_down_that_turn(
    kalooki_deals,
):
    checked = 0
    for moves, _end in kalooki_deals:
        down: set[str] = set()
        for i, (seat, kind, _words) in enumerate(moves):
            if kind == "take" and seat not in down:
                checked += 1
                turn = []
                for later in moves[i + 1 :]:
                    if later[0] != seat or later[1] == "discard":
                        break
                    turn.append(later[1])
                assert "down" in turn or "meld" in turn, moves[i : i + 4]
            if kind in ("down", "meld"):
                down.add(seat)
    assert checked > 0


def test_kalooki_jokers_leave_sets_only_for_both_missing_suits(kalooki_deals):
    """equal-chance: a run's joker for the card it stands for; a set of three's
    joker only for both suits it lacks, given at once (the set then holds all
    four); a set of four with a joker is closed. Checked from the records'
    lines alone, the table followed meld by meld."""
    runs = sets = 0
    for moves, _end in kalooki_deals:
        table: list[list[str]] = []
        for _seat, kind, words in moves:
            if kind in ("down", "meld"):
                table.extend(_split_melds(words))
            elif kind == "exchange":
                given, _, number = " ".join(words).partition("@")
                cards = given.split()
                meld = table[int(number) - 1]
                ranks = {w.split("=")[-1][:-1] for w in meld}
                wild = next(i for i, w in enumerate(meld) if w.endswith("=" + cards[0]))
                meld[wild] = cards[0]
                if len(ranks) > 1:  # a run
                    assert len(cards) == 1, (words, meld)
                    runs += 1
                    continue
                naturals = [w for i, w in enumerate(meld) if i != wild and "=" not in w]
                assert len(meld) == 3 and len(naturals) == 2 and len(cards) == 2, (words, meld)
                assert len({w[-1] for w in naturals} | {c[-1] for c in cards}) == 4
                meld.append(cards[1])
                sets += 1
            elif kind == "layoff":
                for word in words:
                    card, _, number = word.partition("@")
                    table[int(number) - 1].append(card)
    assert runs > 0 and sets > 0


def _split_melds(words: list[str]) -> list[list[str]]:
    """The melds of a ``down`` or ``meld`` line (several are separated by ``/``)."""
    melds: list[list[str]] = [[]]
    for word in words:
        if word == "/":
            melds.append([])
        else:
            melds[-1].append(word)
    return [m for m in melds if m]
