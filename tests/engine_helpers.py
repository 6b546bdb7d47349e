"""Stacked decks and quick states for engine tests."""

from __future__ import annotations

import hashlib
import json
import random

from rummy_rules import load_variant
from rummy_rules.cards import format_card, parse_cards
from rummy_rules.engine import GameState, ScriptedChance, parse_action
from rummy_rules.engine.melds import Meld
from rummy_rules.engine.rules import compile_rules
from rummy_rules.sim.bots import RandomBot, make_bot, parse_bot_spec, play_game
from rummy_rules.sim.records import record_lines, replay_record


def meld_rules(variant, players, *overrides):
    """The compiled meld rules of ``variant`` (with ``--set`` style overrides)."""
    return compile_rules(load_variant(variant, list(overrides)), players).melds


def natural_meld(kind, text):
    """A meld of ``kind`` of the natural cards ``text`` (each stands for itself)."""
    faces = tuple(parse_cards(text))
    return Meld(kind, faces, faces)


def act(state, text):
    """Play the action written as ``text`` (raises if it is illegal)."""
    state.apply(parse_action(text))


def why(state, text):
    """Why the action written as ``text`` is illegal now (``None``: legal)."""
    return state.check(parse_action(text))


def texts(state):
    """The legal actions now, as text."""
    return [str(a) for a in state.legal_actions()]


def pile(state):
    """The discard pile, bottom first, as text."""
    return [format_card(state.faces[c]) for c in state.discard_pile]


def stacked_order(rules, hands, *, upcard, stock=(), dealer=0, feet=None):
    """A deck order dealing ``hands`` (text per seat), then (``deals[].foot``) the
    ``feet`` (text per seat, or per team with ``foot_per: team``), then ``upcard`` (``""``: none, for a pack with no
    upcard), then ``stock`` on top."""
    seats = rules.players
    size = rules.pack.size
    faces = rules.pack.faces()
    free = {}
    for card in range(size):
        free.setdefault(faces[card], []).append(card)

    def take(face):
        return free[face].pop(0)

    per_seat = [parse_cards(hands[s]) if s in hands else [] for s in range(seats)]
    cards = rules.deals[0].cards
    dealt = [[take(f) for f in seat_faces] for seat_faces in per_seat]
    foot = rules.deals[0].foot
    slots = seats // 2 if rules.deals[0].foot_per_team else seats  # feet by team or seat
    foot_faces = [parse_cards((feet or {}).get(s, "")) for s in range(slots)]
    footed = [[take(f) for f in seat_faces] for seat_faces in foot_faces]
    up = [take(parse_cards(upcard)[0])] if upcard else []  # no upcard: table.upcard false
    top = [take(f) for f in parse_cards(" ".join(stock))] if stock else []
    rest = [c for pile in free.values() for c in pile]
    # fill incomplete hands from the rest
    for s in range(seats):
        while len(dealt[s]) < cards:
            dealt[s].append(rest.pop())
    for s in range(slots):
        while len(footed[s]) < foot:
            footed[s].append(rest.pop())
    order = []
    for i in range(cards):
        for k in range(seats):
            seat = (dealer + 1 + k) % seats
            order.append(dealt[seat][i])
    for i in range(foot):
        for k in range(slots):
            order.append(footed[(dealer + 1 + k) % slots][i])
    order.extend(up)
    order.extend(top)
    order.extend(rest)
    assert sorted(order) == list(range(size))
    return order


def stacked_state(
    variant, players, hands, *, upcard, stock=(), overrides=(), dealer=0, feet=None, cut=None
):
    """A game whose first deal is dealt as given (and cut, where the variant scores
    an exact cut, by ``cut`` cards); seat 1 (after dealer 0) moves first."""
    spec = load_variant(variant, list(overrides))
    rules = compile_rules(spec, players)
    order = stacked_order(rules, hands, upcard=upcard, stock=stock, dealer=dealer, feet=feet)
    cuts = {0: cut} if cut is not None else None
    chance = ScriptedChance(first_dealer=dealer, decks={0: order}, cuts=cuts)
    return GameState(rules, chance=chance)


def play_checked_game(state, bots):
    """Play ``state`` to the end with ``bots``, checking after every action that the
    player to move had a legal action, the bot's choice was legal, and every card
    is in exactly one place; checks that the totals add up at the end. A bot with
    ``live_view`` plays from a live view, which must show what the eager view shows."""
    from dataclasses import fields

    from rummy_rules.engine.view import SeatView, live_seat_view, seat_view

    names = [f.name for f in fields(SeatView)]

    every = list(range(state.rules.pack.size))
    deal = -1
    while not state.is_terminal():
        if state.deal_index != deal:
            deal = state.deal_index
            for number, bot in enumerate(bots):
                if hasattr(bot, "new_deal"):
                    bot.new_deal(state.deal_rules_of(number))
        seat = state.to_move
        view = seat_view(state, seat)
        assert view.legal, f"p{seat + 1} has no legal action in phase {state.phase}"
        _check_listing(state, view.legal)
        if getattr(bots[seat], "live_view", False):
            live = live_seat_view(state, seat)
            action = bots[seat].choose(live)
            for name in names:  # every field, read or not by the bot
                assert getattr(live, name) == getattr(view, name), f"live view differs: {name}"
        else:
            action = bots[seat].choose(view)
        assert state.is_legal(action)
        state.apply(action)
        assert sorted(state.all_cards()) == every, "cards are not conserved"
    # The end-of-game bonuses (game, box, shutout) are written in the game's last line.
    bonuses = state.log[-1].get("bonuses") or [0] * state.seats
    totals = [
        sum(r.scores[s] + (r.adjust[s] if r.adjust else 0) for r in state.results) + bonuses[s]
        for s in range(state.seats)
    ]
    assert totals == state.totals
    return state


class WaryRandomBot(RandomBot):
    """A random bot that, where discarding a card one could lay off costs
    penalty cards (discard.playable: penalty), makes such a discard only one
    time in ten when another discard is legal: a random player would take
    penalties until the stock ran out, and hands of 40 cards make every
    whole-hand check slow without reaching any more rules."""

    def __init__(self, rng: random.Random, state: GameState) -> None:
        super().__init__(rng)
        self.state = state

    def choose(self, view):
        action = super().choose(view)
        if action.kind != "discard" or not self.state.rules.play.playable_penalty:
            return action
        from rummy_rules.engine.laying_off import legal_layoff_of

        def costly(a):
            return legal_layoff_of(self.state.game, a.card)

        if costly(action) and self.rng.random() >= 0.1:
            free = [a for a in view.legal if a.kind == "discard" and not costly(a)]
            if free:
                return self.rng.choice(free)
        return action


def play_and_replay(spec, seed, players, record):
    """Play one game of ``spec`` with wary random players, every invariant
    checked after every action (at most 25 deals, no deal reaching the turn
    cap), then replay it from its record (written to ``record``)."""
    players = max(spec.players.min, min(players, spec.players.max))
    rules = compile_rules(spec, players)
    # 25 deals at most: enough to reach every rule, and CI time stays bounded.
    state = GameState(rules, seed=seed, deal_cap=25)
    bots = [WaryRandomBot(random.Random(seed + s), state) for s in range(players)]
    play_checked_game(state, bots)
    assert state.game_over_reason in ("rules", "deal_cap")
    for result in state.results:
        assert result.reason != "turn_cap", result
    record.write_text("\n".join(record_lines(state, spec.model_dump(mode="json"))) + "\n")
    replayed = replay_record(record)
    assert replayed.finished and list(replayed.totals) == state.totals
    return state


def _check_listing(state, legal):
    """Every action listed as legal passes :meth:`GameState.check`, and every card
    in hand that the check would let the player discard is listed."""
    from rummy_rules.engine import Action

    for action in legal:
        assert state.check(action) is None, f"listed but illegal: {action}"
    if state.phase == "play":
        listed = {a.card for a in legal if a.kind == "discard"}
        allowed = {
            face
            for face in set(state.hand(state.current))
            if state.check(Action("discard", card=face)) is None
        }
        assert listed == allowed, f"discards listed {listed}, allowed {allowed}"


#: The bots (by seat, repeated round the table) and the seed of the games whose
#: play tests/golden/play_digests.json pins, one game per shipped variant each.
DIGEST_BOTS = ("random", "greedy:buy=eager:take=eager:down=late,greedy")
DIGEST_SEED = 5


def play_digest(variant: str, bots: str, seed: int) -> dict:
    """One game of ``variant``: the sha256 of its log (deals, deck orders,
    actions), and beside it what a reader of a changed golden file wants to
    see: how many deals and actions, how each deal ended, the final totals and
    the winners."""
    spec = load_variant(variant)
    players = spec.players.best or spec.players.min
    state = GameState(compile_rules(spec, players), seed=seed)
    names = bots.split(",")
    seated = [
        make_bot(parse_bot_spec(names[s % len(names)]), random.Random(seed * 31 + s))
        for s in range(players)
    ]
    play_game(state, seated)
    text = "\n".join(json.dumps(entry, sort_keys=True) for entry in state.log)
    ended: dict[str, int] = {}
    for result in state.results:
        ended[result.reason] = ended.get(result.reason, 0) + 1
    return {
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "deals": len(state.results),
        "actions": sum(1 for entry in state.log if "action" in entry),
        "ended_by": dict(sorted(ended.items())),
        "totals": list(state.totals),
        "winners": [f"p{s + 1}" for s in state.winners()],
    }
