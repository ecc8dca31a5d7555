"""Kenpo Masters' scoreboard: points to 20, the 3x3 ring with both fighters and their facing, the cards
waiting to resolve, and the threat map over the squares the player to act can reach (K1-K5).

Ring coordinates follow K1: files 0..2 left to right as Yellow sees the ring, ranks 0..2 from Yellow's
end (drawn at the bottom) to Red's end (drawn at the top). Yellow faces up the ring, Red faces down.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui

POINTS_TO_WIN = 20
SIDE_COLOURS = {"yellow": ("#FDD835", INK), "red": ("#C62828", "#FFFFFF")}
FACING = {"yellow": ("faces Red's end", ft.Icons.ARROW_UPWARD), "red": ("faces Yellow's end", ft.Icons.ARROW_DOWNWARD)}


def _where(square: list[int]) -> str:
    return f"({square[0]}, {square[1]})"


def _points_row(player: dict[str, Any], ui: Ui) -> ft.Control:
    side = str(player.get("side") or "")
    background, ink = SIDE_COLOURS.get(side, ("#EEEEEE", INK))
    points = int(player.get("points", 0))
    return ft.Container(ft.Column([
        ui.text(f"{side.upper()} · {player['name']}", 18, bold=True, color=ink),
        ui.text(f"{points} of {POINTS_TO_WIN} points", 24, bold=True, color=ink),
        ft.ProgressBar(value=min(points, POINTS_TO_WIN) / POINTS_TO_WIN, color=INK, bgcolor="#FFFFFF",
                       semantics_label=f"{player['name']}: {points} of {POINTS_TO_WIN} points"),
        ui.text(f"hand {player.get('hand', 0)} · deck {player.get('deck', 0)} · discards "
                f"{player.get('discards', 0)}", 13, color=ink),
    ], spacing=4), bgcolor=background, padding=10, border=ft.Border.all(3, INK), border_radius=10, expand=True)


def _threats(summary: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    threat = (summary.get("extras") or {}).get("threat_map") or {}
    return {(int(s["square"][0]), int(s["square"][1])): s for s in threat.get("squares", []) if s.get("attacks")}


def _threat_text(entry: dict[str, Any]) -> str:
    total = entry.get("total")
    text = "? damage (value not in catalog)" if total is None else f"{total} damage"
    block = entry.get("best_block")
    if block and block.get("total") is not None:
        text += f", {block['total']} with {block['card']}"
    if entry.get("break"):
        text += ", BREAK"
    return text


def _square(file: int, rank: int, players: list[dict[str, Any]], threats: dict[tuple[int, int], dict[str, Any]],
            ui: Ui) -> ft.Control:
    lines: list[ft.Control] = []
    background = "#FAFAFA"
    for player in players:
        if list(player.get("square", [])) == [file, rank]:
            side = str(player.get("side") or "")
            background, ink = SIDE_COLOURS.get(side, ("#EEEEEE", INK))
            facing, icon = FACING.get(side, ("", ft.Icons.CIRCLE))
            # A square is a third of the phone's width: a long name ends in "..." here (the lines below the
            # ring give it whole), and every line wraps inside the square at any text size.
            name = ui.text(f"{player['name']}", 14, bold=True, color=ink)
            name.max_lines, name.overflow = 1, ft.TextOverflow.ELLIPSIS
            lines.append(ft.Row([ft.Icon(icon, color=ink, size=ui.size(18)), ft.Container(name, expand=True)],
                                spacing=2))
            lines.append(ui.text(f"{side}, {facing}", 11, color=ink))
    threat = threats.get((file, rank))
    if threat is not None:
        lines.append(ui.text(_threat_text(threat), 11, bold=True, color=INK if background == "#FAFAFA" else None))
    return ft.Container(ft.Column(lines, spacing=1), bgcolor=background, width=118, height=round(100 * ui.scale),
                        padding=4, clip_behavior=ft.ClipBehavior.HARD_EDGE,
                        border=ft.Border.all(3 if threat is not None else 1, INK))


def _ring(summary: dict[str, Any], ui: Ui) -> ft.Control:
    players = summary.get("players", [])
    threats = _threats(summary)
    rows = [ft.Row([_square(file, rank, players, threats, ui) for file in range(3)], spacing=2)
            for rank in (2, 1, 0)]
    return ft.Column([ui.text("Red's end", 12), *rows, ui.text("Yellow's end", 12)], spacing=2,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _cards(entries: list[dict[str, Any]]) -> str:
    return ", ".join(f"{e.get('player')}'s {e.get('card')}" + (f" ({e['move']})" if e.get("move") else "")
                     for e in entries)


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    parts: list[ft.Control] = [ui.side_by_side([_points_row(p, ui) for p in players])]
    parts.append(_ring(summary, ui))
    for player in players:
        side = str(player.get("side") or "")
        parts.append(ui.text(f"{player['name']} ({side}) on {_where(player.get('square', [0, 0]))}, "
                             f"{FACING.get(side, ('', None))[0]}", 14))
    pending = summary.get("pending") or []
    parts.append(ui.text("Waiting to resolve: " + (_cards(pending) if pending else "nothing"), 15, bold=True))
    played = summary.get("played") or []
    if played:
        parts.append(ui.text("Played this turn: " + _cards(played), 15))
    if summary.get("phase") == "break":
        parts.append(ui.text("BREAK: every card resolves at once; then both fighters go back to their "
                             "start squares (K4)", 15, bold=True))
    if threats := _threats(summary):
        parts.append(ui.text("Threat map: outlined squares show what the waiting cards would do there "
                             f"({len(threats)} reachable squares)", 13))
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
