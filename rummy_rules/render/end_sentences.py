"""The rulebook's sentences about the end of the game: how it ends, the
end-of-game bonuses, who wins and what a tie does."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import GameEnd, VariantSpec
from .i18n import _
from .words import number_word, plural, points_text

__all__ = ["game_end_sentences"]


def game_end_sentences(s: VariantSpec) -> Iterator[str]:
    g = s.game_end
    if s.contract.progression == "each_player":
        yield _(
            "The game ends after the deal in which a player goes down with the last contract;"
            " the winner is found among the players who did."
        )
    elif g.kind == "fixed_deals":
        yield _("The game is {deals}.").format(deals=plural(len(s.deals), "deal"))
    elif g.kind == "target_score" and g.games_at_once > 1:
        yield from _games_at_once(g)
    elif g.kind == "target_score":
        yield _("Deals continue until someone reaches {points} points.").format(
            points=points_text(g.target_score)
        )
    else:
        yield _("A player whose penalty total reaches {points} is out of the game.").format(
            points=g.elimination_at
        )
        if g.buy_backs:
            times = {1: _("once"), 2: _("twice")}.get(g.buy_backs) or plural(g.buy_backs, "time")
            yield (
                _(
                    "An eliminated player may buy back in {times}, re-entering with the "
                    "highest total among the players still in."
                )
                if g.buy_back_total == "highest_remaining"
                else _(
                    "An eliminated player may buy back in {times}, re-entering with a total "
                    "of zero."
                )
            ).format(times=times)
            if g.buy_back_limit is not None:
                yield _(
                    "A player may buy back in only while no player still in has a total "
                    "above {points}."
                ).format(points=g.buy_back_limit)
    yield from _game_end_bonuses(g)
    yield {
        "lowest_total": _("The lowest total wins."),
        "highest_total": _("The highest total wins."),
        "last_player_standing": _("The last player left in the game wins."),
    }[g.winner]
    yield (
        _("Equal totals share the win.")
        if g.ties == "shared"
        else _("Equal totals play another deal.")
    )


def _games_at_once(g: GameEnd) -> Iterator[str]:
    """Hollywood scoring: several games on one sheet."""
    yield _("Hollywood scoring: {n} games are scored at once, side by side on one sheet.").format(
        n=number_word(g.games_at_once)
    )
    yield _(
        "A player's score for a deal goes into every unfinished game in which they have "
        "already scored, and into the first unfinished game in which they have not: a "
        "first win counts in the first game, a second in the first two, and so on."
    )
    yield _(
        "Each game ends when a player's total in it reaches {points} points; its "
        "end-of-game bonuses below are counted then, for that game alone, a deal won "
        "counting in the games it went into."
    ).format(points=points_text(g.target_score))
    yield _(
        "The whole ends when every game has ended; each player's total is the sum of their games."
    )


def _game_end_bonuses(g: GameEnd) -> Iterator[str]:
    if g.shutout_factor > 1:
        yield _(
            "When the game ends, if no other player has won a deal, the leader's total is "
            "multiplied by {n} (a shutout)."
        ).format(n=number_word(g.shutout_factor))
    if g.game_bonus:
        yield _(
            "When the game ends, the player with the highest total scores {points} more "
            "(the game bonus)."
        ).format(points=g.game_bonus)
    if g.hand_bonus:
        yield _(
            "When the game ends, every player scores {points} more for each deal they won "
            "(the line or box bonus)."
        ).format(points=g.hand_bonus)
        if g.gin_boxes > 1:
            yield _("A deal won by gin counts as {n} boxes for that bonus.").format(n=g.gin_boxes)
        if g.undercut_boxes > 1:
            yield _("A deal won by an undercut counts as {n} boxes for that bonus.").format(
                n=g.undercut_boxes
            )
