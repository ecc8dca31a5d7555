"""Large match archives for the storage benchmark, written in bulk and kept between runs.

An archive of N matches repeats 40 real random Kendo Shiai matches between 8 players, one match a
minute ending now, with its derived statistics filled as the app would have kept them. Filling
100,000 matches takes a minute or two, so each archive is made once and cached in
$TMPDIR/shinpan-bench-cache/, under a name holding its size and a hash of the code that shapes it
(schema, credit rules, this file): a change to any of them makes a new one.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from companion.rules.match import Match
from companion.rules.registry import get_ruleset
from db.card_credit import StoredStep, facts_of_match
from db.card_tallies import ADD_TALLY, COUNTS, TallyKey, tally_rows
from db.clock import utc_now
from db.codec import action_data, action_notation, events_data
from db.repository import _sqlite_time, progress_of
from db.result_tallies import refill_results

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / "shinpan-bench-cache"
NAMES = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi", "Goro", "Hana"]
TEMPLATES = 40
CHUNK = 5_000  # matches per executemany round


@dataclass(frozen=True)
class Template:
    """One played match, as the rows every copy of it stores."""

    match: Match
    progress: Any
    actions: list[tuple[int, int, str, str, str]]  # seq, actor, notation, data JSON, events JSON
    facts: list[Any]


def code_version() -> str:
    sources = [ROOT / "benchmarks" / "archive.py", ROOT / "db" / "models.py", ROOT / "db" / "card_credit.py",
               *sorted((ROOT / "db" / "migrations" / "versions").glob("*.py"))]
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.read_bytes())
    return digest.hexdigest()[:12]


def templates() -> list[Template]:
    made = []
    for seed in range(TEMPLATES):
        match = Match(get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=seed))
        rng = random.Random(seed)
        while not match.outcome().finished:
            match.push(rng.choice(match.legal_responses()).action)
        actions, steps = [], []
        for step in match.steps:
            data, events = action_data(step.action), events_data(step.events)
            actions.append((step.number, step.action.actor, action_notation("kendo-shiai", step.action),
                            json.dumps(data), json.dumps(events)))
            steps.append(StoredStep(step.action.actor, data, events))
        made.append(Template(match, progress_of(match), actions, list(facts_of_match(steps))))
    return made


def pairing(match_id: int) -> tuple[int, int]:
    pair = (match_id % 8, (match_id * 3 + 1) % 8)
    return pair if pair[0] != pair[1] else (pair[0], (pair[1] + 1) % 8)


def archive_rows(matches: int, made: list[Template], now: datetime) -> Iterator[tuple[list[Any], list[Any], list[Any]]]:
    """(matches, seats, actions) rows, CHUNK matches at a time; player ids are 1-8 in NAMES order."""
    stamp = _sqlite_time(now)
    for first in range(1, matches + 1, CHUNK):
        match_rows, seat_rows, action_rows = [], [], []
        for match_id in range(first, min(matches, first + CHUNK - 1) + 1):
            template = made[match_id % len(made)]
            progress = template.progress
            started = _sqlite_time(now - timedelta(minutes=matches - match_id))
            match_rows.append((match_id, "kendo-shiai", "{}", 1, template.match.setup.seed, "0.1.0", "recorded",
                               started, stamp, progress.status, progress.reason, progress.action_count,
                               progress.action_count, stamp, json.dumps(progress.summary)))
            for seat, player in enumerate(pairing(match_id)):
                seat_rows.append((match_id, seat, player + 1, template.match.setup.players[seat].side,
                                  progress.results[seat]))
            action_rows += [(match_id, seq, actor, notation, data, stamp, events)
                            for seq, actor, notation, data, events in template.actions]
        yield match_rows, seat_rows, action_rows


def archive_tallies(matches: int, made: list[Template], now: datetime) -> list[dict[str, Any]]:
    """The stats_cards rows the app would have kept for the archive (summed per card, player and day)."""
    summed: dict[tuple[str, int, str], dict[str, Any]] = {}
    for match_id in range(1, matches + 1):
        template = made[match_id % len(made)]
        day = (now - timedelta(minutes=matches - match_id)).date().isoformat()
        key = TallyKey("kendo-shiai", day, tuple(p + 1 for p in pairing(match_id)))
        for row in tally_rows(key, template.facts):
            ident = (row["card"], row["player_id"], row["day"])
            if ident in summed:
                for count in COUNTS:
                    summed[ident][count] += row[count]
            else:
                summed[ident] = row
    return list(summed.values())


MATCH_INSERT = ("INSERT INTO matches (id, ruleset, options, format_version, seed, app_version, origin, started_at, "
                "finished_at, status, reason, action_count, revision, updated_at, summary) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
SEAT_INSERT = "INSERT INTO match_seats (match_id, seat, player_id, side, result) VALUES (?, ?, ?, ?, ?)"
ACTION_INSERT = ("INSERT INTO match_actions (match_id, seq, actor, notation, data, recorded_at, evidence, undone, "
                 "events) VALUES (?, ?, ?, ?, ?, ?, NULL, 0, ?)")


def build_sqlite(path: Path, matches: int) -> None:
    from db.engine import open_database

    open_database(f"sqlite:///{path}").dispose()  # the schema, at head
    made = templates()
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("BEGIN")
        now = utc_now()
        stamp = _sqlite_time(now)
        connection.executemany("INSERT INTO players (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                               [(n + 1, name, name.casefold(), stamp) for n, name in enumerate(NAMES)])
        for match_rows, seat_rows, action_rows in archive_rows(matches, made, now):
            connection.executemany(MATCH_INSERT, match_rows)
            connection.executemany(SEAT_INSERT, seat_rows)
            connection.executemany(ACTION_INSERT, action_rows)
        connection.executemany(ADD_TALLY, archive_tallies(matches, made, now))
        connection.execute("COMMIT")
    finally:
        connection.close()
    engine = open_database(f"sqlite:///{path}")
    try:
        with engine.begin() as results:  # results per player and streaks, from the seats, as a rebuild does
            refill_results(results)
        with engine.connect() as checkpoint:
            checkpoint.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        engine.dispose()


def cached_sqlite_archive(matches: int) -> Path:
    """The cached archive of `matches` matches, made first if there is none for this code."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"archive-{matches}-{code_version()}.db"
    if not path.exists():
        partial = path.with_suffix(".partial")
        for leftover in CACHE.glob(f"{partial.name}*"):
            leftover.unlink()
        build_sqlite(partial, matches)
        partial.rename(path)
    return path


def build_postgres(url: str, matches: int) -> None:
    """The same archive in the (empty, migrated) PostgreSQL database at `url`."""
    import sqlalchemy as sa

    from db.engine import open_database

    engine = open_database(url)
    made = templates()
    named = {
        "matches": MATCH_INSERT, "match_seats": SEAT_INSERT, "match_actions": ACTION_INSERT,
    }
    try:
        with engine.begin() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            now = stamp = utc_now()
            connection.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES "
                                       "(:id, :name, :key, :at)"),
                               [{"id": n + 1, "name": name, "key": name.casefold(), "at": stamp}
                                for n, name in enumerate(NAMES)])
            cursor = raw.cursor()
            for match_rows, seat_rows, action_rows in archive_rows(matches, made, now):
                for table, rows in (("matches", match_rows), ("match_seats", seat_rows),
                                    ("match_actions", action_rows)):
                    statement = named[table].replace("?", "%s").replace("undone, events) VALUES (%s, %s, %s, %s, "
                                                                        "%s, %s, NULL, 0,",
                                                                        "undone, events) VALUES (%s, %s, %s, %s, "
                                                                        "%s, %s, NULL, false,")
                    cursor.executemany(statement, rows)
            connection.execute(sa.text(ADD_TALLY), archive_tallies(matches, made, now))
            refill_results(connection)
            connection.execute(sa.text("SELECT setval(pg_get_serial_sequence('matches', 'id'), :n)"),
                               {"n": matches})
            connection.execute(sa.text("SELECT setval(pg_get_serial_sequence('players', 'id'), 8)"))
    finally:
        engine.dispose()
