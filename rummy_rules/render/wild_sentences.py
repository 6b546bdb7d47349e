"""Plain-English sentences for the rules of wild cards: what they stand for,
the limits on them in a meld, and taking them back from the table (the
``wilds`` topics of :data:`~rummy_rules.render.sentences.TOPICS`)."""

from __future__ import annotations

from collections.abc import Iterator

from ..spec.schema import VariantSpec
from .i18n import _, list_separator
from .words import capital, cards_text, number_word, pack_rows, plural, rank_name

__all__ = ["exchange_sentences", "has_wilds", "wild_sentences"]


def wild_sentences(s: VariantSpec) -> Iterator[str]:
    d = s.deck
    w = s.wilds
    has_jokers = any(row["jokers"] for row in pack_rows(s))
    if has_jokers:
        if d.joker_role == "wild" and d.numbered is not None:
            yield _("A wild card (JK) stands for any card, and the player says which.")
        elif d.joker_role == "wild":
            yield _("Jokers are wild: a joker stands for any card, and the player says which.")
        else:
            yield _(
                "Jokers are not wild: they meld only with each other, in sets of at least "
                "{n} jokers."
            ).format(n=number_word(s.melds.joker_set_min_size))
    extra = []
    if d.wild_ranks:
        ranks = ", ".join(rank_name(s, r) for r in d.wild_ranks)
        extra.append(_("every {ranks} is wild").format(ranks=ranks))
    if d.wild_cards:
        extra.append(_("{cards} are wild").format(cards=cards_text(s, d.wild_cards, " and ")))
    if d.cut_wild:
        extra.append(
            _(
                "after the deal the next stock card is turned face up and put at the bottom "
                "of the stock: every card of its rank is wild in that deal (a joker turned "
                "up makes the aces wild)"
            )
        )
    if d.wild_rank_follows_deal:
        extra.append(
            _("the wild rank changes every deal: aces in deal 1, twos in deal 2, and so on")
        )
    if extra:
        yield capital(list_separator().join(extra)) + "."
    if not has_wilds(s):
        yield _("There are no wild cards.")
        return
    if not s.melds.set.wilds_allowed:
        yield _("Wild cards may not be used in sets.")
    if not s.melds.run.wilds_allowed and s.melds.run.allowed:
        yield _("Wild cards may not be used in runs.")
    if w.min_naturals:
        yield _("Every meld holds at least {count}.").format(
            count=plural(w.min_naturals, "natural card")
        )
    if w.max_per_meld is not None:
        yield _("A meld may hold at most {count}.").format(
            count=plural(w.max_per_meld, "wild card")
        )
    if w.max_by_length:
        items = [
            _("{n} in a meld of {length}").format(n=number_word(v), length=k)
            for k, v in sorted(w.max_by_length.items(), key=lambda kv: int(kv[0]))
        ]
        yield _(
            "Wild cards per meld, by its length: {items} (longer melds use the entry for "
            "the next shorter length)."
        ).format(items=", ".join(items))
    if w.versus_naturals != "any" or not w.min_naturals:
        yield {
            "any": _(
                "A meld may be made of wild cards only; each stands for a card the player names."
            ),
            "not_more": _("A meld may not hold more wild cards than natural ones."),
            "fewer": _("A meld must hold fewer wild cards than natural ones."),
            "at_least_one_natural": _("Every meld needs at least one natural card."),
        }[w.versus_naturals]
    if not w.adjacent_allowed:
        yield _("Two wild cards may not sit next to each other in a run.")
    if w.own_place_natural and s.deck.wild_ranks:
        yield _(
            "A card of a wild rank standing for itself, such as a 2 in its own place in a "
            "run of its suit, is a natural card there: it does not count as the meld's "
            "wild card, and a canasta holding it may still be natural."
        )
    yield from _moving_wilds(s)
    yield from _wild_discards(s)


def _moving_wilds(s: VariantSpec) -> Iterator[str]:
    """Whether melded wild cards move when the natural card takes their place."""
    w = s.wilds
    if w.declared_identity == "may_change":
        yield _(
            "A melded wild card may change the card it stands for: a player who lays off"
            " the natural card in its place moves it, in a run to an end, in a set to"
            " another suit."
        )
    elif w.reposition == "none":
        yield _("Once melded, a wild card keeps standing for the same card.")
    if w.reposition == "slide_to_end":
        yield _(
            "A player holding the natural card for a wild inside a run may put it there"
            " and move the wild to an end: the top end if the run can grow there,"
            " else the bottom."
        )
    elif w.reposition == "slide_to_end_once":
        yield _(
            "A player holding the natural card for a wild inside a run may put it there"
            " and move the wild to an end (once per wild): the top end if the run can grow"
            " there, else the bottom."
        )
    moving = w.reposition != "none" or w.declared_identity == "may_change"
    if moving and w.own_place_natural and s.deck.wild_ranks:
        yield _(
            "A card of a wild rank and of the run's suit goes instead to its own place"
            " when that is an end of the run, and is a natural card there: 2H standing"
            " for 3H before 4H 5H, replaced by 3H, makes 2H 3H 4H 5H."
        )


def _wild_discards(s: VariantSpec) -> Iterator[str]:
    """Whether wild cards may be discarded and taken from the pile (nothing, where
    there is no discard pile: the discard topic says so)."""
    w = s.wilds
    if not s.discard.allowed:
        return
    yield {
        "allowed": _("Wild cards may be discarded."),
        "forbidden": _("Wild cards may not be discarded."),
        "last_card_only": _("A wild card may be discarded only as the last card."),
    }[w.discard]
    if not w.take_discarded:
        yield _(
            "A wild card a player has discarded may not be taken from the discard pile "
            "(a wild card turned up as the first upcard may)."
        )


def has_wilds(s: VariantSpec) -> bool:
    d = s.deck
    jokers = any(row["jokers"] for row in pack_rows(s)) and d.joker_role == "wild"
    return jokers or bool(d.wild_ranks or d.wild_cards or d.wild_rank_follows_deal or d.cut_wild)


def exchange_sentences(s: VariantSpec) -> Iterator[str]:
    if not has_wilds(s):
        return
    e = s.wilds.exchange
    if e.allowed is None:
        yield _("Whether a melded wild card may be taken back is for the players to agree.")
        return
    if not e.allowed:
        yield _("A wild card, once melded, stays where it is.")
        return
    where = {
        "runs": _("from a run"),
        "sets": _("from a set"),
        "any": _("from any meld"),
    }[e.from_melds]
    who = {
        "not_required": _("Any player"),
        # bg: the two relative clauses end with their comma ("Играч, който …, може").
        "required": _("A player who has gone down"),
        "before_this_turn": _("A player who went down on an earlier turn"),
    }[e.player_down]
    if e.natural_from_hand:
        yield _(
            "{who} may take a wild card {where} by putting from their hand the natural card "
            "it stands for in its place."
        ).format(who=who, where=where)
    else:
        yield _(
            "{who} may take a wild card {where} by putting the natural card it stands for "
            "in its place."
        ).format(who=who, where=where)
        yield _(
            "The natural card may come from the hand or from another meld on the table, "
            "as long as that meld is still a valid meld without it; the wild card goes to "
            "the player's hand."
        )
    if e.from_owner == "others":
        yield _("A wild card may be taken only from another player's meld, not from one's own.")
    elif e.from_owner == "own":
        yield _("A wild card may be taken only from one of the player's own melds.")
    if e.claim_order == "first_in_rotation":
        yield _(
            "As soon as a wild card is melded, the other players, in turn order from the "
            "melder's left, may claim it with the natural card: the first to claim it takes it."
        )
    if e.full_set_closed:
        yield _(
            "A set that holds every suit, its wild card standing for the fourth, is closed: "
            "its wild card is never taken."
        )
    if e.set_needs_all_missing_suits and e.full_set_closed:
        # A set lacking one suit is full (its wild stands for it): closed.
        yield _(
            "A wild card in a set of three is freed only by supplying, at once, both suits "
            "its natural cards lack (the card the wild stands for takes its place, the "
            "other joins the set)."
        )
    elif e.set_needs_all_missing_suits:
        yield _(
            "A wild card in a set is freed only by supplying, at once, every suit the set's "
            "natural cards lack: one card for a set that lacks one suit, both for a set of "
            "three that lacks two (the card the wild stands for takes its place, the other "
            "joins the set)."
        )
    if e.use_same_turn and e.freed_wild_first:
        yield _("The freed wild must be melded at once, before any other play.")
    elif e.use_same_turn:
        yield _(
            "The freed wild must be melded in the same turn, before the discard; other "
            "plays may come first."
        )
    if e.freed_wild_use == "new_meld_only":
        yield _("The freed wild may go only into a new meld made from the hand.")
    if e.forces_going_down:
        yield _("A player who has not gone down must go down in the turn they take a wild.")
