"""Storage speed, in one run, on real SQLite files in a temporary folder on this disk:

- durable append of one action (one transaction: the match row and the action row, committed)
  versus a raw sqlite3 INSERT + COMMIT of the same action row with the same pragmas
  (WAL, synchronous=FULL); goal: at most 1.5 times the raw figure;
- listing the newest 50 of 10 000 stored matches with their summaries; goal <= 50 ms;
- loading and replaying a 300-action match (what resuming at start costs);
- the check run when the 10 000-match database is opened (flat in the archive's size);
- whole commands on archives of 1 000, 10 000 and 100 000 matches (benchmarks/archive_commands.py):
  stats, history, history ID, export and the app's start to Home, wall time and peak memory, with
  the growth between the two largest sizes; 10 000 matches on PostgreSQL with --postgres.

    python benchmarks/storage.py [--appends N] [--matches N] [--sizes 1000,10000,100000] [--postgres URL] [--json]

Figures vary with the disk's flush cost: where a flush is nearly free (a VM's cached disk), the
ratio measures Python work alone; on a phone's flash storage the flush dominates both sides.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlmodel import Session

from benchmarks.archive import build_postgres, cached_sqlite_archive
from benchmarks.archive_commands import Run, figures, growth, measure_commands
from benchmarks.report import Figure, emit, median, percentile
from companion.rules.match import Match
from companion.rules.model import MatchSetup
from companion.rules.registry import all_rulesets, get_ruleset
from db.card_credit import facts_of_last
from db.card_tallies import tally_key, tally_rows
from db.clock import utc_now
from db.codec import action_data, action_notation, events_data
from db.engine import SQLITE_PRAGMAS, check_sqlite_file, open_database
from db.history import list_matches
from db.live import DurableMatch, exchange_so_far
from db.repository import ActionEntry, append_action, progress_of

RAW_INSERT = (
    "INSERT INTO match_actions (match_id, seq, actor, notation, data, recorded_at, evidence, undone, events) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)"
)


def kendo(seed: int) -> MatchSetup:
    return get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=seed)


def long_match(length: int, seed: int = 0) -> Match:
    """A random legal Kendo Shiai match kept going to `length` actions (at most a match's length).

    It prefers plays that score nothing; Kendo Shiai hands run out after some 40-70 actions,
    so `length` should stay below that.
    """
    rng = random.Random(seed)
    match = Match(kendo(seed))
    while len(match.actions) < length and not match.outcome().finished:
        responses = match.legal_responses()
        rng.shuffle(responses)
        quiet = [r for r in responses if not any(e.is_trigger for e in match.try_apply(r.action)[1])]
        match.push((quiet or responses)[0].action)
    return match


def match_of_length(length: int, seconds: float = 30.0) -> Match:
    """The first `length` actions of a random legal match in any registered ruleset that lasts that long.

    Kendo Shiai matches end after some 20-70 actions, so the 300-action match comes from whichever
    ruleset plays that long (falling back to the longest match found within `seconds`).
    """
    deadline = time.monotonic() + seconds
    longest: Match | None = None
    for ruleset in sorted(all_rulesets(), key=lambda r: r.id != "kendo-shiai"):
        for players in range(ruleset.players_max, ruleset.players_min - 1, -1):
            for seed in range(1000):
                if time.monotonic() > deadline:
                    break
                rng = random.Random(seed)
                match = Match(ruleset.make_setup([f"P{n + 1}" for n in range(players)], seed=seed))
                while len(match.actions) < length and not match.outcome().finished:
                    match.push(rng.choice(match.legal_responses()).action)
                if len(match.actions) >= length:
                    return match
                if longest is None or len(match.actions) > len(longest.actions):
                    longest = match
    assert longest is not None
    return longest


def measure_appends(folder: Path, count: int) -> list[Figure]:
    """Alternate our durable append and the raw insert action by action, so both see the same disk."""
    engine = open_database(f"sqlite:///{folder / 'append.db'}")
    raw = sqlite3.connect(folder / "raw.db", isolation_level=None)
    for pragma in SQLITE_PRAGMAS:
        raw.execute(pragma)
    raw.execute("CREATE TABLE match_actions (match_id INTEGER NOT NULL, seq INTEGER NOT NULL, actor INTEGER "
                "NOT NULL, notation VARCHAR(500) NOT NULL, data JSON NOT NULL, recorded_at DATETIME NOT NULL, "
                "evidence JSON, undone BOOLEAN NOT NULL, events JSON, PRIMARY KEY (match_id, seq))")
    ours: list[float] = []
    theirs: list[float] = []
    push: list[float] = []
    seed = 0
    connection = engine.connect()
    session = Session(bind=connection)  # as DurableMatch holds them
    while len(ours) < count:
        seed += 1
        source = long_match(10_000, seed)
        live = DurableMatch.start(engine, source.setup)
        match = Match(source.setup)
        with connection.begin():
            key = tally_key(connection, live.match_id)
        for step in source.steps:
            was_finished = match.outcome().finished
            match.push(step.action)
            entry = ActionEntry(seq=step.number, actor=step.action.actor,
                                notation=action_notation(source.setup.ruleset, step.action),
                                data=action_data(step.action), events=events_data(step.events))
            progress = progress_of(match)
            tallies = tally_rows(key, facts_of_last(exchange_so_far(match)))  # its card facts, as DurableMatch
            t0 = time.perf_counter()
            with connection.begin():  # as DurableMatch does: one transaction per action, session joined
                live.revision = append_action(live.match_id, entry, session=session, revision=live.revision,
                                              progress=progress, discard_redo=False,
                                              status_changed=progress.finished != was_finished, tallies=tallies)
            t1 = time.perf_counter()
            raw.execute("BEGIN")
            raw.execute(RAW_INSERT, (seed, step.number, entry.actor, entry.notation, json.dumps(entry.data),
                                     str(utc_now()), None, json.dumps(entry.events)))
            raw.execute("COMMIT")
            t2 = time.perf_counter()
            ours.append((t1 - t0) * 1000)
            theirs.append((t2 - t1) * 1000)
        # The whole user action as the app does it: rules, summary, and the durable append.
        pusher = DurableMatch.start(engine, source.setup)
        for step in source.steps:
            t0 = time.perf_counter()
            pusher.push(step.action)
            push.append((time.perf_counter() - t0) * 1000)
        pusher.close()
        live.close()
    raw.close()
    session.close()
    connection.close()
    engine.dispose()
    return [
        Figure("storage durable append median", median(ours), "ms", "<= 1.5x raw sqlite3",
               median(theirs), "raw sqlite3 insert+commit"),
        Figure("storage durable append p95", percentile(ours, 0.95), "ms", "",
               percentile(theirs, 0.95), "raw sqlite3 insert+commit"),
        Figure("storage durable append / raw sqlite3 (medians)", median(ours) / median(theirs), "x", "<= 1.5"),
        Figure("storage push (rules + summary + append) median", median(push), "ms"),
        Figure("storage appends measured", len(ours), "actions"),
    ]


def fill_history(matches: int) -> Path:
    """A SQLite archive of `matches` real random matches, written in bulk and cached (benchmarks/archive.py)."""
    return cached_sqlite_archive(matches)


def measure_history(matches: int) -> list[Figure]:
    path = fill_history(matches)
    t0 = time.perf_counter()
    check_sqlite_file(path)
    check_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    engine = open_database(f"sqlite:///{path}")
    open_ms = (time.perf_counter() - t0) * 1000
    samples = []
    for _attempt in range(21):
        t0 = time.perf_counter()
        with Session(engine) as session:
            page = list_matches(session=session, per_page=50)
            assert len(page.items) == 50 and page.total == matches
        samples.append((time.perf_counter() - t0) * 1000)
    engine.dispose()
    return [
        Figure(f"storage newest 50 of {matches} matches, first query", samples[0], "ms", "<= 50 ms"),
        Figure(f"storage newest 50 of {matches} matches, median", median(samples[1:]), "ms", "<= 50 ms"),
        Figure(f"storage open {matches}-match database (check + migrate)", open_ms, "ms"),
        Figure(f"storage open check of {matches}-match database", check_ms, "ms", "flat in the archive's size"),
    ]


def measure_archives(sizes: list[int], postgres: str | None, repeats: int, as_json: bool) -> None:
    """Whole commands on archives of each size (SQLite), and on 10 000 matches on PostgreSQL if given."""
    measured: dict[int, dict[str, Run]] = {}
    for size in sizes:
        path = fill_history(size)
        measured[size] = measure_commands(f"sqlite:///{path}", size, "sqlite", repeats)
        emit(figures(measured[size], size, "sqlite"), as_json)
    if len(sizes) >= 2:
        small, large = sorted(sizes)[-2:]
        emit(growth(measured[small], measured[large], (small, large)), as_json)
    if postgres:
        emit(measure_postgres(postgres, repeats), as_json)


def measure_postgres(url: str, repeats: int, size: int = 10_000) -> list[Figure]:
    """The same commands on PostgreSQL, in a schema of their own, dropped afterwards."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(make_url(url).set(drivername="postgresql+psycopg"))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    target = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False)
    try:
        build_postgres(target, size)
        return figures(measure_commands(target, size, "postgresql", repeats), size, "postgresql")
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def measure_replay(folder: Path, length: int) -> list[Figure]:
    engine = open_database(f"sqlite:///{folder / 'replay.db'}")
    source = match_of_length(length)
    live = DurableMatch.start(engine, source.setup)
    for action in source.actions:
        live.push(action)
    samples = []
    for _ in range(11):
        t0 = time.perf_counter()
        resumed = DurableMatch.resume(engine, live.match_id)
        samples.append((time.perf_counter() - t0) * 1000)
        assert resumed.match.state == live.match.state
        resumed.close()
    live.close()
    engine.dispose()
    name = f"storage load + replay a {len(source.actions)}-action {source.ruleset.id} match, median"
    return [Figure(name, median(samples), "ms", "<= 200 ms (resume at start)")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=500,
                        help="actions appended each way, in several Kendo Shiai matches (500)")
    parser.add_argument("--matches", type=int, default=10_000, help="stored matches for the listing (10000)")
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="archive sizes for the whole-command figures, comma-separated (1000,10000,100000); "
                             "each is built once and cached")
    parser.add_argument("--postgres", metavar="URL", default=os.environ.get("SHINPAN_TEST_POSTGRES_URL"),
                        help="also 10 000 matches on this PostgreSQL server (default: $SHINPAN_TEST_POSTGRES_URL)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each command per size, after a warm-up (3)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    try:
        sizes = sorted({int(size) for size in args.sizes.split(",") if size.strip()})
    except ValueError:
        parser.error(f"--sizes {args.sizes!r}: give whole numbers separated by commas, e.g. 1000,10000")
    with tempfile.TemporaryDirectory(prefix="shinpan-bench-", dir=Path.home()) as temp:
        folder = Path(temp)
        emit(measure_appends(folder, args.appends), args.json)
        emit(measure_history(args.matches), args.json)
        emit(measure_replay(folder, 300), args.json)
    measure_archives(sizes, args.postgres, args.repeats, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
