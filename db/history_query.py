"""What a history query asks and the page it answers: plain shapes (no SQLAlchemy) that both read paths
share, the full one (db/history.py) and the sqlite3 one (db/sqlite_history.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Generic, TypeVar

Item = TypeVar("Item")


@dataclass(frozen=True)
class MatchFilter:
    ruleset: str | None = None  # an id or an alias, as the user wrote it
    player: str | None = None
    since: date | None = None  # first day included (UTC)
    until: date | None = None  # last day included (UTC)
    outcome: str | None = None  # one of db.outcomes.OUTCOMES; "win"/"loss" need `player`
    tournament: int | None = None  # only the matches that played this tournament's pairings


@dataclass(frozen=True)
class Page(Generic[Item]):
    items: list[Item]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))
