"""`shinpan backup` and `shinpan restore`: whole-database copies with SQLite's online backup API.

The online backup copies a consistent snapshot even while the app is recording. Restore never
destroys the file it replaces: a healthy one is copied aside first, a damaged one is moved
aside untouched. Neither overwrites a database with newer changes unless forced.
"""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

from db.clock import utc_now
from db.engine import SQLITE_HEADER, check_sqlite_file, read_only_uri
from db.errors import CorruptDatabase, NewerDatabase, StorageError

BACKUP_LOG_SUFFIX = ".backups"  # beside the database: one "time<TAB>path" line per backup made


def backup_log(database: Path) -> Path:
    return database.with_name(database.name + BACKUP_LOG_SUFFIX)


def newest_backup(database: Path) -> Path | None:
    """The most recent backup of `database` that still exists, from its backup log."""
    log = backup_log(database)
    try:
        lines = log.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        _, _, path = line.partition("\t")
        if path and Path(path).is_file():
            return Path(path)
    return None


def last_change(path: Path) -> datetime | None:
    """When the database at `path` last changed a match (None when it holds none)."""
    connection = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
    try:
        value = connection.execute("SELECT max(updated_at) FROM matches").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise CorruptDatabase(f"{path} is not a Shinpan database ({error})") from None
    finally:
        connection.close()
    return datetime.fromisoformat(value) if value else None


def _schema_revision(path: Path) -> str | None:
    connection = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        return None
    finally:
        connection.close()
    return str(row[0]) if row else None


def _copy(source: Path, target: Path) -> None:
    """Online backup of `source` into `target` (created or replaced page by page)."""
    src = sqlite3.connect(read_only_uri(source), uri=True, timeout=10)
    dst = sqlite3.connect(target, timeout=10)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def _aside(database: Path, label: str) -> Path:
    """A free name beside `database` for a file kept aside (never one that already exists)."""
    stamp = utc_now().strftime("%Y%m%d-%H%M%S")
    candidate = database.with_name(f"{database.name}.{label}-{stamp}")
    number = 1
    while any(Path(str(candidate) + suffix).exists() for suffix in ("", "-wal", "-shm")):
        number += 1
        candidate = database.with_name(f"{database.name}.{label}-{stamp}-{number}")
    return candidate


def _newer(candidate: Path, than: Path) -> bool:
    mine, theirs = last_change(candidate), last_change(than)
    return mine is not None and (theirs is None or mine > theirs)


def _is_sqlite_file(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def _check_backup_target(target: Path, database: Path, force: bool) -> None:
    """An existing target is replaced only if it is a SQLite file, and without force only an older backup."""
    if target.stat().st_size == 0:
        return
    if not _is_sqlite_file(target):
        raise StorageError(f"{target} exists and is not a Shinpan backup; it was left untouched: "
                           "choose another file name or a folder")
    if force:
        return
    try:
        check_sqlite_file(target)
        newer = _newer(target, database)
    except CorruptDatabase:
        raise StorageError(f"{target} exists and is not a readable Shinpan backup; choose another file, "
                           "or add --force to replace it") from None
    if newer:
        raise NewerDatabase(f"{target} holds newer matches than {database}; "
                            "choose another file, or add --force to replace it")


def backup_database(database: Path, target: Path, *, force: bool = False) -> Path:
    """Copy the database to `target`; refuses to replace a backup holding newer changes unless forced."""
    if not database.is_file():
        raise StorageError(f"there is no database at {database} yet: nothing to back up")
    check_sqlite_file(database)
    if target.resolve() == database.resolve():
        raise StorageError("the backup must be another file than the database itself")
    if target.is_dir():
        target = target / f"shinpan-{utc_now().strftime('%Y%m%d-%H%M%S')}.db"
    if target.exists():
        _check_backup_target(target, database, force)
    target.parent.mkdir(parents=True, exist_ok=True)
    _copy(database, target)
    with backup_log(database).open("a", encoding="utf-8") as log:
        log.write(f"{utc_now().isoformat()}\t{target.resolve()}\n")
    return target


def restore_database(database: Path, source: Path, *, force: bool = False) -> Path | None:
    """Replace the database with the backup `source`; returns where the replaced file was kept.

    Refuses a backup from a newer Shinpan, a damaged backup, and (without force) replacing a
    database with newer changes than the backup or one too damaged to tell.
    """
    from db.migrate import known_revisions

    if not source.is_file():
        raise StorageError(f"{source}: no such backup file")
    check_sqlite_file(source)
    revision = _schema_revision(source)
    if revision is None:
        raise StorageError(f"{source} is not a Shinpan database backup")
    if revision not in known_revisions():
        raise NewerDatabase(f"{source} was made by a newer Shinpan (schema {revision}); update Shinpan first")
    if not database.exists():
        database.parent.mkdir(parents=True, exist_ok=True)
        _copy(source, database)
        return None
    try:
        check_sqlite_file(database)
        damaged = False
    except CorruptDatabase:
        damaged = True
    if damaged:
        if not force:
            raise StorageError(f"{database} is damaged, so whether it holds newer matches cannot be told; "
                               "add --force to restore (the damaged file is kept aside)")
        kept = _aside(database, "damaged")
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(database) + suffix)
            if part.exists():
                shutil.move(part, Path(str(kept) + suffix))
        _copy(source, database)
        return kept
    if not force and _newer(database, source):
        raise NewerDatabase(f"{database} holds matches newer than the backup {source}; "
                            "add --force to restore anyway (the current file is kept aside)")
    kept = _aside(database, "before-restore")
    _copy(database, kept)
    _copy(source, database)
    return kept
