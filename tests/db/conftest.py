"""Storage test fixtures: a real SQLite file always, and a real PostgreSQL server when configured.

Set SHINPAN_TEST_POSTGRES_URL (as .ci/run does) to run the repository tests against PostgreSQL
too; each test gets its own schema there, dropped afterwards. Without it those runs are skipped,
except under CI, where a missing server is a failure.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from companion.rules.model import MatchSetup
from companion.rules.registry import get_ruleset
from db.engine import open_database
from db.live import DurableMatch

POSTGRES_ENV = "SHINPAN_TEST_POSTGRES_URL"


def kendo_setup(names: tuple[str, str] = ("Aiko", "Ben"), seed: int = 0) -> MatchSetup:
    return get_ruleset("kendo-shiai").make_setup(list(names), seed=seed)


def play_to_end(live: DurableMatch, rng: random.Random, *, limit: int = 10_000) -> None:
    """Random legal play through the stored match until it is over."""
    for _ in range(limit):
        if live.match.outcome().finished:
            return
        live.push(rng.choice(live.match.legal_responses()).action)
    raise AssertionError("the match did not end")


def play_steps(live: DurableMatch, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if live.match.outcome().finished:
            return
        live.push(rng.choice(live.match.legal_responses()).action)


@contextlib.contextmanager
def recording_meanwhile(live: DurableMatch, seed: int) -> Iterator[None]:
    """Random legal play recorded by another thread for as long as the block runs: five actions
    undone whenever the match ends, so it is still writing however slowly the block goes on a
    loaded machine. Whatever the recorder raised is raised when the block ends."""
    stop = threading.Event()
    failures: list[BaseException] = []

    def record() -> None:
        rng = random.Random(seed)
        try:
            while not stop.is_set():
                if live.match.outcome().finished:
                    for _ in range(5):
                        live.undo()
                else:
                    live.push(rng.choice(live.match.legal_responses()).action)
        except BaseException as error:  # raised again by the block's thread
            failures.append(error)

    recorder = threading.Thread(target=record)
    recorder.start()
    try:
        yield
    finally:
        stop.set()
        recorder.join()
    if failures:
        raise failures[0]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'shinpan.db'}"


def postgres_base_url() -> str | None:
    url = os.environ.get(POSTGRES_ENV)
    if not url and os.environ.get("CI"):
        pytest.fail(f"CI is set but {POSTGRES_ENV} is not: .ci/run should have started PostgreSQL")
    return url or None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema, its connections named after it; the
    schema is dropped afterwards."""
    base = postgres_base_url()
    if base is None:
        pytest.skip(f"no PostgreSQL server configured (set {POSTGRES_ENV} to run these against one)")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    # pre-ping: a test may cut every connection (a server restart) and the schema must still be dropped
    admin = create_engine(make_url(base).set(drivername="postgresql+psycopg"), pool_pre_ping=True)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    # named by its schema too: a test that cuts connections (a server restart) cuts only its own,
    # not those of a test running beside it (make test runs several at once)
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}",
                                            "application_name": schema})  # driver as configured
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """The same repository test on a SQLite file and on PostgreSQL."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = open_database(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def sqlite_engine(sqlite_url: str) -> Iterator[Engine]:
    engine = open_database(sqlite_url)
    yield engine
    engine.dispose()


@pytest.fixture
def other_sqlite_engine(tmp_path: Path) -> Iterator[Engine]:
    """A second, separate SQLite database (an import target, another phone)."""
    engine = open_database(f"sqlite:///{tmp_path / 'other.db'}")
    yield engine
    engine.dispose()
