"""Consistency checks of the Canasta family's keys (part of
:func:`~rummy_rules.spec.consistency.check_consistency`): canastas, the
natural pair, one set per rank, bonus cards, cards melded only when going
out, several cards drawn from the stock."""

from __future__ import annotations

from .schema import VariantSpec
from .yamlio import PathT

__all__ = ["check_canasta_family"]

Finding = tuple[PathT, str, str]


def check_canasta_family(spec: VariantSpec, out: list[Finding]) -> None:
    """Append to ``out`` the Canasta family's settings that contradict other
    rules or cannot be played with them yet."""
    _check_one_per_rank(spec, out)
    _check_canastas(spec, out)
    _check_natural_pair(spec, out)
    _check_bonus_cards(spec, out)
    _check_going_out_only(spec, out)
    _check_stock_cards(spec, out)
    _check_feet(spec, out)
    if not spec.melds.canasta_takes_wilds and not spec.melds.canasta_size:
        out.append(
            (
                ("melds", "canasta_takes_wilds"),
                "has no effect without canastas: set melds.canasta_size",
                "warning",
            )
        )
    for index, bonus in enumerate(spec.scoring.bonuses):
        why = None
        canasta = ("natural_canasta", "mixed_canasta", "run_canasta")
        if bonus.event in canasta and not spec.melds.canasta_size:
            why = f"{bonus.event} never happens: set melds.canasta_size"
        elif bonus.event == "run_canasta" and not spec.melds.run.allowed:
            why = "run_canasta never happens: there are no runs (melds.run.allowed)"
        elif bonus.event in ("bonus_card", "all_bonus_cards") and not spec.deck.bonus_cards:
            why = f"{bonus.event} never happens: set deck.bonus_cards"
        if why is not None:
            out.append((("scoring", "bonuses", index, "event"), why, "error"))


def _not_yet_with(spec: VariantSpec) -> str | None:
    """The first rule the engine cannot yet play beside cards with roles or
    several cards drawn: buying, the push, knocking, numbered packs."""
    if spec.buying.enabled:
        return "buying"
    if spec.draw.push:
        return "draw.push"
    if spec.going_out.knock is not None:
        return "going_out.knock"
    if spec.deck.numbered is not None:
        return "a numbered pack"
    return None


def _check_bonus_cards(spec: VariantSpec, out: list[Finding]) -> None:
    """``deck.bonus_cards``, ``table.cover_upcard`` and ``scoring.bonus_cards_unopened``."""
    deck = spec.deck
    path = ("deck", "bonus_cards")
    if deck.bonus_cards:
        other = _not_yet_with(spec)
        wild = sorted(set(deck.bonus_cards) & set(deck.wild_cards)) or [
            c for c in deck.bonus_cards if c[:-1] in deck.wild_ranks
        ]
        if other is not None:
            out.append((path, f"cannot be played with {other} yet", "error"))
        elif wild:
            out.append((path, f"{wild[0]} is wild: a bonus card cannot be wild", "error"))
        elif spec.table.upcard and not spec.table.cover_upcard:
            out.append(
                (
                    path,
                    "a bonus card turned up as the first upcard must be covered: set "
                    "table.cover_upcard true",
                    "error",
                )
            )
    elif spec.scoring.bonus_cards_unopened != "for":
        out.append(
            (
                ("scoring", "bonus_cards_unopened"),
                "has no bonus cards to count: set deck.bonus_cards",
                "error",
            )
        )
    if spec.scoring.bonus_cards_unopened == "against_without_canastas" and not (
        spec.going_out.canastas
    ):
        out.append(
            (
                ("scoring", "bonus_cards_unopened"),
                "against_without_canastas counts the canastas going out needs: set "
                "going_out.canastas",
                "error",
            )
        )
    if spec.table.cover_upcard and not spec.table.upcard:
        out.append(
            (("table", "cover_upcard"), "there is no upcard: set table.upcard true", "error")
        )


def _check_going_out_only(spec: VariantSpec, out: list[Finding]) -> None:
    """``melds.going_out_only``: natural cards, in games where melds are laid in play."""
    only = spec.melds.going_out_only
    if not only:
        return
    path = ("melds", "going_out_only")
    wild = [c for c in only if c in spec.deck.wild_cards or c[:-1] in spec.deck.wild_ranks]
    if wild:
        out.append((path, f"{wild[0]} is wild: it is melded as any card", "error"))
    elif spec.going_out.knock is not None:
        out.append((path, "cannot be played with going_out.knock yet", "error"))
    elif set(only) & set(spec.melds.unmeldable):
        out.append((path, "a card cannot be both never melded and melded going out", "error"))
    elif set(only) & set(spec.deck.bonus_cards):
        out.append(
            (path, "a bonus card (deck.bonus_cards) is never held, so never melded", "error")
        )


def _check_feet(spec: VariantSpec, out: list[Finding]) -> None:
    """``deals[].foot``, ``deals[].min_points``, ``going_out.natural_canastas``
    and ``melds.unmeldable``."""
    for index, deal in enumerate(spec.deals):
        why = None
        if deal.min_points is not None and spec.opening.requirement != "min_points":
            why = "is an opening minimum: it needs opening.requirement min_points"
        elif deal.min_points is not None and spec.opening.min_points_by_total:
            why = "cannot be given with opening.min_points_by_total: use one or the other"
        if why is not None:
            out.append((("deals", index, "min_points"), why, "error"))
        if deal.foot_per == "team" and spec.partnerships.teams != "fixed_pairs":
            why = "a team's foot needs partnerships.teams fixed_pairs"
            out.append((("deals", index, "foot_per"), why, "error"))
        if not deal.foot:
            continue
        if deal.foot_word != next(d.foot_word for d in spec.deals if d.foot):
            why = "names the foot otherwise than the first deal with one: use one word"
            out.append((("deals", index, "foot_word"), why, "error"))
        why = _not_yet_with(spec)
        if why is None and spec.going_out.method not in ("any", "must_discard"):
            why = f"going_out.method {spec.going_out.method}"
        elif why is None and spec.melding.rearrange_table:
            why = "melding.rearrange_table"
        elif why is None and spec.contract.progression == "each_player":
            why = "contract.progression each_player"
        elif why is None and (deal.all_out or deal.first_down_must_go_out):
            why = "an all-at-once deal"
        if why is not None:
            out.append((("deals", index, "foot"), f"cannot be played with {why} yet", "error"))
    if not any(deal.foot for deal in spec.deals):
        stock = spec.stock_exhausted
        if stock is not None and stock.foot_to_stock:
            out.append((("stock_exhausted", "foot_to_stock"), "needs deals[].foot", "error"))
        for i, bonus in enumerate(spec.scoring.bonuses):
            if bonus.event in ("foot_left", "bonus_card_in_foot"):
                where = ("scoring", "bonuses", i, "event")
                out.append((where, f"{bonus.event} needs deals[].foot", "error"))
    if spec.table.exact_cut == "feet" and not all(deal.foot for deal in spec.deals):
        why = "counts the cards of the feet: it needs deals[].foot in every deal"
        out.append((("table", "exact_cut"), why, "error"))
    if spec.draw.pile_cards is not None and spec.draw.discard_pile not in ("top", "whole_pile"):
        why = "counts cards from the top: it needs draw.discard_pile top or whole_pile"
        out.append((("draw", "pile_cards"), why, "error"))
    going_out = spec.going_out
    if going_out.ask_partner != "never":
        path = ("going_out", "ask_partner")
        if spec.partnerships.teams != "fixed_pairs":
            out.append(
                (path, "a partner is asked: it needs partnerships.teams fixed_pairs", "error")
            )
        elif going_out.knock is not None:
            out.append((path, "cannot be played with going_out.knock yet", "error"))
    for key, count in (
        ("natural_canastas", going_out.natural_canastas),
        ("mixed_canastas", going_out.mixed_canastas),
    ):
        if not count:
            continue
        path = ("going_out", key)
        if going_out.natural_canastas + going_out.mixed_canastas > going_out.canastas:
            out.append(
                (
                    path,
                    "natural_canastas and mixed_canastas come to more than going_out.canastas, "
                    "the canastas needed in all",
                    "error",
                )
            )
    deck = spec.deck
    wild = [c for c in spec.melds.unmeldable if c in deck.wild_cards or c[:-1] in deck.wild_ranks]
    if wild:
        out.append(
            (("melds", "unmeldable"), f"{wild[0]} is wild: it is melded as any card", "error")
        )


def _check_stock_cards(spec: VariantSpec, out: list[Finding]) -> None:
    """``draw.stock_cards`` above 1: the engine plays it in plain turns only."""
    if spec.draw.stock_cards == 1:
        return
    other = _not_yet_with(spec)
    if other is not None:
        out.append((("draw", "stock_cards"), f"cannot be played with {other} yet", "error"))


def _check_one_per_rank(spec: VariantSpec, out: list[Finding]) -> None:
    """``melds.set.one_per_rank``, ``melds.set.join`` and the rules they cannot be
    played with yet."""
    join = ("melds", "set", "join")
    if spec.melds.set.join and spec.melds.set.one_per_rank:
        why = "a side has one set of each rank (melds.set.one_per_rank): none to join"
        out.append((join, why, "error"))
    elif spec.melds.set.join and spec.melding.rearrange_table:
        out.append((join, "cannot be played with melding.rearrange_table yet", "error"))
    if not spec.melds.set.one_per_rank:
        return
    if spec.opening.requirement == "contract":
        out.append(
            (
                ("melds", "set", "one_per_rank"),
                "is played with opening.requirement min_points or none (with contracts, "
                "contract.sets_of_same_rank says whether sets may share a rank)",
                "error",
            )
        )
    if spec.melding.rearrange_table:
        out.append(
            (
                ("melds", "set", "one_per_rank"),
                "cannot be played with melding.rearrange_table yet",
                "error",
            )
        )
    if spec.wilds.exchange.allowed:
        out.append(
            (
                ("melds", "set", "one_per_rank"),
                "cannot be played with wilds.exchange yet (an exchange may lay a new set)",
                "error",
            )
        )


def _check_canastas(spec: VariantSpec, out: list[Finding]) -> None:
    """``going_out.canastas`` and what it needs."""
    if not spec.going_out.canastas:
        return
    why = None
    if not spec.melds.canasta_size:
        why = "counts canastas: set melds.canasta_size"
    elif spec.going_out.knock is not None:
        why = "cannot be played with going_out.knock"
    elif spec.going_out.method not in ("any", "must_discard"):
        why = f"cannot be played with going_out.method {spec.going_out.method} yet"
    elif spec.melding.rearrange_table:
        why = "cannot be played with melding.rearrange_table yet"
    elif any(d.all_out or d.first_down_must_go_out for d in spec.deals):
        why = "cannot be played with all-at-once deals or a first player down who must go out"
    if why is not None:
        out.append((("going_out", "canastas"), why, "error"))


def _check_natural_pair(spec: VariantSpec, out: list[Finding]) -> None:
    """``draw.natural_pair`` and what it needs: the top card melded at once."""
    draw = spec.draw
    if draw.natural_pair == "never":
        return
    if draw.natural_pair == "or_lay_off" and not spec.melds.canasta_size:
        why = "or_lay_off lays the top card off on a meld that is not yet a canasta: set "
        why += "melds.canasta_size"
    elif draw.discard_condition not in ("meld_now", "opening_or_after"):
        why = "the card taken is melded with the pair at once: set draw.discard_condition meld_now"
    elif draw.discard_pile not in ("top", "whole_pile"):
        why = f"is played with draw.discard_pile top or whole_pile, not {draw.discard_pile}"
    else:
        return
    out.append((("draw", "natural_pair"), why, "error"))
