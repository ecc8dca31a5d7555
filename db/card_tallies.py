"""Keeping `stats_cards` (what each card did, per ruleset, player and day) in step with the event log.

Every change to the actions in force adds or takes back the facts of the actions it touches
(db/card_credit.py), in the same transaction: an append adds the new action's facts, an undo takes
them back, a redo adds them again, an import adds a whole match, a deletion takes a whole match back.
Written with plain SQL on table names, so the 0008 migration can use it too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from db.card_credit import CardFact, StoredStep, facts_of_match

# Additive upsert, the same text for SQLite (3.24+) and PostgreSQL, with :name parameters that both
# SQLAlchemy's text() and sqlite3 read (the append's hot path runs it on the raw sqlite3 connection).
ADD_TALLY = (
    "INSERT INTO stats_cards (ruleset, card, player_id, day, played, ippons, points, answered) "
    "VALUES (:ruleset, :card, :player_id, :day, :played, :ippons, :points, :answered) "
    "ON CONFLICT (ruleset, card, player_id, day) DO UPDATE SET "
    "played = stats_cards.played + excluded.played, ippons = stats_cards.ippons + excluded.ippons, "
    "points = stats_cards.points + excluded.points, answered = stats_cards.answered + excluded.answered"
)
COUNTS = ("played", "ippons", "points", "answered")


@dataclass(frozen=True)
class TallyKey:
    """Where a match's facts are summed: its ruleset, its start day, and the player in each seat."""

    ruleset: str
    day: str
    players: tuple[int, ...]


def day_of(started_at: Any) -> str:
    """The UTC day (YYYY-MM-DD) of a stored start time, as history's date filters see it."""
    if isinstance(started_at, datetime):
        moment = started_at.astimezone(UTC) if started_at.tzinfo else started_at
        return moment.date().isoformat()
    return str(started_at)[:10]  # SQLite keeps UTC text: "2026-11-21 15:37:10.163930"


def any_rows(result: Iterable[Any]) -> Iterator[Any]:
    """Rows of a text query, typed as the loosely typed values they are."""
    yield from result


def tally_key(connection: sa.Connection, match_id: int) -> TallyKey:
    match: Any = connection.execute(
        sa.text("SELECT ruleset, started_at FROM matches WHERE id = :id"), {"id": match_id}).one()
    players = any_rows(connection.execute(
        sa.text("SELECT player_id FROM match_seats WHERE match_id = :id ORDER BY seat"), {"id": match_id}).scalars())
    return TallyKey(str(match[0]), day_of(match[1]), tuple(int(p) for p in players))


def tally_rows(key: TallyKey, facts: Iterable[CardFact], sign: int = 1) -> list[dict[str, Any]]:
    """Parameter rows for ADD_TALLY: the facts summed per card and player, times `sign` (-1 takes back)."""
    summed: dict[tuple[str, int], dict[str, Any]] = {}
    for fact in facts:
        if not 0 <= fact.seat < len(key.players):
            continue  # a seat the match does not have: nobody to credit
        player = key.players[fact.seat]
        row = summed.setdefault((fact.card, player), {
            "ruleset": key.ruleset, "card": fact.card, "player_id": player, "day": key.day,
            "played": 0, "ippons": 0, "points": 0, "answered": 0})
        for count in COUNTS:
            row[count] += sign * getattr(fact, count)
    return list(summed.values())


def add_tallies(connection: sa.Connection, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        connection.execute(sa.text(ADD_TALLY), list(rows))


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def stored_steps(connection: sa.Connection, match_id: int) -> list[StoredStep]:
    """A match's actions in force as stored; events kept NULL (a match that no longer replayed when
    migration 0002 ran) are found by replaying it now, as the statistics always did."""
    rows = any_rows(connection.execute(
        sa.text("SELECT seq, actor, data, events FROM match_actions WHERE match_id = :id AND NOT undone "
                "ORDER BY seq"), {"id": match_id}).all())
    replayed: dict[int, list[Any]] | None = None
    steps = []
    for seq, actor, data, events in rows:
        if events is None:
            if replayed is None:
                from db.replay import events_by_seq

                replayed = events_by_seq(connection, match_id)
            events = replayed.get(seq, [])
        steps.append(StoredStep(int(actor), _json(data), _json(events) or []))
    return steps


def match_facts(connection: sa.Connection, match_id: int) -> Iterator[CardFact]:
    return facts_of_match(stored_steps(connection, match_id))


def take_back_match(connection: sa.Connection, match_id: int) -> None:
    """Before a match is deleted: its facts leave the tallies."""
    add_tallies(connection, tally_rows(tally_key(connection, match_id), match_facts(connection, match_id), -1))


def add_match(connection: sa.Connection, match_id: int) -> None:
    """After a match is stored whole (an import): its facts join the tallies."""
    add_tallies(connection, tally_rows(tally_key(connection, match_id), match_facts(connection, match_id)))
