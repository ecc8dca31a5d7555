"""History and the small things of issue 19 in the real web build at phone size: rules options in words,
a fast double tap taken once, a match started by mistake deleted from Home and brought back by Undo,
History's rows with date, game and result, and the Players and Cards figures following its filter."""

from __future__ import annotations

import datetime

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


def new_kendo_match(app: AppPage, red: str, white: str) -> None:
    app.click("New match")
    app.button("Start match").wait_for()
    app.see("Brown answers brown", exact=True)  # the option in words; the record keeps brown-answers-brown
    app.see("attacker starts (chosen)", exact=False)
    app.fill("Player 1 name (red side)", red)
    app.fill("Player 2 name (white side)", white)
    app.click("Start match")
    app.fill("Filter responses", "MEN 4")
    app.click(f"{red}: offer MEN 4")
    app.click(f"{white}: offer none")


def test_a_double_tap_is_one_action_and_a_mistaken_match_is_deleted_with_undo(app: AppPage) -> None:
    new_kendo_match(app, "Hana", "Isamu")
    app.see("Hana (red) to start a round")
    app.button("Hana: MEN").first.dblclick()  # a nervous double tap on the phone
    app.see("Isamu (white) to answer Hana's attack on MEN")
    app.page.wait_for_timeout(1_000)
    app.see("Undo step 3: Hana: MEN", exact=False)  # step 3: the two offers, then MEN once
    app.shot("60-double-tap-once")

    app.click("Home")
    app.see("Resume match", exact=True)
    app.click("Delete this unfinished match")
    app.see("Deleted Hana vs Isamu (3 actions). Undo brings it back.", exact=True)
    app.shot("61-home-deleted")
    app.click("Undo the delete")
    app.click("Resume match")
    app.see("Isamu (white) to answer Hana's attack on MEN")


def test_history_rows_say_date_game_and_result_and_the_figures_follow_the_filter(app: AppPage) -> None:
    new_kendo_match(app, "Jun", "Kaito")
    app.click("Jun: MEN")
    app.click("Kaito: no answer (IPPON to the opponent)")
    app.click("OK, carry on")
    app.click("Kaito (white) forfeits the match")  # Kaito starts the next round, and gives up instead
    app.click("Tap again to confirm: Kaito (white) forfeits")
    app.see("Match won by Jun (red): Kaito forfeited", exact=True)
    app.click("Back to home (the match is saved)")
    app.click("History")
    today = datetime.date.today().isoformat()
    app.fill("Filter by player, ruleset, result or tournament", "Kaito")
    app.see(f"{today} · Jun vs Kaito · Kendo Taikai: Kendo Shiai", exact=False)  # date, players, game
    app.see("Jun won: Kaito forfeited", exact=False)  # the result
    app.see("Kaito · kendo-shiai: 1 played, 0 won, 1 lost, 0 drawn", exact=True)  # Players follow the filter
    app.gone("Aiko · kendo-shiai")  # another test's player is not among Kaito's figures
    app.see("No card played yet.", exact=True)  # Kaito offered none and played none
    app.shot("62-history-filtered")
    app.fill("Filter by player, ruleset, result or tournament", "Jun")
    app.see("MEN · kendo-shiai: played 2, 1 IPPON, 0 points, answered 0 times", exact=True)  # offered, then scored
