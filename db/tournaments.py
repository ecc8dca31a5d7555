"""Tournaments in the database: create, load (replaying the log of results), settle, undo, list.

Every change is one transaction that bumps the tournament's revision, so a kill at any moment leaves
the tournament as it was before or after that change, and two phones cannot overwrite each other
(the second is told, as for matches). The pure logic is companion/tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from companion.tournaments.model import Outcome, Result, TournamentSetup
from companion.tournaments.tournament import Tournament
from db.clock import utc_now
from db.errors import MatchChangedElsewhere, StorageError
from db.models import Player, StoredMatch, StoredTournament, TournamentEntrant, TournamentResult
from db.repository import get_or_create_player


class TournamentNotFound(StorageError):
    pass


@dataclass
class StoredTournamentState:
    """A tournament as stored: its row (id, revision, times) and the replayed Tournament."""

    row: StoredTournament
    tournament: Tournament
    match_ids: dict[int, int]  # result seq -> the stored match that settled it

    @property
    def id(self) -> int:
        assert self.row.id is not None
        return self.row.id


def create_tournament(setup: TournamentSetup, *, session: Session) -> int:
    now = utc_now()
    row = StoredTournament(name=setup.name, ruleset=setup.ruleset, format=setup.format,
                           options=dict(setup.options), drawn=setup.drawn, seed=setup.seed,
                           created_at=now, updated_at=now)
    session.add(row)
    session.flush()
    assert row.id is not None
    for seed, name in enumerate(setup.players, start=1):
        player = get_or_create_player(name, session=session)
        assert player.id is not None
        session.add(TournamentEntrant(tournament_id=row.id, seed=seed, player_id=player.id))
    session.flush()
    return row.id


def load_tournament(tournament_id: int, *, session: Session) -> StoredTournamentState:
    row = session.get(StoredTournament, tournament_id)
    if row is None:
        raise TournamentNotFound(f"there is no tournament {tournament_id}; `shinpan tournament list` shows them")
    entrants = session.exec(
        select(Player.name).join(TournamentEntrant, col(TournamentEntrant.player_id) == col(Player.id))
        .where(TournamentEntrant.tournament_id == tournament_id).order_by(col(TournamentEntrant.seed))
    ).all()
    setup = TournamentSetup(row.name, row.ruleset, row.format, tuple(entrants),  # type: ignore[arg-type]
                            tuple(sorted(row.options.items())), row.drawn, row.seed)
    rows = session.exec(select(TournamentResult).where(TournamentResult.tournament_id == tournament_id)
                        .order_by(col(TournamentResult.seq))).all()
    tournament = Tournament(setup, [_result(r) for r in rows if not r.undone])
    tournament.redo_results = [_result(r) for r in reversed([r for r in rows if r.undone])]
    return StoredTournamentState(row, tournament, {r.seq: r.match_id for r in rows if r.match_id is not None})


def _result(row: TournamentResult) -> Result:
    outcome: Outcome = row.outcome  # type: ignore[assignment]  # written by settle from an Outcome
    return Result(row.pairing, outcome, row.match_id, row.forfeit)


def _bump(state: StoredTournamentState, *, session: Session) -> None:
    """Advance the revision from the one loaded; another writer in between is refused (nothing changed)."""
    tournament = state.tournament
    changed = session.execute(
        update(StoredTournament).where(col(StoredTournament.id) == state.id,
                                       col(StoredTournament.revision) == state.row.revision)
        .values(revision=state.row.revision + 1, updated_at=utc_now(), status=tournament.status,
                winner=tournament.winner)
    )
    if changed.rowcount != 1:  # type: ignore[attr-defined]
        raise MatchChangedElsewhere(f"tournament {state.id} was changed on another phone since it was loaded here; "
                                    "it is shown again as stored - check the pairing and try again")
    state.row.revision += 1


def settle_pairing(state: StoredTournamentState, first: str, second: str, winner: str | None, *,
                   session: Session, match_id: int | None = None, forfeit: bool = False) -> Result:
    """Settle the pairing due between two players; TournamentError (nothing stored) when it is not due."""
    result = state.tournament.settle(first, second, winner, match_id=match_id, forfeit=forfeit)
    # The redo list is gone once a new result is recorded, as a match's is.
    session.execute(delete(TournamentResult).where(col(TournamentResult.tournament_id) == state.id,
                                                   col(TournamentResult.undone).is_(True)))
    seq = 1 + max((r.seq for r in session.exec(select(TournamentResult).where(
        TournamentResult.tournament_id == state.id)).all()), default=0)
    session.add(TournamentResult(tournament_id=state.id, seq=seq, pairing=result.key, outcome=result.outcome,
                                 match_id=match_id, forfeit=forfeit, recorded_at=utc_now()))
    _bump(state, session=session)
    session.flush()
    return result


def undo_result(state: StoredTournamentState, *, session: Session) -> Result:
    result = state.tournament.undo()
    last = session.exec(select(TournamentResult).where(TournamentResult.tournament_id == state.id,
                                                       col(TournamentResult.undone).is_(False))
                        .order_by(col(TournamentResult.seq).desc())).first()
    assert last is not None
    last.undone = True
    session.add(last)
    _bump(state, session=session)
    session.flush()
    return result


def list_tournaments(*, session: Session) -> list[StoredTournament]:
    return list(session.exec(select(StoredTournament).order_by(col(StoredTournament.created_at).desc(),
                                                               col(StoredTournament.id).desc())).all())


def link_match(match_id: int, tournament_id: int, pairing: str, *, session: Session) -> None:
    """Mark a stored match as the one playing a tournament pairing (History shows it, its end settles it)."""
    session.execute(update(StoredMatch).where(col(StoredMatch.id) == match_id)
                    .values(tournament_id=tournament_id, tournament_pairing=pairing))


def settle_finished_matches(state: StoredTournamentState, *, session: Session) -> list[Result]:
    """Settle every pairing whose linked match has ended and whose result is not in yet (a match
    refereed in the app, on this phone or another, finished since the tournament was last shown).
    A match is used once: a drawn bracket match settles as a draw and its replay is a new match."""
    used = {result.match_id for result in state.tournament.results} | set(state.match_ids.values())
    rows = session.exec(select(StoredMatch).where(StoredMatch.tournament_id == state.id,
                                                  col(StoredMatch.status) != "in-progress")
                        .order_by(col(StoredMatch.finished_at), col(StoredMatch.id))).all()
    settled: list[Result] = []
    for row in rows:
        if row.id in used or row.tournament_pairing not in {p.key for p in state.tournament.pending}:
            continue
        pairing = state.tournament.pairing(row.tournament_pairing or "")
        assert pairing is not None
        winners = (row.summary or {}).get("outcome", {}).get("winners") or []
        winner = winners[0] if row.status == "won" and winners else None
        if winner is not None and winner not in (pairing.a, pairing.b):
            continue  # not this pairing's players (edited elsewhere): left for the referee
        forfeit = "forfeit" in (row.reason or "").lower()
        settled.append(settle_pairing(state, pairing.a, pairing.b, winner, session=session, match_id=row.id,
                                      forfeit=forfeit))
    return settled


def tournament_json(state: StoredTournamentState) -> dict[str, Any]:
    """The `shinpan tournament show --json` object (documented in docs/cli.md)."""
    tournament = state.tournament
    progress = tournament.progress
    return {
        "id": state.id,
        "name": tournament.setup.name,
        "ruleset": tournament.setup.ruleset,
        "format": tournament.setup.format,
        "options": dict(tournament.setup.options),
        "players": list(tournament.setup.players),
        "drawn": tournament.setup.drawn,
        "status": tournament.status,
        "winner": tournament.winner,
        "standings": [{"player": s.player, "points": s.points, "place": s.place, "wins": s.wins, "draws": s.draws,
                       "losses": s.losses} for s in tournament.standings],
        "next": [[p.a, p.b] for p in progress.pending],
        "pairings": [{"key": p.key, "stage": p.stage, "round": p.round, "players": [p.a, p.b],
                      "result": _shown_result(progress.settled.get(p.key), p.a, p.b)} for p in progress.pairings],
        "byes": [{"round": round_number, "player": player} for round_number, player in progress.byes],
        "to_come": [{"round": round_number, "players": [a, b]} for round_number, a, b in progress.to_come],
        "notes": list(progress.notes),
        "results": [{"pairing": r.key, "outcome": r.outcome, "match": r.match_id, "forfeit": r.forfeit}
                    for r in tournament.results],
    }


def _shown_result(result: Result | None, a: str, b: str) -> dict[str, Any] | None:
    if result is None:
        return None
    winner = {"a": a, "b": b}.get(result.outcome)
    return {"winner": winner, "draw": winner is None, "match": result.match_id, "forfeit": result.forfeit}
