"""The rule behind a refused action, in the rulebook's own words.

When the engine refuses an action it gives a short reason ("wild cards may
not be discarded"). :func:`rule_behind` finds the sentence of the variant's
rulebook (:mod:`.sentences`) that states the rule, so a player sees the rule
as their own printed rules word it: the topics that can forbid an action of
that kind are searched for the sentence sharing the most words with the
reason. Reasons that are not rules ("you do not hold 7H") get no sentence.
"""

from __future__ import annotations

import re

from ..spec.schema import VariantSpec
from .sentences import TOPICS

__all__ = ["rule_behind", "rule_for_action"]

#: The rulebook topics that may forbid each kind of action, most likely first.
_TOPICS_BY_ACTION: dict[str, tuple[str, ...]] = {
    "draw": ("draw", "stock", "buying"),
    "take": ("draw", "buying", "stock"),
    "block": ("draw", "buying"),
    "buy": ("buying",),
    "pass": ("buying", "draw"),
    "veto": ("buying",),
    "allow": ("buying",),
    "give": ("buying",),
    "keep": ("buying",),
    "down": ("opening", "sets", "runs", "colours", "wilds", "contracts", "melding", "going_out"),
    "meld": ("melding", "opening", "sets", "runs", "colours", "wilds", "going_out"),
    "layoff": ("melding", "wilds", "sets", "runs", "colours", "going_out"),
    "exchange": ("exchange", "wilds"),
    "rearrange": ("melding", "sets", "runs", "wilds"),
    "undo": ("melding",),
    "discard": ("discard", "wilds", "going_out", "melding"),
    "end": ("discard", "going_out", "buying"),
}

#: Words that say nothing about which rule is meant.
_COMMON = frozenset(
    "a an and any are as at be by can card cards each for from has have in into is it its "
    "least may more must need needs no not of on once one only or so that the their them "
    "then there these they this to turn when with you your".split()
)

#: Reasons that state a fact of the position, not a rule of the variant.
_FACTS = re.compile(
    r"you do not hold|there is no meld|there is no \S+ in the discard pile|draw first|"
    r"a buy window is open|already drawn|must be melded (first|before)|'s move, not yours|"
    r"does not fit meld|no wild card in meld|the game is over|unknown|not a card"
)

_NUMBERS = dict(
    zip(
        "2 3 4 5 6 7 8 9 10".split(),
        "two three four five six seven eight nine ten".split(),
        strict=True,
    )
)


def _words(text: str, *, numbers: bool = False) -> set[str]:
    out = set()
    if numbers:  # "at least 4 cards" in a reason; the rulebook spells numbers out
        text = re.sub(r"\b(10|[2-9])\b", lambda m: _NUMBERS[m.group(1)], text)
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _COMMON or len(word) < 3:
            continue
        for ending in ("ing", "ed", "s"):
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word = word[: -len(ending)]
                break
        out.add(word)
    return out


def rule_behind(spec: VariantSpec, action_kind: str, reason: str) -> str | None:
    """The sentence of ``spec``'s rulebook that states why an action of
    ``action_kind`` (``discard``, ``take``, …) was refused with ``reason``, or
    ``None`` when the reason is not a rule of the variant (a card not held, a
    meld that does not exist)."""
    if _FACTS.search(reason):
        return None
    wanted = _words(reason, numbers=True)
    order = {key: i for i, key in enumerate(_TOPICS_BY_ACTION.get(action_kind, ()))}
    book = [(t.key, s, _words(s)) for t in TOPICS for s in t.sentences(spec)]
    # A word found in few sentences says more about which rule is meant.
    spread: dict[str, int] = {}
    for _, _, words in book:
        for word in words:
            spread[word] = spread.get(word, 0) + 1
    best: tuple[float, int, str] | None = None
    for key, sentence, words in book:
        if key not in order:
            continue
        shared = wanted & words
        if len(shared) < 2:
            continue
        score = sum(1 / spread[w] for w in shared)
        # The best-matching sentence; on a tie, the topic listed first for the action.
        if best is None or (score, -order[key]) > best[:2]:
            best = (score, -order[key], sentence)
    return None if best is None else best[2]


def rule_for_action(spec: VariantSpec, text: str, reason: str) -> str | None:
    """:func:`rule_behind` for an action written as ``text`` (``discard JK``)."""
    kind = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    return rule_behind(spec, kind, reason)
