"""The bridge to `db/` (match storage). Until `db/` offers its repository functions, there is none."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.app.storage import MatchStore


def open_db_store() -> MatchStore | None:
    return None
