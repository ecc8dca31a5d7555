"""The scoreboards, built from real match states and read back as the words they show (no client:
Flet controls are plain dataclasses, so the tree can be walked)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.scoreboards import scoreboard_for
from companion.app.components.trigger_banner import trigger_banner
from companion.app.storage import MemoryStore
from companion.app.ui import Ui
from tests.app.helpers import press, start_kendo, to_first_exchange


def words(control: Any) -> list[str]:
    """Every text a control tree shows, depth first (Text values and button labels)."""
    found: list[str] = []
    if isinstance(control, ft.Text):
        found.append(control.value)
    elif isinstance(control, str):
        found.append(control)
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None:
                found += words(item)
    return found


def test_kendo_scoreboard_names_each_side_in_words_and_shows_encho_after_jikan_desu() -> None:
    live = start_kendo(MemoryStore()).live
    assert live is not None
    to_first_exchange(live)
    press(live, "Ben: no answer")
    press(live, "Ben: KOTE")
    press(live, "Aiko: no answer")
    live.filter_responses("JIKAN")
    press(live, "Aiko: JIKAN DESU")
    shown = words(scoreboard_for("kendo-shiai")(live.board(), Ui()))
    assert "RED · Aiko" in shown and "WHITE · Ben" in shown  # the side in words, not colour alone
    assert "Score: Aiko (red) 1 - Ben (white) 1" in shown
    assert any("ENCHO: the next IPPON wins (S7)" in w for w in shown)
    banner = words(trigger_banner(live.banners, Ui(), lambda: None))
    assert banner[:2] == ["JIKAN DESU", "JIKAN DESU by Aiko: ENCHO follows [S7]"]
    assert "ENCHO" in banner


def test_kenpo_scoreboard_writes_where_each_fighter_stands_and_what_waits() -> None:
    app = start_kendo(MemoryStore())
    app.go("new")
    assert app.new_match is not None
    app.new_match.select_ruleset("kenpo")
    app.new_match.set_name(0, "Yui")
    app.new_match.set_name(1, "Ren")
    assert app.start_match()
    live = app.live
    assert live is not None
    press(live, "Yui: starts")
    live.play_text("Front Kick forward")
    press(live, "Yui: end")
    shown = words(scoreboard_for("kenpo-masters")(live.board(), Ui()))
    assert "Yui (yellow) on (1, 1), faces Red's end" in shown
    assert "Waiting to resolve: Yui's Front Kick (forward)" in shown
    assert any(w.startswith("Threat map:") for w in shown)
    assert any("damage" in w for w in shown)  # the threat map over the squares Ren can reach


def test_text_size_scales_every_scoreboard_text() -> None:
    live = start_kendo(MemoryStore()).live
    assert live is not None
    normal = scoreboard_for("kendo-shiai")(live.board(), Ui(1.0))
    large = scoreboard_for("kendo-shiai")(live.board(), Ui(2.0))

    def sizes(control: Any) -> list[float]:
        found = [control.size] if isinstance(control, ft.Text) and control.size else []
        for name in ("content", "controls"):
            child = getattr(control, name, None)
            for item in child if isinstance(child, list) else [child]:
                if item is not None and not isinstance(item, str):
                    found += sizes(item)
        return found

    assert [s * 2 for s in sizes(normal)] == sizes(large) and sizes(normal)
