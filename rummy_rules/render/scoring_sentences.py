"""The rulebook's sentences about what scores beside the scoring model: meld
multipliers, bonuses, the cap on a deal and a spade upcard's factor."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .foot_sentences import foot_word
from .i18n import _, ngettext
from .words import number_word, points_text

__all__ = ["scoring_extras"]


def _bonus_event(event: str, s: VariantSpec) -> str:
    morto = foot_word(s) == "morto"
    if event == "exact_cut" and s.table.exact_cut == "feet":
        deal, players = s.deals[0], s.players.min
        if players != s.players.max:  # (the count depends on the players)
            if morto:
                return _("cutting exactly the cards of all the mortos")
            return _("cutting exactly the cards of all the feet")
        n = deal.foot * (players // 2 if deal.foot_per == "team" else players)
        if morto:
            return _("cutting exactly the {n} cards of the mortos").format(n=n)
        return _("cutting exactly the {n} cards of the feet").format(n=n)
    if morto and event == "foot_left":
        return _(
            "each morto not played when the deal ends (still face down, turned into the "
            "stock, or picked up by a discard with no turn played since), its cards not counted"
        )
    if morto and event == "bonus_card_in_foot":
        return _("each bonus card in a morto never picked up")
    return {
        "went_out": _("going out"),
        "one_turn_out": _("going out in a single turn with no earlier meld"),
        "one_turn_out_no_wilds": _(
            "going out in a single turn with no earlier meld and no wild card (instead of the "
            "bonus above)"
        ),
        "first_turn_out": _("going out on one's first turn of the deal"),
        "exact_cut": _("cutting exactly the cards needed for the deal"),
        "per_buy": _("each buy"),
        "gin": _("gin (knocking with no deadwood)"),
        "big_gin": _(
            "big gin (knocking with the whole hand in melds and no discard), on top of gin"
        ),
        "undercut": _("undercutting the knocker"),
        "natural_canasta": _("each natural canasta (no wild card) on the table when the deal ends"),
        "mixed_canasta": _(
            "each mixed canasta (with one or more wild cards) on the table when the deal ends"
        ),
        "run_canasta": _(
            "each canasta that is a run on the table when the deal ends, instead of the "
            "natural or mixed canasta bonus"
        ),
        "bonus_card": _("each bonus card a player laid aside"),
        "all_bonus_cards": _(
            "laying aside every bonus card of the pack on one side, on top of the points for each"
        ),
        "foot_left": _(
            "each foot not played when the deal ends (still face down, turned into the stock, "
            "or picked up by a discard with no turn played since), its cards not counted"
        ),
        "bonus_card_in_foot": _("each bonus card in a foot never picked up"),
    }[event]


def scoring_extras(s: VariantSpec) -> Iterator[str]:
    sc = s.scoring
    for mult in sc.multipliers:
        yield _("A four of a kind laid down in one go scores {n} times its value.").format(
            n=number_word(mult.factor)
        )
    team = s.partnerships.teams != "none" and s.partnerships.scoring == "team"
    for bonus in sc.bonuses:
        if bonus.to == "self":
            who = _("the team concerned") if team else _("the player concerned")
        else:
            who = _("every other team") if team else _("every other player")
        # Points taken off are a reward where the lowest total wins (a bonus),
        # a loss where the highest does (a penalty: Buraco's unplayed morto).
        if bonus.points >= 0:
            frame = _("Bonus for {event}: {who} scores {points} points.")
        elif s.game_end.winner == "lowest_total":
            frame = _("Bonus for {event}: {who} takes off {points} points.")
        else:
            frame = _("Penalty for {event}: {who} loses {points} points.")
        event = _bonus_event(bonus.event, s)
        yield frame.format(event=event, who=who, points=points_text(abs(bonus.points)))
    if s.deck.bonus_cards and sc.bonus_cards_unopened == "against":
        yield _(
            "A side with no meld on the table when the deal ends loses its bonus card points "
            "instead of scoring them."
        )
    elif s.deck.bonus_cards and sc.bonus_cards_unopened == "against_without_canastas":
        yield ngettext(
            "A side without {n} canasta on the table when the deal ends loses its bonus card "
            "points instead of scoring them.",
            "A side without {n} canastas on the table when the deal ends loses its bonus card "
            "points instead of scoring them.",
            s.going_out.canastas,
        ).format(n=number_word(s.going_out.canastas))
    if sc.deal_cap is not None:
        yield _("No player scores more than {points} penalty points in a deal.").format(
            points=sc.deal_cap
        )
    if sc.spade_upcard_factor > 1:
        yield _(
            "When a hand's first upcard is a spade, every score of that hand, bonuses "
            "included, is multiplied by {n}."
        ).format(n=number_word(sc.spade_upcard_factor))
