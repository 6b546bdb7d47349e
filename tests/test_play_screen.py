"""The full-screen game (Textual), driven by its headless pilot."""

from __future__ import annotations

import asyncio

import pytest

from rummy_rules import load_variant
from rummy_rules.cards import CardNames, format_card, parse_card
from rummy_rules.sim.records import replay_record
from rummy_rules.sim.session import PlaySession

pytest.importorskip("textual")

from rummy_rules.cli.play_dialogs import DealEndScreen
from rummy_rules.cli.play_screen import PlayApp
from rummy_rules.cli.play_widgets import CELL

from .test_play import until_down

#: Long: the play screen driven through Textual's pilot: the long run (CI).
pytestmark = pytest.mark.long


def game(variant, players, record=None, seed=1):
    spec = load_variant(variant)
    return PlaySession(
        spec, players=players, seat=0, bots=["greedy"] * (players - 1), seed=seed,
        record=record,
    )  # fmt: skip


async def play_through(app: PlayApp, limit: int = 20_000) -> int:
    """Move into the list and press Enter on its first action at every turn
    (and Enter at each deal's end) until the game ends."""
    session = app.session
    presses = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(limit):
            await pilot.pause()
            if isinstance(app.screen, DealEndScreen):
                await pilot.press("enter")
                continue
            if session.over():
                break
            if session.my_turn() and app.query_one("#actions").option_count:
                await pilot.press("down", "enter")
                presses += 1
        await pilot.pause()
    return presses


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        pytest.param("basic-rummy", 2, marks=pytest.mark.long),
        pytest.param("gin", 2, marks=pytest.mark.long),
        pytest.param("contract", 4, marks=pytest.mark.long),
        pytest.param("persian", 4, marks=pytest.mark.long),
    ],
)
def test_a_whole_game_is_played_through_the_screen_and_its_record_replays(
    tmp_path, variant, players
):
    record = tmp_path / "game.jsonl"
    session = game(variant, players, record=record)
    presses = asyncio.run(play_through(PlayApp(session, pace=0)))
    assert session.over() and presses > 10
    report = replay_record(record)
    assert report.finished and report.deals == len(session.state.results)


def test_a_deal_s_end_waits_over_the_game_until_the_person_goes_on():
    """The end of a deal: who went out, each hand with its points, the table as
    it ended and the totals, over the game; no move is made until Enter."""
    session = game("basic-rummy", 2, seed=3)
    # Played to the end of deal 1 without the screen, then shown as it ends
    # (the screen reports each deal it has not reported yet).
    while not session.state.results:
        for _move in session.bot_moves():
            if session.state.results:
                break
        if not session.state.results and session.my_turn():
            session.play(session.legal()[0])
    app = PlayApp(session, pace=0)
    app._ended = 0

    async def run() -> tuple[str, str, int, int, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = str(app.screen.query_one("#deal-end").border_title)
            text = str(app.screen.query_one("#deal-end Static").render())
            waiting = len(session.state.log)
            for _ in range(20):
                await pilot.pause()
            await pilot.press("h", "x")  # keys of the game do nothing here
            after_keys = len(session.state.log)
            await pilot.press("enter")
            await pilot.pause()
            return title, text, waiting, after_keys, type(app.screen).__name__

    title, text, waiting, after_keys, then = asyncio.run(run())
    result = session.state.results[0]
    assert title == "Deal 1 is over" and text.startswith("Deal 1 is over: ")
    for seat, score in enumerate(result.scores):
        assert f"  p{seat + 1}: " in text and f"({score:+d})" in text
    assert after_keys == waiting and then == "Screen"
    assert "Totals: " in text or "The game is over." in text


def test_downs_typed_ahead_of_the_focus_move_on_through_the_list():
    """Down Down Down typed fast reach the box before the focus has moved to
    the list: the highlight is the third action, as on a slow keyboard; back in
    the box, Down starts again from the first."""
    session = game("basic-rummy", 2, seed=3)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[int | None, int | None, str, int]:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause()
                if session.my_turn() and app.query_one("#actions").option_count > 2:
                    break
                if session.my_turn():
                    await pilot.press("down", "enter")
            for _ in range(3):  # three Downs handled before any focus change
                app.action_into_actions(1)
            typed_ahead = app.query_one("#actions").highlighted
            await pilot.press("escape")
            await pilot.press("down")
            again = app.query_one("#actions").highlighted
            chosen = str(app.query_one("#actions").get_option_at_index(0).prompt)
            made = len(session.state.log)
            await pilot.press("enter")
            await pilot.pause()
            return typed_ahead, again, chosen, made

    typed_ahead, again, chosen, made = asyncio.run(run())
    assert (typed_ahead, again) == (2, 0)
    # The seat is p1 (seat 0); the list shows cards with their suit symbols.
    assert CardNames().symbols(session.state.log[made]["action"]) == chosen


def test_a_typed_illegal_action_shows_the_rule_and_changes_nothing():
    session = game("basic-rummy", 2)
    app = PlayApp(session, pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            before = len(session.state.log)
            app.query_one("#command").focus()
            await pilot.press(*"discard QX", "enter")
            await pilot.press("h")
            await pilot.pause()
            assert len(session.state.log) == before
            return [str(line.text) for line in app.query_one("#log").lines]

    lines = asyncio.run(run())
    assert any(line.startswith("not allowed:") for line in lines)


def test_the_screen_never_shows_another_seat_s_cards():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return "\n".join(
                str(app.query_one(f"#{name}").render()) for name in ("status", "table", "hand")
            )

    text = asyncio.run(run())
    assert len(text.split()) > 20
    for seat in range(1, 4):
        theirs = " ".join(sorted(format_card(f) for f in session.state.hand(seat)))
        assert theirs not in text


def test_the_status_counts_the_deadwood_and_the_hand_has_its_own_bar():
    session = game("gin", 2, seed=5)  # 10C JC AD 2D 3D 5D 8D 10D QH 4S: 57 (tests/test_play.py)
    app = PlayApp(session, pace=0)

    async def run() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return str(app.query_one("#status").render())

    status = asyncio.run(run())
    assert "Your deadwood: 57." in status
    assert "Your hand" not in status


@pytest.mark.parametrize(("size", "short"), [((80, 24), True), ((160, 50), False)])
def test_the_hand_s_keys_are_never_cut_off(size, short):
    # At 80x24 the keys under the hand were cut ("d: dow…"): the bar had no
    # width yet when they were chosen.
    app = PlayApp(game("gin", 2, seed=5), pace=0)

    async def run() -> tuple[str, int]:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            bar = app.query_one("#hand")
            return str(bar.border_subtitle), bar.outer_size.width

    keys, width = asyncio.run(run())
    assert keys.startswith("space/g/d/m/x") == short
    assert len(keys) + 4 <= width  # the corners and a space on each side


def test_a_table_longer_than_its_pane_scrolls_at_80x24():
    # Late in a Canasta deal the melds outgrew the table pane and the last
    # ones could not be seen at all; the pane now scrolls to them.
    import random

    from rummy_rules.engine import GameState
    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots import make_bot

    state = GameState(compile_rules(load_variant("canasta"), 4), seed=0)
    bots = [make_bot("greedy", random.Random(i)) for i in range(4)]
    while len(state.melds) < 9 or state.to_move != 0:
        seat = state.to_move
        state.apply(bots[seat].choose(seat_view(state, seat)))
    app = PlayApp(at(state, "canasta"), pace=0)

    async def run() -> tuple[float, float, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            box = app.query_one("#table-box")
            box.scroll_end(animate=False)
            await pilot.pause()
            return box.max_scroll_y, box.scroll_y, str(app.query_one("#table").render())

    most, now, text = asyncio.run(run())
    assert most > 0 and now == most  # more than fits, and the end is reached
    assert f"  {len(state.melds)}. " in text


def test_the_sort_key_orders_the_hand_by_rank_and_back():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            hand = lambda: str(app.query_one("#hand").render())  # noqa: E731
            first = hand()
            app.query_one("#hand").focus()
            await pilot.press("s")
            second = hand()
            await pilot.press("s")
            return first, second, hand()

    by_suit, by_rank, again = asyncio.run(run())
    assert by_suit == again and sorted(by_suit.split()) == sorted(by_rank.split())
    ranks = [card[:-1] for card in by_rank.split() if card != "JK"]
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    assert ranks == sorted(ranks, key=order.index)


def test_the_rules_are_one_key_away_and_escape_goes_back():
    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.query_one("#hand").focus()
            await pilot.press("r")
            await pilot.pause()
            shown = type(app.screen).__name__
            text = str(app.screen.query_one("Static").render())
            await pilot.press("escape")
            await pilot.pause()
            return shown + "|" + type(app.screen).__name__, text

    screens, text = asyncio.run(run())
    assert screens == "RulesScreen|Screen"
    assert "CONTRACT RUMMY" in text and "THE DEALS" in text
    # Opened at the deal being played, its row marked.
    marked = [line for line in text.splitlines() if line.startswith("→")]
    assert len(marked) == 1 and "Deal 1 " in marked[0]


async def click_card(pilot, app, index: int) -> None:
    """Click the card at ``index`` of the hand as shown."""
    bar = app.query_one("#hand")
    left = bar.content_region.x - bar.region.x
    top = bar.content_region.y - bar.region.y
    per_line = bar.per_line()
    x = left + (index % per_line) * CELL + 1
    await pilot.click("#hand", offset=(x, top + index // per_line))


async def click_cards(pilot, app, faces) -> None:
    bar = app.query_one("#hand")
    taken: set[int] = set()
    for face in faces:
        index = next(i for i, f in enumerate(bar.cards) if f == face and i not in taken)
        taken.add(index)
        await click_card(pilot, app, index)


def test_cards_picked_with_the_mouse_are_set_aside_as_melds_and_go_down():
    session, down = until_down()
    app = PlayApp(session, pace=0)
    first, second = (list(m.cards) for m in down.melds)

    async def run() -> tuple[list[str], str, list[str]]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            # One card picked: only the actions with it are listed.
            await click_cards(pilot, app, first[:1])
            await pilot.pause()
            actions = app.query_one("#actions")
            listed = [
                str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)
            ]
            title = str(actions.border_title)
            await click_cards(pilot, app, first[:1])  # picked again: put back
            # A group that is no meld: refused, nothing changes.
            before = len(session.state.log)
            await click_cards(pilot, app, first)
            await pilot.press("g")
            await click_cards(pilot, app, second[:2])
            await pilot.press("d")
            await pilot.pause()
            assert len(session.state.log) == before and not session.view().down[0]
            await pilot.press("x")
            for group in (first, second):
                await click_cards(pilot, app, group)
                await pilot.press("g")
            await pilot.press("d")
            await pilot.pause()
            return listed, title, [str(line.text) for line in app.query_one("#log").lines]

    listed, title, log = asyncio.run(run())
    card = CardNames().symbols(format_card(first[0]))
    assert title == f"With {card}" and listed
    assert all(card in text for text in listed)
    assert any(line.startswith("not allowed:") and "make no meld" in line for line in log)
    assert session.view().down[0]
    assert any(line.startswith("p1 down ") and "=" in line for line in log)


def test_quitting_asks_to_save_and_the_saved_game_resumes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = game("contract", 4, seed=2)
    app = PlayApp(session, pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            shown = []
            await pilot.press("ctrl+c")
            await pilot.pause()
            shown.append(type(app.screen).__name__)
            await pilot.press("escape")  # back to the game
            await pilot.pause()
            shown.append(type(app.screen).__name__)
            app.query_one("#hand").focus()
            await pilot.press("q")
            await pilot.pause()
            shown.append(type(app.screen).__name__)
            await pilot.press("enter")  # the file name offered
            await pilot.pause()
            return shown

    assert asyncio.run(run()) == ["QuitScreen", "Screen", "QuitScreen"]
    saved = tmp_path / "contract-game.jsonl"
    assert saved.exists()
    session.close()
    resumed = PlaySession.resume(saved)
    assert len(resumed.state.log) == len(session.state.log) > 0


def test_a_joker_is_exchanged_by_picking_the_natural_card_in_the_hand():
    """contract-gamerules: a wild is taken from a run by a player down since an
    earlier turn; p1 (a greedy bot until then) reaches such a turn in seed 9."""
    import random

    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots import make_bot, parse_bot_spec

    session = game("contract-gamerules", 4, seed=9)
    me = make_bot(parse_bot_spec("greedy"), random.Random(9))
    for _ in range(2_000):
        list(session.bot_moves())
        assert not session.state.is_terminal(), "the game ended before an exchange came up"
        exchanges = [a for a in session.legal() if a.startswith("exchange")]
        if exchanges:
            break
        assert session.play(str(me.choose(seat_view(session.state, 0)))) is None
    else:
        raise AssertionError("no exchange came up")
    card, _, target = exchanges[0].split()[1].partition("@")
    wilds_before = sum(f in session.state.deal_rules.wild_faces for f in session.state.hand(0))
    app = PlayApp(session, pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while isinstance(app.screen, DealEndScreen):  # the deals before this one
                await pilot.press("enter")
                await pilot.pause()
            await click_cards(pilot, app, [parse_card(card)])
            await pilot.pause()
            actions = app.query_one("#actions")
            listed = [
                str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)
            ]
            index = listed.index(CardNames().symbols(exchanges[0]))
            actions.focus()
            await pilot.press(*["down"] * (index + 1), "enter")
            await pilot.pause()
            return [str(line.text) for line in app.query_one("#log").lines]

    log = asyncio.run(run())
    assert f"p1 {CardNames().symbols(exchanges[0])}" in log
    # The natural card now stands in the meld, and the wild is in p1's hand.
    after = session.view().melds[int(target) - 1]
    assert parse_card(card) in after.cards
    wild = session.state.deal_rules.wild_faces
    held = session.state.hand(0)
    assert sum(f in wild for f in held) == wilds_before + 1


# -- input that cannot be misread (a move is played only when chosen) -----------


def turns_of_p1(variant="contract", players=4, seed=3, wanted=("buy", "draw", "discard")):
    """Positions where p1 is to move, one for each kind of turn in ``wanted``
    (the first listed action of that kind), reached with a greedy bot at p1."""
    import random

    from rummy_rules.engine.view import seat_view
    from rummy_rules.sim.bots import make_bot, parse_bot_spec

    session = game(variant, players, seed=seed)
    me = make_bot(parse_bot_spec("greedy"), random.Random(seed))
    found = {}
    for _ in range(3_000):
        list(session.bot_moves())
        if session.over() or len(found) == len(wanted):
            break
        first = session.legal()[0].split()[0]
        kinds = {text.split()[0] for text in session.legal()}
        for kind in wanted:
            if kind in kinds and kind not in found and (kind != "draw" or first == "draw"):
                found[kind] = session.state.clone()
        assert session.play(str(me.choose(seat_view(session.state, 0)))) is None
    assert set(found) == set(wanted), f"only {sorted(found)} came up"
    return [found[kind] for kind in wanted]


def at(state, variant="contract"):
    spec = load_variant(variant)
    return PlaySession(
        spec, players=state.seats, seat=0, bots=["greedy"] * (state.seats - 1), state=state.clone()
    )


async def type_and_enter(session: PlaySession, text: str, size=(120, 40)) -> list[dict]:
    """Type ``text`` at the start of p1's turn and press Enter: the log entries made."""
    app = PlayApp(session, pace=0)
    before = len(session.state.log)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*[("space" if c == " " else c) for c in text], "enter")
        await pilot.pause()
    return session.state.log[before:]


@pytest.mark.long
def test_typing_a_listed_action_plays_exactly_that_action_at_every_kind_of_turn():
    """The first action a turn lists is never played unless it is the one typed:
    `pass` in a buy window used to play `buy` (the list had the focus)."""
    for state in turns_of_p1():
        listed = at(state).legal()
        # Every action of short lists; of long ones the first two and the last two.
        picks = listed if len(listed) <= 4 else [*listed[:2], *listed[-2:]]
        for text in picks:
            session = at(state)
            made = asyncio.run(type_and_enter(session, text))
            mine = [e for e in made if "action" in e and e["seat"] == 0]
            assert mine and mine[0]["action"] == text, (text, made[:2])


def test_typing_pass_in_a_buy_window_passes():
    state = turns_of_p1(wanted=("buy",))[0]
    listed = at(state).legal()
    assert listed[0] == "buy" and "pass" in listed
    session = at(state)
    made = asyncio.run(type_and_enter(session, "pass"))
    assert made[0]["seat"] == 0 and made[0]["action"] == "pass"


def test_enter_in_the_list_plays_nothing_until_an_action_is_moved_to():
    state = turns_of_p1(wanted=("draw",))[0]
    session = at(state)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[int, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            before = len(session.state.log)
            app.query_one("#actions").focus()
            await pilot.press("enter")
            await pilot.pause()
            unchanged = len(session.state.log) - before
            # Letters typed in the list go to the action box, whatever they are.
            await pilot.press("s", "q", "r", "d")
            await pilot.pause()
            return unchanged, app.query_one("#command").value

    unchanged, typed = asyncio.run(run())
    assert unchanged == 0
    assert typed == "sqrd"


def test_the_shortcuts_in_the_hand_leave_other_letters_to_the_box():
    state = turns_of_p1(wanted=("draw",))[0]
    session = at(state)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.query_one("#hand").focus()
            await pilot.press("p", "a", "s", "s")  # p is no shortcut: it goes to the box
            await pilot.pause()
            return app.query_one("#command").value, type(app.focused).__name__

    typed, focused = asyncio.run(run())
    assert typed == "pass" and focused == "CommandBox"


def test_saving_on_quit_never_replaces_an_earlier_saved_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "contract-game.jsonl"
    earlier.write_text('{"record":"rummy-rules game","format":1}\n')
    before = earlier.read_bytes()
    session = game("contract", 4, seed=2)
    app = PlayApp(session, pace=0)

    async def run() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            offered = app.screen.query_one("#save-as").value
            await pilot.press("enter")
            await pilot.pause()
            return offered

    offered = asyncio.run(run())
    assert offered == "contract-game-2.jsonl"
    assert earlier.read_bytes() == before
    session.close()
    assert PlaySession.resume(tmp_path / offered).state.log == session.state.log


def test_a_person_knocks_in_gin_by_typing_the_knock():
    state = None
    for seed in range(1, 40):
        session = game("gin", 2, seed=seed)
        import random

        from rummy_rules.engine.view import seat_view
        from rummy_rules.sim.bots import make_bot

        me = make_bot("greedy", random.Random(seed))
        for _ in range(200):
            list(session.bot_moves())
            if session.over() or any(t.startswith("knock") for t in session.legal()):
                break
            assert session.play(str(me.choose(seat_view(session.state, 0)))) is None
        if not session.over() and any(t.startswith("knock") for t in session.legal()):
            state = session.state.clone()
            break
    assert state is not None, "p1 never could knock"
    session = at(state, "gin")
    knock = next(t for t in session.legal() if t.startswith("knock"))
    card = knock.split()[1]
    made = asyncio.run(type_and_enter(session, f"knock {card}"))
    mine = [e for e in made if "action" in e and e["seat"] == 0]
    assert mine[0]["action"].startswith(f"knock {card} with ")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_log_lines_wrap_within_the_log_pane_and_nothing_is_cut(size):
    """A hint and a refusal longer than the pane wrap onto more lines; every
    word of them is in the pane (RichLog would render at 78 columns and cut)."""
    from textual.widgets import RichLog

    app = PlayApp(game("contract", 4, seed=5), pace=0)
    said = "not allowed: 'ZZ' is not a card (write 10H, QS, AS or JK); " * 2

    async def run() -> tuple[list[str], int]:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.log_line(said)
            await pilot.pause()
            log = app.query_one("#log", RichLog)
            width = log.scrollable_content_region.width
            return [strip.text.rstrip() for strip in log.lines], width

    lines, width = asyncio.run(run())
    assert all(len(line) <= width for line in lines)
    assert " ".join(" ".join(lines).split()).endswith(" ".join(said.split()))


def test_a_buy_offer_is_shown_with_the_status_above_the_table():
    from textual.widgets import Static

    session = game("contract", 4, seed=5)
    app = PlayApp(session, pace=0)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(400):
                await pilot.pause()
                if session.my_turn() and "buy" in session.legal():
                    break
                if session.my_turn() and app.query_one("#actions").option_count:
                    await pilot.press("down", "enter")
            status = str(app.query_one("#status", Static).render())
            table = str(app.query_one("#table", Static).render())
            return status, table

    status, table = asyncio.run(run())
    assert status.splitlines()[-1].startswith("May I? ") and "penalty card" in status
    assert "May I?" not in table


def test_the_footer_names_each_command_once_when_the_hand_has_the_focus():
    # r and q in the hand do what ^r and ^q do everywhere: the footer shows
    # one of each (at 80 columns both did not fit beside the hand's keys).
    app = PlayApp(game("contract", 4), pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.query_one("#hand").focus()
            await pilot.pause()
            shown = [b.binding for b in app.active_bindings.values() if b.binding.show]
            return [str(b.description) for b in shown]

    descriptions = asyncio.run(run())
    assert "Rules" in descriptions and "Quit" in descriptions
    assert len(descriptions) == len(set(descriptions)), descriptions


def test_a_searching_bot_thinks_in_the_background_and_its_moves_are_played(tmp_path):
    """A bot that searches (the hard level) works out its move in a thread:
    the log says it is thinking, then shows its move; the game goes on and
    its record replays."""
    spec = load_variant("gin")
    record = tmp_path / "game.jsonl"
    session = PlaySession(
        spec, players=2, seat=0, bots=["search:samples=1:width=2"], seed=2, record=record
    )
    app = PlayApp(session, pace=0)

    async def run() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(400):
                await pilot.pause()
                await app.workers.wait_for_complete()
                bot_turns = sum(1 for e in session.state.log if e.get("seat") == 1)
                if bot_turns >= 4 or session.over():
                    break
                if session.my_turn() and app.query_one("#actions").option_count:
                    await pilot.press("down", "enter")
            await pilot.pause()
            return [str(line.text) for line in app.query_one("#log").lines]

    lines = asyncio.run(run())
    assert any(line == "p2 is thinking…" for line in lines)
    assert sum(1 for e in session.state.log if e.get("seat") == 1) >= 4
    report = replay_record(record, partial=True)
    assert report.actions == len([e for e in session.state.log if "action" in e])


def test_a_deal_s_end_goes_on_at_a_click_of_its_button_even_at_80x24():
    """Played by the mouse alone, a deal's end needs a button: it fits the
    smallest screen under the longest report, and a click goes on."""
    from textual.app import App

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(DealEndScreen([f"line {i}" for i in range(60)], "Deal 1 is over"))

    async def go() -> str:
        app = One()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            button = app.screen.query_one("#deal-end-go-on")
            assert button.region.bottom <= 23  # above the footer's row
            await pilot.click("#deal-end-go-on", offset=(3, 1))
            await pilot.pause()
            return type(app.screen).__name__

    assert asyncio.run(go()) == "Screen"


def test_at_80_columns_the_status_folds_between_seats_never_inside_one():
    """Four seats' cards and states do not fit one row at 80x24: the status
    breaks between seats, so that each seat's entry reads whole on one row
    (Canasta, in Bulgarian, whose words are the longest)."""
    from rich.cells import cell_len

    from rummy_rules.cli.play_widgets import ENTRY_GAP, StatusPane
    from rummy_rules.render.i18n import language

    with language("bg"):
        session = game("canasta", 4, seed=2)
        app = PlayApp(session, pace=0)

        async def run() -> tuple[list[str], list[str], int]:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                pane = app.query_one("#status", StatusPane)
                rows = str(pane.content).split("\n")
                return pane.lines, rows, pane.content_region.width

        lines, rows, width = asyncio.run(run())
    (seats,) = [line for line in lines if line.startswith("p1 (")]
    entries = seats.split(ENTRY_GAP)
    assert cell_len(seats) > width and len(entries) == 4
    for entry in entries:
        assert any(entry in row for row in rows), entry
    assert all(cell_len(row) <= width for row in rows if ENTRY_GAP in row)


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
def test_the_keys_under_the_hand_fit_at_80_columns_in_every_language(lang):
    """The hand's keys are written in its border: at 80x24 a form that fits is
    chosen (the words, the short form, or the keys and where the help is)."""
    from rummy_rules.cli.play_widgets import HandBar
    from rummy_rules.render.i18n import language

    with language(lang):
        app = PlayApp(game("contract", 4, seed=2), pace=0)

        async def run() -> tuple[str, int]:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                bar = app.query_one("#hand", HandBar)
                return str(bar.border_subtitle), bar.outer_size.width

        keys, width = asyncio.run(run())
    assert keys and len(keys) + 6 <= width, (keys, width)
