"""A game served to a web page is saved as it is played, and a page opened
again (a reload, a new tab) is offered the unfinished game back, on the page
itself, before a new one starts (rummy-rules play, served)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from rummy_rules.cli.autosave import in_use, unfinished_games
from rummy_rules.cli.play_cmd import _new_game
from rummy_rules.cli.play_dialogs import OfferScreen, QuitScreen
from rummy_rules.cli.play_screen import PlayApp
from rummy_rules.cli.served import FOLDER_ENV


@pytest.fixture
def served(tmp_path, monkeypatch):
    """This process as a served game, its server's folder a new one."""
    folder = tmp_path / "served"
    folder.mkdir()
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def _start(seed=None):  # type: ignore[no-untyped-def]
    """The new game and the offer (the third value, busy: see the test below)."""
    return _new_game("gin", None, None, 1, "random", seed, None, force=False)[:2]


def _a_few_moves(session) -> int:  # type: ignore[no-untyped-def]
    """Play the person's seat and the bots' until the person has made three moves."""
    made = 0
    while made < 3 and not session.over():
        if session.my_turn():
            assert session.play(session.legal()[0]) is None
            made += 1
        else:
            for _move in session.bot_moves():
                pass
    return len(session.state.log)


def test_a_served_game_is_saved_in_the_server_s_folder_as_it_is_played(served):
    session, offer = _start()
    with session:
        assert offer is None
        assert session.record is not None and session.record.parent == served
        moves = _a_few_moves(session)
        session.save()
    (waiting,) = unfinished_games("gin", folder=served)
    assert waiting.path == session.record and moves > 3


def test_a_page_opened_again_is_offered_the_unfinished_game_and_goes_on_with_it(served):
    first, _ = _start()
    with first:
        moves = _a_few_moves(first)
        first.save()
    record = first.record
    session, offer = _start()
    assert offer is not None and offer.session.record == record
    assert session.record is None  # no file for the new game until it is chosen
    app = PlayApp(session, offer=offer, pace=0.0)

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, OfferScreen)
            assert "An unfinished game of Gin Rummy" in app.screen.text
            await pilot.press("y")
            await pilot.pause()
            assert app.session is offer.session
            assert len(app.session.state.log) >= moves
            app.exit()

    asyncio.run(go())
    assert sorted(served.glob("*.jsonl")) == [record]
    offer.session.close()
    session.close()


def test_a_new_game_chosen_instead_gets_its_own_file_and_the_old_one_stays(served):
    first, _ = _start()
    with first:
        _a_few_moves(first)
        first.save()
    kept = first.record.read_text()
    session, offer = _start()
    assert offer is not None
    app = PlayApp(session, offer=offer, pace=0.0)

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert app.session is session and session.record is not None
            app.exit()

    asyncio.run(go())
    session.close()
    assert len(list(served.glob("*.jsonl"))) == 2
    assert first.record.read_text() == kept
    assert not in_use(first.record)  # the offer's claim is given up


def test_a_game_open_in_another_page_is_not_offered(served):
    first, _ = _start()
    with first:
        _a_few_moves(first)
        first.save()
        assert in_use(first.record)
        second, offer = _start()
        with second:
            assert offer is None  # the other page has it: a new game, no question
            assert second.record is not None and second.record != first.record


def test_a_game_chosen_by_its_seed_is_dealt_without_an_offer(served):
    first, _ = _start()
    with first:
        _a_few_moves(first)
        first.save()
    session, offer = _start(seed=5)
    with session:
        assert offer is None


def test_quitting_a_served_game_says_it_goes_on_when_the_page_opens_again(served):
    session, _ = _start()
    app = PlayApp(session, pace=0.0)

    async def go() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_quit_game()
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            text = " ".join(str(label.render()) for label in app.screen.query("Label"))
            app.exit()
            return text

    text = asyncio.run(go())
    session.close()
    assert "open this page again to go on with it" in text


def test_a_page_opened_while_the_game_is_open_in_another_says_so_and_plays_a_new_one(served):
    """The second tab: the unfinished game is another page's (claimed), so it is
    not offered; the page says where the game is instead of dealing in silence."""
    first, _offer = _start()
    with first:
        _a_few_moves(first)
        first.save()
        assert in_use(first.record)
        session, offer, busy = _new_game("gin", None, None, 1, "random", None, None, force=False)
        assert offer is None and busy
        app = PlayApp(session, offer=offer, busy=busy, pace=0.0)

        async def go() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                log = " ".join(line.text for line in app.query_one("#log").lines)
                assert "Your unfinished game of Gin Rummy is open in another page" in log
                app.exit()

        asyncio.run(go())
        session.close()
    # Closed there, it is offered again and nothing is said.
    session, offer, busy = _new_game("gin", None, None, 1, "random", None, None, force=False)
    assert offer is not None and not busy
    offer.session.close()
    session.close()
