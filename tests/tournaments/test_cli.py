"""`shinpan tournament` end to end through the real command (T11): a 4-player bracket settled by forfeited
match records, a round robin, printing, history and stats by tournament, and the bad input an organiser
types, each one line with nothing stored changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from companion.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def forfeit_record(folder: Path, loser: str, winner: str, ruleset: str = "kendo-shiai") -> Path:
    path = folder / f"{loser}-{winner}-{ruleset}.shinpan"
    sides = (", side red", ", side white") if ruleset == "kendo-shiai" else ("", "")
    path.write_text(f"ruleset: {ruleset}\nplayer: {loser}{sides[0]}\nplayer: {winner}{sides[1]}\n\n"
                    f"1. {loser}: forfeit\n", encoding="utf-8")
    return path


def show(capsys: pytest.CaptureFixture[str], database: str, tournament_id: int = 1) -> dict[str, object]:
    code, out, err = run(capsys, "tournament", "show", str(tournament_id), "--database", database, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_a_four_player_bracket_runs_to_its_champion_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "tournament", "new", "Club cup", "--ruleset", "kendo", "--format", "bracket",
                         "--player", "Aiko", "--player", "Ben", "--player", "Chie", "--player", "Dai",
                         "--database", database, "--json")
    assert code == 0, err
    created = json.loads(out)
    assert created["id"] == 1 and created["next"] == [["Aiko", "Dai"], ["Ben", "Chie"]]
    for loser, winner in (("Dai", "Aiko"), ("Ben", "Chie"), ("Chie", "Aiko")):
        code, out, err = run(capsys, "tournament", "result", "1", str(forfeit_record(tmp_path, loser, winner)),
                             "--database", database)
        assert code == 0, err
    data = show(capsys, database)
    assert data["status"] == "finished" and data["winner"] == "Aiko" and data["next"] == []
    assert [(row["player"], row["place"]) for row in data["standings"]] == [  # type: ignore[attr-defined]
        ("Aiko", 1), ("Chie", 2), ("Ben", 3), ("Dai", 3)]
    assert all(result["forfeit"] for result in data["results"])  # type: ignore[attr-defined]
    code, out, _ = run(capsys, "history", "--tournament", "1", "--database", database, "--json")
    listed = json.loads(out)["matches"]
    assert len(listed) == 3 and {m["tournament"]["id"] for m in listed} == {1}
    code, out, _ = run(capsys, "stats", "--tournament", "1", "--database", database, "--json")
    wins = {row["player"]: row["wins"] for row in json.loads(out)["players"]}
    assert wins == {"Aiko": 2, "Ben": 0, "Chie": 1, "Dai": 0}
    for name in ("cup.pdf", "cup.png"):
        code, out, err = run(capsys, "tournament", "export", "1", "--out", str(tmp_path / name), "--database", database)
        assert code == 0, err
    assert (tmp_path / "cup.pdf").read_bytes().startswith(b"%PDF")
    with Image.open(tmp_path / "cup.png") as sheet:
        assert sheet.width >= 1000  # A4 width at 144 dpi: readable printed
    code, out, _ = run(capsys, "tournament", "list", "--database", database, "--json")
    assert [(t["id"], t["status"], t["winner"]) for t in json.loads(out)["tournaments"]] == [(1, "finished", "Aiko")]


def test_a_round_robin_shows_its_table_and_undo_takes_a_result_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "club.db")
    assert run(capsys, "tournament", "new", "League", "--ruleset", "kendo-shiai", "--format", "round-robin",
               "--player", "Aiko", "--player", "Ben", "--player", "Chie", "--database", database)[0] == 0
    assert run(capsys, "tournament", "result", "1", str(forfeit_record(tmp_path, "Ben", "Chie")),
               "--database", database)[0] == 0
    assert show(capsys, database)["standings"][0]["player"] == "Chie"  # type: ignore[index]
    code, out, _ = run(capsys, "tournament", "undo", "1", "--database", database)
    assert code == 0 and "undid" in out
    assert all(row["points"] == 0 for row in show(capsys, database)["standings"])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("argv", "says"), [
    (["--format", "bracket"] + [a for n in range(21) for a in ("--player", f"P{n}")], "2 to 20"),
    (["--format", "round-robin"] + [a for n in range(11) for a in ("--player", f"P{n}")], "2 to 10"),
    (["--format", "bracket", "--player", "Ann", "--player", "ANN"], "named twice"),
    (["--format", "bracket", "--player", "Ann", "--player", "Ben", "--option", "nonsense"], "NAME=VALUE"),
])
def test_a_tournament_that_cannot_be_made_is_one_line_and_nothing_is_stored(
        argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "club.db")
    code, _, err = run(capsys, "tournament", "new", "Cup", "--ruleset", "kendo-shiai", *argv, "--database", database)
    assert code != 0 and says in err and len(err.strip().splitlines()) == 1, err
    assert not Path(database).exists() or json.loads(
        run(capsys, "tournament", "list", "--database", database, "--json")[1])["tournaments"] == []


def test_a_result_that_is_not_due_or_of_another_game_is_refused_and_nothing_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "club.db")
    assert run(capsys, "tournament", "new", "Cup", "--ruleset", "kendo-shiai", "--format", "bracket",
               *[a for n in ("Aiko", "Ben", "Chie", "Dai") for a in ("--player", n)], "--database", database)[0] == 0
    assert run(capsys, "tournament", "result", "1", str(forfeit_record(tmp_path, "Dai", "Aiko")),
               "--database", database)[0] == 0
    before = show(capsys, database)
    unfinished = tmp_path / "unfinished.shinpan"
    unfinished.write_text("ruleset: kendo-shiai\nplayer: Ben, side red\nplayer: Chie, side white\n\n"
                          "1. Ben: offer MEN 4\n", encoding="utf-8")
    for record, says in ((forfeit_record(tmp_path, "Aiko", "Dai"), "already settled"),
                         (forfeit_record(tmp_path, "Aiko", "Ben"), "not due now"),
                         (forfeit_record(tmp_path, "Ben", "Chie", "kenpo-masters"), "plays kendo-shiai"),
                         (forfeit_record(tmp_path, "Ben", "Zed"), "not in the tournament"),
                         (unfinished, "not finished")):
        code, _, err = run(capsys, "tournament", "result", "1", str(record), "--database", database)
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
    assert show(capsys, database) == before
    code, out, _ = run(capsys, "history", "--database", database, "--json")
    assert len(json.loads(out)["matches"]) == 1  # no refused record was stored either
