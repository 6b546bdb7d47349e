"""The engine refuses with values: a code, the rule's keys, the parameters; the
renderer words them (en/bg/hy) and finds the rulebook sentences of the keys."""

from __future__ import annotations

import pickle
import re

import pytest

from rummy_rules import load_variant
from rummy_rules.engine.actions import ActionError, parse_action
from rummy_rules.engine.refusals import Refusal, all_refusals
from rummy_rules.render.i18n import language
from rummy_rules.render.refusals import key_sentences, refusal_text, rule_lines, rule_sentences
from rummy_rules.render.sentences import TOPICS
from rummy_rules.spec.schema import VariantSpec

from .refusal_cases import ALL_CASES, API_CASES, CASES, STACKED, _source, position

#: Long: every refusal of every case, in every language: the long run (CI).
pytestmark = pytest.mark.long

#: Rules the rulebook states by leaving them out (a variant with no block call,
#: no dropping out, no taking back, no asking, no big gin or no colour melds
#: never mentions one), or in its table of deals rather than in a sentence
#: (each deal's contract, which the refusal itself names; a deal whose first
#: player down must go out).
STATED_BY_ABSENCE = {
    "ask.none",
    "call.none",
    "down.first_out",
    "down.first_out_keep_one",
    "down.not_contract",
    "draw.no_block_call",
    "drop.none",
    "end.first_down_goes_out",
    "force.none",
    "knock.name_discard",
    "meld.no_colour_melds",
    "undo.not_allowed",
}


def _has_key(path: str) -> bool:
    """Whether ``path`` is a key of the variant file (list items passed through)."""
    from rummy_rules.render.refusals import _arms

    model: type = VariantSpec
    for name in path.split("."):
        fields = getattr(model, "model_fields", None)
        if fields is None or name not in fields:
            return False
        inner = [a for a in _arms(fields[name].annotation) if hasattr(a, "model_fields")]
        for arm in _arms(fields[name].annotation):
            inner += [a for a in getattr(arm, "__args__", ()) if hasattr(a, "model_fields")]
        model = inner[0] if inner else object
    return True


def test_every_code_is_stable_and_names_keys_of_the_variant_file_or_is_a_fact():
    for code, kind in all_refusals().items():
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", code), code
        for key in kind.keys:
            assert _has_key(key), (code, key)


#: Refusals of a group of cards picked in ``play`` (not an action the engine
#: checks): see the test of picked groups below.
PICKED = {"group.no_meld", "group.wilds"}


#: Mistakes in writing an action: the text that makes each (``parse_action``).
WRITTEN = {
    "write.empty": "   ",
    "write.nothing_after": "draw 7H",
    "write.rearrange": "rearrange 2 3 5H 6H 7H",
    "write.exchange_from": "exchange 7H@2 from x",
    "write.card_at_meld": "layoff 7H",
    "write.exchange_natural": "exchange 7H=8H@2",
    "write.not_a_card": "discard 7X",
    "write.unknown_action": "shuffle",
}


@pytest.mark.parametrize("code", sorted(WRITTEN))
def test_each_mistake_in_writing_an_action_is_a_refusal_worded_in_every_language(code):
    with pytest.raises(ValueError) as caught:
        parse_action(WRITTEN[code])
    reason = caught.value.args[0]
    assert isinstance(reason, Refusal) and reason.code == code and reason.keys == ()
    assert str(caught.value) == str(reason)
    for lang in ("bg", "hy"):
        with language(lang):
            text = refusal_text(reason)
        assert text and text != str(reason), (code, lang)
        assert not re.search(r"\b(write|melds|numbered|takes|unknown)\b", text), text


def test_every_code_has_a_position():
    codes = set(all_refusals()) - PICKED - set(WRITTEN)
    assert set(ALL_CASES) <= codes, set(ALL_CASES) - codes
    assert codes <= set(ALL_CASES), sorted(codes - set(ALL_CASES))
    assert not set(CASES) & set(STACKED)


def _check_case(code):
    case = ALL_CASES[code]
    state = position(case)
    action = API_CASES[code][1] if code in API_CASES else parse_action(case.action)
    reason = state.check(action)
    assert isinstance(reason, Refusal), (code, reason)
    assert reason.code == code
    with pytest.raises(ActionError) as caught:
        state.apply(action)
    assert caught.value.reason.code == code
    spec = load_variant(_source(case.variant), list(case.overrides))
    english = rule_sentences(spec, reason)
    if not reason.keys:
        assert english == [], code
    elif code not in STATED_BY_ABSENCE:
        assert english, f"{code}: no rulebook sentence of {reason.keys}"
    for lang in ("bg", "hy"):
        with language(lang):
            text = refusal_text(reason)
            assert text != str(reason) and not re.search(r"\b(the|you|your)\b", text), text
            found = rule_sentences(spec, reason)
            book = [s for topic in TOPICS for s in topic.sentences(spec)]
        assert len(found) == len(english) and set(found) <= set(book), (code, lang)


@pytest.mark.parametrize("code", sorted(ALL_CASES))
def test_each_code_is_produced_by_its_position_and_worded_in_every_language(code):
    _check_case(code)


def test_the_rule_of_a_refusal_is_the_sentence_of_its_key_not_a_neighbour():
    spec = load_variant("contract", ["wilds.discard=forbidden"])
    state = position(CASES["discard.wild"]._replace(overrides=("wilds.discard=forbidden",)))
    reason = state.check(parse_action("discard JK"))
    assert reason == "wild cards may not be discarded"
    assert reason.keys == ("wilds.discard",)
    assert rule_lines(spec, reason) == ["Wild cards may not be discarded."]
    with language("bg"):
        assert rule_lines(spec, reason) == ["Жокери не може да се изхвърлят."]
        assert refusal_text(reason) == "жокери не може да се изхвърлят"


def test_a_fact_of_the_position_has_no_rule():
    state = position(CASES["hand.not_held"])
    reason = state.check(parse_action("discard AC"))
    assert reason.code == "hand.not_held" and reason.keys == ()
    assert reason.params == {"card": "AC"}
    assert rule_lines(load_variant("basic-rummy"), reason) == []


def test_a_key_s_sentences_are_those_that_change_with_it():
    spec = load_variant("basic-rummy")
    assert key_sentences(spec, "discard.required") == [
        "Every turn ends with a discard, unless the player goes out."
    ]
    assert key_sentences(spec, "players.best") != key_sentences(spec, "discard.required")


def test_a_refusal_survives_pickling_and_rewording():
    reason = position(CASES["hand.not_held"]).check(parse_action("discard AC"))
    again = pickle.loads(pickle.dumps(reason))
    assert again == reason and again.code == reason.code and again.params == reason.params
    shown = reason.retext("you do not hold A♣")
    assert shown.code == "hand.not_held" and str(shown) == "you do not hold A♣"


def test_play_shows_the_sentence_of_the_refused_rule():
    from rummy_rules.sim.session import PlaySession

    game = PlaySession(load_variant("basic-rummy"), players=2, seat=0, bots=["greedy"], seed=0)
    list(game.bot_moves())
    assert game.play("draw") is None
    reason = game.play("end")
    assert isinstance(reason, Refusal) and reason.code == "end.discard_required"
    assert rule_lines(game.spec, reason) == [
        "Every turn ends with a discard, unless the player goes out."
    ]


def test_a_picked_group_that_makes_no_meld_gathers_the_rules_it_breaks():
    from rummy_rules.cards import parse_cards
    from rummy_rules.engine.hints import read_group

    spec = load_variant("contract")
    state = position(CASES["buy.window_open"])
    rules, wilds = state.rules.melds, state.deal_rules.wild_faces
    found, why = read_group(parse_cards("7H 8S"), rules, wilds)
    assert found == [] and why.code == "group.no_meld"
    assert [p.code for p in why.parts] == ["meld.set_min", "meld.run_min"]
    assert why.keys == ("melds.set.min_size", "melds.run.min_size")
    assert str(why) == (
        "7H 8S make no meld: a set needs at least 3 cards; a run needs at least 4 cards"
    )
    assert len(rule_lines(spec, why)) >= 2
    with language("bg"):
        assert refusal_text(why).startswith("7H 8S не образуват комбинация: групата")
    found, why = read_group(parse_cards("JK JK JK JK"), rules, wilds)
    assert found == [] and [p.code for p in why.parts] == ["group.wilds"]


def test_a_contract_in_a_refusal_is_worded_in_the_reader_s_language():
    from pathlib import Path

    from rummy_rules.engine.rules import compile_rules
    from rummy_rules.engine.shapes import describe_contract, read_contract

    root = Path(__file__).resolve().parent.parent / "variants"
    for path in sorted(root.rglob("*.yaml")):
        spec = load_variant(str(path))
        for deal in compile_rules(spec, spec.players.min).deals:
            for all_out in (False, True):
                text = describe_contract(deal.parts, all_out=all_out)
                assert read_contract(text) == (deal.parts, all_out), text
    assert read_contract("3 sets of three") is None
    reason = position(CASES["down.not_contract"]).check(
        parse_action(CASES["down.not_contract"].action)
    )
    with language("bg"):
        text = refusal_text(reason)
    assert "групи" in text or "група" in text, text
    assert "set" not in text and "run" not in text, text
