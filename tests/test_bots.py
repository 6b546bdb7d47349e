"""Bots: specs, personalities, user classes by import path, and failing bots."""

from __future__ import annotations

import json
import random
import sys
import textwrap

import pytest

from rummy_rules import UsageError, load_variant
from rummy_rules.engine import GameState
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import BotError, RandomBot, make_bot, parse_bot_spec, play_game
from rummy_rules.sim.bots.greedy import GreedyBot
from rummy_rules.sim.simulate import parse_bots, simulate

USER_BOTS = """\
import random

from rummy_rules.sim.bots import RandomBot


class Cautious(RandomBot):
    name = "cautious"

    def __init__(self, rng, never="buy"):
        super().__init__(rng)
        self.never = never

    def choose(self, view):
        legal = [a for a in view.legal if a.kind != self.never] or list(view.legal)
        for action in legal:
            if action.kind == "down":
                return action
        return self.rng.choice(legal)


class Crashes(RandomBot):
    def choose(self, view):
        if view.phase == "play":
            raise RuntimeError("boom")
        return super().choose(view)


class Cheats(RandomBot):
    def choose(self, view):
        if view.phase == "play":
            from rummy_rules.engine.actions import parse_action
            return parse_action("discard JK")
        return super().choose(view)


class NoChoose:
    def __init__(self, rng):
        pass
"""


@pytest.fixture
def user_bots(tmp_path, monkeypatch):
    path = tmp_path / "mybots.py"
    path.write_text(USER_BOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield path
    sys.modules.pop("mybots", None)


def test_bot_specs_take_personality_parameters():
    spec = parse_bot_spec("greedy:buy=eager:down=late")
    assert spec.kind == "greedy" and spec.params == (("buy", "eager"), ("down", "late"))
    bot = make_bot(spec, random.Random(1))
    assert isinstance(bot, GreedyBot) and bot.late and bot.buy_threshold == 2
    assert bot.name == "greedy:buy=eager:down=late"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("clever", "unknown bot 'clever'"),
        ("greedy:buy=sometimes", "buy is one of eager, normal, reluctant, never"),
        ("greedy:speed=fast", "has no 'speed'"),
        ("greedy:buy", "parameters are key=value"),
        ("random:buy=eager", "takes no parameters"),
        ("no_such_module_xyz:Bot", "cannot import no_such_module_xyz"),
        ("missing.py:Bot", "no such file missing.py"),
    ],
)
def test_bad_bot_specs_say_what_is_wrong(text, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        parse_bot_spec(text)


def test_a_user_bot_without_choose_is_refused(user_bots):
    with pytest.raises(UsageError, match="has no choose"):
        parse_bot_spec("mybots:NoChoose")
    with pytest.raises(UsageError, match="has no class Missing"):
        parse_bot_spec("mybots:Missing")


def test_never_buying_greedy_bots_never_buy():
    spec = load_variant("may-i")
    stats = simulate(spec, players=4, bots=["greedy:buy=never"] * 4, games=3, seed=5).to_dict()
    assert all(d["buys"]["value"] == 0 for d in stats["deals"])
    eager = simulate(spec, players=4, bots=["greedy:buy=eager"] * 4, games=3, seed=5).to_dict()
    assert sum(d["buys"]["value"] for d in eager["deals"]) > 0


def test_an_eager_buyer_buys_more_than_a_normal_one_in_a_contract_game():
    # In a contract deal every personality but 'reluctant' once bought the
    # same cards (those that bring the contract closer): 'eager' also buys a
    # card that only joins the hand.
    spec = load_variant("contract")
    buys = {}
    for buy in ("eager", "normal", "reluctant"):
        bots = [f"greedy:buy={buy}"] * 4
        stats = simulate(spec, players=4, bots=bots, games=4, seed=3).to_dict()
        buys[buy] = sum(d["buys"]["value"] for d in stats["deals"])
    assert buys["eager"] > buys["normal"] > buys["reluctant"], buys


def test_an_eager_taker_takes_more_discards_than_a_normal_one_in_a_contract_game():
    spec = load_variant("contract")
    rules = compile_rules(spec, 4)
    takes = {}
    for take in ("eager", "normal"):
        state = GameState(rules, seed=4)
        bots = [make_bot(parse_bot_spec(f"greedy:take={take}"), random.Random(s)) for s in range(4)]
        play_game(state, bots)
        takes[take] = sum(1 for e in state.log if str(e.get("action", "")).startswith("take "))
    assert takes["eager"] > takes["normal"], takes


def test_late_going_down_waits_longer_than_early():
    spec = load_variant("contract")
    early = simulate(spec, players=4, bots=["greedy"] * 4, games=4, seed=2).to_dict()
    late = simulate(spec, players=4, bots=["greedy:down=late"] * 4, games=4, seed=2).to_dict()
    first = [d["first_down_after_own_turns"]["value"] for d in early["deals"][:6]]
    later = [d["first_down_after_own_turns"]["value"] for d in late["deals"][:6]]
    assert sum(later) > sum(first)


def _gin_log(specs, seed):
    rules = compile_rules(load_variant("gin"), 2)
    state = GameState(rules, seed=seed)
    bots = [make_bot(parse_bot_spec(text), random.Random(s)) for s, text in enumerate(specs)]
    play_game(state, bots)
    return state.log


@pytest.mark.long  # CI runs it; kept out of the quick suite's five CPU-minutes
def test_personalities_act_in_a_knock_game():
    # Gin's easy level once played exactly as medium (a 100-of-200 ladder):
    # the knock play ignored every personality.
    log = _gin_log(["greedy:take=never", "greedy"], 0)
    assert not any(
        e.get("seat") == 0 and e["action"].startswith("take") for e in log if "action" in e
    )
    takes = {
        take: sum(
            e["action"].startswith("take")
            for e in _gin_log([f"greedy:take={take}"] * 2, 1)
            if "action" in e
        )
        for take in ("eager", "normal")
    }
    assert takes["eager"] > takes["normal"], takes
    assert GreedyBot(random.Random(0), down="late").knock_weights.knock_at == 5
    assert GreedyBot(random.Random(0)).knock_weights.knock_at == 10


def test_slips_make_other_choices_of_the_same_kind_and_never_is_the_greedy_bot():
    plain, never, slipping = (
        _gin_log([spec] * 2, 5) for spec in ("greedy", "greedy:slip=never", "greedy:slip=often")
    )
    assert plain == never and slipping != plain


def test_a_user_bot_class_plays_by_module_path_and_by_file(user_bots):
    spec = load_variant("may-i")
    by_module = simulate(spec, players=4, bots=["mybots:Cautious:never=buy"] * 4, games=2, seed=1)
    assert by_module.games == 2 and by_module.failed == 0
    assert all(d["buys"]["value"] == 0 for d in by_module.to_dict()["deals"])
    by_file = parse_bots(f"{user_bots}:Cautious,random", 4)
    assert by_file[0] == f"{user_bots}:Cautious"
    stats = simulate(spec, players=4, bots=by_file, games=2, seed=1)
    assert stats.games == 2 and stats.failed == 0


@pytest.mark.parametrize(
    ("bot", "message"),
    [("Crashes", "raised RuntimeError: boom"), ("Cheats", "chose an illegal action 'discard JK'")],
)
def test_a_failing_bot_ends_its_game_named_with_the_seed(user_bots, bot, message):
    spec = load_variant("may-i")
    stats = simulate(spec, players=4, bots=[f"mybots:{bot}", "greedy"] * 2, games=3, seed=9)
    assert stats.failed == 3 and stats.games == 0
    assert message in stats.errors[0]
    assert f"bot 'mybots:{bot}' (p1)" in stats.errors[0]
    assert "game 1 of seed 9 (game seed" in stats.errors[0]


def test_play_game_names_a_bot_that_returns_nonsense():
    class Nonsense(RandomBot):
        def choose(self, view):
            return "draw"

    state = GameState(compile_rules(load_variant("contract"), 4), seed=1)
    with pytest.raises(BotError, match=r"bot 'x' \(p.\) returned 'draw', not an Action"):
        play_game(state, [Nonsense(random.Random(0))] * 4, names=["x"] * 4)


def test_a_bot_with_choose_among_is_given_the_legal_actions_and_no_view():
    seen = []

    class Among:
        name = "among"

        def choose(self, view):
            raise AssertionError("choose_among is asked instead")

        def choose_among(self, legal):
            seen.append(tuple(legal))
            return legal[0]

    rules = compile_rules(load_variant("contract"), 4)
    state = GameState(rules, seed=3)
    shadow = GameState(rules, seed=3)
    play_game(state, [Among()] * 4, max_actions=60)
    assert len(seen) == 60
    for legal in seen:  # the very actions the seat's view would list
        assert legal == tuple(shadow.legal_actions())
        shadow.apply(legal[0])


def test_a_random_bot_subclass_that_overrides_only_choose_is_asked_choose():
    class FirstListed(RandomBot):
        def choose(self, view):
            return view.legal[0]

    rules = compile_rules(load_variant("contract"), 4)
    state = GameState(rules, seed=3)
    play_game(state, [FirstListed(random.Random(0)) for _ in range(4)], max_actions=60)
    shadow = GameState(rules, seed=3)
    for _ in range(60):
        shadow.apply(shadow.legal_actions()[0])
    assert state.log == shadow.log


@pytest.mark.parametrize("seed", range(5))
def test_the_random_bots_pick_is_random_choice(seed):
    from rummy_rules.sim.bots import _choice

    ours, theirs = random.Random(seed), random.Random(seed)
    for count in [*range(1, 70), 127, 128, 129, 1000, 5000]:
        options = list(range(count))
        assert _choice(ours, options) == theirs.choice(options)
    assert ours.random() == theirs.random()  # as many random bits used

    class Subclass(random.Random):
        def choice(self, seq):
            return seq[-1]

    assert _choice(Subclass(seed), [1, 2, 3]) == 3  # a subclass's own choice is asked


def test_cli_failing_bot_exits_1_with_the_error_and_still_reports(cli, user_bots):
    result = cli("simulate", "may-i", "--games", "2", "--bots", "mybots:Crashes,greedy", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["statistics"]["failed_games"] == 2
    assert "raised RuntimeError: boom" in result.stderr


def test_cli_bad_bot_parameter_is_a_usage_error(cli):
    result = cli("simulate", "contract", "--bots", "greedy:buy=sometimes")
    assert result.exit_code == 2
    assert "buy is one of" in result.stderr


def test_greedy_personality_values_are_checked_in_python_too():
    with pytest.raises(ValueError, match="unknown personality"):
        GreedyBot(random.Random(0), buy="sometimes")


def test_user_bot_docs_example_is_what_the_docs_show():
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "bots.md").read_text()
    example = doc.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(compile(textwrap.dedent(example), "docs/bots.md", "exec"), namespace)
    spec = load_variant("may-i")
    rules = compile_rules(spec, 4)
    state = GameState(rules, seed=3)
    bot_class = namespace["LowDiscarder"]
    play_game(state, [bot_class(random.Random(i)) for i in range(4)])  # type: ignore[operator]
    assert state.is_terminal()


def _greedy_discards(
    variant: str,
    hand: list[str],
    *,
    down: bool = False,
    table: list[list[str]] | None = None,
    stale: int = 0,
    tries: int = 1,
    told: bool = False,
    sets: list[str] | None = None,
) -> set[str]:
    """The cards a greedy bot of four in deal 1 of ``variant`` discards from
    ``hand`` (one per seeded try), ``down`` or not, ``table`` on the table
    (sets), after ``stale`` turns with no meld, lay-off or useful take;
    ``told``: the bot is told the game's rules first (``new_game``)."""
    from types import SimpleNamespace

    from rummy_rules.cards import format_card, parse_card
    from rummy_rules.engine.actions import Action
    from rummy_rules.engine.view import MeldView

    rules = compile_rules(load_variant(variant, sets or []), 4)
    faces = [parse_card(c) for c in hand]
    table = table or []
    melds = tuple(
        MeldView(0, "set", tuple(parse_card(c) for c in m), tuple(parse_card(c) for c in m))
        for m in table
    )
    on_table = sum(len(m) for m in table)
    view = SimpleNamespace(
        down=(down, False, False, False),
        seat=0,
        players=4,
        next_seat=1,
        melds=melds,
        hand_sizes=(len(hand), 7, 7, 7),
        stock_size=52 - len(hand) - 21 - on_table - 1,
        discard_pile=(0,),
    )
    discards = [Action("discard", card=f) for f in sorted(set(faces))]
    chosen = set()
    for seed in range(tries):
        bot = GreedyBot(random.Random(seed + 1))
        if told:
            bot.new_game(rules)
        bot.new_deal(rules.deals[0])
        bot.stale = stale
        chosen.add(format_card(bot._discard(view, faces, discards).card))  # type: ignore[arg-type]
    return chosen


def test_a_down_player_keeps_a_pair_where_new_melds_follow_going_down():
    # contract-gamerules lets a player who is down lay new melds (S001): the
    # pair of 3s is kept toward a set and the lone card goes.
    assert _greedy_discards("contract-gamerules", ["3H", "3S", "2D"], down=True) == {"2D"}


def test_a_down_player_sheds_its_highest_card_where_no_new_melds_follow():
    # In contract no new meld follows going down: only lay-offs empty the
    # hand, so the card worth most goes first, pair or not.
    assert _greedy_discards("contract", ["3H", "3S", "2D"], down=True) <= {"3H", "3S"}


def test_of_cards_that_help_alike_the_one_that_costs_most_in_hand_goes_first():
    # basic-rummy counts an ace 1, a king 10: the king goes. Told no values,
    # the bot sheds by rank, the ace first.
    hand = ["AH", "KS", "7D"]
    assert _greedy_discards("basic-rummy", hand, told=True, tries=5) == {"KS"}
    assert _greedy_discards("basic-rummy", hand, tries=5) == {"AH"}
    ace_high = ["scoring.card_values.A=15"]
    assert _greedy_discards("basic-rummy", hand, told=True, tries=5, sets=ace_high) == {"AH"}


def test_a_player_long_without_progress_keeps_what_a_card_to_come_can_complete():
    # 4H is still to come: 2H 3H and 3H 5H wait for it; 9C joins nothing.
    assert _greedy_discards("basic-rummy", ["2H", "3H", "5H", "9C"], stale=11, tries=20) == {"9C"}


def test_a_player_long_without_progress_breaks_up_what_nothing_can_complete():
    # AH and 4H are melded, so 2H 3H and 3H 5H can never be completed: any
    # card may go, to break the standoff.
    table = [["AH", "AD", "AC"], ["4H", "4D", "4S"]]
    hand = ["2H", "3H", "5H", "9C"]
    assert len(_greedy_discards("basic-rummy", hand, table=table, stale=11, tries=20)) > 1


def test_the_greedy_bot_never_throws_away_a_last_card_it_could_meld():
    """Persian (going_out.last_card_discard: play_on): a last card that can be
    melded or laid off ends the deal; the bot never discards it instead."""
    from rummy_rules.engine.view import seat_view

    rules = compile_rules(load_variant("persian"), 4)
    thrown = 0
    for seed in range(10):
        state = GameState(rules, seed=seed)
        bots = [GreedyBot(random.Random(seed * 10 + s)) for s in range(4)]
        while not state.is_terminal():
            seat = state.to_move
            view = seat_view(state, seat)
            action = bots[seat].choose(view)
            if action.kind == "discard" and len(state.hand(seat)) == 1:
                thrown += 1
                assert not any(a.kind in ("layoff", "meld", "down") for a in view.legal)
            state.apply(action)
    assert thrown  # the case arises, so the check sees something


def _canasta_discard(
    pile: list[str], hand: list[str], *, next_open: bool, sets: list[str] = ()
) -> str:
    """What a greedy Canasta bot in seat 1 discards from ``hand`` over ``pile``
    (bottom first), the next player (seat 2) having opened or not; ``sets``
    (``--set`` overrides) change the file."""
    from types import SimpleNamespace

    from rummy_rules.cards import format_card, parse_card
    from rummy_rules.engine.actions import Action
    from rummy_rules.engine.view import MeldView

    rules = compile_rules(load_variant("canasta", list(sets)), 4)
    faces = [parse_card(c) for c in hand]
    kings = (parse_card("KH"), parse_card("KS"), parse_card("KD"))
    view = SimpleNamespace(
        down=(False, False, next_open, False),
        seat=1,
        players=4,
        next_seat=2,
        melds=(MeldView(2, "set", kings, kings),) if next_open else (),
        hand_sizes=(11, len(hand), 11, 11),
        stock_size=40,
        discard_pile=tuple(parse_card(c) for c in pile),
    )
    legal = [Action("discard", card=f) for f in sorted(set(faces))]
    if rules.play.wild_discard == "forbidden":
        legal = [a for a in legal if a.card not in rules.deals[0].wild_faces]
    bot = GreedyBot(random.Random(1))
    bot.new_game(rules)
    bot.new_deal(rules.deals[0])
    return format_card(bot._discard(view, faces, legal).card)  # type: ignore[arg-type]


_BIG_PILE = ["4C", "5D", "6H", "7S", "8C", "9D", "10H", "JS", "QC", "4D"]
_HAND = ["2C", "JK", "5S", "5H", "9C", "AH"]


def test_a_canasta_player_freezes_a_big_pile_the_next_side_could_take_with_a_wild_two():
    assert _canasta_discard(_BIG_PILE, _HAND, next_open=True) == "2C"


def test_a_canasta_player_keeps_its_wild_cards_while_the_pile_is_small():
    assert _canasta_discard(_BIG_PILE[:9], _HAND, next_open=True) not in ("2C", "JK")


def test_no_wild_card_freezes_a_pile_the_next_side_may_not_take_yet():
    assert _canasta_discard(_BIG_PILE, _HAND, next_open=False) not in ("2C", "JK")


def test_no_wild_card_freezes_a_pile_already_frozen():
    frozen = [*_BIG_PILE[:5], "3H", *_BIG_PILE[5:]]  # a red three in the pile
    assert _canasta_discard(frozen, _HAND, next_open=True) not in ("2C", "JK")


def test_where_wild_cards_may_not_be_discarded_the_pile_is_not_frozen():
    chosen = _canasta_discard(_BIG_PILE, _HAND, next_open=True, sets=["wilds.discard=forbidden"])
    assert chosen not in ("2C", "JK")


def test_where_a_frozen_pile_is_taken_as_any_other_nothing_is_frozen():
    chosen = _canasta_discard(_BIG_PILE, _HAND, next_open=True, sets=["draw.natural_pair=always"])
    assert chosen not in ("2C", "JK")


def _buys(sets: list[str], hand_size: int) -> bool:
    """Whether a greedy Contract bot in deal 1 (two sets of three) with
    ``hand_size`` cards buys a third 7 to its pair of 7s."""
    from types import SimpleNamespace

    from rummy_rules.cards import parse_card
    from rummy_rules.engine.actions import Action

    rules = compile_rules(load_variant("contract", sets), 4)
    base = ["7H", "7S", "KD", "KC", "2H", "4S", "9D", "JC", "QH", "5C", "6D", "8S", "3C"]
    hand = [parse_card(c) for c in base[:hand_size]]
    view = SimpleNamespace(
        phase="buy",
        down=(False,) * 4,
        seat=1,
        players=4,
        next_seat=2,
        melds=(),
        hand=tuple(hand),
        hand_sizes=(10, hand_size, 10, 10),
        stock_size=40,
        discard_pile=(parse_card("7D"),),
        legal=(Action("buy"), Action("pass")),
    )
    bot = GreedyBot(random.Random(1))
    bot.new_game(rules)
    bot.new_deal(rules.deals[0])
    return bot.choose(view).kind == "buy"  # type: ignore[arg-type]


def test_a_buy_is_made_while_the_hand_has_room_for_the_card_and_its_price():
    # Ten cards dealt, room for three more: one penalty card leaves room at 12.
    assert _buys([], 10) and _buys([], 12)
    assert not _buys([], 13)


def test_a_dearer_buy_stops_with_a_smaller_hand():
    # Two penalty cards a buy: at 12 cards the price no longer fits.
    assert _buys(["buying.cost.penalty_cards=2"], 11)
    assert not _buys(["buying.cost.penalty_cards=2"], 12)
    # A free buy (no penalty card) is still made at 13.
    assert _buys(["buying.cost.penalty_cards=0"], 13)


def test_a_buy_that_costs_score_points_counts_them_as_part_of_a_card():
    assert _buys(["buying.cost.score_points=1"], 11)
    assert not _buys(["buying.cost.score_points=1"], 12)


def test_escalating_buy_costs_price_the_buys_made_this_deal():
    from rummy_rules.sim.bots.tactics import BuyPrice

    price = BuyPrice((1, 2, 3))
    assert price.cards() == 1
    price.asked(10)
    price.seen(12)  # the discard and one penalty card came in: bought
    assert price.cards() == 2
    price.asked(12)
    price.seen(12)  # another player was given the card
    assert price.cards() == 2
    price.new_deal()
    assert price.cards() == 1


def _drops(hand: str, own_turn: int, cost: int, sets: tuple[str, ...] = ()) -> bool:
    """Whether the greedy bot drops ``hand`` (Indian Rummy, no cut wild card)
    before drawing at its ``own_turn``, the drop costing ``cost``."""
    from types import SimpleNamespace

    from rummy_rules.cards import parse_card
    from rummy_rules.engine.actions import Action

    rules = compile_rules(load_variant("indian-rummy", ["deck.cut_wild=false", *sets]), 2)
    view = SimpleNamespace(
        phase="draw",
        hand=tuple(parse_card(c) for c in hand.split()),
        legal=(Action("drop"), Action("draw")),
        own_turn=own_turn,
        drop_cost=cost,
    )
    bot = GreedyBot(random.Random(1))
    bot.new_game(rules)
    bot.new_deal(rules.deals[0])
    return bot.choose(view).kind == "drop"  # type: ignore[arg-type]


#: No run, no wild card: three sets leave 17 in deadwood, yet the hand misses
#: the declaration's two runs, so another player's declaration counts all its
#: cards (104, at most 80).
THREE_SETS = "9C 9D 9H 10C 10D 10H KC KD KS 2S 5H 3D 7C"
#: No meld at all: 94 in deadwood.
NOTHING = "2C 5D 8H JS KC 3S 6H 9C QD AH 4D 7S 10C"


def test_the_greedy_bot_drops_a_hand_by_what_it_would_score():
    """docs/bots.md: a hand with no pure run and no wild card is dropped when it
    would cost 40 more than the drop, counted as the file scores it."""
    assert _drops(THREE_SETS, 1, 20)  # all its cards count: 80 >= 20 + 40
    # Where a hand missing the runs scores only its deadwood, 17 is kept.
    assert not _drops(THREE_SETS, 1, 20, ("going_out.knock.count_all_without_needs=false",))
    assert _drops(NOTHING, 1, 20)
    assert not _drops(NOTHING, 3, 40)  # a middle drop only from the sixth turn


def test_the_deal_cap_bounds_what_a_middle_drop_saves():
    """Capped at 80 a hand loses at most 80: worth a middle drop of 40; capped at
    79 it is not; uncapped it is."""
    assert _drops(NOTHING, 6, 40)
    assert not _drops(NOTHING, 6, 40, ("scoring.deal_cap=79",))
    assert _drops(NOTHING, 6, 40, ("scoring.deal_cap=null",))
    assert not _drops(NOTHING, 6, 60, ("scoring.deal_cap=null",))  # 94 < 60 + 40


def _takes_pile(pile: str, hand: str, sets: tuple[str, ...] = ()) -> bool:
    """Whether the greedy bot, in Gin with ``sets``, takes from ``pile`` (listed
    from the bottom) holding ``hand``."""
    from types import SimpleNamespace

    from rummy_rules.cards import parse_card
    from rummy_rules.engine.actions import Action

    rules = compile_rules(load_variant("gin", list(sets)), 2)
    faces = tuple(parse_card(c) for c in pile.split())
    view = SimpleNamespace(
        phase="draw",
        hand=tuple(parse_card(c) for c in hand.split()),
        legal=(Action("draw"), Action("take", card=faces[-1])),
        discard_pile=faces,
        own_turn=3,
        drop_cost=-1,
    )
    bot = GreedyBot(random.Random(1))
    bot.new_game(rules)
    bot.new_deal(rules.deals[0])
    return bot.choose(view).kind == "take"  # type: ignore[arg-type]


def test_a_knock_game_take_of_the_whole_pile_counts_every_card_it_brings():
    """docs/bots.md: a take that brings several cards is weighed with all of
    them, and one bringing more than three is left (in a knock game no meld
    leaves the hand: before, the bot weighed the top card alone and took
    piles that grew its hand past thirty cards)."""
    whole = ("draw.discard_pile=whole_pile",)
    hand = "2C 3C 4C 7D 8D 9D 5H 6H AS 2S"  # 14 in deadwood
    assert _takes_pile("KD QC 7H", hand)  # the 7H alone: 1 left
    assert not _takes_pile("KD QC 7H", hand, whole)  # with KD and QC: 21 at best
    assert _takes_pile("4H 7H", "2C 3C 4C 7D 8D 9D 5H 6H KS QS", whole)  # both meld
    assert not _takes_pile("4H 8S 9S 7H", "2C 3C 4C 7D 8D 9D 5H 6H KS QS", whole)


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("rummy-500", ()),  # a dig takes the card and every card above it
        ("rummy-500", ("draw.deep_take_all_above=false",)),
        ("gin", ("draw.discard_pile=whole_pile",)),
        ("gin", ()),
    ],
)
def test_a_take_brings_the_cards_the_engine_gives(variant, sets):
    """tactics.PileTake against the engine: in random games, every take adds to
    the hand the cards PileTake says it brings."""
    from collections import Counter

    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots.tactics import PileTake

    rules = compile_rules(load_variant(variant, list(sets)), 2)
    pile_take = PileTake.of(rules.play)
    rng = random.Random(3)
    takes = 0
    for seed in range(6):
        state = GameState(rules, seed=seed)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.to_move
            view = seat_view(state, seat)
            action = rng.choice(view.legal)
            if action.kind == "take" and view.phase == "draw":
                brought = pile_take.cards(view.discard_pile, action.card)
                before = Counter(view.hand)
                state.apply(action)
                after = Counter(seat_view(state, seat).hand)
                assert after - before == Counter(brought), (action, view.discard_pile)
                takes += 1
            else:
                state.apply(action)
    assert takes > 5
