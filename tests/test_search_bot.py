"""The search bot (docs/bots.md): it sees only what its seat may see, plays
legal moves, is reproducible for a seed, and the levels people pick from."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState
from rummy_rules.engine.view import seat_view
from rummy_rules.errors import UsageError
from rummy_rules.sim.bots import LEVELS, make_bot, parse_bot_spec, play_game
from rummy_rules.sim.bots.search import SearchBot


def _state(variant: str, seed: int = 4) -> GameState:
    spec = load_variant(variant)
    return GameState(compile_rules(spec, spec.players.best or spec.players.min), seed=seed)


def _played(state: GameState, actions: int) -> GameState:
    bots = [make_bot("greedy", random.Random(s)) for s in range(state.seats)]
    return play_game(state, bots, max_actions=actions)


@pytest.mark.parametrize("variant", ["contract", "gin", "hand-and-foot"])
def test_a_sampled_deal_keeps_everything_the_seat_sees(variant):
    state = _played(_state(variant), 40)
    d = state.game.deal
    twin = state.sample_hidden(1, random.Random(7))
    t = twin.game.deal
    assert t.hands[1] == d.hands[1]
    assert t.discard == d.discard
    assert [m.cards for m in t.melds] == [m.cards for m in d.melds]
    assert [len(h) for h in t.hands] == [len(h) for h in d.hands]
    assert len(t.stock) == len(d.stock)
    assert [len(f) for f in t.feet] == [len(f) for f in d.feet]
    # The same cards, dealt again: some hidden card has moved.
    hidden = [*(h for s, h in enumerate(d.hands) if s != 1), d.stock, *d.feet]
    again = [*(h for s, h in enumerate(t.hands) if s != 1), t.stock, *t.feet]
    assert Counter(c for p in hidden for c in p) == Counter(c for p in again for c in p)
    assert hidden != again
    assert seat_view(twin, 1).hand == seat_view(state, 1).hand


@pytest.mark.parametrize("variant", ["gin", "contract", "canasta"])
def test_a_card_seen_taken_from_the_pile_stays_in_the_takers_hand(variant):
    state = _state(variant, seed=3)
    bots = [make_bot("greedy", random.Random(s)) for s in range(state.seats)]
    d = state.game.deal
    # Play on until another seat than the searching one holds a card it took.
    for _ in range(400):
        held = [(s, c) for s, c in d.shown if s != 1 and c in d.hands[s]]
        if held:
            break
        play_game(state, bots, max_actions=1)
        d = state.game.deal
    assert held, "no take seen"
    for seed in range(20):
        twin = state.sample_hidden(1, random.Random(seed))
        for s, c in held:
            assert c in twin.game.deal.hands[s]
        assert twin.game.deal.hands[1] == d.hands[1]
    # Every other hidden card is dealt again somewhere.
    moved = {
        c
        for seed in range(20)
        for s, hand in enumerate(state.sample_hidden(1, random.Random(seed)).game.deal.hands)
        if s != 1
        for c in hand
    }
    assert len(moved) > sum(len(h) for s, h in enumerate(d.hands) if s != 1)


def test_a_card_taken_then_discarded_or_shuffled_into_the_stock_is_hidden_again():
    state = _state("gin", seed=3)
    bots = [make_bot("greedy", random.Random(s)) for s in range(state.seats)]
    gone = None
    for _ in range(600):
        d = state.game.deal
        gone = next(((s, c) for s, c in d.shown if c not in d.hands[s]), None)
        if gone is not None:
            break
        play_game(state, bots, max_actions=1)
    assert gone is not None
    seat, card = gone
    searcher = 1 - seat
    places = Counter()
    for seed in range(40):
        twin = state.sample_hidden(searcher, random.Random(seed))
        for s, hand in enumerate(twin.game.deal.hands):
            if card in hand:
                places[s] += 1
    assert places[seat] < 40  # not held back in the hand it left


def test_sampling_leaves_the_game_untouched():
    state = _played(_state("contract"), 30)
    before = state.clone()
    for seed in range(5):
        state.sample_hidden(0, random.Random(seed))
    assert state.game.deal.hands == before.game.deal.hands
    assert state.game.deal.stock == before.game.deal.stock
    assert state.log == before.log


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_the_search_bot_plays_legal_moves_and_is_reproducible():
    def game() -> list[dict]:
        state = _state("gin", seed=2)
        bots = [
            make_bot("search:samples=2:width=3", random.Random(1)),
            make_bot("greedy", random.Random(2)),
        ]
        play_game(state, bots, max_actions=40)  # play_game checks every move
        return state.log

    assert game() == game()


def test_with_one_candidate_the_search_bot_plays_the_tuned_bots_move():
    state = _played(_state("contract"), 25)
    seat = state.to_move
    view = seat_view(state, seat)
    searcher = SearchBot(random.Random(3), samples=2, width=1)
    tuned = make_bot("tuned", random.Random(3))
    for bot in (searcher, tuned):
        bot.new_deal(state.deal_rules_of(seat))
    assert searcher.choose_in(state, view) == tuned.choose(view)


def _searched_gin_choice(choices: int, **params) -> SearchBot:
    """A search bot with ``params`` that has made one choice among at least
    ``choices`` legal actions in a gin deal."""
    state = _played(_state("gin"), 5)
    while len(seat_view(state, state.to_move).legal) < choices:
        _played(state, 1)
    view = seat_view(state, state.to_move)
    searcher = SearchBot(random.Random(3), **params)
    searcher.new_deal(state.deal_rules_of(state.to_move))
    searcher.choose_in(state, view)
    return searcher


def test_a_time_budget_stops_the_search_early():
    searcher = _searched_gin_choice(2, samples=1000, width=2, seconds=0.05)
    assert 1 <= searcher.rollouts < 2000  # far fewer than asked


def test_the_budget_starts_no_rollout_that_would_end_past_it(monkeypatch):
    # A clock that moves only as rollouts play: each takes 0.1 s.
    from rummy_rules.sim.bots import search

    clock = [0.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: clock[0])

    def rollout(self, deal, seat, action, seed):
        self.rollouts += 1
        clock[0] += 0.1
        return 0.0

    monkeypatch.setattr(search.SearchBot, "_rollout", rollout)
    searcher = _searched_gin_choice(3, samples=100, width=3, seconds=1.0)
    # Three whole deals and one rollout of a fourth (left out): 1.0 s, not more.
    assert searcher.rollouts == 10
    assert clock[0] <= 1.0 + 1e-9


def test_a_rollout_of_depth_n_plays_n_turns_then_scores_the_deal_as_it_stands(monkeypatch):
    from rummy_rules.sim.bots import search

    turns: list[int] = []
    standing = search._standing

    def spy(state, seat):
        turns.append(state.game.deal.turn)
        return standing(state, seat)

    monkeypatch.setattr(search, "_standing", spy)
    state = _played(_state("gin"), 5)
    candidate = seat_view(state, state.to_move).legal[0]
    after = state.clone()
    after.apply(candidate)
    searcher = SearchBot(random.Random(3), samples=3, width=2, depth=2)
    searcher.new_deal(state.deal_rules_of(state.to_move))
    value = searcher._rollout(state, state.to_move, candidate, 9)
    # The candidate, then two more turns.
    assert turns == [after.game.deal.turn + 2]
    assert isinstance(value, float)


def test_a_knock_deal_as_it_stands_is_the_deadwood_the_others_hold_less_ones_own():
    from rummy_rules.engine.deadwood import min_deadwood
    from rummy_rules.sim.bots.search import _standing

    state = _played(_state("gin"), 7)
    rules = state.deal_rules_of(0)
    faces = state.faces
    dead = [
        min_deadwood([faces[c] for c in h], rules.knock_melds, rules.knock_values, rules.wild_faces)
        for h in state.game.deal.hands
    ]
    assert _standing(state.clone(), 0) == dead[1] - dead[0]
    assert _standing(state.clone(), 1) == dead[0] - dead[1]


def test_a_contract_deal_as_it_stands_counts_the_cards_in_hand_as_if_the_stock_ran_out():
    from rummy_rules.sim.bots.search import _standing

    state = _played(_state("contract"), 30)
    g = state.game
    held = [sum(g.value(state.faces[c]) for c in h) for h in g.deal.hands]
    # Contract: the lowest total wins, each player pays the cards in hand.
    others = [held[s] for s in range(state.seats) if s != 0]
    assert _standing(state.clone(), 0) == pytest.approx(sum(others) / len(others) - held[0])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:deep=3", "the search bot has no 'deep'"),
        ("search:depth=-1", "depth is a whole number from 0 to 1000"),
        ("search:samples=0", "samples is a whole number from 1 to 1000"),
        ("search:width=two", "width is a whole number"),
        ("search:seconds=-1", "seconds is a number of seconds"),
    ],
)
def test_search_parameters_are_checked(spec, message):
    with pytest.raises(UsageError, match=message):
        parse_bot_spec(spec)


def test_levels_stand_for_shipped_bots_and_keep_their_name():
    for level, spec in LEVELS.items():
        parsed = parse_bot_spec(level.upper())
        assert parsed.text == level
        assert (parsed.kind, parsed.params) == (
            parse_bot_spec(spec).kind,
            parse_bot_spec(spec).params,
        )
        assert parse_bot_spec(level, shipped_only=True).text == level
    assert make_bot("hard", random.Random(1)).name == "hard"


def test_where_no_one_out_scores_nothing_the_cards_held_count():
    from rummy_rules.sim.bots.search import _standing

    state = _played(_state("basic-rummy"), 6)  # the winner collects: no winner, no points
    g = state.game
    held = [sum(g.value(state.faces[c]) for c in h) for h in g.deal.hands]
    others = [held[s] for s in range(state.seats) if s != 0]
    assert _standing(state.clone(), 0) == pytest.approx(sum(others) / len(others) - held[0])


def test_cards_shuffled_back_into_the_stock_are_no_longer_known():
    from rummy_rules.engine.dealing import refill_stock

    state = _played(_state("contract"), 40)
    g = state.game
    d = g.deal
    while len(d.discard) < 3:
        _played(state, 1)
        d = g.deal
    under = d.discard[0]
    d.shown.append((0, under))  # as if seat 0 had taken it and thrown it back
    d.stock.clear()
    assert refill_stock(g)
    assert under in d.stock
    assert (0, under) not in d.shown
