"""Players: the :class:`Bot` protocol, the bots shipped with rummy-rules, and bot specs.

A *bot spec* names a bot for one seat, as ``--bots`` takes it:

* ``random`` or ``greedy``;
* a shipped bot with parameters: ``greedy:buy=eager:down=late``
  (see :data:`GREEDY_PARAMETERS`);
* your own class by import path, ``package.module:ClassName`` or
  ``path/to/file.py:ClassName``, optionally followed by ``:key=value``
  parameters. The class is called as ``ClassName(rng, **parameters)``
  (``rng`` a seeded :class:`random.Random`, parameter values as text) and must
  have a ``choose(view)`` method; see ``docs/bots.md``.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from ...engine.actions import Action
from ...engine.chance import below
from ...engine.state import GameState
from ...engine.view import SeatView, live_seat_view, seat_view
from ...errors import RummyRulesError, UsageError

__all__ = [
    "BOT_KINDS",
    "GREEDY_PARAMETERS",
    "LEVELS",
    "Bot",
    "BotError",
    "BotSpec",
    "RandomBot",
    "make_bot",
    "parse_bot_spec",
    "play_game",
]

_T = TypeVar("_T")

#: The bots shipped with rummy-rules.
BOT_KINDS = ("greedy", "random", "search", "tuned")

#: Difficulty levels for people, as plain bot specs: each stands for the spec given.
LEVELS: dict[str, str] = {
    "easy": "greedy:take=never:buy=never:slip=often",
    "medium": "greedy",
    "hard": "search:seconds=2",
}

#: The parameters (personalities) of the greedy bot and their values.
GREEDY_PARAMETERS: dict[str, tuple[str, ...]] = {
    "buy": ("eager", "normal", "reluctant", "never"),
    "down": ("early", "late"),
    "slip": ("never", "sometimes", "often"),
    "take": ("eager", "normal", "never"),
}


class Bot(Protocol):
    """Chooses an action from its seat's view; ``view.legal`` lists the choices.

    A bot that reads its view only while ``choose`` runs (and never keeps it
    to read later) may set a class attribute ``live_view = True``:
    :func:`play_game` then hands it a view whose fields are worked out as
    they are first read (:func:`~rummy_rules.engine.view.live_seat_view`),
    which saves the time of the fields it never reads. A bot that reads
    nothing but ``view.legal`` may have a method ``choose_among(legal)``
    as well, which :func:`play_game` calls with those actions instead of
    ``choose`` (no view made at all).
    """

    name: str

    def choose(self, view: SeatView) -> Action:
        """The action to play."""
        ...


class BotError(RummyRulesError):
    """A bot raised an exception or chose an action that is not legal."""

    def __init__(self, seat: int, bot: str, message: str) -> None:
        super().__init__(f"bot '{bot}' (p{seat + 1}) {message}")
        self.seat = seat
        self.bot = bot


@mypyc_attr(allow_interpreted_subclasses=True)  # users' bots subclass it
class RandomBot:
    """Uniform over the legal choices, except that it goes down (and melds, and
    knocks) whenever it can."""

    name = "random"
    live_view = True  # reads only ``view.legal``, inside ``choose``

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        """Go down, knock or lay down a meld if possible, else any legal action at random."""
        return self.choose_among(view.legal)

    def choose_among(self, legal: Sequence[Action]) -> Action:
        """:meth:`choose` from the legal actions alone, all it reads of its view
        (:func:`play_game` then makes no view)."""
        # One pass: this runs at every action of a random game.
        melds = []
        for action in legal:
            kind = action.kind
            if kind == "down" or kind == "knock":
                return action
            if kind == "meld":
                melds.append(action)
        return _choice(self.rng, melds or legal)


def _choice(rng: random.Random, options: Sequence[_T]) -> _T:
    """``rng.choice(options)``, the same pick; for a plain ``random.Random``
    worked out with :func:`~rummy_rules.engine.chance.below` (as the standard
    library does it), which spares two interpreted calls per action in the
    compiled build."""
    if type(rng) is not random.Random or not options:
        return rng.choice(options)
    return options[below(rng, len(options))]


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec: the bot's kind (or import path) and its parameters."""

    text: str
    kind: str
    """``random``, ``greedy`` or an import path ``module:Class``."""
    params: tuple[tuple[str, str], ...] = ()


def parse_bot_spec(text: str, *, shipped_only: bool = False) -> BotSpec:
    """Parse and check one bot spec; a bad one raises :class:`UsageError`.

    A user class is imported here, so a wrong path is reported before any game.
    With ``shipped_only`` (a spec read from a data file, such as a game
    record's ``seats``) only the shipped bots are accepted: nothing is
    imported, so a file received from someone else never runs code.
    """
    text = text.strip()
    level = LEVELS.get(text.lower())
    if level is not None:
        found = parse_bot_spec(level)
        return BotSpec(text=text.lower(), kind=found.kind, params=found.params)
    parts = text.split(":")
    head = parts[0].lower()
    if head in BOT_KINDS:
        kind, rest = head, parts[1:]
    elif shipped_only:
        raise UsageError(
            f"'{text[:80]}' is not a shipped bot ({', '.join(BOT_KINDS)}): a bot class named "
            "in a file is never imported"
        )
    elif len(parts) >= 2 and parts[0] and parts[1]:
        kind, rest = f"{parts[0]}:{parts[1]}", parts[2:]
    else:
        raise UsageError(
            f"unknown bot '{text}': choose from {', '.join(BOT_KINDS)}, a level "
            f"({', '.join(LEVELS)}), or give your own class as module:Class or file.py:Class"
        )
    params: list[tuple[str, str]] = []
    for item in rest:
        key, sep, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not sep or not key or not value:
            raise UsageError(f"bot '{text}': parameters are key=value, not '{item}'")
        params.append((key, value))
    if kind == "random" and params:
        raise UsageError(f"bot '{text}': the random bot takes no parameters")
    if kind == "greedy":
        for key, value in params:
            choices = GREEDY_PARAMETERS.get(key)
            if choices is None:
                known = ", ".join(GREEDY_PARAMETERS)
                raise UsageError(f"bot '{text}': the greedy bot has no '{key}' (it has {known})")
            if value.lower() not in choices:
                raise UsageError(f"bot '{text}': {key} is one of {', '.join(choices)}")
    if kind == "search":
        from .search import SEARCH_PARAMETERS

        _check_numbers(text, kind, params, SEARCH_PARAMETERS)
    if kind == "tuned":
        from .tuned import TUNED_WEIGHTS

        _check_numbers(text, kind, params, TUNED_WEIGHTS)
    if ":" in kind:
        _import_class(kind)
    return BotSpec(text=text, kind=kind, params=tuple(params))


def _check_numbers(
    text: str, kind: str, params: list[tuple[str, str]], table: Mapping[str, tuple[float, float]]
) -> None:
    """A shipped bot's numeric parameters (``table``: each name's range):
    known names, numbers in range (whole numbers but for ``seconds``)."""
    for key, value in params:
        bounds = table.get(key)
        if bounds is None:
            known = ", ".join(table)
            raise UsageError(f"bot '{text}': the {kind} bot has no '{key}' (it has {known})")
        try:
            number = float(value) if key == "seconds" else int(value)
        except ValueError:
            number = None
        if number is None or not bounds[0] <= number <= bounds[1]:
            what = "a number of seconds" if key == "seconds" else "a whole number"
            raise UsageError(f"bot '{text}': {key} is {what} from {bounds[0]:g} to {bounds[1]:g}")


def _import_class(path: str) -> Callable[..., Any]:
    where, _, name = path.rpartition(":")
    try:
        if where.endswith(".py"):
            file = Path(where)
            module_name = f"rummy_rules_user_bot_{abs(hash(str(file.resolve())))}"
            module = sys.modules.get(module_name)
            if module is None:
                spec = importlib.util.spec_from_file_location(module_name, file)
                if spec is None or spec.loader is None or not file.is_file():
                    raise UsageError(f"bot '{path}': no such file {where}")
                module = importlib.util.module_from_spec(spec)
                sys.modules[module_name] = module
                spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except UsageError:
        raise
    except Exception as exc:  # the user's module failed to import
        raise UsageError(f"bot '{path}': cannot import {where}: {exc}") from None
    cls = getattr(module, name, None)
    if cls is None or not callable(cls):
        raise UsageError(f"bot '{path}': {where} has no class {name}")
    if not callable(getattr(cls, "choose", None)):
        raise UsageError(f"bot '{path}': {name} has no choose(view) method")
    result: Callable[..., Any] = cls
    return result


def make_bot(spec: BotSpec | str, rng: random.Random) -> Bot:
    """A new bot for ``spec``, using ``rng`` for its random choices."""
    if isinstance(spec, str):
        spec = parse_bot_spec(spec)
    if spec.kind == "random":
        return RandomBot(rng)
    if spec.kind == "greedy":
        from .greedy import GreedyBot

        bot = GreedyBot(rng, **{k: v.lower() for k, v in spec.params})
        bot.name = spec.text
        return bot
    if spec.kind == "tuned":
        from .tuned import TunedBot

        tuned = TunedBot(rng, **{k: v for k, v in spec.params})
        tuned.name = spec.text
        return tuned
    if spec.kind == "search":
        from .search import SearchBot

        searcher = SearchBot(rng, **{k: v for k, v in spec.params})
        searcher.name = spec.text
        return searcher
    cls = _import_class(spec.kind)
    try:
        made: Bot = cls(rng, **dict(spec.params))
    except Exception as exc:
        raise UsageError(f"bot '{spec.text}': cannot be created: {exc}") from None
    return made


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_actions: int | None = None,
    names: Sequence[str] = (),
) -> GameState:
    """Let ``bots`` (one per seat) play ``state`` to the end (or ``max_actions``).

    A bot with a ``new_game(rules)`` method is told the game's compiled rules
    (:class:`~rummy_rules.engine.rules.Rules`) before its first move; one with a
    ``new_deal(deal_rules)`` method is told about each deal (its
    own contract, where each player has one) as it starts; a bot with
    ``searches = True`` (the search bot) is asked ``choose_in(state, view)``
    and may look into copies of the game made by
    :meth:`~rummy_rules.engine.state.GameState.sample_hidden`; a bot with
    ``live_view = True`` gets views worked out as read, and one with
    ``choose_among`` only the legal actions (see :class:`Bot`). A
    bot that raises, or returns something that is not a legal action, stops
    the game with :class:`BotError` naming the bot (``names`` gives the names
    to use, by seat).
    """
    count = 0
    deal = -1
    views = [live_seat_view if getattr(bot, "live_view", False) else seat_view for bot in bots]
    searches = [bool(getattr(bot, "searches", False)) for bot in bots]
    # A bot that needs only the legal actions is given them, without a view.
    among = [None if searches[seat] else _among(bot) for seat, bot in enumerate(bots)]
    while not state.is_terminal():
        if max_actions is not None and count >= max_actions:
            break
        if state.deal_index != deal:
            hooks = ("new_game", "new_deal") if deal == -1 else ("new_deal",)
            deal = state.deal_index
            for seat, bot in enumerate(bots):
                for hook in hooks:
                    told = getattr(bot, hook, None)
                    if told is None:
                        continue
                    try:
                        told(state.rules if hook == "new_game" else state.deal_rules_of(seat))
                    except Exception as exc:
                        name = _name(bot, names, seat)
                        raise BotError(seat, name, f"raised {type(exc).__name__}: {exc}") from exc
        seat = state.to_move
        bot = bots[seat]
        pick = among[seat]
        legal: Sequence[Action]
        # Called as Any: a user's bot may return anything, and the compiled
        # build would otherwise reject a non-Action at the call, before the
        # check below could name the fault.
        player: Any = bot
        try:
            if pick is not None:
                legal = state.legal_actions()
                chosen: object = pick(legal)
            else:
                view = views[seat](state, seat)
                legal = view.legal
                chosen = player.choose_in(state, view) if searches[seat] else player.choose(view)
        except Exception as exc:
            name = _name(bot, names, seat)
            raise BotError(seat, name, f"raised {type(exc).__name__}: {exc}") from exc
        if not isinstance(chosen, Action):
            raise BotError(seat, _name(bot, names, seat), f"returned {chosen!r}, not an Action")
        action = chosen
        if _listed(action, legal):
            # Listed as legal by the engine for this very state: no need to check again.
            state.apply_listed(action)
        else:
            reason = state.check(action)
            if reason is not None:
                message = f"chose an illegal action '{action}': {reason}"
                raise BotError(seat, _name(bot, names, seat), message)
            state.apply(action)
        count += 1
    return state


def _among(bot: Any) -> Callable[[Sequence[Action]], object] | None:
    """The bot's ``choose_among(legal)``, where its class says that is all its
    ``choose`` reads: the class, or the nearest base that defines either
    method, defines ``choose_among`` (a subclass that overrides only
    ``choose``, say of :class:`RandomBot`, is asked ``choose``)."""
    for klass in type(bot).__mro__:
        defined = vars(klass)
        if "choose_among" in defined:
            found: Callable[[Sequence[Action]], object] = bot.choose_among
            return found
        if "choose" in defined:
            return None
    return None


def _listed(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal``: the very object first (what the
    shipped bots return), which spares comparing it field by field with each
    action listed before it; then any equal one (a bot that builds its own)."""
    for option in legal:
        if option is action:
            return True
    return action in legal


def _name(bot: object, names: Sequence[str], seat: int) -> str:
    if seat < len(names):
        return names[seat]
    return str(getattr(bot, "name", type(bot).__name__))
