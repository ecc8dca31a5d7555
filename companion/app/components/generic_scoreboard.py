"""The scoreboard of a ruleset that has none of its own: each player's numbers from the summary."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import Ui

_SKIP = {"name", "side", "team"}


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    panels: list[ft.Control] = []
    for player in summary.get("players", []):
        name = str(player.get("name", ""))
        side = player.get("side")
        title = f"{name} ({side})" if side else name
        facts = [f"{key.replace('_', ' ')}: {value}" for key, value in player.items()
                 if key not in _SKIP and isinstance(value, int | str | bool)]
        panels.append(ft.Container(
            ft.Column([ui.text(title, 18, bold=True), *[ui.text(f, 15) for f in facts]], spacing=2),
            padding=10, border=ft.Border.all(2, "#555555"), border_radius=8, expand=True))
    return ui.side_by_side(panels)
