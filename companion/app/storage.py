"""Where the app keeps matches, behind one small interface, so screens do not care which store it is.

A store opens live sessions (a match whose every push, undo and redo is saved before it returns)
and lists what it holds. `db_adapter.DbStore` keeps matches in the `db/` package's database;
`MemoryStore` keeps them as record text for the life of the process (used when no database can
be opened, and by unit tests).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Protocol

from companion.rules.match import Match, Step
from companion.rules.model import Action, Event, MatchSetup
from companion.rules.record import format_action_line, load_record, match_to_record, read_record
from companion.rules.record import result_text as record_result


@dataclass(frozen=True)
class StoredMatch:
    """One saved match as the Home and History screens list it."""

    id: str
    ruleset: str
    players: tuple[str, ...]
    finished: bool
    result: str  # "Aiko won: two IPPONs (2:1)", or "" while in progress
    actions: int
    date: str
    tournament: str = ""  # "Club cup, Final" when the match played a tournament pairing


@dataclass(frozen=True)
class PlayerStats:
    player: str
    ruleset: str
    played: int
    wins: int
    losses: int
    draws: int
    streak: str = ""  # the current run of one result: "W3" (db.stats.player_records)


@dataclass(frozen=True)
class CardStats:
    """What one card did (`shinpan stats`' cards): played, the IPPONs and points credited to it, and how
    often another player's play answered it before anything scored (db/card_credit.py)."""

    ruleset: str
    card: str
    name: str
    played: int
    ippons: int
    points: int
    answered: int


@dataclass(frozen=True)
class ExportFile:
    name: str
    text: str


class LiveSession(Protocol):
    """A match being refereed; each change is stored before the call returns (or raises)."""

    @property
    def match(self) -> Match: ...

    def push(self, action: Action) -> tuple[Event, ...]: ...

    def undo(self) -> Step: ...

    def redo(self) -> Step: ...

    def reload(self) -> None:
        """Read the match again as stored (after another device changed it)."""
        ...

    def close(self) -> None:
        """This screen is done with the match: stop following it, after storing what is queued."""
        ...


class StoreError(Exception):
    """The store refused (a match that no longer replays, a failed read): the message says why and what to do."""


class MatchStore(Protocol):
    description: str
    not_saved_because: str  # why matches are not being kept (memory only); "" when they are saved

    def latest_unfinished(self, skip: frozenset[str] = frozenset()) -> str | None:
        """The match to resume: recorded here, unfinished, most recently changed; not one in `skip`."""
        ...

    def start(self, setup: MatchSetup) -> tuple[str, LiveSession]: ...

    def resume(self, match_id: str) -> LiveSession: ...

    def load(self, match_id: str) -> Match:
        """A stored match replayed, for the history screen."""
        ...

    def matches(self) -> list[StoredMatch]:
        """Newest first; raises StoreError when the listing cannot be read."""
        ...

    def delete(self, match_id: str) -> None:
        """Remove a stored match (its statistics with it); raises StoreError with the reason."""
        ...

    def player_names(self) -> list[str]: ...

    def player_stats(self, tournament: int | None = None, *, player: str | None = None,
                     ruleset: str | None = None) -> list[PlayerStats]:
        """Finished matches per player and ruleset (only one tournament's, player's or ruleset's, when given)."""
        ...

    def card_stats(self, tournament: int | None = None, *, player: str | None = None,
                   ruleset: str | None = None) -> list[CardStats]:
        """Per card, as `shinpan stats` counts them, narrowed the same way as `player_stats`."""
        ...

    def export_match(self, match_id: str) -> ExportFile:
        """One match as a record file `shinpan replay` reads."""
        ...

    def export_all(self) -> ExportFile: ...

    def backup(self) -> str:
        """Copy every match somewhere safe; returns one line saying where (raises with the reason)."""
        ...


def stats_of(matches: list[Match]) -> list[PlayerStats]:
    table: dict[tuple[str, str], list[int]] = {}
    for match in matches:
        outcome = match.outcome()
        if not outcome.finished:
            continue
        for seat, player in enumerate(match.setup.players):
            row = table.setdefault((player.name, match.setup.ruleset), [0, 0, 0, 0])
            row[0] += 1
            if outcome.draw:
                row[3] += 1
            elif seat in outcome.winners:
                row[1] += 1
            else:
                row[2] += 1
    return [PlayerStats(name, ruleset, played, wins, losses, draws)
            for (name, ruleset), (played, wins, losses, draws) in sorted(table.items())]


def cards_of(matches: list[Match], player: str | None = None) -> list[CardStats]:
    """The card figures of matches kept in memory, by the credit rules the database's tallies use."""
    from db.card_credit import StoredStep, facts_of_match
    from db.card_stats import card_names
    from db.codec import action_data, events_data

    table: dict[tuple[str, str], list[int]] = {}
    for match in matches:
        seats = {seat for seat, spec in enumerate(match.setup.players)
                 if player is None or spec.name.casefold() == player.strip().casefold()}
        steps = [StoredStep(step.action.actor, action_data(step.action), events_data(step.events))
                 for step in match.steps]
        for fact in facts_of_match(steps):
            if fact.seat in seats:
                row = table.setdefault((match.setup.ruleset, fact.card), [0, 0, 0, 0])
                for index, value in enumerate((fact.played, fact.ippons, fact.points, fact.answered)):
                    row[index] += value
    names = {ruleset: card_names(ruleset) for ruleset, _ in table}
    return sorted((CardStats(ruleset, card, names[ruleset].get(card, card), *row)
                   for (ruleset, card), row in table.items() if any(row)),
                  key=lambda c: (c.ruleset, -c.played, c.card))


def result_text(match: Match) -> str:
    """The record's `result:` words with the reason: "Aiko won: two IPPONs (2:1)"; "" while in progress."""
    who = record_result(match)
    if who is None:
        return ""
    reason = match.outcome().reason
    return f"{who}: {reason}" if reason else who


class MemorySession:
    def __init__(self, store: MemoryStore, match_id: str, match: Match) -> None:
        self._store, self._id, self._match = store, match_id, match

    @property
    def match(self) -> Match:
        return self._match

    def push(self, action: Action) -> tuple[Event, ...]:
        events = self._match.push(action)
        self._store.keep(self._id, self._match)
        return events

    def undo(self) -> Step:
        step = self._match.undo()
        self._store.keep(self._id, self._match)
        return step

    def redo(self) -> Step:
        step = self._match.redo()
        self._store.keep(self._id, self._match)
        return step

    def reload(self) -> None:
        self._match = self._store.load(self._id)

    def close(self) -> None:
        """Nothing to let go: every change is already in the store."""


class MemoryStore:
    """Matches as record text in memory: the same round trip through the record format a file makes."""

    description = "in memory only: matches are lost when the app stops"
    not_saved_because = "matches are kept in memory only"

    def __init__(self) -> None:
        self._records: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._order: list[str] = []
        self._ids = itertools.count(1)

    def keep(self, match_id: str, match: Match) -> None:
        redo = tuple(format_action_line(match.setup, a) for a in match.redo_actions)
        self._records[match_id] = (match_to_record(match), redo)
        if match_id in self._order:
            self._order.remove(match_id)
        self._order.insert(0, match_id)

    def start(self, setup: MatchSetup) -> tuple[str, LiveSession]:
        match_id = str(next(self._ids))
        match = Match(setup)
        self.keep(match_id, match)
        return match_id, MemorySession(self, match_id, match)

    def resume(self, match_id: str) -> LiveSession:
        return MemorySession(self, match_id, self.load(match_id))

    def latest_unfinished(self, skip: frozenset[str] = frozenset()) -> str | None:
        for match_id in self._order:  # most recently changed first
            if match_id not in skip and not self.load(match_id).outcome().finished:
                return match_id
        return None

    def delete(self, match_id: str) -> None:
        if self._records.pop(match_id, None) is None:
            raise StoreError(f"there is no match {match_id}")
        self._order.remove(match_id)

    def load(self, match_id: str) -> Match:
        text, redo = self._records[match_id]
        match = load_record(text)
        if redo:
            header = text.split("\n\n", 1)[0]
            match.restore_redo(read_record(header + "\n\n" + "\n".join(redo) + "\n").actions)
        return match

    def matches(self) -> list[StoredMatch]:
        found = []
        for match_id in self._order:
            match = self.load(match_id)
            found.append(StoredMatch(match_id, match.setup.ruleset, tuple(p.name for p in match.setup.players),
                                     match.outcome().finished, result_text(match), len(match.actions),
                                     match.setup.date or ""))
        return found

    def player_stats(self, tournament: int | None = None, *, player: str | None = None,
                     ruleset: str | None = None) -> list[PlayerStats]:
        if tournament is not None:
            return []  # tournaments live in the database only
        found = stats_of([self.load(match_id) for match_id in self._order])
        return [row for row in found if (player is None or row.player.casefold() == player.strip().casefold())
                and (ruleset is None or row.ruleset == ruleset)]

    def card_stats(self, tournament: int | None = None, *, player: str | None = None,
                   ruleset: str | None = None) -> list[CardStats]:
        if tournament is not None:
            return []  # tournaments live in the database only
        matches = [self.load(match_id) for match_id in self._order]
        return cards_of([m for m in matches if ruleset is None or m.setup.ruleset == ruleset], player)

    def export_match(self, match_id: str) -> ExportFile:
        match = self.load(match_id)
        names = "-v-".join(p.name for p in match.setup.players)
        return ExportFile(f"{match_id}-{names}.txt", match_to_record(match))

    def export_all(self) -> ExportFile:
        return ExportFile("shinpan-matches.txt", "\n".join(self._records[m][0] for m in reversed(self._order)))

    def backup(self) -> str:
        raise RuntimeError("matches are only in memory: there is no database to back up")

    def player_names(self) -> list[str]:
        names: dict[str, None] = {}
        for match_id in self._order:
            for player in read_record(self._records[match_id][0]).setup.players:
                names.setdefault(player.name, None)
        return list(names)
