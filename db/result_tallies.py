"""Keeping `stats_players` (finished matches per player, ruleset and day, with wins, losses and draws)
and `stats_streaks` in step with the seats' results, in the transaction that changes them: a match
finishing or reopening (an undo of its last action), an import, a deletion.

A streak depends on the order of a player's whole record, so it is worked out again for the players
of the match that changed, from their results alone (one narrow indexed query, never the actions).
Plain SQL on table names, so migration 0008 can use it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import sqlalchemy as sa

from db.card_tallies import any_rows, day_of

WIN, LOSS, DRAW = "win", "loss", "draw"
ADD_RESULTS = (
    "INSERT INTO stats_players (player_id, ruleset, day, played, wins, losses, draws) "
    "VALUES (:player_id, :ruleset, :day, :played, :wins, :losses, :draws) "
    "ON CONFLICT (player_id, ruleset, day) DO UPDATE SET "
    "played = stats_players.played + excluded.played, wins = stats_players.wins + excluded.wins, "
    "losses = stats_players.losses + excluded.losses, draws = stats_players.draws + excluded.draws"
)
RESULTS_IN_ORDER = (
    "SELECT s.player_id, m.ruleset, s.result FROM match_seats s JOIN matches m ON m.id = s.match_id "
    "WHERE s.result IS NOT NULL {where} ORDER BY s.player_id, m.ruleset, m.started_at, m.id"
)


def result_row(player_id: int, ruleset: str, day: str, result: str | None, sign: int) -> dict[str, Any]:
    return {"player_id": player_id, "ruleset": ruleset, "day": day, "played": sign,
            "wins": sign * (result == WIN), "losses": sign * (result == LOSS), "draws": sign * (result == DRAW)}


def _seats(connection: sa.Connection, match_id: int) -> tuple[str, str, list[tuple[int, str | None]]]:
    match: Any = connection.execute(
        sa.text("SELECT ruleset, started_at FROM matches WHERE id = :id"), {"id": match_id}).one()
    seats = any_rows(connection.execute(sa.text("SELECT player_id, result FROM match_seats WHERE match_id = :id "
                                                "ORDER BY seat"), {"id": match_id}).all())
    return str(match[0]), day_of(match[1]), [(int(p), r) for p, r in seats]


def count_results(connection: sa.Connection, match_id: int, sign: int) -> None:
    """Add (sign 1) or take back (-1) the match's stored seat results; then its players' streaks again.
    Call with -1 before its results change or it is deleted, with 1 after they changed or it was stored."""
    ruleset, day, seats = _seats(connection, match_id)
    rows = [result_row(player, ruleset, day, result, sign) for player, result in seats if result is not None]
    if rows:
        connection.execute(sa.text(ADD_RESULTS), rows)
    if sign > 0:
        refresh_streaks(connection, [player for player, _ in seats], ruleset)


def refresh_streaks(connection: sa.Connection, players: Sequence[int], ruleset: str) -> None:
    """Work out the streaks of `players` in `ruleset` again from their results."""
    if not players:
        return
    marks = ", ".join(f":p{n}" for n in range(len(players)))
    bound: dict[str, Any] = {f"p{n}": player for n, player in enumerate(players)}
    connection.execute(sa.text(f"DELETE FROM stats_streaks WHERE ruleset = :ruleset AND player_id IN ({marks})"),
                       {**bound, "ruleset": ruleset})
    rows = connection.execute(sa.text(RESULTS_IN_ORDER.format(
        where=f"AND m.ruleset = :ruleset AND s.player_id IN ({marks})")), {**bound, "ruleset": ruleset})
    store_streaks(connection, streaks(rows))


def streaks(ordered: Iterable[Any]) -> Iterator[dict[str, Any]]:
    """stats_streaks rows from (player_id, ruleset, result) rows ordered by player, ruleset and start."""
    current: tuple[int, str] | None = None
    result, length, best = "", 0, 0
    for player_id, ruleset, seat_result in ordered:
        who = (int(player_id), str(ruleset))
        if who != current:
            if current is not None:
                yield _streak(current, result, length, best)
            current, result, length, best = who, "", 0, 0
        length = length + 1 if seat_result == result else 1
        result = str(seat_result)
        if result == WIN:
            best = max(best, length)
    if current is not None:
        yield _streak(current, result, length, best)


def _streak(who: tuple[int, str], result: str, length: int, best: int) -> dict[str, Any]:
    return {"player_id": who[0], "ruleset": who[1], "current_result": result, "current_length": length,
            "best_win": best}


def store_streaks(connection: sa.Connection, rows: Iterable[dict[str, Any]], batch: int = 1000) -> None:
    statement = sa.text("INSERT INTO stats_streaks (player_id, ruleset, current_result, current_length, best_win) "
                        "VALUES (:player_id, :ruleset, :current_result, :current_length, :best_win)")
    pending: list[dict[str, Any]] = []
    for row in rows:
        pending.append(row)
        if len(pending) >= batch:
            connection.execute(statement, pending)
            pending = []
    if pending:
        connection.execute(statement, pending)


def all_result_rows(connection: sa.Connection, batch: int = 5000) -> Iterator[list[dict[str, Any]]]:
    """stats_players rows for every finished seat, summed a batch of seats at a time (the rebuild)."""
    # Options on the statement: on the connection they would stay set for every later statement.
    result = connection.execute(sa.text(
        "SELECT s.player_id, m.ruleset, m.started_at, s.result FROM match_seats s "
        "JOIN matches m ON m.id = s.match_id WHERE s.result IS NOT NULL").execution_options(
            stream_results=True, yield_per=batch))
    for part in result.partitions(batch):
        summed: dict[tuple[int, str, str], dict[str, Any]] = {}
        for player_id, ruleset, started_at, seat_result in any_rows(part):
            row = result_row(int(player_id), str(ruleset), day_of(started_at), seat_result, 1)
            key = (row["player_id"], row["ruleset"], row["day"])
            if key in summed:
                for count in ("played", "wins", "losses", "draws"):
                    summed[key][count] += row[count]
            else:
                summed[key] = row
        yield list(summed.values())


def refill_results(connection: sa.Connection) -> None:
    """Empty and refill stats_players and stats_streaks from the seats, in the caller's transaction."""
    connection.execute(sa.text("DELETE FROM stats_players"))
    connection.execute(sa.text("DELETE FROM stats_streaks"))
    for part in all_result_rows(connection):
        if part:
            connection.execute(sa.text(ADD_RESULTS), part)
    ordered = connection.execute(sa.text(RESULTS_IN_ORDER.format(where="")).execution_options(
        stream_results=True, yield_per=5000))
    store_streaks(connection, streaks(ordered))
