"""Army of One in the real web build at phone size (issue 13): a Hero against four Enemies from New
match to the end, the leader declared, an Enemy tapped on the scoreboard made the target, hit, and the
match ended and called."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]

NAMES = ("Hiro", "Aki", "Bo", "Cy", "Dan")


def test_a_hero_against_four_enemies_from_new_match_to_the_end(app: AppPage) -> None:
    app.click("New match")
    app.click("Martial Arts: The Trading Card Game")
    app.click("army of one")
    for _ in range(3):
        app.click("Add a player")
    for seat, name in enumerate(NAMES, start=1):
        app.fill(f"Player {seat} name", name)
    app.click("Start match")
    for name in NAMES:
        app.click(f"{name}: shuffle")
    app.click("Dan acts")
    app.click("Dan: leads")  # the Enemies' leader: 15 health, and he starts (T10)
    app.see("Dan · LEADER · HAS THE TURN · health 15 of 15", exact=False)
    app.click("Dan: end")
    app.see("Hiro · HERO · HAS THE TURN")
    app.shot("60-army-of-one")
    app.click("Target Bo", exact=False)  # the Enemy tapped on the scoreboard is the one attacked
    app.click("Hiro: attack Practice Jab at Bo")
    app.click("Bo: no block")
    app.see("Bo · ENEMY · TARGET · health 8 of 10", exact=False)
    app.click("Hiro forfeits the match")
    app.click("Tap again to confirm: Hiro forfeits")
    app.see("MATCH WON", exact=True)
    app.see("Match won by Aki, Bo, Cy, Dan", exact=False)
    app.shot("61-army-of-one-end")
