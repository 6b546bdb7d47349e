"""A game with a person at one seat and bots at the others.

:class:`PlaySession` is what every way of playing (the full-screen game and
the line-based ``--plain`` mode of ``rummy-rules play``) is built on: it
plays the bots' turns, shows the person only their own seat's view, checks
each of their actions with the engine (an illegal one changes nothing and
comes back with the engine's reason), and keeps the game's record written
after every action, so a game can be stopped at any point and resumed.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import CardNames
from ..engine.actions import Action, ActionError, format_seat_action, parse_action
from ..engine.buying import buy_cost
from ..engine.game import BUY
from ..engine.hints import contract_hint, read_group
from ..engine.knocking import complete_knock, wrong_knock
from ..engine.refusals import Refusal
from ..engine.rules import UNLIMITED, compile_rules
from ..engine.shapes import describe_contract
from ..engine.side_sets import opening_minimum_of
from ..engine.state import GameState
from ..engine.view import SeatView, seat_view
from ..errors import UsageError
from ..spec.schema import VariantSpec
from .bots import Bot, make_bot, parse_bot_spec
from .records import load_game, write_record
from .simulate import game_seed, parse_bots

__all__ = [
    "HUMAN",
    "Move",
    "PlaySession",
    "contract_words",
    "deal_result_lines",
    "game_over_line",
    "logged_action_text",
    "offer_lines",
    "sorted_hand",
    "table_lines",
]

#: The label of the person's seat in records.
HUMAN = "you"

#: How a knocked hand ended, said of the seat that won it.
_KNOCKED = {
    "gin": "went gin",
    "knock": "knocked and won the hand",
    "undercut": "undercut the knocker",
}

#: The most ways of reading picked groups of cards tried for one action.
MAX_TRIES = 500


@dataclass(frozen=True, slots=True)
class Move:
    """One action made at the table, as text for the log (``p2 draw``)."""

    seat: int
    text: str


class PlaySession:
    """A game of ``spec`` with the person at ``seat`` (from 0) and ``bots``
    (one spec per other seat, in seat order) at the others.

    ``record``: where the record is kept (written atomically after every
    action); ``state``: a game to go on with (see :meth:`resume`).
    """

    def __init__(
        self,
        spec: VariantSpec,
        *,
        players: int,
        seat: int,
        bots: Sequence[str],
        seed: int = 0,
        record: Path | None = None,
        state: GameState | None = None,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat + 1} is not one of the {players} seats")
        if len(bots) != players - 1:
            raise ValueError(f"give {players - 1} bots, one for every other seat")
        self.spec = spec
        self.seat = seat
        self.record = record
        self.variant: dict[str, Any] = spec.model_dump(mode="json")
        self.state = state or GameState(compile_rules(spec, players), seed=seed)
        #: Whether this game goes on from a record (``state`` given).
        self.resumed = state is not None
        names = list(bots)
        names.insert(seat, HUMAN)
        self.names = names
        #: How the pack writes its cards (a numbered pack: 7R); what the person
        #: reads and types is in it, the record in the canonical notation.
        self.cards = self.state.rules.names
        self.bots: list[Bot | None] = []
        for i, name in enumerate(names):
            if i == seat:
                self.bots.append(None)
            else:
                rng = random.Random(game_seed(self.state.seed, i) + len(self.state.log))
                self.bots.append(make_bot(parse_bot_spec(name), rng))
        self._deal = -1
        #: The person's last action as made (with what each wild stands for).
        self.last_made = ""
        #: A wrong declaration the person was warned about (typed again: made).
        self._confirmed = ""

    @classmethod
    def resume(
        cls, path: Path, *, record: Path | None = None, bots: str | None = None
    ) -> PlaySession:
        """Go on with the game recorded at ``path`` (written by a session): the
        person takes the seat labelled ``you``, bots the others.

        A record is data and may come from anyone: the bots it names are seated
        only when they are shipped bots (nothing named in it is imported).
        ``bots`` (bot specs as ``--bots`` takes them, from the command line)
        seats others.
        """
        loaded = load_game(path)
        raw = loaded.header.get("seats")
        players = loaded.state.seats
        if (
            not isinstance(raw, list)
            or len(raw) != players
            or not all(isinstance(s, str) for s in raw)
        ):
            raise UsageError(
                f"{path}: the header's seats must list one name per player ({players}), "
                "as play --record writes them"
            )
        seats = [str(s) for s in raw]
        if seats.count(HUMAN) != 1:
            raise UsageError(
                f"{path} is not a game played with rummy-rules play (no seat is labelled "
                f"'{HUMAN}'): watch it with rummy-rules watch"
            )
        seat = seats.index(HUMAN)
        if bots is None:
            chosen = [s for i, s in enumerate(seats) if i != seat]
            for i, text in enumerate(seats):
                if i == seat:
                    continue
                try:
                    parse_bot_spec(text, shipped_only=True)
                except UsageError as exc:
                    raise UsageError(
                        f"{path}: seat p{i + 1}: {exc}; seat the bots yourself with "
                        f"--bots (one for each of the {players - 1} other seats)"
                    ) from None
        else:
            chosen = parse_bots(bots, players - 1) if players > 1 else []
        return cls(
            loaded.spec,
            players=players,
            seat=seat,
            bots=chosen,
            seed=loaded.state.seed,
            record=record or path,
            state=loaded.state,
        )

    # -- the table as the person sees it ----------------------------------------

    def view(self) -> SeatView:
        """The person's view: their own hand, and what everyone can see."""
        return seat_view(self.state, self.seat)

    def my_turn(self) -> bool:
        """Whether the person is to act now."""
        return not self.state.is_terminal() and self.state.to_move == self.seat

    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def contract(self) -> str:
        """The person's contract in this deal, in words."""
        return contract_words(self.state, self.seat)

    def legal(self) -> list[str]:
        """The person's legal actions now, as text."""
        if not self.my_turn():
            return []
        actions = self.state.legal_actions()
        # The engine lists actions by text ("discard 10C" before "discard 2C");
        # a person reads discards in card order: by rank, then suit.
        discards = iter(
            sorted(
                (a for a in actions if a.kind == "discard"),
                key=lambda a: (a.card % 13 if a.card < 52 else 13, a.card // 13),
            )
        )
        # The discards keep their place in the list, in card order among themselves.
        ordered = [next(discards) if a.kind == "discard" else a for a in actions]
        return [self.cards.show(str(a)) for a in ordered]

    def hint(self) -> str:
        """What the solver suggests: a way to go down now, if there is one, else
        the cards any one of which would complete the deal's contract."""
        return self.cards.show(self._hint())

    def _hint(self) -> str:
        if not self.my_turn():
            return "it is not your turn"
        action = self.state.suggest_down()
        if action is not None:
            return f"you can go down: {action}"
        state = self.state
        rules = state.deal_rules_of(self.seat)
        if not rules.parts or self.view().down[self.seat]:
            return "you cannot go down with these cards yet"
        found = contract_hint(
            state.hand(self.seat),
            rules.parts,
            state.rules.melds,
            rules.wild_faces,
            pack=state.rules.pack.faces(),
            value=state.value,
            all_out=rules.all_out,
        )
        if found.completing:
            cards = ", ".join(self.cards.text(f) for f in found.completing)
            return f"you cannot go down yet; any one of these cards would do it: {cards}"
        if found.met:
            have = describe_contract(found.met, all_out=False)
            return f"you cannot go down yet: you have {have}, and one card more is not enough"
        return "you cannot go down yet, and one card more is not enough"

    # -- playing ----------------------------------------------------------------

    def play(self, text: str) -> str | None:
        """Make the person's action written as ``text``; ``None`` when it was
        made, else why not (the engine's reason; nothing changes)."""
        if self.over():
            return "the game is over"
        if not self.my_turn():
            return f"it is p{self.state.to_move + 1}'s move, not yours"
        try:
            action = parse_action(self.cards.read(text.strip()))
        except (ActionError, ValueError) as exc:
            return self.cards.show(str(exc))
        wild = self.state.deal_rules.wild_faces
        if action.kind in ("down", "meld") and any(
            card in wild and face == card
            for meld in action.melds
            for card, face in zip(meld.cards, meld.stands_for, strict=True)
        ):
            # A wild card whose stand-in is not named: find what it can stand for.
            return self.play_groups(action.kind, [list(m.cards) for m in action.melds])
        reason = self.state.check(action)
        if reason is not None:
            return self.shown(reason)
        warning = self._wrong_declaration(action, text.strip())
        if warning is not None:
            return self.cards.show(warning)
        self._make(action)
        return None

    def _wrong_declaration(self, action: Action, text: str) -> str | None:
        """Where a wrong knock costs points (``going_out.knock.wrong_declaration``):
        a warning the first time the person types one, ``None`` once they type it
        again (or when the knock is right)."""
        g = self.state.game
        cost = g.rules.play.wrong_declaration
        if action.kind != "knock" or cost < 0 or g.deal.phase != "play":
            return None
        wrong = wrong_knock(g, complete_knock(g, action))
        if wrong is None or self._confirmed == text:
            self._confirmed = ""
            return None
        self._confirmed = text
        return (
            f"this declaration is wrong ({wrong}): it costs {cost} points and you leave "
            "the deal; type it again to declare it anyway"
        )

    def play_groups(self, kind: str, groups: Sequence[Sequence[int]]) -> str | None:
        """Go down (``kind`` ``down``) or meld (``meld``) with ``groups`` of cards
        (faces) picked from the hand, one meld per group: each group is read as
        a set or a run, and each wild card as the card it can stand for; the
        first reading the engine allows is made. ``None`` when made, else why not."""
        if self.over():
            return "the game is over"
        if not self.my_turn():
            return f"it is p{self.state.to_move + 1}'s move, not yours"
        if not groups or not all(groups):
            return "pick the cards of each meld"
        rules = self.state.rules.melds
        wild = self.state.deal_rules.wild_faces
        readings = []
        for group in groups:
            found, why = read_group(group, rules, wild)
            if why is not None:
                return self.shown(why)
            readings.append(found)
        first: str | None = None
        for melds in itertools.islice(itertools.product(*readings), MAX_TRIES):
            action = Action(kind, melds=tuple(melds))
            reason = self.state.check(action)
            if reason is None:
                self._make(action)
                return None
            first = first or reason
        assert first is not None
        return self.shown(first)

    def shown(self, reason: str) -> str:
        """``reason`` with its cards as the person reads them; a refusal stays one
        (its code and rule keys kept)."""
        text = self.cards.show(reason)
        return reason.retext(text) if isinstance(reason, Refusal) else text

    def _make(self, action: Action) -> None:
        before = len(self.state.log)
        self.state.apply(action)
        # As recorded: the engine completes what was left out (a knock's melds).
        self.last_made = self.cards.show(str(self.state.log[before].get("action", action)))
        self.save()

    def actions_with(self, faces: Sequence[int]) -> list[str]:
        """The person's legal actions that use exactly the cards ``faces``."""
        wanted = sorted(faces)
        out = []
        for text in self.legal():
            action = parse_action(self.cards.read(text))
            if action.kind not in ("down", "meld", "layoff", "exchange", "discard", "rearrange"):
                continue  # these name no card of the hand
            cards = [c for m in action.melds for c in m.cards]
            if action.kind == "rearrange":
                # The cards from the hand: those laid beyond the melds taken apart.
                table = Counter(
                    self.state.faces[c] for i in action.taken for c in self.state.melds[i].cards
                )
                cards = list((Counter(cards) - table).elements())
            if action.card >= 0 and action.source < 0:
                cards.append(action.card)
            if sorted(cards) == wanted:
                out.append(text)
        return out

    def bot_moves(self) -> Iterator[Move]:
        """Play the bots until it is the person's turn or the game ends, one move
        at a time (the record is saved after each)."""
        while not self.over() and not self.my_turn():
            seat = self.state.to_move
            bot = self.bots[seat]
            assert bot is not None
            if self.state.deal_index != self._deal:
                self._deal = self.state.deal_index
                for other in self.bots:
                    new_deal = getattr(other, "new_deal", None)
                    if new_deal is not None:
                        new_deal(self.state.deal_rules_of(seat))
            action = bot.choose(seat_view(self.state, seat))
            reason = self.state.check(action)
            if reason is not None:  # a bot error: the game cannot go on
                raise RuntimeError(f"the bot at p{seat + 1} chose '{action}': {reason}")
            self.state.apply(action)
            self.save()
            yield Move(seat, self.cards.show(format_seat_action(seat, action)))

    def resumed_lines(self) -> list[str]:
        """For a game going on from its record, where it stands: the deal, and
        its moves so far (the last 30) as the log showed them; nothing hidden
        is named. Empty for a new game."""
        moves = self.moves_so_far()
        if not self.resumed or not moves:
            return []
        return [f"Going on with deal {self.state.deal_index + 1}; its moves so far:", *moves]

    def moves_so_far(self, most: int = 30) -> list[str]:
        """The last ``most`` moves of the deal in play, as the log showed them."""
        lines: list[str] = []
        for entry in reversed(self.state.log):
            if "deal" in entry or len(lines) == most:
                break
            if "action" in entry:
                lines.append(logged_action_text(self.state, entry))
        return lines[::-1]

    def save(self) -> None:
        """Write the record as it stands (atomically), if one is kept."""
        if self.record is not None:
            write_record(self.record, self.state, self.variant, seats=self.names)

    # -- words ------------------------------------------------------------------

    def status(self, *, by_rank: bool = False) -> list[str]:
        """The table as the person sees it, in lines of text (nothing of other hands);
        the hand sorted by suit, or by rank."""
        return table_lines(self.state, self.seat, by_rank=by_rank) + self.offer()

    def offer(self) -> list[str]:
        """What the person is asked in an open buy window (the last lines of :meth:`status`)."""
        return offer_lines(self.state, self.seat)

    def deal_results(self, since: int) -> list[str]:
        """How each deal from number ``since`` (from 0) on ended, in words; while
        the game goes on, then the totals and what the next deal asks for."""
        lines = deal_result_lines(self.state, since)
        if lines and not self.over():
            state = self.state
            totals = "  ".join(f"p{i + 1}: {t}" for i, t in enumerate(state.totals))
            own = state.rules.play.each_player
            ask = "each player on their own contract" if own else contract_words(state)
            then = f"Next, deal {state.deal_index + 1}" + (
                "" if ask == "no contract" else f": {ask}"
            )
            lines.append(f"Totals: {totals}. {then}.")
        return lines

    def result(self) -> list[str]:
        """The final totals and the winners, once the game is over."""
        return [game_over_line(self.state, self.seat)]


def logged_action_text(state: GameState, entry: dict[str, Any]) -> str:
    """An action entry of ``state``'s log as the log shows it ("p2 discard 5C"),
    in the pack's own notation."""
    action = parse_action(entry["action"])
    return state.rules.names.show(format_seat_action(entry["seat"], action))


def deal_result_lines(state: GameState, since: int) -> list[str]:
    """How each deal of ``state`` from number ``since`` (from 0) on ended, in words."""
    lines = []
    for number, result in enumerate(state.results[since:], since + 1):
        won = result.went_out
        if result.reason in _KNOCKED and won is not None:
            who = f"p{won + 1} {_KNOCKED[result.reason]}"
        elif result.reason == "knock":
            who = "a knock with equal deadwood: no score"
        elif won is not None and won >= 0:
            who = f"p{won + 1} went out"
        else:
            who = f"it ended: {result.reason}"
        scores = "  ".join(f"p{i + 1}: {s:+d}" for i, s in enumerate(result.scores))
        lines.append(f"Deal {number} is over: {who}. Scores {scores}.")
    return lines


def game_over_line(state: GameState, you: int | None = None, label: str = "you") -> str:
    """The final totals and the winners (``you``, if given, marked with ``label``)."""
    winners = ", ".join(f"p{w + 1}{f' ({label})' if w == you else ''}" for w in state.winners())
    totals = "  ".join(f"p{i + 1}: {t}" for i, t in enumerate(state.totals))
    return f"The game is over. Totals: {totals}. Best: {winners}."


def offer_lines(state: GameState, seat: int) -> list[str]:
    """What ``seat`` is asked in an open buy window, in words: the card, and
    what buying it costs (empty when nothing is asked of that seat)."""
    d = state.game.deal
    if d.phase != BUY or state.to_move != seat or d.buy_card is None:
        return []
    card = state.rules.names.text(state.game.faces[d.buy_card])
    play = state.rules.play
    if d.buyer_discarding:
        return [f"You bought {card}: discard one of the cards you held before the buy."]
    if d.buy_claim is not None:
        who = f"p{d.buy_claim + 1} asks to buy {card}"
        if play.buy_current_player == "veto":
            return [f"{who}: allow the buy, or veto it."]
        return [
            f"{who}: give them the card you drew as their first penalty card "
            "(you draw again), or keep it (they take their penalty cards from the stock)."
        ]
    cost = buy_cost(state.game, seat)
    price = f"{cost} penalty card{'' if cost == 1 else 's'}" if cost else "no penalty card"
    points = f", and {play.buy_points} points on your score" if play.buy_points else ""
    whose = "The discard" if d.discarder is None else f"p{d.discarder + 1}'s discard"
    return [
        f"May I? {whose} {card} is offered to you: buy takes it with {price}{points}; "
        "pass leaves it."
    ]


def _down_word(down: bool, knocker: bool) -> str:
    return ", knocked" if knocker else ", down" if down else ""


def _left_word(dropped: Sequence[int], seat: int) -> str:
    """``, dropped (20)`` for a player who left the deal at that cost."""
    cost = dropped[seat] if dropped else -1
    return f", dropped ({cost})" if cost >= 0 else ""


def contract_words(state: GameState, seat: int | None = None) -> str:
    """The current deal's contract in words (``seat``'s own, where each player has
    one); in a knock game, the deal's knock limit."""
    limit = state.game.deal.knock_limit
    if state.rules.play.knock_limit != -1:  # a knock game: no contract, a knock limit
        if limit >= UNLIMITED:
            return "knock with any deadwood"
        return "knock with gin only" if limit == 0 else f"knock with {limit} or less deadwood"
    rules = state.deal_rules if seat is None else state.deal_rules_of(seat)
    if not rules.parts:
        g = state.game
        who = g.deal.current if seat is None else seat
        if state.rules.play.opening == "min_points" and not g.is_open(who):
            return f"first melds worth {opening_minimum_of(g, who)} or more"
        return "no contract"
    return describe_contract(rules.parts, all_out=rules.all_out)


def sorted_hand(faces: Sequence[int], *, by_rank: bool = False) -> list[int]:
    """A hand sorted by suit then rank (or by rank then suit), jokers last."""
    if by_rank:
        return sorted(faces, key=lambda f: (f % 13 if f < 52 else 13, f // 13))
    return sorted(faces, key=lambda f: (f // 13 if f < 52 else 4, f % 13))


def _hand_text(faces: Sequence[int], names: CardNames, *, by_rank: bool = False) -> str:
    return names.texts(sorted_hand(faces, by_rank=by_rank))


def _buys_words(state: GameState) -> list[str]:
    """Each seat's buys in this deal (and how many are left), as ``, 1 buy (1 left)``;
    empty where the variant has no buying."""
    play = state.rules.play
    if not play.buying:
        return [""] * state.seats
    g = state.game
    out = []
    for seat in range(state.seats):
        deal_limit = state.deal_rules_of(seat).buy_limit
        if deal_limit is None:
            deal_limit = play.buy_limit_deal
        used = g.deal.buys[seat]
        left = [] if deal_limit is None else [max(0, deal_limit - used)]
        if play.buy_limit_game is not None:
            left.append(max(0, play.buy_limit_game - g.buys_game[seat]))
        text = f", {used} buy{'' if used == 1 else 's'}"
        if left:
            text += f" ({min(left)} left)"
        out.append(text)
    return out


def table_lines(
    state: GameState, seat: int | None, *, label: str = "you", by_rank: bool = False
) -> list[str]:
    """The table as seat ``seat`` (from 0) sees it, in lines of text: only that
    seat's hand, its place marked with ``label``; with ``seat`` None, every hand
    (to watch a record)."""
    v = seat_view(state, seat if seat is not None else 0)
    you = seat if seat is not None else -1
    names = state.rules.names
    own = state.rules.play.each_player
    contract = "each player on their own contract" if own else contract_words(state)
    deal = state.game.deal
    if state.is_terminal():  # the last deal's table, as it ended
        lines = [f"Deal {len(state.results)}: {contract}. Dealer p{v.dealer + 1}."]
    else:
        lines = [f"Deal {v.deal}: {contract}. Dealer p{v.dealer + 1}; p{v.current + 1} to play."]
    if own and you >= 0:
        number = state.deal_rules_of(you).number
        lines.append(f"Your contract ({number} of {len(state.rules.deals)}): "
                     f"{contract_words(state, you)}.")  # fmt: skip
    buys = _buys_words(state)
    stages = [
        f", contract {state.deal_rules_of(i).number}" if own else "" for i in range(state.seats)
    ]
    sizes = "  ".join(
        f"p{i + 1}{f' ({label})' if i == you else ''}: {n} card{'' if n == 1 else 's'}"
        f"{f' and a foot of {v.foot_sizes[i]}' if v.foot_sizes and v.foot_sizes[i] else ''}"
        f"{_down_word(v.down[i], i == deal.knocker)}{_left_word(v.dropped, i)}, "
        f"{v.totals[i]} points{buys[i]}{stages[i]}"
        for i, n in enumerate(v.hand_sizes)
    )
    lines.append(sizes)
    play = state.rules.play
    if play.teams:
        sides: dict[int, list[str]] = {}
        for i, team in enumerate(state.team):
            sides.setdefault(team, []).append(f"p{i + 1}{f' ({label})' if i == you else ''}")
        lines.append("Sides: " + " against ".join(" and ".join(s) for s in sides.values()) + ".")
    laid = [f"p{i + 1} {names.texts(cards)}" for i, cards in enumerate(v.aside) if cards]
    if laid:
        lines.append("Bonus cards laid aside: " + "; ".join(laid) + ".")
    if state.rules.play.discard_pile in ("any_depth", "whole_pile") and len(v.discard_pile) > 1:
        # Where players may dig, the whole spread is in view (the top card last).
        pile = names.texts(v.discard_pile)
        lines.append(f"Stock: {v.stock_size} cards. Discard pile, bottom to top: {pile}.")
    else:
        top = names.text(v.discard_pile[-1]) if v.discard_pile else "empty"
        lines.append(f"Stock: {v.stock_size} cards. Discard pile: {top}.")
    if v.melds:
        lines.append("Table:")
        wild = state.deal_rules.wild_faces
        for i, meld in enumerate(v.melds, 1):
            cards = " ".join(
                names.text(c) if c == s or c not in wild else f"{names.text(c)}={names.text(s)}"
                for c, s in zip(meld.cards, meld.stands_for, strict=True)
            )
            lines.append(f"  {i}. p{meld.owner + 1} {meld.kind}: {cards}")
    if seat is None:
        for i in range(state.seats):
            lines.append(f"p{i + 1}'s hand: {_hand_text(state.hand(i), names)}")
    elif label == "you":
        lines.append("Your hand: " + _hand_text(v.hand, names, by_rank=by_rank))
    else:
        lines.append(f"p{seat + 1}'s hand: " + _hand_text(v.hand, names))
    return lines
