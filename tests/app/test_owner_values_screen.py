"""Owner values entered on the Decks screen of the real web build: refused, then saved, counted and
offered by New match."""

from __future__ import annotations

from tests.app.conftest import AppPage


def test_a_kenpo_owner_value_entered_on_decks_is_checked_saved_counted_and_offered(app: AppPage) -> None:
    app.click("Decks and tags")
    app.click("Ancient Arts: Kenpo Masters")
    app.see("151 owner values still to enter, 0 entered")
    app.click("Enter owner values")
    app.see("Front Kick (0 of", exact=False)
    app.fill("Front Kick: count", "-1")
    app.click("Save owner values")
    app.see("field 'count': -1 is below the least allowed, 0", exact=False)
    app.shot("owner-values-refused")
    app.fill("Front Kick: count", "3")
    app.click("Save owner values")
    app.see("Saved 1 change: 1 owner values entered", exact=False)
    app.click("Back to the deck")
    app.see("150 owner values still to enter, 1 entered")
    # New match offers the saved values as one tap instead of a typed path.
    app.click("Home")
    app.click("New match")
    app.click("Ancient Arts: Kenpo Masters")
    app.click("my deck's values (1 entered)")
    app.see("my deck's values (1 entered) (chosen)")
