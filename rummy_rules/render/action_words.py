"""Actions in the words of the language in force, for ``play`` and ``watch``.

Records, the engine and every program speak the canonical notation of
:mod:`rummy_rules.engine.actions` (``p2 discard QC``, ``knock 9C with …``).
A person playing in Bulgarian or Armenian reads the action words in their
language and may type them (``изхвърли QC``); :func:`shown_action` turns the
notation into those words, :func:`typed_action` turns what a person typed back
into the notation (the English words are always understood too). Cards keep
their notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from .i18n import pgettext

if TYPE_CHECKING:
    from ..spec.schema import VariantSpec

__all__ = [
    "action_words",
    "game_commands",
    "game_words",
    "shown_action",
    "typed_action",
    "typed_command",
]

#: Whether the game being played or watched calls a knock *declare*
#: (``going_out.knock.word``); set for a session by :func:`game_words`.
_DECLARES: ContextVar[bool] = ContextVar("declares", default=False)
#: Whether its only rearrangement is joining a side's sets of one rank
#: (``melds.set.join`` without ``melding.rearrange_table``): *join*.
_JOINS: ContextVar[bool] = ContextVar("joins", default=False)


@contextmanager
def game_words(declares: bool, joins: bool = False) -> Iterator[None]:
    """Within the block, show and read actions in the game's own words: ``knock``
    as *declare* (a game that declares), ``rearrange`` as *join* (a game whose
    only rearrangement joins sets, Samba); as before after it."""
    tokens = _DECLARES.set(declares), _JOINS.set(joins)
    try:
        yield
    finally:
        _DECLARES.reset(tokens[0])
        _JOINS.reset(tokens[1])


_SEAT = re.compile(r"p\d+")


def _words(declares: bool | None) -> dict[str, tuple[str, str]]:
    """Each action word of the notation in the language in force, as a command
    a player types and as a move made reads in the log (``p2 discard 5C``: in
    English the notation's word, in Bulgarian and Armenian the past tense,
    ``p2 изхвърли 5C``, ``p2 նետեց 5C``). ``declares``: the game's word for
    ``knock`` is *declare* (``going_out.knock.word``); by default as the
    session set it."""
    if declares is None:
        declares = _DECLARES.get()
    return {
        "draw": (pgettext("action", "draw"), pgettext("move made", "draw")),
        "take": (pgettext("action", "take"), pgettext("move made", "take")),
        "buy": (pgettext("action", "buy"), pgettext("move made", "buy")),
        "pass": (pgettext("action", "pass"), pgettext("move made", "pass")),
        "veto": (pgettext("action", "veto"), pgettext("move made", "veto")),
        "allow": (pgettext("action", "allow"), pgettext("move made", "allow")),
        "give": (pgettext("action", "give"), pgettext("move made", "give")),
        "keep": (pgettext("action", "keep"), pgettext("move made", "keep")),
        "block": (pgettext("action", "block"), pgettext("move made", "block")),
        "down": (pgettext("action", "down"), pgettext("move made", "down")),
        "meld": (pgettext("action", "meld"), pgettext("move made", "meld")),
        "layoff": (pgettext("action", "layoff"), pgettext("move made", "layoff")),
        "exchange": (pgettext("action", "exchange"), pgettext("move made", "exchange")),
        "rearrange": (pgettext("action", "join"), pgettext("move made", "join"))
        if _JOINS.get()
        else (pgettext("action", "rearrange"), pgettext("move made", "rearrange")),
        "undo": (pgettext("action", "undo"), pgettext("move made", "undo")),
        "knock": (pgettext("action", "declare"), pgettext("move made", "declare"))
        if declares
        else (pgettext("action", "knock"), pgettext("move made", "knock")),
        "discard": (pgettext("action", "discard"), pgettext("move made", "discard")),
        "drop": (pgettext("action", "drop"), pgettext("move made", "drop")),
        "call": (pgettext("action", "call"), pgettext("move made", "call")),
        "force": (pgettext("action", "force"), pgettext("move made", "force")),
        "ask": (pgettext("action", "ask"), pgettext("move made", "ask")),
        "yes": (pgettext("action", "yes"), pgettext("move made", "yes")),
        "no": (pgettext("action", "no"), pgettext("move made", "no")),
        "end": (pgettext("action", "end"), pgettext("move made", "end")),
    }


def _kinds(declares: bool | None = None) -> dict[str, str]:
    """Each action word of the notation as a command, in the language in force."""
    return {kind: words[0] for kind, words in _words(declares).items()}


def _made(declares: bool | None = None) -> dict[str, str]:
    """Each action word as a move made reads in the log, in the language in force."""
    return {kind: words[1] for kind, words in _words(declares).items()}


def _joins() -> dict[str, str]:
    """The words inside an action (``knock 9C with …``, ``rearrange 2,3 into …``,
    ``exchange 7H@2 from 3``, ``meld colour …``), in the language in force."""
    return {
        "with": pgettext("action", "with"),
        "into": pgettext("action", "into"),
        "from": pgettext("action", "from"),
        "colour": pgettext("action", "colour"),
    }


def _commands() -> dict[str, str]:
    """The commands of ``play`` that are not actions, in the language in force."""
    return {
        "help": pgettext("command", "help"),
        "hint": pgettext("command", "hint"),
        "all": pgettext("command", "all"),
        "quit": pgettext("command", "quit"),
        "rules": pgettext("command", "rules"),
        "sort": pgettext("command", "sort"),
        "faster": pgettext("command", "faster"),
        "slower": pgettext("command", "slower"),
        "clear": pgettext("command", "clear"),
    }


def typed_command(text: str) -> str:
    """A command of ``play`` typed in the language in force (``помощ``), as its
    English word (``help``); any other text as it is."""
    typed = text.strip().lower()
    return next((english for english, word in _commands().items() if word == typed), text)


def action_words() -> dict[str, str]:
    """Every word of the action notation and its word in the language in force."""
    return {**_kinds(), **_joins()}


def _swap(text: str, kinds: dict[str, str], joins: dict[str, str]) -> str:
    words = text.split(" ")
    start = 1 if words and _SEAT.fullmatch(words[0]) else 0
    if start < len(words):
        words[start] = kinds.get(words[start].lower(), words[start])
    for i in range(start + 1, len(words)):
        words[i] = joins.get(words[i].lower(), words[i])
    return " ".join(words)


def shown_action(text: str, declares: bool | None = None) -> str:
    """An action (``draw``: what a player may type) or a seat's move made
    (``p2 draw``: as the log tells it, :func:`_made`) in the notation, with its
    words in the language in force: cards, numbers and seats as they are
    (``declares``: ``knock`` is shown as the game's word, *declare*)."""
    made = _SEAT.fullmatch(text.split(" ", 1)[0]) is not None
    return _swap(text, _made(declares) if made else _kinds(declares), _joins())


def typed_action(text: str, declares: bool | None = None) -> str:
    """What a person typed, with the action words of the language in force
    turned back into the notation (English words pass as they are; with
    ``declares``, *declare* in English or the language in force is ``knock``)."""
    if declares is None:
        declares = _DECLARES.get()
    kinds = {word.lower(): kind for kind, word in _kinds(declares).items()}
    if declares:
        kinds["declare"] = "knock"
    if _JOINS.get():
        kinds["join"] = "rearrange"
    joins = {word.lower(): join for join, word in _joins().items()}
    return _swap(" ".join(text.split()), kinds, joins)


def _command_changes(spec: VariantSpec) -> tuple[set[str], dict[str, str]]:
    """The commands (first words, in the language in force) that ``spec``'s game
    never has, and those it says otherwise: buy without buying, exchange without
    taking wild cards back, take and discard without a discard pile, layoff
    where a knock is not laid off on; a knock game knocks (or declares) where
    others go down."""
    words = action_words()
    absent = set()
    if not spec.buying.enabled:
        absent.add(words["buy"])
    if not spec.wilds.exchange.allowed:
        absent.add(words["exchange"])
    knocking = spec.going_out.knock
    if knocking is not None and not knocking.defender_lays_off:
        absent.add(words["layoff"])
    if not spec.discard.allowed:
        absent |= {words["discard"], words["take"]}
    swap = {}
    if not spec.melding.during_play:
        swap[words["down"]] = f"{words['knock']} QC {words['with']} 7H 7S 7D / 4C 5C 6C 7C"
    return absent, swap


_LISTED = re.compile(r"(^|, )([^\s,(.]+)([^,(.\n]*)")


def game_commands(text: str, spec: VariantSpec) -> str:
    """A help text's example commands cut to ``spec``'s game (see
    :func:`_command_changes`): its lines of commands (``draw | take 7H | buy``),
    or the list that opens it (``Type an action and Enter: draw, take 7H, buy,
    …`` up to its first full stop or bracket)."""
    absent, swap = _command_changes(spec)
    lines = []
    for line in text.split("\n"):
        if " | " in line:
            items = [
                swap.get(item.split()[0], item)
                for item in line.strip().split(" | ")
                if item.split()[0] not in absent
            ]
            line = line[: len(line) - len(line.lstrip())] + " | ".join(items)
        lines.append(line)
    text = "\n".join(lines)
    if " | " in text or (": " not in text and "․ " not in text):
        return text
    colon = min(i for i in (text.find(": "), text.find("․ ")) if i >= 0) + 2
    ends = [i for i in (text.find(" (", colon), text.find(". ", colon)) if i >= 0]
    end = min(ends) if ends else len(text)

    def item(match: re.Match[str]) -> str:
        word = match.group(2)
        if word in absent:
            return ""
        return match.group(1) + swap[word] if word in swap else match.group(0)

    listed = _LISTED.sub(item, text[colon:end]).removeprefix(", ")
    return text[:colon] + listed + text[end:]
