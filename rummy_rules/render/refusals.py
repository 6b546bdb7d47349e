"""A refused action in words: the refusal's own sentence, and the sentence of
the variant's rulebook that states the rule behind it.

The engine refuses with a :class:`~rummy_rules.engine.refusals.Refusal`: a
code, the keys of the rule and the parameters. :func:`refusal_text` words it
in the language in force (:mod:`.i18n`); :func:`rule_sentences` finds the
rulebook's sentences of exactly those keys: the sentences of :data:`.TOPICS`
that change when the key's value changes (each other value the key may take
is tried), so the player reads the rule as their printed rulebook words it,
in its language. A refusal with no keys is a fact of the position ("you do
not hold 7H") and has no rule.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel

from ..engine.refusals import Refusal
from ..engine.shapes import read_contract
from ..spec.schema import VariantSpec
from .action_words import shown_action
from .i18n import _, list_separator
from .sentences import TOPICS
from .words import contract_text

__all__ = ["key_sentences", "refusal_line", "refusal_text", "rule_lines", "rule_sentences"]

#: Answers that are not refusals but a question: the move is made when asked again.
_ASKED_AGAIN = frozenset({"play.drop_warning", "play.wrong_declaration"})


def refusal_text(reason: str) -> str:
    """``reason`` in the language in force: a :class:`Refusal`'s template
    translated, with its parameters; any other reason as it is."""
    if not isinstance(reason, Refusal):
        return reason
    params = {name: _param(name, value) for name, value in reason.params.items()}
    if reason.parts:
        params["reasons"] = list_separator().join(refusal_text(part) for part in reason.parts)
    text = _(reason.kind.template).format(**params)
    return f"{reason.about}: {text}" if reason.about else text


def refusal_line(reason: str) -> str:
    """The line that answers a move not made: "not allowed: …", or "careful: …"
    for a move made when typed again (a drop, a wrong declaration)."""
    if isinstance(reason, Refusal) and reason.code in _ASKED_AGAIN:
        return _("careful: {reason}").format(reason=refusal_text(reason))
    return _("not allowed: {reason}").format(reason=refusal_text(reason))


def _param(name: str, value: str) -> str:
    """A refusal's parameter in the language in force: a contract (``contract``,
    ``have``: the engine's words for it) and an action or its word (``action``,
    ``kind``) are worded anew; cards, numbers and seats are the same in every
    language."""
    if name in ("contract", "have"):
        read = read_contract(value)
        if read is not None:
            return contract_text(read[0], all_out=read[1])
    if name in ("action", "kind"):
        return shown_action(value)
    return value


def rule_sentences(spec: VariantSpec, reason: str) -> list[str] | None:
    """The sentences of ``spec``'s rulebook (in the language in force) that state
    the rule behind ``reason``, in rulebook order; ``[]`` for a fact of the
    position or a rule the rulebook states by leaving it out; ``None`` when
    ``reason`` is not a :class:`Refusal` (nothing is known of its rule)."""
    if not isinstance(reason, Refusal):
        return None
    found: list[str] = []
    for key in reason.keys:
        for sentence in key_sentences(spec, key):
            if sentence not in found:
                found.append(sentence)
    return found


def rule_lines(spec: VariantSpec, reason: str) -> list[str]:
    """What ``play`` shows under the refusal ``reason``: the rulebook's sentences
    of the refusal's rule keys (none for a fact of the position, or for a
    mistake in writing the action, which is not a :class:`Refusal`)."""
    return rule_sentences(spec, reason) or []


def key_sentences(spec: VariantSpec, key: str) -> list[str]:
    """The rulebook sentences of ``spec`` whose wording depends on ``key``
    (a dotted path of the variant file, ``wilds.discard``)."""
    base = _book(spec)
    changed: set[str] = set()
    for other in _others(spec, key.split(".")):
        try:
            changed.update(set(base) - set(_book(other)))
        except Exception:
            continue
    return [s for s in base if s in changed]


def _book(spec: VariantSpec) -> list[str]:
    return [sentence for topic in TOPICS for sentence in topic.sentences(spec)]


def _others(spec: VariantSpec, path: list[str]) -> Iterator[VariantSpec]:
    """``spec`` with the value at ``path`` replaced by each other value tried."""
    model: Any = spec
    for name in path[:-1]:
        model = getattr(model, name)
        if isinstance(model, (list, tuple)):  # deals: the key of every deal
            model = model[0] if model else None
        if not isinstance(model, BaseModel):
            return
    name = path[-1]
    field = type(model).model_fields.get(name)
    if field is None:
        return
    current = getattr(model, name)
    for value in _alternatives(field.annotation, current):
        yield _replaced(spec, path, value)


def _alternatives(annotation: Any, current: object) -> list[object]:
    """Other values of a field's type than ``current``: for a choice, every other
    choice; for a flag, its opposite; for a number, one more and one less."""
    values: list[object] = []
    for arm in _arms(annotation):
        if arm is type(None):
            values.append(None)
        elif typing.get_origin(arm) is Literal:
            values.extend(typing.get_args(arm))
        elif arm is bool:
            values.extend([True, False])
        elif arm is int and isinstance(current, int) and not isinstance(current, bool):
            values.extend([current + 1, max(current - 1, 0), 0, 1])
        elif arm is int and current is None:
            values.extend([1, 2])
        elif typing.get_origin(arm) in (list, tuple) and current:
            values.append(type(current)())
    out: list[object] = []
    for value in values:
        if value != current and value not in out:
            out.append(value)
    return out


def _arms(annotation: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return tuple(a for arm in typing.get_args(annotation) for a in _arms(arm))
    if origin is typing.Annotated:
        return _arms(typing.get_args(annotation)[0])
    return (annotation,)


def _replaced(model: Any, path: list[str], value: object) -> Any:
    """A copy of ``model`` with ``value`` at ``path`` (in every item of a list on the way)."""
    name = path[0]
    if len(path) == 1:
        return model.model_copy(update={name: value})
    inner = getattr(model, name)
    if isinstance(inner, (list, tuple)):
        new: object = type(inner)(_replaced(item, path[1:], value) for item in inner)
    else:
        new = _replaced(inner, path[1:], value)
    return model.model_copy(update={name: new})
