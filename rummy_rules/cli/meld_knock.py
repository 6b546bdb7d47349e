"""``rummy-rules meld`` in a knock game: the deadwood, the best layout, and the knock.

Ten cards (a hand between turns): the layout that leaves the least deadwood.
Eleven (a hand just after the draw): the same after the best discard, and
every discard that allows a knock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from ..engine.melds import format_meld
from .common import emit_json

if TYPE_CHECKING:
    from ..cards import CardNames
    from ..engine.rules import Rules
    from ..spec.schema import VariantSpec

__all__ = ["knock_answer"]


def knock_answer(
    spec: VariantSpec, rules: Rules, hand: list[int], names: CardNames, *, as_json: bool
) -> None:
    """Print (or emit as JSON) what ``hand`` can knock with under ``spec``."""
    from ..engine.deadwood import Layout, best_layout, knock_discards
    from ..engine.rules import UNLIMITED

    knock = spec.going_out.knock
    assert knock is not None
    limit = knock.deadwood_limit
    # The limit as a number where the file fixes one (any: no limit).
    number = UNLIMITED if limit == "any" else limit if isinstance(limit, int) else None
    values = rules.card_values
    kept = rules.deals[0].cards
    # The deal's wild cards (a rank turned up each deal is not known here) and
    # what a knock's melds must hold.
    wilds = rules.deals[0].wild_faces
    needs = rules.play.knock_needs

    def layout_of(cards: list[int]) -> Any:
        """The layout meeting the needs, or else the best one, marked as not meeting them."""
        found = best_layout(cards, rules.melds, values, wilds, needs)
        if found.meets:
            return found
        best = best_layout(cards, rules.melds, values, wilds)
        # A new layout: the ones best_layout gives are remembered and shared.
        return Layout(best.melds, best.deadwood, best.value, meets=False)

    discard: int | None = None
    discards: list[int] = []
    if len(hand) > kept:
        # Just drawn: the best discard first, then the layout of the rest.
        best = None
        for face in sorted(set(hand)):
            rest = list(hand)
            rest.remove(face)
            layout = layout_of(rest)
            if best is None or (not layout.meets, layout.value) < (
                not best[1].meets,
                best[1].value,
            ):
                best = (face, layout)
        assert best is not None
        discard, layout = best
        if number is not None:
            discards = knock_discards(hand, rules.melds, values, number, wilds, needs)
    else:
        layout = layout_of(hand)
    whole = best_layout(hand, rules.melds, values, wilds, needs)
    big_gin = knock.big_gin and len(hand) > kept and whole.meets and not whole.deadwood
    # At a limit of 0 (gin, a declaration) every card is melded, one worth 0 too.
    within = (
        layout.value <= number and (number > 0 or not layout.deadwood)
        if number is not None
        else None
    )
    if as_json:
        document = _document(spec, hand, layout, discard, discards, limit, within, names)
        if len(hand) > kept and knock.big_gin:
            document["big_gin"] = big_gin
        emit_json(document)
        return
    _print_answer(spec, hand, names, layout, discard, discards, number, within, big_gin, needs)


def _print_answer(
    spec: VariantSpec,
    hand: list[int],
    names: CardNames,
    layout: Any,
    discard: int | None,
    discards: list[int],
    number: int | None,
    within: bool | None,
    big_gin: bool,
    needs: tuple[int, int],
) -> None:
    """:func:`knock_answer`'s words: the limit, the layout, the deadwood and the
    verdict, in the game's own word for a knock (``going_out.knock.word``)."""
    knock = spec.going_out.knock
    assert knock is not None
    limit = knock.deadwood_limit
    from ..render.i18n import _, ngettext
    from ..render.table_words import variant_name
    from .meld import kind_word

    limit_text = {
        "any": _("any value"),
        "upcard": _("the first upcard's value"),
    }.get(str(limit), _("{limit} or less").format(limit=limit))
    declares = knock.word == "declare"  # the game's own word (validation: limit 0)
    head = (
        _("{name}: a declaration lays every card but the discard in melds")
        if declares
        else _("{name}: a knock leaves deadwood of {limit}")
    )
    typer.echo(head.format(name=variant_name(spec), limit=limit_text))
    if any(needs):
        held = _("and its melds hold {runs} runs or more, {pure} of them pure")
        typer.echo("  " + held.format(runs=needs[0], pure=needs[1]))
    if big_gin:
        typer.echo(_("Big gin: every card of this hand is in a meld; knock with no discard."))
    count = ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))
    typer.echo(f"{count}: {names.texts(hand)}")
    if discard is not None:
        advice = _("discard {card} (it leaves the least deadwood)")
        typer.echo("  " + advice.format(card=names.text(discard)))
    for meld in layout.melds:
        typer.echo(f"  {kind_word(meld.kind)} {names.show(format_meld(meld, word=False))}")
    if not layout.meets:
        none = _("(no layout of these cards holds {runs} runs, {pure} pure)")
        typer.echo("  " + none.format(runs=needs[0], pure=needs[1]))
    dead = (
        names.texts(layout.deadwood)
        if layout.deadwood
        else (_("none") if declares else _("none (gin)"))
    )
    points = ngettext("{n} point", "{n} points", layout.value).format(n=layout.value)
    typer.echo("  " + _("deadwood: {cards}, {points}").format(cards=dead, points=points))
    if discard is not None and number is not None:
        if discards:
            yes = (
                _("Declare: yes, discarding any of {cards}.")
                if declares
                else _("Knock: yes, discarding any of {cards}.")
            )
            typer.echo(yes.format(cards=names.texts(discards)))
        else:
            no = (
                _("Declare: no, the least deadwood after a discard is {points}.")
                if declares
                else _("Knock: no, the least deadwood after a discard is {points}.")
            )
            typer.echo(no.format(points=layout.value))
    elif within is not None and declares:
        typer.echo(
            _("Every card of this hand is in a meld.")
            if within
            else _("Not every card of this hand is in a meld.")
        )
    elif within is not None and limit != "any":
        if within:
            verdict = _("This hand's deadwood is within the knock limit of {limit}.")
        else:
            verdict = _("This hand's deadwood is over the knock limit of {limit}.")
        typer.echo(verdict.format(limit=limit))


def _document(
    spec: VariantSpec,
    hand: list[int],
    layout: Any,
    discard: int | None,
    discards: list[int],
    limit: int | str,
    within: bool | None,
    names: CardNames,
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "variant": spec.id,
        "cards": names.texts(hand).split(),
        "discard": names.text(discard) if discard is not None else None,
        "melds": [
            {"kind": m.kind, "cards": names.show(format_meld(m, word=False)).split()}
            for m in layout.melds
        ],
        "deadwood": names.texts(layout.deadwood).split(),
        "deadwood_points": layout.value,
        "knock_limit": limit,
        "within_limit": within,
    }
    if discard is not None:
        document["knock_discards"] = [names.text(f) for f in discards]
    return document
