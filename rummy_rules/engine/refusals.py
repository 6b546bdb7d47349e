"""Why the engine refuses an action, as a value: a stable code, the keys of the
variant file behind the rule, and the parameters (cards, counts) of this case.

A :class:`Refusal` is a ``str`` (its English sentence), so everything that
prints or compares reasons keeps working; beside the text it carries
:attr:`~Refusal.code`, :attr:`~Refusal.keys` and :attr:`~Refusal.params`. A
refusal with no keys states a fact of the position ("you do not hold 7H"),
not a rule. Each kind of refusal is defined once, next to the rule that gives
it, with :func:`refusal` (no parameters: the refusal itself) or
:func:`refusal_kind` (a :class:`RefusalKind` called with the parameters);
:data:`REFUSALS` lists them by code, and docs/refusals.md is written from it.
The English templates are messages of the catalogs, so ``render`` can word a
refusal in any language (:func:`rummy_rules.render.refusals.refusal_text`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from string import Formatter

__all__ = [
    "GAME_OVER",
    "NOT_HELD",
    "NO_BUY_WINDOW",
    "N_",
    "REFUSALS",
    "Refusal",
    "RefusalKind",
    "all_refusals",
    "refusal",
    "refusal_kind",
]


def N_(text: str) -> str:
    """Mark ``text`` as a message of the catalogs (``pybabel extract`` finds it)."""
    return text


@dataclass(frozen=True)
class RefusalKind:
    """One kind of refusal: its ``code``, the variant ``keys`` of the rule
    (empty: a fact of the position) and the English ``template``, whose
    ``{fields}`` are the parameters. Call it with the parameters to refuse."""

    code: str
    keys: tuple[str, ...]
    template: str

    @property
    def fields(self) -> tuple[str, ...]:
        """The parameters the template names, in order."""
        return tuple(f for _, f, _, _ in Formatter().parse(self.template) if f)

    def __call__(self, **params: object) -> Refusal:
        key = (self.code, *params.values())
        made = _MADE.get(key)
        if made is None:
            values = {name: str(value) for name, value in params.items()}
            made = Refusal(self, self.template.format(**values), values)
            if len(_MADE) < _MADE_MOST:
                _MADE[key] = made
        return made


#: Refusals made, by code and parameters: the engine asks for the same ones
#: again and again (a lay-off tried on every meld), so each is made once.
_MADE: dict[tuple[object, ...], Refusal] = {}
_MADE_MOST = 20_000


class Refusal(str):
    """Why an action was refused: the English sentence (the string itself),
    with the :attr:`code`, the rule's :attr:`keys` and the :attr:`params`."""

    kind: RefusalKind
    params: Mapping[str, str]
    #: What the refusal is about, written before it (``7S 8S 9S``: the meld
    #: refused), or empty.
    about: str
    #: The refusals this one gathers (why a group of cards makes no set, and
    #: no run), or empty.
    parts: tuple[Refusal, ...]

    def __new__(
        cls,
        kind: RefusalKind,
        text: str,
        params: Mapping[str, str],
        about: str = "",
        parts: tuple[Refusal, ...] = (),
    ) -> Refusal:
        self = super().__new__(cls, text)
        self.kind = kind
        self.params = params
        self.about = about
        self.parts = parts
        return self

    @property
    def code(self) -> str:
        """The stable code of this kind of refusal (``discard.wild``)."""
        return self.kind.code

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys of the variant file whose rule refused (empty: a fact), with
        those of the :attr:`parts`."""
        keys = list(self.kind.keys)
        for part in self.parts:
            keys.extend(k for k in part.keys if k not in keys)
        return tuple(keys)

    def retext(self, text: str) -> Refusal:
        """The same refusal worded as ``text`` (say, with the cards shown as symbols)."""
        return Refusal(self.kind, text, self.params, self.about, self.parts)

    def said_of(self, what: str) -> Refusal:
        """The same refusal said of ``what`` (a meld, a card): ``what: sentence``."""
        return Refusal(self.kind, f"{what}: {self}", self.params, what, self.parts)

    def gathering(self, parts: tuple[Refusal, ...]) -> Refusal:
        """The same refusal, gathering the refusals ``parts`` (their keys count too)."""
        return Refusal(self.kind, str(self), self.params, self.about, parts)

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (self.kind.code, str(self), dict(self.params), self.about, self.parts),
        )


def _rebuild(
    code: str, text: str, params: dict[str, str], about: str, parts: tuple[Refusal, ...]
) -> Refusal:
    return Refusal(all_refusals()[code], text, params, about, parts)


#: Every kind of refusal by code, as the engine's modules define them.
REFUSALS: dict[str, RefusalKind] = {}


def refusal_kind(code: str, keys: tuple[str, ...], template: str) -> RefusalKind:
    """Define the kind of refusal ``code``, given by the rule of ``keys`` (empty
    for a fact of the position), worded by ``template`` (a message marked with
    ``N_``; ``{name}`` fields are the parameters)."""
    kind = RefusalKind(code, keys, template)
    known = REFUSALS.setdefault(code, kind)
    if known != kind:
        raise ValueError(f"refusal code {code!r} is defined twice")
    return kind


def refusal(code: str, keys: tuple[str, ...], template: str) -> Refusal:
    """Define a refusal with no parameters, and return it (the engine returns
    the one value every time)."""
    kind = refusal_kind(code, keys, template)
    if kind.fields:
        raise ValueError(f"refusal {code!r} has parameters: use refusal_kind")
    return kind()


def all_refusals() -> Mapping[str, RefusalKind]:
    """:data:`REFUSALS` once every module of the engine is imported, sorted by code."""
    engine = importlib.import_module(__package__ or "rummy_rules.engine")
    for module in pkgutil.iter_modules(engine.__path__):
        importlib.import_module(f"{__package__}.{module.name}")
    return dict(sorted(REFUSALS.items()))


#: Facts of the position that more than one kind of action runs into.
NOT_HELD = refusal_kind("hand.not_held", (), N_("you do not hold {card}"))
GAME_OVER = refusal("game.over", (), N_("the game is over"))
NO_BUY_WINDOW = refusal("buy.no_window", (), N_("no buy window is open"))
