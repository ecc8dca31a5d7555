"""Rebuilding the derived statistics from the event log, and checking them against it.

Both read the log in batches of matches (keyset pages by id), so memory stays the size of a batch
plus, for the check, the size of the derived table itself, never the size of the history. Plain
SQL on table names, so migration 0008 can fill the new table with the same code.

A rebuild first notes `rebuilding` in `stats_state` (committed on its own), then empties and refills
`stats_cards` and notes `ready` in one transaction: an interrupted rebuild leaves the old figures and
the note, so `shinpan stats` says the figures are not to be trusted and `shinpan check` rebuilds them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from db.card_credit import StoredStep, facts_of_match
from db.card_tallies import COUNTS, TallyKey, add_tallies, any_rows, day_of, tally_rows
from db.clock import utc_now

STATE_NAME = "cards"
READY, REBUILDING = "ready", "rebuilding"
BATCH = 500  # matches per page of the log: a few MB of actions at most

Progress = Callable[[int, int], None]  # (matches done, matches in all)
TallyId = tuple[str, str, int, str]  # ruleset, card, player_id, day


def stats_status(connection: sa.Connection) -> tuple[str, Any] | None:
    """(status, since when) of the derived statistics; None when never noted (a fresh schema is ready)."""
    row = connection.execute(sa.text("SELECT status, changed_at FROM stats_state WHERE name = :name"),
                             {"name": STATE_NAME}).first()
    return (str(row[0]), row[1]) if row else None


def note_status(connection: sa.Connection, status: str) -> None:
    connection.execute(sa.text("DELETE FROM stats_state WHERE name = :name"), {"name": STATE_NAME})
    state = sa.table("stats_state", sa.column("name"), sa.column("status"), sa.column("changed_at", sa.DateTime))
    connection.execute(sa.insert(state).values(name=STATE_NAME, status=status, changed_at=utc_now()))


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _match_pages(connection: sa.Connection) -> Iterator[list[tuple[int, TallyKey]]]:
    after = 0
    while True:
        rows = list(any_rows(connection.execute(sa.text("SELECT id, ruleset, started_at FROM matches WHERE id > :after "
                                                        "ORDER BY id LIMIT :n"), {"after": after, "n": BATCH})))
        if not rows:
            return
        first, last = int(rows[0][0]), int(rows[-1][0])
        seats: dict[int, list[int]] = {}
        for match_id, player_id in any_rows(connection.execute(
                sa.text("SELECT match_id, player_id FROM match_seats WHERE match_id BETWEEN :a AND :b "
                        "ORDER BY match_id, seat"), {"a": first, "b": last})):
            seats.setdefault(int(match_id), []).append(int(player_id))
        yield [(int(i), TallyKey(str(rs), day_of(start), tuple(seats.get(int(i), ())))) for i, rs, start in rows]
        after = last


def _steps_by_match(connection: sa.Connection, first: int, last: int) -> dict[int, list[StoredStep]]:
    found: dict[int, list[StoredStep]] = {}
    missing: set[int] = set()
    result = connection.execute(
        sa.text("SELECT match_id, seq, actor, data, events FROM match_actions WHERE match_id BETWEEN :a AND :b "
                "AND NOT undone ORDER BY match_id, seq"), {"a": first, "b": last})
    for match_id, _seq, actor, data, events in any_rows(result):
        if events is None:
            missing.add(int(match_id))
            continue
        found.setdefault(int(match_id), []).append(StoredStep(int(actor), _json(data), _json(events) or []))
    for match_id in missing:  # events never kept (see migration 0002): replay, as the statistics always did
        from db.card_tallies import stored_steps

        found[match_id] = stored_steps(connection, match_id)
    return found


def tallies_by_page(connection: sa.Connection, progress: Progress | None = None) -> Iterator[list[dict[str, Any]]]:
    """The derived rows the whole log gives, one page of matches at a time (rows of a page summed)."""
    total = int(connection.execute(sa.text("SELECT count(*) FROM matches")).scalar_one())
    done = 0
    for page in _match_pages(connection):
        steps = _steps_by_match(connection, page[0][0], page[-1][0])
        summed: dict[TallyId, dict[str, Any]] = {}
        for match_id, key in page:
            for row in tally_rows(key, facts_of_match(steps.get(match_id, []))):
                ident = (row["ruleset"], row["card"], row["player_id"], row["day"])
                if ident in summed:
                    for count in COUNTS:
                        summed[ident][count] += row[count]
                else:
                    summed[ident] = row
        done += len(page)
        if progress is not None:
            progress(done, total)
        yield list(summed.values())


def refill(connection: sa.Connection, progress: Progress | None = None) -> None:
    """Empty and refill every derived table from the log and note them ready, in the caller's transaction."""
    from db.result_tallies import refill_results

    refill_results(connection)
    connection.execute(sa.text("DELETE FROM stats_cards"))
    for rows in tallies_by_page(connection, progress):
        add_tallies(connection, rows)
    note_status(connection, READY)


def rebuild(engine: Engine, progress: Progress | None = None) -> None:
    """`shinpan stats --rebuild`: the derived statistics made again from the log."""
    with engine.begin() as connection:
        note_status(connection, REBUILDING)
    with engine.begin() as connection:
        refill(connection, progress)


RESULT_COUNTS = ("played", "wins", "losses", "draws")


@dataclass(frozen=True)
class Disagreement:
    """One derived row that is not what the log gives."""

    table: str
    ruleset: str
    card: str
    player: str
    day: str
    stored: tuple[Any, ...]
    expected: tuple[Any, ...]
    counts: tuple[str, ...] = COUNTS

    def describe(self) -> str:
        names = ", ".join(f"{c} {s} (log: {e})" for c, s, e in zip(self.counts, self.stored, self.expected,
                                                                   strict=True) if s != e)
        where = " ".join(part for part in (self.ruleset, self.card, self.player, self.day) if part)
        return f"{self.table} {where}: {names}"


def disagreements(connection: sa.Connection, progress: Progress | None = None) -> list[Disagreement]:
    """Every derived row that differs from what the log gives (all-zero rows count as absent)."""
    return _card_disagreements(connection, progress) + result_disagreements(connection)


def result_disagreements(connection: sa.Connection) -> list[Disagreement]:
    from db.result_tallies import RESULTS_IN_ORDER, all_result_rows, streaks

    names: dict[Any, Any] = dict(any_rows(connection.execute(sa.text("SELECT id, name FROM players"))))
    found: list[Disagreement] = []
    expected: dict[Any, tuple[int, ...]] = {}
    for rows in all_result_rows(connection):
        for row in rows:
            ident = (row["player_id"], row["ruleset"], row["day"])
            old = expected.get(ident, (0, 0, 0, 0))
            expected[ident] = tuple(o + row[c] for o, c in zip(old, RESULT_COUNTS, strict=True))
    stored: dict[Any, tuple[int, ...]] = {}
    for p, rs, day, *counts in any_rows(connection.execute(
            sa.text("SELECT player_id, ruleset, day, played, wins, losses, draws FROM stats_players"))):
        stored[(int(p), str(rs), str(day))] = tuple(int(c) for c in counts)
    for ident in sorted(set(expected) | set(stored)):
        have, want = stored.get(ident, (0, 0, 0, 0)), expected.get(ident, (0, 0, 0, 0))
        if have != want:
            player_id, ruleset, day = ident
            found.append(Disagreement("stats_players", ruleset, "", str(names.get(player_id, player_id)), day,
                                      have, want, RESULT_COUNTS))
    runs: dict[Any, Any] = {
        (r["player_id"], r["ruleset"]): (r["current_result"], r["current_length"], r["best_win"])
        for r in streaks(connection.execute(sa.text(RESULTS_IN_ORDER.format(where=""))))}
    kept: dict[Any, Any] = {}
    for p, rs, res, n, b in any_rows(connection.execute(
            sa.text("SELECT player_id, ruleset, current_result, current_length, best_win FROM stats_streaks"))):
        kept[(int(p), str(rs))] = (str(res), int(n), int(b))
    for ident in sorted(set(runs) | set(kept)):
        if runs.get(ident) != kept.get(ident):
            player_id, ruleset = ident
            found.append(Disagreement("stats_streaks", ruleset, "", str(names.get(player_id, player_id)), "",
                                      tuple(kept.get(ident, ("", 0, 0))[1:]), tuple(runs.get(ident, ("", 0, 0))[1:]),
                                      ("current streak", "best winning streak")))
    return found


def _card_disagreements(connection: sa.Connection, progress: Progress | None = None) -> list[Disagreement]:
    expected: dict[TallyId, tuple[int, ...]] = {}
    for rows in tallies_by_page(connection, progress):
        for row in rows:
            ident = (row["ruleset"], row["card"], row["player_id"], row["day"])
            old = expected.get(ident, (0, 0, 0, 0))
            expected[ident] = tuple(o + row[c] for o, c in zip(old, COUNTS, strict=True))
    stored: dict[TallyId, tuple[int, ...]] = {}
    for ruleset, card, player_id, day, *counts in any_rows(connection.execute(sa.text(
            "SELECT ruleset, card, player_id, day, played, ippons, points, answered FROM stats_cards"))):
        stored[(str(ruleset), str(card), int(player_id), str(day))] = tuple(int(c) for c in counts)
    names: dict[Any, Any] = dict(any_rows(connection.execute(sa.text("SELECT id, name FROM players"))))
    zero = (0, 0, 0, 0)
    found = []
    for ident in sorted(set(expected) | set(stored)):
        have, want = stored.get(ident, zero), expected.get(ident, zero)
        if have != want:
            ruleset, card, player_id, day = ident
            found.append(Disagreement("stats_cards", ruleset, card, str(names.get(player_id, player_id)), day,
                                      have, want))
    return found
