"""The bridge to `db/` (match storage): live matches through `db.live.DurableMatch`, lists through
`db.history`. Match ids are strings in the app and integers in the database."""

from __future__ import annotations

import json
import logging

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from companion.app.background_session import BackgroundSession
from companion.app.storage import (
    CardStats,
    ExportFile,
    LiveSession,
    MatchStore,
    MemoryStore,
    PlayerStats,
    StoredMatch,
    StoreError,
)
from companion.rules.match import Match
from companion.rules.model import MatchSetup
from db.backup import backup_database
from db.engine import open_database
from db.errors import StorageError
from db.history import list_matches
from db.live import DurableMatch
from db.location import database_url, describe, sqlite_path
from db.models import IN_PROGRESS, MatchSummary, Player, StoredTournament
from db.repository import unfinished_match_ids
from db.stats import player_records
from db.transfer import all_match_ids, export_json, export_record, record_file_name

HISTORY_LIMIT = 500

log = logging.getLogger(__name__)


def _result(summary: MatchSummary) -> str:
    if summary.status == IN_PROGRESS:
        return ""
    winners = summary.winners
    who = ", ".join(winners) + " won" if winners else "draw"
    said = f"{who}: {summary.reason}" if summary.reason else who
    ranked = sorted((p for p in summary.players if p.place is not None), key=lambda p: (p.place or 0, p.seat))
    if ranked:  # a game that ranks every player (Musashi's Challenge): the places, from the first
        said += " · places: " + ", ".join(f"{p.place}. {p.name}" for p in ranked)
    return said


class DbStore:
    def __init__(self, engine: Engine, description: str) -> None:
        self.engine = engine
        self.description = description
        self.database = sqlite_path(engine.url)
        self.not_saved_because = ""
        # On a server every phone shares one event loop: live matches then write on threads of their own.
        self.background_writes = False

    def _live(self, durable: DurableMatch) -> LiveSession:
        return BackgroundSession(durable) if self.background_writes else durable

    @classmethod
    def open(cls, url_text: str | None = None) -> DbStore:
        """The database named (else $SHINPAN_DATABASE_URL, else the data folder's file), migrated."""
        url = database_url(url_text)
        return cls(open_database(url), f"database {describe(url)}")

    def start(self, setup: MatchSetup) -> tuple[str, LiveSession]:
        try:
            live = DurableMatch.start(self.engine, setup)
        except StorageError as error:
            raise StoreError(str(error)) from error
        return str(live.match_id), self._live(live)

    def resume(self, match_id: str) -> LiveSession:
        try:
            return self._live(DurableMatch.resume(self.engine, int(match_id)))
        except StorageError as error:
            raise StoreError(str(error)) from error

    def latest_unfinished(self, skip: frozenset[str] = frozenset()) -> str | None:
        """db.repository's rule: recorded on this device (not imported), most recently changed first."""
        try:
            with Session(self.engine) as session:
                ids = [str(i) for i in unfinished_match_ids(session=session)]
        except (StorageError, SQLAlchemyError) as error:
            raise StoreError(f"the unfinished matches could not be read ({error})") from error
        return next((i for i in ids if i not in skip), None)

    def delete(self, match_id: str) -> None:
        from db.repository import delete_match

        try:
            with Session(self.engine) as session, session.begin():
                delete_match(int(match_id), session=session)
        except (StorageError, SQLAlchemyError, ValueError) as error:
            raise StoreError(f"match {match_id} was not deleted ({error})") from error

    def load(self, match_id: str) -> Match:
        try:
            return DurableMatch.resume(self.engine, int(match_id)).match
        except StorageError as error:
            raise StoreError(str(error)) from error

    def matches(self) -> list[StoredMatch]:
        try:
            with Session(self.engine) as session:
                page = list_matches(session=session, per_page=HISTORY_LIMIT)
        except (StorageError, SQLAlchemyError, ValueError) as error:  # ValueError: a damaged date in a row
            raise StoreError(f"the stored matches could not be listed ({error})") from error
        cups = self._tournament_names({m.tournament_id for m in page.items if m.tournament_id is not None})
        return [StoredMatch(str(m.id), m.ruleset, tuple(p.name for p in m.players), m.status != IN_PROGRESS,
                            _result(m), m.action_count, m.date or m.started_at.date().isoformat(),
                            f"{cups.get(m.tournament_id, 'tournament')}, {m.tournament_pairing}"
                            if m.tournament_id is not None else "")
                for m in page.items]

    def _tournament_names(self, ids: set[int]) -> dict[int | None, str]:
        if not ids:
            return {}
        with Session(self.engine) as session:
            rows = session.exec(select(StoredTournament.id, StoredTournament.name)
                                .where(col(StoredTournament.id).in_(ids))).all()
        return {tournament_id: name for tournament_id, name in rows}

    def player_names(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.exec(select(Player.name).order_by(col(Player.created_at).desc())).all())

    def player_stats(self, tournament: int | None = None, *, player: str | None = None,
                     ruleset: str | None = None) -> list[PlayerStats]:
        """The figures `shinpan stats` prints, from the same query (db.stats.player_records)."""
        with Session(self.engine) as session:
            return [PlayerStats(r.player, r.ruleset, r.played, r.wins, r.losses, r.draws, r.streak)
                    for r in player_records(session=session, tournament=tournament, player=player,
                                            ruleset=ruleset)]

    def card_stats(self, tournament: int | None = None, *, player: str | None = None,
                   ruleset: str | None = None) -> list[CardStats]:
        """The card figures `shinpan stats` prints, from the same query (db.card_stats.card_records)."""
        from db.card_stats import card_names, card_records

        with Session(self.engine) as session:
            records = card_records(session=session, tournament=tournament, player=player, ruleset=ruleset)
        names = {record.ruleset: card_names(record.ruleset) for record in records}
        return [CardStats(r.ruleset, r.card, names[r.ruleset].get(r.card, r.card), r.played, r.ippons, r.points,
                          r.answered) for r in records]

    def export_match(self, match_id: str) -> ExportFile:
        try:
            with Session(self.engine) as session:
                return ExportFile(record_file_name(int(match_id), session=session),
                                  export_record(int(match_id), session=session))
        except StorageError as error:
            raise StoreError(str(error)) from error

    def export_all(self) -> ExportFile:
        with Session(self.engine) as session:
            data = export_json(all_match_ids(session=session), session=session)
        return ExportFile("shinpan-matches.json", json.dumps(data, ensure_ascii=False, indent=2))

    def backup(self) -> str:
        """A copy of the SQLite file in `backups/` beside it (PostgreSQL: the server's own tools)."""
        if self.database is None:
            raise RuntimeError("the matches are on a PostgreSQL server: back it up with pg_dump")
        folder = self.database.parent / "backups"
        folder.mkdir(parents=True, exist_ok=True)  # a folder: the copy gets a dated name inside it
        made = backup_database(self.database, folder)
        return f"Backed up to {made.path}" + (f" ({made.warning})" if made.warning else "")


def open_store() -> MatchStore:
    """The database store; memory (said on the Settings screen) only when no database can be opened."""
    try:
        return DbStore.open()
    except Exception as error:  # a damaged or newer database must not stop a match being refereed
        log.warning("no match database (%s): keeping matches in memory", error)
        store = MemoryStore()
        store.description = f"in memory only: the database could not be opened ({error})"
        store.not_saved_because = f"the database could not be opened ({error})"
        return store
