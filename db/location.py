"""Where the database lives: SHINPAN_DATABASE_URL, else shinpan.db in the user data folder."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from db.errors import StorageError

DATABASE_URL_ENV = "SHINPAN_DATABASE_URL"
DATABASE_FILE = "shinpan.db"
SUPPORTED_BACKENDS = ("sqlite", "postgresql")
SUPPORTED_DRIVERS = ("pysqlite", "psycopg")  # the ones installed with Shinpan


def default_database_path() -> Path:
    return user_data_path("shinpan", appauthor=False) / DATABASE_FILE


def database_url(override: str | None = None) -> URL:
    """The URL to open: an explicit override, the environment, or the file in the data folder.

    A bare file path is accepted wherever a URL is, and means a SQLite file.
    """
    text = override or os.environ.get(DATABASE_URL_ENV) or str(default_database_path())
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser().resolve()))
    try:
        url = make_url(text)
    except ArgumentError:
        raise StorageError(f"{text!r} is not a database URL: give a SQLite file path, "
                           "sqlite:///FILE or postgresql://USER@HOST/DATABASE") from None
    if url.get_backend_name() == "postgresql" and url.get_driver_name() in {"", "psycopg2"}:
        # psycopg (3) is the driver Shinpan installs; a plain postgresql:// URL means it.
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() not in SUPPORTED_BACKENDS or url.get_driver_name() not in SUPPORTED_DRIVERS:
        raise StorageError(f"{url.drivername!r} databases are not supported: give a SQLite file path, "
                           "sqlite:///FILE or postgresql://USER@HOST/DATABASE")
    return url


def sqlite_path(url: URL) -> Path | None:
    """The file of a SQLite URL, made absolute; None for PostgreSQL or an in-memory database.

    Absolute because the read-only checks open it by a file: URI, which a relative path cannot be.
    """
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database).expanduser().resolve()


def describe(url: URL) -> str:
    path = sqlite_path(url)
    return str(path) if path else url.render_as_string(hide_password=True)
