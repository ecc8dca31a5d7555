"""`shinpan backup` and `shinpan restore`: whole-database copies with SQLite's online backup API.

The online backup copies a consistent snapshot even while the app is recording. Both write a new
file beside their target, verify it (integrity check, schema) and sync it, and only then rename it
into place, so a full disk or a read-only folder fails before anything stored changes. Restore never
destroys the file it replaces: it is kept under a name the command prints. Neither overwrites a
database with newer changes unless forced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from db.backup_log import backup_log
from db.clock import utc_now
from db.disk import disk_problem
from db.engine import SQLITE_HEADER, check_sqlite_file, read_only_uri
from db.errors import CorruptDatabase, NewerDatabase, StorageError


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
    """Online backup of `source` into `target` (created or replaced page by page, in one transaction)."""
    src = sqlite3.connect(read_only_uri(source), uri=True, timeout=10)
    dst = sqlite3.connect(target, timeout=10)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def _sync(path: Path) -> None:
    """Flush `path` (a file or a folder's entries) to the disk before a rename relies on it."""
    flags = os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if path.is_dir() else 0)
    descriptor = os.open(path, flags)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _remove(path: Path) -> None:
    """Clear away a partial copy and its journal; a folder that refuses (read-only) had none made."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            Path(str(path) + suffix).unlink(missing_ok=True)


def _verified_copy(source: Path, target: Path, *, doing: str, database: Path) -> None:
    """Copy `source` to the new file `target`, check it whole (integrity, schema) and sync it; on any
    failure `target` is removed and the error is one line. `database` names the disk for messages."""
    from db.migrate import known_revisions

    try:
        _copy(source, target)
        connection = sqlite3.connect(target, timeout=10)
        try:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
            revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            connection.close()
        if integrity != "ok" or revision is None or str(revision[0]) not in known_revisions():
            raise StorageError(f"could not {doing}: the copy in {target} did not verify ({integrity}); nothing "
                               "stored was changed - check the disk and try again")
        _sync(target)
    except (sqlite3.Error, OSError) as error:
        _remove(target)
        raise disk_problem(error, database, doing=doing) or StorageError(
            f"could not {doing} ({error}); nothing stored was changed") from None
    except BaseException:
        _remove(target)
        raise


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


@dataclass(frozen=True)
class BackupMade:
    path: Path
    warning: str | None = None


def backup_database(database: Path, target: Path, *, force: bool = False) -> BackupMade:
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
    doing = f"back up to {target}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise disk_problem(error, target, doing=doing) or StorageError(f"could not {doing} ({error})") from None
    # Written beside the target and renamed over it once verified: a failed backup never leaves a
    # half-written file under the backup's name, nor spoils the older backup it was to replace.
    staged = _aside(target, "partial")
    _verified_copy(database, staged, doing=doing, database=target)
    try:
        os.replace(staged, target)
    except OSError as error:
        _remove(staged)
        raise disk_problem(error, target, doing=doing) or StorageError(f"could not {doing} ({error})") from None
    return BackupMade(target, _log_backup(database, target))


def _log_backup(database: Path, target: Path) -> str | None:
    """Note the backup in the log `newest_backup` reads; a refusal (a full or read-only folder) is a
    warning, not a failure: the backup itself is whole."""
    try:
        with backup_log(database).open("a", encoding="utf-8") as log:
            log.write(f"{utc_now().isoformat()}\t{target.resolve()}\n")
    except OSError as error:
        return (f"the backup is whole, but {backup_log(database)} could not note it ({error.strerror}), so a "
                "damaged-database message will not name it")
    return None


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
    doing = f"restore {database} from {source}"
    if not database.exists():
        try:
            database.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise disk_problem(error, database, doing=doing) or StorageError(f"could not {doing} ({error})") from None
        staged = _aside(database, "restoring")
        _verified_copy(source, staged, doing=doing, database=database)
        _install(staged, database, kept=None, doing=doing)
        return None
    try:
        check_sqlite_file(database)
        damaged = False
    except CorruptDatabase:
        damaged = True
    if damaged and not force:
        raise StorageError(f"{database} is damaged, so whether it holds newer matches cannot be told; "
                           "add --force to restore (the damaged file is kept aside)")
    if not damaged and not force and _newer(database, source):
        raise NewerDatabase(f"{database} holds matches newer than the backup {source}; "
                            "add --force to restore anyway (the current file is kept aside)")
    staged = _aside(database, "restoring")
    _verified_copy(source, staged, doing=doing, database=database)
    kept = _aside(database, "damaged" if damaged else "before-restore")
    _install(staged, database, kept=kept, doing=doing)
    return kept


def _install(staged: Path, database: Path, *, kept: Path | None, doing: str) -> None:
    """Put the verified copy `staged` in place of `database`, keeping the replaced file (with its WAL) as
    `kept`. Hard links keep it without copying a byte, so a full disk cannot stop it halfway; where
    links are not allowed it is copied, and a failure removes the partial copy. Until the final rename
    the database is exactly as it was."""
    parts = [suffix for suffix in ("", "-wal") if Path(str(database) + suffix).exists()]
    made: list[Path] = []
    try:
        for suffix in parts if kept is not None else ():
            original, aside = Path(str(database) + suffix), Path(str(kept) + suffix)
            try:
                os.link(original, aside)
            except OSError as error:
                if error.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK):
                    raise
                shutil.copy2(original, aside)
            made.append(aside)
        if kept is not None:
            _sync(database.parent)
        # The old WAL and index belong to the old file: left beside the new one, SQLite would replay
        # the old file's last changes onto the restored pages.
        for suffix in ("-wal", "-shm"):
            Path(str(database) + suffix).unlink(missing_ok=True)
        os.replace(staged, database)
        _sync(database.parent)
    except OSError as error:
        for path in made:
            path.unlink(missing_ok=True)
        _remove(staged)
        raise disk_problem(error, database, doing=doing) or StorageError(
            f"could not {doing} ({error}); nothing stored was changed") from None
