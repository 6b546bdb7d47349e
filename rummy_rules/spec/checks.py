"""Sanity checks on a variant beyond types: can these rules actually be played?

:func:`check_spec` looks at a schema-valid :class:`~rummy_rules.spec.schema.VariantSpec`
and reports, for every player count the variant allows: whether the pack is
big enough for the deal, whether each contract fits in the hand and can be
made with the cards and wild-card caps there are, whether every card has a
value, whether teams and player counts agree, and which settings contradict
each other. Questions the sources argue about and the file leaves open are
warnings.
"""

from __future__ import annotations

from ..cards import JOKER, RANKS
from .consistency import Finding, check_consistency
from .schema import (
    ColourRules,
    ContractPart,
    DealSpec,
    RunRules,
    SetRules,
    VariantSpec,
    evaluate_count,
)
from .yamlio import PathT

__all__ = [
    "Finding",
    "buy_capacity",
    "check_spec",
    "largest_hand",
    "max_meld_size",
    "min_stock",
    "run_length_limit",
]

"""(path, message, severity): severity is ``"error"``, ``"warning"`` (a question the
file leaves open; ``--strict`` makes it an error) or ``"note"`` (worth knowing, never an error)."""


def min_stock(players: int) -> int:
    """The smallest stock left after the deal that counts as a working stock.

    Every player must be able to draw at least once before the stock runs out.
    """
    return players


def pack_ranks(spec: VariantSpec) -> int:
    """How many ranks each suit (colour) of the pack has: 13, or a numbered pack's highest."""
    return spec.deck.numbered.highest if spec.deck.numbered is not None else 13


def pack_size(spec: VariantSpec, decks: int, jokers: int) -> int:
    """How many cards ``decks`` decks, ``jokers`` jokers (and a numbered pack's
    skips) make in this pack."""
    skips = spec.deck.numbered.skips if spec.deck.numbered is not None else 0
    return 4 * pack_ranks(spec) * decks + jokers + skips


def run_length_limit(spec: VariantSpec) -> int:
    """The longest run the ace rule (and a numbered pack's highest) allows (before any ``max_size``)."""
    limit = 14 if spec.melds.run.ace == "low_or_high" else 13
    if spec.deck.numbered is not None:
        limit = min(limit, spec.deck.numbered.highest)
    if spec.melds.run.max_size is not None:
        limit = min(limit, spec.melds.run.max_size)
    return limit


def _decks(spec: VariantSpec, players: int) -> int:
    return evaluate_count(spec.deck.decks, players) or 0


def _wild_count(spec: VariantSpec, players: int) -> int:
    decks = _decks(spec, players)
    count = 0
    if spec.deck.joker_role == "wild":
        count += evaluate_count(spec.deck.jokers, players, decks=decks) or 0
    ranks = len(spec.deck.wild_ranks) + (1 if spec.deck.wild_rank_follows_deal else 0)
    return count + 4 * decks * ranks + decks * len(spec.deck.wild_cards)


def _wilds_ok(spec: VariantSpec, length: int, wilds: int) -> bool:
    rules = spec.wilds
    cap = rules.cap_for_length(length)
    if cap is not None and wilds > cap:
        return False
    naturals = length - wilds
    if rules.versus_naturals == "not_more" and wilds > naturals:
        return False
    if rules.versus_naturals == "fewer" and wilds >= naturals:
        return False
    return not (rules.versus_naturals == "at_least_one_natural" and naturals < 1)


def max_meld_size(spec: VariantSpec, kind: str, players: int) -> int:
    """The largest set, run or colour meld (``kind``) that the pack and rules allow
    for ``players``."""
    decks = _decks(spec, players)
    wild_supply = _wild_count(spec, players)
    if kind == "colour":
        colour = spec.melds.colour
        if colour is None:
            return 0
        natural_supply = pack_ranks(spec) * decks
        ceiling = natural_supply + (wild_supply if colour.wilds_allowed else 0)
        if colour.max_size is not None:
            ceiling = min(ceiling, colour.max_size)
        usable_wilds = wild_supply if colour.wilds_allowed else 0
    elif kind == "set":
        rules = spec.melds.set
        natural_supply = 4 if rules.suits == "distinct" else 4 * decks
        ceiling = 4 if rules.suits == "distinct" else natural_supply + wild_supply
        if rules.suits == "exactly_three":
            natural_supply = 3 * decks
            ceiling = natural_supply + wild_supply
        if rules.max_size is not None:
            ceiling = min(ceiling, rules.max_size)
        usable_wilds = wild_supply if rules.wilds_allowed else 0
    else:
        run = spec.melds.run
        ceiling = run_length_limit(spec)
        natural_supply = ceiling
        usable_wilds = wild_supply if run.wilds_allowed else 0
    best = 0
    for length in range(2, ceiling + 1):
        for wilds in range(min(usable_wilds, length) + 1):
            if length - wilds > natural_supply:
                continue
            if kind == "run" and not spec.wilds.adjacent_allowed and wilds > (length + 1) // 2:
                continue
            if _wilds_ok(spec, length, wilds):
                best = length
                break
    return best


def _part_exact(spec: VariantSpec, deal: DealSpec, part: ContractPart) -> bool:
    if part.exact is not None:
        return part.exact
    if deal.exact is not None:
        return deal.exact
    if deal.all_out:
        return False
    return spec.contract.exactness == "exact"


def _part_max(spec: VariantSpec, deal: DealSpec, part: ContractPart, players: int) -> int:
    if _part_exact(spec, deal, part):
        return part.size
    kinds = ("set", "run") if part.type == "any" else (part.type,)
    return max(max_meld_size(spec, k, players) for k in kinds)


def check_spec(spec: VariantSpec) -> list[Finding]:
    """Every sanity problem in ``spec``, errors and warnings, in file order."""
    findings: list[Finding] = []
    _check_counts(spec, findings)
    if any(sev == "error" for _, _, sev in findings):
        return findings
    _check_teams(spec, findings)
    _check_melds(spec, findings)
    _check_deals(spec, findings)
    _check_scoring(spec, findings)
    check_consistency(spec, findings)
    _check_translations(spec, findings)
    _check_open_questions(spec, findings)
    return findings


def _check_translations(spec: VariantSpec, out: list[Finding]) -> None:
    """Translated colour names need a numbered pack to name."""
    for code, words in spec.translations.items():
        if words.colours is not None and spec.deck.numbered is None:
            out.append(
                (
                    ("translations", code, "colours"),
                    "names the colours of a numbered pack, and deck.numbered is not set",
                    "error",
                )
            )


def _check_counts(spec: VariantSpec, out: list[Finding]) -> None:
    """Every player-count value has an entry for every allowed player count."""
    items: list[tuple[PathT, object]] = [
        (("deck", "decks"), spec.deck.decks),
        (("deck", "jokers"), spec.deck.jokers),
    ]
    items += [(("deals", i, "cards"), deal.cards) for i, deal in enumerate(spec.deals)]
    for path, value in items:
        missing = []
        for n in spec.player_counts():
            decks = _decks(spec, n)
            result = evaluate_count(value, n, decks=decks)  # type: ignore[arg-type]
            if result is None:
                missing.append(n)
        if missing:
            counts = ", ".join(str(n) for n in missing)
            out.append(
                (path, f"no entry for {counts} players (players allows {_range(spec)})", "error")
            )
    for n in spec.player_counts():
        if _decks(spec, n) < 1:
            out.append((("deck", "decks"), f"{n} players would play with no deck", "error"))
            break


def _range(spec: VariantSpec) -> str:
    p = spec.players
    return str(p.min) if p.min == p.max else f"{p.min}-{p.max}"


def _check_teams(spec: VariantSpec, out: list[Finding]) -> None:
    if spec.partnerships.teams != "fixed_pairs":
        return
    bad = [n for n in spec.player_counts() if n % 2 or n < 4]
    if bad:
        counts = ", ".join(str(n) for n in bad)
        out.append(
            (
                ("partnerships", "teams"),
                f"fixed pairs need an even number of players, at least 4, but players allows {counts}",
                "error",
            )
        )


def _check_melds(spec: VariantSpec, out: list[Finding]) -> None:
    run = spec.melds.run
    limit = 14 if run.ace == "low_or_high" else 13
    why = f"with ace '{run.ace}'"
    if pack_ranks(spec) < limit:
        limit = pack_ranks(spec)
        why = f"with numbers up to {limit} (deck.numbered.highest)"
    if run.min_size > limit:
        out.append(
            (
                ("melds", "run", "min_size"),
                f"a run of {run.min_size} cannot be made: {why} the longest run is {limit}",
                "error",
            )
        )
    if spec.melds.set.suits == "distinct" and spec.melds.set.min_size > 4:
        out.append(
            (
                ("melds", "set", "min_size"),
                f"a set of {spec.melds.set.min_size} cannot have every suit different",
                "error",
            )
        )
    if spec.deck.joker_role == "natural":
        fewest = min(
            evaluate_count(spec.deck.jokers, n, decks=_decks(spec, n)) or 0
            for n in spec.player_counts()
        )
        if 0 < fewest < spec.melds.joker_set_min_size:
            out.append(
                (
                    ("melds", "joker_set_min_size"),
                    f"with only {fewest} jokers a set of {spec.melds.joker_set_min_size} jokers "
                    "can never be made, so jokers can never be melded",
                    "warning",
                )
            )


def _check_deals(spec: VariantSpec, out: list[Finding]) -> None:
    for index, deal in enumerate(spec.deals):
        _check_deal_size(spec, index, deal, out)
        _check_contract(spec, index, deal, out)


def _check_deal_size(spec: VariantSpec, index: int, deal: DealSpec, out: list[Finding]) -> None:
    for n in spec.player_counts():
        decks = _decks(spec, n)
        jokers = evaluate_count(spec.deck.jokers, n, decks=decks) or 0
        cards = evaluate_count(deal.cards, n) or 0
        pack = pack_size(spec, decks, jokers)
        upcard = 1 if spec.table.upcard else 0
        need = n * (cards + deal.foot) + upcard + min_stock(n)
        bonus = decks * len(spec.deck.bonus_cards)  # laid aside, never played
        if pack - bonus < need:
            out.append(
                (
                    ("deals", index, "cards"),
                    f"with {n} players deal {index + 1} needs {n}×{cards} cards"
                    + (f" + {n}×{deal.foot} in the feet" if deal.foot else "")
                    + (" + 1 upcard" if upcard else "")
                    + f" + a stock of at least {min_stock(n)} = {need}, "
                    f"but the pack has only {pack} ({decks} deck{'s' if decks != 1 else ''} + "
                    f"{jokers} joker{'s' if jokers != 1 else ''})"
                    + (f", {bonus} of them bonus cards laid aside" if bonus else ""),
                    "error",
                )
            )
            return


def largest_hand(spec: VariantSpec, deal: DealSpec, players: int, pack: int) -> int:
    """The most cards one hand can hold in ``deal``: the cards dealt, the draw (and a
    first player's extra card) and every buy allowed; the whole pack when picking up
    several discards, a push or unlimited buying can add any number."""
    capacity = buy_capacity(spec, deal)
    dealt = evaluate_count(deal.cards, players) or 0
    if capacity is None or spec.draw.discard_pile != "top" or spec.draw.push:
        return pack
    return min(pack, dealt + 2 + capacity)


def buy_capacity(spec: VariantSpec, deal: DealSpec) -> int | None:
    """Extra cards buying can add to one hand in a deal (None: no limit)."""
    buying = spec.buying
    if not buying.enabled:
        return 0
    limit = deal.buy_limit if deal.buy_limit is not None else buying.limits.per_deal
    if limit is None:
        return None
    if buying.cost.escalating:
        costs = list(buying.cost.escalating)
        costs += [costs[-1]] * max(0, limit - len(costs))
        return sum(1 + c for c in costs[:limit])
    return limit * (1 + buying.cost.penalty_cards)


def _check_contract(spec: VariantSpec, index: int, deal: DealSpec, out: list[Finding]) -> None:
    name = f"deal {index + 1}"
    where: PathT = ("deals", index, "contract")
    if spec.opening.requirement == "contract" and not deal.contract:
        out.append((where, f"{name} has no contract, but opening.requirement is contract", "error"))
        return
    if spec.opening.requirement != "contract" and deal.contract:
        out.append(
            (
                where,
                f"{name} has a contract, but opening.requirement is "
                f"{spec.opening.requirement}: set it to contract or remove the contract",
                "error",
            )
        )
        return
    if deal.all_out and not deal.contract:
        out.append((("deals", index, "all_out"), f"{name} is all_out but has no contract", "error"))
        return
    for p, part in enumerate(deal.contract):
        _check_part(spec, index, p, part, out)
    if any(sev == "error" and path[:2] == ("deals", index) for path, _, sev in out):
        return
    _check_melds_a_turn(spec, index, deal, out)
    total = sum(part.size for part in deal.contract)
    for n in spec.player_counts():
        cards = evaluate_count(deal.cards, n) or 0
        hand = cards + 1  # after the draw
        fits = _check_whole_hand(spec, index, deal, n, out)
        if fits == "stop":
            return
        if fits == "next":
            continue
        if total <= hand:
            continue
        capacity = buy_capacity(spec, deal)
        if capacity == 0:
            out.append(
                (
                    where,
                    f"{name}'s contract needs {total} cards but {_with(deal, n)}a hand has "
                    f"only {hand} after the draw, and buying cannot add more",
                    "error",
                )
            )
            return
        if capacity is not None and total > hand + capacity:
            out.append(
                (
                    where,
                    f"{name}'s contract needs {total} cards but {_with(deal, n)}a hand can "
                    f"reach only {hand + capacity} (the draw plus every buy allowed)",
                    "error",
                )
            )
            return
        out.append(
            (
                where,
                f"{name}'s contract needs {total} cards but {cards} are dealt: players "
                "must buy to meet it",
                "note",
            )
        )
        return


def _with(deal: DealSpec, n: int) -> str:
    """ "with N players " where the hand dealt depends on the player count; ""
    where every count is dealt alike (the message holds for them all)."""
    return "" if isinstance(deal.cards, int) else f"with {n} players "


def _check_whole_hand(
    spec: VariantSpec, index: int, deal: DealSpec, n: int, out: list[Finding]
) -> str:
    """The hand size against a deal won with the whole hand at once (``all_out``,
    ``first_down_must_go_out``) for ``n`` players: ``"stop"`` after an error or a
    note, ``"next"`` when the hand fits an all-out deal, ``""`` otherwise."""
    name = f"deal {index + 1}"
    where: PathT = ("deals", index, "contract")
    total = sum(part.size for part in deal.contract)
    hand = (evaluate_count(deal.cards, n) or 0) + 1  # after the draw
    if deal.all_out:
        most = sum(_part_max(spec, deal, part, n) for part in deal.contract)
        capacity = buy_capacity(spec, deal)
        reach = None if capacity is None else hand + capacity
        if most >= hand and total > hand and (reach is None or total <= reach):
            out.append(
                (
                    where,
                    f"{name} must be won with every card at once and its contract takes "
                    f"{total} cards, but {_with(deal, n)}a hand has {hand} after the "
                    "draw: players must buy to meet it",
                    "note",
                )
            )
            return "stop"
        if total > hand or most < hand:
            out.append(
                (
                    where,
                    f"{name} must be won with every card at once, but {_with(deal, n)}"
                    f"the hand after the draw has {hand} cards and the contract takes "
                    + (f"{total}" if total == most else f"{total} to {most}")
                    + " cards",
                    "error",
                )
            )
            return "stop"
        return "next"
    if deal.first_down_must_go_out:
        most = sum(_part_max(spec, deal, part, n) for part in deal.contract)
        spare = 1 if deal.first_down_may_discard else 0
        if most + spare < hand:
            kept = "one card to discard" if spare else "no card"
            out.append(
                (
                    where,
                    f"{name}'s first player down must go out, keeping {kept}, but with "
                    f"{n} players the hand after the draw has {hand} cards and the "
                    f"contract takes at most {most}: nobody could ever go down"
                    + (
                        ""
                        if spare
                        else " (deals[].first_down_may_discard lets the last card be discarded)"
                    ),
                    "error",
                )
            )
            return "stop"
    return ""


def _check_melds_a_turn(spec: VariantSpec, index: int, deal: DealSpec, out: list[Finding]) -> None:
    """A contract laid in one turn must fit the melds a turn allows."""
    per_turn = spec.melding.melds_per_turn
    at_once = spec.contract.all_at_once or deal.all_out or deal.first_down_must_go_out
    kinds = {part.type for part in deal.contract}
    # Where one long meld counts as several, parts of one kind may go down as one meld.
    fewest = len(kinds) if not spec.contract.long_meld_counts_once else len(deal.contract)
    if per_turn is not None and at_once and fewest > per_turn:
        out.append(
            (
                ("deals", index, "contract"),
                f"deal {index + 1}'s contract is laid in one turn as {fewest} melds, but "
                f"melding.melds_per_turn allows {per_turn}: nobody could ever go down",
                "error",
            )
        )


def _check_part(
    spec: VariantSpec, deal: int, index: int, part: ContractPart, out: list[Finding]
) -> None:
    path: PathT = ("deals", deal, "contract", index, "size")
    kinds = ("set", "run") if part.type == "any" else (part.type,)
    reasons = []
    for kind in kinds:
        rules: SetRules | RunRules | ColourRules | None = {
            "set": spec.melds.set,
            "run": spec.melds.run,
            "colour": spec.melds.colour,
        }[kind]
        if rules is None:
            out.append(
                (
                    ("deals", deal, "contract", index, "type"),
                    "a colour meld needs the rules for colour melds: add melds.colour "
                    "(min_size and, if any, max_size), or use another type",
                    "error",
                )
            )
            return
        least = rules.min_size
        if kind == "set" and spec.melds.set.pair_ranks:
            least = min(2, least)  # a pair of a pair rank
        if part.size < least:
            noun = "colour meld" if kind == "colour" else kind
            reasons.append(f"a {noun} has at least {least} cards (melds.{kind}.min_size)")
            continue
        if rules.max_size is not None and part.size > rules.max_size:
            noun = "colour meld" if kind == "colour" else kind
            reasons.append(f"a {noun} has at most {rules.max_size} cards (melds.{kind}.max_size)")
            continue
        bad = [n for n in spec.player_counts() if max_meld_size(spec, kind, n) < part.size]
        if bad:
            n = bad[0]
            reasons.append(
                f"with {n} players the largest {kind} the pack, suit rule and wild-card "
                f"limits allow has {max_meld_size(spec, kind, n)} cards"
            )
            continue
        return
    what = {"any": "meld", "colour": "colour meld"}.get(part.type, part.type)
    out.append((path, f"a {what} of {part.size} cannot be made: " + "; ".join(reasons), "error"))


def _check_scoring(spec: VariantSpec, out: list[Finding]) -> None:
    values = spec.scoring.card_values
    ranks = pack_ranks(spec)
    missing = [r for r in RANKS[:ranks] if r not in values]
    if spec.deck.numbered is not None:
        missing = [str(RANKS.index(r) + 1) for r in missing]  # numbered packs say 1, 11, 12, 13
    if missing:
        out.append((("scoring", "card_values"), "no value for " + ", ".join(missing), "error"))
    has_jokers = any(
        (evaluate_count(spec.deck.jokers, n, decks=_decks(spec, n)) or 0) > 0
        for n in spec.player_counts()
    )
    if has_jokers and JOKER not in values:
        out.append((("scoring", "card_values"), "the pack has jokers but no joker value", "error"))
    numbered = spec.deck.numbered
    if numbered is not None and numbered.skips and "skip" not in values:
        out.append(
            (("scoring", "card_values"), "the pack has skip cards but no skip value", "error")
        )
    if spec.opening.card_values is not None:
        unknown = [k for k in spec.opening.card_values if k not in (*RANKS, JOKER)]
        if unknown:
            out.append((("opening", "card_values"), "not ranks: " + ", ".join(unknown), "error"))


def _check_open_questions(spec: VariantSpec, out: list[Finding]) -> None:
    if spec.buying.enabled and spec.buying.after_going_down is None:
        out.append(
            (
                ("buying",),
                "may a player buy after going down? Sources disagree: set buying.after_going_down",
                "warning",
            )
        )
    has_wilds = any(_wild_count(spec, n) > 0 for n in spec.player_counts())
    if has_wilds and spec.wilds.exchange.allowed is None:
        out.append(
            (
                ("wilds",),
                "may a melded wild be taken back by supplying its natural card? Sources "
                "disagree: set wilds.exchange.allowed",
                "warning",
            )
        )
    if spec.stock_exhausted is None:
        out.append(
            ((), "what happens when the stock runs out? Set stock_exhausted.action", "warning")
        )
