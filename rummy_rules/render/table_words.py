"""The table in words, for ``play`` and ``watch``: what a seat sees, what it is
asked in a buy window, how each deal ended and who won, in the language in
force (:func:`~rummy_rules.render.i18n.language`).

The engine and the play session hold the game; every sentence a person reads
about it is made here, through the catalogs, like the rulebook's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CardNames
from ..engine.actions import format_seat_action, parse_action
from ..engine.buying import buy_cost
from ..engine.deadwood import best_layout
from ..engine.game import BUY, FORCE
from ..engine.rules import DealRules
from ..engine.side_sets import opening_minimum_of
from ..engine.state import GameState
from ..engine.view import seat_view
from ..spec.schema import VariantSpec
from .action_words import shown_action
from .i18n import N_, _, current_language, list_separator, ngettext
from .score_parts import score_part_lines
from .words import contract_text

__all__ = [
    "contract_words",
    "deadwood_lines",
    "deal_end_lines",
    "deal_result_lines",
    "deal_results",
    "drawn_line",
    "end_bonus_words",
    "game_over_line",
    "logged_action_text",
    "move_line",
    "moves_so_far",
    "offer_lines",
    "pile_words",
    "resumed_lines",
    "sorted_hand",
    "status_lines",
    "table_lines",
    "variant_name",
]

#: How a knocked hand ended, said of the seat that won it.
_KNOCKED = {
    "gin": N_("{seat} went gin"),
    "knock": N_("{seat} knocked and won the hand"),
    "undercut": N_("{seat} undercut the knocker"),
}
#: The same where the game declares (``going_out.knock.word: declare``): a
#: declaration lays every card in melds, so it always wins.
_DECLARED = N_("{seat} declared and won the hand")


def variant_name(spec: VariantSpec) -> str:
    """The variant's name in the language in force, where the file gives one
    (``translations``), else its own."""
    code = current_language()
    words = None if code == "en" else spec.translations.get(code)  # type: ignore[call-overload]
    return words.name if words is not None and words.name else spec.name


#: How a deal that nobody won ended, by the engine's reason.
_ENDED = {
    "stock": N_("the stock ran out"),
    "blocked": N_("it was blocked: nobody could go out any more"),
    "void": N_("it was void: no score"),
    "turn_cap": N_("it reached the turn limit"),
}


def _seat(seat: int) -> str:
    """A seat as the log names it: ``p2`` (the same in every language, as in records)."""
    return f"p{seat + 1}"


def _marked(seat: int, you: int | None, label: str) -> str:
    """``p2``, or ``p2 (you)`` for the seat ``you``."""
    return f"{_seat(seat)} ({label})" if seat == you else _seat(seat)


def _totals(totals: Sequence[int], *, signed: bool = False) -> str:
    return "  ".join(
        f"{_seat(i)}: {t:+d}" if signed else f"{_seat(i)}: {t}" for i, t in enumerate(totals)
    )


def logged_action_text(state: GameState, entry: dict[str, Any]) -> str:
    """An action entry of ``state``'s log as the log shows it ("p2 discard 5C"),
    in the pack's own notation, its words in the language in force."""
    action = parse_action(entry["action"])
    return shown_action(state.rules.names.show(format_seat_action(entry["seat"], action)))


def move_line(text: str, bought: str | None = None) -> str:
    """A move as the log shows it (``p3 buy (JS)``): its words in the language
    in force, and for a buy the card bought, which everyone at the table sees."""
    shown = shown_action(text)
    return f"{shown} ({bought})" if bought else shown


def moves_so_far(state: GameState, most: int = 30) -> list[str]:
    """The last ``most`` moves of the deal in play, as the log showed them."""
    lines: list[str] = []
    for entry in reversed(state.log):
        if "deal" in entry or len(lines) == most:
            break
        if "action" in entry:
            lines.append(logged_action_text(state, entry))
    return lines[::-1]


def resumed_lines(state: GameState) -> list[str]:
    """For a game going on from its record, where it stands: the deal, and its
    moves so far (the last 30) as the log showed them; nothing hidden is named."""
    moves = moves_so_far(state)
    if not moves:
        return []
    if state.is_terminal():  # over when saved: its last deal, not a next one
        head = _("This game was already over; the moves of its last deal, deal {number}:")
        return [head.format(number=len(state.results)), *moves]
    head = _("Going on with deal {number}; its moves so far:").format(number=state.deal_index + 1)
    return [head, *moves]


def deal_result_lines(state: GameState, since: int) -> list[str]:
    """How each deal of ``state`` from number ``since`` (from 0) on ended, in words."""
    lines = []
    for number, result in enumerate(state.results[since:], since + 1):
        won = result.went_out
        if result.reason in _KNOCKED and won is not None:
            said = _DECLARED if state.rules.play.declares else _KNOCKED[result.reason]
            who = _(said).format(seat=_seat(won))
        elif result.reason == "knock":
            who = _("a knock with equal deadwood: no score")
        elif result.reason == "dealt" and won is not None:
            who = _("{seat} won on the deal").format(seat=_seat(won))
        elif result.reason == "called":
            who = _("{seat} called the hand").format(seat=_caller(state, number))
        elif result.reason == "dropped" and won is not None and won >= 0:
            who = _("{seat} won: every other player dropped out").format(seat=_seat(won))
        elif won is not None and won >= 0:
            who = _("{seat} went out").format(seat=_seat(won))
        elif result.reason in _ENDED:
            who = _(_ENDED[result.reason])
        else:
            who = _("it ended: {reason}").format(reason=result.reason)
        lines.append(
            _("Deal {number} is over: {who}. Scores {scores}.").format(
                number=number, who=who, scores=_totals(result.scores, signed=True)
            )
        )
        lines += _hands_left(state, result.left, result.scores)
        lines += score_part_lines(state, result)
    return lines


def _caller(state: GameState, number: int) -> str:
    """Who called the hand that ended deal ``number`` (from 1): the seat of the
    last action before the deal's end line."""
    seat = -1
    for entry in state.log:
        if "action" in entry:
            seat = int(entry["seat"])
        elif entry.get("deal_end") == number:
            break
    return _seat(seat)


def _hands_left(
    state: GameState, left: Sequence[Sequence[int]], scores: Sequence[int]
) -> list[str]:
    """Each hand as the deal ended, as the players show it to score it:
    ``  p1: 3C 7C KS (+25)``."""
    names = state.rules.names
    lines = []
    for seat, faces in enumerate(left):
        cards = names.texts(sorted_hand(faces)) if faces else _("no cards left")
        score = scores[seat] if seat < len(scores) else 0
        lines.append(f"  {_seat(seat)}: {cards} ({score:+d})")
    return lines


def deal_results(state: GameState, since: int) -> list[str]:
    """:func:`deal_result_lines`, and while the game goes on the totals and what
    the next deal asks for."""
    lines = deal_result_lines(state, since)
    if lines and not state.is_terminal():
        lines.append(_next_deal(state))
    return lines


def _next_deal(state: GameState) -> str:
    """The totals, and what the next deal asks for."""
    own = state.rules.play.each_player
    ask = _("each player on their own contract") if own else contract_words(state)
    number = state.deal_index + 1
    if ask == _("no contract"):
        then = _("Next, deal {number}.").format(number=number)
    else:
        then = _("Next, deal {number}: {contract}.").format(number=number, contract=ask)
    return _("Totals: {totals}.").format(totals=_totals(state.totals)) + " " + then


def deal_end_lines(state: GameState, index: int) -> list[str]:
    """The end of deal ``index`` (from 0) as its own position: how it ended,
    each hand with its score, the table as the deal ended, then the totals and
    the next deal (or the game's end). ``state`` is the game just after it."""
    result = state.results[index]
    shown = 1 + len(result.left) + len(score_part_lines(state, result))
    lines = deal_result_lines(state, index)[:shown]
    if result.table:
        lines.append(_("The table as deal {number} ended:").format(number=index + 1))
        names = state.rules.names
        for i, meld in enumerate(result.table, 1):
            lines.append(_meld_line(
                i, meld.owner, meld.kind, meld.faces, meld.stands_for, names, *_canastas(state)
            ))  # fmt: skip
    lines += _game_lines(state, result.columns)
    if state.is_terminal():
        lines.append(game_over_line(state))
    elif index == len(state.results) - 1:
        lines.append(_next_deal(state))
    return lines


def _foot_words(rules: DealRules) -> str:
    """How a seat's line names the foot still down: a player's or a team's,
    a foot or (Buraco) a morto."""
    if rules.foot_morto:
        return _("and the team's morto of {n}") if rules.foot_per_team else _("and a morto of {n}")
    return _("and the team's foot of {n}") if rules.foot_per_team else _("and a foot of {n}")


def _game_lines(state: GameState, columns: Sequence[Sequence[int]]) -> list[str]:
    """Games scored at once (Hollywood): each game's totals, and whether it has ended."""
    target = state.rules.play.target_score or 0
    return [
        (
            _("Game {number}: {totals}.")
            if max(totals) < target
            else _("Game {number}, ended: {totals}.")
        ).format(number=number, totals=_totals(totals))
        for number, totals in enumerate(columns, 1)
    ]


def _meld_line(
    number: int,
    owner: int,
    kind: str,
    faces: Sequence[int],
    stands_for: Sequence[int],
    names: CardNames,
    canasta: int = 0,
    samba: bool = False,
) -> str:
    """One meld of the table: ``  2. p3 run: 4C JK=5C 6C`` (a wild card with
    what it stands for; a card standing for itself plain), and, where melds
    of ``canasta`` cards or more are canastas, what kind this one is."""
    kinds = {"set": _("set"), "run": _("run"), "colour": _("colour")}
    cards = " ".join(
        names.text(c) if c == s else f"{names.text(c)}={names.text(s)}"
        for c, s in zip(faces, stands_for, strict=True)
    )
    line = f"  {number}. {_seat(owner)} {kinds.get(kind, kind)}: {cards}"
    if canasta and len(faces) >= canasta:
        # A wild card standing for itself is natural there (as the engine scores it).
        if samba and kind == "run":
            mark = _("samba")
        elif any(c != s for c, s in zip(faces, stands_for, strict=True)):
            mark = _("mixed canasta")
        else:
            mark = _("natural canasta")
        line += f" — {mark}"
    return line


def _canastas(state: GameState) -> tuple[int, bool]:
    """The cards that make a canasta (0: no canastas), and whether a run of
    them is a samba (scored apart: ``scoring.bonuses`` ``run_canasta``)."""
    play = state.rules.play
    return play.canasta_size, any(name == "run_canasta" for name, _, _ in play.bonuses)


def game_over_line(state: GameState, you: int | None = None, label: str | None = None) -> str:
    """The final totals and the winners (``you``, if given, marked with ``label``)."""
    mark = _("you") if label is None else label
    winners = ", ".join(_marked(w, you, mark) for w in state.winners())
    line = _("The game is over. Totals: {totals}. Best: {winners}.").format(
        totals=_totals(state.totals), winners=winners
    )
    bonuses = end_bonus_words(state)
    return f"{line} {bonuses}" if bonuses else line


def end_bonus_words(state: GameState) -> str:
    """The end-of-game bonuses in the totals, seat by seat, with what each is
    made of (``game_end.game_bonus``, ``hand_bonus`` per box, ``shutout_factor``),
    so that the jump from the last deal's totals can be checked; empty where
    the game had none."""
    end = next((e for e in reversed(state.log) if "game_end" in e), None)
    if end is None or not any(end.get("bonuses") or ()):
        return ""
    play = state.rules.play
    added: list[int] = end["bonuses"]
    before = [t - b for t, b in zip(state.totals, added, strict=True)]
    boxes = [0] * state.seats
    for result in state.results:
        if result.went_out is not None:
            reason = result.reason
            won = play.gin_boxes if reason == "gin" else 1
            boxes[result.went_out] += play.undercut_boxes if reason == "undercut" else won
    seats = [s for s in range(state.seats) if state.game.active[s]]
    best = max(before[s] for s in seats)
    parts = []
    for seat, total in enumerate(added):
        if not total:
            continue
        hand = play.hand_bonus * boxes[seat] if seat in seats else 0
        game = play.game_bonus if seat in seats and before[seat] == best else 0
        words = []
        if total - hand - game:
            words.append(_("shutout ×{n}: {points}").format(
                n=play.shutout_factor, points=total - hand - game
            ))  # fmt: skip
        if game:
            words.append(_("game bonus {points}").format(points=game))
        if hand:
            words.append(ngettext(
                "{n} box × {points}", "{n} boxes × {points}", boxes[seat]
            ).format(n=boxes[seat], points=play.hand_bonus))  # fmt: skip
        parts.append(f"{_seat(seat)}: {total} ({', '.join(words)})")
    return _("End-of-game bonuses, in those totals: {bonuses}.").format(
        bonuses=list_separator().join(parts)
    )


def offer_lines(state: GameState, seat: int) -> list[str]:
    """What ``seat`` is asked in an open buy window, in words: the card, and
    what buying it costs; or the face-up card it decides on (a card turned up,
    a card it may force); empty when nothing is asked of that seat."""
    d = state.game.deal
    if state.to_move == seat and d.discard and (d.phase == FORCE or d.duties.turned is not None):
        return [_face_up_line(state)]
    if d.phase != BUY or state.to_move != seat or d.buy_card is None:
        return []
    card = state.rules.names.text(state.game.faces[d.buy_card])
    play = state.rules.play
    if d.buyer_discarding:
        return [
            _("You bought {card}: discard one of the cards you held before the buy.").format(
                card=card
            )
        ]
    if d.buy_claim is not None:
        who = _seat(d.buy_claim)
        if play.buy_current_player == "veto":
            return [_("{seat} asks to buy {card}: allow the buy, or veto it.").format(
                seat=who, card=card
            )]  # fmt: skip
        return [
            _(
                "{seat} asks to buy {card}: give them the card you drew as their first "
                "penalty card (you draw again), or keep it (they take their penalty cards "
                "from the stock)."
            ).format(seat=who, card=card)
        ]
    cost = buy_cost(state.game, seat)
    if cost:
        price = ngettext("{n} penalty card", "{n} penalty cards", cost).format(n=cost)
    else:
        price = _("no penalty card")
    if play.buy_points:
        price = _("{price}, and {points} points on your score").format(
            price=price, points=play.buy_points
        )
    if d.discarder is None:
        offer = _("May I? The discard {card} is offered to you: buy takes it with {price}; "
                  "pass leaves it.")  # fmt: skip
    else:
        offer = _("May I? {seat}'s discard {card} is offered to you: buy takes it with "
                  "{price}; pass leaves it.")  # fmt: skip
    return [offer.format(seat=_seat(d.discarder or 0), card=card, price=price)]


def _face_up_line(state: GameState) -> str:
    """The face-up card a player decides on: one they turned up (``draw.mode:
    turn_up``), or one they left that the next player could lay off (``draw.force``)."""
    d = state.game.deal
    card = state.rules.names.text(state.game.faces[d.discard[-1]])
    if d.phase == FORCE:
        return _(
            "{seat} could lay off {card}: force takes it into their hand, to be melded at "
            "once; pass leaves it to them."
        ).format(seat=_seat(state.game.next_seat(d.current)), card=card)
    return _("You turned up {card}: take it (if you can meld it at once), or pass.").format(
        card=card
    )


def contract_words(state: GameState, seat: int | None = None) -> str:
    """The current deal's contract in words (``seat``'s own, where each player has
    one); in a knock game, the deal's knock limit."""
    limit = state.game.deal.knock_limit
    if state.rules.play.knocks:  # a knock game: no contract, a knock limit
        if state.rules.play.declares:  # the game's own word (its limit is 0)
            return _("declare with every card but the discard in melds")
        if state.rules.play.knock_any:
            return _("knock with any deadwood")
        if limit == 0:
            return _("knock with gin only")
        return _("knock with {limit} or less deadwood").format(limit=limit)
    rules = state.deal_rules if seat is None else state.deal_rules_of(seat)
    if not rules.parts:
        g = state.game
        who = g.deal.current if seat is None else seat
        if state.rules.play.opening == "min_points" and not g.is_open(who):
            return _("first melds worth {points} or more").format(points=opening_minimum_of(g, who))
        return _("no contract")
    return contract_text(rules.parts, all_out=rules.all_out)


def sorted_hand(faces: Sequence[int], *, by_rank: bool = False) -> list[int]:
    """A hand sorted by suit then rank (or by rank then suit), jokers last."""
    if by_rank:
        return sorted(faces, key=lambda f: (f % 13 if f < 52 else 13, f // 13))
    return sorted(faces, key=lambda f: (f // 13 if f < 52 else 4, f % 13))


def _hand_text(faces: Sequence[int], names: CardNames, *, by_rank: bool = False) -> str:
    return names.texts(sorted_hand(faces, by_rank=by_rank))


def _buys_words(state: GameState) -> list[str]:
    """Each seat's buys in this deal (and how many are left), as ``, 1 buy (1 left)``;
    empty where the variant has no buying."""
    play = state.rules.play
    if not play.buying:
        return [""] * state.seats
    g = state.game
    out = []
    for seat in range(state.seats):
        deal_limit = state.deal_rules_of(seat).buy_limit
        if deal_limit is None:
            deal_limit = play.buy_limit_deal
        used = g.deal.buys[seat]
        left = [] if deal_limit is None else [max(0, deal_limit - used)]
        if play.buy_limit_game is not None:
            left.append(max(0, play.buy_limit_game - g.buys_game[seat]))
        text = ", " + ngettext("{n} buy", "{n} buys", used).format(n=used)
        if left:
            text += " " + _("({n} left)").format(n=min(left))
        out.append(text)
    return out


def _seat_line(state: GameState, you: int, label: str) -> str:
    """Every seat's cards, state of play, points and buys, on one line."""
    v = seat_view(state, you if you >= 0 else 0)
    deal = state.game.deal
    own = state.rules.play.each_player
    buys = _buys_words(state)
    parts = []
    for i, n in enumerate(v.hand_sizes):
        text = _marked(i, you, label) + ": " + ngettext("{n} card", "{n} cards", n).format(n=n)
        if v.foot_sizes and v.foot_sizes[i]:
            text += " " + _foot_words(deal.rules).format(n=v.foot_sizes[i])
        if i == deal.knocker:
            text += ", " + (_("declared") if state.rules.play.declares else _("knocked"))
        elif v.down[i]:
            text += ", " + _("down")
        if v.dropped and v.dropped[i] >= 0:
            text += ", " + _("dropped ({cost})").format(cost=v.dropped[i])
        # Games scored at once have a line of their own; sides, their own score.
        if not state.game.columns and not state.rules.play.teams:
            text += ", " + ngettext("{n} point", "{n} points", v.totals[i]).format(n=v.totals[i])
        text += buys[i]
        if own:
            number = state.deal_rules_of(i).number
            text += ", " + _("contract {number}").format(number=number)
        parts.append(text)
    return "  ".join(parts)


def _cut_wild_line(state: GameState) -> str:
    """With ``deck.cut_wild``: the rank the card turned up after the deal made wild
    (it lies face up at the bottom of the stock), so that a player need not
    remember it; empty otherwise."""
    if not state.rules.play.cut_wild:
        return ""
    g = state.game
    ranks = sorted({f % 13 for f in g.deal.table_rules.wild_faces if f < 52})
    if not ranks:
        return ""
    shown = ", ".join(state.rules.names.rank_name(r) for r in ranks)
    return _("Wild this deal: every {ranks}, and the jokers.").format(ranks=shown)


def table_lines(
    state: GameState, seat: int | None, *, label: str | None = None, by_rank: bool = False
) -> list[str]:
    """The table as seat ``seat`` (from 0) sees it, in lines of text: only that
    seat's hand, its place marked with ``label`` (default: "you", and the hand is
    "Your hand"); with ``seat`` None, every hand (to watch a record)."""
    v = seat_view(state, seat if seat is not None else 0)
    you = seat if seat is not None else -1
    mark = _("you") if label is None else label
    names = state.rules.names
    own = state.rules.play.each_player
    contract = _("each player on their own contract") if own else contract_words(state)
    # A game without contracts says only the deal's number, never "no contract".
    plain = contract == _("no contract")
    if state.is_terminal():  # the last deal's table, as it ended
        head = (
            _("Deal {number}. Dealer {dealer}.")
            if plain
            else _("Deal {number}: {contract}. Dealer {dealer}.")
        )
        lines = [head.format(number=len(state.results), contract=contract, dealer=_seat(v.dealer))]
    else:
        head = (
            _("Deal {number}. Dealer {dealer}; {seat} to play.")
            if plain
            else _("Deal {number}: {contract}. Dealer {dealer}; {seat} to play.")
        )
        lines = [head.format(
            number=v.deal, contract=contract, dealer=_seat(v.dealer), seat=_seat(v.current)
        )]  # fmt: skip
    wild = _cut_wild_line(state)
    if wild:
        lines.append(wild)
    if own and you >= 0:
        lines.append(_("Your contract ({number} of {count}): {contract}.").format(
            number=state.deal_rules_of(you).number,
            count=len(state.rules.deals),
            contract=contract_words(state, you),
        ))  # fmt: skip
    lines.append(_seat_line(state, you, mark))
    lines += _game_lines(state, [c.totals for c in state.game.columns])
    if state.rules.play.teams:
        sides: dict[int, list[str]] = {}
        points: dict[int, int] = {}
        for i, team in enumerate(state.team):
            sides.setdefault(team, []).append(_marked(i, you, mark))
            points[team] = v.totals[i]  # a side's score, the same for each partner
        joined = [
            _(" and ").join(seats)
            + " ("
            + ngettext("{n} point", "{n} points", points[team]).format(n=points[team])
            + ")"
            for team, seats in sides.items()
        ]
        lines.append(_("Sides: {sides}.").format(sides=_(" against ").join(joined)))
    laid = [f"{_seat(i)} {names.texts(cards)}" for i, cards in enumerate(v.aside) if cards]
    if laid:
        lines.append(_("Bonus cards laid aside: {laid}.").format(laid=list_separator().join(laid)))
    stock = ngettext("Stock: {n} card.", "Stock: {n} cards.", v.stock_size).format(n=v.stock_size)
    if state.rules.play.discard_pile == "whole_pile" and v.discard_pile:
        pile = pile_words(state, seat if label is None else None, v.discard_pile)
    elif state.rules.play.discard_pile == "any_depth" and len(v.discard_pile) > 1:
        # Where players may dig, the whole spread is in view (the top card last).
        pile = _("Discard pile, bottom to top: {cards}.").format(cards=names.texts(v.discard_pile))
    else:
        top = names.text(v.discard_pile[-1]) if v.discard_pile else _("empty")
        pile = _("Discard pile: {card}.").format(card=top)
    # No discard pile at all (discard.allowed: false): the stock alone.
    lines.append(f"{stock} {pile}" if state.rules.play.discards else stock)
    if v.melds:
        lines.append(_("Table:"))
        for i, meld in enumerate(v.melds, 1):
            lines.append(_meld_line(
                i, meld.owner, meld.kind, meld.cards, meld.stands_for, names, *_canastas(state)
            ))  # fmt: skip
    if seat is None:
        for i in range(state.seats):
            hand = _hand_text(state.hand(i), names)
            lines.append(_("{seat}'s hand: {cards}").format(seat=_seat(i), cards=hand))
    elif label is None:
        hand = _hand_text(v.hand, names, by_rank=by_rank)
        lines.append(_("Your hand: {cards}").format(cards=hand))
        lines += deadwood_lines(state, seat, v.hand)
    else:
        lines.append(
            _("{seat}'s hand: {cards}").format(seat=_seat(seat), cards=_hand_text(v.hand, names))
        )
    return lines


def pile_words(state: GameState, seat: int | None, pile: Sequence[int]) -> str:
    """Where a player takes the whole discard pile (the canasta family): its top
    card and size, and what holds it: frozen (a wild or bonus card in it, or,
    for the person at ``seat``, their side not yet down, where a frozen pile
    asks for a natural pair) or stopped (a stop card on top). ``seat`` None:
    watching, every hand in view."""
    play = state.rules.play
    top = pile[-1]
    names = state.rules.names
    if len(pile) == 1:
        text = _("Discard pile: {card} (1 card).").format(card=names.text(top))
    else:  # the whole pile is in view, the top card last
        text = ngettext(
            "Discard pile, bottom to top: {cards} ({n} card).",
            "Discard pile, bottom to top: {cards} ({n} cards).",
            len(pile),
        ).format(cards=names.texts(pile), n=len(pile))
    if top in play.stop_faces:
        text += " " + _("{card} on top: nobody may take the pile this turn.").format(
            card=state.rules.names.text(top)
        )
    elif play.natural_pair in ("when_frozen", "or_lay_off"):
        freezing = state.deal_rules.wild_faces | play.bonus_faces
        if any(face in freezing for face in pile):
            text += " " + _("The pile is frozen.")
        elif seat is not None and not state.game.is_open(seat):
            text += " " + _("The pile is frozen for your side until it goes down.")
    return text


def deadwood_lines(state: GameState, seat: int, hand: Sequence[int]) -> list[str]:
    """In a game that knocks on its deadwood, the count the player at ``seat``
    plays to: the least deadwood of ``hand`` with its best melds, or, holding a
    card more than the deal gives (a discard to make), the least after the
    best discard. Nothing in other games (a declaring game has no deadwood
    limit to count towards)."""
    rules = state.deal_rules_of(seat)
    melds = rules.knock_melds
    if melds is None or state.rules.play.declares or not hand:
        return []
    values, wilds = rules.knock_values, rules.wild_faces
    if len(hand) > rules.cards:
        least = min(
            best_layout([f for j, f in enumerate(hand) if j != i], melds, values, wilds).value
            for i in range(len(hand))
        )
        return [_("Deadwood after your best discard: {n}.").format(n=least)]
    least = best_layout(list(hand), melds, values, wilds).value
    return [_("Your deadwood: {n}.").format(n=least)]


def drawn_line(state: GameState, faces: Sequence[int], *, bought: bool = False) -> str:
    """The cards the person has just taken unseen from the stock (the log shows
    only "draw"): named to them alone."""
    cards = state.rules.names.texts(sorted(faces))
    if bought:
        return _("With the buy you also took {cards} from the stock.").format(cards=cards)
    return _("You drew {cards}.").format(cards=cards)


def status_lines(state: GameState, seat: int, *, by_rank: bool = False) -> list[str]:
    """The table as the person at ``seat`` sees it (:func:`table_lines`), then
    what they are asked in an open buy window (:func:`offer_lines`)."""
    return table_lines(state, seat, by_rank=by_rank) + offer_lines(state, seat)
