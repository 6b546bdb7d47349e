"""Actions in the player's language (``play --lang``): every legal action of
real positions is shown in the language's words and read back exactly."""

from __future__ import annotations

import random

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.actions import KINDS, action_text, parse_action
from rummy_rules.engine.rules import compile_rules
from rummy_rules.engine.state import GameState
from rummy_rules.render.action_words import action_words, shown_action, typed_action
from rummy_rules.render.i18n import language

#: Variants whose actions between them use every word of the notation but
#: the rarest (rearrange: tested by hand below).
GAMES = [("basic-rummy", 2), ("gin", 2), ("contract-gamerules", 4), ("canasta", 4)]


@pytest.mark.parametrize("lang", ["bg", "hy"])
def test_every_action_word_has_its_own_word_in_the_language(lang):
    with language(lang):
        words = action_words()
    kinds = [words[k] for k in words if k not in ("with", "into", "from", "colour")]
    assert len(set(kinds)) == len(kinds)
    assert all(" " not in w and w != k for k, w in words.items())


def test_every_kind_of_action_of_the_engine_has_words():
    inside = {"with", "into", "from", "colour"}
    assert set(action_words()) - inside == set(KINDS)


@pytest.mark.parametrize("lang", ["bg", "hy"])
@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_every_legal_action_is_shown_in_the_language_and_read_back(lang, variant, players):
    english = set(action_words())
    state = GameState(compile_rules(load_variant(variant), players), seed=5)
    rng = random.Random(5)
    seen = set()
    with language(lang):
        for _ in range(300):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            for action in legal:
                text = action_text(action)
                shown = shown_action(f"p{state.to_move + 1} {text}")
                assert shown.split()[1] not in english, shown
                assert parse_action(typed_action(shown_action(text))) == action
                seen.add(action.kind)
            state.apply(rng.choice(legal))
    assert {"draw", "discard"} <= seen


#: Bulgarian verbs whose past (aorist) is their command too: "p2 изхвърли 5C"
#: reads as a move made, "изхвърли 5C" as one to make.
SAME_IN_BULGARIAN = {
    "buy", "veto", "allow", "down", "meld", "layoff", "exchange", "rearrange", "discard",
    "force",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["bg", "hy"])
def test_a_move_made_reads_as_done_not_as_a_command(lang):
    """The log tells a seat's move in the past (p2 взе KH, p2 վերցրեց KH), not
    with the command a player types (вземи, վերցրու); English keeps the
    notation (p2 take KH)."""
    kinds = [k for k in action_words() if k not in ("with", "into", "from", "colour")]
    for kind in kinds:
        text = f"p2 {kind}"
        assert shown_action(text) == text
        with language(lang):
            made = shown_action(text).split(" ", 1)[1]
            command = shown_action(kind)
        if lang == "hy" or kind not in SAME_IN_BULGARIAN:
            assert made != command, kind
        assert made not in action_words(), kind


@pytest.mark.parametrize("lang", ["bg", "hy"])
def test_the_words_inside_an_action_are_read_back(lang):
    texts = [
        "knock 9C with 2H 3H 4H / 7S 7D 7C",
        "rearrange 2,3 into 5H 6H 7H / 7S 7D 7C",
        "exchange 7H@2 from 3",
        "meld colour 2H 5H 9H JH KH",
    ]
    with language(lang):
        for text in texts:
            shown = shown_action(text)
            assert not set(shown.split()) & {"knock", "with", "into", "from", "colour"}
            assert typed_action(shown) == text
            assert typed_action(text) == text  # the English words are understood too
