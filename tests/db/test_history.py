"""History queries and statistics, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlmodel import Session, col

from companion.rules.record import read_record
from db.errors import StorageError
from db.history import MatchFilter, list_matches, match_timeline
from db.live import DurableMatch
from db.models import StoredMatch
from db.stats import card_records, head_to_head, player_records
from tests.db.conftest import kendo_setup, play_steps, play_to_end

# Ben's MEN wins two IPPONs, Aiko's KOTE one: a match whose card statistics are known by heart.
KNOWN_MATCH = """ruleset: kendo-shiai
player: Aiko, side red
player: Ben, side white

1. Aiko: offer KOTE 2
2. Ben: offer MEN 4
3. Ben: MEN
4. Aiko: no answer
5. Aiko: KOTE
6. Ben: no answer
7. Ben: MEN
8. Aiko: no answer
"""


def _record(engine: Engine, names: tuple[str, str], seed: int, day: date, *, finish: bool = True) -> DurableMatch:
    live = DurableMatch.start(engine, kendo_setup(names, seed))
    if finish:
        play_to_end(live, random.Random(seed))
    else:
        play_steps(live, random.Random(seed), 5)
    with Session(engine) as session, session.begin():
        session.connection().execute(update(StoredMatch).where(col(StoredMatch.id) == live.match_id)
                        .values(started_at=datetime(day.year, day.month, day.day, 12, seed % 60, tzinfo=UTC)))
    return live


@pytest.fixture
def club(engine: Engine) -> Iterator[list[DurableMatch]]:
    """Nine matches over three days between Aiko, Ben and Chie; the last one still going."""
    pairs = [("Aiko", "Ben"), ("Ben", "Chie"), ("Chie", "Aiko")]
    played = [_record(engine, pairs[n % 3], n, date(2026, 11, 1 + n // 3)) for n in range(8)]
    played.append(_record(engine, ("Aiko", "Ben"), 8, date(2026, 11, 3), finish=False))
    yield played
    for live in played:
        live.close()


def test_history_is_newest_first_and_paged(engine: Engine, club: list[DurableMatch]) -> None:
    with Session(engine) as session:
        first = list_matches(session=session, per_page=4)
        second = list_matches(session=session, page=2, per_page=4)
        third = list_matches(session=session, page=3, per_page=4)
    assert first.total == 9 and first.pages == 3
    ids = [m.id for m in first.items + second.items + third.items]
    assert ids == [live.match_id for live in reversed(club)]
    starts = [m.started_at for m in first.items + second.items + third.items]
    assert starts == sorted(starts, reverse=True)
    newest = first.items[0]
    assert newest.status == "in-progress" and [p.name for p in newest.players] == ["Aiko", "Ben"]
    assert newest.summary["players"][0]["name"] == "Aiko"  # the score summary comes without a replay


def test_history_filters_by_player_outcome_date_and_ruleset(engine: Engine, club: list[DurableMatch]) -> None:
    def ids(**where: Any) -> set[int]:
        with Session(engine) as session:
            return {m.id for m in list_matches(session=session, where=MatchFilter(**where), per_page=100).items}

    chie = {live.match_id for live in club if "Chie" in [p.name for p in live.match.setup.players]}
    assert ids(player="chie") == chie
    won_by_ben = {live.match_id for live in club if live.match.outcome().finished and
                  live.match.setup.players[live.match.outcome().winners[0]].name == "Ben"}
    assert ids(player="Ben", outcome="win") == won_by_ben
    assert ids(outcome="in-progress") == {club[-1].match_id}
    assert ids(outcome="finished") == {live.match_id for live in club[:-1]}
    assert ids(since=date(2026, 11, 2), until=date(2026, 11, 2)) == {live.match_id for live in club[3:6]}
    assert ids(ruleset="kendo") == ids()  # found by alias too
    with pytest.raises(StorageError, match="give the player"):
        ids(outcome="loss")


def test_timeline_shows_each_action_with_its_events_and_the_state_after(engine: Engine) -> None:
    live = DurableMatch.start(engine, read_record(KNOWN_MATCH).setup)
    for line in read_record(KNOWN_MATCH).lines:
        live.push(line.action, evidence={"source": "qr", "line": line.number})
    with Session(engine) as session:
        timeline = match_timeline(live.match_id, session=session)
    assert [e.action for e in timeline.entries][:3] == ["offer KOTE 2", "offer MEN 4", "MEN"]
    fourth = timeline.entries[3]
    assert fourth.player == "Aiko" and fourth.action == "no answer"
    assert any(e["name"] == "IpponAwarded" and e["trigger"] and "Ben" in e["text"] for e in fourth.events)
    assert [p["ippon"] for p in fourth.state["players"]] == [0, 1]  # the score right after that action
    assert [p["ippon"] for p in timeline.entries[-1].state["players"]] == [1, 2]
    assert timeline.match.status == "won" and timeline.match.winners == ["Ben"]
    assert timeline.entries[0].evidence == {"source": "qr", "line": 5}


def test_statistics_per_player_and_head_to_head(engine: Engine, club: list[DurableMatch]) -> None:
    expected: dict[str, list[int]] = {}
    for live in club[:-1]:
        outcome = live.match.outcome()
        for seat, spec in enumerate(live.match.setup.players):
            tally = expected.setdefault(spec.name, [0, 0, 0])
            tally[0 if seat in outcome.winners else 1] += 1
    with Session(engine) as session:
        records = {r.player: [r.wins, r.losses, r.draws] for r in player_records(session=session)}
        versus = head_to_head("Aiko", "Ben", session=session)
    assert records == expected
    aiko_ben = [live for live in club[:-1] if {p.name for p in live.match.setup.players} == {"Aiko", "Ben"}]
    aiko_wins = sum(live.match.setup.players[live.match.outcome().winners[0]].name == "Aiko" for live in aiko_ben)
    assert len(versus) == 1
    assert (versus[0].matches, versus[0].wins, versus[0].losses) == (len(aiko_ben), aiko_wins,
                                                                      len(aiko_ben) - aiko_wins)


def test_card_statistics_count_plays_and_the_ippons_they_produced(engine: Engine) -> None:
    record = read_record(KNOWN_MATCH)
    live = DurableMatch.start(engine, record.setup)
    for line in record.lines:
        live.push(line.action)
    with Session(engine) as session:
        cards = {c.card: c for c in card_records(session=session)}
        bens = {c.card: c for c in card_records(session=session, player="Ben")}
    assert (cards["men"].played, cards["men"].ippons) == (3, 2)  # offered once, played twice, two IPPONs
    assert (cards["kote"].played, cards["kote"].ippons) == (2, 1)
    assert set(bens) == {"men"} and bens["men"].ippons == 2
