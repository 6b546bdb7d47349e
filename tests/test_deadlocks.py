"""Deals that the rules as written can lock: shown on a recorded game, played again
card for card (a stacked deck: the record holds the deck's order and every move).

Some shipped files end a few percent of their deals blocked in greedy
simulations (docs/engine.md: a deal in which the stock is rebuilt twice with
no one melding or laying off ends and is scored as it stands). These tests
show that such a position is a deadlock of the rules, not of the bots' play:
no sequence of legal moves from it lets anyone go out.
"""

from __future__ import annotations

from pathlib import Path

from rummy_rules.cards import format_card
from rummy_rules.engine import parse_action
from rummy_rules.sim.records import load_game

DATA = Path(__file__).parent / "data"


def test_ten_contracts_deal_one_locks_when_everyone_is_down_and_nothing_left_fits():
    # variants/house/ten-contracts.yaml, deal 1 (a pair of aces and three of a
    # kind), from `rummy-rules simulate variants/house/ten-contracts.yaml
    # --games 40 --bots greedy --seed 1 --records r.jsonl`, game 11, up to the
    # draw that ends the deal.
    state = load_game(DATA / "ten-contracts-deadlock.jsonl").state
    assert state.deal_index == 0
    # Every player has gone down, and the file allows no new meld after that
    # (melding.new_melds_after_opening: false, opening.once_per_deal: true):
    # a hand can shrink only by a lay-off, since each turn draws one card and
    # discards one.
    assert all(state.is_down(seat) for seat in range(state.seats))
    assert not state.rules.play.new_melds
    hands = [[format_card(f) for f in state.hand(seat)] for seat in range(state.seats)]
    assert hands == [["3C", "3C", "3H"], ["3S"], ["3S"], ["3D", "4S", "4S"]]
    # The table holds sets of aces, queens and kings only, and not one card left
    # in play (every hand, the stock and the discard pile, which becomes the
    # stock) fits any of them: no lay-off is possible now or ever, so no hand
    # ever shrinks and nobody can go out, whatever anyone draws or discards.
    faces = state.faces
    loose = [faces[c] for c in state.stock + state.discard_pile]
    loose += [f for seat in range(state.seats) for f in state.hand(seat)]
    assert not [format_card(f) for f in loose if state.fits_table(f)]
    # The rules' own ending then closes the deal: the next draw rebuilds the
    # stock for the second time with no meld or lay-off since the first.
    state.apply(parse_action("draw"))
    assert state.results[0].reason == "blocked"
    assert state.deal_index == 1
