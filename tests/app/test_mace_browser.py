"""A whole three-fighter MACE match in the real web build at phone size, from taps alone (issue 19): the
plays grouped by kind with a button per card, every Boost and Dodge placed by tapping a numbered hex on
the map, and no coordinate typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.record import read_record
from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

RECORD = Path(__file__).parent / "records" / "mace-three-fighters-whole.shinpan"
MOVES = ("boost", "dodge")


def tap_hex(app: AppPage, name: str) -> None:
    """A numbered square of the map, activated as a screen reader does (the squares sit close together
    in a stack, where a pointer's hit test is Flutter's to make, not the page's)."""
    square = app.button(name, exact=False)
    square.first.dispatch_event("click")
    square.first.wait_for(state="detached")


def tap(app: AppPage, line: str) -> None:
    """One record line as a referee taps it: a card's button in its kind's box, a moving card and then
    its hex on the map, or a declaration's own button."""
    player, action = line.split(": ", 1)
    verb, _, rest = action.partition(" ")
    if verb == "momentum":
        app.choose_seat(player)  # fighters place momentum together: who places his now
    if action in ("pass", "no defence", "charge"):
        app.click(f"{player}: {action}", exact=False)
        return
    card, _, where = rest.partition(" to ")
    app.fill("Filter responses", f"{verb} {card}")  # 52 momentum cards are more than a screen
    if verb not in MOVES:
        app.click(f"{verb.capitalize()} {rest}")
        return
    title = f"{verb.capitalize()} {card}"
    app.click(title)
    if where:
        tap_hex(app, f"{title} to hex {where}:")  # the numbered square on the map
    else:
        app.click(f"{title} and stay where he is")


def test_a_whole_three_fighter_mace_match_is_refereed_from_taps(app: AppPage) -> None:
    record = read_record(RECORD.read_text())
    app.click("New match")
    app.click("MACE: Martial Arts Card Engine")
    app.click("Add a player")
    for seat, player in enumerate(record.setup.players, start=1):
        app.fill(f"Player {seat} name", player.name)
    app.click("Start match")

    lines = [line.split(". ", 1)[1].split("#")[0].strip()
             for line in RECORD.read_text().splitlines() if line[:1].isdigit()]
    assert len(lines) == 21
    for number, line in enumerate(lines, start=1):
        if number == 5:  # the first Boost: its card chosen, the map marks where it may go
            app.fill("Filter responses", "move")  # a referee looking for a move finds the Boosts
            app.see("Ben · Boost · 49 cards · moves on the map", exact=True)
            app.fill("Filter responses", "boost 5H")
            app.click("Boost 5H")
            app.see("Boost 5H: now tap a numbered square on the map above", exact=False)
            app.see("Boost 5H: tap a square with a number to move Ben there", exact=False)
            app.shot("50-mace-boost-on-the-map")
            tap_hex(app, "Boost 5H to hex -2,3:")
            app.see("momentum 5H · hex (-2, 3)", exact=False)  # Ben stands on the tapped hex, the Boost his momentum
            continue
        if number == 4:
            app.see("Ben · Charge · 14 cards", exact=True)  # grouped by kind, one button per card
            app.see("Ben · Boost · 49 cards · moves on the map", exact=True)
        tap(app, line)
        if number in (7, 13, 19):
            app.see("Step", exact=False)  # the match moves on after a strike, shown in the timeline
    app.see("MATCH WON", exact=True)
    app.see("Cal is the last fighter standing", exact=False)
    app.shot("51-mace-won")
