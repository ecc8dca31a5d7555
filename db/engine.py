"""Opening the database: durable SQLite settings, health checks, and migration to the newest schema.

SQLite runs in WAL mode with synchronous=FULL: a commit returns only after the WAL is on disk,
so an acknowledged action survives the app being killed and the phone losing power
(docs/storage.md explains the choice).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import DatabaseError, OperationalError

from db.backup_log import newest_backup
from db.disk import disk_problem, writable_folder
from db.errors import CorruptDatabase, NewerDatabase, StorageError
from db.file_health import SQLITE_HEADER as SQLITE_HEADER
from db.location import database_url, sqlite_path

SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=FULL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=10000",  # a second app instance waits for the first one's commit
)
LIVE_MATCHES_MAX = 60  # connections beyond the pool's 5 kept ones: open live matches across all phones


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


def make_engine(url: URL | str, **kwargs: Any) -> Engine:
    """An engine with Shinpan's connection settings; no checks, no migration."""
    url = database_url(str(url)) if isinstance(url, str) else url
    # Each match being refereed holds one connection while it is open (db/live.py): a club server with
    # many phones needs more than SQLAlchemy's default 15, or the 16th phone waits 30 s and fails.
    kwargs.setdefault("max_overflow", LIVE_MATCHES_MAX)
    if url.get_backend_name() == "sqlite":
        if url.database in (None, "", ":memory:"):
            kwargs.pop("max_overflow")  # an in-memory database has a single-connection pool
        engine = create_engine(url, connect_args={"timeout": 10}, **kwargs)
        event.listen(engine, "connect", _set_sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, **kwargs)


def read_only_uri(path: Path) -> str:
    """A file: URI that reads `path` and creates nothing beside it.

    mode=ro alone still makes the -wal and -shm files of a WAL database when they are missing.
    With no -wal or -shm beside the file no Shinpan has it open (WAL keeps them while one does),
    so reading it as immutable is exact and leaves the folder as it was found.
    """
    uri = path.resolve().as_uri()
    if not any(Path(str(path) + suffix).exists() for suffix in ("-wal", "-shm")):
        return f"{uri}?immutable=1"
    return f"{uri}?mode=ro"


def check_sqlite_file(path: Path, *, full: bool = False) -> None:
    """Raise CorruptDatabase when `path` exists but is not a healthy SQLite database.

    The check made at every open costs the same at 100 matches and at 100,000 (db/file_health.py): the
    header, the schema, and the pages the last transaction wrote. `full=True` reads every page
    (PRAGMA integrity_check): `shinpan check`, and after a cheap check or an open has failed, to say
    what is wrong. Reads only: the file is opened read-only, so a damaged file stays exactly as it was.
    """
    from db.file_health import header_problem, integrity_problem, last_write_problem

    if not path.exists() or path.stat().st_size == 0:
        return
    problem = header_problem(path)
    if problem is None:
        try:
            connection = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
            try:
                problem = integrity_problem(connection) if full else last_write_problem(connection)
            finally:
                connection.close()
        except sqlite3.OperationalError as error:
            if "unable to open" in str(error) or "locked" in str(error):
                return  # not readable read-only just now (a WAL without its index): the normal open decides
            if (refused := disk_problem(error, path, doing=f"read {path}")) is not None:
                raise refused from None  # a full or failing disk is not damage: never advise a restore
            problem = str(error)
        except sqlite3.DatabaseError as error:
            problem = str(error) if full else _named_damage(path, str(error))
    if problem is not None:
        raise CorruptDatabase(damaged_message(path, problem))


def _named_damage(path: Path, seen: str) -> str:
    """After a failed open: the full check's words for the damage, else what the failure said."""
    from db.file_health import integrity_problem

    try:
        connection = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
        try:
            return integrity_problem(connection) or seen
        finally:
            connection.close()
    except sqlite3.Error:
        return seen


def refuse_newer_sqlite_file(path: Path) -> None:
    """Raise NewerDatabase before anything (even the WAL switch) touches a newer version's file."""
    from db.migrate import HEAD_REVISION, known_revisions, newer_database_message

    if not path.exists() or path.stat().st_size == 0:
        return
    connection = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:
        return  # no version table: a new or foreign file, judged by the migration step
    finally:
        connection.close()
    if row and row[0] != HEAD_REVISION and row[0] not in known_revisions():
        raise NewerDatabase(newer_database_message(str(path), str(row[0])))


def _writable(path: Path) -> bool:
    """Whether SQLite can write the database and the -wal/-shm files it keeps beside it."""
    return os.access(path, os.W_OK) and writable_folder(path.parent)


def read_only_engine(path: Path) -> Engine:
    """An engine that only reads `path`: for listing, showing, exporting and backing up a database in a
    read-only folder or file (a copy from a card, a locked-down machine). It must already be at the
    newest schema, since migrating it would write."""
    from db.migrate import current_revision, head_revision

    # No writer can be at work on a disk that refuses writes, so an empty WAL (left by the open that
    # just failed) holds nothing: read the main file as it is.
    wal = Path(str(path) + "-wal")
    uri = read_only_uri(path) if wal.exists() and wal.stat().st_size else f"{path.resolve().as_uri()}?immutable=1"
    engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(uri, uri=True, timeout=10,
                                                                        check_same_thread=False))
    try:
        with engine.connect() as connection:
            revision = current_revision(connection)
    except BaseException:
        engine.dispose()
        raise
    if revision != head_revision():
        engine.dispose()
        raise StorageError(f"{path} is read-only and was written by an older Shinpan: it must be updated, which "
                           "writes to it - copy it to a writable folder and give that copy with --database")
    return engine


def damaged_message(path: Path, detail: str) -> str:
    advice = "restore a backup with `shinpan restore BACKUP --force`"
    backup = newest_backup(path)
    if backup is not None:
        advice = f"restore your newest backup with `shinpan restore {backup} --force`"
    return (f"the match database {path} is damaged ({detail}); it was left untouched: {advice} "
            f"(the damaged file is kept aside), or point SHINPAN_DATABASE_URL at another file")


def open_database(url: URL | str | None = None, *, migrate: bool = True, create: bool = True) -> Engine:
    """The engine for the app and the CLI: checked, created if new, migrated to the newest schema.

    With create=False (the read-only commands) a SQLite file that does not exist is refused
    instead of made. Raises CorruptDatabase for a damaged file and NewerDatabase for one from a
    newer Shinpan.
    """
    from db.migrate import upgrade_to_head

    resolved = database_url(url) if url is None or isinstance(url, str) else url
    path = sqlite_path(resolved)
    if path is not None:
        resolved = resolved.set(database=str(path))
        if path.is_dir():
            raise StorageError(f"{path} is a folder, not a match database file; give the database file")
        if not create and not path.exists():
            raise StorageError(f"there is no match database at {path}: check the path, or record a match "
                               "in the app (or `shinpan import` one) to create it")
        check_sqlite_file(path)
        refuse_newer_sqlite_file(path)
        if not create and path.exists() and not _writable(path):
            return read_only_engine(path)
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(resolved)
    if migrate:
        try:
            upgrade_to_head(engine)
        except OperationalError as error:
            engine.dispose()
            if path is not None and _is_damage(error):
                check_sqlite_file(path, full=True)
            if path is None or create or disk_problem(error, path, doing="open") is None:
                raise
            # A full disk refuses even the WAL's index file; the matches are all there, so read them
            # without writing anything (history, show, export and backup need no more).
            return read_only_engine(path)
        except DatabaseError as error:  # "database disk image is malformed" and kin: name the damage
            engine.dispose()
            if path is not None and _is_damage(error):
                check_sqlite_file(path, full=True)
                raise CorruptDatabase(damaged_message(path, str(error.orig))) from None
            raise
        except BaseException:
            engine.dispose()
            raise
    return engine


def _is_damage(error: DatabaseError) -> bool:
    text = str(error.orig)
    return "malformed" in text or "not a database" in text or "corrupt" in text
