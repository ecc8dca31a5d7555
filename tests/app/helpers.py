"""Helpers shared by the view-model and component tests: a Kendo Shiai match played by taps."""

from __future__ import annotations

from companion.app.storage import MatchStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.live import LiveViewModel


def start_kendo(store: MatchStore, red: str = "Aiko", white: str = "Ben") -> AppViewModel:
    app = AppViewModel(store)
    app.go("new")
    assert app.new_match is not None
    app.new_match.select_ruleset("kendo-shiai")
    app.new_match.set_name(0, red)
    app.new_match.set_name(1, white)
    assert app.start_match(), app.new_match.message
    return app


def press(live: LiveViewModel, label: str) -> None:
    """Tap the response (card play or other action) shown with exactly this label."""
    for item in [*live.other_actions(), *live.responses()]:
        if item.label == label:
            assert live.tap(item), live.message
            return
    shown = [i.label for i in [*live.other_actions(), *live.responses()]]
    raise AssertionError(f"{label!r} is not offered; shown: {shown}")


def to_first_exchange(live: LiveViewModel) -> None:
    live.filter_responses("MEN 4")
    press(live, "Aiko: offer MEN 4")
    press(live, "Ben: offer none")
    press(live, "Aiko: MEN")


def score(live: LiveViewModel) -> tuple[int, int]:
    players = live.summary()["players"]
    return players[0]["ippon"], players[1]["ippon"]
