"""A Kenpo Masters exchange entered with the manual card picker, ending in a Break (K4) that resets
the ring on screen; the real web build at phone size."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def pick(app: AppPage, search: str, card: str, play: str) -> None:
    """Search the picker, add the card, and complete the play with the legal move offered."""
    app.pick_card(search, f"Add {card}", card)
    app.see("Complete the play (legal now):")
    app.click(play)


def test_a_kenpo_exchange_by_picker_ends_in_a_break_and_resets_the_ring(app: AppPage) -> None:
    app.click("New match")
    app.click("Ancient Arts: Kenpo Masters")
    app.see("Who may not rest on his first turn after a Break")  # an option's one-line explanation
    app.fill("Player 1 name (yellow side)", "Yui")
    app.fill("Player 2 name (red side)", "Ren")
    app.shot("12-kenpo-new-match")
    app.click("Start match")

    app.click("Yui: starts")
    app.see("Yui (yellow) to act")
    app.see("Yui (yellow) on (1, 0), faces Red's end")
    app.click("Pick a card")
    pick(app, "front", "Front Kick", "Yui: Front Kick forward")
    app.see("Yui (yellow) on (1, 1), faces Red's end")  # the move is made with the first card (K4)
    app.click("Yui: end")
    app.see("Ren (red) to act")
    app.see("Waiting to resolve: Yui's Front Kick (forward)")
    app.see("Threat map: outlined squares")
    app.shot("13-kenpo-threat-map")

    app.click("Pick a card")
    pick(app, "side", "Side Kick", "Ren: Side Kick stand")
    app.see("BREAK", exact=True)
    app.see("Side Kick as the first card after the opponent moved forward", exact=False)
    app.shot("14-kenpo-break")

    app.see("How many points did Ren's Side Kick score?", exact=True)  # its arrows are owner values (K9)
    app.click("2 points")
    app.see("5 of 20 points")
    app.see("2 of 20 points")
    app.see("Yui (yellow) on (1, 0), faces Red's end")  # both fighters back on their start squares
    app.see("Ren (red) on (1, 2), faces Yellow's end")
    app.see("Waiting to resolve: nothing")
    app.shot("15-kenpo-after-break")
