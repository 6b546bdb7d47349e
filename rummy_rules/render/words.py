"""Numbers, counts and tables in words: the small pieces every rule sentence uses.

Every word here is a message of the catalogs (:mod:`.i18n`): a count and its
noun are one message with plural forms, so each language says it its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import RANKS
from ..engine.rules import ContractPart
from ..engine.shapes import group_parts
from ..spec.checks import pack_ranks, pack_size
from ..spec.schema import (
    DealSpec,
    FormulaCount,
    PerDeckCount,
    PlayerCountTable,
    VariantSpec,
    evaluate_count,
)
from .i18n import _, current_language, list_separator, ngettext

__all__ = [
    "SUIT_SYMBOL",
    "capital",
    "cards_text",
    "contract_text",
    "count_text",
    "deal_rows",
    "number_word",
    "pack_rows",
    "people_count",
    "plural",
    "points_text",
    "rank_name",
    "value_rows",
]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


#: The suit letters of the notation and the symbols the books print.
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def cards_text(spec: VariantSpec, cards: Sequence[str], joiner: str = ", ") -> str:
    """Cards named in a rule (``3C, 3S``) as the books print them (``3♣, 3♠``):
    suit symbols for a standard pack, a numbered pack's cards as written."""
    if spec.deck.numbered is not None:
        return joiner.join(cards)
    return joiner.join(
        card[:-1] + SUIT_SYMBOL[card[-1]] if card[-1:] in SUIT_SYMBOL else card for card in cards
    )


def number_word(n: int) -> str:
    """``n`` in words up to ten (``three``), in figures above; in figures in
    every language but English (the catalogs write counts as figures)."""
    if current_language() != "en":
        return str(n)
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def points_text(n: int | None) -> str:
    """A score as each language groups its digits: ``10,000`` and ``1,500`` in
    English; ``10 000`` in Bulgarian and Armenian, which group five digits and
    more (with a no-break space) and leave four as they are (``1500``)."""
    if n is None:  # a target the schema requires; validation reports it missing
        return str(n)
    if current_language() == "en":
        return f"{n:,}"
    return f"{n:,}".replace(",", "\u00a0") if abs(n) >= 10_000 else str(n)


#: Bulgarian counts people with the personal numerals ("четирима играчи"),
#: not the plain ones ("четири карти").
_BG_PEOPLE = {2: "двама", 3: "трима", 4: "четирима", 5: "петима", 6: "шестима", 7: "седмина"}


def people_count(n: int) -> str:
    """``n`` as a count of players: in Bulgarian a personal numeral (двама,
    трима, четирима …) up to seven, as a reader expects before "играчи";
    figures otherwise and in every other language."""
    if current_language() == "bg" and n in _BG_PEOPLE:
        return _BG_PEOPLE[n]
    return str(n)


#: A count and its noun, by the noun's English name: one message with plural forms.
_NOUNS: dict[str, Callable[[int], str]] = {
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "standard 52-card deck": lambda n: ngettext(
        "{n} standard 52-card deck", "{n} standard 52-card decks", n
    ),
    "joker": lambda n: ngettext("{n} joker", "{n} jokers", n),
    "copy": lambda n: ngettext("{n} copy", "{n} copies", n),
    "skip card": lambda n: ngettext("{n} skip card", "{n} skip cards", n),
    "stake": lambda n: ngettext("{n} stake", "{n} stakes", n),
    "wild card": lambda n: ngettext("{n} wild card", "{n} wild cards", n),
    "natural card": lambda n: ngettext("{n} natural card", "{n} natural cards", n),
    "run": lambda n: ngettext("{n} run", "{n} runs", n),
    "buy": lambda n: ngettext("{n} buy", "{n} buys", n),
    "penalty card": lambda n: ngettext("{n} penalty card", "{n} penalty cards", n),
    "new meld": lambda n: ngettext("{n} new meld", "{n} new melds", n),
    "deal": lambda n: ngettext("{n} deal", "{n} deals", n),
    "time": lambda n: ngettext("{n} time", "{n} times", n),
}


def plural(n: int, word: str) -> str:
    """``n`` and ``word`` (a noun of ``_NOUNS``), in the form the language in force
    gives that count (``three decks``, ``3 тестета``)."""
    return _NOUNS[word](n).format(n=number_word(n))


def capital(text: str) -> str:
    """``text`` with its first letter in capitals."""
    return text[:1].upper() + text[1:]


#: Counts that follow the player count, by noun and formula.
_FORMULAS: dict[tuple[str, str], Callable[[], str]] = {
    ("joker", "players"): lambda: _("one joker per player"),
    ("joker", "players_minus_one"): lambda: _("one joker fewer than the number of players"),
    ("joker", "half_players_rounded_up"): lambda: _("one joker for every two players (rounded up)"),
    ("standard 52-card deck", "players"): lambda: _("one standard 52-card deck per player"),
    ("standard 52-card deck", "players_minus_one"): lambda: _(
        "one standard 52-card deck fewer than the number of players"
    ),
    ("standard 52-card deck", "half_players_rounded_up"): lambda: _(
        "one standard 52-card deck for every two players (rounded up)"
    ),
    ("copy", "players"): lambda: _("one copy per player"),
    ("copy", "players_minus_one"): lambda: _("one copy fewer than the number of players"),
    ("copy", "half_players_rounded_up"): lambda: _("one copy for every two players (rounded up)"),
    ("card", "players"): lambda: _("one card per player"),
    ("card", "players_minus_one"): lambda: _("one card fewer than the number of players"),
    ("card", "half_players_rounded_up"): lambda: _("one card for every two players (rounded up)"),
}


def _players_text(key: str) -> str:
    """``3 to 4 players``, ``5 or more players``, ``1 player`` for a player-count key."""
    if key.endswith("+"):
        return _("{n} or more players").format(n=people_count(int(key[:-1])))
    if "-" in key:
        low, high = key.split("-", 1)
        return _("{low} to {high} players").format(
            low=people_count(int(low)), high=people_count(int(high))
        )
    n = int(key)
    return ngettext("{n} player", "{n} players", n).format(n=people_count(n))


def count_text(value: int | PlayerCountTable | FormulaCount | PerDeckCount, noun: str) -> str:
    """``2 jokers``, ``one joker per deck``, ``one fewer than the number of players``."""
    if isinstance(value, int):
        return plural(value, noun)
    if isinstance(value, PerDeckCount):
        return _("{count} per deck").format(count=plural(value.per_deck, noun))
    if isinstance(value, FormulaCount):
        return _FORMULAS[(noun, value.formula)]()
    parts = []
    for key, number in value.by_players.items():
        parts.append(
            _("{count} for {players}").format(
                count=plural(number, noun), players=_players_text(key)
            )
        )
    return ", ".join(parts)


def contract_text(parts: tuple[ContractPart, ...], *, all_out: bool = False) -> str:
    """A contract in words: ``2 sets of 3 + 1 run of 4`` (the engine's
    ``describe_contract``, in the language in force)."""
    words = []
    for part, count in group_parts(parts):
        form: Callable[[int], str]
        if part.exact:
            form = {
                "set": lambda n: ngettext("{n} set of {size}", "{n} sets of {size}", n),
                "run": lambda n: ngettext("{n} run of {size}", "{n} runs of {size}", n),
                "colour": lambda n: ngettext(
                    "{n} colour meld of {size}", "{n} colour melds of {size}", n
                ),
                "any": lambda n: ngettext("{n} meld of {size}", "{n} melds of {size}", n),
            }[part.kind]
        else:
            form = {
                "set": lambda n: ngettext(
                    "{n} set of {size} or more", "{n} sets of {size} or more", n
                ),
                "run": lambda n: ngettext(
                    "{n} run of {size} or more", "{n} runs of {size} or more", n
                ),
                "colour": lambda n: ngettext(
                    "{n} colour meld of {size} or more", "{n} colour melds of {size} or more", n
                ),
                "any": lambda n: ngettext(
                    "{n} meld of {size} or more", "{n} melds of {size} or more", n
                ),
            }[part.kind]
        words.append(form(count).format(n=count, size=part.size))
    text = " + ".join(words) if words else _("no contract")
    if all_out:
        text = _("{contract}, every card at once, no discard").format(contract=text)
    return text


def pack_rows(spec: VariantSpec) -> list[dict[str, int]]:
    """Decks, jokers and cards in all, for every player count."""
    rows = []
    for n in spec.player_counts():
        decks = evaluate_count(spec.deck.decks, n) or 0
        jokers = evaluate_count(spec.deck.jokers, n, decks=decks) or 0
        cards = pack_size(spec, decks, jokers)
        rows.append({"players": n, "decks": decks, "jokers": jokers, "cards": cards})
    return rows


def rank_name(spec: VariantSpec, rank: str) -> str:
    """How the rulebook names a rank: as written (``A``, ``K``), or as a number
    (``1``, ``13``) in a numbered pack."""
    if spec.deck.numbered is None or rank not in RANKS:
        return rank
    return str(RANKS.index(rank) + 1)


def _parts(spec: VariantSpec, deal: DealSpec) -> tuple[ContractPart, ...]:
    default = spec.contract.exactness == "exact" and not deal.all_out
    if deal.exact is not None:
        default = deal.exact
    return tuple(
        ContractPart(p.type, p.size, p.exact if p.exact is not None else default)
        for p in deal.contract
    )


def deal_rows(spec: VariantSpec) -> list[dict[str, str]]:
    """One row per deal: number, cards dealt, contract, and special rules."""
    rows = []
    for index, deal in enumerate(spec.deals):
        cards = deal.cards
        dealt = str(cards) if isinstance(cards, int) else count_text(cards, "card")
        special = []
        if deal.all_out:
            special.append(_("go out all at once, no discard"))
        if deal.first_down_must_go_out:
            special.append(
                _("the first to go down must go out, and may discard their last card")
                if deal.first_down_may_discard
                else _("the first to go down must go out")
            )
        if deal.buy_limit is not None and spec.buying.enabled:
            special.append(_("up to {buys}").format(buys=plural(deal.buy_limit, "buy")))
        parts = _parts(spec, deal)
        rows.append(
            {
                "number": str(index + 1),
                "label": deal.label or "",
                "cards": dealt,
                "contract": contract_text(parts) if parts else "—",
                "special": list_separator().join(special),
            }
        )
    return rows


def value_rows(spec: VariantSpec) -> list[tuple[str, int]]:
    """(rank, points) in rank order, jokers last."""
    values = spec.scoring.card_values
    if spec.deck.numbered is not None:  # 1 to the highest number, in order
        numbers = RANKS[: pack_ranks(spec)]
        rows = [(rank_name(spec, r), values[r]) for r in numbers if r in values]
        if "joker" in values and any(row["jokers"] for row in pack_rows(spec)):
            rows.append((_("Wild card"), values["joker"]))
        if spec.deck.numbered.skips and "skip" in values:
            rows.append((_("Skip"), values["skip"]))
        return rows
    order: list[str] = [r for r in (*RANKS[1:], "A") if r in values]
    rows = [(r, values[r]) for r in order]
    if "joker" in values and any(row["jokers"] for row in pack_rows(spec)):
        rows.append((_("Joker"), values["joker"]))
    return rows
