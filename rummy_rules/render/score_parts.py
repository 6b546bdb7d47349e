"""A deal's score in parts, in words: what each side scored it for.

The engine keeps each deal's score in parts (:attr:`DealResult.parts
<rummy_rules.engine.game.DealResult.parts>`): the scoring model's count, each
bonus, points scored during the deal. Here they become one line per side
("p1 and p3: melded cards +650, natural canasta ×2 +1000, going out +100,
cards in hand −45 = +1705") so that a deal's score can be checked by hand.
"""

from __future__ import annotations

from ..engine.game import DealResult
from ..engine.state import GameState
from .i18n import _, pgettext

__all__ = ["part_label", "score_part_lines"]


def _labels() -> dict[str, str]:
    """Each part's name (``DealResult.parts``) in the language in force: the
    bonus events of ``scoring.bonuses`` and the parts of the scoring model
    (as parts of a score: "going out" is a noun here)."""
    return {
        "cards": pgettext("score part", "cards"),
        "melded": pgettext("score part", "melded cards"),
        "in_hand": pgettext("score part", "cards in hand"),
        "play": pgettext("score part", "during the deal"),
        "factor": pgettext("score part", "multiplied"),
        "went_out": pgettext("score part", "going out"),
        "one_turn_out": pgettext("score part", "going out in one turn"),
        "one_turn_out_no_wilds": pgettext("score part", "going out in one turn without wild cards"),
        "first_turn_out": pgettext("score part", "going out on the first turn"),
        "exact_cut": pgettext("score part", "exact cut"),
        "per_buy": pgettext("score part", "buys"),
        "gin": pgettext("score part", "gin"),
        "big_gin": pgettext("score part", "big gin"),
        "undercut": pgettext("score part", "undercut"),
        "natural_canasta": pgettext("score part", "natural canasta"),
        "mixed_canasta": pgettext("score part", "mixed canasta"),
        "run_canasta": pgettext("score part", "samba"),
        "bonus_card": pgettext("score part", "bonus cards"),
        "all_bonus_cards": pgettext("score part", "all the bonus cards"),
        "foot_left": pgettext("score part", "foot not played"),
        "bonus_card_in_foot": pgettext("score part", "bonus card in the foot"),
    }


#: Parts scored once for each meld or foot: shown with how many times.
_COUNTED = frozenset({"natural_canasta", "mixed_canasta", "run_canasta", "foot_left"})


def part_label(what: str) -> str:
    """A part's name in the language in force (the key itself if unknown)."""
    return _labels().get(what, what)


def score_part_lines(state: GameState, result: DealResult) -> list[str]:
    """One line per side (partners scoring together) or seat: the parts of its
    score in this deal and their sum; nothing where every side's score is one
    part (the count of the cards alone says it all)."""
    play = state.rules.play
    together = play.teams and play.team_scoring
    sides: dict[int, list[int]] = {}
    for seat in range(state.seats):
        sides.setdefault(state.team[seat] if together else seat, []).append(seat)
    rows: list[tuple[list[int], list[tuple[str, int, int]]]] = []
    for seats in sides.values():
        summed: dict[str, list[int]] = {}
        for seat, what, points in result.parts:
            if seat in seats:
                entry = summed.setdefault(what, [0, 0])
                entry[0] += points
                entry[1] += 1
        rows.append((seats, [(what, p, n) for what, (p, n) in summed.items() if p]))
    if all(len(parts) <= 1 for __, parts in rows):
        return []
    lines = [_("How the deal scored:")]
    for seats, parts in rows:
        if not parts:
            continue
        words = []
        for what, points, times in parts:
            label = part_label(what)
            if what in _COUNTED and times > 1:
                label += f" ×{times}"
            words.append(f"{label} {points:+d}")
        who = _(" and ").join(f"p{s + 1}" for s in seats)
        total = sum(part[1] for part in parts)
        lines.append(f"  {who}: {', '.join(words)} = {total:+d}")
    return lines
