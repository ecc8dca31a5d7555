"""The JSON export written as it is read: matches in batches, each batch read with three queries and
written out before the next is read, so exporting 100,000 matches needs the memory of one batch.

The document is the one db.transfer.export_json makes (docs/storage.md, "Export and import").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO, cast

from sqlalchemy import Table, select
from sqlmodel import Session

from db.clock import utc_now
from db.history import MatchFilter, _conditions
from db.models import Player, StoredAction, StoredMatch, StoredSeat
from db.transfer import JSON_FORMAT, JSON_VERSION
from db.writer import writer_version

MATCHES: Table = cast(Table, StoredMatch.__table__)  # type: ignore[attr-defined]
SEATS: Table = cast(Table, StoredSeat.__table__)  # type: ignore[attr-defined]
ACTIONS: Table = cast(Table, StoredAction.__table__)  # type: ignore[attr-defined]
PLAYERS: Table = cast(Table, Player.__table__)  # type: ignore[attr-defined]
BATCH = 200

Progress = Callable[[int, int], None]


def matching_ids(where: MatchFilter, *, session: Session) -> list[int]:
    """The ids of the matches a filter picks, oldest first (the order an export writes them in)."""
    rows: Iterable[Any] = session.connection().execute(select(MATCHES.c.id).where(*_conditions(where))
                                        .order_by(MATCHES.c.started_at, MATCHES.c.id)).scalars()
    return [int(match_id) for match_id in rows]


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment else None


def _documents(ids: Sequence[int], *, session: Session) -> Iterator[dict[str, Any]]:
    connection = session.connection()
    matches = {row.id: row for row in connection.execute(select(MATCHES).where(MATCHES.c.id.in_(ids)))}
    seats: dict[int, list[Any]] = {match_id: [] for match_id in ids}
    for row in connection.execute(select(SEATS, PLAYERS.c.name).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
                                  .where(SEATS.c.match_id.in_(ids)).order_by(SEATS.c.match_id, SEATS.c.seat)):
        seats[row.match_id].append(row)
    actions: dict[int, list[Any]] = {match_id: [] for match_id in ids}
    for row in connection.execute(select(ACTIONS).where(ACTIONS.c.match_id.in_(ids))
                                  .order_by(ACTIONS.c.match_id, ACTIONS.c.seq)):
        actions[row.match_id].append(row)
    for match_id in ids:
        row = matches[match_id]
        names = [seat.name for seat in seats[match_id]]
        yield {
            "ruleset": row.ruleset, "format_version": row.format_version, "rules": row.rules_revision,
            "title": row.title, "seed": row.seed,
            "date": row.date, "options": dict(sorted((row.options or {}).items())),
            "players": [{"name": s.name, "side": s.side, "team": s.team} for s in seats[match_id]],
            "started_at": _iso(row.started_at), "finished_at": _iso(row.finished_at), "status": row.status,
            "reason": row.reason, "app_version": row.app_version,
            "actions": [{"seq": a.seq, "player": names[a.actor], "action": a.notation, "data": a.data,
                         "recorded_at": _iso(a.recorded_at), "evidence": a.evidence}
                        for a in actions[match_id] if not a.undone],
            "redo": [{"player": names[a.actor], "action": a.notation} for a in actions[match_id] if a.undone],
        }


def write_json_export(ids: Sequence[int], out: TextIO, *, session: Session, progress: Progress | None = None) -> None:
    """Write the JSON export of `ids` to `out`, a batch of matches at a time."""
    head = {"format": JSON_FORMAT, "version": JSON_VERSION, "app_version": writer_version(),
            "exported_at": utc_now().isoformat()}
    out.write(json.dumps(head, ensure_ascii=False, indent=2)[:-2] + ',\n  "matches": [')
    written = 0
    for first in range(0, len(ids), BATCH):
        for document in _documents(ids[first:first + BATCH], session=session):
            text = json.dumps(document, ensure_ascii=False, indent=2).replace("\n", "\n    ")
            out.write(("," if written else "") + "\n    " + text)
            written += 1
        if progress is not None:
            progress(written, len(ids))
    out.write("\n  ]\n}\n" if written else "]\n}\n")
