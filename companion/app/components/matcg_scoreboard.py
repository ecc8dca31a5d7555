"""Martial Arts TCG's scoreboard: each player's health as a number and a bar (of 30, T1), ADR, the
hand, deck and discard counts, the Event in play; then the phase, the combo chain and what the next
link needs (T2, T3), and an open counter-attack (T8). Hands stay hidden: only counts are shown."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.ui import INK, Ui

FULL_HEALTH = 30  # a duel's starting health (T1); the modes' own maxima come in the summary


def _player(player: dict[str, Any], summary: dict[str, Any], ui: Ui) -> ft.Control:
    health = int(player.get("health", 0))
    most = int(player.get("max_health", FULL_HEALTH)) or FULL_HEALTH
    name = str(player["name"])
    roles = [str(player[key]).upper() for key in ("role",) if player.get(key)]
    if player.get("out"):
        roles.append("OUT")
    if summary.get("turn") == name:
        roles.append("HAS THE TURN")
    if summary.get("controls") == name and summary.get("controls") != summary.get("turn"):
        roles.append("CONTROLS THE ATTACK")
    title = " · ".join([name, *roles])
    counts = f"hand {player.get('hand', 0)} · deck {player.get('deck', 0)} · discard {player.get('discard', 0)}"
    lines: list[ft.Control] = [
        ui.text(title, 17, bold=True),
        ui.text(f"Health {health} of {most}", 20, bold=True),
        ft.ProgressBar(value=max(0, min(health, most)) / most, color=INK, bgcolor="#DDDDDD", bar_height=10),
        ui.text(f"ADR {player.get('adr', 0)} · {counts}", 14),
        ui.text(f"Event: {player.get('event') or 'none'}", 14),
    ]
    if player.get("skips_next_turn"):
        lines.append(ui.text("Recovery Phase: skips his next turn (T4)", 14, bold=True))
    if player.get("next_card_cancelled"):
        lines.append(ui.text("His next card is cancelled", 14, bold=True))
    return ft.Container(ft.Column(lines, spacing=2), padding=8, border=ft.Border.all(2, INK), border_radius=8,
                        opacity=0.6 if player.get("out") else 1.0)


def scoreboard(summary: dict[str, Any], ui: Ui) -> ft.Control:
    parts: list[ft.Control] = [_player(p, summary, ui) for p in summary.get("players", [])]
    facts = [str(summary.get("phase_name") or "")]
    if summary.get("chain"):
        facts.append(f"combo chain {summary['chain']}")
    if summary.get("next_link"):
        facts.append(f"next link needs {summary['next_link']}")
    parts.append(ui.text(" · ".join(f for f in facts if f), 15, bold=True))
    if summary.get("counter"):
        parts.append(ui.text(f"Counter-attack open: {summary['counter']} (T8)", 15))
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
