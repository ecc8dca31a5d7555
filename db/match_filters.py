"""Which matches a history or statistics query looks at: a ruleset, a period, a tournament."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any, cast

from sqlalchemy import Table

from db.models import StoredMatch

MATCHES: Table = cast(Table, StoredMatch.__table__)  # type: ignore[attr-defined]


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def match_conditions(ruleset: str | None, since: date | None, until: date | None,
                     tournament: int | None) -> list[Any]:
    """The filters on the matches table, as history applies them."""
    conditions: list[Any] = []
    if ruleset:
        conditions.append(MATCHES.c.ruleset == ruleset)
    if since is not None:
        conditions.append(MATCHES.c.started_at >= _day_start(since))
    if until is not None:
        conditions.append(MATCHES.c.started_at < _day_start(until + timedelta(days=1)))
    if tournament is not None:
        conditions.append(MATCHES.c.tournament_id == tournament)
    return conditions
