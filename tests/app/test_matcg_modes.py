"""Martial Arts TCG's team and crowd modes refereed through the app's view-models on a real SQLite file
(issue 13): New match offers the modes, Two-on-Two shows each team with its shared ADR, Army of One the
Hero and a line per Enemy (a tapped Enemy becomes the target), and both end in History and statistics."""

from __future__ import annotations

from pathlib import Path

from companion.app.components.scoreboards import scoreboard_for
from companion.app.db_adapter import DbStore
from companion.app.ui import Ui
from companion.app.viewmodels.app import AppViewModel
from db.engine import open_database
from tests.app.helpers import press
from tests.app.test_components import words


def start(app: AppViewModel, mode: str, names: list[str]) -> None:
    app.go("new")
    new = app.new_match
    assert new is not None
    new.select_ruleset("matcg")
    new.set_option("mode", mode)
    while len(new.names) < len(names):
        new.add_player()
    for seat, name in enumerate(names):
        new.set_name(seat, name)
    assert app.start_match(), new.message


def test_a_six_player_army_of_one_and_a_two_on_two_end_in_history_and_statistics(tmp_path: Path) -> None:
    store = DbStore(open_database(f"sqlite:///{tmp_path / 'club.db'}"), "test database")
    app = AppViewModel(store)
    start(app, "army-of-one", ["Hiro", "Aki", "Bo", "Cy", "Dan", "Eri"])
    live = app.live
    assert live is not None
    for name in ("Hiro", "Aki", "Bo", "Cy", "Dan", "Eri"):
        press(live, f"{name}: shuffle")
    live.choose_seat(4)
    press(live, "Dan: leads")  # the Enemies' leader is declared and starts (T10)
    shown = words(scoreboard_for("martial-arts-tcg")(live.board(), Ui()))
    assert "Hiro · HERO" in shown and "Health 30 of 30" in shown
    assert "Dan · LEADER · HAS THE TURN · health 15 of 15 · hand 7" in shown
    press(live, "Dan: end")
    targets: list[str] = []
    scoreboard_for("martial-arts-tcg")(live.board(), Ui(), targets.append)
    live.choose_target("Bo")  # the Enemy tapped on the scoreboard
    assert {item.label.rsplit(" at ", 1)[1] for item in live.responses()} == {"Bo"}
    press(live, "Hiro: attack Practice Jab at Bo")
    press(live, "Bo: no block")
    shown = words(scoreboard_for("martial-arts-tcg")(live.board(), Ui(), targets.append))
    assert "Target Bo · ENEMY · TARGET · health 8 of 10 · hand 9" in shown  # ATK 2, no defence (T1)
    assert "Next turn: Bo (the Hero controls the turn last: Bo, the Enemy he attacked last, plays next) [T10]" in shown
    assert live.forfeit(0) is False and live.forfeit(0)  # the Hero concedes for his side
    assert live.result_text().startswith("Match won by Aki, Bo, Cy, Dan, Eri")

    start(app, "two-on-two", ["Ann", "Ben", "Cal", "Dee"])
    live = app.live
    assert live is not None
    shown = words(scoreboard_for("martial-arts-tcg")(live.board(), Ui()))
    assert "A: ADR 0 (shared) · Event: none" in shown and "B: ADR 0 (shared) · Event: none" in shown
    for name in ("Ann", "Ben", "Cal", "Dee"):
        press(live, f"{name}: shuffle")
    press(live, "Ann: starts")
    live.forfeit(1)
    live.forfeit(1)  # Ben concedes for team B
    assert live.result_text().startswith("Match won by Ann, Cal")

    matches = store.matches()
    assert [(m.ruleset, m.finished) for m in matches] == [("martial-arts-tcg", True)] * 2
    stats = {(s.player, s.wins, s.losses) for s in store.player_stats()}
    assert {("Ann", 1, 0), ("Cal", 1, 0), ("Ben", 0, 1), ("Hiro", 0, 1), ("Dan", 1, 0)} <= stats
