"""A whole Kenpo Masters match in the real web build at phone size, from taps alone (issue 19): the
rulebook FAQ's draw at 20-20, with every point the catalog cannot count asked in words ("How many
points did Cullam's Side Kick score?") and answered with one tap, and the way to the owner values."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]
FILTER_WAIT_MS = 8000


def play(app: AppPage, player: str, card: str) -> None:
    """A card play, found as a referee would in a long list: filter by the card, tap it. Typed once
    more when the list has not followed the text: on a loaded machine the redraw of the previous
    tap can land after the typing and put the old filter back (2 full-suite runs in about 6 timed
    out here; the test alone never did), as a referee would see and type again. Still not there:
    the tap before (an "end") was lost, and is made again (AppPage.tap_again_if_lost)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    name = f"{player}: {card}"
    for attempt in range(3):
        app.fill("Filter responses", card)
        try:
            app.button(name).first.wait_for(timeout=FILTER_WAIT_MS)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
            if attempt == 1:  # the filter followed the text, yet no such play: the last tap ("end") was lost
                app.tap_again_if_lost(f"for {name!r}")
    app.click(name)


def test_a_whole_kenpo_match_is_refereed_from_taps_to_its_draw(app: AppPage) -> None:
    app.new_match("Ancient Arts: Kenpo Masters",
                  {"Player 1 name (yellow side)": "Cullam", "Player 2 name (red side)": "Adam"})
    app.click("Cullam: starts")

    # The tap script of tests/rules/kenpo/records/faq-draw.shinpan.
    play(app, "Cullam", "Front Kick forward")
    app.click("Cullam: end")
    play(app, "Adam", "Front Kick stand")
    app.click("Adam: end")
    play(app, "Cullam", "Front Kick stand")
    app.click("Cullam: end")
    play(app, "Adam", "Front Kick stand")
    app.click("Adam: end")
    play(app, "Cullam", "Side Kick stand")
    app.click("Cullam: end")
    play(app, "Adam", "Side Kick stand")

    # Cullam's Side Kick resolves, but its arrows are owner values: asked in words, not "points Side Kick 6".
    app.see("How many points did Cullam's Side Kick score?", exact=True)
    app.see("The rulebook does not print every value of Side Kick that the points need", exact=False)
    app.shot("40-kenpo-points-asked")
    app.see("Then: Adam ends the turn.", exact=True)
    app.click("6 points")
    app.see("18 of 20 points", exact=True)  # Cullam

    play(app, "Cullam", "Block stand")
    app.see("How many points did Adam's Side Kick score?", exact=True)
    app.see("Then: Cullam ends the turn; block Side Kick with Block.", exact=True)  # the Block must take it (KPD6)
    app.click("5 points")
    app.see("19 of 20 points", exact=True)  # Adam
    app.click("Adam: rest")
    play(app, "Cullam", "Block back")
    app.click("Cullam: end")
    play(app, "Adam", "Block stand")
    app.click("Adam: end")
    play(app, "Cullam", "Block left")
    app.click("Cullam: end")
    play(app, "Adam", "Block forward")
    app.click("Adam: end")
    play(app, "Cullam", "Back Round Kick stand")
    app.click("Cullam: end")
    play(app, "Adam", "Reverse Punch forward")
    app.see("BREAK", exact=True)
    app.click("OK, carry on")
    app.see("How many points did Cullam's Back Round Kick score?", exact=True)
    app.click("2 points")
    app.see("MATCH DRAWN", exact=True)
    app.see("Match drawn: both reached 20 with 20 each", exact=False)
    app.shot("41-kenpo-draw")


def test_a_points_question_leads_to_the_owner_values_and_the_match_waits(app: AppPage) -> None:
    app.click("New match")
    app.click("Ancient Arts: Kenpo Masters")
    app.fill("Player 1 name (yellow side)", "Yui")
    app.fill("Player 2 name (red side)", "Ren")
    app.click("Start match")
    app.click("Yui: starts")
    play(app, "Yui", "Front Kick forward")
    app.click("Yui: end")
    play(app, "Ren", "Side Kick stand")  # first card after Yui stepped forward: a Break (K4)
    app.see("BREAK", exact=True)
    app.click("OK, carry on")
    app.see("How many points did Ren's Side Kick score?", exact=True)
    app.click("Enter owner values (Decks screen)")
    app.see("Save owner values")
    app.click("Home")
    app.click("Resume match")
    app.see("How many points did Ren's Side Kick score?", exact=True)
    app.click("2 points")
    app.see("2 of 20 points", exact=True)  # Ren
