"""What opening a SQLite file checks, in time that does not grow with the file: the header, the schema,
and the pages the last transaction wrote. The full page-by-page check is kept for `shinpan check`,
backup and restore, and for naming the damage once something has failed.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"
HEADER_SIZE = 100


def header_problem(path: Path) -> str | None:
    """What the first 100 bytes say is wrong with the file (not SQLite, cut short), or None."""
    with path.open("rb") as handle:
        header = handle.read(HEADER_SIZE)
    if not header.startswith(SQLITE_HEADER):
        return "it is not a SQLite database"
    if len(header) < HEADER_SIZE:
        return "it is cut short (no whole header)"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"its header names an impossible page size ({page_size})"
    if Path(f"{path}-wal").exists():
        # A connection has the file open in WAL mode, and its checkpoints copy pages in page 1 first:
        # for a moment the header counts pages the file has not reached. SQLite reads any page still
        # missing from the -wal, and last_write_problem's reads catch a file really cut short.
        return None
    size = path.stat().st_size
    if size % page_size:
        return f"it is cut short ({size} bytes is not a whole number of {page_size}-byte pages)"
    change_counter, pages, valid_for = (int.from_bytes(header[at:at + 4], "big") for at in (24, 28, 92))
    # The page count in the header is only to be trusted when written by the same change (SQLite's rule).
    if change_counter == valid_for and pages and size < pages * page_size:
        return f"it is cut short ({size // page_size} of its {pages} pages are there)"
    return None


def last_write_problem(connection: sqlite3.Connection) -> str | None:
    """Read the schema and the newest match with its newest action: the b-tree pages an append writes
    last. A torn or damaged last transaction shows here; SQLite itself drops WAL frames never committed."""
    connection.execute("PRAGMA schema_version").fetchone()
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "matches" not in tables or "match_actions" not in tables:
        return None  # a new or foreign file: the migration step judges it
    # SELECT *: any schema's columns (an old file is checked before it is upgraded)
    newest = connection.execute("SELECT * FROM matches ORDER BY id DESC LIMIT 1").fetchone()
    if newest is not None:
        connection.execute("SELECT * FROM match_actions WHERE match_id = ? ORDER BY seq DESC LIMIT 1",
                           (newest[0],)).fetchone()
    connection.execute("SELECT * FROM match_actions ORDER BY match_id DESC, seq DESC LIMIT 1").fetchone()
    return None


def integrity_problem(connection: sqlite3.Connection) -> str | None:
    """The first problem PRAGMA integrity_check finds on any page, or None when the file is whole."""
    rows = connection.execute("PRAGMA integrity_check").fetchall()
    problems = [str(row[0]) for row in rows if row[0] != "ok"]
    return problems[0] if problems else None
