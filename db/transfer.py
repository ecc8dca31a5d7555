"""Export and import: matches as record files (the plain-text format) or as one JSON document.

Import replays every match before storing anything; the first bad line (record) or action (JSON)
rejects the file with its place and reason. A match already stored (same ruleset, players,
options, seed, date and actions) is skipped, so importing the same file twice changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from typing import Any

from sqlmodel import Session, col, select

from companion.rules.errors import IllegalAction, RecordError, RulesError
from companion.rules.match import Match
from companion.rules.model import Action, MatchSetup
from companion.rules.record import FORMAT_VERSION, read_record, replay_record, write_record
from companion.rules.registry import get_ruleset
from db.card_tallies import add_match
from db.clock import utc_now
from db.codec import action_data, action_notation, events_data, parse_notation
from db.errors import ImportRejected, StorageError
from db.fields import DATE_MAX, NAME_MAX, SIDE_MAX, TEAM_MAX, TITLE_MAX, options_problem, text_problem
from db.models import DRAWN, IMPORTED, WON, StoredAction, StoredMatch
from db.repository import LoadedMatch, create_match, load_match, progress_of
from db.writer import writer_version

JSON_FORMAT = "shinpan-matches"
JSON_VERSION = 1


# --- export ------------------------------------------------------------------------------------


def _result_line(loaded: LoadedMatch) -> str | None:
    if loaded.row.status == DRAWN:
        return "draw"
    winners = loaded.row.summary.get("outcome", {}).get("winners") or []
    return f"{', '.join(winners)} won" if loaded.row.status == WON and winners else None


def _actions(loaded: LoadedMatch) -> list[Action]:
    return [parse_notation(loaded.setup.ruleset, a.actor, a.notation) for a in loaded.actions]


class NotReplayable(StorageError):
    """A stored match whose actions this version's rules no longer read: JSON export still works."""


def export_record(match_id: int, *, session: Session) -> str:
    """One match as a record file `shinpan replay` reads (actions in force; the redo list is not kept).

    Raises NotReplayable when a stored action no longer parses (a record file is rules notation
    re-read through the ruleset); the JSON export keeps such a match as it was stored.
    """
    loaded = load_match(match_id, session=session)
    try:
        actions = _actions(loaded)
    except RulesError as error:
        raise NotReplayable(
            f"match {match_id} cannot be written as a record file: a stored action no longer reads with "
            f"this version's rules ({error}); export it as JSON with `shinpan export --match {match_id} FILE.json`"
        ) from None
    return write_record(loaded.setup, actions, title=loaded.row.title, result=_result_line(loaded))


def record_file_name(match_id: int, *, session: Session) -> str:
    loaded = load_match(match_id, session=session)
    day = loaded.row.started_at.strftime("%Y-%m-%d")
    names = "-v-".join(p.name for p in loaded.setup.players)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", names)[:60]
    return f"{match_id:05d}-{day}-{safe}.txt"


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def match_to_json(match_id: int, *, session: Session) -> dict[str, Any]:
    loaded = load_match(match_id, session=session)
    row, setup = loaded.row, loaded.setup
    names = [p.name for p in setup.players]
    return {
        "ruleset": row.ruleset,
        "format_version": row.format_version,
        "rules": row.rules_revision,
        "title": row.title,
        "seed": row.seed,
        "date": row.date,
        "options": dict(setup.options),
        "players": [{"name": p.name, "side": p.side, "team": p.team} for p in setup.players],
        "started_at": _iso(row.started_at),
        "finished_at": _iso(row.finished_at),
        "status": row.status,
        "reason": row.reason,
        "app_version": row.app_version,
        "actions": [
            {"seq": a.seq, "player": names[a.actor], "action": a.notation, "data": a.data,
             "recorded_at": _iso(a.recorded_at), "evidence": a.evidence}
            for a in loaded.actions
        ],
        "redo": [{"player": names[a.actor], "action": a.notation} for a in loaded.redo],
    }


def export_json(match_ids: list[int], *, session: Session) -> dict[str, Any]:
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "app_version": writer_version(),
        "exported_at": utc_now().isoformat(),
        "matches": [match_to_json(match_id, session=session) for match_id in match_ids],
    }


# --- import ------------------------------------------------------------------------------------


@dataclass
class Incoming:
    """A match read and replayed from a file, ready to store."""

    match: Match
    title: str | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    recorded_at: list[datetime | None] = field(default_factory=list)
    evidence: list[dict[str, Any] | None] = field(default_factory=list)
    app_version: str = field(default_factory=writer_version)


@dataclass
class ImportReport:
    imported: list[int] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # why each duplicate was skipped


def read_records_file(text: str, source: str) -> list[Incoming]:
    """A record file (one match); raises ImportRejected naming the first bad line."""
    try:
        record = read_record(text)
        match = replay_record(record)
    except RecordError as error:
        raise ImportRejected(source, str(error)) from None
    for name, problem in (("title", text_problem(record.title, TITLE_MAX)),
                          ("date", text_problem(match.setup.date, DATE_MAX))):
        if problem:
            raise ImportRejected(source, f"{name}: {problem}")
    return [Incoming(match, title=record.title, started_at=_record_day(match.setup.date))]


def _record_day(text: str | None) -> datetime | None:
    """A record's `date:` as the start of that UTC day, so history's date filters find it."""
    try:
        return datetime.combine(date.fromisoformat(text), time(), tzinfo=UTC) if text else None
    except ValueError:
        return None


def _when(value: Any, where: str, source: str) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise ImportRejected(source, f"{where}: {value!r} is not an ISO date and time") from None
    if moment.tzinfo is None:
        raise ImportRejected(source, f"{where}: {value!r} has no time zone (exports use UTC, '+00:00')")
    return moment


MAX_SEED = 2**63 - 1  # the seed column is a 64-bit integer


def _check_fields(raw: dict[str, Any], where: str, source: str) -> None:
    """Types and lengths a stored match needs, so a bad file is refused rather than stored and
    then breaking history and export; each refusal names the field."""
    seed = raw.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED):
        raise ImportRejected(source, f"{where}.seed must be a whole number or null, not {seed!r}")
    checks: list[tuple[str, str | None]] = [
        ("title", text_problem(raw.get("title"), TITLE_MAX)),
        ("date", text_problem(raw.get("date"), DATE_MAX)),
        ("options", options_problem(raw.get("options"))),
    ]
    players = raw.get("players")
    if not isinstance(players, list):
        raise ImportRejected(source, f"{where}.players must be a list of players")
    for index, player in enumerate(players):
        if not isinstance(player, dict):
            raise ImportRejected(source, f"{where}.players[{index}] must be an object with a name")
        checks += [
            (f"players[{index}].name", text_problem(player.get("name"), NAME_MAX, optional=False)),
            (f"players[{index}].side", text_problem(player.get("side"), SIDE_MAX)),
            (f"players[{index}].team", text_problem(player.get("team"), TEAM_MAX)),
        ]
    for name, problem in checks:
        if problem:
            raise ImportRejected(source, f"{where}.{name} {problem}")


def _json_match(raw: Any, where: str, source: str) -> Incoming:
    if not isinstance(raw, dict):
        raise ImportRejected(source, f"{where} is not an object")
    try:
        ruleset = get_ruleset(str(raw["ruleset"]))
        if raw.get("format_version", FORMAT_VERSION) != FORMAT_VERSION:
            raise ImportRejected(source, f"{where}: format_version {raw.get('format_version')} is not "
                                         f"{FORMAT_VERSION}; use a newer Shinpan to import it")
        _check_fields(raw, where, source)
        players = [(p["name"], p.get("side"), p.get("team")) for p in raw["players"]]
        from companion.rules.model import PlayerSpec

        rules = raw.get("rules", 1)  # exports made before rules revisions existed are revision 1
        if not isinstance(rules, int) or isinstance(rules, bool):
            raise ImportRejected(source, f"{where}.rules is not a rules revision (a whole number from 1)")
        setup: MatchSetup = ruleset.make_setup(
            [PlayerSpec(n, s, t) for n, s, t in players], raw.get("options") or {}, seed=raw.get("seed"),
            date=raw.get("date"), rules=rules)
        actions = raw["actions"]
        if not isinstance(actions, list):
            raise ImportRejected(source, f"{where}.actions is not a list")
    except (KeyError, TypeError) as error:
        raise ImportRejected(source, f"{where}: missing or malformed field {error}") from None
    except RulesError as error:
        raise ImportRejected(source, f"{where}: {error}") from None
    incoming = Incoming(Match(setup), title=raw.get("title"),
                        started_at=_when(raw.get("started_at"), f"{where}.started_at", source),
                        finished_at=_when(raw.get("finished_at"), f"{where}.finished_at", source),
                        app_version=str(raw.get("app_version") or writer_version())[:32])
    for index, item in enumerate(actions):
        here = f"{where}.actions[{index}]"
        if not isinstance(item, dict) or "player" not in item or "action" not in item:
            raise ImportRejected(source, f"{here}: an action needs 'player' and 'action'")
        text = f"{item['player']}: {item['action']}"
        seat = setup.seat_of(str(item["player"]))
        if seat is None:
            raise ImportRejected(source, f"{here} ({text}): no such player in this match")
        try:
            action = parse_notation(setup.ruleset, seat, str(item["action"]))
            if "data" in item and item["data"] is not None and item["data"] != action_data(action):
                raise ImportRejected(source, f"{here} ({text}): its data does not match its notation "
                                             "(edited by hand?); fix one of them")
            incoming.match.push(action)
        except IllegalAction as error:
            raise ImportRejected(source, f"{here} ({text}): {error.reason} [{error.ruling}]") from None
        except RulesError as error:
            raise ImportRejected(source, f"{here} ({text}): {error}") from None
        incoming.recorded_at.append(_when(item.get("recorded_at"), f"{here}.recorded_at", source))
        evidence = item.get("evidence")
        incoming.evidence.append(evidence if isinstance(evidence, dict) else None)
    _check_stored_result(raw, incoming.match, where, source)
    return incoming


def _check_stored_result(raw: dict[str, Any], match: Match, where: str, source: str) -> None:
    """An export's status and reason must be what its actions replay to, as a record's `result:` line
    must (issue 20): a match edited to show another winner is refused, not stored with either result."""
    if "status" not in raw and "reason" not in raw:
        return
    replayed = progress_of(match)
    if "status" in raw and raw["status"] != replayed.status:
        raise ImportRejected(source, f"{where}.status is {str(raw['status'])[:40]!r} but its actions replay to "
                                     f"{replayed.status!r} (edited by hand?); fix or remove the status")
    if raw.get("reason") not in (None, replayed.reason):
        raise ImportRejected(source, f"{where}.reason is {str(raw['reason'])[:60]!r} but its actions replay to "
                                     f"{replayed.reason!r} (edited by hand?); fix or remove the reason")


def read_json_file(text: str, source: str) -> list[Incoming]:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportRejected(source, f"line {error.lineno}: not valid JSON ({error.msg})") from None
    if not isinstance(document, dict) or document.get("format") != JSON_FORMAT:
        raise ImportRejected(source, f"not a Shinpan export (expected \"format\": \"{JSON_FORMAT}\")")
    if document.get("version") != JSON_VERSION:
        raise ImportRejected(source, f"export version {document.get('version')} is not {JSON_VERSION}; "
                                     "use a newer Shinpan to import it")
    matches = document.get("matches")
    if not isinstance(matches, list):
        raise ImportRejected(source, "'matches' is not a list")
    return [_json_match(raw, f"matches[{index}]", source) for index, raw in enumerate(matches)]


def read_import_file(text: str, source: str) -> list[Incoming]:
    """Read and replay a record or JSON export; nothing is stored yet."""
    return read_json_file(text, source) if text.lstrip().startswith("{") else read_records_file(text, source)


def _fingerprint(setup: MatchSetup, actions: list[Action] | tuple[Action, ...]) -> str:
    return write_record(setup, actions)


def _already_stored(incoming: Incoming, *, session: Session) -> int | None:
    match = incoming.match
    candidates = session.exec(
        select(StoredMatch.id).where(StoredMatch.ruleset == match.setup.ruleset,
                                     StoredMatch.action_count == len(match.actions))
    ).all()
    wanted = _fingerprint(match.setup, match.actions)
    for match_id in candidates:
        assert match_id is not None
        loaded = load_match(match_id, session=session)
        if loaded.setup == match.setup and _fingerprint(loaded.setup, _actions(loaded)) == wanted:
            return match_id
    return None


def store_incoming(incoming: list[Incoming], *, session: Session) -> ImportReport:
    """Store matches read by read_import_file, skipping those already present (caller commits)."""
    report = ImportReport()
    for item in incoming:
        match = item.match
        names = " v ".join(p.name for p in match.setup.players)
        present = _already_stored(item, session=session)
        if present is not None:
            report.skipped.append(f"{names} ({len(match.actions)} actions) is already match {present}")
            continue
        progress = progress_of(match)
        row = create_match(match.setup, session=session, progress=progress, origin=IMPORTED, title=item.title,
                           app_version=item.app_version, started_at=item.started_at,
                           finished_at=item.finished_at)
        assert row.id is not None
        now = utc_now()
        for index, step in enumerate(match.steps):
            session.add(StoredAction(
                match_id=row.id, seq=step.number, actor=step.action.actor,
                notation=action_notation(match.setup.ruleset, step.action), data=action_data(step.action),
                recorded_at=(item.recorded_at[index] if index < len(item.recorded_at) else None)
                or item.started_at or now,
                evidence=item.evidence[index] if index < len(item.evidence) else None,
                undone=False, events=events_data(step.events),
            ))
        session.flush()
        add_match(session.connection(), row.id)  # its card facts join the statistics in the same transaction
        report.imported.append(row.id)
    return report


def import_text(text: str, *, session: Session, source: str = "input") -> ImportReport:
    return store_incoming(read_import_file(text, source), session=session)


def all_match_ids(*, session: Session) -> list[int]:
    ids = session.exec(select(StoredMatch.id).order_by(col(StoredMatch.started_at), col(StoredMatch.id))).all()
    return [i for i in ids if i is not None]


def store_or_find(item: Incoming, *, session: Session) -> int:
    """The stored match's id for one replayed match: the one already stored, or a new import."""
    present = _already_stored(item, session=session)
    if present is not None:
        return present
    return store_incoming([item], session=session).imported[0]
