"""Statistics over the stored history: results per player, head-to-head, and what each card did.

Card credit (docs/storage.md, "Statistics"): a card is *played* once per action in force that
names it. An IPPON (IpponAwarded) or points (any event with `seat` and `points`) go to the cards
of the scoring seat's latest play, unless a scoring or penalty event happened since that play,
or the step that scored also gave a penalty (a HANSOKU-made IPPON belongs to no card).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, case, func, select
from sqlmodel import Session

from db.models import DRAW, LOSS, WIN, Player, StoredAction, StoredMatch, StoredSeat
from db.replay import events_by_seq

PENALTY_WORDS = ("Hansoku", "Penalty")


PLAYERS: Table = cast(Table, Player.__table__)  # type: ignore[attr-defined]
MATCHES: Table = cast(Table, StoredMatch.__table__)  # type: ignore[attr-defined]
SEATS: Table = cast(Table, StoredSeat.__table__)  # type: ignore[attr-defined]
ACTIONS: Table = cast(Table, StoredAction.__table__)  # type: ignore[attr-defined]


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


def _tally(column: Any, value: str) -> Any:
    return func.sum(case((column == value, 1), else_=0))


def player_records(*, session: Session, ruleset: str | None = None, player: str | None = None,
                   tournament: int | None = None) -> list[PlayerRecord]:
    """Wins, losses and draws of each player in each ruleset (finished matches only)."""
    query = (
        select(PLAYERS.c.name, MATCHES.c.ruleset, func.count(), _tally(SEATS.c.result, WIN),
               _tally(SEATS.c.result, LOSS), _tally(SEATS.c.result, DRAW))
        .select_from(PLAYERS)
        .join(SEATS, SEATS.c.player_id == PLAYERS.c.id)
        .join(MATCHES, MATCHES.c.id == SEATS.c.match_id)
        .where(SEATS.c.result.is_not(None))
        .group_by(PLAYERS.c.name, MATCHES.c.ruleset)
        .order_by(PLAYERS.c.name, MATCHES.c.ruleset)
    )
    if ruleset:
        query = query.where(MATCHES.c.ruleset == ruleset)
    if player:
        query = query.where(PLAYERS.c.name_key == _key(player))
    if tournament is not None:
        query = query.where(MATCHES.c.tournament_id == tournament)
    return [PlayerRecord(name, rs, int(n), int(w or 0), int(lo or 0), int(d or 0))
            for name, rs, n, w, lo, d in _rows(query, session=session)]


@dataclass(frozen=True)
class HeadToHead:
    player: str
    opponent: str
    ruleset: str
    matches: int
    wins: int  # won by `player`
    losses: int  # won by `opponent`
    draws: int


def head_to_head(player: str, opponent: str, *, session: Session, ruleset: str | None = None,
                 tournament: int | None = None) -> list[HeadToHead]:
    """Finished matches in which both played, per ruleset, from `player`'s side."""
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
        .where(me.c.name_key == _key(player), them.c.name_key == _key(opponent), mine.c.result.is_not(None))
        .group_by(MATCHES.c.ruleset, me.c.name, them.c.name)
        .order_by(MATCHES.c.ruleset)
    )
    if ruleset:
        query = query.where(MATCHES.c.ruleset == ruleset)
    if tournament is not None:
        query = query.where(MATCHES.c.tournament_id == tournament)
    return [HeadToHead(p, o, rs, int(n), int(w or 0), int(lo or 0), int(d or 0))
            for p, o, rs, n, w, lo, d in _rows(query, session=session)]


@dataclass
class CardRecord:
    ruleset: str
    card: str
    played: int = 0
    ippons: int = 0
    points: int = 0


def cards_of(data: Any) -> list[str]:
    """Card ids named by an action's data, whatever the ruleset: any `card` or `cards` field."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "card" and isinstance(value, str):
                found.append(value)
            elif key == "cards" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, str))
            elif isinstance(value, dict | list):
                found.extend(cards_of(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(cards_of(value))
    return found


def _scores(event: dict[str, Any]) -> tuple[int, int, int] | None:
    """(seat, ippons, points) for a scoring event, else None."""
    seat = event.get("seat")
    if not isinstance(seat, int):
        return None
    if event.get("type") == "IpponAwarded":
        return seat, 1, 0
    points = event.get("points")
    if isinstance(points, int) and not isinstance(points, bool):
        return seat, 0, points
    return None


def _is_penalty(event: dict[str, Any]) -> bool:
    return any(word in str(event.get("type", "")) for word in PENALTY_WORDS)


def card_records(*, session: Session, ruleset: str | None = None, player: str | None = None,
                 tournament: int | None = None) -> list[CardRecord]:
    """Per card: how often it was played, and the IPPONs and points credited to it."""
    query = (
        select(ACTIONS.c.match_id, ACTIONS.c.seq, ACTIONS.c.actor, ACTIONS.c.data, ACTIONS.c.events,
               MATCHES.c.ruleset)
        .select_from(ACTIONS)
        .join(MATCHES, MATCHES.c.id == ACTIONS.c.match_id)
        .where(ACTIONS.c.undone.is_(False))
        .order_by(ACTIONS.c.match_id, ACTIONS.c.seq)
    )
    if ruleset:
        query = query.where(MATCHES.c.ruleset == ruleset)
    if tournament is not None:
        query = query.where(MATCHES.c.tournament_id == tournament)
    player_seats: dict[int, int] | None = None
    if player:
        seat_rows = _rows(
            select(SEATS.c.match_id, SEATS.c.seat).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
            .where(PLAYERS.c.name_key == _key(player)), session=session)
        player_seats = {int(match_id): int(seat) for match_id, seat in seat_rows}
    records: dict[tuple[str, str], CardRecord] = {}
    last_play: dict[int, list[str]] = {}
    current: int | None = None
    replayed: dict[int, dict[int, list[Any]]] = {}
    for match_id, seq, actor, data, events, rs in _rows(query, session=session):
        if match_id != current:
            current, last_play = match_id, {}
        if events is None:  # stored before events were kept and not replayable then: replay now
            if match_id not in replayed:
                replayed[match_id] = events_by_seq(session.connection(), match_id)
            events = replayed[match_id].get(seq, [])
        counted = player_seats is None or player_seats.get(match_id) == actor
        cards = cards_of(data)
        if cards:
            last_play[actor] = cards
            if counted:
                for card in cards:
                    records.setdefault((rs, card), CardRecord(rs, card)).played += 1
        penalty_here = any(_is_penalty(e) for e in events)
        reset = False
        for event in events:
            scored = _scores(event)
            if scored is None:
                reset = reset or _is_penalty(event)
                continue
            reset = True
            seat, ippons, points = scored
            if penalty_here or seat not in last_play:
                continue
            if player_seats is not None and player_seats.get(match_id) != seat:
                continue
            for card in last_play[seat]:
                record = records.setdefault((rs, card), CardRecord(rs, card))
                record.ippons += ippons
                record.points += points
        if reset:
            last_play = {}
    return sorted(records.values(), key=lambda r: (r.ruleset, -r.played, r.card))


def card_names(ruleset_id: str) -> dict[str, str]:
    """Card id -> printed name from the ruleset's catalog ({} if it has none or it cannot be read)."""
    from companion.rules.catalog import load_catalog
    from companion.rules.errors import RulesError
    from companion.rules.registry import get_ruleset

    try:
        catalog_id = get_ruleset(ruleset_id).catalog_id
        if catalog_id is None:
            return {}
        return {card.id: card.name for card in load_catalog(catalog_id).cards}
    except (RulesError, OSError):
        return {}


def per_ruleset(records: list[Any]) -> dict[str, list[Any]]:
    grouped: dict[str, list[Any]] = defaultdict(list)
    for record in records:
        grouped[record.ruleset].append(record)
    return dict(grouped)
