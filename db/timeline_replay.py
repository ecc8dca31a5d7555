"""One match's timeline from the rows db/sqlite_history.py read: its actions replayed through the rules,
each with the events it caused and the ruleset's summary after it.

The replay db.history.match_timeline uses too, without SQLAlchemy or SQLModel (which that module needs
for its queries): `shinpan history ID` imports this and the rules only. The rules must replay the
match, since the events' wording and the state after each action are not stored. Both timelines print
alike; tests/db/test_sqlite_history.py compares them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from companion.rules.errors import RulesError
from companion.rules.match import Forfeited, Match
from companion.rules.model import MatchSetup, to_data
from db.codec import parse_notation, rebuild_setup
from db.errors import StorageError
from db.sqlite_history import MatchActions, MatchView


@dataclass(frozen=True)
class TimelineEntry:
    seq: int
    player: str
    action: str  # record notation
    recorded_at: datetime
    evidence: dict[str, Any] | None
    events: list[dict[str, Any]]  # name, text, trigger, data
    state: dict[str, Any]  # the ruleset's summary after this action


@dataclass(frozen=True)
class Timeline:
    match: MatchView
    entries: list[TimelineEntry]
    redo: list[str] = field(default_factory=list)  # undone actions ("Player: action"), next first


class StoredAction(Protocol):
    """An action as either read path gives it (db.history's rows, db.sqlite_history's views)."""

    @property
    def seq(self) -> int: ...
    @property
    def actor(self) -> int: ...
    @property
    def notation(self) -> str: ...
    @property
    def recorded_at(self) -> datetime: ...
    @property
    def evidence(self) -> dict[str, Any] | None: ...


def replay_entries(match_id: int, setup: MatchSetup, actions: Iterable[StoredAction]) -> list[TimelineEntry]:
    """Every action in force with the events it caused and the state after it; StorageError for a
    match this version's rules no longer replay. Both read paths replay through this one function."""
    match = Match(setup)
    entries = []
    for action in actions:
        try:
            events = match.push(parse_notation(setup.ruleset, action.actor, action.notation))
        except RulesError as error:
            raise StorageError(
                f"match {match_id} no longer replays with this version's rules: action {action.seq} "
                f"({setup.players[action.actor].name}: {action.notation}): {error}; its actions are kept - "
                f"export it as JSON with `shinpan export --match {match_id} FILE.json`"
            ) from None
        state = match.state.inner if isinstance(match.state, Forfeited) else match.state
        entries.append(TimelineEntry(
            seq=action.seq,
            player=setup.players[action.actor].name,
            action=action.notation,
            recorded_at=action.recorded_at,
            evidence=action.evidence,
            events=[{"name": e.name, "text": match.ruleset.describe_event(e, setup), "trigger": e.is_trigger,
                     "data": to_data(e)} for e in events],
            state=match.ruleset.summary(state, setup),
        ))
    return entries


def replay_timeline(stored: MatchActions) -> Timeline:
    """The timeline of a match read by db/sqlite_history.py."""
    row = stored.match
    setup = rebuild_setup(row.ruleset, [(p.name, p.side, p.team) for p in row.players], row.options, row.seed,
                          row.date, row.rules_revision)
    redo = [f"{setup.players[a.actor].name}: {a.notation}" for a in stored.redo]
    return Timeline(row, replay_entries(row.id, setup, stored.in_force), redo)
