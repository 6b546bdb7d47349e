"""The same deals in OpenSpiel's ``gin_rummy`` and in our engine, compared move by move.

OpenSpiel plays a hand with seeded choices (``policy``); the hand is then
replayed in our engine under ``variants/house/gin-openspiel.yaml`` (with the
same parameters mapped to our keys), with the same cards in the same order
and the same decisions. At every decision both engines must offer the same
choices:

* the first upcard and every draw: take the upcard, pass, or draw from the stock;
* after a draw: the same discards, and a knock in both or in neither;
* a knock: the same cards that may be discarded to knock (our ``knock`` names
  OpenSpiel's discard and the melds it then lays);
* the other player's answer: the same cards that may be laid off, the same
  melds that may be laid (ours takes OpenSpiel's lay-offs, melds and pass);
* the wall (two cards left in the stock): OpenSpiel's knock is our taking
  the discard to knock with it, its pass our draw, which voids the hand.

At the end the hand's scores must agree. OpenSpiel's own guards against
endless play (50 draws of the upcard, the same card taken and thrown back
twice in a row) end a hand that ours would play on: the comparison stops
there and the hand counts as ``guard``.

Run as a script for a long comparison:
``python -m tests.openspiel_gin --games 10000 --seed 1`` (across the
parameter grid; prints the counts and any disagreement).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy_rules import load_variant
from rummy_rules.cards import format_card
from rummy_rules.engine import GameState, Rules, compile_rules, parse_action
from rummy_rules.engine.chance import ScriptedChance

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "variants" / "house" / "gin-openspiel.yaml"

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


def ours(card: int) -> int:
    """OpenSpiel's card number (suits s, c, d, h; ranks A..K) as our face (suits C, D, H, S)."""
    return ((card // 13 + 3) % 4) * 13 + card % 13


def cards_text(cards: Any) -> str:
    return " ".join(format_card(ours(c)) for c in sorted(cards, key=ours))


@dataclass
class Params:
    """OpenSpiel's parameters of gin_rummy that our keys map."""

    knock_card: int = 10
    oklahoma: bool = False
    gin_bonus: int = 25
    undercut_bonus: int = 25

    def openspiel(self) -> dict[str, Any]:
        return {
            "knock_card": self.knock_card,
            "oklahoma": self.oklahoma,
            "gin_bonus": self.gin_bonus,
            "undercut_bonus": self.undercut_bonus,
        }

    def overrides(self) -> list[str]:
        limit = "upcard" if self.oklahoma else str(self.knock_card)
        bonuses = (
            f"[{{event: gin, points: {self.gin_bonus}}}, "
            f"{{event: undercut, points: {self.undercut_bonus}}}]"
        )
        return [f"going_out.knock.deadwood_limit={limit}", f"scoring.bonuses={bonuses}"]


def grid() -> list[Params]:
    """The parameter grid: every knock card, Oklahoma on and off, three bonus pairs."""
    out = [Params(knock_card=k) for k in range(1, 11)]
    out += [Params(oklahoma=True)]
    out += [Params(gin_bonus=g, undercut_bonus=u) for g, u in ((0, 0), (31, 10), (50, 20))]
    out += [Params(knock_card=5, oklahoma=True, gin_bonus=20, undercut_bonus=15)]
    return out


@dataclass
class Step:
    """One decision of OpenSpiel's hand: the phase, who, what was legal, what was chosen."""

    phase: str
    player: int
    legal: list[int]
    chosen: int
    finished_layoffs: bool = False
    took: int | None = None  # the upcard taken by this step
    hand: tuple[int, ...] = ()  # the player's hand before the step
    limit: int = 10  # the knock card in force


@dataclass
class OpenSpielHand:
    deal: list[int]  # the cards dealt, in OpenSpiel's order: p0's ten, p1's ten, the upcard
    draws: list[int]  # the stock cards, in the order drawn
    steps: list[Step]
    returns: list[float]
    guard: bool  # ended by OpenSpiel's guard against endless play


def policy(state: Any, rng: random.Random, utils: Any, took: int | None) -> int:
    """A seeded player that reaches every part of a hand: it knocks when it may
    (nine times in ten), mostly discards the card that leaves least deadwood,
    never throws back a card it has just taken from the pile (which would run
    into OpenSpiel's guard against endless play), and chooses at random
    everywhere else."""
    legal = state.legal_actions()
    phase = str(state.current_phase()).split(".")[-1]
    if phase == "DISCARD":
        if KNOCK in legal and rng.random() < 0.9:
            return KNOCK
        cards = [a for a in legal if a < 52 and a != took]
        if rng.random() < 0.7:
            hand = state.hands()[state.current_player()]
            return min(
                cards, key=lambda c: (utils.min_deadwood([x for x in hand if x != c]), -c % 13)
            )
        return rng.choice(cards + ([KNOCK] if KNOCK in legal else []))
    if phase == "WALL" and KNOCK in legal and rng.random() < 0.9:
        return KNOCK
    return rng.choice(legal)


def play_openspiel(pyspiel: Any, params: Params, seed: int) -> OpenSpielHand:
    """One hand of OpenSpiel's gin_rummy, chance and choices drawn from ``seed``."""
    game = pyspiel.load_game("gin_rummy", params.openspiel())
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(seed)
    state = game.new_initial_state()
    deal: list[int] = []
    draws: list[int] = []
    steps: list[Step] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            card = rng.choice(outcomes)
            (deal if len(deal) < 21 else draws).append(card)
            state.apply_action(card)
            continue
        phase = str(state.current_phase()).split(".")[-1]
        player = state.current_player()
        legal = list(state.legal_actions())
        took = steps[-1].took if steps and steps[-1].player == player else None
        chosen = policy(state, rng, utils, took)
        step = Step(
            phase,
            player,
            legal,
            chosen,
            state.finished_layoffs(),
            hand=tuple(state.hands()[player]),
            limit=state.knock_card(),
        )
        if chosen == DRAW_UPCARD and phase in ("DRAW", "FIRST_UPCARD"):
            step.took = state.upcard()
        steps.append(step)
        state.apply_action(chosen)
    returns = list(state.returns())
    # OpenSpiel's guards: the hand ended with no knock and no wall pass.
    last = steps[-1] if steps else None
    guard = not any(state.knocked()) and not (last and last.phase == "WALL" and last.chosen == PASS)
    return OpenSpielHand(deal, draws, steps, returns, guard)


def play_openspiel_actions(pyspiel: Any, params: Params, actions: list[int]) -> OpenSpielHand:
    """A hand of OpenSpiel's gin_rummy played by a given list of actions (chance
    outcomes included), as OpenSpiel's own tests write them."""
    game = pyspiel.load_game("gin_rummy", params.openspiel())
    state = game.new_initial_state()
    deal: list[int] = []
    draws: list[int] = []
    steps: list[Step] = []
    for action in actions:
        if state.is_chance_node():
            (deal if len(deal) < 21 else draws).append(action)
        else:
            phase = str(state.current_phase()).split(".")[-1]
            player = state.current_player()
            steps.append(
                Step(
                    phase,
                    player,
                    list(state.legal_actions()),
                    action,
                    state.finished_layoffs(),
                    hand=tuple(state.hands()[player]),
                    limit=state.knock_card(),
                )
            )
        state.apply_action(action)
    returns = list(state.returns()) if state.is_terminal() else [0.0, 0.0]
    return OpenSpielHand(deal, draws, steps, returns, guard=False)


class Disagreement(AssertionError):
    """The two engines offered different choices, or scored the hand differently."""


def _our_state(params: Params, hand: OpenSpielHand, rules: Rules | None = None) -> GameState:
    """Our engine dealt ``hand``'s cards in OpenSpiel's order (``rules``: the
    rules for ``params``, compiled by the caller, else here)."""
    if rules is None:
        rules = compile_rules(load_variant(HOUSE, params.overrides()), 2)
    physical = {face: card for card, face in enumerate(rules.pack.faces())}
    p0, p1, upcard = hand.deal[:10], hand.deal[10:20], hand.deal[20]
    order = [physical[ours(c)] for pair in zip(p0, p1, strict=True) for c in pair]
    order.append(physical[ours(upcard)])
    seen = {ours(c) for c in hand.deal} | {ours(c) for c in hand.draws}
    order += [physical[ours(c)] for c in hand.draws]
    order += [physical[f] for f in range(52) if f not in seen]
    # p2 deals, so p1 (OpenSpiel's player 0) plays first.
    return GameState(rules, chance=ScriptedChance(first_dealer=1, decks={0: order}))


def _texts(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _expect(what: str, theirs: Any, mine: Any, where: str) -> None:
    if theirs != mine:
        raise Disagreement(f"{where}: {what}: OpenSpiel {theirs}, ours {mine}")


def replay_in_ours(params: Params, hand: OpenSpielHand) -> tuple[str, GameState]:
    """Replay ``hand`` in our engine, comparing every decision; returns how it ended."""
    state = _our_state(params, hand)
    steps = hand.steps
    i = 0
    while i < len(steps):
        step = steps[i]
        where = f"step {i} ({step.phase}, player {step.player})"
        _expect("seat to move", step.player, state.to_move, where)
        legal = _texts(state)
        if step.phase in ("FIRST_UPCARD", "DRAW"):
            theirs = sorted(
                {DRAW_UPCARD: "take", DRAW_STOCK: "draw", PASS: "pass"}[a] for a in step.legal
            )
            _expect("draw choices", theirs, sorted(t.split()[0] for t in legal), where)
            word = {DRAW_UPCARD: "take", DRAW_STOCK: "draw", PASS: "pass"}[step.chosen]
            state.apply(parse_action(next(t for t in legal if t.split()[0] == word)))
            i += 1
        elif step.phase == "WALL":
            takes = [t for t in legal if t.startswith("take")]
            _expect("knock at the wall", KNOCK in step.legal, bool(takes), where)
            if step.chosen == PASS:
                state.apply(parse_action("draw"))  # the hand is void
                i += 1
            else:
                state.apply(parse_action(takes[0]))
                i = _knock(state, steps, i + 1, where)
        elif step.phase == "DISCARD":
            discards = sorted(ours(a) for a in step.legal if a < 52)
            mine = sorted(parse_action(t).card for t in legal if t.startswith("discard"))
            _expect("discards", discards, mine, where)
            knocks = [t for t in legal if t.startswith("knock")]
            if knocks and KNOCK not in step.legal and _estimate_misses(step):
                MISSED.append(where)  # OpenSpiel's deadwood estimate, not a rule: see below
            else:
                _expect("knock allowed", KNOCK in step.legal, bool(knocks), where)
            if step.chosen == KNOCK:
                i = _knock(state, steps, i + 1, where)
            else:
                state.apply(parse_action(f"discard {format_card(ours(step.chosen))}"))
                i += 1
        elif step.phase == "LAYOFF":
            i = _answer(state, steps, i)
        else:
            raise Disagreement(f"{where}: a phase the harness does not know")
    if hand.guard:
        return "guard", state
    if not state.is_terminal():
        raise Disagreement("OpenSpiel's hand is over, ours is not")
    result = state.results[0]
    theirs = [int(r) for r in hand.returns]
    if result.reason == "void":
        _expect("scores of a void hand", theirs, [0, 0], "the end")
    else:
        winner = result.went_out
        mine = [0, 0]
        if winner is not None:
            points = result.scores[winner]
            mine = [points if s == winner else -points for s in range(2)]
        _expect("scores", theirs, mine, "the end")
    return result.reason, state


#: Decisions where OpenSpiel offers no knock that the rules allow (see _estimate_misses).
MISSED: list[str] = []
_UTILS: list[Any] = []


def _estimate_misses(step: Step) -> bool:
    """Whether OpenSpiel's offer of a knock misses one the rules allow, and only
    because of how it estimates deadwood.

    OpenSpiel offers a knock when its ``MinDeadwood`` of the eleven cards is
    within the limit: the best melds of all eleven cards, less the highest
    card left over. The least deadwood after a discard can be lower (a discard
    from a meld whose rest is still a meld, or another layout once the high
    card is gone); the knock discards it then lists (``LegalDiscards``) use
    the exact count. True when the estimate is over the limit and the exact
    least deadwood is within it.
    """
    utils = _UTILS[0]
    hand = list(step.hand)
    estimate = utils.min_deadwood(hand)
    exact = min(utils.min_deadwood([c for c in hand if c != d]) for d in hand)
    return estimate > step.limit >= exact


def _knock(state: GameState, steps: list[Step], i: int, where: str) -> int:
    """OpenSpiel's knock: its discard, then its melds, then pass, as one ``knock`` of ours."""
    step = steps[i]
    allowed = sorted(ours(a) for a in step.legal if a < 52)
    mine = sorted(parse_action(t).card for t in _texts(state) if t.startswith("knock"))
    _expect("knock discards", allowed, mine, where)
    discard = ours(step.chosen)
    i += 1
    melds = []
    while steps[i].chosen != PASS:
        melds.append(cards_text(_meld_cards(steps[i].chosen)))
        i += 1
    text = f"knock {format_card(discard)}" + (" with " + " / ".join(melds) if melds else "")
    reason = state.check(parse_action(text))
    if reason is not None:
        raise Disagreement(f"{where}: OpenSpiel's knock {text} is refused: {reason}")
    state.apply(parse_action(text))
    return i + 1


_MELDS: dict[int, list[int]] = {}


def _meld_cards(action: int) -> list[int]:
    return _MELDS[action - MELD_BASE]


def _answer(state: GameState, steps: list[Step], i: int) -> int:
    """The other player's lay-offs, then (after a pass) melds, then pass: ours
    takes each lay-off and meld, and ends at OpenSpiel's last pass."""
    while True:
        step = steps[i]
        where = f"step {i} (LAYOFF, player {step.player})"
        legal = _texts(state)
        if not step.finished_layoffs:
            theirs = sorted(ours(a) for a in step.legal if a < 52)
            mine = sorted({parse_action(t).card for t in legal if t.startswith("layoff")})
            # OpenSpiel grows a run by at most two lay-offs at one end (its
            # AllLayoffs applies earlier lay-offs in one pass): ours may offer
            # more, and only there.
            extra = [f for f in mine if f not in theirs]
            _expect(
                "lay-offs OpenSpiel offers and we do not",
                [],
                sorted(set(theirs) - set(mine)),
                where,
            )
            for face in extra:
                if not _third_at_an_end(state, face):
                    _expect("lay-offs", theirs, mine, where)
            if step.chosen != PASS:
                # OpenSpiel counts a lay-off as extending every meld it fits; ours
                # lays it on one: a run, where it can go on growing.
                face = format_card(ours(step.chosen))
                options = [parse_action(t) for t in legal if t.startswith(f"layoff {face}@")]
                runs = [a for a in options if state.melds[a.target].kind == "run"]
                state.apply((runs or options)[0])
            i += 1
            continue
        theirs_melds = sorted(
            tuple(sorted(ours(c) for c in _meld_cards(a))) for a in step.legal if a >= MELD_BASE
        )
        # OpenSpiel's melds are runs of at most five cards (a longer run is laid
        # as two melds): ours lists longer runs too.
        mine_melds = sorted(
            tuple(sorted(parse_action(t).melds[0].cards))
            for t in legal
            if t.startswith("meld") and len(parse_action(t).melds[0].cards) <= 5
        )
        _expect("melds", theirs_melds, mine_melds, where)
        if step.chosen == PASS:
            state.apply(parse_action("end"))
            return i + 1
        state.apply(parse_action("meld " + cards_text(_meld_cards(step.chosen))))
        i += 1


def _third_at_an_end(state: GameState, face: int) -> bool:
    """Whether laying off ``face`` would add a third card laid off at one end of a
    knocker's run (what OpenSpiel does not offer)."""
    knocker = 1 - state.to_move
    for meld in state.melds:
        if meld.owner != knocker or meld.kind != "run":
            continue
        suit = meld.stands_for[0] // 13
        ends = (
            (meld.stands_for[0] - 1, meld.laid_by),
            (meld.stands_for[-1] + 1, meld.laid_by[::-1]),
        )
        for before, laid in ends:
            if before != face or face // 13 != suit:
                continue
            off = 0
            for seat in laid:
                if seat == knocker:
                    break
                off += 1
            if off >= 2:
                return True
    return False


@dataclass
class Tally:
    games: int = 0
    ended: Counter[str] = field(default_factory=Counter)
    disagreements: list[str] = field(default_factory=list)
    decisions: int = 0
    missed_knocks: int = 0  # knocks the rules allow that OpenSpiel's estimate does not offer


def compare(pyspiel: Any, games: int, seed: int, params_list: list[Params] | None = None) -> Tally:
    """``games`` hands across ``params_list`` (default: the whole grid), compared."""
    global _MELDS
    if not _MELDS:
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        _MELDS = {k: list(v) for k, v in utils.int_to_meld.items()}
        _UTILS.append(utils)
    params_list = params_list or grid()
    tally = Tally()
    MISSED.clear()
    for n, params in zip(range(games), itertools.cycle(params_list)):
        hand = play_openspiel(pyspiel, params, seed * 1_000_003 + n)
        tally.games += 1
        tally.decisions += len(hand.steps)
        try:
            reason, _ = replay_in_ours(params, hand)
        except Disagreement as exc:
            tally.disagreements.append(f"game {n} ({params}): {exc}")
            continue
        tally.ended[reason] += 1
    tally.missed_knocks = len(MISSED)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    import pyspiel

    start = time.perf_counter()
    tally = compare(pyspiel, args.games, args.seed)
    took = time.perf_counter() - start
    print(
        f"{tally.games} hands, {tally.decisions} decisions compared in {took:.0f} s; "
        f"ended: {dict(sorted(tally.ended.items()))}; disagreements: {len(tally.disagreements)}; "
        f"knocks OpenSpiel's deadwood estimate does not offer: {tally.missed_knocks}"
    )
    for line in tally.disagreements[:20]:
        print("  " + line)
    return 1 if tally.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
