"""Kendo Shiai's scoreboard: red and white sides (named in words too), IPPONs, HANSOKU, ENCHO."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui

SIDE_COLOURS = {"red": ("#C62828", "#FFFFFF"), "white": ("#FFFFFF", INK)}
IPPONS_TO_WIN = 2


def _marks(count: int, total: int, full: ft.IconData, empty: ft.IconData, ink: str, ui: Ui) -> list[ft.Control]:
    """Filled and empty marks, as on a shiai scoreboard; the count is also written beside them."""
    return [ft.Icon(full if i < count else empty, color=ink, size=ui.size(22)) for i in range(max(total, count))]


def _panel(player: dict[str, Any], ui: Ui) -> ft.Control:
    side = str(player.get("side") or "")
    background, ink = SIDE_COLOURS.get(side, ("#EEEEEE", INK))
    name, ippon, hansoku = player["name"], int(player["ippon"]), int(player["hansoku"])
    lines: list[ft.Control] = [
        ui.text(f"{side.upper()} · {name}", 20, bold=True, color=ink),
        ft.Row([ui.text(f"IPPON {ippon}", 26, bold=True, color=ink),
                *_marks(ippon, IPPONS_TO_WIN, ft.Icons.CIRCLE, ft.Icons.CIRCLE_OUTLINED, ink, ui)], spacing=4,
               wrap=True),
        ft.Row([ui.text(f"HANSOKU {hansoku}", 18, color=ink),
                *_marks(hansoku, 1, ft.Icons.CHANGE_HISTORY, ft.Icons.CHANGE_HISTORY_OUTLINED, ink, ui)],
               spacing=4, wrap=True),
        ui.text(f"{player.get('hand', 0)} cards in hand", 14, color=ink),
    ]
    return ft.Container(ft.Column(lines, spacing=2), bgcolor=background, padding=12, expand=True,
                        border=ft.Border.all(3, INK), border_radius=10)


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    rows: list[ft.Control] = [ui.side_by_side([_panel(p, ui) for p in players])]
    if len(players) == 2:
        red_first = sorted(players, key=lambda p: 0 if p.get("side") == "red" else 1)
        score = " - ".join(f"{p['name']} ({p.get('side')}) {p['ippon']}" for p in red_first)
        rows.append(ui.text(f"Score: {score}", 18, bold=True))
    facts = []
    if summary.get("round"):
        facts.append(f"Round {summary['round']}")
    if summary.get("encho"):
        facts.append("ENCHO: the next IPPON wins (S7)")
    if summary.get("jikan_desu_watch"):
        facts.append(f"JIKAN DESU: {summary['jikan_desu_watch']} wins if this round ends without IPPON (S7)")
    if summary.get("switch_and_pick_due"):
        facts.append("Switch-and-pick first (S6)")
    if facts:
        rows.append(ui.text(" · ".join(facts), 15, bold=bool(summary.get("encho"))))
    return ft.Column(rows, spacing=6)
