"""Where the app keeps matches: one small interface, so the app does not care which store is behind it.

`MemoryStore` keeps matches as record text for the life of the process; `open_store` prefers the
`db/` package's store (see `db_adapter.py`) once it is importable, and falls back to memory.
Every change of a live match is saved the moment it is made.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Protocol

from companion.rules.match import Match
from companion.rules.record import format_action_line, load_record, match_to_record, read_record


@dataclass(frozen=True)
class StoredMatch:
    """One saved match as the Home and History screens list it."""

    id: str
    ruleset: str
    players: tuple[str, ...]
    status: str  # "in progress", "won" or "draw"
    result: str  # "Aiko won: two IPPONs (2:1)", or "" while in progress
    actions: int
    date: str

    @property
    def finished(self) -> bool:
        return self.status != "in progress"


class MatchStore(Protocol):
    """What the app needs of storage; `db_adapter.DbStore` and `MemoryStore` both provide it."""

    description: str

    def save(self, match_id: str | None, match: Match) -> str:
        """Store the whole match (setup, actions, redo list); returns its id."""
        ...

    def load(self, match_id: str) -> Match: ...

    def matches(self) -> list[StoredMatch]:
        """Newest first."""
        ...

    def player_names(self) -> list[str]: ...


def describe(match_id: str, match: Match, actions: int) -> StoredMatch:
    outcome = match.outcome()
    names = tuple(p.name for p in match.setup.players)
    result = ""
    if outcome.finished:
        who = "draw" if outcome.draw else ", ".join(names[s] for s in outcome.winners) + " won"
        result = f"{who}: {outcome.reason}" if outcome.reason else who
    return StoredMatch(match_id, match.setup.ruleset, names, outcome.label, result, actions,
                       match.setup.date or "")


class MemoryStore:
    """Matches as record text in memory: the same round trip a file or database store makes."""

    description = "in memory only (matches are lost when the app closes)"

    def __init__(self) -> None:
        self._records: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._order: list[str] = []
        self._ids = itertools.count(1)

    def save(self, match_id: str | None, match: Match) -> str:
        if match_id is None:
            match_id = f"m{next(self._ids)}"
        redo = tuple(format_action_line(match.setup, a) for a in match.redo_actions)
        self._records[match_id] = (match_to_record(match), redo)
        if match_id in self._order:
            self._order.remove(match_id)
        self._order.insert(0, match_id)
        return match_id

    def load(self, match_id: str) -> Match:
        text, redo = self._records[match_id]
        match = load_record(text)
        if redo:
            redo_record = read_record(text.split("\n\n", 1)[0] + "\n\n" + "\n".join(redo) + "\n")
            match.restore_redo(redo_record.actions)
        return match

    def matches(self) -> list[StoredMatch]:
        found = []
        for match_id in self._order:
            match = self.load(match_id)
            found.append(describe(match_id, match, len(match.actions)))
        return found

    def player_names(self) -> list[str]:
        names: dict[str, None] = {}
        for match_id in self._order:
            record = read_record(self._records[match_id][0])
            for player in record.setup.players:
                names.setdefault(player.name, None)
        return list(names)


def open_store() -> MatchStore:
    """The database store when `db/` provides one, else memory."""
    from companion.app import db_adapter

    store = db_adapter.open_db_store()
    return store if store is not None else MemoryStore()
