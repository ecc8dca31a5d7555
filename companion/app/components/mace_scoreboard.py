"""MACE's scoreboard: each fighter's health (cards in hand), charges, momentum and state, the order
of play, and the hex map with each fighter and the hexes he reaches (C1-C5)."""

from __future__ import annotations

import math
from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui

FIGHTER_COLOURS = ("#C62828", "#1565C0", "#2E7D32", "#6A1B9A")
HEX = 17.0  # pixels from a hex's centre to its corner
MAP_HEIGHT = 230.0
MAP_WIDTH = 380.0


def _state(player: dict[str, Any]) -> str:
    if player.get("forfeited"):
        return "forfeited"
    if player.get("knocked_out"):
        return "KNOCKED OUT"
    if player.get("knocked_down"):
        return "knocked down"
    return "standing"


def _fighter(seat: int, player: dict[str, Any], ui: Ui) -> ft.Control:
    colour = FIGHTER_COLOURS[seat % len(FIGHTER_COLOURS)]
    hex_text = f"hex {tuple(player['hex'])}" if player.get("hex") else "off the map"
    return ft.Container(ft.Column([
        ui.text(f"{seat + 1}. {player['name']} · {_state(player)}", 16, bold=True),
        ui.text(f"health {player.get('hand', 0)} cards · charges {player.get('charges', 0)}", 14),
        ui.text(f"momentum {player.get('momentum') or '-'} · {hex_text}", 14),
    ], spacing=1), padding=8, border=ft.Border(left=ft.BorderSide(8, colour), top=ft.BorderSide(1, INK),
                                               right=ft.BorderSide(1, INK), bottom=ft.BorderSide(1, INK)),
        border_radius=6)


def _pixel(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _hex_map(summary: dict[str, Any], ui: Ui) -> ft.Control:
    reach = (summary.get("extras") or {}).get("map") or {}
    players = summary.get("players", [])
    size = HEX * 1.5
    spots: list[tuple[float, float, str, str | None]] = []  # x, y, colour, fighter number (None: reach)
    for seat, player in enumerate(players):
        colour = FIGHTER_COLOURS[seat % len(FIGHTER_COLOURS)]
        for q, r in (reach.get(player["name"]) or {}).get("reach", []):
            spots.append((*_pixel(q, r), colour, None))
    for seat, player in enumerate(players):
        if player.get("hex"):
            spots.append((*_pixel(*player["hex"]), FIGHTER_COLOURS[seat % len(FIGHTER_COLOURS)], str(seat + 1)))
    if not spots:
        return ft.Container(height=0)
    xs, ys = [s[0] for s in spots], [s[1] for s in spots]
    middle_x, middle_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    placed: list[ft.Control] = []
    for x, y, colour, number in spots:
        left = MAP_WIDTH / 2 + x - middle_x - size / 2
        top = MAP_HEIGHT / 2 + y - middle_y - size / 2
        if number is None:
            placed.append(ft.Container(width=size, height=size, border_radius=HEX, left=left, top=top,
                                       border=ft.Border.all(2, colour)))
        else:
            placed.append(ft.Container(ui.text(number, 13, bold=True, color="#FFFFFF"), width=size, height=size,
                                       border_radius=HEX, bgcolor=colour, alignment=ft.Alignment.CENTER,
                                       left=left, top=top))
    return ft.Column([
        ft.Container(ft.Stack(placed, width=MAP_WIDTH, height=MAP_HEIGHT), border=ft.Border.all(1, INK)),
        ui.text("Filled: a fighter (by number); rings: the hexes he reaches.", 13),
    ], spacing=2)


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    parts: list[ft.Control] = [_fighter(seat, p, ui) for seat, p in enumerate(players)]
    order = summary.get("momentum_order") or []
    facts = [f"Round {summary.get('round', 0)}"]
    if order:
        facts.append("order: " + ", ".join(order))
    facts.append(f"deck {summary.get('deck', 0)} · discard {summary.get('discard_top') or '-'}")
    parts.append(ui.text(" · ".join(facts), 14))
    parts.append(_hex_map(summary, ui))
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
