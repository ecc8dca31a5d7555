"""Writing matches: repository functions that take the session as a keyword-only argument.

Each function does its part of one user action; the caller (db.live.DurableMatch) wraps a whole
user action in one transaction. Every write to a match checks and bumps its `revision`, so a
second app instance holding an older copy is told instead of overwriting what the first wrote.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, delete, insert, update
from sqlmodel import Session, col, select

from companion.rules.match import Match
from companion.rules.model import MatchSetup, Outcome
from companion.rules.record import FORMAT_VERSION
from db.card_tallies import ADD_TALLY, add_tallies, take_back_match
from db.clock import utc_now
from db.errors import MatchChangedElsewhere, MatchNotFound, StorageError
from db.models import (
    DRAW,
    DRAWN,
    IN_PROGRESS,
    LOSS,
    RECORDED,
    WIN,
    WON,
    Player,
    StoredAction,
    StoredMatch,
    StoredSeat,
)
from db.models import TournamentResult as StoredTournamentResult
from db.result_tallies import count_results, refresh_streaks
from db.writer import writer_version


@dataclass(frozen=True)
class ActionEntry:
    """One action as it is stored."""

    seq: int
    actor: int
    notation: str
    data: dict[str, Any]
    events: list[Any]
    evidence: dict[str, Any] | None = None
    recorded_at: datetime | None = None


@dataclass(frozen=True)
class Progress:
    """Where a match stands after a user action, as the matches row keeps it."""

    action_count: int
    status: str
    reason: str
    summary: dict[str, Any]
    results: tuple[str | None, ...]
    places: tuple[int | None, ...] = ()  # 1 first, for rulesets that rank every seat; () otherwise

    @property
    def finished(self) -> bool:
        return self.status != IN_PROGRESS


def progress_of(match: Match) -> Progress:
    outcome = match.outcome()
    seats = range(len(match.setup.players))
    if not outcome.finished:
        return Progress(len(match.actions), IN_PROGRESS, "", match.summary(), tuple(None for _ in seats))
    if outcome.draw:  # with places (a HIKI-WAKE of the last two), those out before the draw lost
        results = tuple(DRAW if outcome.place_of(seat) in (None, 1) else LOSS for seat in seats)
        return Progress(len(match.actions), DRAWN, outcome.reason, match.summary(), results, _places(outcome, seats))
    results = tuple(WIN if seat in outcome.winners else LOSS for seat in seats)
    return Progress(len(match.actions), WON, outcome.reason, match.summary(), results, _places(outcome, seats))


def _places(outcome: Outcome, seats: range) -> tuple[int | None, ...]:
    """Each seat's place when the ruleset ranks them (Outcome.places); nothing derived otherwise."""
    if not outcome.places:
        return ()
    return tuple(outcome.place_of(seat) for seat in seats)


def place_of(progress: Progress, seat: int) -> int | None:
    return progress.places[seat] if seat < len(progress.places) else None


def get_or_create_player(name: str, *, session: Session) -> Player:
    key = name.strip().casefold()
    player = session.exec(select(Player).where(Player.name_key == key)).first()
    if player is None:
        player = Player(name=name.strip(), name_key=key, created_at=utc_now())
        session.add(player)
        session.flush()
    return player


def create_match(
    setup: MatchSetup,
    *,
    session: Session,
    progress: Progress,
    origin: str = RECORDED,
    title: str | None = None,
    app_version: str | None = None,
    started_at: datetime | None = None,
    finished_at: datetime | None = None,
) -> StoredMatch:
    """A new matches row with its seats; players are found by name or created."""
    now = utc_now()
    started = started_at or now
    row = StoredMatch(
        ruleset=setup.ruleset,
        options=dict(setup.options),
        format_version=FORMAT_VERSION,
        rules_revision=setup.rules,
        seed=setup.seed,
        date=setup.date,
        title=title,
        app_version=app_version or writer_version(),
        origin=origin,
        started_at=started,
        finished_at=(finished_at or now) if progress.finished else None,
        status=progress.status,
        reason=progress.reason,
        action_count=progress.action_count,
        revision=0,
        updated_at=now,
        summary=progress.summary,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    for seat, spec in enumerate(setup.players):
        player = get_or_create_player(spec.name, session=session)
        assert player.id is not None
        session.add(StoredSeat(match_id=row.id, seat=seat, player_id=player.id, side=spec.side,
                               team=spec.team, result=progress.results[seat], place=place_of(progress, seat)))
    session.flush()
    if progress.finished:  # an import of a finished match: its results count at once
        count_results(session.connection(), row.id, +1)
    return row


# Built once: the durable append runs for every action, and building statements costs more than
# running them (benchmarks/storage.py holds the append to 1.5x a raw sqlite3 insert).
_MATCHES = StoredMatch.__table__  # type: ignore[attr-defined]
_SEATS = StoredSeat.__table__  # type: ignore[attr-defined]
_ACTIONS = StoredAction.__table__  # type: ignore[attr-defined]
_ADVANCE = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("b_match_id"), _MATCHES.c.revision == bindparam("expected"))
    .values(revision=bindparam("revision"), action_count=bindparam("action_count"),
            summary=bindparam("summary"), updated_at=bindparam("updated_at"))
)
# Only when the match ends or reopens: writing `status` rewrites its index entry.
_ADVANCE_STATUS = _ADVANCE.values(status=bindparam("status"), reason=bindparam("reason"),
                                  finished_at=bindparam("finished_at"))
_SEAT_RESULT = (
    update(_SEATS)
    .where(_SEATS.c.match_id == bindparam("b_match_id"), _SEATS.c.seat == bindparam("seat_number"))
    .values(result=bindparam("result"), place=bindparam("place"))
)
_DROP_REDO = delete(_ACTIONS).where(_ACTIONS.c.match_id == bindparam("b_match_id"),
                                    _ACTIONS.c.seq >= bindparam("from_seq"))
_INSERT_ACTION = insert(_ACTIONS)
_SET_UNDONE = (
    update(_ACTIONS)
    .where(_ACTIONS.c.match_id == bindparam("b_match_id"), _ACTIONS.c.seq == bindparam("seq_number"))
    .values(undone=bindparam("is_undone"))
)


def _sqlite_time(moment: datetime) -> str:
    """A UTC time exactly as SQLAlchemy's SQLite DATETIME stores it (so both paths read back alike)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _driver_connection(session: Session) -> Any | None:
    """The sqlite3 connection under the session's transaction, for the per-action hot path."""
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        return None
    return connection.connection.driver_connection


def _changed_elsewhere(match_id: int, *, session: Session) -> StorageError:
    # Asked of the database, not the session's identity map, which may hold an older copy.
    found = session.connection().execute(select(_MATCHES.c.id).where(_MATCHES.c.id == match_id)).first()
    if found is None:
        return MatchNotFound(f"match {match_id} is not in the database (deleted, or restored from a backup)")
    return MatchChangedElsewhere(
        f"match {match_id} was changed by another Shinpan window or device since it was opened here; "
        "it has been reloaded - check the last action and try again"
    )


def _advance(match_id: int, revision: int, progress: Progress, *, session: Session,
             status_changed: bool, now: datetime) -> int:
    """Update the matches row if nobody else changed it since `revision`; the new revision."""
    params: dict[str, Any] = {
        "b_match_id": match_id, "expected": revision, "revision": revision + 1,
        "action_count": progress.action_count, "summary": progress.summary, "updated_at": now,
    }
    statement = _ADVANCE
    if status_changed:
        statement = _ADVANCE_STATUS
        params.update(status=progress.status, reason=progress.reason,
                      finished_at=now if progress.finished else None)
    connection = session.connection()
    result = connection.execute(statement, params)
    if result.rowcount != 1:
        raise _changed_elsewhere(match_id, session=session)
    if status_changed:
        count_results(connection, match_id, -1)  # the results it had leave the statistics...
        connection.execute(_SEAT_RESULT, [
            {"b_match_id": match_id, "seat_number": seat, "result": seat_result, "place": place_of(progress, seat)}
            for seat, seat_result in enumerate(progress.results)
        ])
        count_results(connection, match_id, +1)  # ...and the ones it has now join them
    return revision + 1


def _append_to_sqlite(sqlite: Any, match_id: int, entry: ActionEntry, revision: int, progress: Progress,
                      now: datetime, tallies: Sequence[dict[str, Any]], *, session: Session) -> int:
    """The SQLite hot path: the same UPDATE and INSERT as the Core statements, in the same
    transaction, without SQLAlchemy's per-statement work (benchmarks/storage.py compares it with
    a raw sqlite3 insert). Values are written exactly as SQLAlchemy writes them."""
    stamp = _sqlite_time(now)
    cursor = sqlite.execute(
        "UPDATE matches SET revision = ?, action_count = ?, summary = ?, updated_at = ? "
        "WHERE id = ? AND revision = ?",
        (revision + 1, progress.action_count, json.dumps(progress.summary), stamp, match_id, revision),
    )
    if cursor.rowcount != 1:
        raise _changed_elsewhere(match_id, session=session)
    sqlite.execute(
        "INSERT INTO match_actions (match_id, seq, actor, notation, data, recorded_at, evidence, undone, "
        "events) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
        (match_id, entry.seq, entry.actor, entry.notation, json.dumps(entry.data),
         _sqlite_time(entry.recorded_at) if entry.recorded_at else stamp, json.dumps(entry.evidence),
         json.dumps(entry.events)),
    )
    if tallies:
        sqlite.executemany(ADD_TALLY, tallies)
    return revision + 1


def append_action(
    match_id: int,
    entry: ActionEntry,
    *,
    session: Session,
    revision: int,
    progress: Progress,
    discard_redo: bool,
    status_changed: bool,
    tallies: Sequence[dict[str, Any]] = (),
) -> int:
    """Store a new action (dropping the redo list it replaces) and add what it did for the cards
    (`tallies`: db.card_tallies.tally_rows of its facts); returns the match's new revision."""
    now = utc_now()
    if not discard_redo and not status_changed and (sqlite := _driver_connection(session)) is not None:
        return _append_to_sqlite(sqlite, match_id, entry, revision, progress, now, tallies, session=session)
    new_revision = _advance(match_id, revision, progress, session=session, status_changed=status_changed,
                            now=now)
    connection = session.connection()
    if discard_redo:
        connection.execute(_DROP_REDO, {"b_match_id": match_id, "from_seq": entry.seq})
    connection.execute(_INSERT_ACTION, {
        "match_id": match_id, "seq": entry.seq, "actor": entry.actor, "notation": entry.notation,
        "data": entry.data, "recorded_at": entry.recorded_at or now, "evidence": entry.evidence,
        "undone": False, "events": entry.events,
    })
    add_tallies(connection, tallies)
    return new_revision


def set_undone(
    match_id: int,
    seq: int,
    undone: bool,
    *,
    session: Session,
    revision: int,
    progress: Progress,
    status_changed: bool,
    tallies: Sequence[dict[str, Any]] = (),
) -> int:
    """Undo (undone=True) or redo (False) the action `seq`, taking its card facts back or adding them
    again (`tallies`, signed by the caller); returns the match's new revision."""
    new_revision = _advance(match_id, revision, progress, session=session, status_changed=status_changed,
                            now=utc_now())
    session.connection().execute(_SET_UNDONE, {"b_match_id": match_id, "seq_number": seq, "is_undone": undone})
    add_tallies(session.connection(), tallies)
    return new_revision


@dataclass(frozen=True)
class LoadedMatch:
    row: StoredMatch
    setup: MatchSetup
    actions: list[StoredAction]  # in force, by seq
    redo: list[StoredAction]  # undone, next first


MAX_MATCH_ID = 2**31 - 1  # the id column's range on PostgreSQL; beyond it SQL drivers overflow


def is_storable_id(match_id: int) -> bool:
    """Whether a match number can be an id at all (a huge one is simply not found)."""
    return 1 <= match_id <= MAX_MATCH_ID


def load_match(match_id: int, *, session: Session) -> LoadedMatch:
    from db.codec import rebuild_setup

    row = session.get(StoredMatch, match_id) if is_storable_id(match_id) else None
    if row is None:
        raise MatchNotFound(f"there is no match {match_id} in the database (see `shinpan history`)")
    seats = session.exec(
        select(StoredSeat, Player).join(Player, col(Player.id) == StoredSeat.player_id)
        .where(StoredSeat.match_id == match_id).order_by(col(StoredSeat.seat))
    ).all()
    setup = rebuild_setup(row.ruleset, [(p.name, s.side, s.team) for s, p in seats], row.options, row.seed,
                          row.date, row.rules_revision)
    actions = session.exec(
        select(StoredAction).where(StoredAction.match_id == match_id).order_by(col(StoredAction.seq))
    ).all()
    return LoadedMatch(row, setup, [a for a in actions if not a.undone], [a for a in actions if a.undone])


def unfinished_match_ids(*, session: Session) -> list[int]:
    """Matches recorded here and not finished, most recently changed first: the ones to resume."""
    rows = session.exec(
        select(StoredMatch.id).where(StoredMatch.status == IN_PROGRESS, StoredMatch.origin == RECORDED)
        .order_by(col(StoredMatch.updated_at).desc(), col(StoredMatch.id).desc())
    ).all()
    return [r for r in rows if r is not None]


def delete_match(match_id: int, *, session: Session) -> None:
    """Remove a stored match with its seats and actions, its card facts leaving the statistics with it;
    a tournament result that named it keeps its outcome (the link is cleared). Caller commits."""
    connection = session.connection()
    if not is_storable_id(match_id) or connection.execute(
            select(_MATCHES.c.id).where(_MATCHES.c.id == match_id)).first() is None:
        raise MatchNotFound(f"there is no match {match_id} in the database (see `shinpan history`)")
    take_back_match(connection, match_id)
    count_results(connection, match_id, -1)
    ruleset, players = _ruleset_and_players(connection, match_id)
    # Explicit deletes: SQLite enforces ON DELETE CASCADE only where foreign keys are on, and a club's
    # older files may have been written without them.
    connection.execute(delete(_ACTIONS).where(_ACTIONS.c.match_id == match_id))
    connection.execute(delete(_SEATS).where(_SEATS.c.match_id == match_id))
    results = StoredTournamentResult.__table__  # type: ignore[attr-defined]
    connection.execute(update(results).where(results.c.match_id == match_id).values(match_id=None))
    connection.execute(delete(_MATCHES).where(_MATCHES.c.id == match_id))
    refresh_streaks(connection, players, ruleset)


def _ruleset_and_players(connection: Any, match_id: int) -> tuple[str, list[int]]:
    ruleset = connection.execute(select(_MATCHES.c.ruleset).where(_MATCHES.c.id == match_id)).scalar_one()
    players = connection.execute(select(_SEATS.c.player_id).where(_SEATS.c.match_id == match_id)).scalars()
    return str(ruleset), [int(p) for p in players]
