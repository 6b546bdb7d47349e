"""Game records (JSON Lines) and their replay.

A record holds everything needed to replay and independently verify a game:
the resolved variant, the seed, every deal's deck order, every reshuffle and
cut, every action with its cards, and each deal's and the game's scores.
``docs/records.md`` describes the format line by line. :func:`replay_record`
plays a record again, checking every action's legality and every score, and
reports the first discrepancy with its line number.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..cards import format_card
from ..engine.actions import format_seat_action, parse_seat_action
from ..engine.chance import ScriptedChance, SeededChance
from ..engine.state import GameState
from ..errors import RummyRulesError

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from ..spec.schema import VariantSpec

__all__ = [
    "RECORD_FORMAT",
    "RecordError",
    "ReplayReport",
    "record_lines",
    "replay_record",
    "replay_records",
    "variant_digest",
    "write_record",
]

#: Version of the record format.
RECORD_FORMAT = 1


class RecordError(RummyRulesError, ValueError):
    """A record that is malformed or does not replay: ``line`` is 1-based."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        where = f"{file}:{line}" if line is not None else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line
        self.message = message


def variant_digest(variant: dict[str, Any]) -> str:
    """SHA-256 of the resolved variant's canonical JSON."""
    text = json.dumps(variant, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def record_lines(
    state: GameState,
    variant: dict[str, Any],
    *,
    seats: Iterable[str] = (),
    extra: dict[str, Any] | None = None,
) -> Iterator[str]:
    """The JSON Lines of a record of ``state`` (finished or not).

    ``extra`` adds informational keys to the header (e.g. ``game``: the game's
    number in a simulation); replay ignores them.
    """
    header = {
        "record": "rummy-rules game",
        "format": RECORD_FORMAT,
        "engine": __version__,
        "variant_id": variant.get("id"),
        "variant_sha256": variant_digest(variant),
        "variant": variant,
        "players": state.seats,
        "seed": state.seed,
        "turn_cap": state.turn_cap,
        "deal_cap": state.deal_cap,
        "chance": "seed" if isinstance(state.chance, SeededChance) else "scripted",
        "seats": list(seats) or [f"p{i + 1}" for i in range(state.seats)],
        **(extra or {}),
    }
    yield json.dumps(header, ensure_ascii=False, separators=(",", ":"))
    for entry in state.log:
        if "action" in entry:
            line: dict[str, Any] = {"action": format_seat_action(entry["seat"], _parse(entry))}
        else:
            line = entry
        yield json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def _parse(entry: dict[str, Any]) -> Any:
    from ..engine.actions import parse_action

    return parse_action(entry["action"])


def write_record(
    path: Path, state: GameState, variant: dict[str, Any], *, seats: Iterable[str] = ()
) -> None:
    """Write the record of ``state`` to ``path`` atomically."""
    from ..fsutil import atomic_write_text

    text = "\n".join(record_lines(state, variant, seats=seats)) + "\n"
    atomic_write_text(path, text)


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """A record that replayed clean."""

    variant_id: str
    players: int
    actions: int
    deals: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool


def _load_lines(text: str, file: str) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RecordError(file, number, f"not JSON: {exc.msg}") from None
        if not isinstance(value, dict):
            raise RecordError(file, number, "each line must be a JSON object")
        out.append((number, value))
    if not out:
        raise RecordError(file, None, "the record is empty")
    return out


def _int_list(value: Any, file: str, line: int, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise RecordError(file, line, f"{what} must be a list of whole numbers")
    return list(value)


def _verify_seeded(
    file: str, lines: list[tuple[int, dict[str, Any]]], seed: int, players: int, size: int
) -> None:
    """Check every chance outcome of a seeded record against the seed."""
    chance = SeededChance(seed)
    deal = -1
    for number, entry in lines[1:]:
        if "first_dealer" in entry:
            expected: Any = chance.first_dealer(players)
            got = entry["first_dealer"]
            what = "the first dealer"
        elif "deck" in entry:
            deal += 1
            expected, got, what = chance.deck(deal, size), entry["deck"], f"deal {deal + 1}'s deck"
        elif "cut" in entry:
            expected, got, what = chance.cut(deal, size), entry["cut"], f"deal {deal + 1}'s cut"
        else:
            continue
        if got != expected:
            raise RecordError(file, number, f"{what} is not the one seed {seed} gives")


def replay_record(path: Path | str) -> ReplayReport:
    """Replay the one game recorded at ``path`` and verify it; raises :class:`RecordError`.

    A file holding several games (as ``rummy-rules simulate --records`` writes)
    is refused: use :func:`replay_records`.
    """
    reports = replay_records(path)
    if len(reports) != 1:
        raise RecordError(str(path), None, f"holds {len(reports)} games, not one")
    return reports[0]


def replay_records(path: Path | str) -> list[ReplayReport]:
    """Replay and verify every game recorded at ``path``, one after another.

    Each game starts with its header line; line numbers in errors are the
    file's. Raises :class:`RecordError` at the first problem.
    """
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(file, None, f"cannot read the record: {exc}") from None
    lines = _load_lines(text, file)
    games: list[list[tuple[int, dict[str, Any]]]] = []
    for number, entry in lines:
        if "record" in entry or not games:
            games.append([])
        games[-1].append((number, entry))
    return [_replay_game(file, game) for game in games]


def _replay_game(file: str, lines: list[tuple[int, dict[str, Any]]]) -> ReplayReport:
    spec, rules, header = _read_header(file, lines[0])
    players: int = header["players"]
    state = _start(file, lines, rules, header)
    actions = 0
    finished = False
    for number, entry in lines[1:]:
        if "action" in entry:
            _replay_action(file, number, entry["action"], state)
            actions += 1
        elif "deal_end" in entry:
            _check_deal_end(file, number, entry, state)
        elif "game_end" in entry:
            _check_game_end(file, number, entry, state)
            finished = True
        elif not ({"first_dealer", "deck", "reshuffle", "cut", "turn_over"} & entry.keys()):
            raise RecordError(file, number, f"unknown line: {sorted(entry)}")
        elif "deck" in entry:
            expected_deal = entry.get("deal")
            if expected_deal != state.deal_index + 1:
                raise RecordError(file, number, f"deal {expected_deal} starts out of order")
            said = entry.get("dealer")
            if said != state.dealer:
                shown = f"p{said + 1}" if isinstance(said, int) else repr(said)
                raise RecordError(
                    file,
                    number,
                    f"deal {expected_deal} is dealt by p{state.dealer + 1} by the rules, "
                    f"but the record says {shown}",
                )
    return ReplayReport(
        variant_id=spec.id,
        players=players,
        actions=actions,
        deals=len(state.results),
        totals=tuple(state.totals),
        winners=tuple(state.winners()),
        finished=finished,
    )


def _read_header(
    file: str, line: tuple[int, dict[str, Any]]
) -> tuple[VariantSpec, Rules, dict[str, Any]]:
    """The recorded variant, validated and compiled, and the header (its numbers checked)."""
    from pydantic import ValidationError

    from ..engine.rules import compile_rules
    from ..spec.playable import unsupported_by_engine
    from ..spec.schema import VariantSpec

    first_line, header = line
    if header.get("record") != "rummy-rules game":
        raise RecordError(file, first_line, "not a rummy-rules game record (bad header)")
    if header.get("format") != RECORD_FORMAT:
        raise RecordError(
            file, first_line, f"record format {header.get('format')!r} is not {RECORD_FORMAT}"
        )
    variant = header.get("variant")
    if not isinstance(variant, dict):
        raise RecordError(file, first_line, "the header holds no variant")
    if header.get("variant_sha256") != variant_digest(variant):
        raise RecordError(file, first_line, "the variant does not match its SHA-256: it was edited")
    try:
        spec = VariantSpec.model_validate(variant)
    except ValidationError as exc:
        raise RecordError(
            file, first_line, f"the recorded variant is invalid: {exc.errors()[0]['msg']}"
        ) from None
    gaps = unsupported_by_engine(spec)
    if gaps:
        raise RecordError(file, first_line, f"{gaps[0][0]}: {gaps[0][1]}")
    players = header.get("players")
    if not isinstance(players, int) or not isinstance(header.get("seed", 0), int):
        raise RecordError(file, first_line, "players and seed must be whole numbers")
    for name in ("turn_cap", "deal_cap"):
        cap = header.get(name)
        if cap is not None and (not isinstance(cap, int) or cap < 1):
            raise RecordError(file, first_line, f"{name} must be a positive whole number")
    try:
        rules = compile_rules(spec, players)
    except ValueError as exc:
        raise RecordError(file, first_line, str(exc)) from None
    return spec, rules, header


def _start(
    file: str, lines: list[tuple[int, dict[str, Any]]], rules: Rules, header: dict[str, Any]
) -> GameState:
    """The game at its start, with every chance outcome taken from the record."""
    players: int = header["players"]
    seed: int = header.get("seed", 0)
    first_dealer = None
    decks: dict[int, list[int]] = {}
    reshuffles: dict[int, list[list[int]]] = {}
    cuts: dict[int, int] = {}
    deal = -1
    for number, entry in lines[1:]:
        if "first_dealer" in entry:
            first_dealer = entry["first_dealer"]
            if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
                raise RecordError(file, number, "first_dealer is not a seat")
        elif "deck" in entry:
            deal = len(decks)
            decks[deal] = _int_list(entry["deck"], file, number, "deck")
        elif "reshuffle" in entry:
            reshuffles.setdefault(deal, []).append(
                _int_list(entry["reshuffle"], file, number, "reshuffle")
            )
        elif "cut" in entry:
            if not isinstance(entry["cut"], int):
                raise RecordError(file, number, "cut must be a whole number")
            cuts[deal] = entry["cut"]
    if header.get("chance") == "seed":
        _verify_seeded(file, lines, seed, players, rules.pack.size)
    chance = ScriptedChance(
        first_dealer=first_dealer, decks=decks, reshuffles=reshuffles, cuts=cuts
    )
    try:
        return GameState(
            rules,
            chance=chance,
            seed=seed,
            turn_cap=header.get("turn_cap"),
            deal_cap=header.get("deal_cap"),
        )
    except ValueError as exc:
        raise RecordError(file, lines[1][0] if len(lines) > 1 else None, str(exc)) from None


def _replay_action(file: str, number: int, text_action: object, state: GameState) -> None:
    """Check and play one recorded action."""
    if not isinstance(text_action, str):
        raise RecordError(file, number, "action must be text")
    try:
        seat, action = parse_seat_action(text_action)
    except ValueError as exc:
        raise RecordError(file, number, f"'{text_action}': {exc}") from None
    if state.is_terminal():
        raise RecordError(file, number, "an action after the end of the game")
    if seat != state.to_move:
        raise RecordError(
            file,
            number,
            f"'{text_action}': it is p{state.to_move + 1}'s move, not p{seat + 1}'s",
        )
    reason = state.check(action)
    if reason is not None:
        raise RecordError(file, number, f"'{text_action}' is illegal: {reason}")
    try:
        state.apply(action)
    except ValueError as exc:  # a scripted reshuffle that does not fit
        raise RecordError(file, number, str(exc)) from None


def _check_deal_end(file: str, number: int, entry: dict[str, Any], state: GameState) -> None:
    """A recorded deal end must say what the rules give."""
    index = entry["deal_end"]
    if not isinstance(index, int) or not 1 <= index <= len(state.results):
        raise RecordError(file, number, f"deal {index} has not ended at this point")
    result = state.results[index - 1]
    left = [" ".join(format_card(f) for f in hand) for hand in result.left]
    checks: list[tuple[str, Any]] = [
        ("reason", result.reason),
        ("went_out", result.went_out),
        ("left", left),
        ("scores", list(result.scores)),
        ("totals", list(result.totals)),
    ]
    if "eliminated" in entry or result.eliminated:
        checks.append(("eliminated", list(result.eliminated)))
    for key, expected in checks:
        if entry.get(key) != expected:
            raise RecordError(
                file,
                number,
                f"deal {index} {key}: the record says {entry.get(key)!r}, the rules give {expected!r}",
            )


def _check_game_end(file: str, number: int, entry: dict[str, Any], state: GameState) -> None:
    """A recorded game end must come when the game ends, with its totals and winners."""
    if not state.is_terminal():
        raise RecordError(file, number, "the record says the game ended, but it has not")
    if entry.get("totals") != state.totals:
        raise RecordError(
            file,
            number,
            f"final totals: the record says {entry.get('totals')!r}, the rules give {state.totals!r}",
        )
    if entry.get("winners") != state.winners():
        raise RecordError(
            file,
            number,
            f"winners: the record says {entry.get('winners')!r}, the rules give {state.winners()!r}",
        )
