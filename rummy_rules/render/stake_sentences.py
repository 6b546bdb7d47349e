"""The rulebook's sentences about calling the hand, winning on the deal and
settling a deal in stakes (``going_out.call``, ``going_out.dealt_counts``,
``scoring.model: stakes``: Tonk)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .i18n import _
from .words import plural

__all__ = ["call_sentences", "stakes_sentences"]


def _either(counts: list[int]) -> str:
    """``49 or 50``, ``48, 49 or 50``: the counts, in the language in force."""
    shown = [str(n) for n in sorted(counts)]
    if len(shown) == 1:
        return shown[0]
    return _("{some} or {last}").format(some=", ".join(shown[:-1]), last=shown[-1])


def call_sentences(s: VariantSpec) -> Iterator[str]:
    """Calling the hand, the hit that bars a call, and the win on the deal."""
    going = s.going_out
    if going.dealt_counts:
        yield _(
            "A player dealt a hand counting {counts} shows it and wins the deal at once, "
            "before anyone plays; when two or more players are dealt such a hand, the "
            "deal is void."
        ).format(counts=_either(going.dealt_counts))
    if going.call is None:
        return
    yield _(
        "At the start of their turn, instead of drawing, a player may call the hand: "
        "every player shows their hand and counts it (melds on the table do not count), "
        "and the deal ends. The caller wins it with a count lower than every other "
        "player's; otherwise the caller is caught."
    )
    if going.call.after_hit == "wait_a_turn":
        yield _(
            "A player on one of whose melds another player has laid off a card since "
            "their last turn began may not call at their next turn."
        )


def stakes_sentences(s: VariantSpec) -> Iterator[str]:
    """``scoring.model: stakes``: who pays whom, for each way a deal is won."""
    stakes = s.scoring.stakes
    going = s.going_out
    yield _(
        "Each deal is settled in stakes: its winner is paid by each other player; a "
        "player's total is the stakes won less the stakes paid."
    )
    if going.method != "must_meld_last":  # there, a discarded last card is not going out
        yield _("Going out by discarding the last card: {stakes} from each other player.").format(
            stakes=plural(stakes.out, "stake")
        )
    if going.method != "must_discard":
        yield _(
            "Going out with the last card melded or laid off, with no discard: {stakes} from "
            "each other player."
        ).format(stakes=plural(stakes.out_without_discard, "stake"))
    if going.dealt_counts:
        yield _("Winning on the deal: {stakes} from each other player.").format(
            stakes=plural(stakes.dealt, "stake")
        )
    if going.call is not None:
        yield _("A call won: {stakes} from each other player.").format(
            stakes=plural(stakes.call, "stake")
        )
        yield _(
            "A caught caller pays {stakes} to each player whose count is equal to or "
            "lower than theirs; the others pay nothing."
        ).format(stakes=plural(stakes.caught, "stake"))
    stock = s.stock_exhausted
    if stock is not None and stock.action == "void":
        return  # a deal no one wins is cancelled: nobody pays (stock_sentences)
    yield _(
        "A deal that ends with no one out and no call: the player with the lowest count "
        "is paid {stakes} by each other player; players tied for the lowest are each "
        "paid by every player not tied."
    ).format(stakes=plural(stakes.lowest, "stake"))
