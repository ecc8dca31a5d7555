"""Scoreboards are found through the ruleset id; a ruleset without its own gets the generic one.

A new ruleset plugs in by adding one line to SCOREBOARD_MODULES: the module's `scoreboard(summary, ui)`
renders the ruleset's `summary()` (the same data `shinpan replay --json` prints) with the ruleset's
`legal_extras()` under "extras" (Kenpo's threat map).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import Ui


class Scoreboard(Protocol):
    """Draws a summary; a scoreboard whose players can be tapped calls `choose_target(name)`."""

    def __call__(self, summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
        ...

SCOREBOARD_MODULES: dict[str, str] = {
    "kendo-shiai": "companion.app.components.kendo_scoreboard",
    "kenpo-masters": "companion.app.components.kenpo_scoreboard",
    "mace": "companion.app.components.mace_scoreboard",
    "musashi": "companion.app.components.musashi_scoreboard",
    "martial-arts-tcg": "companion.app.components.matcg_scoreboard",
}


def scoreboard_for(ruleset_id: str) -> Scoreboard:
    module_name = SCOREBOARD_MODULES.get(ruleset_id, "companion.app.components.generic_scoreboard")
    render: Scoreboard = importlib.import_module(module_name).scoreboard
    return render
