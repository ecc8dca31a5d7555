"""A damaged or foreign database file, backups and restores: clear messages, nothing recorded lost."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest

from db.backup import backup_database, restore_database
from db.engine import check_sqlite_file, open_database
from db.errors import CorruptDatabase, NewerDatabase, StorageError
from db.live import DurableMatch
from db.sqlite_history import SqliteHistory
from tests.db.conftest import kendo_setup, play_steps, play_to_end, recording_meanwhile


def _database_with_matches(path: Path, count: int = 3) -> list[DurableMatch]:
    engine = open_database(f"sqlite:///{path}")
    played = []
    for n in range(count):
        live = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), n))
        play_to_end(live, random.Random(n))
        live.close()
        played.append(live)
    engine.dispose()  # the last connection closing folds the WAL into the file
    return played


def test_a_file_that_is_not_a_database_is_reported_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shinpan.db"
    path.write_bytes(b"these are my notes, not a database\n" * 100)
    before = path.read_bytes()
    with pytest.raises(CorruptDatabase, match=r"is damaged \(it is not a SQLite database\).*untouched.*restore"):
        open_database(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_a_truncated_database_is_reported_with_the_newest_backup_to_restore(tmp_path: Path) -> None:
    path = tmp_path / "shinpan.db"
    _database_with_matches(path, 12)
    backup = backup_database(path, tmp_path / "backups" / "monday.db").path
    with path.open("r+b") as handle:
        handle.truncate(path.stat().st_size // 2)
    before = path.read_bytes()
    with pytest.raises(CorruptDatabase) as caught:
        open_database(f"sqlite:///{path}")
    message = str(caught.value)
    assert "is damaged" in message and f"shinpan restore {backup.resolve()} --force" in message
    assert path.read_bytes() == before


def test_a_truncated_database_is_reported_while_another_connection_holds_it_open(tmp_path: Path) -> None:
    """With a -wal beside the file the header's page count is not trusted (a checkpoint may be under
    way), so the cut is found by reading the pages the last transaction wrote."""
    path = tmp_path / "shinpan.db"
    _database_with_matches(path, 12)
    holder = sqlite3.connect(path)
    try:
        holder.execute("PRAGMA journal_mode=WAL")
        holder.execute("SELECT count(*) FROM matches").fetchone()
        assert Path(f"{path}-wal").exists()
        with path.open("r+b") as handle:
            handle.truncate(path.stat().st_size // 2)
        with pytest.raises(CorruptDatabase, match="is damaged"):
            open_database(f"sqlite:///{path}")
    finally:
        holder.close()


def test_restore_over_a_damaged_database_keeps_the_damaged_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "shinpan.db"
    played = _database_with_matches(path)
    backup = backup_database(path, tmp_path / "backup.db").path
    path.write_bytes(path.read_bytes()[:1000])
    damaged = path.read_bytes()
    with pytest.raises(StorageError, match=r"damaged.*--force"):
        restore_database(path, backup)
    kept = restore_database(path, backup, force=True)
    assert kept is not None and kept.read_bytes() == damaged
    engine = open_database(f"sqlite:///{path}")
    try:
        with DurableMatch.resume(engine, played[-1].match_id) as resumed:
            assert resumed.match.state == played[-1].match.state
    finally:
        engine.dispose()


def test_restore_refuses_to_replace_newer_matches_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "shinpan.db"
    _database_with_matches(path, 1)
    backup = backup_database(path, tmp_path / "backup.db").path
    engine = open_database(f"sqlite:///{path}")
    newer = DurableMatch.start(engine, kendo_setup(("Chie", "Dai"), 9))
    play_steps(newer, random.Random(9), 4)
    newer.close()
    engine.dispose()
    with pytest.raises(NewerDatabase, match=r"newer than the backup.*--force"):
        restore_database(path, backup)
    kept = restore_database(path, backup, force=True)
    assert kept is not None
    with sqlite3.connect(kept) as connection:  # the newer match survives in the file kept aside
        assert connection.execute("SELECT count(*) FROM matches").fetchone()[0] == 2
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM matches").fetchone()[0] == 1


def test_a_backup_taken_while_recording_holds_every_acknowledged_action(tmp_path: Path) -> None:
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    try:
        live = DurableMatch.start(engine, kendo_setup())
        play_steps(live, random.Random(1), 7)
        backup = backup_database(path, tmp_path / "during.db").path  # the app still has the file open
        play_steps(live, random.Random(2), 3)
        live.close()
    finally:
        engine.dispose()
    copy = open_database(f"sqlite:///{backup}")
    try:
        with DurableMatch.resume(copy, live.match_id) as resumed:
            assert len(resumed.match.actions) == 7
    finally:
        copy.dispose()


def test_backup_will_not_replace_a_newer_backup_and_restore_refuses_a_newer_version(tmp_path: Path) -> None:
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    _database_with_matches(old, 1)
    _database_with_matches(new, 2)
    with pytest.raises(NewerDatabase, match=r"holds newer matches.*--force"):
        backup_database(old, new)
    with sqlite3.connect(new) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(NewerDatabase, match="newer Shinpan"):
        restore_database(old, new, force=True)


def test_a_file_being_recorded_is_never_called_damaged_while_sqlite_folds_its_wal_in(tmp_path: Path) -> None:
    """A checkpoint copies pages into the file page 1 first, so for a moment the header counts pages the
    file has not reached yet: `shinpan history` run then, beside the app recording, must read the match,
    not call the file damaged and advise a restore."""
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    live = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 3))
    opens = 0
    try:
        with recording_meanwhile(live, seed=3):
            deadline = time.monotonic() + 20.0
            while opens < 400 and time.monotonic() < deadline:
                check_sqlite_file(path)
                with SqliteHistory.open(str(path)) as history:
                    assert history.match_actions(live.match_id).match.id == live.match_id
                opens += 1
    finally:
        live.close()
        engine.dispose()
    assert opens >= 100, opens


def test_a_file_caught_mid_checkpoint_is_read_not_called_damaged(tmp_path: Path) -> None:
    """The moment a checkpoint has copied page 1 (the header, with the new page count) but not yet the
    pages past the file's old end, made on purpose: the app holds the file open and its newest pages
    are still only in the -wal."""
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    try:
        live = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 4))
        play_to_end(live, random.Random(4))
        with sqlite3.connect(path) as reading:
            pages, page_size = (reading.execute(f"PRAGMA {pragma}").fetchone()[0] for pragma in ("page_count",
                                                                                                  "page_size"))
        assert Path(f"{path}-wal").exists() and path.stat().st_size < pages * page_size
        with path.open("r+b") as handle:  # page 1 as the checkpoint writes it first
            header = bytearray(handle.read(100))
            header[28:32] = pages.to_bytes(4, "big")
            header[92:96] = header[24:28]  # the count is valid for this change
            handle.seek(0)
            handle.write(header)
        check_sqlite_file(path)
        with SqliteHistory.open(str(path)) as history:
            assert history.match_actions(live.match_id).match.action_count == len(live.match.actions)
        live.close()
    finally:
        engine.dispose()
