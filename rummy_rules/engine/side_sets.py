"""One set of each rank per side (``melds.set.one_per_rank``, Canasta): the
sets a side has on the table, and why new melds would give it a second."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import rank_of
from .game import Game
from .melds import Meld, rank_plural

__all__ = ["second_set"]


def _side_ranks(g: Game) -> set[int]:
    """The ranks of the sets on the table of the player in turn's side (partners
    who build on each other's melds are one side)."""
    d = g.deal
    seat = d.current
    play = g.rules.play
    shared = play.teams and play.partner_melds
    return {
        rank_of(m.stands_for[0])
        for m in d.melds
        if m.kind == "set" and (m.owner == seat or (shared and g.team[m.owner] == g.team[seat]))
    }


def second_set(g: Game, melds: Sequence[Meld]) -> str | None:
    """Why ``melds`` would give the side a second set of a rank
    (``melds.set.one_per_rank``); ``None`` when they would not."""
    ranks = _side_ranks(g)
    for meld in melds:
        if meld.kind != "set":
            continue
        rank = rank_of(meld.stands_for[0])
        if rank in ranks:
            return (
                f"your side already has a set of {rank_plural(rank, g.rules.melds)}: "
                "add the cards to it"
            )
        ranks.add(rank)
    return None
