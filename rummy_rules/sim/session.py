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

from ..cards import format_card
from ..engine.actions import Action, ActionError, format_seat_action, parse_action
from ..engine.dropping import drop_cost
from ..engine.hints import contract_hint, read_group
from ..engine.knocking import complete_knock, wrong_knock
from ..engine.refusals import GAME_OVER, N_, Refusal, RefusalKind
from ..engine.rules import compile_rules
from ..engine.shapes import describe_contract
from ..engine.state import GameState
from ..engine.view import SeatView, seat_view
from ..errors import UsageError
from ..fsutil import FileLock
from ..spec.schema import VariantSpec
from .bots import Bot, make_bot, parse_bot_spec
from .records import load_game, write_record
from .simulate import game_seed, parse_bots

__all__ = [
    "HUMAN",
    "Move",
    "PlaySession",
]

#: The label of the person's seat in records.
HUMAN = "you"

# What the session says to the person, as values the renderer words (like the
# engine's refusals: a code, an English template marked for the catalogs, the
# parameters); none is a rule of the variant.
_NOT_YOUR_TURN = RefusalKind("play.not_your_turn", (), N_("it is not your turn"))()
_NOT_YOUR_MOVE = RefusalKind("play.not_your_move", (), N_("it is {seat}'s move, not yours"))
_PICK_EACH = RefusalKind("play.pick_each_meld", (), N_("pick the cards of each meld"))()
_WRONG_DECLARATION = RefusalKind(
    "play.wrong_declaration",
    (),
    N_(
        "this declaration is wrong ({reasons}): it costs {cost} points and you leave the "
        "deal; type it again to declare it anyway"
    ),
)
_DROP_WARNING = RefusalKind(
    "play.drop_warning",
    ("going_out.drop.first", "going_out.drop.middle"),
    N_(
        "dropping out costs {cost} points and you take no further part in the deal; "
        "type it again to drop"
    ),
)
_CAN_GO_DOWN = RefusalKind("hint.down", (), N_("you can go down: {action}"))
_NOT_YET = RefusalKind("hint.not_yet", (), N_("you cannot go down with these cards yet"))()
_CAN_KNOCK = RefusalKind("hint.knock", (), N_("you can knock now: {action}"))
_CAN_DECLARE = RefusalKind("hint.declare", (), N_("you can declare now: {action}"))
_ANY_ONE_OF = RefusalKind(
    "hint.any_one_of",
    (),
    N_("you cannot go down yet; any one of these cards would do it: {cards}"),
)
_HAVE_NOT_ENOUGH = RefusalKind(
    "hint.have",
    (),
    N_("you cannot go down yet: you have {have}, and one card more is not enough"),
)
_NOT_ENOUGH = RefusalKind(
    "hint.not_enough", (), N_("you cannot go down yet, and one card more is not enough")
)()

#: The most ways of reading picked groups of cards tried for one action.
MAX_TRIES = 500


@dataclass(frozen=True, slots=True)
class Move:
    """One action made at the table, as text for the log (``p2 draw``);
    ``bought``: for a buy, the card bought (everyone at the table sees it)."""

    seat: int
    text: str
    bought: str | None = None


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
        self._record: Path | None = None
        self._claim: FileLock | None = None
        if record is not None:
            self.keep_record(record)
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
        #: For the person's last action, a buy: the card bought.
        self.last_bought: str | None = None
        #: For the person's last action, a draw or a buy: the faces that came
        #: unseen from the stock into their hand (named to them alone).
        self.last_drawn: list[int] = []
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

    # -- the record ---------------------------------------------------------------

    @property
    def record(self) -> Path | None:
        """Where the record is kept (``None``: nowhere yet); see :meth:`keep_record`."""
        return self._record

    def keep_record(self, path: Path) -> None:
        """Keep the record in ``path`` from now on, claimed for this game alone:
        while it is kept here, another game (another terminal, another web
        page) that would write it is refused (:class:`~rummy_rules.fsutil.LockedError`)
        instead of overwriting this one's moves. Writes nothing yet."""
        if self._claim is not None and self._claim.path == FileLock(path, "").path:
            self._record = Path(path)  # already claimed by this game
            return
        claim = FileLock(
            path,
            f"{path} is open in another game (in a terminal or a web page): go on "
            "with it there, or close that game first",
        ).acquire()
        if self._claim is not None:
            self._claim.release()
        self._record, self._claim = Path(path), claim

    def close(self) -> None:
        """Give up the claim on the record (the game can be resumed elsewhere)."""
        if self._claim is not None:
            self._claim.release()
            self._claim = None

    def __enter__(self) -> PlaySession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
        return self.shown(self._hint())

    def _hint(self) -> Refusal:
        if not self.my_turn():
            return _NOT_YOUR_TURN
        action = self.state.suggest_down()
        if action is not None:
            return _CAN_GO_DOWN(action=action)
        knock = self._best_knock()
        if knock is not None:
            said = _CAN_DECLARE if self.state.rules.play.declares else _CAN_KNOCK
            return said(action=knock)
        state = self.state
        rules = state.deal_rules_of(self.seat)
        if not rules.parts or self.view().down[self.seat]:
            return _NOT_YET
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
            cards = ", ".join(format_card(f) for f in found.completing)
            return _ANY_ONE_OF(cards=cards)
        if found.met:
            have = describe_contract(found.met, all_out=False)
            return _HAVE_NOT_ENOUGH(have=have)
        return _NOT_ENOUGH

    def _best_knock(self) -> Action | None:
        """The legal knock (or declaration) that leaves the least deadwood, if any
        (a hint must never say going out is impossible while it is legal)."""
        state = self.state
        knocks = [a for a in state.legal_actions() if a.kind == "knock"]
        if not knocks:
            return None
        hand = state.hand(self.seat)

        def left(action: Action) -> int:
            rest = list(hand)
            for face in (action.card, *(f for m in action.melds for f in m.cards)):
                if face in rest:
                    rest.remove(face)
            return sum(state.value(face) for face in rest)

        return min(knocks, key=left)

    # -- playing ----------------------------------------------------------------

    def play(self, text: str) -> str | None:
        """Make the person's action written as ``text``; ``None`` when it was
        made, else why not (the engine's reason; nothing changes)."""
        if self.over():
            return GAME_OVER
        if not self.my_turn():
            return _NOT_YOUR_MOVE(seat=f"p{self.state.to_move + 1}")
        try:
            action = parse_action(self.cards.read(text.strip()))
        except (ActionError, ValueError) as exc:
            mistake = exc.args[0] if exc.args else ""
            return self.shown(mistake if isinstance(mistake, Refusal) else str(exc))
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
        warning = self._wrong_declaration(action, text.strip()) or self._drop_warning(action)
        if warning is not None:
            return self.shown(warning)
        self._make(action)
        return None

    def _drop_warning(self, action: Action) -> Refusal | None:
        """A drop costs points and ends the person's deal: a warning the first time
        they ask for it, ``None`` once they ask again."""
        asked_before = self._confirmed == "drop"
        if asked_before:
            self._confirmed = ""
        if action.kind != "drop" or asked_before:
            return None
        self._confirmed = "drop"
        return _DROP_WARNING(cost=drop_cost(self.state.game))

    def _wrong_declaration(self, action: Action, text: str) -> Refusal | None:
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
        return _WRONG_DECLARATION(cost=cost, reasons=wrong).gathering((wrong,))

    def play_groups(self, kind: str, groups: Sequence[Sequence[int]]) -> str | None:
        """Go down (``kind`` ``down``) or meld (``meld``) with ``groups`` of cards
        (faces) picked from the hand, one meld per group: each group is read as
        a set or a run, and each wild card as the card it can stand for; the
        first reading the engine allows is made. ``None`` when made, else why not."""
        if self.over():
            return GAME_OVER
        if not self.my_turn():
            return _NOT_YOUR_MOVE(seat=f"p{self.state.to_move + 1}")
        if not groups or not all(groups):
            return _PICK_EACH
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
        self.last_bought = self.bought(action)
        held = Counter(self.state.hand(self.seat))
        g = self.state.game
        if action.kind == "buy" and g.deal.buy_card is not None:
            held[g.faces[g.deal.buy_card]] += 1  # the card bought is in view
        self.state.apply(action)
        self.last_drawn = []
        if action.kind in ("draw", "buy"):
            # The cards that came unseen from the stock into the hand.
            new = Counter(self.state.hand(self.seat)) - held
            self.last_drawn = sorted(new.elements())
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
            if action.extra >= 0:
                cards.append(action.extra)  # a two-card exchange
            if sorted(cards) == wanted:
                out.append(text)
        return out

    def bot_searches(self) -> bool:
        """Whether the seat to move is a bot that searches (its move may take seconds)."""
        if self.over() or self.my_turn():
            return False
        return bool(getattr(self.bots[self.state.to_move], "searches", False))

    def bot_moves(self) -> Iterator[Move]:
        """Play the bots until it is the person's turn or the game ends, one move
        at a time (the record is saved after each)."""
        while not self.over() and not self.my_turn():
            seat = self.state.to_move
            bot = self.bots[seat]
            assert bot is not None
            if self.state.deal_index != self._deal:
                first, self._deal = self._deal == -1, self.state.deal_index
                for at, other in enumerate(self.bots):
                    new_game = getattr(other, "new_game", None)
                    if first and new_game is not None:
                        new_game(self.state.rules)
                    new_deal = getattr(other, "new_deal", None)
                    if new_deal is not None:
                        # Each bot its own seat's deal: its own contract,
                        # where each player has one.
                        new_deal(self.state.deal_rules_of(at))
            view = seat_view(self.state, seat)
            searcher: Any = bot
            if getattr(bot, "searches", False):
                action = searcher.choose_in(self.state, view)
            else:
                action = bot.choose(view)
            reason = self.state.check(action)
            if reason is not None:  # a bot error: the game cannot go on
                raise RuntimeError(f"the bot at p{seat + 1} chose '{action}': {reason}")
            bought = self.bought(action)
            self.state.apply(action)
            self.save()
            yield Move(seat, self.cards.show(format_seat_action(seat, action)), bought)

    def bought(self, action: Action) -> str | None:
        """For a buy, the card on offer (as the table shows it); else None."""
        d = self.state.game.deal
        if action.kind != "buy" or d.buy_card is None:
            return None
        return self.cards.text(self.state.game.faces[d.buy_card])

    def save(self) -> None:
        """Write the record as it stands (atomically), if one is kept."""
        if self.record is not None:
            write_record(self.record, self.state, self.variant, seats=self.names)
