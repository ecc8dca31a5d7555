"""A full disk and a read-only folder never empty, hide or call damaged a healthy database (issue 20).

The data folder is a real small tmpfs mounted for the test (root only: CI runs as root; elsewhere these
skip with the reason), filled with a real file until it is full, or remounted read-only. Every command
goes through the real `shinpan` entry point.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli.main import main
from db.engine import open_database
from db.live import DurableMatch
from tests.db.conftest import kendo_setup, play_to_end

DISK_BYTES = 4 * 1024 * 1024


def _mount(folder: Path, options: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True,
                          check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = os.geteuid() == 0 and _mount(folder, f"size={DISK_BYTES}").returncode == 0
    if not mounted:
        if os.environ.get("CI"):
            pytest.fail("CI runs as root and must be able to mount a small tmpfs for the full-disk tests")
        pytest.skip("mounting a small tmpfs for a full disk needs root (CI runs these)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _record_matches(database: Path, count: int, seed: int = 0) -> None:
    engine = open_database(f"sqlite:///{database}")
    try:
        for number in range(count):
            with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), seed + number)) as live:
                play_to_end(live, random.Random(seed + number))
    finally:
        engine.dispose()


def _fill(disk: Path, leave: int = 0) -> Path:
    """Fill the disk until only `leave` bytes are free (in 4 kB steps, as tmpfs counts pages)."""
    filler = disk / "filler"
    with filler.open("wb") as handle:
        while os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize > leave:
            try:
                handle.write(b"\0" * 4096)
                handle.flush()
            except OSError:
                break
    return filler


def _history(database: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, object]], str]:
    code = main(["history", "--database", str(database), "--json", "--per-page", "100"])
    out = capsys.readouterr()
    matches = json.loads(out.out)["matches"] if code == 0 else []
    return code, matches, out.err


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_a_full_disk_lists_the_matches_and_is_never_called_damaged(
        small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = small_disk / "shinpan.db"
    _record_matches(database, 3)
    _fill(small_disk)
    code, matches, err = _history(database, capsys)
    assert "damaged" not in err and "restore" not in err
    assert code == 0 and len(matches) == 3, err


def test_restore_onto_a_nearly_full_disk_leaves_the_database_as_it_was(
        small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = small_disk / "shinpan.db"
    _record_matches(database, 3)
    bigger = tmp_path / "bigger-backup.db"  # on the roomy disk: more matches than fit in what is free
    _record_matches(bigger, 60, seed=100)
    before = database.read_bytes()
    filler = _fill(small_disk, leave=bigger.stat().st_size // 2)
    assert main(["restore", str(bigger), "--force", "--database", str(database)]) != 0
    line = _one_line(capsys.readouterr().err)
    assert "full" in line and "damaged" not in line, line
    assert database.read_bytes() == before
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "shinpan.db"]  # no partial copy left
    filler.unlink()  # once space is freed, every match is still there
    code, matches, err = _history(database, capsys)
    assert code == 0 and len(matches) == 3, err


def test_a_backup_onto_a_full_disk_is_one_line_and_leaves_no_partial_file(
        small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "shinpan.db"
    _record_matches(database, 40)
    _fill(small_disk, leave=database.stat().st_size // 3)
    target = small_disk / "monday.db"
    assert main(["backup", str(target), "--database", str(database)]) != 0
    line = _one_line(capsys.readouterr().err)
    assert "full" in line, line
    assert not target.exists() and [p.name for p in small_disk.iterdir()] == ["filler"]
    code, matches, err = _history(database, capsys)
    assert code == 0 and len(matches) == 40, err


def test_a_large_import_onto_a_full_disk_is_one_line_and_stores_nothing(
        small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "club.db"
    _record_matches(source, 80, seed=300)
    export = tmp_path / "club.json"
    assert main(["export", str(export), "--database", str(source)]) == 0
    database = small_disk / "shinpan.db"
    _record_matches(database, 2)
    _fill(small_disk, leave=64 * 1024)
    capsys.readouterr()
    assert main(["import", str(export), "--database", str(database)]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and "full" in err, err
    (small_disk / "filler").unlink()
    code, matches, err = _history(database, capsys)
    assert code == 0 and len(matches) == 2, err


@pytest.fixture
def read_only_disk(small_disk: Path) -> Iterator[Path]:
    _record_matches(small_disk / "shinpan.db", 3)
    remounted = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, check=False)
    assert remounted.returncode == 0, remounted.stderr
    yield small_disk


def test_a_read_only_database_lists_shows_exports_and_backs_up(
        read_only_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = read_only_disk / "shinpan.db"
    code, matches, err = _history(database, capsys)
    assert code == 0 and len(matches) == 3, err
    first = str(matches[0]["id"])
    assert main(["history", first, "--database", str(database)]) == 0 and "Aiko" in capsys.readouterr().out
    assert main(["export", str(tmp_path / "all.json"), "--database", str(database)]) == 0
    assert len(json.loads((tmp_path / "all.json").read_text())["matches"]) == 3
    assert main(["backup", str(tmp_path / "copy.db"), "--database", str(database)]) == 0
    capsys.readouterr()
    code, matches, err = _history(tmp_path / "copy.db", capsys)
    assert code == 0 and len(matches) == 3, err


@pytest.mark.parametrize("command", ["import", "restore"])
def test_writing_to_a_read_only_folder_is_one_line(
        read_only_disk: Path, tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    database = read_only_disk / "shinpan.db"
    source = tmp_path / "source.db"
    _record_matches(source, 4, seed=50)
    if command == "import":
        assert main(["export", str(tmp_path / "in.json"), "--database", str(source)]) == 0
        argv = ["import", str(tmp_path / "in.json")]
    else:
        argv = ["restore", str(source), "--force"]
    capsys.readouterr()
    assert main([*argv, "--database", str(database)]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and "read-only" in err and "damaged" not in err, err
    code, matches, err = _history(database, capsys)
    assert code == 0 and len(matches) == 3, err
