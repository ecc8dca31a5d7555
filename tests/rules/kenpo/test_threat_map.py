"""`shinpan legal --json` on records with pending attacks prints the threat map: checked against
positions worked by hand with K1, K3 and K5 (and the play example's own numbers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Cli
from tests.rules.kenpo.helpers import record_file, record_text


def _squares(cli: Cli, name: str) -> tuple[dict[str, Any], dict[tuple[int, int], dict[str, Any]]]:
    data = cli.json("legal", str(record_file(name)))
    threat = data["threat_map"]
    return threat, {(s["square"][0], s["square"][1]): s for s in threat["squares"]}


def _damage(square: dict[str, Any]) -> list[int | None]:
    return [a["damage"] for a in square["attacks"]]


def test_adam_facing_front_kick_and_jab(cli: Cli) -> None:
    """Cullam on (1, 1) with Front Kick (stepped forward, +0) and Jab (+1) waiting; Adam on (1, 2)."""
    threat, squares = _squares(cli, "threat-adam-front-kick-jab.shinpan")
    assert (threat["defender"], threat["attacker"]) == ("Adam", "Cullam")
    assert threat["attacker_square"] == [1, 1] and threat["defender_square"] == [1, 2]
    # Forward is Cullam's square and back is off the ring (K2): three squares remain.
    assert set(squares) == {(1, 2), (0, 2), (2, 2)}
    stand = squares[(1, 2)]
    assert _damage(stand) == [5, 2] and stand["total"] == 7  # "7 points, if Adam were to stand still"
    # Blocking the Jab (front, prevents 3) leaves 5; blocking the kick would double the Jab: 2 + 4.
    assert stand["best_block"]["card"] == "Block" and stand["best_block"]["blocks"] == "Jab"
    assert stand["best_block"]["total"] == 5
    right = squares[(0, 2)]  # Adam's step to his right: Cullam is front-left
    assert right["move"] == "right" and _damage(right) == [2, 2] and right["total"] == 4
    assert right["best_block"]["blocks"] == "Jab" and right["best_block"]["total"] == 2
    left = squares[(2, 2)]  # front-right of Cullam: owner values, unknown
    assert _damage(left) == [None, None] and left["total"] is None and left["best_block"] is None
    assert not any(s["break"] for s in squares.values())


def test_cullam_facing_the_round_kick(cli: Cli) -> None:
    """Adam on (0, 2) with the Round Kick (stepped right, +0) waiting; Cullam on (1, 1)."""
    threat, squares = _squares(cli, "threat-cullam-round-kick.shinpan")
    assert threat["defender"] == "Cullam" and threat["attacker_square"] == [0, 2]
    assert set(squares) == {(1, 1), (1, 2), (1, 0), (0, 1), (2, 1)}
    assert squares[(1, 1)]["total"] == 3  # "In their current position, it would score 3 points"
    assert squares[(2, 1)]["total"] == 0  # "If Cullam moves to his right, the kick will miss entirely"
    assert squares[(0, 1)]["total"] == 3  # "If he moves to his left ... still be worth 3 points"
    assert squares[(0, 1)]["best_block"]["total"] == 0  # a Block from the front prevents 3
    assert squares[(1, 0)]["total"] == 0  # stepping back: not adjacent
    forward = squares[(1, 2)]
    assert forward["break"] and forward["total"] == 2  # beside Adam: Break, Round Kick's left 2
    # From (1, 1) Block prevents at least 2 from the front-left: not enough to know the result.
    assert squares[(1, 1)]["best_block"] is None


def test_the_threat_map_marks_unknown_values_and_misses(cli: Cli) -> None:
    """FAQ step-back position: Front Kick (+2 standing) and a Jab whose stand bonus is an owner value."""
    _threat, squares = _squares(cli, "threat-adam-step-back.shinpan")
    assert set(squares) == {(1, 1), (1, 2), (2, 1), (0, 1)}
    assert _damage(squares[(1, 2)]) == [0, 0]  # the step back: out of reach
    assert _damage(squares[(1, 1)]) == [7, None]  # front 5 +2; the Jab's bonus is unknown
    assert _damage(squares[(0, 1)]) == [4, None]  # front-left 2 +2
    assert squares[(1, 1)]["total"] is None
    assert "not in the catalog" in squares[(1, 1)]["attacks"][1]["detail"]


def test_legal_json_lists_cards_with_moves_and_rest(cli: Cli) -> None:
    data = cli.json("legal", str(record_file("threat-cullam-round-kick.shinpan")))
    actions = {r["action"] for r in data["responses"]}
    assert "rest" in actions  # Cullam did not rest last turn; not the first turn
    assert "Front Kick forward" in actions and "Hard Block stand" in actions
    assert "Hard Block forward" not in actions and "Blitz stand" not in actions
    forward = next(r for r in data["responses"] if r["action"] == "Spinning Backfist forward")
    assert "Break" in forward["consequence"]


def test_legal_json_says_for_every_card_whether_it_may_go_on_the_last_card(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "combo.shinpan"
    record.write_text(record_text("Cullam: starts", "Cullam: Front Kick forward"))
    play = cli.json("legal", str(record))["play"]
    assert play["comboed_on"] == "Front Kick"
    assert play["may_rest"] == {"allowed": False, "ruling": "K7", "why": "cards are already down"}
    rows = {row["card"]: row for row in play["cards"]}
    assert len(rows) == 14
    assert rows["Jab"]["playable"] and rows["Jab"]["moves"] == []  # the movement is already made
    assert not rows["Hard Block"]["playable"] and rows["Hard Block"]["ruling"] == "K8"  # only the dot
    assert not rows["Fast Footwork"]["playable"] and "first" in rows["Fast Footwork"]["why"]


def test_with_the_owners_values_hard_block_is_the_best_block_and_hits_back(cli: Cli, tmp_path: Path) -> None:
    """Example deck: Hard Block prevents 5 from the front and deals 1 at once (KPD7)."""
    record = tmp_path / "hard.shinpan"
    record.write_text(record_text("Cullam: starts", "Cullam: Front Kick forward", "Cullam: Jab", "Cullam: end",
                                  owner_values=True))
    squares = {(s["square"][0], s["square"][1]): s for s in cli.json("legal", str(record))["threat_map"]["squares"]}
    stand = squares[(1, 2)]
    assert stand["total"] == 7  # front 5 + 0, Jab front 1 + 1
    # Hard Block (front -5) on the kick: 0, but the Jab doubles: 4. Hard Block on the Jab: 5 + 0 = 5.
    # Block (front -3) on the kick: 2 + 4 = 6; on the Jab: 5 + 0 = 5. The least is 4.
    assert stand["best_block"]["card"] == "Hard Block" and stand["best_block"]["blocks"] == "Front Kick"
    assert stand["best_block"]["total"] == 4 and stand["best_block"]["counter"] == 1
