"""Starting a club server: its database (or no server at all), its PIN, and the join code for phones."""

from __future__ import annotations

import sys

from sqlalchemy.engine import Engine

from companion.app.server.club_access import hash_pin, new_pin, pin_matches
from companion.app.storage import MatchStore
from db.club import PIN_HASH, read_setting, setting_or_create


class NoDatabase(Exception):
    """The database a club server was told to use cannot be opened: it does not start at all."""


def club_store(database: str | None) -> MatchStore:
    """The named database (else $SHINPAN_DATABASE_URL, else the data folder's), never memory: a club's
    matches must be stored. Raises NoDatabase with one line naming the database."""
    from companion.app.db_adapter import DbStore
    from db.location import database_url, describe

    try:
        return DbStore.open(database)
    except Exception as error:  # unreachable server, bad URL, damaged file: one line, no half-started server
        try:
            where = describe(database_url(database))
        except Exception:
            where = repr(database)
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        raise NoDatabase(f"cannot open the match database {where} "
                         f"({reason[0] if reason else type(error).__name__}); the server was not started") from None


def ensure_pin(engine: Engine) -> str | None:
    """A club server needs a PIN: one is made when none is set. Returns the new PIN, to print once."""
    if read_setting(engine, PIN_HASH) is not None:
        return None
    pin = new_pin()
    stored = setting_or_create(engine, PIN_HASH, hash_pin(pin))
    return pin if pin_matches(pin, stored) else None  # another server stored its own first


def print_join_code(url: str) -> None:
    """The address as a QR code in the terminal, so phones join by scanning it."""
    if not sys.stdout.isatty():
        return
    import segno

    segno.make(url, error="m").terminal(compact=True)
