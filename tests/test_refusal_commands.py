"""Every command a refusal suggests is a command the prompt accepts, in
every language: the word a player reads in the refusal, typed at the prompt,
is that action (``play`` reads the action words of the language in force,
:mod:`rummy_rules.render.action_words`)."""

from __future__ import annotations

import re

import pytest

from rummy_rules.engine.refusals import all_refusals
from rummy_rules.render.action_words import action_words, typed_action
from rummy_rules.render.i18n import _, language

#: Each refusal that tells the player what to type instead, and the actions it names.
COMMANDS: dict[str, tuple[str, ...]] = {
    "ask.answer": ("yes", "no"),
    "buy.discard_now": ("discard",),
    "buy.window_open": ("buy", "pass"),
    "claim.exchange_or_pass": ("exchange", "pass"),
    "discard.none": ("end",),
    "down.no_opening": ("meld",),
    "draw.first": ("draw", "take"),
    "draw.stock_closed": ("take", "pass"),
    "draw.upcard_offered": ("take", "pass"),
    "end.first_down_goes_out": ("discard",),
    "end.play_or_draw": ("draw",),
    "take.upcard_refused": ("draw",),
    "turn.draw_not_pass": ("draw",),
    "turn.must_knock": ("knock",),
    "turn.played_no_draw": ("end",),
    "turn.stock_empty_pass": ("pass",),
    "write.exchange_natural": ("exchange",),
}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}


@pytest.mark.parametrize("lang", ["en", "bg", "hy"])
@pytest.mark.parametrize("code", sorted(COMMANDS))
def test_a_command_a_refusal_suggests_is_one_the_prompt_accepts(code, lang):
    template = all_refusals()[code].template
    with language(lang):
        text = _(template)
        words = action_words()
        for kind in COMMANDS[code]:
            word = words[kind]
            assert word.lower() in _words(text), (code, lang, kind, word, text)
            # The word typed at the prompt is that action (cards added where needed).
            typed = typed_action(f"{word} 7H" if kind in ("take", "discard", "knock") else word)
            assert typed.split()[0] == kind, (code, lang, word, typed)
