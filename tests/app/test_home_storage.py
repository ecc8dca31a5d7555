"""Home and the app shell against a real SQLite file: which match resume offers, and what the referee
sees when the database refuses (a match that no longer replays, a lock, a damaged row, no database)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy import event

from companion.app.db_adapter import DbStore
from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
from db.engine import open_database
from tests.app.helpers import press, start_kendo, to_first_exchange


def _store(path: Path, name: str = "shinpan.db") -> DbStore:
    return DbStore(open_database(f"sqlite:///{path / name}"), "test database")


def _resume_entry(app: AppViewModel) -> tuple[str, str | None] | None:
    entry = app.home.entries()[0]
    return (entry.detail, entry.match_id) if entry.route == "live" else None


def test_resume_offers_the_match_changed_last_not_the_one_started_last(tmp_path: Path) -> None:
    store = _store(tmp_path)
    first = start_kendo(store, "Aiko", "Ben")
    assert first.live is not None
    first_id = first.live.match_id
    to_first_exchange(first.live)
    time.sleep(1.1)  # the stored times have a second's resolution in places
    start_kendo(store, "Chie", "Dai")  # started later, then left
    time.sleep(1.1)
    first.go("live", first_id)  # back to Aiko v Ben from History, and refereeing on
    assert first.live is not None
    press(first.live, "Ben: no answer")
    resume = _resume_entry(AppViewModel(_store(tmp_path)))
    assert resume is not None and resume[1] == first_id and "Aiko vs Ben" in resume[0]


def test_an_imported_unfinished_match_is_never_offered_for_resume(tmp_path: Path) -> None:
    from sqlmodel import Session

    from db.transfer import import_text

    store = _store(tmp_path)
    mine = start_kendo(store, "Aiko", "Ben")
    assert mine.live is not None
    to_first_exchange(mine.live)
    friend = _store(tmp_path, "friend.db")
    theirs = start_kendo(friend, "Eri", "Fumi")
    assert theirs.live is not None
    text = friend.export_match(theirs.live.match_id).text
    with Session(store.engine) as session:  # imported after the local match was last changed
        import_text(text, session=session, source="friend.txt")
        session.commit()
    with sqlite3.connect(tmp_path / "shinpan.db") as raw:  # and the local one was begun the day before
        raw.execute("UPDATE matches SET started_at = datetime(started_at, '-1 day') WHERE origin = 'recorded'")
    resume = _resume_entry(AppViewModel(_store(tmp_path)))
    assert resume is not None and resume[1] == mine.live.match_id and "Aiko vs Ben" in resume[0]
    only_imported = _store(tmp_path, "only-imported.db")
    with Session(only_imported.engine) as session:
        import_text(text, session=session, source="friend.txt")
        session.commit()
    assert _resume_entry(AppViewModel(only_imported)) is None  # someone else's match: History has it
    assert any("Eri" in row.players for row in AppViewModel(only_imported).history.rows())


def test_a_match_that_no_longer_replays_is_explained_on_home_and_the_next_one_offered(tmp_path: Path) -> None:
    store = _store(tmp_path)
    older = start_kendo(store, "Chie", "Dai")
    assert older.live is not None
    older_id = older.live.match_id
    time.sleep(1.1)
    broken = start_kendo(store, "Aiko", "Ben")
    assert broken.live is not None
    to_first_exchange(broken.live)
    with sqlite3.connect(tmp_path / "shinpan.db") as raw:  # as if a later version had renamed the card
        raw.execute("UPDATE match_actions SET notation = 'offer ZANSHIN 4' WHERE seq = 1")
    app = AppViewModel(_store(tmp_path))
    resume = _resume_entry(app)
    assert resume is not None and resume[1] == broken.live.match_id
    app.go("live", resume[1])
    assert app.route == "home" and app.live is None
    assert "ZANSHIN" in app.home.message and "JSON" in app.home.message
    assert _resume_entry(app) == ("Chie vs Dai, 0 actions so far", older_id)
    app.go("live", older_id)
    assert app.route == "live" and app.live is not None and app.live.match_id == older_id


def test_start_match_while_another_window_locks_the_database_says_so(tmp_path: Path) -> None:
    store = _store(tmp_path)
    start_kendo(store)

    @event.listens_for(store.engine, "connect")
    def _wait_briefly(connection: sqlite3.Connection, _record: object) -> None:
        connection.execute("PRAGMA busy_timeout=300")  # the app waits 10 s; the test need not

    store.engine.dispose()
    app = AppViewModel(store)
    app.go("new")
    vm = app.new_match
    assert vm is not None
    vm.select_ruleset("kendo-shiai")
    vm.set_name(0, "Chie")
    vm.set_name(1, "Dai")
    other = sqlite3.connect(tmp_path / "shinpan.db", isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another window in the middle of a write
        assert app.start_match() is False
        assert app.route == "new" and "locked" in vm.message
    finally:
        other.rollback()
        other.close()
    assert app.start_match() is True and app.route == "live"


def test_a_damaged_row_leaves_home_usable_and_says_so(tmp_path: Path) -> None:
    start_kendo(_store(tmp_path))
    with sqlite3.connect(tmp_path / "shinpan.db") as raw:  # a bad sector, a hand edit
        raw.execute("UPDATE matches SET started_at = 'garbage' WHERE id = 1")
    app = AppViewModel(_store(tmp_path))
    labels = [e.label for e in app.home.entries()]
    assert {"New match", "History", "Decks and tags", "Settings"} <= set(labels)
    assert "could not be read" in app.home.message
    assert app.history.rows() == [] and "could not be listed" in app.history.message
    app.go("new")
    assert app.route == "new"


def test_matches_kept_only_in_memory_are_warned_about_on_home_and_the_referee_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.app.db_adapter import open_store

    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("SHINPAN_DATABASE_URL", str(tmp_path / "afile" / "shinpan.db"))
    store = open_store()
    app = start_kendo(store)
    assert isinstance(store, MemoryStore)
    assert app.home.warning.startswith("Not being saved: the database could not be opened")
    assert app.home.warning.endswith("export before closing.")
    assert app.not_saved_warning == app.home.warning
    assert AppViewModel(_store(tmp_path)).not_saved_warning == ""


def _texts(control: object) -> list[str]:
    """Every text in a Flet control tree (texts' values, buttons' labels), as the screen shows it."""
    found = []
    value = getattr(control, "value", None)
    if isinstance(value, str):
        found.append(value)
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if isinstance(item, str):
                found.append(item)
            elif item is not None:
                found += _texts(item)
    return found


def test_home_and_referee_screens_draw_the_not_saved_line_only_when_memory_only(tmp_path: Path) -> None:
    from companion.app.screens.home import home_screen
    from companion.app.screens.live import LiveScreen
    from companion.app.ui import Ui

    store = MemoryStore()
    store.not_saved_because = "the database could not be opened (disk full)"
    app = start_kendo(store)
    assert app.live is not None
    home = " | ".join(_texts(home_screen(app.home, Ui(1.0), lambda route, match_id: None, lambda: None)))
    live = " | ".join(_texts(LiveScreen(app.live, Ui(1.0), lambda: None, lambda: None,
                                        not_saved=app.not_saved_warning).build()))
    line = "Not being saved: the database could not be opened (disk full); export before closing."
    assert line in home and line in live
    saved = start_kendo(_store(tmp_path))
    assert "Not being saved" not in " ".join(_texts(home_screen(saved.home, Ui(1.0), lambda r, m: None, lambda: None)))


def test_home_draws_the_damaged_list_line_and_the_other_entries(tmp_path: Path) -> None:
    from companion.app.screens.home import home_screen
    from companion.app.ui import Ui

    start_kendo(_store(tmp_path))
    with sqlite3.connect(tmp_path / "shinpan.db") as raw:
        raw.execute("UPDATE matches SET started_at = 'garbage' WHERE id = 1")
    home = AppViewModel(_store(tmp_path)).home
    shown = " | ".join(_texts(home_screen(home, Ui(1.0), lambda r, m: None, lambda: None)))
    assert "could not be read" in shown
    assert all(label in shown for label in ("New match", "History", "Decks and tags", "Settings"))


def test_an_unfinished_match_started_by_mistake_is_deleted_from_home_and_undo_brings_it_back(
        tmp_path: Path) -> None:
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    app = start_kendo(store)
    assert app.live is not None
    to_first_exchange(app.live)
    match_id = app.live.match_id
    app.go("home")
    entries = app.home.entries()
    assert [e.label for e in entries[:2]] == ["Resume match", "Delete this unfinished match"]
    assert app.home.delete_unfinished(match_id)
    assert app.home.notice == "Deleted Aiko vs Ben (3 actions). Undo brings it back."
    assert store.matches() == [] and app.home.entries()[0].label == "New match"
    assert app.home.undo_delete()
    [back] = store.matches()
    assert back.actions == 3 and back.players == ("Aiko", "Ben")
    assert app.home.entries()[0].label == "Resume match"
    app.go("live", back.id)
    assert app.live is not None and app.live.turn_text() == "Ben (white) to answer Aiko's attack on MEN"
