"""Musashi's Challenge in the real web build at phone size (issue 11): four players from New match to
the winner, the blind pull as one tap, a mistake undone, drop-outs called as banners, and the match in
History with its places."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def forfeit(app: AppPage, player: str) -> None:
    app.click(f"{player} forfeits the match")
    app.click(f"Tap again to confirm: {player} forfeits")


def test_a_four_player_musashi_game_is_refereed_to_its_winner(app: AppPage) -> None:
    app.click("New match")
    app.click("Kendo Taikai: Musashi's Challenge (rule version 1)")
    app.click("Add a player")
    app.click("Add a player")
    for seat, name in enumerate(("Ann", "Ben", "Cal", "Dee"), start=1):
        app.fill(f"Player {seat} name", name)
    app.click("Start match")

    app.see("to say how many cards each switched before the game")
    for name in ("Ann", "Ben", "Cal", "Dee"):
        app.click(f"{name} switched 0 cards")
    for name, total in (("Ann", 12), ("Ben", 11), ("Cal", 10), ("Dee", 9)):
        app.click(f"{name}'s brown cards add up to {total}")
    app.see("Ann to attack", exact=False)
    app.see("The table: 4 players, 4 still in")

    app.fill("Filter responses", "KOTE at Ben")
    app.click("Ann: KOTE at Ben")
    app.see("Now: Ann attacks Ben: the attack on KOTE.")
    app.see("ATTACKED · TO ACT")
    app.shot("30-musashi-table")
    app.click("Ben: no answer")
    app.click("Ann takes 2 cards from Ben (blind)")  # the blind pull, one tap (M2)
    app.see("Ann · 13 cards · in")  # 12, the KOTE played, two taken
    app.see("Ben · 10 cards · in")
    app.see("Ann may not attack Ben: you just took cards from Ben [KT1 7]")

    app.fill("Filter responses", "MEN at Cal")
    app.click("Ann: MEN at Cal")  # a mistake: she attacked Dee
    app.click("Undo step 12: Ann: MEN at Cal", exact=False)
    app.see("Ann to attack", exact=False)
    app.fill("Filter responses", "MEN at Dee")
    app.click("Ann: MEN at Dee")

    forfeit(app, "Dee")
    app.see("DROPPED OUT", exact=True)
    app.see("Dee drops out (4th place)", exact=False)
    app.shot("31-musashi-dropped-out")
    app.click("OK, carry on")
    app.see("Dee · 0 cards · OUT, 4th place")
    app.click("Ann draws the bonus card (red)")  # Dee's last attacker (KT1 8)
    app.see("Ann · 13 cards · in")
    forfeit(app, "Ann")
    app.see("Ann drops out (3rd place)", exact=False)
    forfeit(app, "Ben")
    app.see("MATCH WON", exact=True)
    app.see("Cal is the last player standing", exact=False)
    for line in ("Cal · 12 cards · in · 1st place", "Ben · 0 cards · OUT, 2nd place",
                 "Ann · 0 cards · OUT, 3rd place", "Dee · 0 cards · OUT, 4th place"):
        app.see(line)
    app.shot("32-musashi-winner")

    app.click("Home")
    app.click("History")
    app.see("Open Ann vs Ben vs Cal vs Dee")
    app.see("Cal won: Cal is the last player standing · places: 1. Cal, 2. Ben, 3. Ann, 4. Dee", exact=False)
