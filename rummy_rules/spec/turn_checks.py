"""Consistency checks of a turn's shape and of stakes: a turn that plays or
draws, a game with no discard pile, calling the hand and a win on the deal
(``draw.mode``, ``discard.allowed``, ``going_out.call``,
``going_out.dealt_counts``, ``scoring.model: stakes``)."""

from __future__ import annotations

from .schema import VariantSpec
from .yamlio import PathT

__all__ = ["check_knock_word", "check_stakes", "check_turn_shape"]

#: (path, message, severity), as :mod:`.consistency` reports them.
Finding = tuple[PathT, str, str]


def check_turn_shape(spec: VariantSpec, out: list[Finding]) -> None:
    """A turn that plays or draws (``draw.mode``), and a game with no discard pile
    (``discard.allowed: false``): the keys they leave nothing to act on."""
    play_or_draw = spec.draw.mode == "play_or_draw"
    stock = spec.stock_exhausted
    if stock is not None and stock.action == "pass" and not play_or_draw:
        out.append(
            (
                ("stock_exhausted", "action"),
                "pass plays on without a stock, which needs turns that play or draw "
                "(draw.mode: play_or_draw)",
                "error",
            )
        )
    if play_or_draw:
        if spec.draw.discard_pile != "none":
            out.append(
                (
                    ("draw", "discard_pile"),
                    "a turn that plays or draws takes nothing from the discard pile: "
                    "write discard_pile: none (draw.mode: play_or_draw)",
                    "error",
                )
            )
        if stock is not None and stock.action not in ("pass", "end_deal"):
            out.append(
                (
                    ("stock_exhausted", "action"),
                    f"{stock.action} needs a discard pile to draw from: with draw.mode "
                    "play_or_draw use pass (play on without drawing) or end_deal",
                    "error",
                )
            )
        for path, on, what in (
            (("draw", "stock_cards"), spec.draw.stock_cards != 1, "draws one card"),
            (("draw", "push"), spec.draw.push, "pushes nothing"),
            (("buying", "enabled"), spec.buying.enabled, "has no buying"),
            (("going_out", "knock"), spec.going_out.knock is not None, "has no knock yet"),
            (("going_out", "drop"), spec.going_out.drop is not None, "has no drop yet"),
            (
                ("going_out", "ask_partner"),
                spec.going_out.ask_partner != "never",
                "asks no partner",
            ),
        ):
            if on:
                out.append(
                    (path, f"a turn that plays or draws (draw.mode: play_or_draw) {what}", "error")
                )
    _check_turn_up(spec, out)
    if spec.discard.allowed:
        return
    for path, on, say in (
        (("discard", "required"), spec.discard.required, "required: false"),
        (("table", "upcard"), spec.table.upcard, "table.upcard: false"),
        (("draw", "discard_pile"), spec.draw.discard_pile != "none", "draw.discard_pile: none"),
        (("buying", "enabled"), spec.buying.enabled, "buying.enabled: false"),
        (
            ("going_out", "method"),
            spec.going_out.method == "must_discard",
            "a going_out.method other than must_discard",
        ),
    ):
        if on:
            out.append(
                (
                    path,
                    f"there is no discard pile (discard.allowed: false): write {say}",
                    "error",
                )
            )


def check_knock_word(spec: VariantSpec, out: list[Finding]) -> None:
    """``going_out.knock.word: declare``: the combinations worded so far."""
    knock = spec.going_out.knock
    if knock is None or knock.word != "declare":
        return
    bonuses = {b.event for b in spec.scoring.bonuses} & {"gin", "big_gin", "undercut"}
    for on, what in (
        (knock.deadwood_limit != 0, "a limit above 0 (deadwood_limit: 0)"),
        (knock.big_gin, "big gin"),
        (bool(bonuses), "the " + ", ".join(sorted(bonuses)) + " bonus"),
        (spec.scoring.model == "knock_difference", "scoring.model: knock_difference"),
        (
            spec.stock_exhausted is not None and spec.stock_exhausted.void_take == "to_knock",
            "stock_exhausted.void_take: to_knock",
        ),
    ):
        if on:
            out.append(
                (
                    ("going_out", "knock", "word"),
                    f"declaring (word: declare) is not worded yet with {what}: write word: knock",
                    "error",
                )
            )


def _check_turn_up(spec: VariantSpec, out: list[Finding]) -> None:
    """A card turned up from the stock (``draw.mode: turn_up``) and forcing
    (``draw.force``): the keys they do not play with yet, or leave nothing to act on."""
    draw = spec.draw
    if draw.force == "may" and (draw.mode == "play_or_draw" or not spec.discard.allowed):
        out.append(
            (
                ("draw", "force"),
                "forcing needs a card left on a discard pile: not with draw.mode "
                "play_or_draw or discard.allowed: false",
                "error",
            )
        )
    if draw.force == "may" and spec.melding.lay_off.targets == "none":
        out.append(
            (
                ("draw", "force"),
                "a player is forced to take a card they could lay off: with no laying off "
                "(melding.lay_off.targets: none) no one ever could",
                "error",
            )
        )
    if draw.mode != "turn_up":
        return
    going = spec.going_out
    stock = spec.stock_exhausted
    for path, on, what in (
        (("draw", "discard_pile"), draw.discard_pile != "top", "takes from the top of the pile"),
        (("draw", "stock_cards"), draw.stock_cards != 1, "turns up one card"),
        (("draw", "push"), draw.push, "pushes nothing"),
        (("discard", "allowed"), not spec.discard.allowed, "needs a discard pile"),
        (("buying", "enabled"), spec.buying.enabled, "has no buying yet"),
        (("going_out", "knock"), going.knock is not None, "has no knock yet"),
        (("deck", "bonus_cards"), bool(spec.deck.bonus_cards), "has no bonus cards yet"),
        (("table", "upcard_offer"), spec.table.upcard_offer != "first_player", "offers no upcard"),
        (
            ("stock_exhausted", "action"),
            stock is not None and stock.action == "pass",
            "does not play on without a stock",
        ),
    ):
        if on:
            out.append(
                (path, f"a turn that turns up a stock card (draw.mode: turn_up) {what}", "error")
            )


def check_stakes(spec: VariantSpec, out: list[Finding]) -> None:
    """Stakes (``scoring.model: stakes``), calling the hand and winning on the
    deal: what each needs of the others."""
    stakes = spec.scoring.model == "stakes"
    going = spec.going_out
    for path, on, what in (
        (("going_out", "call"), going.call is not None, "calling the hand"),
        (("going_out", "dealt_counts"), bool(going.dealt_counts), "a win on the deal"),
    ):
        if on and not stakes:
            out.append((path, f"{what} is scored in stakes: write scoring.model: stakes", "error"))
    if not stakes:
        return
    for path, on, what in (
        (("going_out", "knock"), going.knock is not None, "a knock"),
        (("going_out", "drop"), going.drop is not None, "a drop out of the deal"),
        (("partnerships", "teams"), spec.partnerships.teams != "none", "partnerships"),
        (("draw", "mode"), spec.draw.mode == "play_or_draw", "a turn that plays or draws"),
    ):
        if on:
            out.append(
                (path, f"stakes (scoring.model: stakes) are not played with {what} yet", "error")
            )
    call = going.call
    if (
        call is not None
        and call.after_hit == "wait_a_turn"
        and spec.melding.lay_off.targets == "none"
    ):
        out.append(
            (
                ("going_out", "call", "after_hit"),
                "with no laying off (melding.lay_off.targets: none) there is no hit to wait after",
                "error",
            )
        )
