"""A whole Kendo Shiai match refereed by taps in the real web build, at phone size."""

from __future__ import annotations

import pytest

from tests.app.conftest import AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def test_referee_a_kendo_shiai_match_from_new_match_to_history(app: AppPage) -> None:
    app.see("Shinpan", exact=True)
    app.shot("01-home")

    app.click("New match")
    app.button("Start match").wait_for()
    app.fill("Player 1 name (red side)", "Aiko")
    app.fill("Player 2 name (white side)", "Ben")
    app.see("Who starts after a brown card answers a brown attack")  # the option's one-line explanation
    app.shot("02-new-match")
    app.click("Start match")

    # Who starts: each player offers a brown card; the larger number starts.
    app.see("to offer a brown card")
    app.fill("Filter responses", "MEN 4")
    app.click("Aiko: offer MEN 4")
    app.click("Ben: offer none")
    app.see("Aiko (red) to start a round")

    app.click("Aiko: MEN")
    app.see("Ben (white) to answer Aiko's attack on MEN")
    app.see("On the table: Aiko: MEN")
    app.see("Why: MEN answers the attack on MEN and ends the exchange [S2]")  # a legal response and why
    app.shot("03-live-exchange")

    app.click("Ben: no answer (IPPON to the opponent)")  # the declaration says what it concedes (issue 17)
    app.see("IPPON", exact=True)
    app.see("IPPON to Aiko: Ben had no answer [S3]")
    app.see("Score: Aiko (red) 1 - Ben (white) 0")
    app.shot("04-ippon-banner")

    # The banner offers Undo at once; it says first what it will take back, then the score goes back.
    app.click("Undo it: step 4: Ben: no answer (IPPON)")
    app.see("Score: Aiko (red) 0 - Ben (white) 0")
    app.see("Ben (white) to answer Aiko's attack on MEN")
    app.shot("05-after-undo")
    app.click("Redo step 4: Ben: no answer (IPPON)")
    app.see("Score: Aiko (red) 1 - Ben (white) 0")
    app.click("OK, carry on")
    app.gone("OK, carry on")

    # The manual card picker: an illegal play is refused with its ruling and changes nothing.
    app.see("Ben (white) to start a round")
    app.click("Pick a card")
    app.pick_card("bogyo", "Add BOGYO (green)", "BOGYO")
    app.click("Play these cards")
    app.see("Not legal now:")
    app.see("The match is unchanged.")
    app.see("Ben (white) to start a round")
    app.shot("06-picker-refused")
    app.click("Clear play")
    app.see("Not legal now:")  # still shown until the next action
    app.pick_card("kote", "Add KOTE (brown)", "KOTE")
    app.click("Play these cards")
    app.see("Aiko (red) to answer Ben's attack on KOTE")

    app.click("Aiko: no answer (IPPON to the opponent)")
    app.see("IPPON to Ben: Aiko had no answer [S3]")
    app.see("Score: Aiko (red) 1 - Ben (white) 1")
    app.click("OK, carry on")
    app.gone("OK, carry on")

    app.see("Aiko (red) to start a round")
    app.click("Aiko: DO")
    app.see("Ben (white) to answer Aiko's attack on DO")
    app.click("Ben: no answer (IPPON to the opponent)")
    app.see("MATCH WON", exact=True)
    app.see("Score: Aiko (red) 2 - Ben (white) 1")
    app.see("Match won by Aiko (red): two IPPONs (2:1)")
    app.shot("07-match-won")

    app.click("Back to home (the match is saved)")
    app.click("History")
    app.see("Aiko won: two IPPONs (2:1)")
    app.shot("08-history")
    app.see("Aiko · kendo-shiai: 1 played, 1 won, 0 lost, 0 drawn")
    app.click("Open Aiko vs Ben")
    app.see("Result: Aiko won: two IPPONs (2:1)")
    # The chart's numbers in words, each player's line drawn beside his name: solid for Aiko, dashed for Ben.
    app.see("Aiko (red), IPPON (solid line) after each step: 0 0 0 0 1 1 1 1 2")
    app.see("Ben (white), IPPON (dashed line) after each step:", exact=False)
    app.shot("09-history-match")

    # The scrubber replays the match on the same scoreboard.
    for _ in range(4):
        app.click("Step back")
    app.see("Replay: step 4 of 8")
    app.see("Score: Aiko (red) 1 - Ben (white) 0")

    with app.page.expect_download(timeout=15_000) as download:
        app.click("Export this match")
    exported = download.value.path().read_text(encoding="utf-8")
    assert "result: Aiko won" in exported and "8. Ben: no answer" in exported
