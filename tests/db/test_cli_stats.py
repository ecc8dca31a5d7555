"""`shinpan stats` filters and `shinpan check` on a real database file, bad input included: a derived
table edited by hand is named and rebuilt with the matches untouched; a half-done rebuild is said, not
shown; a day that does not parse is one line."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion.cli.main import main
from db.engine import open_database
from db.live import DurableMatch
from tests.db.conftest import kendo_setup, play_to_end
from tests.db.test_cli_bad_input import REPO, refused, shinpan


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "shinpan.db"
    engine = open_database(f"sqlite:///{path}")
    for n, names in enumerate([("Aiko", "Ben"), ("Ben", "Chie"), ("Aiko", "Chie"), ("Aiko", "Ben")]):
        with DurableMatch.start(engine, kendo_setup(names, n)) as live:
            play_to_end(live, random.Random(n))
    engine.dispose()
    return path


def _stats(capsys: pytest.CaptureFixture[str], database: Path, *argv: str) -> dict[str, object]:
    assert main(["stats", "--database", str(database), "--json", *argv]) == 0
    loaded: dict[str, object] = json.loads(capsys.readouterr().out)
    return loaded


def _log_digest(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT * FROM match_actions ORDER BY match_id, seq").fetchall()
        rows += connection.execute("SELECT * FROM matches ORDER BY id").fetchall()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def test_stats_by_period_ruleset_and_player_with_streaks_and_answers(database: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    everything = _stats(capsys, database)
    players = everything["players"]
    assert isinstance(players, list) and {p["player"] for p in players} == {"Aiko", "Ben", "Chie"}
    assert all(p["streak"][0] in "WLD" and p["played"] == p["wins"] + p["losses"] + p["draws"] for p in players)
    assert everything["rulesets"] == [{"ruleset": "kendo-shiai", "matches": 4, "finished": 4, "won": 4,
                                       "drawn": 0, "in_progress": 0,
                                       "actions": everything["rulesets"][0]["actions"]}]  # type: ignore[index]
    assert all("answered" in c for c in everything["cards"])  # type: ignore[union-attr]
    assert _stats(capsys, database, "--since", "2999-01-01") == {"players": [], "head_to_head": [], "cards": [],
                                                                 "rulesets": []}
    assert _stats(capsys, database, "--since", "2000-01-01", "--ruleset", "kendo")["players"] == players
    aiko = _stats(capsys, database, "--player", "aiko")
    assert [p["player"] for p in aiko["players"]] == ["Aiko"]  # type: ignore[union-attr]
    assert aiko["rulesets"][0]["matches"] == 3  # type: ignore[index]


def test_a_day_that_does_not_parse_is_one_line(database: Path, tmp_path: Path) -> None:
    refused(shinpan("stats", "--since", "last tuesday", "--database", str(database), cwd=tmp_path),
            "--since", "YYYY-MM-DD")


def test_check_names_a_hand_edited_statistic_and_rebuilds_it_without_touching_the_matches(
        database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--database", str(database)]) == 0
    assert "whole" in capsys.readouterr().out
    before = _stats(capsys, database)
    log = _log_digest(database)
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE stats_cards SET played = played + 5 WHERE card = 'men'")
        connection.execute("UPDATE stats_players SET wins = 0")
    assert _stats(capsys, database) != before
    assert main(["check", "--database", str(database)]) == 6  # no terminal: says so, changes nothing
    out = capsys.readouterr().out
    assert "stats_cards kendo-shiai men" in out and "stats_players" in out and "check --rebuild" in out
    assert main(["check", "--database", str(database), "--rebuild", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rebuilt"] is True and any("men" in line for line in report["disagreements"])
    assert _stats(capsys, database) == before
    assert _log_digest(database) == log


def test_stats_on_a_half_rebuilt_database_says_so_and_check_repairs_it(database: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    before = _stats(capsys, database)
    with sqlite3.connect(database) as connection:  # what a rebuild killed half way leaves
        connection.execute("UPDATE stats_state SET status = 'rebuilding'")
        connection.execute("DELETE FROM stats_cards WHERE rowid % 2 = 0")
    line = refused(shinpan("stats", "--database", str(database), cwd=tmp_path), "being rebuilt", "--rebuild")
    assert "Traceback" not in line
    assert main(["check", "--database", str(database), "--rebuild"]) == 0
    assert "interrupted" in capsys.readouterr().out
    assert _stats(capsys, database) == before
    assert main(["stats", "--database", str(database), "--rebuild", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == before
    assert REPO.exists()


def test_a_game_that_ranks_every_player_keeps_its_places_in_history_and_statistics(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "club.db"
    example = REPO / "docs" / "examples" / "musashi-four-players.shinpan"
    assert main(["import", str(example), "--database", str(database)]) == 0
    capsys.readouterr()
    assert main(["history", "--database", str(database), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["matches"][0]["players"]
    assert {p["name"]: (p["place"], p["result"]) for p in players} == {
        "Dee": (1, "win"), "Ann": (2, "loss"), "Cal": (3, "loss"), "Ben": (4, "loss")}
    assert main(["history", "--database", str(database)]) == 0
    assert "places 1. Dee, 2. Ann, 3. Cal, 4. Ben" in capsys.readouterr().out
    rows = {row["player"]: row["places"] for row in _stats(capsys, database)["players"]}  # type: ignore[attr-defined]
    assert rows == {"Dee": {"1": 1}, "Ann": {"2": 1}, "Cal": {"3": 1}, "Ben": {"4": 1}}
    assert main(["stats", "--database", str(database), "--player", "Ben"]) == 0
    assert "places 4th x1" in capsys.readouterr().out


def test_a_hiki_wake_of_the_last_two_is_a_draw_for_them_and_a_loss_for_the_player_out_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.rules.musashi.test_dropouts import hiki_wake_of_the_last_two

    game = hiki_wake_of_the_last_two()
    database = tmp_path / "club.db"
    engine = open_database(f"sqlite:///{database}")
    with DurableMatch.start(engine, game.setup) as live:
        for action in game.actions:
            live.push(action)
    engine.dispose()
    assert main(["history", "--database", str(database), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["matches"][0]["players"]
    assert {p["name"]: (p["place"], p["result"]) for p in players} == {
        "Ann": (1, "draw"), "Ben": (1, "draw"), "Cal": (3, "loss")}
