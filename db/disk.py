"""What the disk under a database says when it refuses a write: full, read-only, failing, or locked.

SQLite reports a full disk as "database or disk is full" or, when the WAL cannot grow, as "disk I/O
error"; a read-only folder as "attempt to write a readonly database" or "unable to open database
file". None of these is damage: the file is healthy and every match in it is still there, so the
advice is to free space or fix permissions, never to restore a backup (issue 20: advising `restore
--force` on a full disk once turned a healthy database into an empty one).
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from db.errors import StorageError


class DiskProblem(StorageError):
    """The disk or folder refused a write (full, read-only, an I/O error); nothing stored was changed."""


class DatabaseBusy(StorageError):
    """Another program held the database lock for longer than Shinpan waits (10 s)."""


_FULL = ("database or disk is full", "no space left")
_READ_ONLY = ("readonly database", "read-only file system", "unable to open database file", "permission denied")
_IO = ("disk i/o error",)
_LOCKED = ("database is locked", "database table is locked")
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT}
_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


def free_space(folder: Path) -> str:
    """The free space of the disk holding `folder`, for messages ("12.3 MB free")."""
    for candidate in (folder, *folder.parents):
        try:
            free = shutil.disk_usage(candidate).free
        except OSError:
            continue
        for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
            if free >= size:
                return f"{free / size:.1f} {unit} free"
        return f"{free} bytes free"
    return "free space unknown"


def writable_folder(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)


def _cause(error: BaseException) -> BaseException:
    return error.orig if isinstance(error, DBAPIError) and error.orig is not None else error


def disk_problem(error: BaseException, database: Path, *, doing: str) -> StorageError | None:
    """The one-line StorageError for a refused write to or beside `database` while `doing` something;
    None when `error` is not the disk's (a real bug, or damage, is left to its own handler)."""
    cause = _cause(error)
    text = str(cause).lower()
    folder = database.parent
    kept = "nothing stored was changed"
    code = cause.errno if isinstance(cause, OSError) else None
    if code in _FULL_ERRNOS or any(words in text for words in _FULL):
        return DiskProblem(f"could not {doing}: the disk holding {folder} is full ({free_space(folder)}); "
                           f"{kept} - free some space and try again")
    if code in _READ_ONLY_ERRNOS or any(words in text for words in _READ_ONLY):
        return DiskProblem(f"could not {doing}: {folder} is read-only for Shinpan; {kept} - make the folder "
                           "writable, or copy the database to a writable folder and use --database")
    if any(words in text for words in _IO) or code == errno.EIO:
        return DiskProblem(f"could not {doing}: the disk holding {folder} reported an I/O error (it may be full: "
                           f"{free_space(folder)}, or failing); the database is not damaged and {kept} - "
                           "free some space or check the disk, then try again")
    if any(words in text for words in _LOCKED):
        return DatabaseBusy(f"could not {doing}: the match database {database} stayed locked by another program "
                            f"for more than 10 s; {kept} - close the other Shinpan window or wait, then try again")
    return None


def is_disk_error(error: BaseException) -> bool:
    """Whether a failed read of a database is the disk's doing rather than the file's damage."""
    return isinstance(error, sqlite3.Error | OSError | DBAPIError) and disk_problem(error, Path("."), doing="read") \
        is not None
