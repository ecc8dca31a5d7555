"""The history read straight from a SQLite file with the standard library's sqlite3 module.

`shinpan history` and `shinpan history ID` are read here first: importing SQLAlchemy, SQLModel and
pydantic alone takes longer than the answer is allowed to (docs/storage.md, "The history's read path").
This module imports neither them nor `companion`; the replay a timeline needs is db/timeline_replay.py.

Only the ordinary case is read here: a SQLite file that exists, looks whole (the same cheap check
db.engine makes at every open) and is at exactly the schema these queries were written for, opened
read-only (see _read_only_uri). Everything else raises FullPathNeeded - PostgreSQL, a URL with options, the default
database not made yet, a missing, damaged, locked, older or newer file, any SQLite error while
reading - and the caller answers through db.engine.open_database and db.history instead, which check,
migrate and word the errors. So this module never reports a database problem itself, and what it
does answer is what db.history answers: the same queries, and values read back as SQLAlchemy reads
them (tests/db/test_sqlite_history.py compares the two paths' whole command output).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from db.errors import MatchNotFound, StorageError
from db.file_health import header_problem, last_write_problem
from db.history_query import MatchFilter, Page
from db.outcomes import OUTCOMES

# The schema revision (alembic_version) these queries are written for. A file at any other revision is
# left to the full path, which upgrades an older one and refuses a newer one. A test keeps this equal to
# db.migrate.HEAD_REVISION, so a new migration makes whoever adds it look at the queries below.
SCHEMA_REVISION = "0009"

# As db/location.py reads the setting; repeated because that module imports SQLAlchemy's URL (a test
# checks that both name the same file).
DATABASE_URL_ENV = "SHINPAN_DATABASE_URL"
DATABASE_FILE = "shinpan.db"
SQLITE_URL_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///")

# Values as db/models.py stores them (that module imports SQLModel; a test checks they agree).
IN_PROGRESS, WON, DRAWN = "in-progress", "won", "draw"
WIN, LOSS = "win", "loss"
MAX_MATCH_ID = 2**31 - 1  # as db.repository.is_storable_id: a larger number is simply not found

# A writer holding the file briefly is waited for this long; past it the full path waits as it always did.
BUSY_WAIT_SECONDS = 0.2

MATCH_COLUMNS = ("id, ruleset, options, rules_revision, seed, date, title, origin, started_at, finished_at, "
                 "status, reason, action_count, summary, tournament_id, tournament_pairing")


class FullPathNeeded(Exception):
    """This database is not read here: open it through db.engine.open_database (why is the message)."""


@dataclass(frozen=True)
class SeatView:
    """One seat of a match as the history shows it (db.models.SeatPublic's fields)."""

    seat: int
    side: str | None
    team: str | None
    result: str | None
    place: int | None
    name: str


@dataclass(frozen=True)
class MatchView:
    """One match as the history lists it: the fields of db.models.MatchSummary that reading code uses."""

    id: int
    ruleset: str
    options: dict[str, Any]
    rules_revision: int
    seed: int | None
    date: str | None
    title: str | None
    origin: str
    started_at: datetime
    finished_at: datetime | None
    status: str
    reason: str
    action_count: int
    summary: dict[str, Any]
    players: list[SeatView]
    tournament_id: int | None = None
    tournament_pairing: str | None = None

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.result == WIN]


@dataclass(frozen=True)
class ActionView:
    """One stored action, as a timeline replays it."""

    seq: int
    actor: int
    notation: str
    recorded_at: datetime
    evidence: dict[str, Any] | None


@dataclass(frozen=True)
class MatchActions:
    match: MatchView
    in_force: list[ActionView]  # by seq
    redo: list[ActionView]  # undone, next first


@dataclass
class _Where:
    sql: list[str] = field(default_factory=list)
    params: list[Any] = field(default_factory=list)

    def add(self, condition: str, *params: Any) -> None:
        self.sql.append(condition)
        self.params.extend(params)

    def clause(self) -> str:
        return f" WHERE {' AND '.join(self.sql)}" if self.sql else ""


def sqlite_file_named(database: str | None) -> Path:
    """The SQLite file `--database` (else $SHINPAN_DATABASE_URL, else the data folder's file) names, as
    db.location.database_url and sqlite_path resolve it; FullPathNeeded for anything else."""
    text = database or os.environ.get(DATABASE_URL_ENV)
    if not text:
        return _default_database_path()
    if "://" not in text:
        return Path(text).expanduser().resolve()
    for prefix in SQLITE_URL_PREFIXES:
        # SQLAlchemy unquotes %-escapes and reads ?options; such URLs are rare enough to leave to it.
        if text.startswith(prefix) and not any(mark in text for mark in "?%#"):
            name = text[len(prefix):]
            if name and name != ":memory:":
                return Path(name).expanduser().resolve()
    raise FullPathNeeded(f"not a plain SQLite file URL: {text.split('://')[0]}://...")


def _default_database_path() -> Path:
    from platformdirs import user_data_path  # only here: the usual run names its file and skips this import

    return user_data_path("shinpan", appauthor=False) / DATABASE_FILE


def _read_only_connection(path: Path) -> tuple[sqlite3.Connection, bool]:
    """The file opened read-only and autocommit (reads are grouped in explicit transactions, for one
    snapshot), after the checks db.engine makes at every open; and whether it was opened immutable."""
    try:
        if not path.is_file():
            raise FullPathNeeded(f"{path} is not a file")  # missing, a folder: the full path words it
        problem = header_problem(path)
        uri, immutable = _read_only_uri(path)
    except OSError as error:
        raise FullPathNeeded(f"{path}: {error.strerror}") from None
    if problem is not None:
        raise FullPathNeeded(problem)
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=BUSY_WAIT_SECONDS, isolation_level=None)
    except sqlite3.Error as error:
        raise FullPathNeeded(str(error)) from None
    try:
        last_write_problem(connection)  # what db.engine.check_sqlite_file reads at every open
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error as error:
        connection.close()
        raise FullPathNeeded(str(error)) from None
    if row is None or row[0] != SCHEMA_REVISION:
        connection.close()
        raise FullPathNeeded(f"schema {row[0] if row else None}, not {SCHEMA_REVISION}")
    return connection, immutable


def _read_only_uri(path: Path) -> tuple[str, bool]:
    """How to read `path` without making anything beside it; True when that is as an immutable file.

    A WAL file (header bytes 18-19) with no -wal or -shm beside it is open nowhere: SQLite keeps both
    while any connection has the file and removes them when the last one closes. Read as immutable it is
    read exactly, and nothing is made beside it - mode=ro would create both, and on a full disk leave them
    half made for the full path to trip on (db.engine.read_only_uri reasons alike). Anything else is read
    with mode=ro and SQLite's locks: a Shinpan recording a match, a rollback-journal file a writer changes
    in place.
    """
    with path.open("rb") as handle:
        header = handle.read(20)
    if header[18:20] == b"\x02\x02" and not _has_wal_files(path):
        return f"{path.as_uri()}?immutable=1", True
    return f"{path.as_uri()}?mode=ro", False


def _has_wal_files(path: Path) -> bool:
    return any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))


class SqliteHistory:
    """The history of one SQLite file, read-only; use as a context manager (it closes the file)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, *, immutable: bool) -> None:
        self._path = path
        self._connection = connection
        self._immutable = immutable

    @classmethod
    def open(cls, database: str | None) -> SqliteHistory:
        """The file `database` names (as the CLI's --database); FullPathNeeded when it is not read here."""
        try:
            path = sqlite_file_named(database)
        except (OSError, ValueError, RuntimeError) as error:  # no home for ~user, a NUL in the name...
            raise FullPathNeeded(str(error)) from None  # ...whatever the full path makes of it, as before
        connection, immutable = _read_only_connection(path)
        return cls(path, connection, immutable=immutable)

    def __enter__(self) -> SqliteHistory:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._connection.close()

    def list_matches(self, where: MatchFilter, *, page: int = 1, per_page: int = 50,
                     ruleset_id: Callable[[str], str] = str) -> Page[MatchView]:
        """db.history.list_matches: newest first (by start), one page, each match with its players.

        `ruleset_id` turns the filter's ruleset (an id or alias) into the stored id: the CLI passes the
        rules registry's lookup, which db/ cannot import here without the rules' own import cost.
        """
        if page < 1 or per_page < 1:
            raise StorageError("pages are numbered from 1 and hold at least one match")
        try:
            conditions = _conditions(where, ruleset_id)
        except OverflowError as error:  # --until 9999-12-31: the full path fails there as it always did
            raise FullPathNeeded(str(error)) from None
        with self._snapshot():
            total = int(self._query(f"SELECT count(*) FROM matches{conditions.clause()}", conditions.params)[0][0])
            offset = (page - 1) * per_page
            if offset >= total:  # past the last page; also keeps a huge page number out of SQL's integers
                return Page([], total, page, per_page)
            rows = self._query(
                f"SELECT {MATCH_COLUMNS} FROM matches{conditions.clause()} "
                "ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?",
                [*conditions.params, min(per_page, total), offset])
            return Page(self._matches(rows), total, page, per_page)

    def match_actions(self, match_id: int) -> MatchActions:
        """db.repository.load_match's rows with db.history.get_summary's view of the match, read in one
        snapshot; MatchNotFound (with db.repository's words) for a match that is not there."""
        with self._snapshot():
            rows = (self._query(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", [match_id])
                    if 1 <= match_id <= MAX_MATCH_ID else [])
            if not rows:
                raise MatchNotFound(f"there is no match {match_id} in the database (see `shinpan history`)")
            match = self._matches(rows)[0]
            actions = self._query("SELECT seq, actor, notation, recorded_at, evidence, undone FROM match_actions "
                                  "WHERE match_id = ? ORDER BY seq", [match_id])
        in_force: list[ActionView] = []
        redo: list[ActionView] = []
        try:
            for seq, actor, notation, recorded_at, evidence, undone in actions:
                action = ActionView(int(seq), int(actor), str(notation), _datetime(recorded_at),
                                    _json_or_none(evidence))
                (redo if undone else in_force).append(action)
        except (ValueError, TypeError) as error:  # a damaged stored value: the full path words it
            raise FullPathNeeded(str(error)) from None
        return MatchActions(match, in_force, redo)

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        """BEGIN ... COMMIT around a group of reads: in WAL mode they all see one committed state, even
        while another connection records a match."""
        try:
            self._connection.execute("BEGIN")
        except sqlite3.Error as error:
            raise FullPathNeeded(str(error)) from None
        try:
            yield
        finally:
            if self._connection.in_transaction:
                self._connection.execute("COMMIT")  # read-only: it only ends the snapshot
        if self._immutable and _has_wal_files(self._path):
            # A Shinpan opened the file while it was read without locks: what was read may be torn.
            raise FullPathNeeded("the file was opened for writing while it was read")

    def _query(self, sql: str, params: Sequence[Any]) -> list[Any]:
        try:
            return self._connection.execute(sql, params).fetchall()
        except (sqlite3.Error, OverflowError) as error:  # a damaged page, a lock, an id SQLite cannot hold
            raise FullPathNeeded(str(error)) from None

    def _matches(self, rows: list[Any]) -> list[MatchView]:
        """db.history.summaries: each row with its seats in order, named."""
        ids = [int(row[0]) for row in rows]
        seats: dict[int, list[SeatView]] = {match_id: [] for match_id in ids}
        found = self._query(
            "SELECT s.match_id, s.seat, s.side, s.team, s.result, s.place, p.name FROM match_seats s "
            f"JOIN players p ON p.id = s.player_id WHERE s.match_id IN ({', '.join('?' for _ in ids)}) "
            "ORDER BY s.match_id, s.seat", ids)
        for match_id, seat, side, team, result, place, name in found:
            seats[match_id].append(SeatView(seat, side, team, result, place, name))
        try:
            return [_match_view(row, seats[int(row[0])]) for row in rows]
        except (ValueError, TypeError) as error:  # a value SQLAlchemy would read otherwise, or refuse
            raise FullPathNeeded(str(error)) from None


def _day_start(day: date) -> str:
    """Midnight UTC as SQLAlchemy binds a datetime to SQLite (its text, whatever the time zone):
    the filters compare the same text."""
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d} 00:00:00.000000"


def _conditions(where: MatchFilter, ruleset_id: Callable[[str], str]) -> _Where:
    """db.history._conditions in SQL, checked in the same order (the first mistake is the one reported)."""
    found = _Where()
    if where.ruleset:
        found.add("ruleset = ?", ruleset_id(where.ruleset))
    if where.tournament is not None:
        found.add("tournament_id = ?", where.tournament)
    if where.since:
        found.add("started_at >= ?", _day_start(where.since))
    if where.until:
        found.add("started_at < ?", _day_start(where.until + timedelta(days=1)))
    player_seat: list[str] = []
    player_params: list[Any] = []
    if where.player:
        player_seat = ["match_seats.match_id = matches.id",
                       "match_seats.player_id = (SELECT players.id FROM players WHERE players.name_key = ?)"]
        player_params = [where.player.strip().casefold()]
    outcome = where.outcome
    if outcome in {"win", "loss"}:
        if not player_seat:
            raise StorageError(f"outcome {outcome!r} is about one player: give the player too")
        player_seat.append("match_seats.result = ?")
        player_params.append(WIN if outcome == "win" else LOSS)
    elif outcome == "in-progress":
        found.add("status = ?", IN_PROGRESS)
    elif outcome == "finished":
        found.add("status != ?", IN_PROGRESS)
    elif outcome == "won":
        found.add("status = ?", WON)
    elif outcome == "draw":
        found.add("status = ?", DRAWN)
    elif outcome is not None:
        raise StorageError(f"unknown outcome {outcome!r}: use one of {', '.join(OUTCOMES)}")
    if player_seat:
        found.add(f"EXISTS (SELECT 1 FROM match_seats WHERE {' AND '.join(player_seat)})", *player_params)
    return found


def _datetime(value: Any) -> datetime:
    """A DATETIME column as the models read it back: SQLAlchemy's SQLite dialect parses the text with
    datetime.fromisoformat, then SQLModel's UTCDateTime makes it UTC (naive text is UTC already)."""
    if not isinstance(value, str):
        raise ValueError(f"a stored time is not text: {value!r}")
    moment = datetime.fromisoformat(value)
    return moment.replace(tzinfo=UTC) if moment.utcoffset() is None else moment.astimezone(UTC)


def _json(value: Any) -> Any:
    """A JSON column as SQLAlchemy reads it (json.loads of the text)."""
    if not isinstance(value, str):
        raise ValueError(f"a stored JSON value is not text: {value!r}")
    return json.loads(value)


def _json_or_none(value: Any) -> Any:
    return None if value is None else _json(value)


def _dict(value: Any) -> dict[str, Any]:
    loaded = _json(value)
    if not isinstance(loaded, dict):
        raise ValueError("a stored JSON object is not an object")  # MatchSummary's validation would refuse it
    return loaded


def _match_view(row: Sequence[Any], players: Iterable[SeatView]) -> MatchView:
    (match_id, ruleset, options, rules_revision, seed, date_text, title, origin, started_at, finished_at, status,
     reason, action_count, summary, tournament_id, tournament_pairing) = row
    return MatchView(
        id=match_id, ruleset=ruleset, options=_dict(options), rules_revision=rules_revision, seed=seed,
        date=date_text, title=title, origin=origin, started_at=_datetime(started_at),
        finished_at=None if finished_at is None else _datetime(finished_at), status=status, reason=reason,
        action_count=action_count, summary=_dict(summary), players=list(players), tournament_id=tournament_id,
        tournament_pairing=tournament_pairing,
    )
