"""Schema migrations: a database of the first schema is upgraded at start; newer ones are refused."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, select

from companion.rules.errors import RulesError
from companion.rules.record import load_record
from db.engine import open_database
from db.errors import NewerDatabase, StorageError
from db.history import list_matches, match_timeline
from db.live import DurableMatch
from db.migrate import HEAD_REVISION, head_revision
from db.models import StoredAction
from db.stats import card_records, player_records
from db.transfer import export_record

FIXTURE = Path(__file__).parent / "fixtures" / "schema-0001.db"


@pytest.fixture
def old_database(tmp_path: Path) -> Path:
    copy = tmp_path / "shinpan.db"
    shutil.copyfile(FIXTURE, copy)
    return copy


def _revision(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def test_a_first_schema_database_is_upgraded_at_start_and_keeps_every_match(old_database: Path) -> None:
    assert _revision(old_database) == "0001"
    engine = open_database(f"sqlite:///{old_database}")
    try:
        assert _revision(old_database) == head_revision()
        with Session(engine) as session:
            page = list_matches(session=session)
            assert [m.status for m in page.items] == ["in-progress", "won", "won"]
            assert [m.action_count for m in page.items] == [8, 27, 24]
            records = player_records(session=session)
            assert sum(r.wins for r in records) == 2 and sum(r.losses for r in records) == 2
            assert sum(c.played for c in card_records(session=session)) > 0
            # Which old matches today's rules still replay, judged through the record reader.
            replays: dict[int, bool] = {}
            for summary in page.items:
                try:
                    load_record(export_record(summary.id, session=session))
                    replays[summary.id] = True
                except RulesError:
                    replays[summary.id] = False
            assert any(replays.values()), "no fixture match replays with today's rules: regenerate the fixture"
            # The upgrade replayed each old match to fill in the events of every action in force;
            # a match the rules no longer accept keeps NULL there and is still listed and exported.
            actions = session.exec(select(StoredAction).where(StoredAction.undone == False)).all()  # noqa: E712
            assert len(actions) == 8 + 27 + 24
            for action in actions:
                assert (action.events is not None) == replays[action.match_id]
            for summary in page.items:
                if replays[summary.id]:
                    timeline = match_timeline(summary.id, session=session)
                    assert len(timeline.entries) == summary.action_count
                else:
                    with pytest.raises(StorageError, match="no longer replays"):
                        match_timeline(summary.id, session=session)
        unfinished = page.items[0].id
        if replays[unfinished]:
            resumed = DurableMatch.resume_latest(engine)
            assert resumed is not None and len(resumed.match.actions) == 8
            assert len(resumed.match.redo_actions) == 1  # the undo made under the old schema is still there
            resumed.push(resumed.match.legal_responses()[0].action)  # and recording goes on
            resumed.close()
    finally:
        engine.dispose()


def test_the_tables_in_code_match_the_newest_migration(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
        assert differences == []
    finally:
        engine.dispose()


def test_a_database_from_a_newer_version_is_refused_and_left_alone(old_database: Path) -> None:
    with sqlite3.connect(old_database) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
    before = old_database.read_bytes()
    with pytest.raises(NewerDatabase, match=r"newer Shinpan \(schema 0099.*update Shinpan"):
        open_database(f"sqlite:///{old_database}")
    assert old_database.read_bytes() == before


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StorageError, match="not a Shinpan database"):
        open_database(f"sqlite:///{other}")


def test_migrations_build_the_schema_on_postgresql_and_sqlite(engine: Engine) -> None:
    with engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == head_revision()
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []


def test_the_head_known_without_reading_the_scripts_is_the_newest_migration() -> None:
    assert head_revision() == HEAD_REVISION
