"""The storage commands run as a user runs them (a real `shinpan` process on real files): bad paths,
numbers and targets get one clear line, never a traceback, and nothing stored is lost."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db.engine import open_database
from db.live import DurableMatch
from tests.db.conftest import kendo_setup, play_to_end
from tests.db.test_history import KNOWN_MATCH

REPO = Path(__file__).resolve().parents[2]
HUGE = "99999999999999999999"


def shinpan(*argv: str, cwd: Path, database: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("SHINPAN_DATABASE_URL", None)
    if database is not None:
        env["SHINPAN_DATABASE_URL"] = database
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60)


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The command failed with one `shinpan:` line holding `words`, and no traceback."""
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shinpan: "), done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def _database(path: Path, matches: int = 3) -> Path:
    engine = open_database(f"sqlite:///{path}")
    for n in range(matches):
        with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), n)) as live:
            play_to_end(live, random.Random(n))
    engine.dispose()
    return path


def test_relative_database_paths_work_every_time_backup_and_restore_included(tmp_path: Path) -> None:
    (tmp_path / "known.txt").write_text(KNOWN_MATCH, encoding="utf-8")
    assert shinpan("import", "known.txt", "--database", "rel.db", cwd=tmp_path).returncode == 0
    for _ in range(2):  # the second run opens an existing file: that is where it used to crash
        done = shinpan("history", "--database", "rel.db", cwd=tmp_path)
        assert done.returncode == 0 and "(1 matches)" in done.stdout, done.stderr
    for setting in ("rel.db", "sqlite:///rel.db"):
        done = shinpan("history", cwd=tmp_path, database=setting)
        assert done.returncode == 0 and "(1 matches)" in done.stdout, done.stderr
    assert shinpan("backup", "bk.db", "--database", "rel.db", cwd=tmp_path).returncode == 0
    done = shinpan("restore", "bk.db", cwd=tmp_path, database="restored.db")
    assert done.returncode == 0, done.stderr
    assert "(1 matches)" in shinpan("history", "--database", "restored.db", cwd=tmp_path).stdout
    done = shinpan("restore", "bk.db", "--force", cwd=tmp_path, database="rel.db")  # over an existing file
    assert done.returncode == 0, done.stderr


def test_numbers_too_large_for_the_database_are_answered_plainly(tmp_path: Path) -> None:
    database = str(_database(tmp_path / "m.db", 1))
    done = shinpan("history", "--page", HUGE, "--database", database, cwd=tmp_path)
    assert done.returncode == 0 and "past the last page" in done.stdout, done.stderr
    refused(shinpan("history", HUGE, "--database", database, cwd=tmp_path), f"no match {HUGE}")
    refused(shinpan("export", "--match", HUGE, "out.txt", "--database", database, cwd=tmp_path), f"no match {HUGE}")


def test_a_bad_database_argument_is_one_line_and_creates_nothing(tmp_path: Path) -> None:
    refused(shinpan("history", "--database", str(tmp_path), cwd=tmp_path), "is a folder")
    refused(shinpan("history", "--database", "mysql://x@y/z", cwd=tmp_path), "'mysql'", "not supported")
    refused(shinpan("stats", "--database", "postgresql+asyncpg://x@y/z", cwd=tmp_path), "not supported")
    missing = tmp_path / "no_such_dir" / "x.db"
    for argv in (["history"], ["stats"], ["export", "out.json"], ["backup", "bk.db"]):
        refused(shinpan(*argv, "--database", str(missing), cwd=tmp_path), str(missing))
    assert not missing.parent.exists()  # nothing was made where the user only meant to read


def test_export_to_an_impossible_place_is_one_line(tmp_path: Path) -> None:
    database = str(_database(tmp_path / "m.db", 2))
    refused(shinpan("export", "/dev/null/x", "--database", database, cwd=tmp_path), "/dev/null/x")
    refused(shinpan("export", "/dev/null/x.json", "--database", database, cwd=tmp_path), "/dev/null/x.json")


def test_a_folder_export_skips_a_match_that_no_longer_replays_and_json_keeps_it(tmp_path: Path) -> None:
    database = _database(tmp_path / "m.db", 3)
    with sqlite3.connect(database) as connection:  # as if the rules changed under a stored action
        connection.execute("UPDATE match_actions SET notation = 'no such card' WHERE match_id = 2 AND seq = 1")
    connection.close()
    done = shinpan("export", "folder", "--database", str(database), cwd=tmp_path)
    assert done.returncode == 5 and "Traceback" not in done.stderr, done.stderr
    assert "match 2 " in done.stderr and "shinpan export --match 2 FILE.json" in done.stderr
    assert "exported 2 matches" in done.stderr
    assert sorted(p.name[:5] for p in (tmp_path / "folder").iterdir()) == ["00001", "00003"]
    advice = refused(shinpan("history", "2", "--database", str(database), cwd=tmp_path), "FILE.json")
    refused(shinpan("export", "--match", "2", "two.txt", "--database", str(database), cwd=tmp_path), "FILE.json")
    # The advice works: JSON keeps the match as stored.
    assert "shinpan export --match 2 FILE.json" in advice
    done = shinpan("export", "--match", "2", "two.json", "--database", str(database), cwd=tmp_path)
    assert done.returncode == 0 and "no such card" in (tmp_path / "two.json").read_text(encoding="utf-8")


def test_backup_onto_a_file_that_is_not_a_backup_leaves_it_alone_even_forced(tmp_path: Path) -> None:
    database = str(_database(tmp_path / "m.db", 1))
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    for force in ([], ["--force"]):
        line = refused(shinpan("backup", str(notes), *force, "--database", database, cwd=tmp_path),
                       f"{notes} exists and is not a Shinpan backup")
        assert "damaged" not in line
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    old = _database(tmp_path / "old.db", 1)  # a real backup file is still replaced when forced
    with sqlite3.connect(old) as connection:
        connection.execute("UPDATE matches SET updated_at = '2999-01-01 00:00:00'")
    connection.close()
    refused(shinpan("backup", str(old), "--database", database, cwd=tmp_path), "newer matches")
    assert shinpan("backup", str(old), "--force", "--database", database, cwd=tmp_path).returncode == 0


def test_the_health_check_of_a_damaged_file_writes_nothing_beside_it(tmp_path: Path) -> None:
    database = _database(tmp_path / "m.db", 3)
    size = database.stat().st_size
    with database.open("r+b") as handle:
        handle.truncate(size // 2)
    before = database.read_bytes()
    refused(shinpan("history", "--database", str(database), cwd=tmp_path), "damaged")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.db"]
    assert database.read_bytes() == before


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_fresh_install_reads_as_empty_without_making_a_file(tmp_path: Path, command: str) -> None:
    if sys.platform != "linux":
        pytest.skip("the data folder is redirected through XDG_DATA_HOME, which only Linux honours")
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("SHINPAN_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "companion", command], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "no stored matches" in done.stdout, done.stderr
    assert not (tmp_path / "data").exists()


def test_import_while_another_program_holds_the_lock_is_the_documented_line(tmp_path: Path) -> None:
    database = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{database}")
    engine.dispose()
    record = tmp_path / "one.shinpan"
    record.write_text("ruleset: kendo-shiai\nplayer: Aiko, side red\nplayer: Ben, side white\n\n"
                      "1. Aiko: offer MEN 4\n", encoding="utf-8")
    holder = sqlite3.connect(database, timeout=1)
    holder.execute("BEGIN EXCLUSIVE")  # another program in the middle of a long write
    try:
        result = shinpan("import", str(record), "--database", str(database), cwd=tmp_path)
    finally:
        holder.rollback()
        holder.close()
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "locked by another program" in lines[0] and "nothing stored was changed" in lines[0]
    assert shinpan("import", str(record), "--database", str(database), cwd=tmp_path).returncode == 0
