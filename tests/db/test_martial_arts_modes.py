"""Martial Arts TCG Two-on-Two and Army of One through storage: imported, listed with teams and results,
counted per seat (a team's win is each teammate's), the Hero's defeated Enemies kept in the stored
summary, exported with their decks, and `legal` on a cut record names the switch (T9, T10, MTD29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.main import main
from tests.db.test_cli_bad_input import REPO

EXAMPLES = REPO / "docs" / "examples"
TWO = EXAMPLES / "martial-arts-tcg-two-on-two.shinpan"
ARMY = EXAMPLES / "martial-arts-tcg-army-of-one.shinpan"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    loaded: dict[str, object] = json.loads(capsys.readouterr().out)
    return loaded


@pytest.fixture
def database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "club.db"
    assert main(["import", str(TWO), str(ARMY), "--database", str(path)]) == 0
    capsys.readouterr()
    return path


def test_both_modes_are_listed_with_teams_results_and_the_heros_count(database: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    matches = _json(capsys, "history", "--database", str(database))["matches"]
    assert isinstance(matches, list) and len(matches) == 2
    army, two = matches
    assert {p["name"]: (p["team"], p["result"]) for p in two["players"]} == {
        "Ann": ("A", "win"), "Ben": ("B", "loss"), "Cal": ("A", "win"), "Dee": ("B", "loss")}
    assert two["winners"] == ["Ann", "Cal"]
    assert {p["name"]: (p["team"], p["result"]) for p in army["players"]} == {
        "Ann": ("Hero", "win"), "Ben": ("Enemies", "loss"), "Cal": ("Enemies", "loss"), "Dee": ("Enemies", "loss")}
    assert army["state"]["enemies_defeated"] == 3 and army["state"]["leader"] == "Dee"
    assert army["state"]["mode"] == "army-of-one" and two["state"]["mode"] == "two-on-two"


def test_statistics_count_a_team_win_for_each_teammate_and_the_heros_win_as_his(
        database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = {row["player"]: (row["played"], row["wins"], row["losses"])
            for row in _json(capsys, "stats", "--database", str(database))["players"]}  # type: ignore[attr-defined]
    assert rows == {"Ann": (2, 2, 0), "Ben": (2, 0, 2), "Cal": (2, 1, 1), "Dee": (2, 0, 2)}


def test_export_writes_teams_targets_and_decks_and_legal_names_the_switch(
        database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["export", str(out), "--database", str(database)]) == 0
    files = sorted(out.iterdir())
    assert len(files) == 2
    exported = "".join(path.read_text(encoding="utf-8") for path in files)
    assert "player: Cal, team A" in exported and "player: Ann, team Hero" in exported
    assert "Dee: leads" in exported and "Ann: link Practice Front Kick at Cal" in exported
    capsys.readouterr()
    text = ARMY.read_text(encoding="utf-8")
    cut = text.split("\n15. Ann:")[0].replace("result: Ann won\n", "") + "\n" + text[text.index("\ncontent: "):]
    cut_file = tmp_path / "cut.shinpan"
    cut_file.write_text(cut, encoding="utf-8")
    legal = _json(capsys, "legal", str(cut_file))
    links = {r["action"]: r for r in legal["responses"] if r["action"].startswith("link ")}  # type: ignore[attr-defined]
    switch = links["link Practice Front Kick at Cal"]  # the Knee hit Dee: Cal is a switch
    assert switch["ruling"] == "T10" and "1 more for the switch (T10)" in switch["consequence"]
    assert links["link Practice Front Kick at Dee"]["ruling"] == "T2"
    end = next(r for r in legal["responses"] if r["action"] == "end")  # type: ignore[attr-defined]
    assert end["ruling"] == "T10" and "Dee, the Enemy he attacked last, plays next" in end["why"]
