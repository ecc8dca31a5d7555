"""Rebuilding a stored match by replaying its actions, with plain SQL on columns every schema has.

Migrations use it too, so it reads only the columns of the first schema.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from companion.rules.errors import RulesError
from companion.rules.match import Match
from db.codec import events_data, parse_notation, rebuild_setup


def stored_match_rows(connection: sa.Connection, match_id: int) -> tuple[Any, list[Any], list[Any]]:
    match_row = connection.execute(
        sa.text("SELECT id, ruleset, options, seed, date FROM matches WHERE id = :id"), {"id": match_id}
    ).one()
    seats = connection.execute(
        sa.text(
            "SELECT p.name, s.side, s.team FROM match_seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.match_id = :id ORDER BY s.seat"
        ),
        {"id": match_id},
    ).all()
    actions = connection.execute(
        sa.text("SELECT seq, actor, notation, undone FROM match_actions WHERE match_id = :id ORDER BY seq"),
        {"id": match_id},
    ).all()
    return match_row, list(seats), list(actions)


def _options(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):
        import json

        loaded: dict[str, Any] = json.loads(raw)
        return loaded
    return dict(raw or {})


def events_by_seq(connection: sa.Connection, match_id: int) -> dict[int, list[Any]]:
    """The events of each action in force, by sequence number; {} when the match no longer replays."""
    match_row, seats, actions = stored_match_rows(connection, match_id)
    try:
        setup = rebuild_setup(match_row.ruleset, [tuple(s) for s in seats], _options(match_row.options),
                              match_row.seed, match_row.date)
        match = Match(setup)
        found: dict[int, list[Any]] = {}
        for row in actions:
            if row.undone:
                continue
            events = match.push(parse_notation(setup.ruleset, row.actor, row.notation))
            found[row.seq] = events_data(events)
        return found
    except RulesError:
        return {}
