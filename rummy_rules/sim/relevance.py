"""Keys that cannot come into play in a variant, and why.

:func:`inert_reason` answers, for one key of a variant played by a given
number of players, whether its value can change a game at all: buying keys
where nobody buys, wild-card keys where the pack has no wild card, the
second direction of play at a table of two. :func:`same_play_reason`
answers for one change of a key: whether its old and new values play alike
in the file (a set's size cap of 4 or 5 where one pack without wild cards
holds four cards of a rank). ``rummy-rules audit`` reports such a change as
not used by the file, with the reason, instead of playing it. Each reason is a plain consequence of the rules as the docs
state them; ``tests/test_audit.py`` plays every change the reasons cover in
the shipped files and finds each game move for move the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..spec.schema import VariantSpec
from ..spec.schema.base import evaluate_count

__all__ = ["has_wild_cards", "inert_reason", "same_play_reason"]


def _pack(spec: VariantSpec, players: int) -> tuple[int, int]:
    """The packs and the jokers shuffled together for ``players``."""
    decks = evaluate_count(spec.deck.decks, players) or 0
    return decks, evaluate_count(spec.deck.jokers, players, decks=decks) or 0


def has_wild_cards(spec: VariantSpec, players: int | None = None) -> bool:
    """Whether the pack for ``players`` (for any player count the variant allows,
    by default) holds a wild card: a wild joker, a wild rank or card, a rank
    the cut or the deal makes wild."""
    deck = spec.deck
    if deck.wild_ranks or deck.wild_cards or deck.cut_wild or deck.wild_rank_follows_deal:
        return True
    if deck.joker_role != "wild":
        return False
    counts = [players] if players else range(spec.players.min, spec.players.max + 1)
    return any(_pack(spec, count)[1] for count in counts)


def _no_wild_cards(spec: VariantSpec, players: int) -> str | None:
    return None if has_wild_cards(spec, players) else "the pack has no wild card"


def _no_buying(spec: VariantSpec, players: int) -> str | None:
    return None if spec.buying.enabled else "buying.enabled is false: nobody buys"


def _no_exchange(spec: VariantSpec, players: int) -> str | None:
    if spec.wilds.exchange.allowed:
        return None
    return "wilds.exchange.allowed is not true: no wild card is taken back"


def _no_partners(spec: VariantSpec, players: int) -> str | None:
    if spec.partnerships.teams != "none":
        return None
    return "partnerships.teams is none: everyone plays alone"


def _no_contracts(spec: VariantSpec, players: int) -> str | None:
    if any(deal.contract for deal in spec.deals):
        return None
    return "no deal has a contract"


def _no_deep_take(spec: VariantSpec, players: int) -> str | None:
    if spec.draw.discard_pile == "any_depth":
        return None
    return "draw.discard_pile is not any_depth: nobody takes from deeper in the pile"


def _no_stakes(spec: VariantSpec, players: int) -> str | None:
    return None if spec.scoring.model == "stakes" else "scoring.model is not stakes"


def _two_players(spec: VariantSpec, players: int) -> str | None:
    return "with two players both directions of play are the same" if players == 2 else None


def _no_jokers(spec: VariantSpec, players: int) -> str | None:
    return None if _pack(spec, players)[1] else "the pack has no joker"


def _stock_not_closed(spec: VariantSpec, players: int) -> str | None:
    stock = spec.stock_exhausted
    if stock is not None and stock.action == "meldable_discards_only":
        return None
    return "stock_exhausted.action is not meldable_discards_only: no take is ever required"


def _no_cut_bonus(spec: VariantSpec, players: int) -> str | None:
    if any(bonus.event == "exact_cut" for bonus in spec.scoring.bonuses):
        return None
    return "no exact_cut bonus: the cut is part of the shuffle, whoever makes it"


def _no_buy_backs(spec: VariantSpec, players: int) -> str | None:
    if spec.game_end.buy_backs and spec.game_end.elimination_at is not None:
        return None
    return "game_end.buy_backs is 0 or nobody is eliminated: nobody buys back in"


def _no_rebuild(spec: VariantSpec, players: int) -> str | None:
    stock = spec.stock_exhausted
    if stock is not None and stock.action in ("reshuffle_keep_top", "turn_over"):
        return None
    return "stock_exhausted.action does not rebuild the stock from the discards"


def _no_runs(spec: VariantSpec, players: int) -> str | None:
    return None if spec.melds.run.allowed else "melds.run.allowed is false: there are no runs"


def _no_min_points(spec: VariantSpec, players: int) -> str | None:
    if spec.opening.requirement == "min_points":
        return None
    return "opening.requirement is not min_points: no opening is counted"


def _one_card_takes(spec: VariantSpec, players: int) -> str | None:
    if spec.draw.discard_pile in ("any_depth", "whole_pile") or spec.draw.pile_cards:
        return None
    return "a take from the discard pile is one card: no other card comes with it"


def _melds_score_nothing(spec: VariantSpec, players: int) -> str | None:
    if spec.scoring.model == "melded_minus_hand":
        return None
    return "scoring.model is not melded_minus_hand: melded cards score nothing"


def _layer_is_owner_side(spec: VariantSpec, players: int) -> str | None:
    targets = spec.melding.lay_off.targets
    if (
        spec.melding.rearrange_table
        or spec.wilds.exchange.allowed
        or spec.going_out.knock is not None
        or targets in ("any", "none")
    ):
        return None  # a card may then lie in another player's meld
    if spec.partnerships.teams == "none":
        if targets == "own":
            return "melding.lay_off.targets is own: players lay off only on their own melds"
        return None
    if spec.partnerships.scoring == "team":
        return "lay-offs go on the side's own melds and the side scores together"
    return None


def _nothing_to_cover(spec: VariantSpec, players: int) -> str | None:
    if not spec.table.upcard:
        return "table.upcard is false: no card is turned up"
    if has_wild_cards(spec, players) or spec.deck.bonus_cards:
        return None
    return "the pack has no wild card or bonus card: an upcard is never covered"


def _no_target_before_opening(spec: VariantSpec, players: int) -> str | None:
    targets = spec.melding.lay_off.targets
    if targets == "own":
        return (
            "melding.lay_off.targets is own: before a player's first meld there is none of theirs"
        )
    teams = spec.partnerships
    if targets == "own_and_partner" and teams.teams != "none" and teams.opening_per == "team":
        return "lay-offs go on the side's melds, and the side's first meld opens both partners"
    return None


def _new_melds_anyway(spec: VariantSpec, players: int) -> str | None:
    if not spec.melding.new_melds_after_opening:
        return None
    return "melding.new_melds_after_opening is true: a player who is down lays new melds anyway"


def _every_knock_gin(spec: VariantSpec, players: int) -> str | None:
    knock = spec.going_out.knock
    if knock is None or knock.deadwood_limit != 0:
        return None
    return (
        "going_out.knock.deadwood_limit is 0: every knock is gin (a wrong one leaves the "
        "deal), never undercut nor laid off on"
    )


def _no_canastas(spec: VariantSpec, players: int) -> str | None:
    return None if spec.melds.canasta_size else "melds.canasta_size is not set: no canastas"


def _jokers_wild(spec: VariantSpec, players: int) -> str | None:
    if spec.deck.joker_role == "natural":
        return None
    return "deck.joker_role is not natural: there are no sets of jokers"


def _no_wild_rank(spec: VariantSpec, players: int) -> str | None:
    deck = spec.deck
    if deck.wild_ranks or deck.wild_cards or deck.cut_wild or deck.wild_rank_follows_deal:
        return None
    return "the only wild cards are jokers, and a joker has no place of its own"


def _one_deal(spec: VariantSpec, players: int) -> str | None:
    end = spec.game_end
    if end.kind != "fixed_deals" or len(spec.deals) != 1 or end.ties == "extra_deal":
        return None
    return "the game is one deal (game_end.kind fixed_deals, one deal): no one deals after"


def _knocks_only(spec: VariantSpec, players: int) -> str | None:
    if spec.going_out.knock is None or spec.melding.during_play:
        return None
    return (
        "a knock ends every deal and melding.during_play is false: no meld is laid "
        "during play and no hand is ever emptied (or down to one card)"
    )


def _nothing_taken_barred(spec: VariantSpec, players: int) -> str | None:
    if spec.discard.not_just_taken == "never":
        return "discard.not_just_taken is never: no card just taken is barred"
    return None


def _taken_melded_at_once(spec: VariantSpec, players: int) -> str | None:
    draw = spec.draw
    if draw.discard_pile == "none":
        return "draw.discard_pile is none: no card is taken from the pile"
    deep = draw.discard_pile == "any_depth" and draw.deep_card_use != "meld_now"
    if draw.discard_condition != "meld_now" or deep or spec.melding.take_back != "never":
        return None
    if spec.wilds.exchange.allowed and spec.wilds.take_discarded:
        return None  # a wild taken and melded could be exchanged back into the hand
    return (
        "draw.discard_condition is meld_now: a card taken from the pile is melded at "
        "once and never comes back to the hand (melding.take_back is never)"
    )


#: Keys of laying melds during play, and of going out by emptying the hand.
_PLAY_MELDING = (
    "melding.rearrange_table",
    "melding.take_back",
    "melding.lay_off.before_opening",
    "melding.lay_off.on_opening_turn",
    "draw.discard_after_going_down",
    "going_out.method",
    "going_out.last_card_discard",
    # A discard that could be laid off: there is no meld to lay it off on.
    "discard.playable",
    # Lay-offs during play (a knock's lay-offs are going_out.knock.defender_lays_off).
    "melding.lay_off.targets",
    "melding.lay_off.scores_for",
    # Opening: the first meld laid during play.
    "opening.",
    # A hand of one card taking a pile of one: hands keep their size.
    "draw.one_card_pile_with_one_card",
    # Wild cards on the table: taken back, moved along a run or named anew
    # when a card is laid off (a knock's lay-offs go by the melds' own ends),
    # and sets joined on the table.
    "wilds.exchange.",
    "wilds.reposition",
    "wilds.declared_identity",
    "melds.set.join",
    # Forcing on the next player a card they could lay off: they have no meld.
    "draw.force",
)


#: (key or the start of keys, keys left out, why the keys may not come into play).
_RULES: tuple[tuple[str, tuple[str, ...], Callable[[VariantSpec, int], str | None]], ...] = (
    ("buying.", ("buying.enabled",), _no_buying),
    ("wilds.exchange.", ("wilds.exchange.allowed",), _no_exchange),
    ("wilds.", (), _no_wild_cards),
    ("melds.set.wilds_allowed", (), _no_wild_cards),
    ("melds.run.wilds_allowed", (), _no_wild_cards),
    ("melds.joker_set_min_size", (), _no_jokers),
    ("melds.canasta_takes_wilds", (), _no_wild_cards),
    ("opening.wild_value", (), _no_wild_cards),
    ("scoring.melded_wild_value", (), _no_wild_cards),
    ("deck.joker_role", (), _no_jokers),
    ("partnerships.", ("partnerships.teams",), _no_partners),
    ("contract.", (), _no_contracts),
    ("draw.deep_", (), _no_deep_take),
    ("scoring.stakes.", (), _no_stakes),
    ("table.direction", (), _two_players),
    ("table.cutter", (), _no_cut_bonus),
    ("game_end.buy_back_", (), _no_buy_backs),
    ("stock_exhausted.blocked_after", (), _no_rebuild),
    ("stock_exhausted.must_take", (), _stock_not_closed),
    ("melds.run.", ("melds.run.allowed",), _no_runs),
    # Where a wild card sits in a run, and whether it may move along it.
    ("wilds.adjacent_allowed", (), _no_runs),
    ("wilds.reposition", (), _no_runs),
    ("opening.wild_value", (), _no_min_points),
    ("opening.from_pile", (), _one_card_takes),
    ("melding.lay_off.scores_for", (), _melds_score_nothing),
    ("melding.lay_off.scores_for", (), _layer_is_owner_side),
    ("scoring.melded_wild_value", (), _melds_score_nothing),
    ("melds.canasta_takes_wilds", (), _no_canastas),
    ("table.cover_upcard", (), _nothing_to_cover),
    ("melding.lay_off.before_opening", (), _no_target_before_opening),
    ("opening.once_per_deal", (), _new_melds_anyway),
    ("going_out.knock.undercut", (), _every_knock_gin),
    ("going_out.knock.defender_lays_off", (), _every_knock_gin),
    ("game_end.undercut_boxes", (), _every_knock_gin),
    ("melds.joker_set_min_size", (), _jokers_wild),
    ("wilds.own_place_natural", (), _no_wild_rank),
    ("table.dealer_rotation", (), _one_deal),
    ("discard.not_just_taken_match", (), _nothing_taken_barred),
    ("discard.not_just_taken", (), _taken_melded_at_once),
    *((key, (), _knocks_only) for key in _PLAY_MELDING),
)


def inert_reason(spec: VariantSpec, path: str, players: int) -> str | None:
    """Why the key at ``path`` (dotted, as ``--set`` writes it) cannot change a
    game of ``spec`` for ``players`` players, whatever its value; ``None``
    when it may."""
    for start, left_out, reason in _RULES:
        if path in left_out:
            continue
        if path == start or (start[-1] in "._" and path.startswith(start)):
            why = reason(spec, players)
            if why is not None:
                return why
    return None


def _one_plain_pack(spec: VariantSpec, players: int) -> bool:
    """One pack, no joker and no wild card: four cards of a rank, one of each suit."""
    return _pack(spec, players) == (1, 0) and not has_wild_cards(spec, players)


def _set_cap(spec: VariantSpec, players: int) -> Any:
    cap = spec.melds.set.max_size
    return min(cap if cap is not None else 4, 4) if _one_plain_pack(spec, players) else None


def _set_suits(spec: VariantSpec, players: int) -> Any:
    suits = spec.melds.set.suits
    if _one_plain_pack(spec, players) and suits in ("any", "distinct", "distinct_then_all_four"):
        return "distinct"  # every set of one pack has distinct suits, all four when of four
    return None


def _one_set_a_rank(spec: VariantSpec, players: int) -> Any:
    # Two sets of one rank take twice a set's least size: more than a pack's four.
    sets = spec.melds.set
    return "" if _one_plain_pack(spec, players) and 2 * sets.min_size > 4 else None


def _match_one_pack(spec: VariantSpec, players: int) -> Any:
    decks, jokers = _pack(spec, players)
    # One card of each face: the card just taken and its face are the same.
    return "card" if decks == 1 and jokers <= 1 else spec.discard.not_just_taken_match


def _upcard_at_two(spec: VariantSpec, players: int) -> Any:
    offer = spec.table.upcard_offer
    # At two, the player after the dealer, then the next, is the non-dealer, then the dealer.
    return "non_dealer_then_dealer" if players == 2 and offer == "each_in_turn" else offer


def _natural_in_every_meld(spec: VariantSpec, players: int) -> Any:
    rule = spec.wilds.versus_naturals
    # A meld with a natural card or more (wilds.min_naturals) has one at least.
    return "any" if rule == "at_least_one_natural" and spec.wilds.min_naturals >= 1 else rule


def _one_natural_anyway(spec: VariantSpec, players: int) -> Any:
    fewest = spec.wilds.min_naturals
    # Every rule but "any" keeps a natural card in each meld (fewer or not more
    # wild cards than natural ones, or at least one natural).
    return max(fewest, 1) if spec.wilds.versus_naturals != "any" else fewest


def _rotation_at_two(spec: VariantSpec, players: int) -> Any:
    rotation = spec.table.dealer_rotation
    # At two, the deal passes to the other player whichever way it goes.
    return "left" if players == 2 and rotation == "right" else rotation


def _asking_order(spec: VariantSpec, players: int) -> Any:
    # docs/records.md, "The asking order": two pairs of names for one order each.
    return {"first_to_ask": "nearest_in_turn", "eldest_hand": "nearest_dealer_left"}.get(
        spec.buying.priority, spec.buying.priority
    )


def _one_card_at_a_time(spec: VariantSpec, players: int) -> Any:
    draw = spec.draw
    single = draw.pile_cards is None and (
        draw.discard_pile == "top"
        or (draw.discard_pile == "any_depth" and not draw.deep_take_all_above)
    )
    barred = spec.discard.not_just_taken
    # Every take brings one card: barring it when it came alone bars it always.
    return "single_card_take" if single and barred == "always" else barred


def _contract_parts_only(spec: VariantSpec) -> bool:
    """Whether every meld laid is a part of its deal's contract, of the part's
    size or more: a contract in every deal, going down the only opening, no
    new meld once down, no rearranging, no knock and no pair ranks."""
    return (
        spec.opening.requirement == "contract"
        and all(deal.contract for deal in spec.deals)
        and not spec.melding.new_melds_after_opening
        and not spec.melding.rearrange_table
        and spec.going_out.knock is None
        and not spec.melds.set.pair_ranks
    )


def _least_size(kind: str) -> Callable[[VariantSpec, int], Any]:
    """What ``melds.<kind>.min_size`` plays as: the same wherever it is at most
    the size of every contract part of that kind, each meld being laid as one."""

    def plays_as(spec: VariantSpec, players: int) -> Any:
        if not _contract_parts_only(spec):
            return None
        sizes = [part.size for deal in spec.deals for part in deal.contract if part.type == kind]
        least = spec.melds.set.min_size if kind == "set" else spec.melds.run.min_size
        return "the parts' sizes" if least <= min(sizes, default=least) else None

    return plays_as


#: (key, the value it plays as in a file for a number of players, or ``None``
#: where that cannot be told, why the values that play as one play alike).
_SAME: tuple[tuple[str, Callable[[VariantSpec, int], Any], str], ...] = (
    ("melds.set.max_size", _set_cap, "one pack without wild cards holds four cards of a rank"),
    (
        "melds.set.suits",
        _set_suits,
        "every set of one pack without wild cards has cards of distinct suits",
    ),
    (
        "melds.set.one_per_rank",
        _one_set_a_rank,
        "one pack without wild cards has too few cards of a rank for two sets",
    ),
    (
        "melds.set.join",
        _one_set_a_rank,
        "one pack without wild cards has too few cards of a rank for two sets",
    ),
    (
        "discard.not_just_taken_match",
        _match_one_pack,
        "one pack holds one card of each face: the card and its face are the same",
    ),
    (
        "wilds.versus_naturals",
        _natural_in_every_meld,
        "wilds.min_naturals already asks for a natural card in every meld",
    ),
    (
        "wilds.min_naturals",
        _one_natural_anyway,
        "wilds.versus_naturals already asks for a natural card in every meld",
    ),
    (
        "discard.not_just_taken",
        _one_card_at_a_time,
        "every take from the discard pile brings one card: it comes alone each time",
    ),
    (
        "melds.set.min_size",
        _least_size("set"),
        "every meld is a contract part of its own size, no smaller than either least size",
    ),
    (
        "melds.run.min_size",
        _least_size("run"),
        "every meld is a contract part of its own size, no smaller than either least size",
    ),
    (
        "buying.priority",
        _asking_order,
        "the seats are asked in one order either way (docs/records.md, the asking order)",
    ),
    (
        "table.dealer_rotation",
        _rotation_at_two,
        "with two players the deal passes to the other player either way",
    ),
    (
        "table.upcard_offer",
        _upcard_at_two,
        "with two players the upcard goes to the non-dealer, then the dealer, either way",
    ),
)


def same_play_reason(
    base: VariantSpec, changed: VariantSpec, path: str, players: int
) -> str | None:
    """Why changing the key at ``path`` from its value in ``base`` to its value
    in ``changed`` cannot change a game for ``players`` players (the two values
    play alike in the file); ``None`` when it may."""
    for key, plays_as, why in _SAME:
        if path != key:
            continue
        value = plays_as(base, players)
        if value is not None and plays_as(changed, players) == value:
            return why
    return None
