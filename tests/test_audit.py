"""rummy-rules audit: each rule changed in turn, the same games, each change sorted
by what it did; the statistics checked against slow, obviously-correct oracles."""

from __future__ import annotations

import json
import math
import random

import pytest

from rummy_rules import load_variant
from rummy_rules.errors import VariantError
from rummy_rules.sim.audit import Change, candidate_changes, plan_audit, run_audit
from rummy_rules.sim.stats import RunningMean, holm, paired_p_value
from rummy_rules.sim.sweep import LocalExecutor


def _t_tail(t: float, df: int, steps: int = 20_000) -> float:
    """Two-sided tail of Student's t by Simpson's rule over the density (oracle)."""
    const = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def density(x: float) -> float:
        return const * (1 + x * x / df) ** (-(df + 1) / 2)

    t = abs(t)
    width = t / steps
    inner = density(0) + density(t)
    inner += sum((4 if i % 2 else 2) * density(i * width) for i in range(1, steps))
    return 1 - 2 * inner * width / 3


@pytest.mark.parametrize("seed", range(8))
def test_the_p_value_is_students_two_sided_tail(seed):
    rng = random.Random(seed)
    diff = RunningMean()
    for _ in range(rng.randint(3, 60)):
        diff.add(rng.gauss(rng.uniform(-1, 1), rng.uniform(0.2, 3)))
    t = diff.mean / math.sqrt(diff.m2 / (diff.n - 1) / diff.n)
    assert paired_p_value(diff) == pytest.approx(_t_tail(t, diff.n - 1), abs=1e-6)


def test_differences_all_zero_or_all_equal_have_no_spread_to_test():
    zero, same = RunningMean(), RunningMean()
    for _ in range(5):
        zero.add(0.0)
        same.add(2.0)
    assert paired_p_value(zero) == 1.0
    assert paired_p_value(same) == 0.0
    one = RunningMean()
    one.add(3.0)
    assert paired_p_value(one) == 1.0


def _holm_by_definition(p_values: list[float], alpha: float) -> list[bool]:
    """Holm's procedure as its definition reads: the k-th smallest p-value (from
    1) is rejected when it and every smaller one is <= alpha / (m - j + 1)."""
    m = len(p_values)
    ranked = sorted(p_values)
    out = []
    for p in p_values:
        k = ranked.index(p) + ranked.count(p)  # the last rank this value holds
        out.append(all(ranked[j] <= alpha / (m - j) for j in range(k)))
    return out


@pytest.mark.parametrize("seed", range(30))
def test_holm_matches_its_definition(seed):
    rng = random.Random(seed)
    p_values = [rng.choice([rng.random() * 0.02, rng.random()]) for _ in range(rng.randint(1, 25))]
    assert holm(p_values, 0.05) == _holm_by_definition(p_values, 0.05)


def test_the_changes_offered_are_every_other_value_of_each_rule_key():
    gin = load_variant("gin")
    offered = {(c.path, c.value) for c in candidate_changes(gin)}
    # A closed choice: every other value.
    assert ("going_out.knock.undercut", "lower") in offered
    assert ("going_out.knock.undercut", "equal_or_lower") not in offered
    # A number: one less, one more; where null (unlimited) is allowed, that too.
    assert {("melds.set.max_size", v) for v in ("3", "5", "null")} <= offered
    # A choice or a number (deadwood_limit: 10, upcard or any).
    assert {("going_out.knock.deadwood_limit", v) for v in ("9", "11", "upcard", "any")} <= offered
    # Yes or no.
    assert ("going_out.knock.big_gin", "true") in offered
    # Not rules of play: names, the player count, words; lists are left to sweep.
    paths = {c.path for c in candidate_changes(gin)}
    assert not {p for p in paths if p.startswith(("players", "translations", "deals"))}
    assert "name" not in paths and not any(p.endswith("word") for p in paths)


def test_key_selects_that_key_and_the_keys_under_it():
    gin = load_variant("gin")
    under = {c.path for c in candidate_changes(gin, ["going_out.knock"])}
    assert under and all(p.startswith("going_out.knock.") for p in under)
    assert {c.path for c in candidate_changes(gin, ["going_out.knock.undercut"])} == {
        "going_out.knock.undercut"
    }


def _audit(changes, *, chunk=25, workers=1, games=8, second_look=0, seed=3):
    plan = plan_audit(
        lambda extra: load_variant("gin", extra),
        changes,
        2,
    )
    return run_audit(
        plan,
        players=2,
        bots=["greedy", "greedy"],
        games=games,
        seed=seed,
        executor=LocalExecutor(workers),
        chunk=chunk,
        second_look=second_look,
    )


#: One change of each group in Gin Rummy.
GROUPED = {
    "changes_play": Change("going_out.knock.defender_lays_off", "false", "true"),
    # The greedy bot weighs the game bonus when it might hold on for gin: one
    # point less moves none of its choices in these games.
    "same_moves": Change("game_end.game_bonus", "99", "100"),
    # No game of these ends in a tie.
    "no_difference": Change("game_end.ties", "extra_deal", "shared"),
    "not_used": Change("table.first_dealer", "low_card", "random"),
    "invalid": Change("table.deal_batch", "0", "1"),
}


def test_each_change_is_sorted_by_what_it_did():
    result = _audit(list(GROUPED.values()), games=4)
    groups = {r.change.path: r.group for r in result.changes}
    assert groups == {c.path: g for g, c in GROUPED.items()}
    played = {r.change.path: r for r in result.changes}
    assert played["going_out.knock.defender_lays_off"].moved > 0
    bonus = played["game_end.game_bonus"]
    assert bonus.moved == 0 and bonus.differences["final_margin"].mean == pytest.approx(-1)
    # A difference the same in every game is told apart; a change of nothing is not.
    assert bonus.significant["final_margin"]
    assert not any(played["game_end.ties"].significant.values())
    assert "at least 1" in played["table.deal_batch"].reason
    assert not played["table.deal_batch"].reason.startswith("--set")


def test_a_key_that_cannot_act_in_the_file_is_not_played_and_says_why():
    stakes = Change("scoring.stakes.out", "2", "1")
    buying = Change("buying.cost.penalty_cards", "2", "1")
    result = _audit([stakes, buying], games=2)
    reasons = {r.change.path: (r.group, r.reason) for r in result.changes}
    assert reasons == {
        "scoring.stakes.out": ("not_used", "scoring.model is not stakes"),
        "buying.cost.penalty_cards": ("not_used", "buying.enabled is false: nobody buys"),
    }
    assert result.changes[0].to_dict()["reason"] == "scoring.model is not stakes"


def _inert_changes(variant: str, players: int) -> list[tuple[Change, object]]:
    """Each change the audit would not play for a reason (its key cannot act,
    or its two values play alike), with its changed spec."""
    from rummy_rules.sim.relevance import _SAME, inert_reason, same_play_reason

    spec = load_variant(variant)
    alike = {key for key, _, _ in _SAME}
    out = []
    for change in candidate_changes(spec):
        # A key that can act in the file may still be made inert by its own
        # change (buying.enabled aside, none is): load only the likely ones.
        if inert_reason(spec, change.path, players) is None and change.path not in alike:
            continue
        try:
            changed = load_variant(variant, [change.override()])
        except Exception:
            continue
        if inert_reason(changed, change.path, players) is not None or same_play_reason(
            spec, changed, change.path, players
        ):
            out.append((change, changed))
    return out


def _games_alike(variant: str, players: int, changes: list, games: int) -> list[str]:
    """The changes whose games differ from the file's in moves or totals (oracle: play)."""
    from rummy_rules.sim.simulate import make_job, play_summary

    def played(spec):
        job = make_job(spec, players, ["greedy"] * players, 7, records=False, moves=True)
        return [(g.moves, g.totals) for g in (play_summary(job, i) for i in range(games))]

    base = played(load_variant(variant))
    return [c.label() for c, spec in changes if played(spec) != base]


@pytest.mark.parametrize(
    ("variant", "players", "games"),
    [
        pytest.param("gin", 2, 1, marks=pytest.mark.long),
        pytest.param("contract", 4, 2, marks=pytest.mark.long),
        pytest.param("indian-rummy", 4, 2, marks=pytest.mark.long),
        pytest.param("canasta", 4, 1, marks=pytest.mark.long),
        pytest.param("rummikub", 4, 2, marks=pytest.mark.long),
    ],
)
def test_every_key_called_unable_to_act_plays_every_game_alike(variant, players, games):
    """Every change the audit would not play for a reason is played here: each
    game has the same moves and totals as the file's own."""
    changes = _inert_changes(variant, players)
    assert changes
    assert _games_alike(variant, players, changes, games) == []


def test_the_audit_does_not_depend_on_the_chunks_or_the_workers():
    changes = [GROUPED["changes_play"], GROUPED["same_moves"]]
    one = json.dumps(_audit(changes, games=4).to_dict(), sort_keys=True)
    assert one == json.dumps(_audit(changes, games=4, chunk=1).to_dict(), sort_keys=True)
    assert one == json.dumps(_audit(changes, games=4, chunk=3, workers=2).to_dict(), sort_keys=True)


def test_a_change_played_alike_gets_a_second_look_that_can_find_it_in_play():
    # A shutout counting once instead of twice: no gin decision of the first
    # four games came near the game's end, three of the next twenty did.
    shutout = Change("game_end.shutout_factor", "1", "2")
    first = _audit([shutout], games=4, seed=1).changes[0]
    assert first.group == "no_difference" and first.games == 4
    result = _audit([shutout], games=4, second_look=20, seed=1)
    second = result.changes[0]
    assert second.group == "changes_play" and second.games == 24 and second.moved == 3
    assert result.second_look == 20 and result.to_dict()["second_look"] == 20
    # A change that moved play in the first games is not played again.
    moved = _audit([GROUPED["changes_play"]], games=4, second_look=20)
    assert moved.changes[0].games == 4 and moved.second_look == 0


def test_the_second_look_does_not_depend_on_the_chunks():
    # (The workers are the executor's: the first look's test covers them.)
    changes = [GROUPED["changes_play"], Change("game_end.shutout_factor", "1", "2")]
    one = json.dumps(_audit(changes, games=4, second_look=8).to_dict(), sort_keys=True)
    again = _audit(changes, games=4, second_look=8, chunk=3).to_dict()
    assert one == json.dumps(again, sort_keys=True)


def test_audit_json_names_every_change_and_group(cli):
    result = cli(
        "audit", "gin", "--key", "going_out.knock.defender_lays_off", "--key",
        "table.first_dealer", "--games", "4", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["groups"]["changes_play"] == 1 and data["groups"]["not_used"] == 2
    assert all(c["reason"] for c in data["changes"] if c["group"] == "not_used")
    assert data["different_figures"]["method"] == "holm"
    change = next(c for c in data["changes"] if c["group"] == "changes_play")
    assert (change["path"], change["from"], change["to"]) == (
        "going_out.knock.defender_lays_off", "true", "false",
    )  # fmt: skip
    assert change["games_compared"] == 4 and set(change["figures"]["turns_per_game"]) >= {
        "value", "low", "high", "p", "different",
    }  # fmt: skip


def test_audit_text_names_the_groups(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # titles on one line
    result = cli(
        "audit", "gin", "--key", "going_out.knock.defender_lays_off", "--key",
        "game_end.game_bonus", "--games", "3",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Changes play (1 of 3 played)" in result.stdout
    assert "Same moves, other scores (2 of 3 played)" in result.stdout
    assert "Holm" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--key", "nothing.here"], "no rule key of gin"),
        (["--games", "1"], "at least two games"),
        (["--games", "many"], "not a number of games"),
        (["--scheduler", "tcp://h:1"], "--scheduler needs --executor dask"),
        (["--second-look", "-3"], "write a number of games (0 for none) or auto"),
        (["--second-look", "lots"], "write a number of games (0 for none) or auto"),
    ],
)
def test_audit_usage_errors_exit_2_with_one_line(cli, args, words):
    result = cli("audit", "gin", *args)
    assert result.exit_code == 2 and words in result.stderr
    assert "Traceback" not in result.stderr


def test_a_change_whose_games_never_finish_is_not_called_a_change_of_play():
    from rummy_rules.sim.audit import ChangeResult, _fold
    from rummy_rules.sim.simulate import GameSummary

    capped = [GameSummary(index=i, seed=i, first_player=0, capped="turn_cap") for i in range(3)]
    result = ChangeResult(Change("table.deal_batch", "3", "1"), group="changes_play")
    _fold(result, capped, capped, ("turns_per_game",))
    assert result.group == "unfinished" and result.games == 0
    assert "none of the 3 games finished" in result.reason
    assert result.to_dict()["reason"] == result.reason


def test_an_audited_limit_says_how_often_each_side_reached_it(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    args = ["audit", "contract", "--set", "buying.limits.per_deal=2", "--key",
            "buying.limits.per_deal", "--games", "2", "--seed", "1"]  # fmt: skip
    data = json.loads(cli(*args, "--json").stdout)
    reached = {c["to"]: c["limit_reached"] for c in data["changes"]}
    assert set(reached) == {"1", "3", "null"}
    for side in reached.values():
        assert side["from"]["games"] == 2 and side["from"]["times"] > 0
    assert reached["1"]["to"]["times"] > reached["1"]["from"]["times"]
    assert reached["null"]["to"] == {"games": 0, "times": 0}
    text = cli(*args).stdout
    assert "buying.limits.per_deal: 2 → unlimited" in text
    assert "limit reached: 2 of 2 (" in text and "buy offers) → never" in text
    assert "buy offers) → no limit" in text


def test_values_that_play_alike_in_the_file_are_not_played():
    """Gin's one pack without wild cards: a set's cap of 4, 5 or none, and
    'distinct' or 'any' suits, make the same sets; a cap of 3 does not. At a
    table of two the upcard goes the same way offered 'each in turn'."""
    from rummy_rules.sim.relevance import same_play_reason

    gin = load_variant("gin")

    def reason(override: str, players: int = 2) -> str | None:
        path = override.partition("=")[0]
        return same_play_reason(gin, load_variant("gin", [override]), path, players)

    assert (
        reason("melds.set.max_size=5") == "one pack without wild cards holds four cards of a rank"
    )
    assert reason("melds.set.max_size=null") is not None
    assert reason("melds.set.max_size=3") is None
    assert reason("melds.set.suits=any") is not None
    assert reason("melds.set.suits=exactly_three") is None
    assert reason("melds.set.join=true") is not None
    assert reason("table.upcard_offer=each_in_turn") is not None
    assert reason("table.upcard_offer=first_player") is None
    assert reason("discard.not_just_taken_match=face") is not None
    # Every take is of one card: barring it alone is barring it always.
    assert reason("discard.not_just_taken=always") is not None
    assert reason("discard.not_just_taken=never") is None
    # Two packs, or a joker, make sets of five and two sets of a rank possible.
    assert reason("deck.decks=2") is None
    two = load_variant("gin", ["deck.decks=2"])
    assert same_play_reason(two, load_variant("gin", ["deck.decks=2", "melds.set.max_size=5"]),
                            "melds.set.max_size", 2) is None  # fmt: skip


def test_the_asking_order_by_either_name_plays_alike():
    """docs/records.md: first_to_ask asks in turn order as nearest_in_turn does,
    eldest_hand from the dealer's left as nearest_dealer_left does."""
    from rummy_rules.sim.relevance import same_play_reason

    contract = load_variant("contract")

    def reason(value: str) -> str | None:
        changed = load_variant("contract", [f"buying.priority={value}"])
        return same_play_reason(contract, changed, "buying.priority", 4)

    assert reason("first_to_ask") is not None
    assert reason("nearest_dealer_left") is None
    left = load_variant("contract", ["buying.priority=nearest_dealer_left"])
    eldest = load_variant("contract", ["buying.priority=eldest_hand"])
    assert same_play_reason(left, eldest, "buying.priority", 4) is not None


@pytest.mark.parametrize(
    ("variant", "path", "words"),
    [
        ("contract", "scoring.melded_wild_value", "melded cards score nothing"),
        ("contract", "melding.lay_off.scores_for", "melded cards score nothing"),
        ("contract", "opening.wild_value", "no opening is counted"),
        ("contract", "opening.from_pile", "one card"),
        ("contract", "melds.canasta_takes_wilds", "no canastas"),
        ("canasta", "melding.lay_off.scores_for", "the side scores together"),
        ("canasta", "wilds.adjacent_allowed", "there are no runs"),
        ("canasta", "wilds.reposition", "there are no runs"),
        ("gin", "table.cover_upcard", "never covered"),
        ("gin", "discard.playable", "no meld is laid during play"),
        ("contract", "melds.joker_set_min_size", "no sets of jokers"),
        ("canasta", "melding.lay_off.before_opening", "opens both partners"),
        ("canasta", "opening.once_per_deal", "lays new melds anyway"),
        ("indian-rummy", "going_out.knock.undercut", "every knock is gin"),
        ("indian-rummy", "going_out.knock.defender_lays_off", "every knock is gin"),
        ("contract", "wilds.own_place_natural", "a joker has no place of its own"),
        ("indian-rummy", "table.dealer_rotation", "the game is one deal"),
        ("indian-rummy", "wilds.exchange.allowed", "no meld is laid during play"),
        ("indian-rummy", "wilds.reposition", "no meld is laid during play"),
        ("indian-rummy", "wilds.declared_identity", "no meld is laid during play"),
        ("gin", "melds.set.join", "no meld is laid during play"),
        ("gin", "draw.force", "no meld is laid during play"),
        ("contract", "discard.not_just_taken_match", "no card just taken is barred"),
        ("canasta", "discard.not_just_taken", "melded at once"),
    ],
)
def test_a_key_that_cannot_act_in_the_file_says_why(variant, path, words):
    from rummy_rules.sim.relevance import inert_reason

    why = inert_reason(load_variant(variant), path, 2 if variant == "gin" else 4)
    assert why is not None and words in why


@pytest.mark.parametrize(
    ("variant", "sets", "path"),
    [
        # Melded cards score: who scores a lay-off, what a melded wild is worth.
        ("rummy-500", [], "melding.lay_off.scores_for"),
        ("canasta", [], "scoring.melded_wild_value"),
        # Partners who score alone.
        ("canasta", ["partnerships.scoring=individual"], "melding.lay_off.scores_for"),
        ("canasta", [], "opening.wild_value"),
        ("canasta", [], "opening.from_pile"),
        ("canasta", [], "table.cover_upcard"),
        ("contract", [], "wilds.reposition"),
        ("canasta", [], "wilds.own_place_natural"),  # twos are wild
        ("canasta", ["partnerships.opening_per=player"], "melding.lay_off.before_opening"),
        ("contract", [], "melding.lay_off.before_opening"),  # on anyone's melds
        ("contract", [], "opening.once_per_deal"),
        ("gin", [], "going_out.knock.undercut"),  # knocks up to 10
        ("persian", [], "melds.joker_set_min_size"),  # sets of jokers
        ("contract", [], "table.dealer_rotation"),  # seven deals
        ("indian-rummy", ["game_end.ties=extra_deal"], "table.dealer_rotation"),
        ("contract", [], "wilds.declared_identity"),  # lay-offs during play
        ("contract", [], "wilds.exchange.allowed"),
        ("conquian", [], "draw.force"),
        ("gin", [], "discard.not_just_taken_match"),  # single_card_take
        ("gin", [], "discard.not_just_taken"),  # no condition on a take
        ("canasta", ["melding.take_back=this_turn"], "discard.not_just_taken"),
        ("rummy-500", ["draw.deep_card_use=free"], "discard.not_just_taken"),
        ("rummy-500", ["wilds.exchange.allowed=true"], "discard.not_just_taken"),
    ],
)
def test_the_same_keys_act_where_the_file_uses_them(variant, sets, path):
    from rummy_rules.sim.relevance import inert_reason

    assert inert_reason(load_variant(variant, sets), path, 4) is None


def test_a_natural_card_asked_for_twice_plays_alike():
    """Contract (at_least_one_natural): wilds.min_naturals 0 and 1 make the same
    melds; 2 does not. Canasta (min_naturals 2): versus_naturals any and
    at_least_one_natural make the same melds; fewer does not."""
    from rummy_rules.sim.relevance import same_play_reason

    def reason(variant: str, path: str, value: str) -> str | None:
        changed = load_variant(variant, [f"{path}={value}"])
        return same_play_reason(load_variant(variant), changed, path, 4)

    assert reason("contract", "wilds.min_naturals", "1") is not None
    assert reason("contract", "wilds.min_naturals", "2") is None
    assert reason("canasta", "wilds.versus_naturals", "at_least_one_natural") is not None
    assert reason("canasta", "wilds.versus_naturals", "fewer") is None


def test_the_deal_passing_left_or_right_plays_alike_at_two():
    """At a table of two the deal passes to the other player either way; to the
    winner it does not, nor left or right at three (Conquian passes left)."""
    from rummy_rules.sim.relevance import same_play_reason

    conquian = load_variant("conquian")

    def reason(value: str, players: int = 2) -> str | None:
        changed = load_variant("conquian", [f"table.dealer_rotation={value}"])
        return same_play_reason(conquian, changed, "table.dealer_rotation", players)

    assert reason("right") == "with two players the deal passes to the other player either way"
    assert reason("winner") is None
    assert reason("right", 3) is None


def test_a_least_size_below_every_contract_part_plays_alike():
    """Contract lays every meld as a part of its deal's contract, of the part's
    own size (sets of 3, runs of 4): a least size of 2 or 3 plays as 3 or 4 —
    but not where a player who is down may lay new melds, nor in Persian (no
    contract)."""
    from rummy_rules.sim.relevance import same_play_reason

    def reason(variant: str, path: str, value: str, *sets: str) -> str | None:
        base = load_variant(variant, list(sets))
        changed = load_variant(variant, [*sets, f"{path}={value}"])
        return same_play_reason(base, changed, path, 4)

    assert reason("contract", "melds.set.min_size", "2") is not None
    assert reason("contract", "melds.run.min_size", "3") is not None
    assert (
        reason("contract", "melds.run.min_size", "3", "melding.new_melds_after_opening=true")
        is None
    )
    assert reason("persian", "melds.set.min_size", "2") is None
    played = []
    for change in candidate_changes(load_variant("contract")):
        if change.path in ("melds.set.min_size", "melds.run.min_size"):
            try:
                played.append((change, load_variant("contract", [change.override()])))
            except VariantError:
                continue  # a least size above the parts' sizes is not valid
    assert len(played) == 2  # sets of 2, runs of 3
    assert _games_alike("contract", 4, played, 3) == []
