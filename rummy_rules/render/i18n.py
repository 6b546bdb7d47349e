"""The language printed output speaks: gettext catalogs, one per language.

Every sentence of a rulebook, house sheet, score sheet and table card is a
message of the ``rummy_rules`` gettext domain, written in English in the code
and templates and translated in ``rummy_rules/locale/LANG/LC_MESSAGES/``
(``rummy_rules.po``, kept up to date with ``scripts/catalogs.py``; see the
README). Building the package compiles each catalog to the ``.mo`` file
gettext reads (``hatch_build.py``), so an installed copy reads its
catalogs with the standard library and needs nothing beyond the package.
In a checkout the ``.po`` files are the catalogs: a catalog with no ``.mo``
beside it, or one edited since, is compiled when first used, with Babel
(the ``dev`` extra).

Rendering runs inside :func:`language`; :func:`_`, :func:`ngettext` and
:func:`pgettext` translate into the language in force (English outside any),
told in the words of the pack in force (:mod:`.pack_words`: a numbered pack's
colours and numbers, a tile game's tiles, jokers and pool).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .pack_words import Pack, retold

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "CatalogError",
    "_",
    "current_language",
    "default_language",
    "language",
    "list_separator",
    "locale_dir",
    "ngettext",
    "pgettext",
]

#: The languages output can be printed in, by code, with their own names.
LANGUAGES = {"en": "English", "bg": "Български", "hy": "Հայերեն"}

#: The gettext domain of the catalogs.
DOMAIN = "rummy_rules"

_ACTIVE: ContextVar[tuple[str, gettext.NullTranslations, Pack]] = ContextVar(
    "rummy_rules_language", default=("en", gettext.NullTranslations(), "cards")
)


def locale_dir() -> Path:
    """Where the catalogs are: ``rummy_rules/locale``."""
    return Path(__file__).resolve().parent.parent / "locale"


class CatalogError(RuntimeError):
    """A language's catalog cannot be read: a checkout's ``.po`` file with no
    compiled ``.mo`` beside it and no Babel to compile it."""


@cache
def _translations(code: str) -> gettext.NullTranslations:
    if code == "en":
        return gettext.NullTranslations()
    folder = locale_dir() / code / "LC_MESSAGES"
    source = folder / f"{DOMAIN}.po"
    compiled = folder / f"{DOMAIN}.mo"
    if source.exists() and (
        not compiled.exists() or source.stat().st_mtime > compiled.stat().st_mtime
    ):
        # A checkout: its .po file is the catalog (an installed copy has
        # only the .mo file its build compiled).
        made = _compile(source, code)
        if made is not None:
            return gettext.GNUTranslations(made)
        if not compiled.exists():
            raise CatalogError(
                f"the {LANGUAGES[code]} catalog ({source}) is not compiled: install the "
                "checkout (pip install -e ., which compiles it) or Babel (pip install babel)"
            )
    return gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[code])


def _compile(source: Path, code: str) -> io.BytesIO | None:
    """The catalog ``source`` compiled to a ``.mo`` file in memory, or None
    without Babel."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with source.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return out


@contextmanager
def language(code: str, pack: Pack = "cards") -> Iterator[None]:
    """Translate into ``code`` (a key of :data:`LANGUAGES`) inside the block,
    in the words of ``pack`` (``pack_words.pack_of(spec)`` for a variant's)."""
    if code not in LANGUAGES:
        raise ValueError(f"no catalog for language {code!r}")
    token = _ACTIVE.set((code, _translations(code), pack))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def current_language() -> str:
    """The code of the language in force."""
    return _ACTIVE.get()[0]


def _(message: str) -> str:
    """``message`` in the language in force."""
    code, catalog, pack = _ACTIVE.get()
    text = catalog.gettext(message)
    return text if pack == "cards" else retold(text, code, pack)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n``, by the plural rules of the language in force."""
    code, catalog, pack = _ACTIVE.get()
    text = catalog.ngettext(singular, plural, n)
    return text if pack == "cards" else retold(text, code, pack)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, as meant in ``context`` (a word
    that reads two ways in English, such as "down", is two messages)."""
    code, catalog, pack = _ACTIVE.get()
    text = catalog.pgettext(context, message)
    return text if pack == "cards" else retold(text, code, pack)


def list_separator() -> str:
    """The mark between the items of a list whose items may hold commas: "; " in
    English and Bulgarian, the միջակետ "․ " in Armenian, which has no semicolon."""
    return pgettext("list separator", "; ")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here."""
    return message


def default_language() -> str:
    """The language of the environment's locale (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``) if there is a catalog for it, else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for item in value.split(":"):
            code = item.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return "en"
    return "en"
