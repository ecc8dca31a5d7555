"""Triggers heard, not only seen (issue 17): in the served web build an IPPON plays a tone through the Web
Audio API, loaded from Shinpan's own server; Settings turns it off."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

SOUNDS = "() => window.shinpanTriggerSounds || []"


def sounds(app: AppPage) -> list[str]:
    found = app.page.evaluate(SOUNDS)
    assert isinstance(found, list)
    return [str(title) for title in found]


def ippon_against(app: AppPage, attacker: str, defender: str) -> None:
    app.click(f"{attacker}: MEN")
    app.click(f"{defender}: no answer (IPPON to the opponent)")
    app.see(f"IPPON to {attacker}: {defender} had no answer [S3]")


def test_an_ippon_plays_a_tone_and_settings_turn_it_off(app: AppPage) -> None:
    assert app.page.evaluate("() => Array.from(document.scripts).some(s => s.src.endsWith("
                             "'/shinpan-trigger-sound.js'))")
    app.start_kendo_match("Aiko", "Ben")
    app.see("Aiko (red) to start a round")
    assert sounds(app) == []  # starting a match is no trigger

    ippon_against(app, "Aiko", "Ben")
    app.wait_until(f"() => ({SOUNDS})().length === 1")
    assert sounds(app) == ["\u266a IPPON #1 \u00b7 Shinpan"]
    assert app.page.evaluate("() => document.title") == "\u266a IPPON #1 \u00b7 Shinpan"  # the tab says it too
    app.click("OK, carry on")
    app.wait_until("() => document.title === 'Shinpan'")

    app.click("Home")
    app.click("Settings")
    app.click("Sound off")
    app.see("Sound off", exact=False)
    try:
        app.click("Home")
        app.click("Resume match")
        app.see("Ben (white) to start a round")
        ippon_against(app, "Ben", "Aiko")
        app.page.wait_for_timeout(1_000)  # the script checks the title 4 times a second
        assert sounds(app) == ["\u266a IPPON #1 \u00b7 Shinpan"]  # no second tone
        assert app.page.evaluate("() => document.title") == "Shinpan"
    finally:
        app.click("Home")
        app.click("Settings")
        app.click("Sound on")  # the served app's settings are shared by the other browser tests
