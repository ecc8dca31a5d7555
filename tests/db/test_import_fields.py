"""A JSON import with wrong field types or lengths is refused with the field's place, before anything
is stored, so history and export of the whole database keep working (SQLite and PostgreSQL)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from companion.rules.model import PlayerSpec
from db.engine import open_database
from db.errors import ImportRejected, StorageError
from db.history import list_matches
from db.live import DurableMatch
from db.models import StoredMatch
from db.transfer import export_json, export_record, import_text
from tests.db.conftest import kendo_setup, play_to_end


def _count(engine: Engine) -> int:
    with Session(engine) as session:
        return int(session.exec(select(func.count()).select_from(StoredMatch)).one())


@pytest.fixture
def exported(engine: Engine) -> dict[str, Any]:
    with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 3), title="Club night") as live:
        play_to_end(live, random.Random(3))
        match_id = live.match_id
    with Session(engine) as session:
        return export_json([match_id], session=session)


BAD_FIELDS = [
    ("seed", "abc", "matches[0].seed"),
    ("seed", 1.5, "matches[0].seed"),
    ("title", {"a": 1}, "matches[0].title"),
    ("title", "x" * 5000, "matches[0].title"),
    ("title", "Final\nplayer: Mallory", "matches[0].title"),
    ("date", 20240101, "matches[0].date"),
    ("date", "2024-01-01\nresult: draw", "matches[0].date"),
    ("options", [1], "matches[0].options"),
    ("options", {"rounds": [1, 2]}, "matches[0].options"),
    ("name", 123, "matches[0].players[1].name"),
    ("name", "N" * 300, "matches[0].players[1].name"),
    ("team", "T" * 65, "matches[0].players[1].team"),
    ("title", "Fi\x00nal", "matches[0].title"),
    ("title", "Final \u202eniaga", "matches[0].title"),
    ("name", "Be\u200bn", "matches[0].players[1].name"),
    ("status", "in-progress", "matches[0].status"),
    ("reason", "Ben fell asleep", "matches[0].reason"),
]


@pytest.mark.parametrize(("field", "value", "place"), BAD_FIELDS,
                         ids=[f"{field}-{number}" for number, (field, _, _) in enumerate(BAD_FIELDS)])
def test_a_bad_field_is_refused_by_name_and_the_database_stays_readable(
        engine: Engine, exported: dict[str, Any], field: str, value: Any, place: str) -> None:
    document = copy.deepcopy(exported)
    if field in {"name", "team"}:
        document["matches"][0]["players"][1][field] = value
    else:
        document["matches"][0][field] = value
    before = _count(engine)
    with Session(engine) as session, pytest.raises(ImportRejected) as caught, session.begin():
        import_text(json.dumps(document), session=session, source="edited.json")
    assert str(caught.value).startswith(f"edited.json: {place} "), str(caught.value)
    assert _count(engine) == before
    with Session(engine) as session:  # what is stored still lists and exports
        ids = [m.id for m in list_matches(session=session).items]
        assert all(export_record(i, session=session) for i in ids)
        assert export_json(ids, session=session)["matches"]


def test_the_same_document_with_good_fields_imports(other_sqlite_engine: Engine, exported: dict[str, Any]) -> None:
    with Session(other_sqlite_engine) as session, session.begin():
        report = import_text(json.dumps(exported), session=session)
    assert len(report.imported) == 1


@pytest.mark.parametrize("title", ["Final\nplayer: Mallory", "tab\there", "x" * 201])
def test_a_new_match_refuses_a_title_a_record_file_could_not_hold(engine: Engine, title: str) -> None:
    with pytest.raises(StorageError, match="title"):
        DurableMatch.start(engine, kendo_setup(), title=title)
    assert _count(engine) == 0


def test_a_database_that_refuses_a_new_match_is_a_storage_error(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'shinpan.db'}")
    with engine.begin() as connection:  # SQLite itself refusing the insert, as a full disk would
        connection.exec_driver_sql("CREATE TRIGGER refuse BEFORE INSERT ON matches "
                                   "BEGIN SELECT RAISE(ABORT, 'the disk says no'); END")
    with pytest.raises(StorageError, match=r"the disk says no.*nothing was stored"):
        DurableMatch.start(engine, kendo_setup())
    engine.dispose()


def test_a_name_too_long_for_postgresql_is_a_storage_error(postgres_url: str) -> None:
    engine = open_database(postgres_url)
    setup = kendo_setup()
    # Built past make_setup (which will refuse it): the database is the last line of defence.
    long_named = replace(setup, players=(PlayerSpec("N" * 150, "red"), setup.players[1]))
    with pytest.raises(StorageError, match="could not store the new match"):
        DurableMatch.start(engine, long_named)
    assert _count(engine) == 0
    engine.dispose()
