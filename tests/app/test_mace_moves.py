"""MACE's plays by kind and moves chosen on the map, through the live view-model (issue 19)."""

from __future__ import annotations

from pathlib import Path

from companion.app.db_adapter import DbStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.live import LiveViewModel
from companion.rules.record import read_record
from db.engine import open_database

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mace-three-fighters.shinpan"


def ben_to_boost(tmp_path: Path) -> LiveViewModel:
    """The example's fighters after the momentum and Ann's turn: Ben to act, 203 legal responses."""
    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    record = read_record(EXAMPLE.read_text())
    match_id, session = store.start(record.setup)
    for line in record.lines[:5]:
        session.push(line.action)
    app = AppViewModel(store)
    app.go("live", match_id)
    assert app.live is not None
    return app.live


def test_two_hundred_responses_become_a_button_per_card_in_each_kind(tmp_path: Path) -> None:
    live = ben_to_boost(tmp_path)
    assert len(live.match.legal_responses()) == 203
    groups = {group.kind: group for group in live.response_groups()}
    assert list(groups) == ["Charge", "Boost"]
    assert len(groups["Charge"].plays) == 13 and not groups["Charge"].moves  # and the unseen `charge` above
    boosts = groups["Boost"].moves
    assert len(boosts) == 48 and not groups["Boost"].plays  # 188 boosts: one button per card
    two_hearts = next(move for move in boosts if move.title == "Boost 2H")
    assert two_hearts.stay is not None and len(two_hearts.destinations) == 18

    live.filter_responses("move")  # what a referee types looking for a move
    assert [group.kind for group in live.response_groups()] == ["Boost"]


def test_a_move_is_chosen_by_its_card_then_a_hex_of_the_map(tmp_path: Path) -> None:
    live = ben_to_boost(tmp_path)
    assert "move" not in live.board()
    live.choose_move("Boost 4H")
    marked = live.board()["move"]
    assert marked["fighter"] == "Ben" and marked["from"] == [0, -2]
    assert [2, -1] in marked["hexes"]

    before = len(live.match.actions)
    live.choose_target("hex 9,9")  # not a hex the card reaches
    assert "not one the chosen card can reach" in live.message and len(live.match.actions) == before

    live.choose_target("hex 2,-1")
    assert live.match.actions[-1] == live.match.ruleset.parse_action(1, "boost 4H to 2,-1")
    assert live.summary()["players"][1]["hex"] == [2, -1]
    assert live.move_choice is None and "move" not in live.board()
