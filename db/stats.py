"""Statistics over the stored history, never by loading it into Python: results, streaks and
head-to-head are SQL aggregates over the seats' indexed results; what each card did is read from the
derived table `stats_cards` (db/card_stats.py). Both SQLite and PostgreSQL run every query here.

Every function takes the same filters: ruleset, player, first and last day (UTC, the match's start,
as history filters) and tournament.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from sqlalchemy import Table, case, func, select
from sqlmodel import Session

from db.card_credit import PENALTY_WORDS, cards_of
from db.card_stats import CardRecord, card_names, card_records
from db.errors import StorageError
from db.match_filters import match_conditions
from db.models import (
    DRAW,
    DRAWN,
    IN_PROGRESS,
    LOSS,
    WIN,
    WON,
    Player,
    ResultTally,
    StoredMatch,
    StoredSeat,
    StreakRecord,
)
from db.stats_rebuild import REBUILDING, stats_status

PLAYERS: Table = cast(Table, Player.__table__)  # type: ignore[attr-defined]
MATCHES: Table = cast(Table, StoredMatch.__table__)  # type: ignore[attr-defined]
SEATS: Table = cast(Table, StoredSeat.__table__)  # type: ignore[attr-defined]
RESULTS: Table = cast(Table, ResultTally.__table__)  # type: ignore[attr-defined]
STREAKS: Table = cast(Table, StreakRecord.__table__)  # type: ignore[attr-defined]


class StatsRebuilding(StorageError):
    """The derived statistics are being rebuilt (or a rebuild was interrupted): no partial figures."""


def ensure_ready(*, session: Session) -> None:
    """Raise StatsRebuilding while `stats_cards` is being rebuilt or was left half rebuilt."""
    status = stats_status(session.connection())
    if status is not None and status[0] == REBUILDING:
        raise StatsRebuilding(
            f"the statistics are being rebuilt (since {str(status[1])[:19]}), so they are not shown half made; "
            "try again when it finishes - if no rebuild is running, one was interrupted: run "
            "`shinpan stats --rebuild` (or `shinpan check`)")


def _rows(query: Any, *, session: Session) -> list[Any]:
    """Rows of a Core query, run in the session's transaction."""
    return list(session.connection().execute(query).all())


def _key(name: str) -> str:
    return name.strip().casefold()


@dataclass(frozen=True)
class PlayerRecord:
    player: str
    ruleset: str
    played: int
    wins: int
    losses: int
    draws: int
    streak: str = ""  # the current run of one result, newest match last: "W3", "L1", "D2"
    best_win_streak: int = 0  # the longest run of wins


def _tally(column: Any, value: str) -> Any:
    return func.sum(case((column == value, 1), else_=0))


def player_records(*, session: Session, ruleset: str | None = None, player: str | None = None,
                   tournament: int | None = None, since: date | None = None,
                   until: date | None = None) -> list[PlayerRecord]:
    """Wins, losses, draws and streaks of each player in each ruleset (finished matches only).

    A streak is a run of one result in the player's finished matches of a ruleset, by start time.
    Read from stats_players and stats_streaks; a tournament's (a handful of matches) and a period's
    streaks, which those tables do not hold, are worked out in SQL.
    """
    if tournament is not None:
        return _records_in_sql(session=session, ruleset=ruleset, player=player, tournament=tournament,
                               since=since, until=until)
    counts = [func.sum(RESULTS.c[name]) for name in ("played", "wins", "losses", "draws")]
    query = (
        select(PLAYERS.c.name, RESULTS.c.ruleset, *counts)
        .select_from(RESULTS).join(PLAYERS, PLAYERS.c.id == RESULTS.c.player_id)
        .group_by(PLAYERS.c.name, RESULTS.c.ruleset)
        .having(counts[0] != 0)
        .order_by(PLAYERS.c.name, RESULTS.c.ruleset)
    )
    if ruleset:
        query = query.where(RESULTS.c.ruleset == ruleset)
    if since is not None:
        query = query.where(RESULTS.c.day >= since.isoformat())
    if until is not None:
        query = query.where(RESULTS.c.day <= until.isoformat())
    if player:
        query = query.where(PLAYERS.c.name_key == _key(player))
    if since is not None or until is not None:
        runs = {(r.player, r.ruleset): (r.streak, r.best_win_streak)
                for r in _records_in_sql(session=session, ruleset=ruleset, player=player, tournament=None,
                                         since=since, until=until)}
    else:
        runs = _stored_streaks(session=session, ruleset=ruleset, player=player)
    return [PlayerRecord(name, rs, int(n), int(w), int(lo), int(d), *runs.get((name, rs), ("", 0)))
            for name, rs, n, w, lo, d in _rows(query, session=session)]


def place_counts(*, session: Session, ruleset: str | None = None, player: str | None = None,
                 tournament: int | None = None, since: date | None = None,
                 until: date | None = None) -> dict[tuple[str, str], dict[int, int]]:
    """How often each player finished in each place, per ruleset, for the games that rank every player
    (Musashi's Challenge): an SQL count over the seats that have a place, which no other game fills."""
    query = (
        select(PLAYERS.c.name, MATCHES.c.ruleset, SEATS.c.place, func.count())
        .select_from(SEATS).join(MATCHES, MATCHES.c.id == SEATS.c.match_id)
        .join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
        .where(SEATS.c.place.is_not(None), *match_conditions(ruleset, since, until, tournament))
        .group_by(PLAYERS.c.name, MATCHES.c.ruleset, SEATS.c.place)
    )
    if player:
        query = query.where(PLAYERS.c.name_key == _key(player))
    counts: dict[tuple[str, str], dict[int, int]] = {}
    for name, rs, place, count in _rows(query, session=session):
        counts.setdefault((name, rs), {})[int(place)] = int(count)
    return counts


def _stored_streaks(*, session: Session, ruleset: str | None, player: str | None) -> dict[tuple[str, str],
                                                                                         tuple[str, int]]:
    query = (select(PLAYERS.c.name, STREAKS.c.ruleset, STREAKS.c.current_result, STREAKS.c.current_length,
                    STREAKS.c.best_win).join(PLAYERS, PLAYERS.c.id == STREAKS.c.player_id))
    if ruleset:
        query = query.where(STREAKS.c.ruleset == ruleset)
    if player:
        query = query.where(PLAYERS.c.name_key == _key(player))
    return {(name, rs): (f"{LETTERS.get(str(result), '?')}{int(length)}" if length else "", int(best))
            for name, rs, result, length, best in _rows(query, session=session)}


LETTERS = {WIN: "W", LOSS: "L", DRAW: "D"}


def _records_in_sql(*, session: Session, ruleset: str | None, player: str | None, tournament: int | None,
                    since: date | None, until: date | None) -> list[PlayerRecord]:
    """Results and streaks straight from the seats: runs numbered with the gaps-and-islands difference
    of two row numbers."""
    order = (MATCHES.c.started_at, MATCHES.c.id)
    who = (SEATS.c.player_id, MATCHES.c.ruleset)
    seats = (
        select(SEATS.c.player_id, MATCHES.c.ruleset, SEATS.c.result,
               (func.row_number().over(partition_by=who, order_by=order)
                - func.row_number().over(partition_by=(*who, SEATS.c.result), order_by=order)).label("run"),
               func.row_number().over(partition_by=who, order_by=(MATCHES.c.started_at.desc(),
                                                                  MATCHES.c.id.desc())).label("age"))
        .select_from(SEATS).join(MATCHES, MATCHES.c.id == SEATS.c.match_id)
        .where(SEATS.c.result.is_not(None), *match_conditions(ruleset, since, until, tournament))
    )
    if player:
        seats = seats.where(SEATS.c.player_id == select(PLAYERS.c.id).where(
            PLAYERS.c.name_key == _key(player)).scalar_subquery())
    ordered = seats.subquery()
    runs = (
        select(ordered.c.player_id, ordered.c.ruleset, ordered.c.result, func.count().label("length"),
               func.min(ordered.c.age).label("age"))
        .group_by(ordered.c.player_id, ordered.c.ruleset, ordered.c.result, ordered.c.run)
        .subquery()
    )
    newest = runs.c.age == 1

    def summed(result: str) -> Any:
        return func.sum(case((runs.c.result == result, runs.c.length), else_=0))

    query = (
        select(PLAYERS.c.name, runs.c.ruleset, func.sum(runs.c.length), summed(WIN), summed(LOSS), summed(DRAW),
               func.max(case((newest, runs.c.result))), func.max(case((newest, runs.c.length), else_=0)),
               func.max(case((runs.c.result == WIN, runs.c.length), else_=0)))
        .select_from(runs).join(PLAYERS, PLAYERS.c.id == runs.c.player_id)
        .group_by(PLAYERS.c.name, runs.c.ruleset)
        .order_by(PLAYERS.c.name, runs.c.ruleset)
    )
    return [PlayerRecord(name, rs, int(n), int(w or 0), int(lo or 0), int(d or 0),
                         f"{LETTERS.get(str(current), '?')}{int(length)}" if current else "", int(best or 0))
            for name, rs, n, w, lo, d, current, length, best in _rows(query, session=session)]


@dataclass(frozen=True)
class HeadToHead:
    player: str
    opponent: str
    ruleset: str
    matches: int
    wins: int  # won by `player`
    losses: int  # won by `opponent`
    draws: int


def head_to_head(player: str, opponent: str | None = None, *, session: Session, ruleset: str | None = None,
                 tournament: int | None = None, since: date | None = None,
                 until: date | None = None) -> list[HeadToHead]:
    """Finished matches in which both played, per ruleset, from `player`'s side; with no `opponent`,
    one row for every opponent `player` has met."""
    mine, theirs = SEATS.alias("mine"), SEATS.alias("theirs")
    me, them = PLAYERS.alias("me"), PLAYERS.alias("them")
    query = (
        select(me.c.name, them.c.name, MATCHES.c.ruleset, func.count(), _tally(mine.c.result, WIN),
               _tally(theirs.c.result, WIN), _tally(mine.c.result, DRAW))
        .select_from(mine)
        .join(theirs, (theirs.c.match_id == mine.c.match_id) & (theirs.c.seat != mine.c.seat))
        .join(me, me.c.id == mine.c.player_id)
        .join(them, them.c.id == theirs.c.player_id)
        .join(MATCHES, MATCHES.c.id == mine.c.match_id)
        .where(me.c.name_key == _key(player), mine.c.result.is_not(None),
               *match_conditions(ruleset, since, until, tournament))
        .group_by(MATCHES.c.ruleset, me.c.name, them.c.name)
        .order_by(MATCHES.c.ruleset, func.count().desc(), them.c.name)
    )
    if opponent is not None:
        query = query.where(them.c.name_key == _key(opponent))
    return [HeadToHead(p, o, rs, int(n), int(w or 0), int(lo or 0), int(d or 0))
            for p, o, rs, n, w, lo, d in _rows(query, session=session)]


@dataclass(frozen=True)
class RulesetRecord:
    ruleset: str
    matches: int
    finished: int
    won: int
    drawn: int
    in_progress: int
    actions: int  # actions in force, over all its matches


def ruleset_records(*, session: Session, ruleset: str | None = None, player: str | None = None,
                    tournament: int | None = None, since: date | None = None,
                    until: date | None = None) -> list[RulesetRecord]:
    """Per ruleset: matches stored, how they ended, and the actions they took (with `player`: theirs)."""
    query = (
        select(MATCHES.c.ruleset, func.count(), _tally(MATCHES.c.status, WON) + _tally(MATCHES.c.status, DRAWN),
               _tally(MATCHES.c.status, WON), _tally(MATCHES.c.status, DRAWN), _tally(MATCHES.c.status, IN_PROGRESS),
               func.coalesce(func.sum(MATCHES.c.action_count), 0))
        .where(*match_conditions(ruleset, since, until, tournament))
        .group_by(MATCHES.c.ruleset)
        .order_by(MATCHES.c.ruleset)
    )
    if player:
        played = select(SEATS.c.match_id).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id).where(
            PLAYERS.c.name_key == _key(player))
        query = query.where(MATCHES.c.id.in_(played))
    return [RulesetRecord(rs, int(n), int(f or 0), int(w or 0), int(d or 0), int(p or 0), int(a or 0))
            for rs, n, f, w, d, p, a in _rows(query, session=session)]


def per_ruleset(records: list[Any]) -> dict[str, list[Any]]:
    grouped: dict[str, list[Any]] = defaultdict(list)
    for record in records:
        grouped[record.ruleset].append(record)
    return dict(grouped)


__all__ = ["PENALTY_WORDS", "CardRecord", "HeadToHead", "PlayerRecord", "RulesetRecord", "StatsRebuilding",
           "card_names", "card_records", "cards_of", "ensure_ready", "head_to_head", "per_ruleset",
           "player_records", "ruleset_records"]
