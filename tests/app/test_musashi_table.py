"""Musashi's Challenge refereed through the app's view-models (issue 11): four players from New match
to the winner, the blind pull as one tap, a mistake undone, drop-outs called as banners, and the table
that says who is in, who attacks whom and each player's place in words."""

from __future__ import annotations

import re
from pathlib import Path

from companion.app.components.scoreboards import scoreboard_for
from companion.app.storage import MemoryStore
from companion.app.ui import Ui
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.live import LiveViewModel
from tests.app.helpers import press
from tests.app.test_components import words

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "musashi-four-players.shinpan"
LINE = re.compile(r"^\d+\.\s+(?P<player>[^:]+):\s*(?P<play>[^#]+?)\s*(#.*)?$")


def start_musashi(names: list[str]) -> AppViewModel:
    app = AppViewModel(MemoryStore())
    app.go("new")
    new = app.new_match
    assert new is not None
    new.select_ruleset("musashi")
    while len(new.names) < len(names):
        new.add_player()
    for seat, name in enumerate(names):
        new.set_name(seat, name)
    assert app.start_match(), new.message
    return app


def example_plays() -> list[tuple[str, str]]:
    plays = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        found = LINE.match(line)
        if found:
            plays.append((found["player"].strip(), found["play"].strip()))
    return plays


def play(live: LiveViewModel, player: str, text: str) -> None:
    seat = [p.name for p in live.match.setup.players].index(player)
    assert live.play_text(text, seat), live.message


def test_four_players_are_refereed_from_new_match_to_the_winner_with_places() -> None:
    app = start_musashi(["Ann", "Ben", "Cal", "Dee"])
    live = app.live
    assert live is not None
    assert live.turn_text() == ("Ann, Ben, Cal and Dee to say how many cards each switched before the game "
                                "(0, 1 or 2)")
    banners: list[str] = []
    for number, (player, text) in enumerate(example_plays(), start=1):
        if number == 16:  # the blind pull is one tap, in words
            assert [i.label for i in live.other_actions()] == ["Dee takes 2 cards from Ben (blind)"]
            press(live, "Dee takes 2 cards from Ben (blind)")
            continue
        if number == 24:  # a mistake: the wrong attack recorded, then undone
            play(live, player, "MEN at Dee")
            live.undo()
            assert live.turn_text().startswith("Cal to attack")
        play(live, player, text)
        banners += [f"{b.title}: {b.text}" for b in live.banners]
        if number == 13:
            shown = words(scoreboard_for("musashi")(live.board(), Ui()))
            assert "Now: Ann attacks Dee: the attack on MEN." in shown
            assert "Ann · 10 cards · in" in shown and "ATTACKING" in shown and "ATTACKED · TO ACT" in shown
    assert live.result_text() == "Match won by Dee: Dee is the last player standing"
    assert any(b.startswith("DROPPED OUT: Ben drops out (4th place)") for b in banners)
    assert any(b.startswith("HIKI-WAKE") for b in banners)
    shown = words(scoreboard_for("musashi")(live.board(), Ui()))
    assert "The table: 4 players, 1 still in" in shown
    for line in ("Dee · 9 cards · in · 1st place", "Ann · 0 cards · OUT, 2nd place",
                 "Cal · 0 cards · OUT, 3rd place", "Ben · 0 cards · OUT, 4th place"):
        assert line in shown, shown


def test_six_players_start_with_a_switch_each_and_seven_are_refused() -> None:
    app = start_musashi([f"P{n}" for n in range(1, 7)])
    assert app.live is not None and len(app.live.match.setup.players) == 6
    app.go("new")
    new = app.new_match
    assert new is not None
    new.select_ruleset("musashi")
    for _ in range(10):
        new.add_player()
    assert len(new.names) == 6 and not new.can_add_player()
