"""Each player on their own contract (``contract.progression: each_player``,
knob 76), one scenario per rule, on contract with greedy bots."""

from __future__ import annotations

import json
import random

import pytest

from rummy_rules import check_variant, load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.view import seat_view
from rummy_rules.sim.bots import make_bot, parse_bot_spec
from rummy_rules.sim.records import RecordError, record_lines, replay_record

EACH = "contract.progression=each_player"


def game(seed: int, *overrides: str, players: int = 4) -> GameState:
    spec = load_variant("contract", [EACH, *overrides])
    return GameState(compile_rules(spec, players), seed=seed)


def bots(players: int = 4):
    return [make_bot(parse_bot_spec("greedy"), random.Random(s)) for s in range(players)]


def play_deals(state: GameState, seed: int):
    """Play the game with greedy bots; yield at each deal's start (before its first
    move) what each seat plays and holds, and at its end who was down."""
    players = bots(state.seats)
    deal = -1
    was_down: list[bool] = []
    while not state.is_terminal():
        if state.deal_index != deal:
            if deal >= 0:
                yield "end", was_down
            deal = state.deal_index
            for seat, bot in enumerate(players):
                bot.new_deal(state.deal_rules_of(seat))
            yield (
                "start",
                [(state.deal_rules_of(s).number, len(state.hand(s))) for s in range(state.seats)],
            )
        was_down = [state.is_down(s) for s in range(state.seats)]
        seat = state.to_move
        state.apply(players[seat].choose(seat_view(state, seat)))
    yield "end", was_down


def test_each_player_moves_on_only_after_going_down_with_their_contract():
    state = game(3)
    events = list(play_deals(state, 3))
    starts = [e[1] for e in events if e[0] == "start"]
    ends = [e[1] for e in events if e[0] == "end"]
    assert starts[0] == [(1, 10)] * 4
    moved = stayed = 0
    for before, down, after in zip(starts, ends, starts[1:], strict=False):
        for seat in range(4):
            expected = before[seat][0] + 1 if down[seat] else before[seat][0]
            assert after[seat][0] == expected
            moved += down[seat]
            stayed += not down[seat]
    assert moved and stayed  # both rules were seen


def test_each_player_is_dealt_the_cards_of_their_own_contract():
    state = game(3)
    mixed = False
    for kind, seats in play_deals(state, 3):
        if kind == "start":
            for number, held in seats:
                assert held == (10 if number <= 3 else 12)
            mixed = mixed or len({held for _, held in seats}) > 1
    assert mixed, "no deal had players on contracts of different sizes"


def test_the_game_ends_after_the_deal_in_which_someone_makes_the_last_contract():
    state = game(3)
    list(play_deals(state, 3))
    assert state.game_over_reason == "rules"
    finished = [s for s in range(4) if state.game.stage[s] >= 7]
    assert finished
    assert set(state.winners()) <= set(finished)
    best = min(state.totals[s] for s in finished)
    assert state.winners() == [s for s in finished if state.totals[s] == best]
    # The game went on past the seven deals of the schedule.
    assert len(state.results) > 7


def test_a_record_names_each_players_contract_and_replays(tmp_path):
    state = game(5)
    list(play_deals(state, 5))
    spec = load_variant("contract", [EACH])
    lines = list(record_lines(state, spec.model_dump(mode="json")))
    deals = [e for e in map(json.loads, lines[1:]) if "deck" in e]
    assert all(len(d["contracts"]) == 4 for d in deals)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = replay_record(path)
    assert report.finished and list(report.totals) == state.totals
    # A changed contract number is caught, naming its line.
    number = next(i for i, line in enumerate(lines) if '"contracts":[1,1,1,1]' in line)
    lines[number] = lines[number].replace("[1,1,1,1]", "[2,1,1,1]")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=rf":{number + 1}: deal 1: the record says contracts"):
        replay_record(path)


@pytest.mark.parametrize(
    ("override", "path", "words"),
    [
        ("opening.requirement=min_points", "contract.progression", "needs contracts"),
        ("game_end.kind=target_score", "game_end.kind", "use fixed_deals"),
        ("deck.wild_rank_follows_deal=true", "deck.wild_rank_follows_deal", "each_player"),
    ],
)
def test_rules_that_cannot_go_with_each_player_progression_are_errors(override, path, words):
    extra = ["opening.min_points=40"] if "min_points" in override else []
    if "target_score" in override:
        extra = ["game_end.target_score=500"]
    report = check_variant("contract", [EACH, override, *extra])
    assert not report.valid
    found = [e for e in report.errors if e.path == path]
    assert found and words in found[0].message


class _Told:
    """A greedy bot that remembers the deal rules it was told."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot(parse_bot_spec("greedy"), random.Random(seed))
        self.told = None

    def new_deal(self, deal) -> None:
        self.told = deal
        self.bot.new_deal(deal)

    def choose(self, view):
        return self.bot.choose(view)


def test_in_play_each_bot_is_told_its_own_seats_contract():
    """``play``'s bots, like ``simulate``'s, each plan for their own contract
    when players are on different ones."""
    from rummy_rules.sim.session import PlaySession

    state = game(3)
    events = play_deals(state, 3)
    for kind, what in events:
        if kind == "start" and len({number for number, _cards in what}) > 1:
            break
    else:
        pytest.fail("no deal with players on different contracts")
    person = (state.to_move + 1) % state.seats
    session = PlaySession(
        load_variant("contract", [EACH]), players=4, seat=person, bots=["greedy"] * 3,
        state=state,
    )  # fmt: skip
    spies = [None if b is None else _Told(s) for s, b in enumerate(session.bots)]
    session.bots = spies
    next(session.bot_moves())
    told = {s: spy.told.number for s, spy in enumerate(spies) if spy is not None}
    assert told == {s: state.deal_rules_of(s).number for s in told}
    assert len(set(told.values())) > 1
