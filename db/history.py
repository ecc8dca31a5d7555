"""Reading the history: matches filtered and paged (newest first), and one match's full timeline."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import and_, exists, func
from sqlmodel import Session, col, select

from db.errors import StorageError
from db.history_query import MatchFilter, Page
from db.models import (
    DRAW,
    DRAWN,
    IN_PROGRESS,
    LOSS,
    WIN,
    WON,
    MatchSummary,
    Player,
    SeatPublic,
    StoredMatch,
    StoredSeat,
)
from db.outcomes import OUTCOMES  # what `outcome` filters on: the status, or a player's result
from db.repository import is_storable_id, load_match
from db.timeline_replay import TimelineEntry, replay_entries


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _conditions(where: MatchFilter) -> list[Any]:
    conditions: list[Any] = []
    if where.ruleset:
        from companion.rules.registry import get_ruleset

        conditions.append(StoredMatch.ruleset == get_ruleset(where.ruleset).id)
    if where.tournament is not None:
        conditions.append(StoredMatch.tournament_id == where.tournament)
    if where.since:
        conditions.append(col(StoredMatch.started_at) >= _day_start(where.since))
    if where.until:
        conditions.append(col(StoredMatch.started_at) < _day_start(where.until + timedelta(days=1)))
    player_seat = None
    if where.player:
        player_seat = and_(
            col(StoredSeat.match_id) == StoredMatch.id,
            col(StoredSeat.player_id) == select(Player.id).where(
                Player.name_key == where.player.strip().casefold()).scalar_subquery(),
        )
    outcome = where.outcome
    if outcome in {"win", "loss"}:
        if player_seat is None:
            raise StorageError(f"outcome {outcome!r} is about one player: give the player too")
        player_seat = and_(player_seat, col(StoredSeat.result) == (WIN if outcome == "win" else LOSS))
    elif outcome == "in-progress":
        conditions.append(StoredMatch.status == IN_PROGRESS)
    elif outcome == "finished":
        conditions.append(StoredMatch.status != IN_PROGRESS)
    elif outcome == "won":
        conditions.append(StoredMatch.status == WON)
    elif outcome == "draw":
        conditions.append(StoredMatch.status == DRAWN)
    elif outcome is not None:
        raise StorageError(f"unknown outcome {outcome!r}: use one of {', '.join(OUTCOMES)}")
    if player_seat is not None:
        conditions.append(exists().where(player_seat))
    return conditions


def list_matches(*, session: Session, where: MatchFilter | None = None, page: int = 1,
                 per_page: int = 50) -> Page[MatchSummary]:
    """Matches newest first (by start), one page of them, each with its players and summary."""
    if page < 1 or per_page < 1:
        raise StorageError("pages are numbered from 1 and hold at least one match")
    conditions = _conditions(where or MatchFilter())
    total = session.exec(select(func.count()).select_from(StoredMatch).where(*conditions)).one()
    offset = (page - 1) * per_page
    if offset >= total:  # past the last page; also keeps a huge page number out of SQL's 64-bit integers
        return Page([], total, page, per_page)
    rows = session.exec(
        select(StoredMatch).where(*conditions)
        .order_by(col(StoredMatch.started_at).desc(), col(StoredMatch.id).desc())
        .offset(offset).limit(min(per_page, total))
    ).all()
    return Page(summaries(rows, session=session), total, page, per_page)


def summaries(rows: list[StoredMatch] | Any, *, session: Session) -> list[MatchSummary]:
    ids = [int(row.id or 0) for row in rows]
    seats: dict[int, list[SeatPublic]] = {match_id: [] for match_id in ids}
    if ids:
        found = session.exec(
            select(StoredSeat, Player.name).join(Player, col(Player.id) == StoredSeat.player_id)
            .where(col(StoredSeat.match_id).in_(ids)).order_by(col(StoredSeat.match_id), col(StoredSeat.seat))
        ).all()
        for seat, name in found:
            seats[seat.match_id].append(SeatPublic(seat=seat.seat, side=seat.side, team=seat.team,
                                                   result=seat.result, place=seat.place, name=name))
    return [MatchSummary.model_validate(row, update={"players": seats[int(row.id or 0)]}) for row in rows]


def get_summary(match_id: int, *, session: Session) -> MatchSummary:
    row = session.get(StoredMatch, match_id) if is_storable_id(match_id) else None
    if row is None:
        raise StorageError(f"there is no match {match_id} in the database (see `shinpan history`)")
    return summaries([row], session=session)[0]


@dataclass(frozen=True)
class Timeline:
    match: MatchSummary
    entries: list[TimelineEntry]
    redo: list[str] = field(default_factory=list)  # undone actions ("Player: action"), next first


def match_timeline(match_id: int, *, session: Session) -> Timeline:
    """Every action in force with the events it caused and the state after it, by replaying."""
    loaded = load_match(match_id, session=session)
    setup = loaded.setup
    redo = [f"{setup.players[a.actor].name}: {a.notation}" for a in loaded.redo]
    return Timeline(get_summary(match_id, session=session), replay_entries(match_id, setup, loaded.actions), redo)


__all__ = ["DRAW", "OUTCOMES", "MatchFilter", "Page", "Timeline", "TimelineEntry", "list_matches",
           "match_timeline"]
