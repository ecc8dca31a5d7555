"""Settings a club server keeps in the match database, so every server process on it shares them."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session

from db.models import ClubSetting

PIN_HASH = "pin_hash"
SESSION_KEY = "session_key"


def read_setting(engine: Engine, name: str) -> str | None:
    with Session(engine) as session:
        row = session.get(ClubSetting, name)
        return row.value if row is not None else None


def write_setting(engine: Engine, name: str, value: str) -> None:
    with Session(engine) as session, session.begin():
        row = session.get(ClubSetting, name)
        if row is None:
            session.add(ClubSetting(name=name, value=value))
        else:
            row.value = value


def setting_or_create(engine: Engine, name: str, make: str) -> str:
    """The stored value, or `make` stored now; two servers starting at once agree on the first one stored."""
    found = read_setting(engine, name)
    if found is not None:
        return found
    try:
        with Session(engine) as session, session.begin():
            session.add(ClubSetting(name=name, value=make))
    except Exception:  # another server stored it between our read and our write: theirs stands
        found = read_setting(engine, name)
        if found is None:
            raise
        return found
    return make
