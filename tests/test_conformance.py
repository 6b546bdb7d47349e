"""Conformance: whole games of every contract-family variant with invariants after every action.

After every action: every physical card is in exactly one place, the action
applied was legal, and the seat to move is the one the rules name. Every
game's record replays clean, and the same seed gives a byte-identical record.
"""

from __future__ import annotations

import os
import random

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import RANKS
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, make_bot
from rummy_rules.sim.bots.greedy import GreedyBot
from rummy_rules.sim.records import record_lines, replay_record

from .conftest import CONTRACT_FAMILY
from .engine_helpers import play_checked_game

#: Greedy personalities seated in turn on every fourth seed.
PERSONALITIES = (
    "greedy:buy=eager:down=late",
    "greedy:buy=never:take=eager",
    "greedy:buy=reluctant:take=never",
    "greedy:down=late:take=eager",
)

#: Games per variant when RUMMY_CONFORMANCE_GAMES is set (.ci/run sets it); unset,
#: each variant plays one game, the kinds of play taking turns (see GAMES).
GAMES_PER_VARIANT = int(os.environ.get("RUMMY_CONFORMANCE_GAMES", "0"))


def play_checked(source, seed):
    spec = load_variant(source)
    players = spec.players.best or spec.players.min
    rules = compile_rules(spec, players)
    state = GameState(rules, seed=seed)
    # Odd seeds: random legal play (it reaches odd corners); even seeds: greedy
    # play (it finishes deals by going out), every other one with a mix of
    # personalities.
    if seed % 2:
        bots = [RandomBot(random.Random(seed * 100 + s)) for s in range(players)]
    elif seed % 4:
        bots = [
            make_bot(PERSONALITIES[s % len(PERSONALITIES)], random.Random(seed * 100 + s))
            for s in range(players)
        ]
    else:
        bots = [GreedyBot(random.Random(seed * 100 + s)) for s in range(players)]
    play_checked_game(state, bots)
    if rules.play.game_end == "fixed_deals":
        assert len(state.results) == len(rules.deals)
    # The game ends by its rules, never by the engine's deal cap.
    assert state.game_over_reason == "rules"
    for result in state.results:
        # A deal ends by the rules: never by the engine's turn cap.
        assert result.reason in ("out", "stock", "blocked", "void", "dropped", *KNOCKED), result
        if result.went_out is not None:
            assert result.reason in ("out", "dropped", *KNOCKED)
    # Scores follow the rules, recomputed here from the cards left in each
    # hand and the melds on the table, plus any bonus.
    bonus_points = {points for _, points, _ in rules.play.bonuses}
    for index, result in enumerate(state.results):
        expected = expected_scores(
            spec, rules, index, result, _deal_wilds(spec, rules, state, index)
        )
        for seat in range(players):
            if seat == result.went_out and result.reason == "out":
                assert result.left[seat] == ()
            score = result.scores[seat]
            factor = _spade_factor(spec, rules, state, index)
            if factor > 1:  # a spade first upcard multiplies every score of the deal
                assert score % factor == 0, (result, seat)
                score //= factor
            extra = score - expected[seat]
            assert extra == 0 or _is_bonus_sum(extra, bonus_points), (result, seat)
    return spec, state


def _spade_factor(spec, rules, state, index):
    """What deal ``index``'s scores are multiplied by: scoring.spade_upcard_factor
    when its first upcard (the deck line's card after the hands, docs/records.md)
    is a spade."""
    factor = spec.scoring.spade_upcard_factor
    if factor == 1:
        return 1
    decks = [entry["deck"] for entry in state.log if "deck" in entry]
    upcard = rules.pack.face(decks[index][rules.deal(index).cards * rules.players])
    return factor if upcard < 52 and upcard // 13 == 3 else 1


def _deal_wilds(spec, rules, state, index):
    """Deal ``index``'s wild faces: the schedule's, and with deck.cut_wild every
    face of the rank of the card turned up after the hands and the upcard (the
    deck line's next card; a joker: the aces)."""
    wild = set(rules.deal(index).wild_faces)
    if spec.deck.cut_wild:
        decks = [entry["deck"] for entry in state.log if "deck" in entry]
        dealt = rules.deal(index).cards * rules.players + (1 if spec.table.upcard else 0)
        turned = rules.pack.face(decks[index][dealt])
        rank = 0 if turned >= 52 else turned % 13
        wild |= {f for f in range(52) if f % 13 == rank}
    return frozenset(wild)


def expected_scores(spec, rules, index, result, wild):
    """A deal's scores before bonuses, worked out from its end position alone."""
    values = spec.scoring.card_values
    players = len(result.left)
    # A numbered pack's skip cards take face 12 (docs/records.md) and score "skip".
    skips = spec.deck.numbered is not None and spec.deck.numbered.skips > 0

    def value(face):  # a card held in hand
        if skips and face == 12:
            return values.get("skip", 0)
        if face in wild and face != 52 and spec.scoring.wild_rank_value is not None:
            return spec.scoring.wild_rank_value
        return values.get("joker" if face == 52 else RANKS[face % 13], 0)

    if result.reason == "void":  # a cancelled deal scores nothing
        return [0] * len(result.left)
    held = [sum(value(f) for f in hand) for hand in result.left]
    for seat, foot in enumerate(result.foot):  # a foot not picked up counts with the hand
        held[seat] += sum(value(f) for f in foot)
    model = spec.scoring.model
    if model == "knock_difference":
        return knocked_scores(spec, result, held)
    knock = spec.going_out.knock
    if knock is not None and knock.count_all_without_needs and result.reason != "blocked":
        # A player whose laid melds lack the knock's runs counts them too.
        for seat in range(players):
            mine = [m for m in result.table if m.owner == seat]
            runs = [m for m in mine if len({f % 13 for f in m.stands_for}) == len(m.stands_for)]
            pure = [
                m
                for m in runs
                if all(f not in wild or f == s for f, s in zip(m.faces, m.stands_for, strict=True))
            ]
            if len(runs) < knock.needs.runs or len(pure) < knock.needs.pure_runs:
                held[seat] += sum(value(f) for m in mine for f in m.faces)
    if model == "penalty" and spec.scoring.deal_cap is not None:
        held = [min(h, spec.scoring.deal_cap) for h in held]
    for seat, cost in enumerate(result.dropped):
        if cost >= 0:  # left the deal (a drop or a wrong declaration): its stated cost
            drop, knock = spec.going_out.drop, spec.going_out.knock
            allowed = {drop.first, drop.middle} if drop is not None else set()
            assert cost in allowed | {knock.wrong_declaration}, (result, seat)
            held[seat] = cost
            assert seat != result.went_out
    if model == "penalty":
        return team_scores(spec, [0 if s == result.went_out else held[s] for s in range(players)])
    if model == "winner_collects":
        return team_scores(spec, [sum(held) if s == result.went_out else 0 for s in range(players)])
    scores = [-h for h in held]
    layer = spec.melding.lay_off.scores_for == "layer"
    for meld in result.table:
        ranks = [f % 13 for f in meld.stands_for]
        for i, (face, stands) in enumerate(zip(meld.faces, meld.stands_for, strict=True)):
            if face in wild and spec.scoring.melded_wild_value == "own":
                points = value(face)
            elif (
                meld.kind == "run"
                and ranks[i] == 0
                and spec.scoring.ace_low_in_run is not None
                and (i + 1 < len(ranks) and ranks[i + 1] == 1)
            ):
                points = spec.scoring.ace_low_in_run  # A-2-3: the ace is low
            else:
                points = values.get("joker" if stands == 52 else RANKS[stands % 13], 0)
            seat = meld.laid_by[i] if layer else meld.owner
            scores[seat] += points * meld.factor
    _canasta_family_points(spec, result, wild, scores)
    return team_scores(spec, scores)


def _canasta_family_points(spec, result, wild, scores):
    """Canastas (melds.canasta_size) and bonus cards laid aside (deck.bonus_cards),
    as docs/records.md scores them, added to ``scores``."""
    bonus = {b.event: b.points for b in spec.scoring.bonuses}
    size = spec.melds.canasta_size
    for meld in result.table if size else ():
        if len(meld.faces) >= size:
            mixed = any(f in wild for f in meld.faces)
            scores[meld.owner] += bonus.get("mixed_canasta" if mixed else "natural_canasta", 0)
    if not result.aside:
        return
    players = len(scores)
    half = players // 2
    in_pack = spec.deck.decks * len(spec.deck.bonus_cards)
    for seat, cards in enumerate(result.aside):
        side = (
            {seat % half, seat % half + half}
            if spec.partnerships.teams == "fixed_pairs"
            else {seat}
        )
        sign = 1
        if spec.scoring.bonus_cards_unopened == "against" and not any(
            m.owner in side for m in result.table
        ):
            sign = -1
        scores[seat] += sign * bonus.get("bonus_card", 0) * len(cards)
        first = min(s for s in side if result.aside[s]) if cards else None
        if seat == first and sum(len(result.aside[s]) for s in side) == in_pack:
            scores[seat] += sign * bonus.get("all_bonus_cards", 0)


#: How a knocked hand ends (going_out.knock).
KNOCKED = ("gin", "knock", "undercut")


def knocked_scores(spec, result, held):
    """A knocked hand's scores before bonuses, from the deadwood left in each hand
    (docs/records.md): the winner scores the difference from each other player;
    gin, the others' whole deadwood."""
    winner = result.went_out
    players = len(held)
    if winner is None:  # the lowest deadwood equals the knocker's, where that is no undercut
        assert result.reason == "knock" and spec.going_out.knock.undercut == "lower"
        return [0] * players
    others = [held[s] for s in range(players) if s != winner]
    scores = [0] * players
    if result.reason == "gin":
        assert held[winner] == 0
    elif result.reason == "undercut":  # another player undercut the knocker
        tie = spec.going_out.knock.undercut == "equal_or_lower"
        assert all(held[winner] <= o for o in others)
        assert held[winner] < max(others) or tie
    else:
        assert all(held[winner] < o for o in others) or (
            spec.going_out.knock.undercut == "lower" and all(held[winner] <= o for o in others)
        )
    scores[winner] = sum(o - held[winner] for o in others)
    return scores


def team_scores(spec, scores):
    """Partners' scores added together (fixed pairs sit opposite: seat s and s + n/2)."""
    if spec.partnerships.teams != "fixed_pairs" or spec.partnerships.scoring != "team":
        return list(scores)
    half = len(scores) // 2
    return [scores[s % half] + scores[s % half + half] for s in range(len(scores))]


def _is_bonus_sum(value, points):
    """Whether ``value`` is a sum of at most three bonuses (repeats allowed)."""
    sums = {0}
    for _ in range(3):
        sums |= {a + b for a in sums for b in points}
    return value in sums


#: Every shipped variant the engine plays.
PLAYABLE = [
    *CONTRACT_FAMILY,
    "basic-rummy",
    "rummy-500",
    "kalooki",
    "persian",
    "gin",
    "oklahoma-gin",
    "knock-rummy",
    "indian-rummy",
    "variants/house/gin-openspiel.yaml",
    "canasta",
    "canasta-2p",
    "hand-and-foot",
]


def _games() -> list[tuple[int, str]]:
    """(seed, variant) pairs: seeds 0..N-1 of every variant with
    RUMMY_CONFORMANCE_GAMES=N; else one game a variant, its seed taking the
    values 0, 1 and 2 in turn (greedy, random and mixed personalities), so the
    quick suite plays every variant and every kind of play once."""
    if GAMES_PER_VARIANT:
        return [(seed, source) for seed in range(GAMES_PER_VARIANT) for source in PLAYABLE]
    return [(index % 3, source) for index, source in enumerate(PLAYABLE)]


GAMES = _games()


@pytest.mark.parametrize(("seed", "source"), GAMES, ids=[f"{s}-{v}" for s, v in GAMES])
def test_whole_games_keep_every_invariant_and_replay(source, seed, tmp_path):
    spec, state = play_checked(source, seed)
    variant = spec.model_dump(mode="json")
    lines = list(record_lines(state, variant))
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = replay_record(path)
    assert report.finished
    assert list(report.totals) == state.totals
    if seed < 3:  # the same seed gives a byte-identical record
        _, again = play_checked(source, seed)
        assert list(record_lines(again, variant)) == lines
