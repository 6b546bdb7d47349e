"""The rulebook's sentences about a card that comes into play face up, and
forcing it on the next player (``draw.mode: turn_up``, ``draw.force``: Conquian)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .i18n import _

__all__ = ["force_sentences", "turn_up_sentences"]


def turn_up_sentences(s: VariantSpec) -> Iterator[str]:
    """``draw.mode: turn_up``: a card comes into play face up (Conquian)."""
    yield _(
        "Start each turn by taking the top card of the discard pile (the card the previous "
        "player discarded, or turned up and passed), or by turning the top card of the "
        "stock face up onto the pile. The card turned up may be taken as the discard "
        "could be, or passed: that ends the turn and leaves it to the next player."
    )
    yield _(
        "A card turned up goes into no hand unless it is taken. One that the next player "
        "does not take is covered by the next card turned up and is out of play."
    )
    yield _(
        "A player lays cards on the table only in a turn in which they take a card; a "
        "turn that passes lays nothing."
    )
    yield {
        "none": _("A card taken goes into the hand."),
        "meld_now": _(
            "A card taken must be melded at once: laid off, or in a new meld with cards "
            "from the hand."
        ),
        "opening_or_after": _(
            "Before going down, a player may take a card only to use it at once in the "
            "opening meld."
        ),
        "forces_opening": _(
            "A player who has not gone down and takes a card must go down in the same turn."
        ),
    }[s.draw.discard_condition]
    if not s.draw.discard_after_going_down:
        yield _("A player who has gone down may no longer take a face-up card.")
    yield from force_sentences(s)


def force_sentences(s: VariantSpec) -> Iterator[str]:
    """``draw.force: may``."""
    if s.draw.force != "may":
        return
    yield _(
        "Forcing: a player who ends their turn leaving a card on the discard pile that "
        "the next player could lay off (a discard, or a card turned up and passed) may "
        "force the next player to take it. The forced player, without drawing, melds it "
        "at once, laid off or in a new meld, and goes on with their turn as usual."
    )
