"""The served app's live matches write on a thread of their own (issue 15), on a real SQLite file: a tap
never waits for the database, a locked database holds the change until it can be stored, another phone's
change shows by itself, and a tap made on an older version is refused with what the other phone did."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from companion.app.background_session import BackgroundSession
from companion.rules.registry import get_ruleset
from db.engine import open_database
from db.live import DurableMatch
from tests.db.conftest import postgres_url  # noqa: F401 - the fixture, for the PostgreSQL run
from tests.fresh_process import in_fresh_process

SETTLE = 10.0  # seconds a test waits for the writer thread at most


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = open_database(str(tmp_path / "club.db"))
    yield engine
    engine.dispose()


@pytest.fixture
def postgres_engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    engine = open_database(request.getfixturevalue("postgres_url"))
    yield engine
    engine.dispose()


def wait_for(condition: object, timeout: float = SETTLE) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.02)
    return False


def phone(engine: Engine, match_id: int) -> BackgroundSession:
    return BackgroundSession(DurableMatch.resume(engine, match_id), poll_seconds=0.05)


def test_a_tap_is_stored_in_the_background_and_a_resume_finds_it(engine: Engine) -> None:
    with DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=1)) as first:
        session = phone(engine, first.match_id)
    rng = random.Random(1)
    for _ in range(5):
        session.push(rng.choice(session.match.legal_responses()).action)
    session.undo()
    assert session.wait_until_saved(SETTLE)
    stored = DurableMatch.resume(engine, first.match_id)
    assert stored.match.actions == session.match.actions and stored.match.redo_actions == session.match.redo_actions
    stored.close()
    session.close()


def test_a_locked_database_holds_the_tap_until_it_can_be_stored(engine: Engine, tmp_path: Path) -> None:
    with DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=2)) as first:
        session = phone(engine, first.match_id)
    other = sqlite3.connect(tmp_path / "club.db", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        action = session.match.legal_responses()[0].action
        session.push(action)  # returns at once: the screen shows the change
        assert session.match.actions == (action,)
        time.sleep(0.3)
        assert session.unsaved == 1  # still waiting for the lock, and kept
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert session.wait_until_saved(SETTLE)
    resumed = DurableMatch.resume(engine, first.match_id)
    assert resumed.match.actions == (action,)
    resumed.close()
    session.close()


def test_another_phones_change_shows_by_itself(engine: Engine) -> None:
    with DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=3)) as first:
        aiko, ben = phone(engine, first.match_id), phone(engine, first.match_id)
    redraws: list[int] = []
    ben.listener = lambda: redraws.append(1)
    action = aiko.match.legal_responses()[0].action
    aiko.push(action)
    assert aiko.wait_until_saved(SETTLE)
    assert wait_for(lambda: ben.match.actions == (action,))
    assert redraws and ben.take_notice().startswith("Updated from another phone: 1 actions")
    aiko.close()
    ben.close()


def test_a_tap_on_an_older_version_is_refused_with_what_the_other_phone_recorded(engine: Engine) -> None:
    setup = get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=4)
    with DurableMatch.start(engine, setup) as first:
        # Neither phone looks for the other's changes in this test: Ben taps on the version he last saw.
        aiko = BackgroundSession(DurableMatch.resume(engine, first.match_id), poll_seconds=3600)
        ben = BackgroundSession(DurableMatch.resume(engine, first.match_id), poll_seconds=3600)
    mine, theirs = aiko.match.legal_responses()[0].action, ben.match.legal_responses()[-1].action
    aiko.push(mine)
    assert aiko.wait_until_saved(SETTLE)
    ben.push(theirs)
    assert wait_for(lambda: ben.unsaved == 0)
    notice = ben.take_notice()
    actor = setup.players[mine.actor].name
    assert notice.startswith(f"Another phone recorded step 1 first ({actor}: ")
    assert "1 change(s) from this phone were not recorded" in notice
    assert ben.match.actions == (mine,)  # Ben's screen shows the match as stored
    stored = DurableMatch.resume(engine, first.match_id)
    assert stored.match.actions == (mine,)
    stored.close()
    aiko.close()
    ben.close()


def test_a_database_restart_mid_match_loses_no_stored_tap(postgres_engine: Engine) -> None:
    """Every PostgreSQL connection of the server is cut (as a restart does) between two taps: every
    connection of this test's (tests/db/conftest.py names them), not those of tests running beside it."""
    from sqlalchemy import text

    with DurableMatch.start(postgres_engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=5)) as first:
        session = phone(postgres_engine, first.match_id)
    rng = random.Random(5)
    for _ in range(3):
        session.push(rng.choice(session.match.legal_responses()).action)
    assert session.wait_until_saved(SETTLE)
    with postgres_engine.connect() as admin:
        cut: int = admin.execute(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                 "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                                 "AND application_name = current_setting('application_name')")).scalar_one()
    assert cut >= 1  # the phone's own connection was among them
    for _ in range(3):
        session.push(rng.choice(session.match.legal_responses()).action)
    assert session.wait_until_saved(SETTLE), session.problem
    stored = DurableMatch.resume(postgres_engine, first.match_id)
    assert stored.match.actions == session.match.actions and len(stored.match.actions) == 6
    stored.close()
    session.close()


def _referee_until_killed(database: str, match_id: int, log_path: str) -> None:
    """The child: a served phone tapping as fast as it can, logging each change once it is stored."""
    engine = open_database(database)
    session = BackgroundSession(DurableMatch.resume(engine, match_id), poll_seconds=3600)
    rng = random.Random(os.getpid())
    with open(log_path, "a") as log:
        while not session.match.outcome().finished:
            session.push(rng.choice(session.match.legal_responses()).action)
            if session.wait_until_saved(SETTLE):
                log.write(f"{len(session.match.actions)}\n")  # acknowledged: the phone says it is stored
                log.flush()


def test_a_server_killed_mid_tap_keeps_every_stored_tap(tmp_path: Path) -> None:
    in_fresh_process(_kill_mid_tap, str(tmp_path / "club.db"), tmp_path)  # forks there (tests/fresh_process.py)


def _kill_mid_tap(database: str, tmp_path: Path) -> None:
    engine = open_database(database)
    setup = get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=6)
    context = multiprocessing.get_context("fork")
    rng = random.Random(6)
    match_id, kills_with_acks, finished = 0, 0, True
    log = tmp_path / "acks.log"
    for _ in range(12):
        if finished:
            with DurableMatch.start(engine, setup) as fresh:
                match_id = fresh.match_id
            log = tmp_path / f"acks-{match_id}.log"
        child = context.Process(target=_referee_until_killed, args=(database, match_id, str(log)))
        child.start()
        time.sleep(rng.uniform(0.2, 0.6))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join(10)
        acked = [int(line) for line in log.read_text().split()] if log.exists() else []
        resumed = DurableMatch.resume(engine, match_id)
        stored = len(resumed.match.actions)
        finished = resumed.match.outcome().finished
        resumed.close()
        assert not acked or stored >= acked[-1]  # every change the phone showed as stored is there
        kills_with_acks += bool(acked)
    engine.dispose()
    assert kills_with_acks >= 6, "too few kills came after a stored tap to prove anything"
