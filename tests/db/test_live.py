"""Recording a match: each change is stored before it returns, and a resumed match is exactly as left."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.state import NoAnswer
from db.engine import open_database
from db.errors import MatchChangedElsewhere, StorageError
from db.live import DurableMatch
from db.models import StoredAction, StoredMatch, StoredSeat
from tests.db.conftest import kendo_setup, play_steps, play_to_end


def test_every_push_undo_and_redo_survives_reopening(engine: Engine, database_url: str) -> None:
    rng = random.Random(3)
    live = DurableMatch.start(engine, kendo_setup())
    for _ in range(60):
        if live.match.outcome().finished:
            break
        roll = rng.random()
        if roll < 0.15 and live.match.can_undo():
            live.undo()
        elif roll < 0.25 and live.match.can_redo():
            live.redo()
        else:
            live.push(rng.choice(live.match.legal_responses()).action)
    if not live.match.can_redo() and live.match.can_undo():
        live.undo()  # leave something to redo, so the redo list is part of what must come back

    live.close()
    other = open_database(database_url)  # a fresh engine: nothing cached from the recording one
    try:
        resumed = DurableMatch.resume(other, live.match_id)
        assert resumed.match.actions == live.match.actions
        assert resumed.match.state == live.match.state
        assert resumed.match.redo_actions == live.match.redo_actions
        assert resumed.match.redo_actions  # redo survived the restart
        resumed.redo()
        assert resumed.match.actions == (*live.match.actions, live.match.redo_actions[0])
        resumed.close()
    finally:
        other.dispose()


def test_the_unfinished_match_is_found_and_resumed_at_start(engine: Engine) -> None:
    rng = random.Random(8)
    finished = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 1))
    play_to_end(finished, rng)
    older = DurableMatch.start(engine, kendo_setup(("Chie", "Dai"), 2))
    play_steps(older, rng, 3)
    latest = DurableMatch.start(engine, kendo_setup(("Aiko", "Chie"), 3))
    play_steps(latest, rng, 5)

    resumed = DurableMatch.resume_latest(engine)
    assert resumed is not None
    assert resumed.match_id == latest.match_id
    assert resumed.match.state == latest.match.state
    assert resumed.match.to_act() == latest.match.to_act()


def test_no_unfinished_match_means_nothing_to_resume(engine: Engine) -> None:
    live = DurableMatch.start(engine, kendo_setup())
    play_to_end(live, random.Random(4))
    assert DurableMatch.resume_latest(engine) is None


def test_an_illegal_action_is_refused_and_nothing_is_stored(engine: Engine) -> None:
    live = DurableMatch.start(engine, kendo_setup())
    live.push(live.match.legal_responses()[0].action)
    with pytest.raises(IllegalAction):
        live.push(NoAnswer(live.match.to_act()[0]))  # no declaration is due while offering browns
    with Session(engine) as session:
        stored = session.exec(select(StoredAction).where(StoredAction.match_id == live.match_id)).all()
    assert len(stored) == 1


def test_a_finished_match_records_result_and_undo_reopens_it(engine: Engine) -> None:
    live = DurableMatch.start(engine, kendo_setup())
    play_to_end(live, random.Random(5))
    winners = live.match.outcome().winners
    with Session(engine) as session:
        row = session.get(StoredMatch, live.match_id)
        assert row is not None and row.status == "won" and row.finished_at is not None
        results = {s.seat: s.result for s in session.exec(select(StoredSeat)).all()}
    assert {seat for seat, result in results.items() if result == "win"} == set(winners)

    live.undo()
    with Session(engine) as session:
        row = session.get(StoredMatch, live.match_id)
        assert row is not None and row.status == "in-progress" and row.finished_at is None
        assert all(s.result is None for s in session.exec(select(StoredSeat)).all())


def test_scan_evidence_is_kept_with_its_action(engine: Engine) -> None:
    live = DurableMatch.start(engine, kendo_setup())
    evidence = {"source": "qr", "tag": "KT-MEN-03", "decoder": "zxing"}
    live.push(live.match.legal_responses()[0].action, evidence=evidence)
    with Session(engine) as session:
        action = session.exec(select(StoredAction)).one()
    assert action.evidence == evidence


def test_two_app_instances_on_one_match_one_is_told_and_nothing_is_lost(engine: Engine,
                                                                        database_url: str) -> None:
    rng = random.Random(6)
    first = DurableMatch.start(engine, kendo_setup())
    play_steps(first, rng, 4)
    second_engine = open_database(database_url)
    try:
        second = DurableMatch.resume(second_engine, first.match_id)
        play_steps(first, rng, 1)  # the first window moves on
        before = first.match.actions
        with pytest.raises(MatchChangedElsewhere, match="another Shinpan"):
            second.push(second.match.legal_responses()[0].action)
        assert second.match.actions == before[:-1]  # the refused push left the stale copy as it was
        second.reload()
        assert second.match.actions == before
        play_steps(second, rng, 1)  # after reloading it works
        resumed = DurableMatch.resume(engine, first.match_id)
        assert resumed.match.actions[: len(before)] == before
        assert len(resumed.match.actions) == len(before) + 1
        for live in (first, second, resumed):
            live.close()
    finally:
        second_engine.dispose()


def test_two_app_instances_recording_different_matches_both_work(engine: Engine, database_url: str) -> None:
    second_engine = open_database(database_url)
    try:
        rng = random.Random(7)
        a = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben")))
        b = DurableMatch.start(second_engine, kendo_setup(("Chie", "Dai")))
        for _ in range(10):
            play_steps(a, rng, 1)
            play_steps(b, rng, 1)
        with DurableMatch.resume(engine, b.match_id) as b_here:
            assert b_here.match.state == b.match.state
        with DurableMatch.resume(second_engine, a.match_id) as a_there:
            assert a_there.match.state == a.match.state
        a.close()
        b.close()
    finally:
        second_engine.dispose()


def test_a_database_locked_by_another_program_refuses_the_action_plainly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import db.engine

    quick = (*tuple(p for p in db.engine.SQLITE_PRAGMAS if "busy_timeout" not in p), "PRAGMA busy_timeout=200")
    monkeypatch.setattr(db.engine, "SQLITE_PRAGMAS", quick)  # wait 0.2 s for the lock, not 10 s
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    try:
        with DurableMatch.start(engine, kendo_setup()) as live:
            play_steps(live, random.Random(2), 3)
            before = live.match.actions
            action = live.match.legal_responses()[0].action
            blocker = sqlite3.connect(path, isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
            with pytest.raises(StorageError, match=r"could not store this \(database is locked\).*try again"):
                live.push(action)
            assert live.match.actions == before  # the screen does not run ahead of the disk
            blocker.execute("ROLLBACK")
            blocker.close()
            live.push(action)
        with DurableMatch.resume(engine, live.match_id) as resumed:
            assert resumed.match.actions == (*before, action)
    finally:
        engine.dispose()
