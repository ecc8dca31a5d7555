"""The tables and their layered models, in the style of SQLModel's documentation.

`XBase` holds the fields a caller provides, `X` (table=True) adds what the database owns, and
`XPublic` is what reading code gets back. The head schema here must match the newest migration
in db/migrations/versions (a test compares them).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer
from sqlmodel import Field, SQLModel

# Status values of a stored match, as `shinpan history --outcome` takes them.
IN_PROGRESS = "in-progress"
WON = "won"
DRAWN = "draw"

# Per-seat results once a match is over.
WIN, LOSS, DRAW = "win", "loss", "draw"

RECORDED = "recorded"  # played in this app (and resumable)
IMPORTED = "imported"  # read from a record or JSON file


class PlayerBase(SQLModel):
    name: str = Field(max_length=100)


class Player(PlayerBase, table=True):
    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    name_key: str = Field(max_length=100, unique=True, index=True)  # casefolded: one row per person
    created_at: datetime


class PlayerPublic(PlayerBase):
    id: int


class MatchBase(SQLModel):
    ruleset: str = Field(max_length=64, index=True)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    format_version: int
    rules_revision: int = Field(default=1, sa_column_kwargs={"server_default": "1"})  # the rules it plays under
    seed: int | None = None
    date: str | None = Field(default=None, max_length=32)
    title: str | None = Field(default=None, max_length=200)
    app_version: str = Field(max_length=32)
    origin: str = Field(default=RECORDED, max_length=16)


class StoredMatch(MatchBase, table=True):
    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_started_newest", "started_at", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    started_at: datetime
    finished_at: datetime | None = None
    status: str = Field(default=IN_PROGRESS, max_length=16, index=True)
    reason: str = Field(default="", max_length=300)
    action_count: int = 0  # actions in force (undone ones are not counted)
    revision: int = 0  # bumped by every write: two app instances cannot overwrite each other
    updated_at: datetime
    summary: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # ruleset summary after the last action
    tournament_id: int | None = Field(default=None, index=True)  # the tournament whose pairing this plays
    tournament_pairing: str | None = Field(default=None, max_length=32)  # that pairing's key (R1-2, S1-R3-1)


class SeatBase(SQLModel):
    seat: int
    side: str | None = Field(default=None, max_length=32)
    team: str | None = Field(default=None, max_length=64)
    result: str | None = Field(default=None, max_length=8)  # win, loss, draw; None while in progress
    place: int | None = None  # 1 first, when the ruleset ranks every seat (Outcome.places); else None


class StoredSeat(SeatBase, table=True):
    __tablename__ = "match_seats"
    # Results per player (stats) read a player's seats with their results without visiting the table.
    __table_args__ = (Index("ix_match_seats_player_result", "player_id", "result", "match_id"),)

    match_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("matches.id", ondelete="CASCADE")],
                          primary_key=True)
    seat: int = Field(primary_key=True)
    player_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("players.id")], index=True)


class SeatPublic(SeatBase):
    name: str


class ActionBase(SQLModel):
    seq: int
    actor: int
    notation: str = Field(max_length=500)  # record notation without the actor: the canonical form
    data: dict[str, Any] = Field(sa_type=JSON)  # companion.rules.model.to_data(action), for tools
    recorded_at: datetime
    evidence: dict[str, Any] | None = Field(default=None, sa_type=JSON)  # the tag or photo match


class StoredAction(ActionBase, table=True):
    __tablename__ = "match_actions"

    match_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("matches.id", ondelete="CASCADE")],
                          primary_key=True)
    seq: int = Field(primary_key=True)
    undone: bool = False  # undone actions are the redo list, next first by seq
    events: list[Any] | None = Field(default=None, sa_type=JSON)  # to_data of the events it caused


class ActionPublic(ActionBase):
    undone: bool
    events: list[Any] | None = None


class MatchSummary(MatchBase):
    """One row of the history list: enough to show it without replaying anything."""

    id: int
    started_at: datetime
    finished_at: datetime | None
    status: str
    reason: str
    action_count: int
    summary: dict[str, Any]
    players: list[SeatPublic]
    tournament_id: int | None = None
    tournament_pairing: str | None = None

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.result == WIN]


class ClubSetting(SQLModel, table=True):
    """One setting a club server shares across its processes: the PIN's hash, the session-signing key."""

    __tablename__ = "club_settings"

    name: str = Field(primary_key=True, max_length=64)
    value: str = Field(max_length=512)


class StoredTournament(SQLModel, table=True):
    """A tournament (companion/tournaments): its setup; its results are rows of tournament_results."""

    __tablename__ = "tournaments"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    ruleset: str = Field(max_length=64)
    format: str = Field(max_length=16)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    drawn: bool = False  # the seeding came from a random draw, kept as the entrants' order
    seed: int | None = Field(default=None, sa_type=BigInteger)
    status: str = Field(default="in progress", max_length=16, index=True)
    winner: str | None = Field(default=None, max_length=100)
    created_at: datetime
    updated_at: datetime
    revision: int = 0  # bumped by every write, as a match's: two phones cannot overwrite each other


class TournamentEntrant(SQLModel, table=True):
    __tablename__ = "tournament_entrants"

    tournament_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("tournaments.id", ondelete="CASCADE")],
                               primary_key=True)
    seed: int = Field(primary_key=True)  # 1 first: the seeding order
    player_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("players.id")], index=True)


class TournamentResult(SQLModel, table=True):
    """One played pairing: the log a tournament replays. Undone rows are its redo list, next first."""

    __tablename__ = "tournament_results"

    tournament_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("tournaments.id", ondelete="CASCADE")],
                               primary_key=True)
    seq: int = Field(primary_key=True)
    pairing: str = Field(max_length=32)
    outcome: str = Field(max_length=8)  # a, b (the pairing's first or second player won) or draw
    match_id: int | None = Field(default=None, sa_type=Integer,
                                 sa_column_args=[ForeignKey("matches.id", ondelete="SET NULL")], index=True)
    forfeit: bool = False
    undone: bool = False
    recorded_at: datetime


class CardTally(SQLModel, table=True):
    """What the cards did, summed per ruleset, card, player and day: derived from the event log (db/card_credit.py)
    in the same transaction as every append, undo, redo, import and deletion, and rebuilt from it on demand."""

    __tablename__ = "stats_cards"

    ruleset: str = Field(max_length=64, primary_key=True)
    card: str = Field(max_length=64, primary_key=True)
    player_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("players.id")], primary_key=True)
    day: str = Field(max_length=10, primary_key=True)  # the match's start, UTC, YYYY-MM-DD (history's days)
    played: int = 0
    ippons: int = 0
    points: int = 0
    answered: int = 0


class StatsState(SQLModel, table=True):
    """Whether the derived statistics can be read: `ready`, or `rebuilding` (since `started_at`)."""

    __tablename__ = "stats_state"

    name: str = Field(primary_key=True, max_length=32)
    status: str = Field(max_length=16)
    changed_at: datetime


class ResultTally(SQLModel, table=True):
    """Finished matches per player, ruleset and day with how each ended for the player: derived from the
    seats' results whenever a match finishes, reopens, is imported or deleted (db/result_tallies.py)."""

    __tablename__ = "stats_players"

    player_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("players.id")], primary_key=True)
    ruleset: str = Field(max_length=64, primary_key=True)
    day: str = Field(max_length=10, primary_key=True)  # the match's start, UTC, YYYY-MM-DD
    played: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


class StreakRecord(SQLModel, table=True):
    """Each player's runs of one result in a ruleset, over all their finished matches by start time:
    worked out again for a match's players whenever one of its results changes."""

    __tablename__ = "stats_streaks"

    player_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("players.id")], primary_key=True)
    ruleset: str = Field(max_length=64, primary_key=True)
    current_result: str = Field(max_length=8)
    current_length: int
    best_win: int
