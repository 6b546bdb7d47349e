"""``rummy-rules meld``: can these cards meet a deal's contract?"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..render.i18n import _, ngettext

if TYPE_CHECKING:
    from ..cards import CardNames
    from ..engine.hints import ContractHint
    from ..engine.melds import Meld
    from ..engine.solver import Arrangement

from .common import (
    GameLangOption,
    JsonOption,
    SetOption,
    VariantArgument,
    check_overrides,
    emit_json,
    error,
    handle_errors,
    language_for,
    players_for,
)


@handle_errors
def meld(
    source: VariantArgument,
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARD",
            help="The cards of the hand: 10H QS AS JK (T for ten, lower case and ♠♥♦♣ work too).",
        ),
    ],
    deal_given: Annotated[
        int | None,
        typer.Option(
            "--deal",
            "-d",
            min=1,
            help="The deal number (from 1). Needed when the deals have different contracts.",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            min=2,
            help="Number of players (default: the variant's best or fewest).",
        ),
    ] = None,
    overrides: SetOption = None,
    json_output: JsonOption = False,
    lang: GameLangOption = None,
) -> None:
    """Say whether a hand meets the contract of a deal, and show how.

    The hand is the CARD arguments; the deal is --deal N. In a knock game it
    shows the layout that leaves the least deadwood and, for a hand just after
    the draw, the best discard and whether a knock is allowed.

    Among the ways to meet it, the one shown leaves the fewest points in hand.
    When the cards cannot meet it, says what is missing: the largest part of
    the contract they meet, and every card that, added to them, would complete
    it. In a deal that must be won all at once, or whose first player down
    must go out, every card must be melded. The search stops after 1,000,000
    steps (a few seconds) and says so: the answer is then the best way found,
    or "not known". Exit status 0 whether or not the cards meet it (see
    "meets" with --json); a card that is not a card is a usage error (exit 2).
    --lang answers in Bulgarian (bg) or Armenian (hy); --json is in English.
    """
    from ..cards import CardError
    from ..engine.rules import card_names, compile_rules
    from ..engine.shapes import describe_contract
    from ..render.i18n import language
    from ..render.pack_words import pack_of
    from ..spec.loader import load_variant

    spec = load_variant(source, check_overrides(overrides))
    names = card_names(spec)
    try:
        hand = [names.parse(card) for card in cards]
    except CardError as exc:
        raise typer.BadParameter(str(exc), param_hint="CARD") from None
    deal = _chosen_deal(spec, deal_given)
    count = players_for(spec, players)
    rules = compile_rules(spec, count)
    _check_pack(hand, rules.pack.faces(), spec, (deal, count), names)
    code = "en" if json_output else language_for(lang)
    if spec.going_out.knock is not None:
        from .meld_knock import knock_answer

        with language(code, pack_of(spec)):
            knock_answer(spec, rules, hand, names, as_json=json_output)
        return
    d = rules.deals[deal - 1]
    if not d.parts:
        error(f"error: deal {deal} of {spec.name} has no contract")
        raise typer.Exit(1)

    def value(face: int) -> int:
        return rules.value(face, wild=face in d.wild_faces)

    budget = [MELD_SEARCH_NODES]
    found = _meet(hand, d, rules.melds, value, budget)
    complete = budget[0] >= 0
    contract = describe_contract(d.parts, all_out=d.all_out)
    contract += ", going out at once" if d.first_down_must_go_out else ""
    hint = _missing(hand, d, rules, value) if found is None and complete else None
    if json_output:
        document = _document(spec.id, deal, contract, hand, found, hint, names)
        document["search_complete"] = complete
        if found is None and not complete:
            document["meets"] = None  # not known
        emit_json(document)
        return
    with language(code, pack_of(spec)):
        _head(spec, deal, d)
        _answer(hand, found, hint, names, complete=complete, all_out=d.all_out)


def _missing(hand: list[int], d: Any, rules: Any, value: Any) -> ContractHint:
    """What ``hand`` lacks for deal ``d``'s contract (a hand that cannot meet it)."""
    from ..engine.hints import contract_hint

    return contract_hint(
        hand,
        d.parts,
        rules.melds,
        d.wild_faces,
        pack=rules.pack.faces(),
        value=value,
        all_out=d.all_out or d.first_down_must_go_out,
    )


def _head(spec: Any, number: int, d: Any) -> None:
    """``meld``'s first line: the deal and its contract, in the language in force."""
    from ..render.table_words import variant_name
    from ..render.words import contract_text

    words = contract_text(d.parts, all_out=d.all_out)
    if d.first_down_must_go_out:
        words = _("{contract}, going out at once").format(contract=words)
    head = _("Deal {number} of {name}: {contract}")
    typer.echo(head.format(number=number, name=variant_name(spec), contract=words))


#: The most steps ``meld`` spends looking for a way to meet a contract: a few
#: seconds at the schema's limits (60 cards, 12 melds, 40 wild cards), where
#: an exhaustive search could run for hours.
MELD_SEARCH_NODES = 1_000_000


def _answer(
    hand: list[int],
    found: Arrangement | None,
    hint: ContractHint | None,
    names: CardNames,
    *,
    complete: bool,
    all_out: bool,
) -> None:
    """Print ``meld``'s answer: the way found, what is missing, or that the
    search gave up before it knew."""
    if found is None and not complete:
        unknown = _(
            "Not known: the search stopped after {steps} steps without finding a way to "
            "meet it; a hand this large may still meet it."
        )
        typer.echo(unknown.format(steps=f"{MELD_SEARCH_NODES:,}"))
        return
    if hint is not None:
        typer.echo(_("No: {cards} cannot meet it.").format(cards=names.texts(hand)))
        _print_hint(hint, names, all_out=all_out)
        return
    assert found is not None
    typer.echo(_("Yes: {cards} can meet it:").format(cards=names.texts(hand)))
    for m in found.melds:
        typer.echo(f"  {kind_word(m.kind)} {names.show(_cards(m))}")
    if found.left:
        points = ngettext("{n} point", "{n} points", found.points_left).format(n=found.points_left)
        left = _("left in hand: {cards} ({points})")
        typer.echo("  " + left.format(cards=names.texts(found.left), points=points))
    if not complete:
        stopped = _("(The search stopped after {steps} steps: another way may leave fewer points.)")
        typer.echo(stopped.format(steps=f"{MELD_SEARCH_NODES:,}"))


def kind_word(kind: str) -> str:
    """A meld's kind as ``meld`` lists it (``set``, ``run``), padded to a column."""
    word = {"set": _("set"), "run": _("run"), "colour": _("colour")}.get(kind, kind)
    return word.ljust(4)


def _meet(hand: list[int], d: Any, melds: Any, value: Any, budget: list[int]) -> Any:
    """The arrangement of ``hand`` that meets deal ``d``'s contract (``None``: none).

    A deal whose first player down must go out takes the whole hand, as an
    all-out deal does, less one card discarded where that is allowed."""
    from ..engine.solver import best_contract

    whole = d.all_out or d.first_down_must_go_out
    found = best_contract(
        hand, d.parts, melds, d.wild_faces, value=value, all_out=whole, nodes=budget
    )
    if found is None and d.first_down_must_go_out and d.first_down_may_discard:
        for face in sorted(set(hand)):
            rest = list(hand)
            rest.remove(face)
            found = best_contract(
                rest, d.parts, melds, d.wild_faces, value=value, all_out=True, nodes=budget
            )
            if found is not None:
                return replace(found, left=(face,), points_left=value(face))
    return found


def _chosen_deal(spec: Any, given: int | None) -> int:
    """The deal ``--deal`` names; without it deal 1, unless the deals' contracts
    differ (then the user must say which)."""
    differ = len({repr(d.contract) for d in spec.deals}) > 1
    if given is None and spec.going_out.knock is None and differ:
        raise typer.BadParameter(
            f"the deals of {spec.name} have different contracts: say which with "
            f"--deal N (1 to {len(spec.deals)})",
            param_hint="'--deal'",
        )
    deal = 1 if given is None else given
    if deal > len(spec.deals):
        raise typer.BadParameter(f"{spec.name} has {len(spec.deals)} deals", param_hint="'--deal'")
    return deal


def _document(
    variant: str,
    deal: int,
    contract: str,
    hand: list[int],
    found: Arrangement | None,
    hint: ContractHint | None,
    names: CardNames,
) -> dict[str, Any]:
    """The answer for --json."""
    document: dict[str, Any] = {
        "variant": variant,
        "deal": deal,
        "contract": contract,
        "cards": names.texts(hand).split(),
        "meets": found is not None,
    }
    if found is not None:
        document["melds"] = [
            {"kind": m.kind, "cards": names.show(_cards(m)).split()} for m in found.melds
        ]
        document["left"] = names.texts(found.left).split()
        document["points_left"] = found.points_left
    if hint is not None:
        document["missing"] = _hint_document(hint, names)
    return document


def _check_pack(
    hand: list[int], pack: list[int], spec: Any, where: tuple[int, int], names: CardNames
) -> None:
    """A hand holds no more cards than a hand of deal ``where[0]`` can for
    ``where[1]`` players, and no more cards of a face than the pack does."""
    from collections import Counter

    from ..render.words import number_word
    from ..spec.checks import largest_hand

    deal, players = where
    name = spec.name
    largest = largest_hand(spec, spec.deals[deal - 1], players, len(pack))
    if len(hand) > largest:
        raise typer.BadParameter(
            f"{len(hand)} cards: a hand in deal {deal} of {name} holds at most {largest}",
            param_hint="CARD",
        )

    format_card = names.text
    in_pack = Counter(pack)
    for face, held in sorted(Counter(hand).items()):
        if held > in_pack[face]:
            have = in_pack[face]
            what = (
                f"only {number_word(have)} {format_card(face)}"
                if have
                else f"no {format_card(face)}"
            )
            raise typer.BadParameter(
                f"the pack of {name} for {players} players holds {what}, "
                f"and the hand has {number_word(held)}",
                param_hint="CARD",
            )


def _hint_document(hint: ContractHint, names: CardNames) -> dict[str, Any]:
    """What the hand lacks, for --json."""
    from ..engine.shapes import describe_contract

    out: dict[str, Any] = {
        "melds": describe_contract(hint.missing) if hint.missing else None,
        "met": describe_contract(hint.met) if hint.met else None,
        "met_with": (
            [{"kind": m.kind, "cards": names.show(_cards(m)).split()} for m in hint.partial.melds]
            if hint.partial is not None
            else []
        ),
        "completing_cards": [names.text(f) for f in hint.completing],
    }
    if hint.partial is not None:
        out["left"] = names.texts(hint.partial.left).split()
    return out


def _cards(meld: Meld) -> str:
    """A meld's cards, without the kind word a colour meld's text starts with."""
    from ..engine.melds import format_meld

    return format_meld(meld, word=False)


def _print_hint(hint: ContractHint, names: CardNames, *, all_out: bool) -> None:
    """What the hand lacks, in words: the part it meets, and the cards that would do."""
    from ..render.words import contract_text

    if hint.partial is not None:
        typer.echo("  " + _("It meets {contract}:").format(contract=contract_text(hint.met)))
        for m in hint.partial.melds:
            typer.echo(f"    {kind_word(m.kind)} {names.show(_cards(m))}")
        typer.echo("  " + _("Missing: {contract}.").format(contract=contract_text(hint.missing)))
    else:
        typer.echo("  " + _("Not one meld of the contract can be made from these cards."))
    if hint.completing:
        cards = names.texts(hint.completing)
        if len(hint.completing) == 1:
            which = _("This card would complete it: {cards}")
        else:
            which = _("Any one of these cards would complete it: {cards}")
        typer.echo("  " + which.format(cards=cards))
    elif all_out:
        typer.echo("  " + _("No single card would complete it (every card melded): it needs "
                            "two or more."))  # fmt: skip
    else:
        typer.echo("  " + _("No single card would complete it: it needs two or more."))
