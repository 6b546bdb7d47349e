"""The rulebook's sentences about the stock running out (``stock_exhausted``)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .i18n import _, ngettext
from .words import number_word

__all__ = ["stock_sentences"]


def stock_sentences(s: VariantSpec) -> Iterator[str]:
    st = s.stock_exhausted
    if st is None:
        yield _("What happens when the stock runs out is for the players to agree.")
        return
    if st.action == "void" and s.draw.mode == "turn_up" and not st.void_when_left:
        yield _(
            "When the stock is empty and the player to move does not take the face-up "
            "card, the deal is cancelled: it scores nothing, and counts as one of the "
            "game's deals."
        )
    elif st.action == "void" and st.void_when_left and st.void_take == "none":
        n = st.void_when_left
        yield ngettext(
            "As soon as a turn ends with {n} card or fewer left in the stock, the deal is "
            "cancelled: it scores nothing, and counts as one of the game's deals.",
            "As soon as a turn ends with {n} cards or fewer left in the stock, the deal is "
            "cancelled: it scores nothing, and counts as one of the game's deals.",
            n,
        ).format(n=number_word(n))
    elif st.action == "void" and st.void_when_left:
        n = st.void_when_left
        yield ngettext(
            "When a player would draw from a stock of {n} card or fewer, the deal is "
            "cancelled: it scores nothing, and counts as one of the game's deals.",
            "When a player would draw from a stock of {n} cards or fewer, the deal is "
            "cancelled: it scores nothing, and counts as one of the game's deals.",
            n,
        ).format(n=number_word(n))
    else:
        yield {
            "reshuffle_keep_top": _(
                "When the stock runs out, the discard pile except its top card is shuffled "
                "to make a new stock."
            ),
            "turn_over": _(
                "When the stock runs out, the discard pile is turned over, without shuffling, "
                "to make a new stock."
            ),
            "end_deal": _("When the stock runs out, the deal ends and is scored as it stands."),
            "meldable_discards_only": _(
                "When the stock runs out, players may take a discard only to meld it at once; "
                "otherwise they pass, and when every player has passed in a row the deal ends "
                "and is scored as it stands."
            ),
            "void": _(
                "When the stock runs out, the deal is cancelled: it scores nothing, and "
                "counts as one of the game's deals."
            ),
            "pass": _(
                "When the stock runs out, players go on laying cards; a player who lays "
                "nothing passes, and when every player has passed in a row the deal ends "
                "and is scored as it stands."
            ),
        }[st.action]
    if st.action == "meldable_discards_only" and st.must_take == "lay_off":
        yield _(
            "While the stock is empty, a player who can lay the top discard off on a meld "
            "of their side must take it."
        )
    if st.action == "void" and st.void_when_left and st.void_take == "to_knock":
        yield _(
            "With the stock down to that many cards, the next player may still take the "
            "discard, but only to knock with it at once."
        )
    if st.action == "void" and st.void_dealer == "same":
        yield _("The dealer of a cancelled deal deals again.")
    if st.action in ("reshuffle_keep_top", "turn_over") and st.blocked_after is not None:
        n = st.blocked_after
        # A safety stop, not a rule of play: it ends a deal that no one can win.
        if n == 1:
            yield _(
                "A deal no one can finish is stopped: when the stock runs out again after "
                "being rebuilt once, with no one melding or laying off since, the deal ends "
                "and is scored as it stands."
            )
        else:
            yield _(
                "A deal no one can finish is stopped: when the stock runs out again after "
                "being rebuilt {n} times in a row, with no one melding or laying off in "
                "between, the deal ends and is scored as it stands."
            ).format(n=number_word(n))
