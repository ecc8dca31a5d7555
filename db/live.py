"""A match being played, saved as it goes: every push, undo and redo is committed before it returns.

    live = DurableMatch.start(engine, setup)       # or DurableMatch.resume_latest(engine)
    events = live.push(action)                    # on disk when this returns
    live.undo(); live.redo()                      # stored too: a resumed match is exactly here

Each call is one transaction. If the write fails the in-memory match is put back as it was, so
what the referee sees never runs ahead of what is stored.
"""

from __future__ import annotations

import sqlite3
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, col

from companion.rules.errors import RulesError
from companion.rules.match import Match, Step
from companion.rules.model import Action, Event, MatchSetup
from db.card_credit import CardFact, StoredStep, ends_exchange, facts_of_last
from db.card_tallies import TallyKey, tally_key, tally_rows
from db.codec import action_data, action_notation, events_data, parse_notation
from db.errors import MatchNotFound, StorageError
from db.fields import DATE_MAX, TITLE_MAX, text_problem
from db.models import RECORDED, StoredMatch
from db.repository import (
    ActionEntry,
    append_action,
    create_match,
    load_match,
    progress_of,
    set_undone,
    unfinished_match_ids,
)


def exchange_so_far(match: Match) -> list[StoredStep]:
    """The match's newest action with the ones of its exchange before it: all its card facts depend on."""
    tail: list[StoredStep] = []
    for step in reversed(match.steps):
        stored = StoredStep(step.action.actor, action_data(step.action), events_data(step.events))
        if tail and ends_exchange(stored):
            break
        tail.append(stored)
    tail.reverse()
    return tail


def _release(session: Session, connection: Connection) -> None:
    session.close()
    connection.close()


class DurableMatch:
    """A companion.rules Match whose every change is stored the moment it is made."""

    def __init__(self, engine: Engine, match_id: int, match: Match, revision: int) -> None:
        self.engine = engine
        self.match_id = match_id
        self.match = match
        self.revision = revision
        # One connection and session for the match's life, one transaction per user action, begun
        # on the connection with the session joined to it ("joining a Session into an external
        # transaction" in SQLAlchemy's docs): no session, pool checkout or session commit machinery
        # to run on every push (the per-action cost benchmarks/storage.py watches).
        self._connection = engine.connect()
        self._session = Session(bind=self._connection)
        # A match dropped without close() still gives its connection back to the pool.
        self._release = weakref.finalize(self, _release, self._session, self._connection)
        self._tally_key: TallyKey | None = None  # read in the first write's transaction, then kept

    def _tallies(self, facts: list[CardFact], sign: int) -> list[dict[str, Any]]:
        """`facts` as stats_cards rows (sign -1 takes them back); inside the write's transaction."""
        if self._tally_key is None:
            self._tally_key = tally_key(self._connection, self.match_id)
        return tally_rows(self._tally_key, facts, sign)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """The one transaction of a user action; a database that cannot take it says so plainly."""
        try:
            with self._connection.begin():
                yield
        except (DBAPIError, sqlite3.Error) as error:  # sqlite3's own: the SQLite hot path's statements
            cause = error.orig if isinstance(error, DBAPIError) else error
            reason = str(cause).strip() or type(cause).__name__
            raise StorageError(
                f"the match database could not store this ({reason}); nothing was recorded - try again, "
                "and if it keeps failing close other Shinpan windows using the same file"
            ) from error

    def close(self) -> None:
        """Give the connection back; the match itself is already stored."""
        self._release()

    def reconnect(self) -> None:
        """A new connection for the next write: the old one may have died with the server (a PostgreSQL
        restart, a dropped network). What is stored is unchanged; the caller retries its write."""
        self._release()
        self._connection = self.engine.connect()
        self._session = Session(bind=self._connection)
        self._release = weakref.finalize(self, _release, self._session, self._connection)

    def __enter__(self) -> DurableMatch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- opening ------------------------------------------------------------------------------

    @classmethod
    def start(cls, engine: Engine, setup: MatchSetup, *, title: str | None = None) -> DurableMatch:
        """Store a new match; raises StorageError (nothing stored) for a title or date the
        database or a record file cannot hold, or a database that refuses the write."""
        for name, problem in (("title", text_problem(title, TITLE_MAX)), ("date", text_problem(setup.date, DATE_MAX))):
            if problem:
                raise StorageError(f"the match {name} {problem}; nothing was stored")
        match = Match(setup)
        try:
            with Session(engine) as session, session.begin():
                row = create_match(setup, session=session, progress=progress_of(match), origin=RECORDED,
                                   title=title)
                assert row.id is not None
                match_id = row.id
        except (DBAPIError, sqlite3.Error) as error:
            cause = error.orig if isinstance(error, DBAPIError) else error
            reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
            raise StorageError(
                f"the match database could not store the new match ({reason}); nothing was stored - "
                "try again in a moment (another window may be writing to it)"
            ) from error
        return cls(engine, match_id, match, 0)

    @classmethod
    def resume(cls, engine: Engine, match_id: int) -> DurableMatch:
        """Rebuild a stored match by replaying it, with its redo list, exactly as it was left."""
        with Session(engine) as session:
            loaded = load_match(match_id, session=session)
            ruleset = loaded.setup.ruleset
            try:
                match = Match(loaded.setup, [parse_notation(ruleset, a.actor, a.notation) for a in loaded.actions])
                match.restore_redo(parse_notation(ruleset, a.actor, a.notation) for a in loaded.redo)
            except RulesError as error:
                raise StorageError(
                    f"match {match_id} no longer replays with this version's rules ({error}); its actions "
                    f"are kept: export it as JSON with `shinpan export --match {match_id} FILE.json` and report it"
                ) from None
            return cls(engine, match_id, match, loaded.row.revision)

    @classmethod
    def resume_latest(cls, engine: Engine) -> DurableMatch | None:
        """The unfinished match changed most recently, ready to go on; None when there is none."""
        with Session(engine) as session:
            ids = unfinished_match_ids(session=session)
        return cls.resume(engine, ids[0]) if ids else None

    def stored_revision(self) -> int:
        """The match's revision as stored now: another device's write has bumped it past ours."""
        with self._transaction():
            found = self._connection.execute(
                select(col(StoredMatch.revision)).where(col(StoredMatch.id) == self.match_id)).scalar_one_or_none()
        if found is None:
            raise MatchNotFound(f"match {self.match_id} is no longer stored (deleted on another device)")
        return int(found)

    def reload(self) -> None:
        fresh = DurableMatch.resume(self.engine, self.match_id)
        fresh.close()
        self.match, self.revision = fresh.match, fresh.revision

    # --- changing -----------------------------------------------------------------------------

    def push(self, action: Action, *, evidence: Mapping[str, Any] | None = None) -> tuple[Event, ...]:
        """Apply and store `action`; raises IllegalAction (nothing stored) or a StorageError."""
        was_finished = self.match.outcome().finished
        redo = self.match.redo_actions
        events = self.match.push(action)
        try:
            # Everything after the push is inside the rollback: a failure anywhere leaves the match as stored.
            entry = ActionEntry(
                seq=len(self.match.actions),
                actor=action.actor,
                notation=action_notation(self.match.setup.ruleset, action),
                data=action_data(action),
                events=events_data(events),
                evidence=dict(evidence) if evidence is not None else None,
            )
            progress = progress_of(self.match)
            with self._transaction():
                self.revision = append_action(
                    self.match_id, entry, session=self._session, revision=self.revision, progress=progress,
                    discard_redo=bool(redo), status_changed=progress.finished != was_finished,
                    tallies=self._tallies(facts_of_last(exchange_so_far(self.match)), +1),
                )
        except BaseException:
            # Put the match back as stored: without this action, with its old redo list.
            self.match.undo()
            self.match = Match(self.match.setup, self.match.actions)
            self.match.restore_redo(redo)
            raise
        return events

    def undo(self) -> Step:
        was_finished = self.match.outcome().finished
        taken_back = facts_of_last(exchange_so_far(self.match))  # while the action is still in force
        step = self.match.undo()
        try:
            self._store_undone(step.number, True, was_finished, taken_back, -1)
        except BaseException:
            self.match.redo()
            raise
        return step


    def redo(self) -> Step:
        was_finished = self.match.outcome().finished
        step = self.match.redo()
        try:
            self._store_undone(step.number, False, was_finished, facts_of_last(exchange_so_far(self.match)), +1)
        except BaseException:
            self.match.undo()
            raise
        return step

    def _store_undone(self, seq: int, undone: bool, was_finished: bool, facts: list[CardFact], sign: int) -> None:
        progress = progress_of(self.match)
        with self._transaction():
            tallies = self._tallies(facts, sign)
            self.revision = set_undone(self.match_id, seq, undone, session=self._session, revision=self.revision,
                                       progress=progress, status_changed=progress.finished != was_finished,
                                       tallies=tallies)
