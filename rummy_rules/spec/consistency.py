"""Settings of a variant that contradict each other, or have nothing to act on
(part of :func:`~rummy_rules.spec.checks.check_spec`): a rule that needs another
rule the file turns off, knob combinations that cannot be played together, and
going-out rules that limit or override the deal schedule.
"""

from __future__ import annotations

from ..cards import RANK_ORDER
from .canasta_checks import check_canasta_family
from .schema import VariantSpec
from .turn_checks import check_knock_word, check_stakes, check_turn_shape
from .yamlio import PathT

__all__ = ["Finding", "check_consistency"]

#: (path of the setting, message, severity: "error", "warning" or "note")
Finding = tuple[PathT, str, str]


def check_consistency(spec: VariantSpec, out: list[Finding]) -> None:
    """Append to ``out`` the settings in ``spec`` that contradict each other or
    have nothing to act on."""
    end = spec.game_end
    model = spec.scoring.model
    if end.winner == "last_player_standing" and end.kind != "elimination":
        out.append(
            (
                ("game_end", "winner"),
                "last_player_standing needs game_end.kind elimination",
                "error",
            )
        )
    if end.kind == "elimination" and model != "penalty":
        out.append(
            (
                ("game_end", "kind"),
                "elimination counts penalty points: use scoring.model penalty",
                "error",
            )
        )
    if model == "penalty" and end.winner == "highest_total":
        out.append(
            (("game_end", "winner"), "with penalty scoring the lowest total should win", "warning")
        )
    if model != "penalty" and end.winner == "lowest_total":
        out.append(
            (
                ("game_end", "winner"),
                f"with {model} scoring the highest total should win",
                "warning",
            )
        )
    if end.buy_backs and end.kind != "elimination":
        out.append((("game_end", "buy_backs"), "buy_backs only apply to elimination", "error"))
    if end.buy_back_total != "highest_remaining" and not end.buy_backs:
        out.append((("game_end", "buy_back_total"), "has no effect: buy_backs is 0", "warning"))
    _stock_checks(spec, out)
    _games_at_once_checks(spec, out)
    for i, bonus in enumerate(spec.scoring.bonuses):
        if bonus.event == "exact_cut" and spec.table.cutter == "none":
            out.append(
                (
                    ("scoring", "bonuses", i, "event"),
                    "an exact-cut bonus needs a cutter (table.cutter)",
                    "error",
                )
            )
        if bonus.event == "per_buy" and not spec.buying.enabled:
            out.append(
                (("scoring", "bonuses", i, "event"), "per_buy, but buying is disabled", "warning")
            )
    if spec.scoring.multipliers and model == "penalty":
        out.append(
            (
                ("scoring", "multipliers"),
                "penalty scoring does not score melds, so multipliers have no effect",
                "warning",
            )
        )
    if not spec.buying.enabled:
        for i, deal in enumerate(spec.deals):
            if deal.buy_limit is not None:
                out.append(
                    (
                        ("deals", i, "buy_limit"),
                        "buying is disabled, so buy_limit has no effect",
                        "warning",
                    )
                )
    _check_draw(spec, out)
    _check_exchange(spec, out)
    if spec.partnerships.teams == "none" and spec.melding.lay_off.targets == "own_and_partner":
        out.append(
            (("melding", "lay_off", "targets"), "own_and_partner needs partnerships", "error")
        )
    if spec.opening.requirement != "min_points" and spec.opening.card_values is not None:
        out.append((("opening", "card_values"), "only used with requirement min_points", "warning"))
    _check_going_out(spec, out)
    _check_discard(spec, out)
    _check_progression(spec, out)
    _check_numbered(spec, out)
    check_turn_shape(spec, out)
    check_knock_word(spec, out)
    check_stakes(spec, out)
    if spec.melds.run.suits == "any" and spec.contract.same_suit_runs != "allowed":
        out.append(
            (
                ("contract", "same_suit_runs"),
                "has no effect: melds.run.suits is any, so a run has no one suit",
                "warning",
            )
        )


def _games_at_once_checks(spec: VariantSpec, out: list[Finding]) -> None:
    """Hollywood scoring needs one scorer per deal: a knocked hand, or a winner who collects."""
    if spec.game_end.games_at_once > 1 and spec.scoring.model not in (
        "knock_difference",
        "winner_collects",
    ):
        out.append(
            (
                ("game_end", "games_at_once"),
                "games scored at once need one scorer per deal: scoring.model "
                "knock_difference or winner_collects",
                "error",
            )
        )


def _stock_checks(spec: VariantSpec, out: list[Finding]) -> None:
    """The void rules of ``stock_exhausted`` and the action they need."""
    stock = spec.stock_exhausted
    if stock is None:
        return
    if stock.void_when_left and stock.action != "void":
        out.append(
            (
                ("stock_exhausted", "void_when_left"),
                "void_when_left only applies with action void",
                "error",
            )
        )
    if stock.void_take == "none" and not (stock.action == "void" and stock.void_when_left):
        out.append(
            (
                ("stock_exhausted", "void_take"),
                "none needs action void and void_when_left above 0",
                "error",
            )
        )
    if stock.void_dealer == "same" and stock.action != "void":
        out.append(
            (
                ("stock_exhausted", "void_dealer"),
                "void_dealer only applies with action void",
                "error",
            )
        )


def _check_numbered(spec: VariantSpec, out: list[Finding]) -> None:
    """A numbered pack (``deck.numbered``) and the rules that name standard cards."""
    pack = spec.deck.numbered
    if pack is None:
        return
    top = pack.highest
    if spec.melds.run.ace != "low":
        out.append(
            (
                ("melds", "run", "ace"),
                "a numbered pack (deck.numbered) runs from 1 up and never turns the corner: "
                "use ace: low",
                "error",
            )
        )
    if spec.deck.wild_cards:
        out.append(
            (
                ("deck", "wild_cards"),
                "names standard cards, which a numbered pack (deck.numbered) does not hold: "
                "make numbers wild with deck.wild_ranks",
                "error",
            )
        )
    ranks = (
        (("deck", "wild_ranks"), spec.deck.wild_ranks),
        (("melds", "set", "pair_ranks"), spec.melds.set.pair_ranks),
    )
    for path, names in ranks:
        beyond = [str(RANK_ORDER[r] + 1) for r in names if RANK_ORDER[r] >= top]
        if beyond:
            out.append(
                (
                    path,
                    f"the numbered pack goes up to {top} (deck.numbered.highest), so it has no "
                    + ", ".join(beyond),
                    "error",
                )
            )
    if spec.scoring.ace_low_in_run is not None:
        out.append(
            (
                ("scoring", "ace_low_in_run"),
                "has no effect: a numbered pack (deck.numbered) has no ace",
                "warning",
            )
        )
    if pack.skips and spec.draw.discard_pile in ("any_depth", "whole_pile"):
        out.append(
            (
                ("draw", "discard_pile"),
                f"{spec.draw.discard_pile} with skip cards (deck.numbered.skips) cannot be "
                "played yet: a skip is never taken, and digging past one is not settled",
                "error",
            )
        )
    if pack.skips and spec.draw.push:
        out.append(
            (
                ("draw", "push"),
                "the push with skip cards (deck.numbered.skips) cannot be played yet: a "
                "pushed skip would be taken",
                "error",
            )
        )


def _check_progression(spec: VariantSpec, out: list[Finding]) -> None:
    """Each player on their own contract (``contract.progression: each_player``)."""
    if spec.contract.progression != "each_player":
        return
    where = ("contract", "progression")
    if spec.opening.requirement != "contract":
        out.append((where, "each_player needs contracts: opening.requirement contract", "error"))
    if spec.game_end.kind != "fixed_deals":
        out.append(
            (
                ("game_end", "kind"),
                "with contract.progression each_player the game ends when someone goes "
                "down with the last contract: use fixed_deals",
                "error",
            )
        )
    if spec.deck.cut_wild:
        out.append(
            (
                ("deck", "cut_wild"),
                "cannot be played with contract.progression each_player (the players are on "
                "different deals of the schedule)",
                "error",
            )
        )
    if spec.deck.wild_rank_follows_deal:
        out.append(
            (
                ("deck", "wild_rank_follows_deal"),
                "cannot be played with contract.progression each_player (the players are on "
                "different deals of the schedule)",
                "error",
            )
        )


def _check_discard(spec: VariantSpec, out: list[Finding]) -> None:
    discard = spec.discard
    if discard.playable == "penalty" and spec.melding.lay_off.targets == "none":
        out.append(
            (
                ("discard", "playable"),
                "penalty never applies: melding.lay_off.targets is none, so no card "
                "can be laid off",
                "warning",
            )
        )


def _check_knock(spec: VariantSpec, out: list[Finding]) -> None:
    """Knocking and the rules it needs: deadwood scoring, melds shown at the end."""
    knock = spec.going_out.knock
    model = spec.scoring.model
    stock = spec.stock_exhausted
    if (
        stock is not None
        and stock.void_take == "to_knock"
        and (knock is None or stock.action != "void" or not stock.void_when_left)
    ):
        out.append(
            (
                ("stock_exhausted", "void_take"),
                "to_knock needs going_out.knock, action void and void_when_left above 0",
                "error",
            )
        )
    if knock is None:
        if not spec.melding.during_play:
            out.append(
                (
                    ("melding", "during_play"),
                    "false: no meld is laid during play, so only a knock can end a hand: "
                    "set going_out.knock",
                    "error",
                )
            )
        if model == "knock_difference":
            out.append(
                (
                    ("scoring", "model"),
                    "knock_difference scores knocked hands: it needs going_out.knock",
                    "error",
                )
            )
        for index, bonus in enumerate(spec.scoring.bonuses):
            if bonus.event in ("gin", "big_gin", "undercut"):
                out.append(
                    (
                        ("scoring", "bonuses", index, "event"),
                        f"{bonus.event} happens only in a knocked hand: it needs going_out.knock",
                        "error",
                    )
                )
        return
    if model not in ("knock_difference", "penalty"):
        out.append(
            (
                ("scoring", "model"),
                "a knocked hand is scored by deadwood: use knock_difference, or penalty "
                f"(every other player scores their deadwood), not {model}",
                "error",
            )
        )
    if spec.melding.during_play:
        out.append(
            (
                ("melding", "during_play"),
                "with knocking, melds are shown when the hand ends: set melding.during_play "
                "to false",
                "error",
            )
        )
    if spec.partnerships.teams != "none":
        out.append((("partnerships", "teams"), "knocking is played without partners", "error"))
    _check_knock_draw(spec, out)
    if knock.deadwood_limit == "upcard" and not spec.table.upcard:
        out.append(
            (
                ("going_out", "knock", "deadwood_limit"),
                "upcard: the limit is the first upcard's value, but table.upcard is false",
                "error",
            )
        )
    if knock.ace_upcard != "gin_only" and knock.deadwood_limit != "upcard":
        out.append(
            (
                ("going_out", "knock", "ace_upcard"),
                "an ace upcard sets the limit only with deadwood_limit: upcard",
                "error",
            )
        )


def _check_knock_draw(spec: VariantSpec, out: list[Finding]) -> None:
    """The draw rules a knock game cannot play: no meld is laid during play."""
    if spec.draw.discard_condition != "none":
        out.append(
            (
                ("draw", "discard_condition"),
                f"{spec.draw.discard_condition}: with knocking no meld is laid during play, so "
                "a discard taken can be neither melded nor opened with: use none",
                "error",
            )
        )
    if spec.draw.push:
        out.append(
            (
                ("draw", "push"),
                "true: a push hands the next player two cards, and with knocking no meld "
                "leaves a hand during play, so hands would only grow until the stock ran "
                "out: use false",
                "error",
            )
        )
    if spec.draw.discard_pile == "any_depth" and spec.draw.deep_card_use != "free":
        out.append(
            (
                ("draw", "deep_card_use"),
                f"{spec.draw.deep_card_use}: with knocking no meld is laid during play, so a "
                "card dug from the pile cannot be melded: use free",
                "error",
            )
        )


def _check_knock_scoring(spec: VariantSpec, out: list[Finding]) -> None:
    """Knock-game scoring keys that need a rule to apply to."""
    knock = spec.going_out.knock
    for index, bonus in enumerate(spec.scoring.bonuses):
        if bonus.event == "big_gin" and knock is not None and not knock.big_gin:
            out.append(
                (
                    ("scoring", "bonuses", index, "event"),
                    "big_gin never happens: set going_out.knock.big_gin to true",
                    "error",
                )
            )
    if knock is not None and knock.count_all_without_needs and knock.needs is None:
        out.append(
            (
                ("going_out", "knock", "count_all_without_needs"),
                "counts every card of a player whose melds miss the knock's needs: set "
                "going_out.knock.needs",
                "error",
            )
        )
    if spec.scoring.deal_cap is not None and spec.scoring.model != "penalty":
        out.append(
            (
                ("scoring", "deal_cap"),
                f"caps a deal's penalty points: it needs scoring.model penalty, not "
                f"{spec.scoring.model}",
                "error",
            )
        )
    if spec.scoring.spade_upcard_factor > 1 and (knock is None or not spec.table.upcard):
        out.append(
            (
                ("scoring", "spade_upcard_factor"),
                "a spade upcard doubles the scores of a knocked hand: it needs "
                "going_out.knock and table.upcard",
                "error",
            )
        )


def _check_leaving(spec: VariantSpec, out: list[Finding]) -> None:
    """Leaving a deal (a drop, a wrong declaration) and leaving the game (buy backs)."""
    model = spec.scoring.model
    knock = spec.going_out.knock
    leaving: list[tuple[tuple[str | int, ...], str]] = []
    if spec.going_out.drop is not None:
        leaving.append((("going_out", "drop"), "a drop"))
    if knock is not None and knock.wrong_declaration is not None:
        leaving.append((("going_out", "knock", "wrong_declaration"), "a wrong declaration"))
    for path, what in leaving:
        if model != "penalty":
            out.append(
                (path, f"{what} costs penalty points: it needs scoring.model penalty", "error")
            )
        elif knock is None:
            out.append(
                (
                    path,
                    f"{what} is played where melds are shown only at the end: it needs "
                    "going_out.knock (the engine cannot play it in other games yet)",
                    "error",
                )
            )
    end = spec.game_end
    if end.buy_back_limit is not None and (end.kind != "elimination" or not end.buy_backs):
        out.append(
            (
                ("game_end", "buy_back_limit"),
                "limits buying back into an elimination game: it needs kind elimination "
                "and buy_backs above 0",
                "error",
            )
        )


def _check_no_runs(spec: VariantSpec, out: list[Finding]) -> None:
    """With ``melds.run.allowed: false``, nothing may need a run."""
    if spec.melds.run.allowed:
        return
    for i, deal in enumerate(spec.deals):
        for j, part in enumerate(deal.contract):
            if part.type == "run":
                out.append(
                    (
                        ("deals", i, "contract", j, "type"),
                        "run: melds.run.allowed is false, so there are no runs",
                        "error",
                    )
                )
    knock = spec.going_out.knock
    if knock is not None and knock.needs is not None and knock.needs.runs:
        out.append(
            (
                ("going_out", "knock", "needs", "runs"),
                "a knock cannot need runs: melds.run.allowed is false",
                "error",
            )
        )


def _check_going_out(spec: VariantSpec, out: list[Finding]) -> None:
    """Going-out rules that limit or contradict other rules."""
    _check_knock(spec, out)
    _check_knock_scoring(spec, out)
    _check_leaving(spec, out)
    _check_no_runs(spec, out)
    check_canasta_family(spec, out)
    if not spec.contract.all_at_once:
        whole = [i for i, d in enumerate(spec.deals) if d.all_out or d.first_down_must_go_out]
        if whole:
            out.append(
                (
                    (
                        "deals",
                        whole[0],
                        "all_out" if spec.deals[whole[0]].all_out else "first_down_must_go_out",
                    ),
                    "contract.all_at_once is false, but this deal is won by laying the whole "
                    "contract at once (the deal's own rule wins)",
                    "warning",
                )
            )
    for index, deal in enumerate(spec.deals):
        if not deal.first_down_may_discard:
            continue
        where: PathT = ("deals", index, "first_down_may_discard")
        if not deal.first_down_must_go_out:
            out.append(
                (
                    where,
                    f"deal {index + 1}: first_down_may_discard does nothing without "
                    "first_down_must_go_out",
                    "warning",
                )
            )
        elif spec.going_out.method == "must_meld_last":
            out.append(
                (
                    where,
                    f"deal {index + 1}: the first player down may go out with a discard, but "
                    "going_out.method must_meld_last says the last card is melded",
                    "error",
                )
            )
    per_turn = spec.melding.melds_per_turn
    if spec.going_out.method == "all_at_once" and per_turn is not None:
        out.append(
            (
                ("melding", "melds_per_turn"),
                f"with going_out.method all_at_once the whole hand goes down in one turn, so "
                f"a hand goes out only as {per_turn} meld(s)",
                "warning",
            )
        )
    if spec.going_out.method == "must_discard" and any(d.all_out for d in spec.deals):
        index = next(i for i, d in enumerate(spec.deals) if d.all_out)
        out.append(
            (
                ("deals", index, "all_out"),
                "an all_out deal is won without a discard, but going_out.method is must_discard "
                "(the deal's own rule wins)",
                "warning",
            )
        )


def _check_draw(spec: VariantSpec, out: list[Finding]) -> None:
    """Draw rules that contradict each other, or have nothing to act on."""
    draw = spec.draw
    _check_upcard_offer(spec, out)
    _check_buying(spec, out)
    stock = spec.stock_exhausted
    if stock and stock.must_take != "never" and stock.action != "meldable_discards_only":
        out.append(
            (
                ("stock_exhausted", "must_take"),
                f"has no effect: stock_exhausted.action is {stock.action} (a take is "
                "required only with meldable_discards_only)",
                "warning",
            )
        )
    if draw.discard_pile == "none":
        if spec.buying.enabled:
            out.append(
                (
                    ("buying", "enabled"),
                    "buying takes the discard, but draw.discard_pile is none (nobody takes "
                    "discards): disable buying or let players take the discard",
                    "error",
                )
            )
        stock = spec.stock_exhausted
        if stock is not None and stock.action == "meldable_discards_only":
            out.append(
                (
                    ("stock_exhausted", "action"),
                    "meldable_discards_only lets players take discards, but "
                    "draw.discard_pile is none",
                    "error",
                )
            )
        if draw.discard_condition != "none":
            out.append(
                (
                    ("draw", "discard_condition"),
                    "has no effect: draw.discard_pile is none",
                    "warning",
                )
            )


def _check_buying(spec: VariantSpec, out: list[Finding]) -> None:
    """Buying rules that cannot be played together."""
    buying = spec.buying
    if spec.draw.push and buying.enabled:
        out.append(
            (
                ("draw", "push"),
                "a push gives the discard to the next player, so nobody could buy it: "
                "buying.enabled must be false",
                "error",
            )
        )
    if spec.draw.push and spec.draw.discard_pile == "none":
        out.append((("draw", "push"), "has no effect: draw.discard_pile is none", "warning"))
    if buying.block_call and not buying.enabled:
        out.append((("buying", "block_call"), "has no effect: buying.enabled is false", "warning"))
    if buying.current_player == "may_give_draw" and buying.window == "until_next_draw":
        out.append(
            (
                ("buying", "current_player"),
                "may_give_draw hands the buyer the card the player in turn drew, but with "
                "buying.window until_next_draw the buys come before that card is drawn",
                "error",
            )
        )


def _check_upcard_offer(spec: VariantSpec, out: list[Finding]) -> None:
    """An upcard offer needs an upcard that may be taken."""
    offer = spec.table.upcard_offer
    if offer == "first_player":
        return
    where = ("table", "upcard_offer")
    if not spec.table.upcard:
        out.append((where, f"{offer} offers the upcard, but table.upcard is false", "error"))
    elif spec.draw.discard_pile == "none":
        out.append(
            (
                where,
                f"{offer} offers the upcard, but draw.discard_pile is none (nobody takes discards)",
                "error",
            )
        )
    elif offer == "non_dealer_then_dealer" and spec.players.max > 2:
        out.append(
            (
                where,
                "non_dealer_then_dealer is a two-player rule: with more players, the player "
                "after the dealer and then the dealer are offered the upcard",
                "warning",
            )
        )


def _check_exchange(spec: VariantSpec, out: list[Finding]) -> None:
    """Exchange conditions that can never apply together."""
    exchange = spec.wilds.exchange
    if exchange.forces_going_down and exchange.player_down != "not_required":
        out.append(
            (
                ("wilds", "exchange", "forces_going_down"),
                f"has no effect: wilds.exchange.player_down is {exchange.player_down}, so only "
                "a player already down may exchange",
                "warning",
            )
        )
    if exchange.claim_order == "first_in_rotation" and exchange.from_owner == "own":
        out.append(
            (
                ("wilds", "exchange", "from_owner"),
                "own lets a player take wilds only from their own melds, but with "
                "claim_order first_in_rotation the claims are made on another player's meld",
                "error",
            )
        )
    if exchange.claim_order == "first_in_rotation":
        for key in ("use_same_turn", "forces_going_down"):
            if getattr(exchange, key):
                out.append(
                    (
                        ("wilds", "exchange", "claim_order"),
                        "first_in_rotation lets a player claim a wild out of turn, but "
                        f"wilds.exchange.{key} ties the exchange to the claimant's own turn",
                        "error",
                    )
                )
        if exchange.allowed is not True:
            out.append(
                (
                    ("wilds", "exchange", "claim_order"),
                    "has no effect: wilds.exchange.allowed is not true",
                    "warning",
                )
            )
