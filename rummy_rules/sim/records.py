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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..cards import format_card
from ..engine.actions import format_seat_action, parse_seat_action
from ..engine.chance import ScriptedChance, SeededChance
from ..engine.refusals import Refusal
from ..engine.state import GameState
from .record_chance import ChanceLines, RecordError

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from ..spec.schema import VariantSpec

__all__ = [
    "RECORD_FORMAT",
    "LoadedGame",
    "RecordError",
    "ReplayReport",
    "iter_replay",
    "load_game",
    "record_lines",
    "replay_record",
    "replay_records",
    "shown",
    "variant_digest",
    "write_record",
]

#: Version of the record format.
RECORD_FORMAT = 1


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


#: Longest line a record may hold, in bytes (a header with its variant takes a few KB).
MAX_LINE_BYTES = 1_000_000


def shown(value: object, limit: int = 60) -> str:
    """``value`` for a message: control characters escaped, cut to ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    escaped = "".join(
        c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
        for c in text[: limit + 1]
    )
    return escaped[:limit] + "…" if len(escaped) > limit else escaped


class _Cut(Exception):
    """The file ends in the middle of a line: it was cut short (a killed run)."""

    def __init__(self, line: int) -> None:
        super().__init__(f"line {line} is cut short")
        self.line = line


def _open_record(path: Path, file: str) -> Any:
    import os
    import stat

    try:
        info = os.stat(path)
    except OSError as exc:
        raise RecordError(file, None, f"cannot read the record: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(file, None, "is a directory, not a record")
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(file, None, "is not a regular file (a device, pipe or socket)")
    try:
        return path.open("rb")
    except OSError as exc:
        raise RecordError(file, None, f"cannot read the record: {exc.strerror or exc}") from None


def _stream_lines(path: Path, file: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The record's lines as JSON objects, one at a time, with their line numbers.

    Memory stays bounded whatever the file's size; a line longer than
    :data:`MAX_LINE_BYTES` is refused without being echoed, and a last line
    cut short raises :class:`_Cut`.
    """
    number = 0
    with _open_record(path, file) as fh:
        while True:
            raw = fh.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            whole = raw.endswith(b"\n")
            if not whole and len(raw) > MAX_LINE_BYTES:
                raise RecordError(file, number, f"the line is longer than {MAX_LINE_BYTES} bytes")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                if not whole:
                    raise _Cut(number) from None
                raise RecordError(file, number, "the line is not UTF-8 text") from None
            if not text.strip():
                continue
            try:
                value = json.loads(
                    text, object_pairs_hook=_unique_keys, parse_constant=_no_constant
                )
            except json.JSONDecodeError as exc:
                if not whole:
                    raise _Cut(number) from None
                raise RecordError(file, number, f"not JSON: {exc.msg}") from None
            except RecursionError:
                raise RecordError(file, number, "not a record line: nested too deeply") from None
            except ValueError as exc:  # e.g. an integer with thousands of digits
                raise RecordError(file, number, f"not a record line: {shown(str(exc))}") from None
            if not isinstance(value, dict):
                raise RecordError(file, number, "each line must be a JSON object")
            yield number, value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a repeated key is refused:
    which of the two values counts would be a guess)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {shown(key)} appears twice")
        out[key] = value
    return out


def _no_constant(word: str) -> Any:
    """NaN and Infinity are not JSON, and no record holds them."""
    raise ValueError(f"{word} is not a JSON number")


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


def replay_record(path: Path | str, *, partial: bool = False) -> ReplayReport:
    """Replay the one game recorded at ``path`` and verify it; raises :class:`RecordError`.

    A file holding several games (as ``rummy-rules simulate --records`` writes)
    is refused: use :func:`replay_records`.
    """
    reports = replay_records(path, partial=partial)
    if len(reports) != 1:
        raise RecordError(str(path), None, f"holds {len(reports)} games, not one")
    return reports[0]


def replay_records(path: Path | str, *, partial: bool = False) -> list[ReplayReport]:
    """Replay and verify every game recorded at ``path``, one after another.

    Each game starts with its header line; line numbers in errors are the
    file's. Raises :class:`RecordError` at the first problem. The file is
    read line by line and one game is held in memory at a time.

    A record must be complete: a game that stops before its ``game_end``
    line, or a last line cut short (a killed run), is an error saying after
    which game the record was truncated. With ``partial`` such a record is
    accepted: the games it holds are replayed, the unfinished one last
    (``finished`` false), and a cut last line is left out.
    """
    return list(iter_replay(path, partial=partial))


def iter_replay(path: Path | str, *, partial: bool = False) -> Iterator[ReplayReport]:
    """Like :func:`replay_records`, one report at a time as each game is verified."""
    file = str(path)
    game: list[tuple[int, dict[str, Any]]] = []
    done = 0
    last_number: dict[str, int] = {}
    try:
        for number, entry in _stream_lines(Path(path), file):
            if "record" in entry and game:
                yield _complete(file, game, done, partial=False, last=False)
                done += 1
                _game_number(file, game[0], last_number)
                game = []
            game.append((number, entry))
    except _Cut as cut:
        if not partial:
            raise RecordError(
                file,
                cut.line,
                (f"the record is truncated after game {done}: " if done else "")
                + "this last line is cut short (the run was killed?); replay --partial "
                + ("checks the games before it" if done else "checks the game up to it"),
            ) from None
    if not game:
        if not done:
            raise RecordError(file, None, "the record is empty")
        return
    _game_number(file, game[0], last_number)
    yield _complete(file, game, done, partial=partial, last=True)


def _game_number(file: str, header: tuple[int, dict[str, Any]], last: dict[str, int]) -> None:
    """Game numbers (``game`` in the headers of a simulation's records) must increase,
    side by side in a comparison's records (``side``); ``last`` holds each side's last."""
    number, entry = header
    value = entry.get("game")
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RecordError(file, number, "game must be a positive whole number")
    side = str(entry.get("side", ""))
    before = last.get(side)
    if before is not None and value <= before:
        where = f" of side {shown(side)}" if side else ""
        raise RecordError(
            file, number, f"game {value}{where} comes after game {before}: out of order"
        )
    last[side] = value


def _complete(
    file: str, lines: list[tuple[int, dict[str, Any]]], done: int, *, partial: bool, last: bool
) -> ReplayReport:
    """Replay one game; an unfinished one is an error unless it is the last and ``partial``."""
    report = _replay_game(file, lines)
    if report.finished or (last and partial):
        return report
    message = (
        (
            f"the record is truncated after game {done}: game {done + 1} stops here, "
            if done
            else "the game stops here, "
        )
        + "before the game ends (replay --partial accepts an unfinished game)"
        if last
        else f"game {done + 1} stops here, before the game ends, and another game starts "
        "after it: the record is broken"
    )
    raise RecordError(file, lines[-1][0], message)


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A recorded game played again up to its last line, to go on from there."""

    spec: VariantSpec
    state: GameState
    header: dict[str, Any]


def load_game(
    path: Path | str,
    *,
    game: int | None = None,
    on_action: Callable[[GameState], None] | None = None,
) -> LoadedGame:
    """A game recorded at ``path``, verified and played again to where the record
    stops (a finished game or one in progress); raises :class:`RecordError`.

    Without ``game`` the file must hold one game; ``game`` (from 1) picks one of
    a file of many (``simulate --records``). ``on_action`` is called with the
    game as dealt and after each action (to keep the steps, as ``watch`` does).
    """
    file = str(path)
    games: list[list[tuple[int, dict[str, Any]]]] = []
    try:
        for number, entry in _stream_lines(Path(path), file):
            if "record" in entry or not games:
                if game is not None and len(games) >= game:
                    break
                if game is None and games:
                    # Refused here, before reading the rest of a file of many games.
                    raise RecordError(
                        file, number, "a second game starts here: the record must hold one game"
                    )
                games.append([])
            if game is None or len(games) == game:
                games[-1].append((number, entry))
    except _Cut as cut:
        raise RecordError(file, cut.line, "this line is cut short (the run was killed?)") from None
    if not games:
        raise RecordError(file, None, "the record is empty")
    if game is None and len(games) != 1:
        raise RecordError(file, None, f"holds {len(games)} games, not one: choose one")
    if game is not None and len(games) < game:
        held = f"{len(games)} game" + ("" if len(games) == 1 else "s")
        raise RecordError(file, None, f"holds {held}, not game {game}")
    lines = games[-1]
    if "record" not in lines[0][1]:
        raise RecordError(file, lines[0][0], "a game must start with its header line")
    spec, rules, header = _read_header(file, lines[0])
    state = _start(file, lines, rules, header)
    if on_action is not None:
        on_action(state)
    for number, entry in lines[1:]:
        if "action" in entry:
            _replay_action(file, number, entry["action"], state)
            if on_action is not None:
                on_action(state)
    return LoadedGame(spec, state, header)


def _replay_game(file: str, lines: list[tuple[int, dict[str, Any]]]) -> ReplayReport:
    spec, rules, header = _read_header(file, lines[0])
    players: int = header["players"]
    state = _start(file, lines, rules, header)
    actions = 0
    dealt = seen = 0
    finished = False
    chance = ChanceLines(file, lines, state)
    for number, entry in lines[1:]:
        if "action" in entry:
            actions += 1
            _replay_action(file, number, entry["action"], state, chance, actions)
            chance.after_action(number, actions)
        elif "deal_end" in entry:
            _check_deal_end(file, number, entry, state)
        elif "game_end" in entry:
            _check_game_end(file, number, entry, state)
            finished = True
        elif not ({"first_dealer", "deck", "reshuffle", "cut", "turn_over"} & entry.keys()):
            raise RecordError(file, number, f"unknown line: {shown(sorted(entry))}")
        elif "deck" in entry:
            # The engine's own line for the deal (a deal won on the deal,
            # going_out.dealt_counts, has ended, and the next one is dealt,
            # before any action is read).
            expected_deal = entry.get("deal")
            dealt += 1
            mine = None
            log = state.log
            while seen < len(log):  # the engine's log read once, deal line by deal line
                seen += 1
                if "deck" in log[seen - 1] and log[seen - 1].get("deal") == dealt:
                    mine = log[seen - 1]
                    break
            if expected_deal != dealt or mine is None:
                raise RecordError(file, number, f"deal {shown(expected_deal)} starts out of order")
            said = entry.get("dealer")
            if said != mine["dealer"]:
                who = f"p{said + 1}" if isinstance(said, int) else shown(said)
                raise RecordError(
                    file,
                    number,
                    f"deal {shown(expected_deal)} is dealt by p{mine['dealer'] + 1} by the "
                    f"rules, but the record says {who}",
                )
            _check_contracts(file, number, entry, state)
    chance.at_end()
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
            file, first_line, f"record format {shown(header.get('format'))} is not {RECORD_FORMAT}"
        )
    variant = header.get("variant")
    if not isinstance(variant, dict):
        raise RecordError(file, first_line, "the header holds no variant")
    if header.get("variant_id") != variant.get("id"):
        raise RecordError(
            file,
            first_line,
            f"variant_id {shown(header.get('variant_id'))} is not the recorded variant's id "
            f"{shown(variant.get('id'))}",
        )
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


def _replay_action(
    file: str,
    number: int,
    text_action: object,
    state: GameState,
    chance: ChanceLines | None = None,
    actions: int = 0,
) -> None:
    """Check and play one recorded action (the ``actions``-th of the record)."""
    if not isinstance(text_action, str):
        raise RecordError(file, number, "action must be text")
    try:
        seat, action = parse_seat_action(text_action)
    except ValueError as exc:
        mistake = exc.args[0] if exc.args else None
        code = f" ({mistake.code})" if isinstance(mistake, Refusal) else ""
        message = f"'{shown(text_action)}': {shown(str(exc), 200)}{code}"
        raise RecordError(file, number, message) from None
    if state.is_terminal():
        raise RecordError(file, number, "an action after the end of the game")
    if seat != state.to_move:
        raise RecordError(
            file,
            number,
            f"'{shown(text_action)}': it is p{state.to_move + 1}'s move, not p{seat + 1}'s",
        )
    reason = state.check(action)
    if reason is not None:
        code = f" ({reason.code})" if isinstance(reason, Refusal) else ""
        message = f"'{shown(text_action)}' is illegal: {reason}{code}"
        refused = reason if isinstance(reason, Refusal) else None
        raise RecordError(file, number, message, action=shown(text_action), reason=refused)
    try:
        state.apply(action)
    except ValueError as exc:  # a scripted reshuffle that does not fit
        if chance is not None:
            chance.misfit(number, actions)  # (its line missing here?)
        raise RecordError(file, number, str(exc)) from None


def _check_contracts(file: str, number: int, entry: dict[str, Any], state: GameState) -> None:
    """With ``contract.progression: each_player`` a deal line names the deal of the
    schedule whose contract each seat plays; it must be the one the rules give."""
    said = entry.get("contracts")
    expected = None
    if state.rules.play.each_player:
        expected = [state.deal_rules_of(seat).number for seat in range(state.seats)]
    if said != expected:
        raise RecordError(
            file,
            number,
            f"deal {shown(entry.get('deal'))}: the record says contracts {shown(said)}, "
            f"the rules give {shown(expected)}",
        )


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
    if "dropped" in entry or result.dropped:
        checks.append(("dropped", [None if c < 0 else c for c in result.dropped]))
    if "aside" in entry or result.aside:
        checks.append(("aside", [" ".join(format_card(f) for f in a) for a in result.aside]))
    if "foot" in entry or result.foot:
        checks.append(("foot", [" ".join(format_card(f) for f in a) for a in result.foot]))
    for key, expected in checks:
        if entry.get(key) != expected:
            raise RecordError(
                file,
                number,
                f"deal {index} {key}: the record says {shown(entry.get(key))}, the rules give {expected!r}",
            )


def _check_game_end(file: str, number: int, entry: dict[str, Any], state: GameState) -> None:
    """A recorded game end must come when the game ends, with its totals and winners."""
    if not state.is_terminal():
        raise RecordError(file, number, "the record says the game ended, but it has not")
    if entry.get("totals") != state.totals:
        raise RecordError(
            file,
            number,
            f"final totals: the record says {shown(entry.get('totals'))}, the rules give {state.totals!r}",
        )
    bonuses = state.log[-1].get("bonuses")
    if entry.get("bonuses") != bonuses:
        raise RecordError(
            file,
            number,
            f"end-of-game bonuses: the record says {shown(entry.get('bonuses'))}, "
            f"the rules give {bonuses!r}",
        )
    if entry.get("winners") != state.winners():
        raise RecordError(
            file,
            number,
            f"winners: the record says {shown(entry.get('winners'))}, the rules give {state.winners()!r}",
        )
