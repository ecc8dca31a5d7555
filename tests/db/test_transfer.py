"""Export and import: record files and JSON out and back in; bad files rejected with their place."""

from __future__ import annotations

import json
import random
from datetime import date

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from companion.rules.record import load_record
from db.errors import ImportRejected
from db.history import MatchFilter, list_matches
from db.live import DurableMatch
from db.models import StoredMatch
from db.transfer import export_json, export_record, import_text
from tests.db.conftest import kendo_setup, play_steps, play_to_end
from tests.db.test_history import KNOWN_MATCH


def _count(engine: Engine) -> int:
    with Session(engine) as session:
        return int(session.exec(select(func.count()).select_from(StoredMatch)).one())


def _played(engine: Engine) -> list[DurableMatch]:
    finished = DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 1))
    play_to_end(finished, random.Random(1))
    going = DurableMatch.start(engine, kendo_setup(("Chie", "Ben"), 2))
    play_steps(going, random.Random(2), 6)
    going.push(going.match.legal_responses()[0].action, evidence={"source": "photo", "score": 0.93})
    return [finished, going]


def test_a_match_exported_as_a_record_replays_to_the_same_state(engine: Engine) -> None:
    finished, _ = _played(engine)
    with Session(engine) as session:
        text = export_record(finished.match_id, session=session)
    replayed = load_record(text)
    assert replayed.state == finished.match.state
    assert "result: " in text and replayed.outcome() == finished.match.outcome()


def test_records_and_json_go_into_another_database_and_duplicates_are_skipped(
        engine: Engine, other_sqlite_engine: Engine) -> None:
    played = _played(engine)
    with Session(engine) as session:
        records = [export_record(live.match_id, session=session) for live in played]
        document = json.dumps(export_json([live.match_id for live in played], session=session))
    with Session(other_sqlite_engine) as session, session.begin():
        first = import_text(records[0], session=session, source="first.txt")
    assert len(first.imported) == 1
    with Session(other_sqlite_engine) as session, session.begin():
        report = import_text(document, session=session, source="all.json")
    assert len(report.imported) == 1 and len(report.skipped) == 1 and "already match" in report.skipped[0]
    with Session(other_sqlite_engine) as session, session.begin():
        again = import_text(document, session=session, source="all.json")
    assert again.imported == [] and len(again.skipped) == 2
    assert _count(other_sqlite_engine) == 2

    with Session(other_sqlite_engine) as session:
        imported = json.loads(json.dumps(export_json([first.imported[0], report.imported[0]], session=session)))
        page = list_matches(session=session)
    original = json.loads(document)
    going = imported["matches"][1]
    assert going["actions"] == original["matches"][1]["actions"]  # times, data and scan evidence kept
    assert going["actions"][-1]["evidence"] == {"source": "photo", "score": 0.93}
    assert going["started_at"] == original["matches"][1]["started_at"]
    assert {m.origin for m in page.items} == {"imported"}
    assert DurableMatch.resume_latest(other_sqlite_engine) is None  # imports are history, not a match to resume


def test_an_illegal_record_line_is_rejected_with_its_number_and_nothing_is_stored(engine: Engine) -> None:
    forged = KNOWN_MATCH.replace("7. Ben: MEN", "7. Aiko: MEN")  # Aiko conceded; Ben must start
    with pytest.raises(ImportRejected, match=r"forged.txt: line 11: 'MEN': .*\[KT2 I\]"), \
            Session(engine) as session, session.begin():
        import_text(forged, session=session, source="forged.txt")
    assert _count(engine) == 0


def test_an_unreadable_record_line_is_rejected_with_its_number(engine: Engine) -> None:
    forged = KNOWN_MATCH.replace("5. Aiko: KOTE", "5. Aiko: KOTE + BANANA")
    with pytest.raises(ImportRejected, match=r"line 9: unknown card 'BANANA'"), \
            Session(engine) as session, session.begin():
        import_text(forged, session=session, source="forged.txt")


def _document(engine: Engine) -> dict[str, object]:
    played = _played(engine)
    with Session(engine) as session:
        return export_json([live.match_id for live in played], session=session)


def test_json_with_forged_action_data_is_rejected_with_its_place(engine: Engine, other_sqlite_engine: Engine) -> None:
    document = _document(engine)
    action = document["matches"][1]["actions"][3]  # type: ignore[index]
    action["data"]["actor"] = 1 - action["data"]["actor"]  # claims the other player did it
    with pytest.raises(ImportRejected, match=r"matches\[1\]\.actions\[3\] \(.*\): its data does not match"), \
            Session(other_sqlite_engine) as session, session.begin():
        import_text(json.dumps(document), session=session, source="edited.json")
    assert _count(other_sqlite_engine) == 0  # the good first match of the file was not stored either


def test_json_with_an_illegal_action_is_rejected_with_the_ruling(engine: Engine, other_sqlite_engine: Engine) -> None:
    document = _document(engine)
    actions = document["matches"][0]["actions"]  # type: ignore[index]
    other = "Ben" if actions[2]["player"] == "Aiko" else "Aiko"
    actions[2] = {"player": other, "action": actions[2]["action"]}  # played out of turn
    with pytest.raises(ImportRejected, match=rf"matches\[0\]\.actions\[2\] \({other}: .*\): .*turn.*\[.+\]"), \
            Session(other_sqlite_engine) as session, session.begin():
        import_text(json.dumps(document), session=session, source="edited.json")


def test_broken_json_names_the_line(other_sqlite_engine: Engine) -> None:
    with pytest.raises(ImportRejected, match=r"broken.json: line 3: not valid JSON"), \
            Session(other_sqlite_engine) as session, session.begin():
        import_text('{\n  "format": "shinpan-matches",\n  "matches": [,]\n}', session=session, source="broken.json")


def test_an_imported_record_is_dated_by_its_date_header(other_sqlite_engine: Engine) -> None:
    dated = KNOWN_MATCH.replace("player: Aiko", "date: 2025-06-14\nplayer: Aiko", 1)
    with Session(other_sqlite_engine) as session, session.begin():
        import_text(dated, session=session, source="dated.txt")
    with Session(other_sqlite_engine) as session:
        found = list_matches(session=session, where=MatchFilter(since=date(2025, 6, 14), until=date(2025, 6, 14)))
    assert found.total == 1 and found.items[0].status == "won"
