"""The spectator board's data: every match in progress (and those just finished) as public facts, and
every running tournament's standings and next pairings.

What a spectator may see is what the table shows: names, scores, penalties, health, counts of cards,
whose turn, the last trigger. Never a card's name from an action (a MACE charge is face down) nor any
hand content: only the whitelisted summary fields below reach the board, and the last trigger is said
in its banner words (IPPON, BREAK, KNOCKDOWN) with the player it concerns.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import DateTime, bindparam, text
from sqlalchemy.engine import Engine

from companion.app.viewmodels.triggers import title_of
from companion.rules.model import Trigger
from companion.rules.registry import all_rulesets

FINISHED_SHOWN_FOR = timedelta(minutes=10)  # a result stays up long enough for the room to read it
MOST_MATCHES = 40
# Public per-player facts, in the order the board shows them, with their words.
PUBLIC_FIELDS = (("ippon", "IPPON"), ("hansoku", "HANSOKU"), ("points", "points"), ("health", "health"),
                 ("adr", "ADR"), ("hand", "cards in hand"), ("place", "place"))
PUBLIC_FLAGS = (("knocked_down", "knocked down"), ("knocked_out", "knocked out"), ("forfeited", "forfeited"),
                ("out", "out"))
_MATCHES = text(
    "SELECT id, ruleset, title, status, reason, revision, action_count, summary FROM matches "
    "WHERE origin = 'recorded' AND (status = 'in-progress' OR updated_at >= :since) "
    "ORDER BY updated_at DESC, id DESC LIMIT :most"
).bindparams(bindparam("since", type_=DateTime(timezone=True)))
_SEATS = text(
    "SELECT s.seat, s.result, p.name FROM match_seats s JOIN players p ON p.id = s.player_id "
    "WHERE s.match_id = :match_id ORDER BY s.seat")
_TOURNAMENTS = text(
    "SELECT id, revision FROM tournaments WHERE status = 'in progress' OR updated_at >= :since "
    "ORDER BY updated_at DESC, id DESC LIMIT :most"
).bindparams(bindparam("since", type_=DateTime(timezone=True)))
MOST_TOURNAMENTS = 6
_RECENT_EVENTS = text(
    "SELECT events FROM match_actions WHERE match_id = :match_id AND undone = :undone "
    "ORDER BY seq DESC LIMIT 12")


def _trigger_names() -> frozenset[str]:
    all_rulesets()  # every ruleset's triggers are defined once its module is loaded
    found, todo = set(), [Trigger]
    while todo:
        kind = todo.pop()
        for sub in kind.__subclasses__():
            found.add(sub.__name__)
            todo.append(sub)
    return frozenset(found)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def public_player(name: str, summary_player: dict[str, Any] | None, result: str | None) -> dict[str, Any]:
    facts = []
    for key, words in PUBLIC_FIELDS:
        value = (summary_player or {}).get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            facts.append(f"{words} {value}")
    facts += [words for key, words in PUBLIC_FLAGS if (summary_player or {}).get(key) is True]
    return {"name": name, "facts": facts, "result": result or ""}


class BoardSource:
    """Reads the board from the database; a match is read again only when its revision changed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._triggers = _trigger_names()
        self._names = {r.id: r.name for r in all_rulesets()}
        self._cache: dict[int, tuple[int, dict[str, Any]]] = {}
        self._tournament_cache: dict[int, tuple[int, dict[str, Any]]] = {}

    def snapshot(self, now: datetime) -> dict[str, Any]:
        shown = []
        with self.engine.connect() as connection:
            rows = connection.execute(_MATCHES, {"since": now - FINISHED_SHOWN_FOR, "most": MOST_MATCHES}).all()
            for row in rows:
                cached = self._cache.get(row.id)
                if cached is None or cached[0] != row.revision:
                    cached = (row.revision, self._match(connection, row))
                    self._cache[row.id] = cached
                shown.append(cached[1])
        live_ids = {row.id for row in rows}
        self._cache = {k: v for k, v in self._cache.items() if k in live_ids}
        return {"matches": shown, "tournaments": self._tournaments(now), "at": now.isoformat(timespec="seconds")}

    def _tournaments(self, now: datetime) -> list[dict[str, Any]]:
        """Running tournaments (and those just finished): standings, next pairings, the champion."""
        from sqlmodel import Session

        from db.tournaments import load_tournament

        shown = []
        with Session(self.engine) as session:
            rows = session.connection().execute(_TOURNAMENTS, {"since": now - FINISHED_SHOWN_FOR,
                                                               "most": MOST_TOURNAMENTS}).all()
            for row in rows:
                cached = self._tournament_cache.get(row.id)
                if cached is None or cached[0] != row.revision:
                    tournament = load_tournament(row.id, session=session).tournament
                    cached = (row.revision, {
                        "id": row.id, "name": tournament.setup.name,
                        "ruleset": self._names.get(tournament.setup.ruleset, tournament.setup.ruleset),
                        "format": "Championship bracket" if tournament.setup.format == "bracket" else "Round Robin",
                        "winner": tournament.winner or "",
                        "standings": [{"player": s.player, "points": s.points, "place": s.place}
                                      for s in tournament.standings],
                        "next": [[p.a, p.b] for p in tournament.pending]})
                    self._tournament_cache[row.id] = cached
                shown.append(cached[1])
        return shown

    def _match(self, connection: Any, row: Any) -> dict[str, Any]:
        summary = _json(row.summary) or {}
        by_seat = summary.get("players") or []
        players = []
        for seat in connection.execute(_SEATS, {"match_id": row.id}).all():
            info = by_seat[seat.seat] if seat.seat < len(by_seat) and isinstance(by_seat[seat.seat], dict) else None
            players.append(public_player(seat.name, info, seat.result))
        turn = summary.get("turn")
        return {
            "id": row.id,
            "ruleset": self._names.get(row.ruleset, row.ruleset),
            "title": row.title or "",
            "finished": row.status != "in-progress",
            "result": row.reason if row.status != "in-progress" else "",
            "turn": turn if isinstance(turn, str) else "",
            "actions": row.action_count,
            "players": players,
            "last_trigger": self._last_trigger(connection, row.id, [p["name"] for p in players]),
        }

    def _last_trigger(self, connection: Any, match_id: int, names: list[str]) -> str:
        for (events,) in connection.execute(_RECENT_EVENTS, {"match_id": match_id, "undone": False}).all():
            for event in reversed(_json(events) or []):
                if isinstance(event, dict) and event.get("type") in self._triggers:
                    seat = event.get("seat")
                    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
                    if event.get("type") == "MatchWon":
                        winners = [names[s] for s in event.get("winners", []) if isinstance(s, int)
                                   and 0 <= s < len(names)]
                        who = ", ".join(winners)
                    return f"{title_of(event['type'])}: {who}" if who else title_of(event["type"])
        return ""
