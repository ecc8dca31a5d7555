"""Schema migrations with Alembic, configured in code (no alembic.ini to ship or find).

`upgrade_to_head` runs at every start: a new database gets the whole schema, an older one is
upgraded in one transaction, and one written by a newer Shinpan is refused (NewerDatabase).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from db.errors import NewerDatabase, StorageError
from db.location import describe

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
# The newest revision, known without reading the scripts: a database already there is opened without
# importing Alembic or parsing every migration (a tenth of a second at each start). A test checks it.
HEAD_REVISION = "0009"


def stored_revision(connection: Connection) -> str | None:
    """alembic_version's revision by plain SQL; None when there is no such table (or row)."""
    try:
        with connection.begin_nested():
            row = connection.execute(text("SELECT version_num FROM alembic_version")).first()
    except DBAPIError:
        return None
    return str(row[0]) if row else None


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def current_revision(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def newer_database_message(where: str, revision: str) -> str:
    return (f"the match database {where} was written by a newer Shinpan (schema {revision}; this "
            f"version knows up to {head_revision()}); update Shinpan to open it - nothing in it was changed")


def upgrade_to_head(engine: Engine, target: str = "head") -> None:
    """Create or upgrade the schema; refuse a database from a newer version or another program."""
    with engine.connect() as connection:
        if target == "head" and stored_revision(connection) == HEAD_REVISION:
            return  # the usual open: nothing to do, and no Alembic to import
    from alembic import command

    with engine.begin() as connection:
        revision = current_revision(connection)
        if revision is not None and revision not in known_revisions():
            raise NewerDatabase(newer_database_message(describe(engine.url), revision))
        if revision is None:
            tables = set(inspect(connection).get_table_names())
            if tables:
                raise StorageError(
                    f"{describe(engine.url)} holds tables ({', '.join(sorted(tables)[:3])}...) "
                    "but no Shinpan schema version: it is not a Shinpan database; choose another file"
                )
        if revision == head_revision() and target == "head":
            return
        command.upgrade(alembic_config(connection), target)
