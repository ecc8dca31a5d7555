"""A 4-player Championship bracket from creation to champion in the real web build (issue 14): every
pairing refereed on the phone, each result flowing into the bracket by itself. Screenshots land in
test-artifacts/app/."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def referee(app: AppPage, pairing: str, forfeiting: str) -> None:
    """Open a due pairing, let its first player forfeit (two taps), and go back to the tournament."""
    app.click(f"Referee {pairing}")
    app.see("to offer a brown card")
    app.click(f"{forfeiting} forfeits the match")
    app.click(f"Tap again to confirm: {forfeiting} forfeits")
    app.see("forfeited", exact=False)
    app.click("Home")  # from a tournament's match, back leads to the tournament
    app.see("Standings")


def test_a_four_player_bracket_from_creation_to_champion(app: AppPage) -> None:
    app.click("Tournaments")
    app.click("New tournament")
    app.fill("Tournament name", "Spring cup")
    for seed, name in enumerate(("Aiko", "Ben", "Chie", "Dai"), start=1):
        app.fill(f"Seed {seed} name", name)
    app.shot("tournament-new")
    app.click("Create tournament")
    app.see("Semi-finals")
    app.button("Referee Ben v Chie").wait_for()
    app.shot("tournament-bracket")
    referee(app, "Aiko v Dai", "Aiko (red)")
    app.see("Aiko v Dai: Dai won (forfeit)")
    referee(app, "Ben v Chie", "Ben (red)")
    app.see("Final")
    referee(app, "Dai v Chie", "Dai (red)")
    app.see("CHAMPION")
    app.see("Chie wins the tournament", exact=False)
    app.see("1. Chie: 2 points", exact=False)
    app.shot("tournament-champion")
