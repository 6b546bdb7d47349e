"""Printed output from the resolved variant: rulebooks, house-rules sheets, score sheets.

Jinja2 templates in ``templates/`` receive a context built here from the
variant, so every sentence follows the rules as written (see
:mod:`rummy_rules.render.sentences`). Examples of melds and contract hands are made
and checked by the engine when the book is rendered, so a book cannot show an
example the engine would reject. Output is deterministic: no dates, sorted
data, fixed PDF metadata.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..cards import JOKER_FACE, RANKS, parse_cards
from ..engine.melds import check_meld, parse_meld
from ..engine.rules import MeldRules, compile_rules
from ..engine.solver import find_contract
from ..errors import RummyRulesError
from ..spec.registry import templates_dir
from ..spec.schema import VariantSpec
from .describe import diff_topics
from .i18n import N_, _, language, ngettext
from .pack_words import pack_of
from .sentences import TOPICS
from .words import SUIT_SYMBOL, contract_text, deal_rows, pack_rows, value_rows

__all__ = [
    "FORMATS",
    "MeldExample",
    "RenderError",
    "contract_examples",
    "localized_words",
    "md_escape",
    "meld_examples",
    "render_diff",
    "render_house_sheet",
    "render_rulebook",
    "render_score_sheet",
    "template_environment",
    "text_grid",
    "to_pdf",
]

#: Output formats of the rulebook.
FORMATS = ("md", "html", "txt", "pdf", "card")


class RenderError(RummyRulesError):
    """Rendering could not be done (a missing optional dependency, …)."""


_SUIT_SYMBOL = SUIT_SYMBOL


def _pretty(card: str, joker: str | None = None, numbered: bool = False) -> str:
    if card == "JK":
        return joker or _("Joker")
    if numbered or card[-1] not in _SUIT_SYMBOL:
        return card  # a numbered pack's card: 7R (its letter may be C, D, H or S)
    return card[:-1] + _SUIT_SYMBOL[card[-1]]


def _card_items(text: str) -> Iterator[tuple[str, str]]:
    """(card, stands-for) pairs of a meld text; ``("/", "")`` separates melds."""
    for item in text.split():
        card, _, stands = item.partition("=")
        yield card, stands


def cards_text(text: str, joker: str | None = None, numbered: bool = False) -> str:
    """``7H JK=8H`` → ``7♥ Joker(8♥)`` (``joker``: the name of JK, where the pack
    calls it otherwise: a numbered pack's wild card; ``numbered``: the cards are
    already in a numbered pack's notation, ``7C`` being a 7 of a colour in C)."""
    return " ".join(
        "/"
        if card == "/"
        else _pretty(card, joker, numbered)
        + (f"({_pretty(stands, None, numbered)})" if stands else "")
        for card, stands in _card_items(text)
    )


def cards_html(text: str, joker: str | None = None, numbered: bool = False) -> str:
    """Cards as HTML with red and black suits; a wild card's stand-in in
    brackets, as Markdown and text write it (``Joker(8♥)``); ``numbered`` as
    for :func:`cards_text`."""
    return " ".join(
        "/"
        if card == "/"
        else _card_span(card, joker, numbered)
        + (f'<span class="as">({_card_span(stands, None, numbered)})</span>' if stands else "")
        for card, stands in _card_items(text)
    )


def _card_span(card: str, joker: str | None = None, numbered: bool = False) -> str:
    if card == "JK":
        return f'<span class="card joker">{html.escape(joker or _("Joker"))}</span>'
    if numbered or card[-1] not in _SUIT_SYMBOL:
        return f'<span class="card">{html.escape(card)}</span>'  # a numbered pack's card
    colour = "red" if card[-1] in "HD" else "black"
    return f'<span class="card {colour}">{html.escape(card[:-1])}{_SUIT_SYMBOL[card[-1]]}</span>'


def template_environment() -> Environment:
    """The Jinja2 environment of the bundled templates, with the card filters."""
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        undefined=StrictUndefined,
        autoescape=lambda name: name is not None and name.endswith((".html.j2", ".html")),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["cards"] = cards_text
    env.filters["cards_html"] = cards_html
    env.filters["md_escape"] = md_escape
    # Reports write figures and intervals as the terminal does.
    from ..sim.compare import format_figure, format_interval

    env.filters["interval"] = format_interval
    env.filters["figure"] = format_figure
    # Templates translate through the catalogs of the language in force (i18n.language).
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, newstyle=True
    )
    return env


def md_escape(text: str) -> str:
    """``text`` as literal Markdown: markup characters (HTML's ``<`` too) backslash-escaped."""
    return re.sub(r"([\\`*_\[\]<>|#])", r"\\\1", str(text))


@dataclass(frozen=True, slots=True)
class MeldExample:
    """A meld shown in the rulebook, with the engine's verdict."""

    kind: str
    text: str
    legal: bool
    reason: str


def _example_players(spec: VariantSpec) -> int:
    return spec.players.best or spec.players.min


def _in_pack(faces: Any, rules: Any) -> bool:
    """Whether the pack of ``rules`` holds every card of ``faces`` (as many of each)."""
    from collections import Counter

    pack = Counter(rules.pack.faces())
    return all(pack[face] >= count for face, count in Counter(faces).items())


def meld_examples(spec: VariantSpec) -> list[MeldExample]:
    """Legal and illegal melds under ``spec``'s rules, each judged by the engine."""
    rules = compile_rules(spec, _example_players(spec))
    wild = rules.deals[0].wild_faces
    m = rules.melds
    # Jokers appear in the examples only where the pack holds them and they are wild.
    jokers = JOKER_FACE in wild and rules.pack.jokers > 0
    candidates: list[tuple[str, str]] = []
    if m.runs:
        candidates += _run_candidates(m, jokers)
    set_len = max(m.set_min, 3)
    suits = ["H", "S", "D", "C"]
    if m.pair_ranks:
        rank = RANKS[min(m.pair_ranks)]
        candidates.append(("set", f"{rank}H {rank}S"))
    candidates.append(("set", " ".join(f"7{suits[i % 4]}" for i in range(set_len))))
    candidates.append(("set", " ".join(["7H", "7H", *[f"7{s}" for s in "SDC"][: set_len - 2]])))
    if jokers and m.set_wilds:
        group = [f"9{suits[i % 4]}" for i in range(set_len)]
        group[-1] = f"JK=9{suits[(set_len - 1) % 4]}"
        candidates.append(("set", " ".join(group)))
        many = [f"JK=9{suits[i % 4]}" for i in range(set_len)]
        many[0] = f"9{suits[0]}"
        candidates.append(("set", " ".join(many)))
    if m.colour_min:
        colour = [f"{r}S" for r in ("2", "4", "5", "7", "8", "10", "J", "Q", "K", "3", "6", "9")]
        colour = colour[: max(m.colour_min, 3)]
        candidates.append(("colour", "colour " + " ".join(colour)))
        last = colour[-1][:-1]
        if jokers and m.colour_wilds:
            candidates.append(("colour", "colour " + " ".join([*colour[:-1], f"JK={last}S"])))
        candidates.append(("colour", "colour " + " ".join([*colour[:-1], f"{last}H"])))
    examples = []
    seen = set()
    for kind, text in candidates:
        if text in seen:
            continue
        seen.add(text)
        meld = parse_meld(kind, text)
        if any(face % 13 >= m.ranks for face in meld.stands_for if face != JOKER_FACE):
            continue  # a card this (numbered) pack does not hold
        if not _in_pack(meld.cards, rules):
            continue  # two 7♥ from a single deck: a meld no one can hold
        reason = check_meld(meld, m, wild)
        shown = rules.names.show(text)
        examples.append(MeldExample(kind, shown, reason is None, _(reason) if reason else ""))
    return examples


#: The meld check's reasons an example can show, for the catalogs (the engine
#: speaks English; the rulebook prints them in its language).
_EXAMPLE_REASONS = (
    N_("the cards of a run are all of one suit"),
    N_("the cards of a run are in sequence"),
    N_("the ace is low only (A-2-3), so a run cannot go past the king"),
    N_("a run of numbers goes up from 1 and never turns the corner"),
    N_("the ace is high only (Q-K-A), so a run cannot start at the ace"),
    N_("a run cannot turn the corner (K-A-2)"),
    N_("a set may not repeat a suit"),
    N_("a set of three needs three suits, and a set of four or more all four"),
    N_("a set shows exactly three suits"),
    N_("a meld needs at least one natural card"),
    N_("a meld needs at least 2 natural cards"),
    N_("a meld may not hold more wild cards than natural ones"),
    N_("a meld must hold fewer wild cards than natural ones"),
    N_("a meld of 3 may hold at most 1 wild card"),
    N_("a meld of 4 may hold at most 1 wild card"),
    N_("a meld of 5 may hold at most 1 wild card"),
    N_("a meld of 3 may hold at most 2 wild cards"),
    N_("wild cards may not be used in sets"),
    N_("wild cards may not be used in runs"),
    N_("two wild cards may not sit next to each other"),
    N_("a set has at most 4 cards"),
    N_("the cards of a colour meld are all of one suit"),
    N_("wild cards may not be used in colour melds"),
)


def _run_candidates(m: MeldRules, jokers: bool) -> list[tuple[str, str]]:
    """Runs to judge as examples: plain, with a joker, ace low and high, turning
    the corner, and of mixed suits."""
    candidates: list[tuple[str, str]] = []
    run_len = max(m.run_min, 3)
    run = [f"{r}H" for r in ("5", "6", "7", "8", "9", "10", "J", "Q", "K")[:run_len]]
    candidates.append(("run", " ".join(run)))
    if jokers and m.run_wilds:
        with_joker = list(run)
        with_joker[1] = f"JK={run[1]}"
        candidates.append(("run", " ".join(with_joker)))
    if m.ace in ("low", "low_or_high", "wrap"):
        low = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"][:run_len]
        candidates.append(("run", " ".join(low)))
    high_ranks = ["A", "K", "Q", "J", "10", "9", "8"][:run_len]
    candidates.append(("run", " ".join(f"{r}D" for r in reversed(high_ranks))))
    wrap = ["QC", "KC", "AC", "2C", "3C", "4C", "5C"][: max(run_len, 3)]
    candidates.append(("run", " ".join(wrap)))
    candidates.append(
        ("run", " ".join(["5H", "6S", *[f"{r}H" for r in ("7", "8", "9")][: run_len - 2]]))
    )
    return candidates


def contract_examples(spec: VariantSpec) -> list[dict[str, str]]:
    """For each deal with a contract, a hand the engine confirms meets it."""
    rules = compile_rules(spec, _example_players(spec))
    out = []
    for deal in rules.deals:
        if not deal.parts:
            continue
        # Where the first player down must go out, the example goes out too.
        whole = deal.all_out or deal.first_down_must_go_out
        hand_text = _planted_hand(deal.parts, whole, deal.cards, rules.melds)
        hand = parse_cards(hand_text)
        found = find_contract(hand, deal.parts, rules.melds, deal.wild_faces, all_out=whole)
        if found is None or not _in_pack(hand, rules):
            continue
        out.append(
            {
                "deal": str(deal.number),
                "contract": contract_text(deal.parts, all_out=deal.all_out),
                "melds": rules.names.show(" / ".join(str(m) for m in found.melds)),
                "left": rules.names.texts(found.left),
            }
        )
    return out


def _planted_hand(parts: tuple[Any, ...], all_out: bool, cards: int, melds: MeldRules) -> str:
    suits = "HSDC"
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][: melds.ranks - 2]
    tops = list(reversed(RANKS[: melds.ranks]))[:4]  # K, Q, J, 10 (a numbered pack's highest)
    hand: list[str] = []
    set_rank = 0
    run_suit = 0
    extra = cards + 1 - sum(p.size for p in parts) if all_out else 0
    for index, part in enumerate(parts):
        size = part.size + (extra if all_out and index == len(parts) - 1 else 0)
        kind = part.kind if part.kind in ("set", "colour") else "run"
        if kind == "colour":  # every other rank of one suit, then the ranks between
            suit = suits[run_suit % 4]
            run_suit += 1
            spread = ranks[::2] + ranks[1::2]
            hand += [f"{spread[i % len(spread)]}{suit}" for i in range(size)]
        elif kind == "set" and size < melds.set_min and melds.pair_ranks:
            rank = RANKS[min(melds.pair_ranks)]  # a pair of the rank whose pairs are sets
            hand += [f"{rank}{suits[i % 4]}" for i in range(size)]
        elif kind == "set":
            rank = tops[set_rank % 4]
            set_rank += 1
            hand += [f"{rank}{suits[i % 4]}" for i in range(size)]
        else:
            suit = suits[run_suit % 4]
            run_suit += 1
            hand += [f"{ranks[i % len(ranks)]}{suit}" for i in range(size)]
    return " ".join(hand)


def _topics(spec: VariantSpec) -> list[dict[str, Any]]:
    return [
        {"key": t.key, "title": _(t.title), "sentences": list(t.sentences(spec))}
        for t in TOPICS
        if list(t.sentences(spec))
    ]


def localized_words(spec: VariantSpec, lang: str) -> tuple[str, str, list[str], list[str]]:
    """The variant's name, description and notes in ``lang``, and which of them
    (and of a numbered pack's colours) the file does not translate (printed in
    English instead)."""
    if lang == "en":
        return spec.name, spec.description, list(spec.notes), []
    words = spec.translations.get(lang)  # type: ignore[call-overload]
    missing = []
    name = words.name if words is not None and words.name else None
    if name is None:
        missing.append("name")
    description = words.description if words is not None and words.description else None
    if description is None and spec.description:
        missing.append("description")
    notes = words.notes if words is not None and words.notes is not None else None
    if notes is not None and len(notes) != len(spec.notes):
        notes = None
    if notes is None and spec.notes:
        missing.append("notes")
    if spec.deck.numbered is not None and (words is None or words.colours is None):
        missing.append("colours")
    return (
        name or spec.name,
        description if description is not None else spec.description,
        list(notes) if notes is not None else list(spec.notes),
        missing,
    )


def _context(spec: VariantSpec, paper: str, lang: str = "en") -> dict[str, Any]:
    topics = _topics(spec)
    by_key = {t["key"]: t for t in topics}
    name, description, notes, _missing = localized_words(spec, lang)
    return {
        "spec": spec,
        "lang": lang,
        "name": name,
        "description": description,
        "topics": topics,
        "topic": by_key,
        "packs": pack_rows(spec),
        "deals": deal_rows(spec),
        "values": value_rows(spec),
        "has_contracts": any(d.contract for d in spec.deals),
        "meld_examples": meld_examples(spec),
        "contract_examples": contract_examples(spec),
        "sources": spec.sources,
        "notes": notes,
        "paper": paper,
        "forget": _forgotten_rules(spec),
        # A numbered pack's wild cards are wild cards, not jokers.
        "joker_word": _("Wild card") if spec.deck.numbered is not None else _("Joker"),
        "numbered": spec.deck.numbered is not None,
        "jokers_header": _("wild cards") if spec.deck.numbered is not None else _("jokers"),
    }


def _forgotten_rules(spec: VariantSpec) -> list[str]:
    """The three rules people forget, for the table card."""
    picks: list[str] = []
    for key in ("buying", "melding", "going_out", "exchange", "runs", "wilds"):
        topic = next(t for t in TOPICS if t.key == key)
        sentences = list(topic.sentences(spec))
        if sentences:
            picks.append(
                sentences[0]
                if key != "melding"
                else sentences[-2]
                if len(sentences) > 1
                else sentences[0]
            )
        if len(picks) == 3:
            break
    return picks


def text_grid(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table of plain text with ruled borders, each column as wide as its widest cell."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"

    def line(cells: Sequence[str]) -> str:
        return "|" + "|".join(f" {c!s:<{w}} " for c, w in zip(cells, widths, strict=True)) + "|"

    return "\n".join([rule, line(headers), rule, *(line(r) for r in rows), rule])


def render_rulebook(
    spec: VariantSpec,
    fmt: str = "md",
    *,
    paper: str = "a4",
    lang: str = "en",
    notes: bool = False,
    base: VariantSpec | None = None,
) -> str:
    """The rulebook of ``spec`` as Markdown, HTML or plain text, or its one-page table
    card as HTML (``card``) or plain text (``card_txt``), in the language ``lang``
    (a key of :data:`~rummy_rules.render.i18n.LANGUAGES`). The file's notes (where
    each value comes from, the choices made) are printed after the sources only
    with ``notes``: they are the designer's, not the players'. A table card of a
    house file given its ``base`` lists the house's rules that differ from it
    (its deals are in the card's table)."""
    if fmt not in ("md", "html", "txt", "card", "card_txt"):
        raise ValueError(f"unknown format {fmt!r}")
    with language(lang, pack_of(spec)):
        return _render_rulebook(spec, fmt, paper, lang, notes, base)


def _render_rulebook(
    spec: VariantSpec, fmt: str, paper: str, lang: str, notes: bool, base: VariantSpec | None
) -> str:
    template = {
        "md": "rulebook.md.j2",
        "html": "rulebook.html.j2",
        "txt": "rulebook.txt.j2",
        "card": "card.html.j2",
        "card_txt": "card.txt.j2",
    }[fmt]
    context = _context(spec, paper, lang)
    if not notes:
        context["notes"] = []
    context["sources_heading"] = _("Sources and notes") if context["notes"] else _("Sources")
    context["house"] = []
    if base is not None and fmt.startswith("card"):
        deals = _("Deals")
        changed = diff_topics(base, spec)
        context["house"] = [line for title, _a, b in changed if title != deals for line in b]
    if fmt == "card_txt":
        headers = [_("deal"), _("cards"), *([_("contract")] if context["has_contracts"] else [])]
        rows = [
            [
                str(row["number"]),
                str(row["cards"]),
                *(
                    [row["contract"] + (f" ({row['special']})" if row["special"] else "")]
                    if context["has_contracts"]
                    else []
                ),
            ]
            for row in context["deals"]
        ]
        values = context["values"]
        context["deal_grid"] = text_grid(headers, rows)
        context["value_grid"] = text_grid(
            [str(rank) for rank, _ in values], [[str(points) for _, points in values]]
        )
    return template_environment().get_template(template).render(**context)


def render_house_sheet(
    spec: VariantSpec, base: VariantSpec, fmt: str = "md", *, paper: str = "a4", lang: str = "en"
) -> str:
    """The rules of ``spec`` that differ from ``base``, in plain words, in ``lang``."""
    template = {"html": "house.html.j2", "pdf": "house.html.j2", "txt": "house.txt.j2"}.get(
        fmt, "house.md.j2"
    )
    with language(lang, pack_of(spec)):
        changes = diff_topics(base, spec)
        name = localized_words(spec, lang)[0]
        base_name = localized_words(base, lang)[0]
        return (
            template_environment()
            .get_template(template)
            .render(
                spec=spec,
                base={"name": base_name},
                changes=changes,
                paper=paper,
                name=name,
                lang=lang,
            )
        )


def render_diff(
    a: VariantSpec, b: VariantSpec, *, lang: str = "en"
) -> list[tuple[str, list[str], list[str]]]:
    """The differences between two variants (see :func:`describe.diff_topics`), in ``lang``."""
    with language(lang, pack_of(b)):
        return diff_topics(a, b)


def render_score_sheet(
    spec: VariantSpec,
    fmt: str = "html",
    *,
    players: int | None = None,
    paper: str = "a4",
    lang: str = "en",
) -> str:
    """A one-page score sheet: a row per deal, a column per player or team, and
    totals, in ``lang``."""
    with language(lang, pack_of(spec)):
        return _render_score_sheet(spec, fmt, players, paper, lang)


def _render_score_sheet(
    spec: VariantSpec, fmt: str, players: int | None, paper: str, lang: str
) -> str:
    count = players or spec.players.best or spec.players.min
    if spec.partnerships.teams == "fixed_pairs" and spec.partnerships.scoring == "team":
        columns = [_("Team {n}").format(n=i + 1) for i in range(count // 2)]
    else:
        columns = [_("Player {n}").format(n=i + 1) for i in range(count)]
    rows = deal_rows(spec)
    each = spec.contract.progression == "each_player"
    legend = []
    if each:
        # Each player on their own contract: a column for the contract each
        # plays and one for the points, and the contracts listed by number.
        legend = [
            (
                _("{number}: {contract} ({cards} cards; {special})")
                if r["special"]
                else _("{number}: {contract} ({cards} cards)")
            ).format(**r)
            for r in rows
        ]
        columns = [
            _("{column} {part}").format(column=c, part=part)
            for c in columns
            for part in (_("contract"), _("points"))
        ]
    if spec.game_end.games_at_once > 1:
        # Games scored at once (Hollywood): a column per player in each game.
        columns = [
            _("game {number}: {column}").format(number=n + 1, column=c)
            for n in range(spec.game_end.games_at_once)
            for c in columns
        ]
    if spec.game_end.kind != "fixed_deals" or each:
        rows = [
            {
                "number": str(i + 1),
                "contract": "" if each or rows[-1]["contract"] == "—" else rows[-1]["contract"],
                "cards": rows[-1]["cards"],
                "label": "",
                "special": "",
            }
            for i in range(12)
        ]
    template = {
        "html": "scoresheet.html.j2",
        "pdf": "scoresheet.html.j2",
        "txt": "scoresheet.txt.j2",
    }.get(fmt, "scoresheet.md.j2")
    blank = " " * 8
    # A contract column only where some deal has a contract to write in it.
    show_contract = not each and any(d.contract for d in spec.deals)
    lead = [_("deal"), _("contract")] if show_contract else [_("deal")]
    grid = text_grid(
        [*lead, *columns],
        [[str(r["number"]), *([str(r["contract"])] if show_contract else []),
          *[blank] * len(columns)] for r in rows]
        + [[_("total"), *([""] if show_contract else []), *[blank] * len(columns)]],
    )  # fmt: skip
    return (
        template_environment()
        .get_template(template)
        .render(
            spec=spec,
            name=localized_words(spec, lang)[0],
            columns=columns,
            rows=rows,
            paper=paper,
            grid=grid,
            show_contract=show_contract,
            legend=legend,
            lang=lang,
        )
    )


def to_pdf(html_text: str) -> bytes:
    """HTML to PDF bytes with WeasyPrint (the ``pdf`` extra), fetching nothing from outside."""
    try:
        import weasyprint  # type: ignore[import-untyped]
    except ImportError:
        raise RenderError("PDF output needs WeasyPrint: pip install 'rummy-rules[pdf]'") from None
    import os

    # Fixed dates in the PDF metadata: the same rules give the same bytes.
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    refuse = "rulebooks load nothing from outside the page"
    urls = getattr(weasyprint, "urls", None)
    fetcher: Any
    if urls is not None and hasattr(urls, "URLFetcher"):
        base: Any = urls.URLFetcher

        class _Refuse(base):  # type: ignore[misc]
            def fetch(self, url: str, headers: Any = None) -> Any:
                raise ValueError(f"{refuse}: {url}")

        fetcher = _Refuse()
    else:  # older WeasyPrint takes a function

        def fetcher(url: str, timeout: int = 10, ssl_context: Any = None) -> Any:
            raise ValueError(f"{refuse}: {url}")

    document = weasyprint.HTML(string=html_text, url_fetcher=fetcher, base_url=None)
    # The file identifier names the maker, so a later run knows it may replace the file.
    data: bytes = document.write_pdf(pdf_identifier=b"rummy-rules")
    return data
