"""MACE's scoreboard: each fighter's health (cards in hand), charges, momentum and state, the order
of play, and the hex map with each fighter and the hexes he reaches (C1-C5)."""

from __future__ import annotations

import math
from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui
from companion.app.viewmodels.moves import Hex, hex_name
from companion.rules.mace.hexgrid import distance as hex_distance

FIGHTER_COLOURS = ("#C62828", "#1565C0", "#2E7D32", "#6A1B9A")
HEX = 22.0  # pixels from a hex's centre to its corner: a square to tap is 33 px, less on a wide map
MAP_HEIGHT = 300.0
MAP_WIDTH = 380.0
MOVE_COLOUR = "#F57F17"  # the hexes the chosen card may move to, marked also by their distance


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


def _pixel(q: int, r: int, size: float) -> tuple[float, float]:
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def _hex_map(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None) -> ft.Control:
    reach = (summary.get("extras") or {}).get("map") or {}
    players = summary.get("players", [])
    move = summary.get("move") or {}
    origin: Hex | None = (int(move["from"][0]), int(move["from"][1])) if move.get("from") else None
    # x, y in hex units; colour; text (a fighter's number, a move's distance, or None for a Reach ring);
    # and the hex a tap chooses (a move's destination) or None
    spots: list[tuple[float, float, str, str | None, Hex | None]] = []
    for seat, player in enumerate(players):
        colour = FIGHTER_COLOURS[seat % len(FIGHTER_COLOURS)]
        for q, r in (reach.get(player["name"]) or {}).get("reach", []):
            spots.append((*_pixel(q, r, 1.0), colour, None, None))
    for q, r in move.get("hexes", []):
        steps = str(hex_distance((q, r), origin)) if origin else "?"
        spots.append((*_pixel(q, r, 1.0), MOVE_COLOUR, steps, (q, r)))
    for seat, player in enumerate(players):
        if player.get("hex"):
            q, r = player["hex"]
            spots.append((*_pixel(q, r, 1.0), FIGHTER_COLOURS[seat % len(FIGHTER_COLOURS)],
                          str(seat + 1), None))
    if not spots:
        return ft.Container(height=0)
    xs, ys = [s[0] for s in spots], [s[1] for s in spots]
    # A long Boost reaches far: the map shrinks its hexes to keep every marked one on the phone's width.
    unit = min(HEX, (MAP_WIDTH - 2 * HEX) / max(1.0, max(xs) - min(xs)),
               (MAP_HEIGHT - 2 * HEX) / max(1.0, max(ys) - min(ys)))
    size = unit * 1.5
    middle_x, middle_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    placed: list[ft.Control] = []
    for x, y, colour, text, place in spots:
        left = MAP_WIDTH / 2 + (x - middle_x) * unit - size / 2
        top = MAP_HEIGHT / 2 + (y - middle_y) * unit - size / 2
        if text is None:
            placed.append(ft.Container(width=size, height=size, border_radius=size / 2, left=left, top=top,
                                       border=ft.Border.all(2, colour)))
        elif place is not None and choose_target is not None:
            placed.append(_destination(place, text, str(move.get("title", "Move")), size, left, top, ui,
                                       choose_target))
        else:
            placed.append(ft.Container(ui.text(text, 13, bold=True, color="#FFFFFF"), width=size, height=size,
                                       border_radius=size / 2, bgcolor=colour, alignment=ft.Alignment.CENTER,
                                       left=left, top=top))
    legend = "Filled: a fighter (by number); rings: the hexes he reaches."
    if move:
        legend = (f"{move.get('title')}: tap a square with a number to move {move.get('fighter')} there; the number "
                  "is how many hexes from where he stands. " + legend)
    return ft.Column([
        ft.Container(ft.Stack(placed, width=MAP_WIDTH, height=MAP_HEIGHT), border=ft.Border.all(1, INK)),
        ui.text(legend, 13),
    ], spacing=2)


def _destination(place: Hex, steps: str, title: str, size: float, left: float, top: float, ui: Ui,
                 choose_target: TargetChooser) -> ft.Control:
    """A hex the chosen card may move to: a square (not a round fighter or ring) with its distance
    written in it, named for a screen reader by where it is."""
    def tapped(_: Any) -> None:
        choose_target(hex_name(place))
    square = ft.Container(ui.text(steps, 12, bold=True, color=INK), width=size, height=size, bgcolor="#FFF59D",
                          border=ft.Border.all(2, MOVE_COLOUR), alignment=ft.Alignment.CENTER, on_click=tapped)
    label = f"{title} to hex {place[0]},{place[1]}: {steps} {'hex' if steps == '1' else 'hexes'} away"
    return ft.Container(ft.Semantics(content=square, label=label, button=True, container=True), left=left, top=top)


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    parts: list[ft.Control] = [_fighter(seat, p, ui) for seat, p in enumerate(players)]
    order = summary.get("momentum_order") or []
    facts = [f"Round {summary.get('round', 0)}"]
    if order:
        facts.append("order: " + ", ".join(order))
    facts.append(f"deck {summary.get('deck', 0)} · discard {summary.get('discard_top') or '-'}")
    parts.append(ui.text(" · ".join(facts), 14))
    parts.append(_hex_map(summary, ui, choose_target))
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
