"""The rulebook's sentences about a second hand dealt face down and played
once the hand is empty (``deals[].foot``): Hand and Foot's foot, Buraco's
morto (``deals[].foot_word``), each player's or each team's
(``deals[].foot_per``)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .i18n import _

__all__ = ["foot_sentences", "foot_word"]


def foot_word(s: VariantSpec) -> str:
    """What the game calls its second hand: ``foot`` or ``morto``."""
    return next((d.foot_word for d in s.deals if d.foot), "foot")


def _dealt(s: VariantSpec, n: int, team: bool, counted: bool) -> str:
    morto = foot_word(s) == "morto"
    if team:
        return (
            _(
                "Each team also has a morto of {n} cards, dealt face down after the hands. "
                "The first partner whose hand is empty picks up the team's morto and plays "
                "on: at once if they emptied the hand by melding or laying off, at their next "
                "turn if by discarding. No one goes out while their team's morto is face down."
            )
            if morto
            else _(
                "Each team is also dealt a foot of {n} cards, face down, after the hands. The "
                "first partner whose hand is empty picks up the team's foot and plays on: at "
                "once if they emptied the hand by melding or laying off, at their next turn if "
                "by discarding. No one goes out while their team's foot is face down."
            )
        ).format(n=n)
    if morto:
        text = _(
            "Each player also has a morto of {n} cards, dealt face down after the hands. A "
            "player whose hand is empty picks up their morto and plays on: at once if they "
            "emptied the hand by melding or laying off, at their next turn if by "
            "discarding. Only a player who has picked up their morto may go out."
        ).format(n=n)
        if counted:
            text += " " + _("Cards left in a morto count as if they were in the hand.")
        return text
    if counted:
        return _(
            "Each player is also dealt a foot of {n} cards, face down, after the hands. A "
            "player whose hand is empty picks up their foot and plays on: at once if they "
            "emptied the hand by melding or laying off, at their next turn if by "
            "discarding. Only a player who has picked up their foot may go out; cards "
            "left in a foot count as if they were in the hand."
        ).format(n=n)
    return _(
        "Each player is also dealt a foot of {n} cards, face down, after the hands. A "
        "player whose hand is empty picks up their foot and plays on: at once if they "
        "emptied the hand by melding or laying off, at their next turn if by "
        "discarding. Only a player who has picked up their foot may go out."
    ).format(n=n)


def foot_sentences(s: VariantSpec) -> Iterator[str]:
    """What happens with the feet: how they are dealt and picked up, bonus cards
    in them, emptying the hand, and a foot turned into the stock."""
    foot = max(d.foot for d in s.deals)
    if not foot:
        return
    morto = foot_word(s) == "morto"
    team = any(d.foot_per == "team" for d in s.deals if d.foot)
    counted = not any(b.event == "foot_left" for b in s.scoring.bonuses)
    yield _dealt(s, foot, team, counted)
    if s.deck.bonus_cards:
        yield (
            _("Bonus cards in a morto are laid aside and replaced when it is picked up.")
            if morto
            else _("Bonus cards in a foot are laid aside and replaced when it is picked up.")
        )
    if s.going_out.canastas:
        yield (
            _("Emptying the hand to pick up the morto is not going out: it needs no canasta.")
            if morto
            else _("Emptying the hand to pick up the foot is not going out: it needs no canasta.")
        )
    if s.stock_exhausted is not None and s.stock_exhausted.foot_to_stock:
        yield (
            _(
                "When the stock runs out while a morto is still face down, that morto becomes "
                "the stock, as it lies: the morto of the player in turn or their team first. "
                "Its player or team may then go out without it."
            )
            if morto
            else _(
                "When the stock runs out while a foot is still face down, that foot becomes "
                "the stock, as it lies: the foot of the player in turn or their team first. "
                "Its player or team may then go out without it."
            )
        )
