"""`shinpan history`, `stats`, `export`, `import`, `backup`, `restore` on a real database file."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.main import main
from db.engine import open_database
from db.live import DurableMatch
from tests.db.conftest import kendo_setup, play_steps, play_to_end
from tests.db.test_history import KNOWN_MATCH

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real database file with three finished matches and one in progress, set as the default."""
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    for n, names in enumerate([("Aiko", "Ben"), ("Ben", "Chie"), ("Aiko", "Chie")]):
        with DurableMatch.start(engine, kendo_setup(names, n)) as live:
            play_to_end(live, random.Random(n))
    with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 7)) as live:
        play_steps(live, random.Random(7), 5)
    engine.dispose()
    monkeypatch.setenv("SHINPAN_DATABASE_URL", str(path))
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_history_lists_filters_and_shows_a_timeline(database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = _json(capsys, "history", "--json")
    assert isinstance(listing, dict)
    assert listing["total"] == 4 and [m["id"] for m in listing["matches"]] == [4, 3, 2, 1]
    assert listing["matches"][0]["status"] == "in-progress"
    chie = _json(capsys, "history", "--player", "chie", "--outcome", "finished", "--json")
    assert isinstance(chie, dict) and [m["id"] for m in chie["matches"]] == [3, 2]

    assert main(["history", "--per-page", "2"]) == 0
    text = capsys.readouterr().out
    assert "#4" in text and "in progress" in text and "page 1 of 2 (4 matches)" in text

    timeline = _json(capsys, "history", "1", "--json")
    assert isinstance(timeline, dict)
    assert timeline["match"]["status"] == "won"
    assert all("state" in e and "events" in e for e in timeline["timeline"])
    assert any(ev["name"] == "IpponAwarded" for e in timeline["timeline"] for ev in e["events"])


def test_stats_shows_results_head_to_head_and_cards(database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stats = _json(capsys, "stats", "--player", "Aiko", "--versus", "Ben", "--json")
    assert isinstance(stats, dict)
    aiko = stats["players"][0]
    assert aiko["player"] == "Aiko" and aiko["wins"] + aiko["losses"] + aiko["draws"] == aiko["played"] == 2
    assert stats["head_to_head"][0]["matches"] == 1
    assert stats["cards"] and all(c["played"] > 0 and c["name"] for c in stats["cards"])


def test_export_then_import_into_another_file_skips_what_is_there(
        database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, document = tmp_path / "records", tmp_path / "all.json"
    assert main(["export", str(folder)]) == 0
    assert main(["export", str(document)]) == 0
    assert len(list(folder.glob("*.txt"))) == 4
    capsys.readouterr()
    other = tmp_path / "other.db"
    report = _json(capsys, "import", str(folder), "--database", str(other), "--json")
    assert isinstance(report, dict) and sum(len(f["imported"]) for f in report["files"]) == 4
    again = _json(capsys, "import", str(document), "--database", str(other), "--json")
    assert isinstance(again, dict) and again["files"][0]["imported"] == []
    assert len(again["files"][0]["skipped"]) == 4
    # The copies replay like the originals.
    assert main(["replay", str(sorted(folder.glob("*.txt"))[0])]) == 0


def test_import_of_a_forged_record_fails_with_its_line(database: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    forged = tmp_path / "forged.txt"
    forged.write_text(KNOWN_MATCH.replace("7. Ben: MEN", "7. Aiko: MEN"), encoding="utf-8")
    assert main(["import", str(forged)]) == 2
    err = capsys.readouterr().err
    assert "forged.txt: line 11:" in err and "nothing from this file was imported" in err
    listing = _json(capsys, "history", "--json")
    assert isinstance(listing, dict) and listing["total"] == 4


def test_backup_and_restore_from_the_command_line(database: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    backup = tmp_path / "backup.db"
    assert main(["backup", str(backup)]) == 0
    engine = open_database(str(database))
    with DurableMatch.start(engine, kendo_setup(("Dai", "Emi"), 3)) as live:
        play_steps(live, random.Random(3), 2)
    engine.dispose()
    capsys.readouterr()
    assert main(["restore", str(backup)]) == 4
    assert "newer than the backup" in capsys.readouterr().err
    assert main(["restore", str(backup), "--force"]) == 0
    assert "kept as" in capsys.readouterr().out
    listing = _json(capsys, "history", "--json")
    assert isinstance(listing, dict) and listing["total"] == 4


def test_a_damaged_database_gives_one_clear_line_and_exit_code_3(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "shinpan.db"
    path.write_bytes(b"\x00garbage" * 512)
    assert main(["history", "--database", str(path)]) == 3
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "is damaged" in err and "shinpan restore" in err
    assert path.read_bytes() == b"\x00garbage" * 512


def test_the_installed_command_reads_the_database_named_by_the_environment(database: Path) -> None:
    env = {**os.environ, "SHINPAN_DATABASE_URL": f"sqlite:///{database}"}
    done = subprocess.run([sys.executable, "-m", "companion", "history", "--json", "--outcome", "in-progress"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert [m["id"] for m in json.loads(done.stdout)["matches"]] == [4]


def test_history_works_unchanged_on_a_postgresql_url(postgres_url: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    engine = open_database(postgres_url)
    with DurableMatch.start(engine, kendo_setup(("Aiko", "Ben"), 1)) as live:
        play_to_end(live, random.Random(1))
    engine.dispose()
    listing = _json(capsys, "history", "--database", postgres_url, "--json")
    assert isinstance(listing, dict) and listing["total"] == 1
    assert listing["matches"][0]["status"] in {"won", "draw"}


def test_without_a_setting_the_database_is_made_in_the_user_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if sys.platform != "linux":
        pytest.skip("the data folder is redirected through XDG_DATA_HOME, which only Linux honours")
    monkeypatch.delenv("SHINPAN_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    default = tmp_path / "data" / "shinpan" / "shinpan.db"
    listing = _json(capsys, "history", "--json")
    assert isinstance(listing, dict) and listing["total"] == 0
    assert not default.exists()  # reading a fresh install's history makes no file
    record = tmp_path / "known.txt"
    record.write_text(KNOWN_MATCH, encoding="utf-8")
    assert main(["import", str(record)]) == 0
    capsys.readouterr()
    assert default.is_file()
    listing = _json(capsys, "history", "--json")
    assert isinstance(listing, dict) and listing["total"] == 1
