"""Readable at any text size (issue 19): at 100, 150 and 200 % and 412 px wide, no screen runs past the
phone's edge: every piece of text the accessibility tree shows lies inside the screen's width.
Screenshots of each screen at each size are kept as test artifacts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.app.conftest import PHONE, AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

OUTSIDE = """(width) => Array.from(document.querySelectorAll('flt-semantics')).filter(node =>
    node.children.length === 0 && (node.textContent || node.getAttribute('aria-label') || '').trim()
).map(node => [node.textContent || node.getAttribute('aria-label'), node.getBoundingClientRect()])
 .filter(([_, box]) => box.width > 0 && (box.left < -2 || box.right > width + 2))
 .map(([text, box]) => `${text.trim().slice(0, 60)} [${Math.round(box.left)}..${Math.round(box.right)}]`)"""


LINE_HEIGHTS = """(texts) => Object.fromEntries(texts.map(text => [text, Array.from(
    document.querySelectorAll('flt-semantics')).filter(node => (node.textContent || '').trim() === text)
    .map(node => node.getBoundingClientRect().height)]))"""
# The scoreboard's counts, with their text size at 100 %: each must stay on one line (not "HANSOK / U 0").
COUNTS = {"IPPON 0": 26, "HANSOKU 0": 18}


def broken_counts(app: AppPage, scale: float) -> list[str]:
    heights: dict[str, list[float]] = app.page.evaluate(LINE_HEIGHTS, list(COUNTS))
    return [f"{text} is {height:.0f} px high" for text, found in heights.items() for height in found
            if height > 1.8 * COUNTS[text] * scale] + [f"{text} is not shown" for text, f in heights.items() if not f]


def cut_off(app: AppPage) -> list[str]:
    app.page.wait_for_timeout(400)  # the layout for the new size, and the semantics after it
    found: list[str] = app.page.evaluate(OUTSIDE, PHONE["width"])
    return found


@pytest.fixture()
def sized_app(app: AppPage) -> Iterator[AppPage]:
    """The app, put back to 100 % text afterwards however the test ended: the served app's settings are
    shared with the tests after this one. A fresh page starts on the home screen, wherever the test
    stopped, so a failure is reported as itself and not as a missing Settings button."""
    yield app
    app.open()
    app.click("Settings")
    if app.button("100% (chosen)").count() == 0:
        app.click("100%")
    app.button("100% (chosen)").wait_for()


def test_every_screen_stays_whole_at_each_text_size(sized_app: AppPage) -> None:
    app = sized_app
    app.start_kendo_match("Takahashi-Watanabe", "Yamamoto-Kobayashi")  # long names, as clubs have them
    app.click("Takahashi-Watanabe: MEN")
    app.click("Home")
    problems: dict[str, list[str]] = {}
    for size in ("100%", "150%", "200%"):
        app.click("Settings")
        if app.button(f"{size} (chosen)").count() == 0:
            app.click(size)
        app.button(f"{size} (chosen)").wait_for()
        problems[f"{size} settings"] = cut_off(app)
        app.click("Home")
        problems[f"{size} home"] = cut_off(app)
        app.click("Resume match")
        app.see("to answer", exact=False)
        problems[f"{size} referee"] = cut_off(app) + broken_counts(app, int(size[:-1]) / 100)
        app.shot(f"50-referee-text-{size[:-1]}")
        app.click("Home")
        app.click("New match")
        problems[f"{size} new match"] = cut_off(app)
        app.click("Home")
        app.click("History")
        problems[f"{size} history"] = cut_off(app)
        app.click("Home")
        app.click("Decks and tags")
        if app.button("Kendo Taikai playing cards (chosen)").count() == 0:
            app.click("Kendo Taikai playing cards")
        problems[f"{size} decks"] = cut_off(app)
        app.click("Home")
    assert {screen: lines for screen, lines in problems.items() if lines} == {}


def test_the_mace_map_and_the_kenpo_points_question_stay_whole_at_200_percent(sized_app: AppPage) -> None:
    app = sized_app
    app.click("Settings")
    app.click("200%")
    app.button("200% (chosen)").wait_for()
    problems: dict[str, list[str]] = {}
    app.click("Home")
    app.new_match("MACE: Martial Arts Card Engine",
                  {"Player 1 name": "Takahashi-Watanabe", "Player 2 name": "Yamamoto-Kobayashi"})
    for player, card in (("Takahashi-Watanabe", "9H"), ("Yamamoto-Kobayashi", "9D")):
        app.choose_seat(player)
        app.fill("Filter responses", f"momentum {card}")
        app.click(f"Momentum {card}")
    app.fill("Filter responses", "boost 2H")
    app.click("Boost 2H")
    app.see("Boost 2H: now tap a numbered square on the map above", exact=False)
    problems["mace boost"] = cut_off(app)
    app.shot("52-mace-text-200")
    app.click("Home")

    app.new_match("Ancient Arts: Kenpo Masters", {"Player 1 name (yellow side)": "Takahashi-Watanabe",
                                                  "Player 2 name (red side)": "Yamamoto-Kobayashi"})
    app.click("Takahashi-Watanabe: starts")
    app.fill("Filter responses", "Front Kick forward")
    app.click("Takahashi-Watanabe: Front Kick forward")
    app.click("Takahashi-Watanabe: end")
    app.fill("Filter responses", "Side Kick stand")
    app.click("Yamamoto-Kobayashi: Side Kick stand")
    app.click("OK, carry on")
    app.see("How many points did", exact=False)
    problems["kenpo question"] = cut_off(app)
    app.shot("53-kenpo-question-text-200")
    app.click("Home")
    assert {screen: lines for screen, lines in problems.items() if lines} == {}
