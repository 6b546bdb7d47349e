"""rummy-rules play: a person against bots, line by line (--plain), saved and resumed."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.cli.play_cmd import play_plain
from rummy_rules.render.refusals import rule_lines
from rummy_rules.render.table_words import deal_results, game_over_line, status_lines
from rummy_rules.sim.records import replay_record
from rummy_rules.sim.session import PlaySession
from rummy_rules.spec.registry import shipped_variants

from .conftest import examples


class Always:
    """Standard input that answers every prompt with the same line."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def readline(self, size: int = -1) -> str:
        return self.answer + "\n"


def session(variant="contract", players=4, record=None, seed=0, seat=0):
    spec = load_variant(variant)
    return PlaySession(
        spec, players=players, seat=seat, bots=["greedy"] * (players - 1), seed=seed,
        record=record,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "players"),
    [pytest.param("contract", 4, marks=pytest.mark.long), ("persian", 4), ("gin", 2)],
)
def test_a_whole_game_played_line_by_line_ends_and_its_record_replays(tmp_path, variant, players):
    record = tmp_path / "game.jsonl"
    game = session(variant, players, record=record)
    out = io.StringIO()
    play_plain(game, Always("1"), out)
    assert "The game is over." in out.getvalue()
    report = replay_record(record)
    assert report.finished and report.deals == len(game.state.results)


def test_plain_mode_tells_how_a_deal_ended_before_any_move_of_the_next():
    game = session("basic-rummy", 3)
    out = io.StringIO()
    play_plain(game, Always("1"), out)
    lines = out.getvalue().splitlines()
    # Each deal's moves as the log shows them, split where a deal's end is told.
    shown: list[int] = [0]
    for line in lines:
        if " is over: " in line:
            shown.append(0)
        elif re.match(r"p\d [a-z]", line):  # a move (not a seat's line of the table)
            shown[-1] += 1
    played: list[int] = []
    for entry in game.state.log:
        if "deal" in entry:
            played.append(0)
        elif "action" in entry:
            played[-1] += 1
    assert len(game.state.results) > 1 and shown == [*played, 0]


def test_a_buy_in_the_log_names_the_card_bought():
    """Everyone at the table sees the discard a player buys: the log says
    "p3 buy (JS)" (the penalty card from the stock stays unseen)."""
    from rummy_rules.render.table_words import move_line

    game = session("contract", 4, seed=1)
    found = None
    for _ in range(2_000):
        if game.over() or found:
            break
        for move in game.bot_moves():
            if move.text.endswith(" buy"):
                found = (move, len(game.state.log))
                break
        if not found and game.my_turn():
            legal = game.legal()
            game.play("pass" if "pass" in legal else legal[0])
    assert found is not None
    move, at = found
    discards = [
        e["action"] for e in game.state.log[:at] if e.get("action", "").startswith("discard")
    ]
    assert move.bought is not None and discards[-1] == f"discard {move.bought}"
    assert move_line(move.text, move.bought) == f"{move.text} ({move.bought})"


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing():
    game = session()
    list(game.bot_moves())
    before = len(game.state.log)
    reason = game.play("discard JK")
    assert reason is not None and len(game.state.log) == before
    assert game.play("meld 2C") is not None


def test_plain_mode_says_why_an_action_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = session("basic-rummy", 2)
    lines = iter(["discard 7X", "99", "quit", "n"])

    class Script:
        def readline(self, size: int = -1) -> str:
            return next(lines, "") + "\n"

    out = io.StringIO()
    play_plain(game, Script(), out)
    text = out.getvalue()
    assert "not allowed:" in text and "there is no action 99" in text
    assert "Stopped" in text
    assert not list(tmp_path.iterdir())  # "n": not saved


@pytest.mark.parametrize(
    ("lang", "words", "refused", "typed"),
    [
        (
            "bg",
            ("ти си p1", "Твоята ръка: ", "Твой ход", "Раздаване 1: ", "Други команди"),
            "не може: ",
            "помощ\nизхвърли 7X\nвърни\nизход\nn\n",
        ),
        (
            "hy",
            ("դու p1-ն ես", "Քո ձեռքը․ ", "Քո քայլը", "Փուլ 1․ ", "Այլ հրամաններ"),
            "չի թույլատրվում․ ",
            "օգնություն\nնետիր 7X\nչեղարկիր\nելք\nn\n",
        ),
    ],
)
def test_plain_mode_speaks_the_language_asked_for(
    tmp_path, monkeypatch, lang, words, refused, typed
):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    monkeypatch.chdir(tmp_path)
    args = ["play", "contract-gamerules", "--plain", "--seed", "3", "--lang", lang]
    result = CliRunner().invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output, word
    assert result.output.count(refused) == 2  # the card mistake, the take-back
    assert "7X" in result.output and "is not a card" not in result.output
    for english in ("Your hand", "Your move", "not allowed", "Deal 1", "Stock:", "Stopped"):
        assert english not in result.output, english
    import re

    from rummy_rules.render.action_words import action_words

    listed = re.findall(r"^ +\d+\. (\S+)", result.output, flags=re.M)
    moves = re.findall(r"^p\d (\S+)", result.output, flags=re.M)
    assert listed and moves
    assert not set(listed + moves) & set(action_words())


def test_a_stopped_game_is_resumed_from_its_record_and_finishes(tmp_path):
    record = tmp_path / "game.jsonl"
    game = session("basic-rummy", 2, record=record)
    answers = iter(["1"] * 5 + ["quit"])

    class Script:
        def readline(self, size: int = -1) -> str:
            return next(answers, "quit") + "\n"

    play_plain(game, Script(), io.StringIO())
    header = json.loads(record.read_text().splitlines()[0])
    assert header["seats"] == ["you", "greedy"]
    game.close()  # the record is the stopped game's until it lets go
    resumed = PlaySession.resume(record)
    assert resumed.seat == 0 and len(resumed.state.log) == len(game.state.log)
    out = io.StringIO()
    play_plain(resumed, Always("1"), out)
    assert "The game is over." in out.getvalue()
    assert replay_record(record).finished


@pytest.mark.parametrize(
    ("variant", "then"),
    [("contract", "Next, deal 2: 1 set of 3 + 1 run of 4."), ("persian", "Next, deal 2.")],
)
def test_the_end_of_a_deal_gives_the_totals_and_what_the_next_deal_asks(variant, then):
    game = session(variant, 4, seed=5)
    for _ in range(5000):
        list(game.bot_moves())
        if game.state.results:
            break
        game.play(game.legal()[0])
    lines = deal_results(game.state, 0)
    totals = "  ".join(f"p{i + 1}: {t}" for i, t in enumerate(game.state.totals))
    assert lines[0].startswith("Deal 1 is over: ")
    result = game.state.results[0]
    for seat, faces in enumerate(result.left):  # each hand as the deal ended
        shown = game.state.rules.names.texts(faces) if faces else "no cards left"
        assert lines[1 + seat].startswith(f"  p{seat + 1}: ")
        assert sorted(lines[1 + seat].split()[1:-1]) == sorted(shown.split()) or not faces
        assert lines[1 + seat].endswith(f"({result.scores[seat]:+d})")
    assert lines[-1] == f"Totals: {totals}. {then}"


def test_a_resumed_game_shows_the_moves_of_its_deal_so_far(tmp_path):
    """The log of a game going on from its record starts with the deal's moves
    as they were shown when played (not an empty log); a new game's does not."""
    record = tmp_path / "game.jsonl"
    game = session("basic-rummy", 2, record=record, seed=4)
    first = io.StringIO()
    answers = iter(["1"] * 4 + ["quit"])

    class Script:
        def readline(self, size: int = -1) -> str:
            return next(answers, "quit") + "\n"

    play_plain(game, Script(), first)
    shown = [line for line in first.getvalue().splitlines() if line[:2] in ("p1", "p2")]
    moves = [line for line in shown if " " in line and ":" not in line]
    assert "Going on with" not in first.getvalue()
    out = io.StringIO()
    game.close()
    play_plain(PlaySession.resume(record), Script(), out)
    lines = out.getvalue().splitlines()
    assert lines[1] == "Going on with deal 1; its moves so far:"
    assert lines[2 : 2 + len(moves)] == moves


def test_a_finished_game_resumed_says_it_was_over_not_that_a_deal_goes_on(tmp_path):
    record = tmp_path / "game.jsonl"
    game = session("gin", 2, record=record, seed=3)
    play_plain(game, Always("1"), io.StringIO())
    deals = len(game.state.results)
    game.close()
    out = io.StringIO()
    play_plain(PlaySession.resume(record), Always("1"), out)
    lines = out.getvalue().splitlines()
    assert lines[1] == f"This game was already over; the moves of its last deal, deal {deals}:"
    assert "Going on with" not in out.getvalue()
    assert lines[-1].startswith("The game is over.")


def test_your_own_draw_from_the_stock_is_named_to_you_alone():
    game = session("gin", 2, seed=5)
    game.play("pass")
    list(game.bot_moves())
    held = game.state.hand(0)
    assert game.play("draw") is None
    drawn = [f for f in game.state.hand(0) if f not in held]
    assert game.last_drawn == drawn and len(drawn) == 1
    out = io.StringIO()
    answers = iter(["pass", "draw", "quit", "n"])  # n: quit without saving

    class Script:
        def readline(self, size: int = -1) -> str:
            return next(answers, "n") + "\n"

    play_plain(session("gin", 2, seed=5), Script(), out)
    lines = out.getvalue().splitlines()
    at = lines.index("p1 draw")
    assert lines[at + 1] == f"You drew {format_card(drawn[0])}."
    # the others' draws stay unnamed
    assert all(not line.startswith("p2 draw ") for line in lines)


def test_a_knock_game_shows_the_deadwood_you_play_to():
    """gin, seed 5: 10C JC AD 2D 3D 5D 8D 10D QH 4S holds one meld (AD 2D 3D);
    the rest is 10+10+5+8+10+10+4 = 57. After drawing KC, the best discard
    (any card worth 10) leaves 57 too."""
    game = session("gin", 2, seed=5)
    assert "Your deadwood: 57." in status_lines(game.state, 0)
    game.play("pass")
    list(game.bot_moves())
    game.play("draw")
    assert "Deadwood after your best discard: 57." in status_lines(game.state, 0)
    # a game with contracts, and one that declares, count no deadwood
    for variant in ("contract", "indian-rummy"):
        other = session(variant, 4, seed=5)
        assert not any("eadwood" in line for line in status_lines(other.state, 0))


@pytest.mark.parametrize(
    ("discard", "says"),
    [
        ("JK", "Discard pile, bottom to top: AD JK (2 cards). The pile is frozen."),
        ("3S", "AD 3S (2 cards). 3S on top: nobody may take the pile this turn."),
        ("7H", "AD 7H (2 cards). The pile is frozen for your side until it goes down."),
    ],
)
def test_a_canasta_pile_shows_its_size_and_what_holds_it(discard, says):
    """Canasta, seed 0: the pile is AD when p1 draws; a wild discarded freezes
    it for everyone, a black three stops it for a turn, and a side not yet
    down finds it frozen."""
    game = session("canasta", 4, seed=0)
    list(game.bot_moves())
    game.play("draw")
    assert game.play(f"discard {discard}") is None
    (line,) = [line for line in status_lines(game.state, 0) if "Discard pile" in line]
    assert line.endswith(says), line


def test_partners_scores_are_one_per_side():
    game = session("canasta", 4, seed=0)
    lines = status_lines(game.state, 0)
    assert "Sides: p1 (you) and p3 (0 points) against p2 and p4 (0 points)." in lines
    assert not any(line.startswith("p1 (you):") and "points" in line for line in lines)


def test_the_game_over_line_breaks_down_gin_s_end_of_game_bonuses():
    """Gin's totals jump at the game's end (game bonus 100, 25 a box): the line
    names each seat's bonus and its parts, which add up, and the deals' scores
    plus the bonus make the total."""
    game = session("gin", 2, seed=3)
    play_plain(game, Always("1"), io.StringIO())
    line = game_over_line(game.state, 0)
    _head, _, bonuses = line.partition(" End-of-game bonuses, in those totals: ")
    assert bonuses, line
    for part in bonuses.rstrip(".").split("; "):
        seat_text, _, rest = part.partition(": ")
        seat = int(seat_text[1:]) - 1
        total, _, words = rest.partition(" (")
        pieces = 0
        for word in words.rstrip(")").split(", "):
            numbers = [int(n) for n in re.findall(r"\d+", word)]
            pieces += numbers[0] * numbers[1] if "×" in word and "box" in word else numbers[-1]
        assert pieces == int(total), part
        dealt = sum(r.scores[seat] for r in game.state.results)
        assert dealt + int(total) == game.state.totals[seat], part


def test_the_screen_shows_no_other_seat_s_hand():
    game = session("contract", 4, seed=3)
    list(game.bot_moves())
    text = "\n".join(status_lines(game.state, game.seat))
    mine = [format_card(f) for f in game.state.hand(game.seat)]
    assert "Your hand: " in text and all(card in text for card in mine)
    for seat in range(1, 4):
        theirs = " ".join(sorted(format_card(f) for f in game.state.hand(seat)))
        assert theirs not in text
        assert f"p{seat + 1} hand" not in text


@settings(max_examples=examples(2, 8), deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    variant=st.sampled_from(["basic-rummy", "persian"]),
)
def test_random_legal_play_always_ends_and_replays(tmp_path_factory, seed, variant):
    record = tmp_path_factory.mktemp("play") / "game.jsonl"
    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    game = session(variant, players, record=record, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        list(game.bot_moves())
        if game.over():
            break
        assert game.play(rng.choice(game.legal())) is None
    assert game.over()
    assert replay_record(record).finished


def test_play_command_plain_from_stdin(cli, tmp_path):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    record = tmp_path / "g.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", "basic-rummy", "--plain", "--record", str(record)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.stdout
    assert cli("replay", str(record)).exit_code == 0


@settings(max_examples=examples(2, 8), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_plain_mode_with_random_legal_input_always_ends_and_replays(tmp_path_factory, seed):
    record = tmp_path_factory.mktemp("plain") / "game.jsonl"
    game = session("basic-rummy", 2, record=record, seed=seed)
    rng = random.Random(seed)

    class RandomInput:
        """Types the number of a random legal action, sometimes a bad line first."""

        def readline(self, size: int = -1) -> str:
            if rng.random() < 0.05:
                return rng.choice(["0", "zzz", "discard 2X", "help", "all", "hint"]) + "\n"
            return f"{rng.randint(1, len(game.legal()))}\n"

    out = io.StringIO()
    play_plain(game, RandomInput(), out)
    assert "The game is over." in out.getvalue()
    assert replay_record(record).finished


def test_where_players_may_dig_the_whole_discard_pile_is_in_view():
    game = session("contract-gamerules", 4, seed=7)
    for _ in range(80):
        list(game.bot_moves())
        legal = game.legal()
        if "draw" in legal and len(game.state.discard_pile) > 3:
            break
        discards = [a for a in legal if a.startswith("discard")]
        game.play("draw" if "draw" in legal else discards[0] if discards else legal[-1])
    pile = " ".join(format_card(game.state.faces[c]) for c in game.state.discard_pile)
    assert f"Discard pile, bottom to top: {pile}." in "\n".join(status_lines(game.state, game.seat))
    assert any(a.startswith("take ") for a in game.legal())


def until_down(variant="contract", seed=5):
    """A game where p1 (played by a greedy bot until then) can go down with a wild card."""
    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots import make_bot, parse_bot_spec

    game = session(variant, seed=seed)
    me = make_bot(parse_bot_spec("greedy"), random.Random(seed))
    for _ in range(400):
        list(game.bot_moves())
        down = game.state.suggest_down()
        if down is not None and down.kind == "down" and "=" in str(down):
            return game, down
        choice = me.choose(seat_view(game.state, 0))
        assert choice.kind != "down" and game.play(str(choice)) is None
    raise AssertionError("p1 never could go down with a wild card")


def test_going_down_without_naming_what_a_wild_card_stands_for_finds_it():
    game, down = until_down()
    typed = "down " + " / ".join(
        " ".join(format_card(c) for c in meld.cards) for meld in down.melds
    )  # fmt: skip
    assert "=" not in typed
    assert game.play(typed) is None
    assert game.view().down[0] and "=" in game.last_made


def test_picked_groups_are_read_as_melds_and_a_group_that_is_no_meld_is_refused():
    game, down = until_down()
    before = len(game.state.log)
    reason = game.play_groups("down", [list(down.melds[0].cards), list(down.melds[1].cards)[:2]])
    assert reason is not None and "make no meld" in reason
    assert len(game.state.log) == before
    assert game.play_groups("down", [list(m.cards) for m in down.melds]) is None
    assert game.view().down[0]


def test_the_actions_with_the_picked_cards_are_those_that_use_exactly_them():
    game = session(seed=3)
    for _ in range(50):  # to p1's first discard
        list(game.bot_moves())
        if any(text.startswith("discard") for text in game.legal()):
            break
        game.play("draw" if "draw" in game.legal() else "pass")
    card = game.state.hand(0)[0]
    found = game.actions_with([card])
    assert f"discard {format_card(card)}" in found
    assert all(format_card(card) in text for text in found)


def test_the_hint_names_the_cards_that_would_complete_the_contract():
    from rummy_rules.cards import parse_card
    from rummy_rules.engine.solver import find_contract

    for seed in range(20):
        game = session(seed=seed)
        list(game.bot_moves())
        hint = game.hint()
        if "any one of these cards" in hint:
            break
    else:
        raise AssertionError("no seed gave a one-card hint")
    rules = game.state.deal_rules
    hand = game.state.hand(0)
    for text in hint.split(": ", 1)[1].split(", "):
        trial = [*hand, parse_card(text)]
        found = find_contract(
            trial, rules.parts, game.state.rules.melds, rules.wild_faces, value=game.state.value
        )  # fmt: skip
        assert found is not None, text


@pytest.mark.parametrize(
    ("variant", "players", "word"), [("gin", 2, "knock"), ("indian-rummy", 2, "declare")]
)
def test_the_hint_offers_a_legal_knock_and_never_says_going_out_is_impossible(
    variant, players, word
):
    for seed in range(60):
        game = session(variant, players, seed=seed)
        for _ in range(80):  # the person plays the first listed draw and discard
            list(game.bot_moves())
            if game.over() or any(t.startswith("knock") for t in game.legal()):
                break
            legal = game.legal()
            game.play(next((t for t in legal if t.startswith(("draw", "discard"))), legal[0]))
        if not game.over() and any(t.startswith("knock") for t in game.legal()):
            break
    else:
        raise AssertionError(f"no seed gave a legal {word}")
    # (the session speaks the notation, "knock"; the screen shows the game's word)
    hint = game.hint()
    assert f"you can {word} now: knock " in hint, hint
    assert "cannot" not in hint


def test_a_refused_action_comes_with_the_rulebook_sentence_for_its_rule():
    game = session("basic-rummy", 2)
    list(game.bot_moves())
    assert game.play("draw") is None
    reason = game.play("end")
    assert reason is not None
    assert rule_lines(game.spec, reason) == [
        "Every turn ends with a discard, unless the player goes out."
    ]
    # A fact of the position is not a rule of the variant.
    held = {format_card(f) for f in game.state.hand(game.seat)}
    card = next(c for c in ("7H", "7D", "7S", "7C", "8H") if c not in held)
    assert rule_lines(game.spec, game.play(f"discard {card}")) == []


def test_ctrl_c_in_plain_mode_offers_to_save_the_game(tmp_path, monkeypatch):
    import typer

    monkeypatch.chdir(tmp_path)

    class Interrupted:
        def __init__(self) -> None:
            self.asked = 0

        def readline(self, size: int = -1) -> str:
            self.asked += 1
            if self.asked == 1:
                raise KeyboardInterrupt
            return "\n"  # Enter: the default file name

    game = session()
    out = io.StringIO()
    with pytest.raises(typer.Exit):
        play_plain(game, Interrupted(), out)
    assert "Save the game?" in out.getvalue()
    saved = tmp_path / "contract-game.jsonl"
    assert saved.exists() and game.record == Path("contract-game.jsonl")
    game.close()
    resumed = PlaySession.resume(saved)
    assert len(resumed.state.log) == len(game.state.log)


def test_the_table_shows_each_player_s_buys_and_how_many_are_left():
    game = session("shanghai", seed=5)
    for _ in range(200):
        list(game.bot_moves())
        if any(game.state.game.deal.buys):
            break
        legal = game.legal()
        game.play("pass" if "pass" in legal else "draw" if "draw" in legal else legal[-1])
    buyer = next(i for i, n in enumerate(game.state.game.deal.buys) if n)
    limit = game.state.deal_rules.buy_limit or game.state.rules.play.buy_limit_deal
    line = status_lines(game.state, game.seat)[1]
    seat_text = line.split(f"p{buyer + 1}", 1)[1].split("  p", 1)[0]
    assert f", 1 buy ({limit - 1} left)" in seat_text


def _first_buy_offer(game: PlaySession) -> list[str]:
    """Play (passing and drawing) until the person is offered a buy; the status then."""
    for _ in range(300):
        list(game.bot_moves())
        legal = game.legal()
        if "buy" in legal:
            return status_lines(game.state, game.seat)
        game.play("draw" if "draw" in legal else legal[-1])
    raise AssertionError("no buy offered")


@pytest.mark.parametrize(
    ("changes", "price"), [({}, "1 penalty card"), ({"penalty_cards": 2}, "2 penalty cards")]
)
def test_a_buy_offer_names_the_card_and_what_buying_it_costs(changes, price):
    spec = load_variant("contract")
    cost = spec.buying.cost.model_copy(update=changes)
    spec = spec.model_copy(update={"buying": spec.buying.model_copy(update={"cost": cost})})
    game = PlaySession(spec, players=4, seat=0, bots=["greedy"] * 3, seed=5)
    lines = _first_buy_offer(game)
    d = game.state.game.deal
    card = format_card(game.state.game.faces[d.buy_card])
    assert lines[-1] == (
        f"May I? p{d.discarder + 1}'s discard {card} is offered to you: "
        f"buy takes it with {price}; pass leaves it."
    )
    assert "May I?" not in " ".join(lines[:-1])
    game.play("pass")
    assert not any("May I?" in line for line in status_lines(game.state, game.seat))


def test_a_person_takes_back_a_meld_where_the_rules_allow_it():
    spec = load_variant("basic-rummy", ["melding.take_back=this_turn"])
    for seed in range(20):
        game = PlaySession(spec, players=3, seat=0, bots=["greedy"] * 2, seed=seed)
        for _ in game.bot_moves():
            pass
        assert game.play("draw") is None
        melds = [a for a in game.legal() if a.startswith("meld")]
        if melds:
            break
    else:
        pytest.fail("no seed gave a meld on the first turn")
    hand = sorted(game.state.hand(0))
    assert game.play(melds[0]) is None
    assert game.state.melds
    assert game.play("undo") is None
    assert not game.state.melds and sorted(game.state.hand(0)) == hand
    assert game.play("undo") == "you have laid nothing this turn to take back"


# -- a saved game is never lost, and a record never runs code -------------------


def _recorded_game(tmp_path: Path) -> Path:
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    record = tmp_path / "p1.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", "contract", "--plain", "--record", str(record), "--seed", "3"],
        input="1\n" * 5 + "quit\n",
    )
    assert result.exit_code == 0, result.output
    return record


def _with_seats(record: Path, seats) -> None:
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    header["seats"] = seats
    lines[0] = json.dumps(header, separators=(",", ":"))
    record.write_text("\n".join(lines) + "\n")


def test_a_bot_class_named_in_a_record_is_never_imported_on_resume(cli, tmp_path):
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(
        f"open({str(marker)!r}, 'w').write('code ran')\n"
        "class Evil:\n    def __init__(self, rng):\n        pass\n"
        "    def choose(self, view):\n        return view.legal[0]\n"
    )
    record = _recorded_game(tmp_path)
    _with_seats(record, ["you", f"{evil}:Evil", "greedy", "greedy"])
    result = cli("play", "--resume", str(record), "--plain")
    assert result.exit_code != 0
    assert "not a shipped bot" in result.stderr and "--bots" in result.stderr
    assert not marker.exists()
    # An importable module named in the record is not imported either.
    _with_seats(record, ["you", "os:system", "greedy", "greedy"])
    assert cli("play", "--resume", str(record), "--plain").exit_code != 0
    # The person may seat bots themselves: the record's names are then not used.
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    _with_seats(record, ["you", f"{evil}:Evil", "greedy", "greedy"])
    result = CliRunner().invoke(
        app, ["play", "--resume", str(record), "--plain", "--bots", "random"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert not marker.exists()


def test_a_record_whose_seats_do_not_match_its_players_is_refused_cleanly(cli, tmp_path):
    record = _recorded_game(tmp_path)
    _with_seats(record, ["you", "greedy"])
    result = cli("play", "--resume", str(record), "--plain")
    assert result.exit_code in (1, 2)
    assert "one name per player" in result.stderr


def test_play_record_never_replaces_an_earlier_game(cli, tmp_path):
    record = _recorded_game(tmp_path)
    before = record.read_bytes()
    result = cli("play", "contract", "--plain", "--record", str(record))
    assert result.exit_code == 1
    assert "already holds a game record" in result.stderr
    assert record.read_bytes() == before
    # Nor does a simulation write over it.
    result = cli("simulate", "contract", "--games", "1", "--records", str(record))
    assert result.exit_code == 1 and record.read_bytes() == before


def test_a_read_only_file_is_left_alone_without_force(cli, tmp_path):
    report = tmp_path / "book.md"
    assert cli("rulebook", "contract", "-o", str(report)).exit_code == 0
    report.chmod(0o444)
    before = report.read_bytes()
    result = cli("rulebook", "basic-rummy", "-o", str(report))
    assert result.exit_code == 1 and "read-only" in result.stderr
    assert report.read_bytes() == before


def test_quit_in_plain_mode_offers_to_save_under_a_new_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "contract-game.jsonl"
    earlier.write_text('{"record":"rummy-rules game"}\n')
    game = session()
    out = io.StringIO()
    play_plain(game, io.StringIO("quit\n\n"), out)
    assert "Save the game?" in out.getvalue() and "contract-game-2.jsonl" in out.getvalue()
    assert earlier.read_text() == '{"record":"rummy-rules game"}\n'
    game.close()
    assert PlaySession.resume(tmp_path / "contract-game-2.jsonl").state.log == game.state.log


def test_plain_input_that_is_no_choice_is_refused_not_a_crash(tmp_path):
    """'²' and a 5,000-digit number are not list numbers; a 2 MB line is read in
    bounded pieces; a terminal escape typed in is echoed as '?'."""
    import io

    from rummy_rules.cli.common import read_line, small_number

    assert small_number("²") is None and small_number("9" * 5000) is None
    assert small_number("12") == 12
    stream = io.StringIO("x" * 2_000_000 + "\n\x1b[31mred\nnext\n")
    first = read_line(stream)
    assert len(first) <= 513 and first.endswith("\n")
    assert read_line(stream) == "?[31mred\n"
    assert read_line(stream) == "next\n" and read_line(stream) == ""


def test_play_without_a_seed_deals_a_new_game_and_prints_the_seed_that_deals_it_again():
    import re

    from typer.testing import CliRunner

    from rummy_rules.cli import app

    def hand_and_seed(*extra):
        result = CliRunner().invoke(app, ["play", "contract", "--plain", *extra], input="quit\nn\n")
        assert result.exit_code == 0, result.output
        hand = re.search(r"^Your hand: (.*)$", result.stdout, re.M).group(1)
        found = re.search(r"seed (\d+) \(--seed \d+ deals this game again\)", result.stderr)
        return hand, int(found.group(1)) if found else None

    hands = {}
    for _ in range(3):
        hand, seed = hand_and_seed()
        assert seed is not None
        hands[seed] = hand
    assert len(hands) > 1  # not the same game every time
    for seed, hand in hands.items():
        assert hand_and_seed("--seed", str(seed)) == (hand, None)


def test_the_discards_are_listed_in_card_order_by_rank_then_suit():
    from rummy_rules.cards import parse_card

    game = session("basic-rummy", players=2, seed=4)
    for _ in game.bot_moves():
        pass  # the bots play up to the person's turn
    assert game.play("draw") is None
    discards = [text for text in game.legal() if text.startswith("discard ")]
    faces = [parse_card(text.split()[1]) for text in discards]
    keys = [(f % 13, f // 13) for f in faces]
    assert len(discards) > 5 and keys == sorted(keys), discards


@pytest.mark.parametrize("path", [v.path for v in shipped_variants()], ids=lambda p: p.stem)
def test_the_table_can_be_shown_at_every_step_of_every_shipped_variant(path):
    # The table a player sees (hands, feet, piles, melds) is drawn after every
    # move of a random game's first 120 moves, from every seat.
    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules

    spec = load_variant(str(path))
    players = spec.players.best or spec.players.min
    state = GameState(compile_rules(spec, players), seed=7)
    rng = random.Random(7)
    for _ in range(120):
        if state.is_terminal():
            break
        for seat in range(players):
            assert status_lines(state, seat)
        state.apply(rng.choice(state.legal_actions()))


@pytest.fixture
def games(tmp_path, monkeypatch):
    """The games folder (in the test's own folder) and a runner of the CLI."""
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    folder = tmp_path / "games"
    monkeypatch.setenv("RUMMY_RULES_GAMES", str(folder))
    runner = CliRunner()

    def cli(*args: str, input: str = "") -> Any:
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return folder, cli


def test_every_game_is_saved_unless_asked_not_and_continue_goes_on(games):
    # Closing a terminal mid-game lost it unless --record was given.
    folder, cli = games
    first = cli("play", "gin", "--plain", "--seed", "3", input="quit\n")
    assert first.exit_code == 0, first.stderr
    (saved,) = folder.glob("gin-*.jsonl")
    assert f"saving the game in {saved}" in first.stderr
    second = cli("play", "gin", "--plain", "--seed", "4", input="quit\n")
    assert f"an unfinished game of Gin Rummy is saved in {saved}" in second.stderr
    assert len(list(folder.glob("gin-*.jsonl"))) == 2  # never the same name
    newest = max(folder.glob("gin-*.jsonl"), key=lambda p: p.stat().st_mtime)
    went_on = cli("play", "--continue", "--plain", input="quit\n")
    assert f"going on with {newest}" in went_on.stderr
    assert cli("play", "contract", "--continue", "--plain").exit_code == 2
    cli("play", "gin", "--no-save", "--plain", input="quit\n")
    assert len(list(folder.glob("*.jsonl"))) == 2


def test_a_person_at_a_terminal_is_offered_the_unfinished_game(games, monkeypatch):
    # The note about an unfinished game was printed before the full screen
    # covered it: at a terminal the game is now offered, and taken by default.
    from rummy_rules.cli import play_cmd

    folder, cli = games
    assert cli("play", "gin", "--plain", input="1\n1\nquit\n").exit_code == 0
    (saved,) = folder.glob("gin-*.jsonl")
    monkeypatch.setattr(play_cmd, "_interactive", lambda: True)
    taken = cli("play", "gin", "--plain", input="\nquit\n")  # Enter: yes
    assert "An unfinished game of Gin Rummy (saved " in taken.stderr
    assert f"going on with {saved}" in taken.stderr
    assert len(list(folder.glob("*.jsonl"))) == 1
    declined = cli("play", "gin", "--plain", input="n\nquit\n")
    assert "going on with" not in declined.stderr and "saving the game in" in declined.stderr
    assert len(list(folder.glob("*.jsonl"))) == 2
    # A game asked for by its seed is that game: nothing is offered.
    chosen = cli("play", "gin", "--plain", "--seed", "5", input="quit\n")
    assert "Go on with it?" not in chosen.stderr and "an unfinished game of" in chosen.stderr


@pytest.mark.parametrize(
    ("variant", "lang", "hint"),
    [
        ("contract", "en", "hint (can I go down?)"),
        ("gin", "en", "hint (can I knock?)"),
        ("indian-rummy", "en", "hint (can I declare?)"),
        ("gin", "bg", "подсказка (мога ли да почукам?)"),
        ("indian-rummy", "bg", "подсказка (мога ли да обявя?)"),
        ("indian-rummy", "hy", "հուշում (կարո՞ղ եմ հայտարարել)"),
    ],
)
def test_plain_help_says_what_hint_tells_in_the_games_own_word(
    tmp_path, monkeypatch, variant, lang, hint
):
    from typer.testing import CliRunner

    from rummy_rules.cli import app

    monkeypatch.chdir(tmp_path)
    args = ["play", variant, "--plain", "--seed", "3", "--lang", lang, "--no-save"]
    result = CliRunner().invoke(app, args, input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert hint in result.output
    if variant != "contract":
        assert "go down?" not in result.output and "да сваля?" not in result.output
