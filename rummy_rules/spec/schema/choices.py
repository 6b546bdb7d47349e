"""The closed choices of the rule keys the engine compiles, as ``Literal`` types.

The schema's fields and the compiled rules (:mod:`rummy_rules.engine.rules`)
share these types, so a rule value misspelt in the engine
(``play.natural_pair == "when_frozn"``) fails ``mypy --strict`` as a
comparison that can never hold.
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "AskPartner",
    "BuyBackTotal",
    "BuyCurrentPlayer",
    "BuyPriority",
    "BuyShortStock",
    "Cutter",
    "DealerRotation",
    "DeepCardUse",
    "DiscardCondition",
    "DiscardPileDepth",
    "ExchangeFrom",
    "ExchangeOwner",
    "ExchangePlayerDown",
    "GameEndKind",
    "GoingOutMethod",
    "LastCardDiscard",
    "LayOffScoresFor",
    "LayOffTargets",
    "MeldedWildValue",
    "NaturalPair",
    "NotJustTaken",
    "OpeningFromPile",
    "OpeningRequirement",
    "OpeningWildValue",
    "RunAce",
    "SameSuitRuns",
    "ScoringModel",
    "SetSuits",
    "SetsOfSameRank",
    "StockExhaustedAction",
    "Ties",
    "UpcardOffer",
    "WildDiscard",
    "WildIdentity",
    "WildReposition",
    "WildsVersusNaturals",
    "Winner",
]

#: The values of ``going_out.ask_partner``.
AskPartner = Literal["never", "may", "must"]
#: The values of ``game_end.buy_back_total``.
BuyBackTotal = Literal["highest_remaining", "zero"]
#: The values of ``buying.current_player``.
BuyCurrentPlayer = Literal["free_priority", "veto", "may_give_draw"]
#: The values of ``buying.priority``.
BuyPriority = Literal["nearest_in_turn", "nearest_dealer_left", "first_to_ask", "eldest_hand"]
#: The values of ``buying.cost.short_stock``.
BuyShortStock = Literal["no_buy", "pay_what_is_left"]
#: The values of ``table.cutter``.
Cutter = Literal["dealer_right", "dealer_left", "none"]
#: The values of ``table.dealer_rotation``.
DealerRotation = Literal["left", "right", "winner"]
#: The values of ``draw.deep_card_use``.
DeepCardUse = Literal["meld_now", "this_turn", "free"]
#: The values of ``draw.discard_condition``.
DiscardCondition = Literal["none", "meld_now", "opening_or_after", "forces_opening"]
#: The values of ``draw.discard_pile``.
DiscardPileDepth = Literal["top", "any_depth", "whole_pile", "none"]
#: The values of ``wilds.exchange.from_melds``.
ExchangeFrom = Literal["runs", "sets", "any"]
#: The values of ``wilds.exchange.from_owner``.
ExchangeOwner = Literal["any", "others", "own"]
#: The values of ``wilds.exchange.player_down``.
ExchangePlayerDown = Literal["not_required", "required", "before_this_turn"]
#: The values of ``game_end.kind``.
GameEndKind = Literal["fixed_deals", "target_score", "elimination"]
#: The values of ``going_out.method``.
GoingOutMethod = Literal["any", "must_discard", "must_meld_last", "all_at_once"]
#: The values of ``going_out.last_card_discard``.
LastCardDiscard = Literal["forbidden", "play_on"]
#: The values of ``melding.lay_off.scores_for``.
LayOffScoresFor = Literal["meld_owner", "layer"]
#: The values of ``melding.lay_off.targets``.
LayOffTargets = Literal["any", "own", "own_and_partner", "none"]
#: The values of ``scoring.melded_wild_value``.
MeldedWildValue = Literal["represented", "own"]
#: The values of ``draw.natural_pair``.
NaturalPair = Literal["never", "always", "when_frozen", "or_lay_off"]
#: The values of ``discard.not_just_taken``.
NotJustTaken = Literal["never", "single_card_take", "always"]
#: The values of ``opening.from_pile``.
OpeningFromPile = Literal["any", "top_card_only"]
#: The values of ``opening.requirement``.
OpeningRequirement = Literal["contract", "min_points", "none"]
#: The values of ``opening.wild_value``.
OpeningWildValue = Literal["represented", "own"]
#: The values of ``melds.run.ace``.
RunAce = Literal["low", "high", "low_or_high", "wrap"]
#: The values of ``contract.same_suit_runs``.
SameSuitRuns = Literal["allowed", "not_contiguous", "forbidden"]
#: The values of ``scoring.model``.
ScoringModel = Literal[
    "penalty", "melded_minus_hand", "winner_collects", "knock_difference", "losers_pay", "stakes"
]
#: The values of ``melds.set.suits``.
SetSuits = Literal["any", "distinct", "distinct_then_all_four", "exactly_three"]
#: The values of ``contract.sets_of_same_rank``.
SetsOfSameRank = Literal["allowed", "forbidden"]
#: The values of ``stock_exhausted.action``.
StockExhaustedAction = Literal[
    "reshuffle_keep_top", "turn_over", "end_deal", "meldable_discards_only", "void", "pass"
]
#: The values of ``game_end.ties``.
Ties = Literal["shared", "extra_deal"]
#: The values of ``table.upcard_offer``.
UpcardOffer = Literal["first_player", "each_in_turn", "non_dealer_then_dealer"]
#: The values of ``wilds.discard``.
WildDiscard = Literal["allowed", "forbidden", "last_card_only"]
#: The values of ``wilds.declared_identity``.
WildIdentity = Literal["fixed", "may_change"]
#: The values of ``wilds.reposition``.
WildReposition = Literal["none", "slide_to_end", "slide_to_end_once"]
#: The values of ``wilds.versus_naturals``.
WildsVersusNaturals = Literal["any", "not_more", "fewer", "at_least_one_natural"]
#: The values of ``game_end.winner``.
Winner = Literal["lowest_total", "highest_total", "last_player_standing"]
