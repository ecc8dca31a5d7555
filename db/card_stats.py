"""What each card did, read from `stats_cards` (kept by db/card_tallies.py, rebuilt by db/stats_rebuild.py).

Filters by ruleset, player and day are sums over that table's rows. A tournament is a handful of
matches and the table is not kept per tournament, so its figures are worked out from those matches'
stored actions alone, with the same credit rules (db/card_credit.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import cast

from sqlalchemy import Table, func, or_, select
from sqlmodel import Session

from db.card_tallies import any_rows, match_facts
from db.match_filters import match_conditions
from db.models import CardTally, Player, StoredMatch, StoredSeat

CARDS: Table = cast(Table, CardTally.__table__)  # type: ignore[attr-defined]
PLAYERS: Table = cast(Table, Player.__table__)  # type: ignore[attr-defined]
MATCHES: Table = cast(Table, StoredMatch.__table__)  # type: ignore[attr-defined]
SEATS: Table = cast(Table, StoredSeat.__table__)  # type: ignore[attr-defined]


@dataclass
class CardRecord:
    ruleset: str
    card: str
    played: int = 0
    ippons: int = 0
    points: int = 0
    answered: int = 0  # plays of it that another seat's play answered before anything scored


def _sorted(records: list[CardRecord]) -> list[CardRecord]:
    return sorted(records, key=lambda r: (r.ruleset, -r.played, r.card))


def card_records(*, session: Session, ruleset: str | None = None, player: str | None = None,
                 tournament: int | None = None, since: date | None = None,
                 until: date | None = None) -> list[CardRecord]:
    """Per card: how often it was played and answered, and the IPPONs and points credited to it."""
    if tournament is not None:
        return _tournament_cards(tournament, session=session, ruleset=ruleset, player=player, since=since,
                                 until=until)
    counts = [func.sum(CARDS.c[name]) for name in ("played", "ippons", "points", "answered")]
    query = (
        select(CARDS.c.ruleset, CARDS.c.card, *counts)
        .group_by(CARDS.c.ruleset, CARDS.c.card)
        .having(or_(counts[0] != 0, counts[1] != 0, counts[2] != 0, counts[3] != 0))
    )
    if ruleset:
        query = query.where(CARDS.c.ruleset == ruleset)
    if since is not None:
        query = query.where(CARDS.c.day >= since.isoformat())
    if until is not None:
        query = query.where(CARDS.c.day <= until.isoformat())
    if player:
        query = query.where(CARDS.c.player_id == select(PLAYERS.c.id).where(
            PLAYERS.c.name_key == player.strip().casefold()).scalar_subquery())
    rows = any_rows(session.connection().execute(query).all())
    return _sorted([CardRecord(str(rs), str(card), int(p), int(i), int(pt), int(a))
                    for rs, card, p, i, pt, a in rows])


def _tournament_cards(tournament: int, *, session: Session, ruleset: str | None, player: str | None,
                      since: date | None, until: date | None) -> list[CardRecord]:

    connection = session.connection()
    matches = any_rows(connection.execute(select(MATCHES.c.id, MATCHES.c.ruleset)
                                          .where(*match_conditions(ruleset, since, until, tournament))).all())
    records: dict[tuple[str, str], CardRecord] = {}
    for match_id, rs in matches:
        seat = None
        if player:
            seat = connection.execute(
                select(SEATS.c.seat).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
                .where(SEATS.c.match_id == match_id, PLAYERS.c.name_key == player.strip().casefold())).scalar()
            if seat is None:
                continue
        for fact in match_facts(connection, int(match_id)):
            if seat is not None and fact.seat != seat:
                continue
            record = records.setdefault((rs, fact.card), CardRecord(rs, fact.card))
            record.played += fact.played
            record.ippons += fact.ippons
            record.points += fact.points
            record.answered += fact.answered
    return _sorted(list(records.values()))


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


__all__ = ["CardRecord", "card_names", "card_records"]
