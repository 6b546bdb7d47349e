"""The rulebook's sentences for a game that declares instead of knocking
(``going_out.knock.word: declare``: Indian Rummy): the same rules as a knock
with no deadwood, in the game's own words — a player declares, a declaration,
the declarer — and never "knock" or "gin"."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import KnockRules, VariantSpec
from .i18n import _
from .words import number_word, plural

__all__ = ["declare_sentences", "declared_discard", "declared_melds_shown", "declares"]


def declares(s: VariantSpec) -> bool:
    """Whether the game's word for a knock is *declare*."""
    knock = s.going_out.knock
    return knock is not None and knock.word == "declare"


def declared_melds_shown() -> str:
    """The melding topic's sentence of a game whose melds are shown at a declaration."""
    return _(
        "No melds are laid on the table during play: each player keeps their cards in "
        "hand until a player declares, when the melds are shown."
    )


def declared_discard() -> str:
    """The discard topic's sentence of a game that declares."""
    return _("Every turn ends with a discard; a player who declares discards face down.")


def declare_sentences(s: VariantSpec) -> Iterator[str]:
    """How a hand ends by a declaration (deadwood_limit 0, as validation asks)."""
    knock = s.going_out.knock
    assert knock is not None
    yield _(
        "A hand ends when a player declares: after drawing, a player whose cards, all but "
        "one, are in melds discards that card face down and shows their melds."
    )
    yield from needs_sentences(knock, declares=True)
    if s.players.max <= 2:
        yield _(
            "The other player then lays out their own melds, but lays off nothing on the "
            "declarer's; what is left in their hand is their deadwood."
        )
    else:
        yield _(
            "Each other player in turn, from the declarer's left, then lays out their own "
            "melds, but lays off nothing on the declarer's; what is left in each hand is "
            "that player's deadwood."
        )
    if knock.wrong_declaration is not None:
        yield _(
            "A declaration that breaks these rules is a wrong declaration: the player "
            "scores {points} penalty points for the deal and takes no further part in it, "
            "and the others play on."
        ).format(points=knock.wrong_declaration)


def needs_sentences(knock: KnockRules, *, declares: bool) -> Iterator[str]:
    """What a knock's (a declaration's) melds must include (``knock.needs``), and
    the count of a player whose melds do not."""
    needs = knock.needs
    if needs is None or not needs.runs:
        return
    runs = plural(needs.runs, "run")
    if needs.pure_runs:
        pure = number_word(needs.pure_runs)
        yield (
            _(
                "A declaration's melds must include at least {runs}, {pure} of them pure: "
                "with no wild card (a wild-rank card in its own place keeps a run pure)."
            )
            if declares
            else _(
                "A knock's melds must include at least {runs}, {pure} of them pure: with no "
                "wild card (a wild-rank card in its own place keeps a run pure)."
            )
        ).format(runs=runs, pure=pure)
    else:
        yield (
            _("A declaration's melds must include at least {runs}.")
            if declares
            else _("A knock's melds must include at least {runs}.")
        ).format(runs=runs)
    if knock.count_all_without_needs:
        yield _(
            "When a hand ends, a player whose laid melds do not include as many runs, "
            "and pure runs, counts every card, melded or not."
        )
