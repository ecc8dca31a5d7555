"""The match database as the storage, statistics and tournament commands open it, and its failures as
one-line errors with the documented exit codes."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from companion.cli.output import CliError

if TYPE_CHECKING:
    from db.errors import StorageError

EXIT_BAD_IMPORT = 2
EXIT_DAMAGED_DATABASE = 3
EXIT_NEWER_DATABASE = 4
EXIT_PARTIAL_EXPORT = 5  # some matches could only be skipped (each named on standard error)


@contextmanager
def storage_errors(database: str | None = None) -> Iterator[None]:
    """Storage failures as one-line CLI errors with their exit codes; `database` (the --database given)
    names the disk when the database itself refuses a write (full, read-only, locked)."""
    import sqlite3

    from sqlalchemy.exc import DBAPIError

    from db.errors import StorageError

    try:
        yield
    except (DBAPIError, sqlite3.Error) as error:
        raise CliError(str(_database_refusal(error, database))) from None
    except StorageError as error:
        raise cli_error(error) from None


def cli_error(error: StorageError) -> CliError:
    """A storage failure as the one-line CLI error with its exit code (without importing SQLAlchemy:
    `shinpan history` reads a SQLite file without it)."""
    from db.errors import CorruptDatabase, ImportRejected, NewerDatabase

    if isinstance(error, CorruptDatabase):
        return CliError(str(error), EXIT_DAMAGED_DATABASE)
    if isinstance(error, NewerDatabase):
        return CliError(str(error), EXIT_NEWER_DATABASE)
    if isinstance(error, ImportRejected):
        return CliError(str(error), EXIT_BAD_IMPORT)
    return CliError(str(error))


def _database_refusal(error: BaseException, database: str | None) -> Exception:
    from sqlalchemy.exc import DBAPIError

    from db.disk import disk_problem
    from db.location import database_url, sqlite_path

    try:
        path = sqlite_path(database_url(database))
    except Exception:  # an unreadable setting was already reported when the database was opened
        path = None
    cause = error.orig if isinstance(error, DBAPIError) else error
    if path is not None and (problem := disk_problem(error, path, doing="finish this command")) is not None:
        return problem
    first_line = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
    return Exception(f"the match database could not be used ({first_line}); nothing stored was changed")


def database_engine(args: argparse.Namespace, *, create: bool = False) -> Any:
    """The database to work on; only import may create it (the read-only commands refuse a missing file)."""
    from sqlalchemy.exc import OperationalError

    from db.engine import open_database
    from db.location import DATABASE_URL_ENV, database_url, sqlite_path

    try:
        if not create and not args.database and not os.environ.get(DATABASE_URL_ENV):
            default = sqlite_path(database_url(None))
            if default is not None and not default.exists():
                # A fresh install has simply stored nothing yet: read an empty database, make no file.
                return open_database("sqlite://")
        return open_database(args.database, create=create)
    except OperationalError as error:
        raise CliError(f"cannot open the match database: {_database_refusal(error, args.database)}") from None
