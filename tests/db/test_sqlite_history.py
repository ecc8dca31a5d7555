"""`shinpan history` read with the sqlite3 module alone (db/sqlite_history.py): the same bytes on standard
output and standard error, and the same exit code, as the full path through SQLAlchemy (db/history.py);
and the full path takes over whenever the file is not an ordinary one of the newest schema."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

import db.history
from companion.cli import storage_commands
from companion.cli.main import main
from companion.rules.match import Match
from companion.rules.registry import get_ruleset
from db import models
from db.engine import open_database
from db.history_query import MatchFilter
from db.live import DurableMatch
from db.location import database_url, default_database_path, sqlite_path
from db.migrate import HEAD_REVISION
from db.sqlite_history import SCHEMA_REVISION, FullPathNeeded, SqliteHistory, sqlite_file_named
from tests.db.conftest import kendo_setup, play_steps, play_to_end, recording_meanwhile
from tests.db.test_history import KNOWN_MATCH

REPO = Path(__file__).resolve().parents[2]
MIGRATION_FIXTURE = Path(__file__).parent / "fixtures" / "schema-0001.db"

Answer = tuple[int, str, str]  # exit code, standard output, standard error


def _play(engine: Engine, ruleset: str, names: list[str], seed: int, *, finish: bool = True,
          title: str | None = None) -> DurableMatch:
    live = DurableMatch.start(engine, get_ruleset(ruleset).make_setup(names, seed=seed), title=title)
    if finish:
        play_to_end(live, random.Random(seed))
    else:
        play_steps(live, random.Random(seed), 6)
    return live


def _drawn_musashi_seed(names: list[str]) -> int:
    """A seed whose random play ends Musashi's Challenge in a HIKI-WAKE (a draw that still ranks places)."""
    for seed in range(200):
        match = Match(get_ruleset("musashi").make_setup(names, seed=seed))
        rng = random.Random(seed)
        while not match.outcome().finished:
            match.push(rng.choice(match.legal_responses()).action)
        if match.outcome().draw:
            return seed
    raise AssertionError("no drawn Musashi's Challenge match in 200 seeds")


def _build_archive(path: Path) -> None:
    """Every kind of match the history shows: five rulesets, won, drawn (with places) and unfinished
    matches, undone actions (a redo list), evidence, a title, an imported match, tournament pairings,
    names beyond ASCII, and starts spread over three days (one stored without microseconds)."""
    engine = open_database(f"sqlite:///{path}")
    played = [
        _play(engine, "kendo-shiai", ["Aiko", "Ben"], 1, title="Final of the club cup"),
        _play(engine, "kendo-shiai", ["Ben", "Chie"], 2),
        _play(engine, "musashi", ["Aiko", "Ben", "Chie"], 3),
        _play(engine, "musashi", ["Aiko", "Ben", "Chie"], _drawn_musashi_seed(["Aiko", "Ben", "Chie"])),
        _play(engine, "mace", ["Chie", "Dai", "Émi"], 5),
        _play(engine, "kenpo-masters", ["Dai", "Émi"], 6),
        _play(engine, "martial-arts-tcg", ["Aiko", "Émi"], 7),
        _play(engine, "kendo-shiai", ["Aiko", "Chie"], 8, finish=False),
    ]
    # A match with undone actions still to redo, and one whose undo was followed by another action.
    with DurableMatch.start(engine, kendo_setup(("Chie", "Aiko"), 9)) as live:
        rng = random.Random(9)
        for step in range(8):
            live.push(rng.choice(live.match.legal_responses()).action,
                      evidence={"tag": f"card-{step}", "confidence": 0.9} if step % 3 == 0 else None)
        live.undo()
        live.undo()
    with DurableMatch.start(engine, kendo_setup(("Ben", "Aiko"), 10)) as live:
        play_steps(live, random.Random(10), 4)
        live.undo()
        play_to_end(live, random.Random(11))
    for live in played:
        live.close()
    engine.dispose()
    record = path.parent / "known.txt"
    record.write_text(KNOWN_MATCH, encoding="utf-8")
    assert main(["import", str(record), "--database", str(path)]) == 0
    with sqlite3.connect(path) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM matches ORDER BY id")]
        for n, match_id in enumerate(ids):
            connection.execute("UPDATE matches SET started_at = ? WHERE id = ?",
                               (f"2026-11-0{1 + n % 3} 1{n % 10}:{n:02d}:07.{n:06d}", match_id))
        connection.execute("UPDATE matches SET started_at = '2026-11-02 09:30:00' WHERE id = ?", (ids[1],))
        connection.execute("UPDATE matches SET tournament_id = 5, tournament_pairing = 'R1-' || id WHERE id IN (?, ?)",
                           (ids[0], ids[1]))


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history") / "shinpan.db"
    _build_archive(path)
    return path


def _copy(source: Path, target: Path) -> Path:
    """A whole copy of a database whose newest commits may still be in its -wal file (the CLI's engines,
    left open in this process, keep it there): SQLite's backup, not a copy of the main file alone."""
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
        writing.execute("PRAGMA journal_mode=WAL")  # as Shinpan keeps its files
    reading.close()
    writing.close()
    return target


def _answer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Answer:
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def full_path_answer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Answer:
    """The answer of the path through SQLAlchemy, as every `history` was before the sqlite3 reader."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(storage_commands, "_history_from_sqlite_file", lambda _args: None)
        return _answer(argv, capsys)


def sqlite_path_answer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Answer:
    """The answer of the sqlite3 reader alone: the full path is made to fail if it is reached."""
    def not_here(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the full path answered: the sqlite3 reader gave up on an ordinary file")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(db.history, "list_matches", not_here)
        patch.setattr(db.history, "match_timeline", not_here)
        return _answer(argv, capsys)


LISTINGS = [
    [], ["--json"], ["--per-page", "3"], ["--per-page", "3", "--page", "2", "--json"], ["--per-page", "100"],
    ["--page", "99"], ["--page", "99", "--json"],
    ["--player", "aiko", "--json"], ["--player", " AIKO "], ["--player", "émi", "--json"],
    ["--player", "Aiko", "--outcome", "win", "--json"], ["--player", "Chie", "--outcome", "loss"],
    ["--outcome", "in-progress", "--json"], ["--outcome", "finished"], ["--outcome", "won", "--json"],
    ["--outcome", "draw", "--json"], ["--outcome", "draw"],
    ["--ruleset", "kendo", "--json"], ["--ruleset", "musashi-challenge"], ["--ruleset", "MACE", "--json"],
    ["--since", "2026-11-02", "--json"], ["--until", "2026-11-01"], ["--since", "2026-11-02", "--until", "2026-11-02"],
    ["--since", "2026-12-01"], ["--tournament", "5", "--json"], ["--tournament", "5"], ["--tournament", "6"],
    ["--player", "nobody"], ["--player", "Ben", "--ruleset", "kendo-shiai", "--outcome", "finished", "--json"],
    # Refused: the same words and exit code either way.
    ["--page", "0"], ["--per-page", "0", "--json"], ["--outcome", "win"], ["--ruleset", "no-such-game"],
    ["--ruleset", "no-such-game", "--page", "0"], ["--page", "9223372036854775808", "--json"],
]


@pytest.mark.parametrize("flags", LISTINGS, ids=lambda flags: " ".join(flags) or "plain")
def test_a_listing_reads_the_same_as_through_sqlalchemy(archive: Path, flags: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["history", *flags, "--database", str(archive)]
    assert sqlite_path_answer(argv, capsys) == full_path_answer(argv, capsys)


def test_every_timeline_reads_the_same_as_through_sqlalchemy(archive: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    with sqlite3.connect(archive) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM matches ORDER BY id")]
    assert len(ids) == 11
    for match_id in [*ids, 0, ids[-1] + 1, 2**31, 2**63]:
        for flags in (["--json"], []):
            argv = ["history", str(match_id), *flags, "--database", str(archive)]
            fast, full = sqlite_path_answer(argv, capsys), full_path_answer(argv, capsys)
            assert fast == full, argv
    redo = json.loads(sqlite_path_answer(["history", str(ids[8]), "--json", "--database", str(archive)], capsys)[1])
    assert len(redo["redo"]) == 2 and redo["timeline"][0]["evidence"] == {"tag": "card-0", "confidence": 0.9}


def test_the_listing_and_a_timeline_read_the_default_and_the_environments_database(
        archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SHINPAN_DATABASE_URL", f"sqlite:///{archive}")
    expected = full_path_answer(["history", "--json"], capsys)
    assert sqlite_path_answer(["history", "--json"], capsys) == expected
    monkeypatch.delenv("SHINPAN_DATABASE_URL")
    if sys.platform == "linux":  # the data folder follows XDG_DATA_HOME on Linux only
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        default = tmp_path / "data" / "shinpan" / "shinpan.db"
        default.parent.mkdir(parents=True)
        _copy(archive, default)
        assert sqlite_path_answer(["history", "--json"], capsys) == expected
        assert sqlite_path_answer(["history", "3"], capsys) == full_path_answer(["history", "3"], capsys)


def test_a_match_that_no_longer_replays_is_reported_in_the_same_words(
        archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "shinpan.db"
    _copy(archive, copy)
    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE match_actions SET notation = 'TSUKI TWICE' WHERE match_id = 1 AND seq = 3")
        connection.execute("UPDATE matches SET rules_revision = 99 WHERE id = 2")
    for match_id in ("1", "2"):
        argv = ["history", match_id, "--json", "--database", str(copy)]
        fast = sqlite_path_answer(argv, capsys)
        assert fast == full_path_answer(argv, capsys)
        assert fast[0] == 1 and fast[1] == "" and ("no longer replays" in fast[2] or "revision 99" in fast[2])


# --- when the full path answers ------------------------------------------------------------------


def test_a_database_of_an_older_schema_is_upgraded_by_the_full_path_and_then_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, twin = tmp_path / "old.db", tmp_path / "twin.db"
    shutil.copyfile(MIGRATION_FIXTURE, old)
    shutil.copyfile(MIGRATION_FIXTURE, twin)
    with pytest.raises(FullPathNeeded, match="schema 0001"):
        SqliteHistory.open(str(old))
    answer = _answer(["history", "--json", "--database", str(old)], capsys)
    assert answer == full_path_answer(["history", "--json", "--database", str(twin)], capsys)
    assert answer[0] == 0 and json.loads(answer[1])["total"] == 3
    with SqliteHistory.open(str(old)):
        pass  # upgraded: read by the sqlite3 module from now on
    argv = ["history", "--json", "--database", str(old)]
    assert sqlite_path_answer(argv, capsys) == answer


def test_a_database_upgraded_only_partway_is_left_to_the_full_path(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from db.engine import make_engine
    from db.migrate import upgrade_to_head

    path = tmp_path / "partway.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade_to_head(engine, "0008")  # as test_migrations runs some migrations only
    engine.dispose()
    with pytest.raises(FullPathNeeded, match="schema 0008"):
        SqliteHistory.open(str(path))
    assert _answer(["history", "--json", "--database", str(path)], capsys)[:2] == (0, json.dumps(
        {"page": 1, "per_page": 20, "total": 0, "pages": 1, "matches": []}, indent=2) + "\n")


def test_a_newer_database_is_refused_as_before(archive: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.db"
    _copy(archive, newer)
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
    before = newer.read_bytes()
    argv = ["history", "--json", "--database", str(newer)]
    answer = _answer(argv, capsys)
    assert answer == full_path_answer(argv, capsys)
    assert answer[0] == 4 and "newer Shinpan" in answer[2]
    assert newer.read_bytes() == before


@pytest.mark.parametrize("flags", [["--json"], ["4", "--json"], []])
def test_a_missing_file_gives_the_same_error_and_exit_code(tmp_path: Path, flags: list[str],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    for named in (str(tmp_path / "missing.db"), f"sqlite:///{tmp_path / 'missing.db'}", str(tmp_path)):
        argv = ["history", *flags, "--database", named]
        answer = _answer(argv, capsys)
        assert answer == full_path_answer(argv, capsys)
        assert answer[0] == 1 and answer[1] == "" and ("no match database at" in answer[2] or "folder" in answer[2])
    assert not (tmp_path / "missing.db").exists()


def test_damaged_files_are_judged_by_the_full_path(archive: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"\x00garbage" * 512)
    cut = tmp_path / "cut.db"
    whole = _copy(archive, tmp_path / "whole.db").read_bytes()
    cut.write_bytes(whole[:-5000])
    scrambled = tmp_path / "scrambled.db"
    data = bytearray(whole)
    page_size = int.from_bytes(data[16:18], "big")
    for page in range(2, len(data) // page_size):  # every page but the first (the schema): the tables' pages
        data[page * page_size + 8:page * page_size + 40] = b"\xa5" * 32
    scrambled.write_bytes(bytes(data))
    for damaged in (garbage, cut, scrambled):
        with pytest.raises(FullPathNeeded), SqliteHistory.open(str(damaged)) as history:
            history.list_matches(MatchFilter())
        before = damaged.read_bytes()
        for flags in (["--json"], ["1", "--json"]):
            argv = ["history", *flags, "--database", str(damaged)]
            answer = _answer(argv, capsys)
            assert answer == full_path_answer(argv, capsys)
            assert answer[0] == 3 and "damaged" in answer[2], answer
        assert damaged.read_bytes() == before


def test_a_postgresql_url_is_left_to_the_full_path(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(FullPathNeeded):
        SqliteHistory.open(postgres_url)
    engine = open_database(postgres_url)
    with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 1)) as live:
        play_to_end(live, random.Random(1))
        match_id = live.match_id
    engine.dispose()
    for flags in (["--json"], [str(match_id), "--json"], ["--player", "ben"]):
        argv = ["history", *flags, "--database", postgres_url]
        answer = _answer(argv, capsys)
        assert answer[0] == 0 and answer == full_path_answer(argv, capsys)


@pytest.mark.parametrize("named", ["sqlite://", "sqlite:///:memory:", "sqlite:////tmp/x.db?mode=ro",
                                   "sqlite:////tmp/a%20b.db", "mysql://host/db", "postgresql://u@h/d"])
def test_urls_only_sqlalchemy_reads_right_are_left_to_it(named: str) -> None:
    with pytest.raises(FullPathNeeded):
        sqlite_file_named(named)


def test_a_locked_file_is_waited_for_by_the_full_path(archive: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "locked.db"
    _copy(archive, copy)
    with sqlite3.connect(copy) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")  # a rollback journal: a writer shuts readers out
    expected = sqlite_path_answer(["history", "--json", "--database", str(copy)], capsys)
    writer = sqlite3.connect(copy, isolation_level=None, check_same_thread=False)  # released by a timer
    writer.execute("BEGIN EXCLUSIVE")
    with pytest.raises(FullPathNeeded, match="locked"):
        SqliteHistory.open(str(copy))

    def release() -> None:
        writer.execute("ROLLBACK")
        writer.close()

    releaser = threading.Timer(0.5, release)
    releaser.start()
    try:
        assert _answer(["history", "--json", "--database", str(copy)], capsys) == expected
    finally:
        releaser.join()


def test_reading_a_closed_file_makes_nothing_beside_it(archive: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "closed.db"
    _copy(archive, copy)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["closed.db"]
    argv = ["history", "--json", "--database", str(copy)]
    assert sqlite_path_answer(argv, capsys)[0] == 0
    assert sqlite_path_answer(["history", "1", "--database", str(copy)], capsys)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["closed.db"]  # no -wal or -shm made (a full disk)


def test_a_writer_opening_the_file_during_a_lock_free_read_sends_it_to_the_full_path(
        archive: Path, tmp_path: Path) -> None:
    copy = tmp_path / "closed.db"
    _copy(archive, copy)
    with SqliteHistory.open(str(copy)) as history:  # no -wal, no -shm: nobody has it open, read immutable
        assert history.list_matches(MatchFilter()).total == 11
        writer = sqlite3.connect(copy)
        try:
            writer.execute("SELECT count(*) FROM matches").fetchone()  # a WAL file's -wal and -shm appear
            with pytest.raises(FullPathNeeded, match="opened for writing"):
                history.list_matches(MatchFilter())
        finally:
            writer.close()


# --- while a match is being recorded -------------------------------------------------------------


@pytest.fixture
def live_file(tmp_path: Path) -> Iterator[tuple[Path, DurableMatch]]:
    path = tmp_path / "live.db"
    engine = open_database(f"sqlite:///{path}")
    live = _play(engine, "kenpo-masters", ["Dai", "Émi"], 6, finish=False)  # kenpo: 150+ actions to record
    yield path, live
    live.close()
    engine.dispose()


def test_an_uncommitted_write_is_not_seen_and_does_not_block(live_file: tuple[Path, DurableMatch],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path, _live = live_file
    argv = ["history", "--json", "--database", str(path)]
    before = sqlite_path_answer(argv, capsys)
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE matches SET action_count = 999, status = 'won'")
        started = time.perf_counter()
        assert sqlite_path_answer(argv, capsys) == before  # WAL: the committed state, at once
        assert time.perf_counter() - started < 5
        writer.execute("COMMIT")
    finally:
        writer.close()
    after = json.loads(sqlite_path_answer(argv, capsys)[1])
    assert after["matches"][0]["actions"] == 999


def test_a_match_being_recorded_reads_as_one_committed_state(live_file: tuple[Path, DurableMatch]) -> None:
    """Each read sees the match row and its actions of one commit, while another connection appends
    actions (each append updates the row and inserts the action in one transaction). The recorder
    undoes a few actions whenever the match ends, so it is still writing however slowly the reads go
    on a loaded machine. At least 12 reads, and more until two of them have seen different counts
    (a loaded machine may run a dozen reads between two appends: a full-suite run saw 12 reads of
    one count); the reads are bounded by count and by time."""
    path, live = live_file
    seen_counts: set[int] = set()
    reads = 0
    with recording_meanwhile(live, seed=6):
        deadline = time.monotonic() + 30.0
        while (reads < 12 or len(seen_counts) < 2) and reads < 2_000 and time.monotonic() < deadline:
            if reads >= 12:
                time.sleep(0.005)  # room for the recorder's next append
            with SqliteHistory.open(str(path)) as history:
                stored = history.match_actions(live.match_id)
                listed = history.list_matches(MatchFilter()).items[0]
            assert len(stored.in_force) == stored.match.action_count
            assert [a.seq for a in stored.in_force] == list(range(1, len(stored.in_force) + 1))
            assert listed.id == live.match_id
            assert (listed.status == models.IN_PROGRESS) == (listed.finished_at is None)
            seen_counts.add(stored.match.action_count)
            reads += 1
    assert reads >= 12 and len(seen_counts) > 1, (reads, seen_counts)


# --- what the reader shares with the rest of db/ -------------------------------------------------


def test_the_reader_knows_the_newest_schema_and_the_stored_words() -> None:
    assert SCHEMA_REVISION == HEAD_REVISION, "a new migration: check db/sqlite_history.py's queries, then bump it"
    from db import sqlite_history

    assert (sqlite_history.IN_PROGRESS, sqlite_history.WON, sqlite_history.DRAWN) == (
        models.IN_PROGRESS, models.WON, models.DRAWN)
    assert (sqlite_history.WIN, sqlite_history.LOSS) == (models.WIN, models.LOSS)


@pytest.mark.parametrize("named", [None, "shinpan.db", "~/games/shinpan.db", "sqlite:///rel/x.db",
                                   "sqlite:////abs/x.db", "sqlite+pysqlite:////abs/y.db"])
def test_the_file_is_found_as_db_location_finds_it(named: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHINPAN_DATABASE_URL", raising=False)
    assert sqlite_file_named(named) == sqlite_path(database_url(named))
    if named is None:
        assert sqlite_file_named(None) == default_database_path().resolve()
    else:
        monkeypatch.setenv("SHINPAN_DATABASE_URL", named)
        assert sqlite_file_named(None) == sqlite_path(database_url(None))


def _imported_by(argv: list[str], env: dict[str, str]) -> set[str]:
    script = ("import json, sys; from companion.cli.main import main; code = main(sys.argv[1:]); "
              "print(json.dumps([m for m in ('sqlalchemy', 'sqlmodel', 'pydantic', 'alembic') if m in sys.modules]), "
              "file=sys.stderr); raise SystemExit(code)")
    done = subprocess.run([sys.executable, "-c", script, *argv], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    found: set[str] = set(json.loads(done.stderr.strip().splitlines()[-1]))
    return found


def test_the_history_commands_import_no_orm(archive: Path) -> None:
    env = {**os.environ, "SHINPAN_DATABASE_URL": str(archive), "PYTHONPATH": str(REPO)}
    assert _imported_by(["history", "--json"], env) == set()
    assert _imported_by(["history", "--player", "aiko"], env) == set()
    # The timeline replays the match through the rules, whose card catalogs are pydantic models.
    assert _imported_by(["history", "3", "--json"], env) <= {"pydantic"}
