"""Martial Arts TCG's scoreboard: each player's health as a number and a bar, ADR, the hand, deck and
discard counts, the Event in play; then the phase, the combo chain and what the next link needs (T2,
T3), and an open counter-attack (T8). Hands stay hidden: only counts are shown.

Two-on-Two shows the teams one after the other, each with its pooled ADR and its Event (T9); Army of
One shows the Hero large and the Enemies as one compact line each, ten fitting at 412 px, the leader
marked in words; tapping an Enemy who is still in makes him the target of the responses listed (T10).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui

FULL_HEALTH = 30  # a duel's starting health (T1); each player's own is in the summary (T10: 15, 10)


def _roles(player: dict[str, Any], summary: dict[str, Any]) -> list[str]:
    name = str(player["name"])
    roles = [str(player["role"]).upper()] if player.get("role") else []
    if player.get("out"):
        roles.append("OUT")
    if summary.get("turn") == name:
        roles.append("HAS THE TURN")
    if summary.get("controls") == name and summary.get("controls") != summary.get("turn"):
        roles.append("CONTROLS THE ATTACK")
    if summary.get("target") == name:
        roles.append("TARGET")
    return roles


def _health(player: dict[str, Any]) -> tuple[int, int]:
    most = int(player.get("start_health") or FULL_HEALTH)
    return int(player.get("health", 0)), most


def _player(player: dict[str, Any], summary: dict[str, Any], ui: Ui, *, pooled: bool) -> ft.Control:
    health, most = _health(player)
    counts = f"hand {player.get('hand', 0)} · deck {player.get('deck', 0)} · discard {player.get('discard', 0)}"
    lines: list[ft.Control] = [
        ui.text(" · ".join([str(player["name"]), *_roles(player, summary)]), 17, bold=True),
        ui.text(f"Health {health} of {most}", 20, bold=True),
        ft.ProgressBar(value=max(0, min(health, most)) / most, color=INK, bgcolor="#DDDDDD", bar_height=10),
        ui.text(counts if pooled else f"ADR {player.get('adr', 0)} · {counts}", 14),
    ]
    if not pooled:
        lines.append(ui.text(f"Event: {player.get('event') or 'none'}", 14))
    if player.get("exhausted"):
        lines.append(ui.text("Exhausted: skips every other turn of his own (T10)", 14, bold=True))
    if player.get("skips_next_turn"):
        lines.append(ui.text("Skips his next turn (T4)", 14, bold=True))
    if player.get("next_card_cancelled"):
        lines.append(ui.text("His next card is cancelled", 14, bold=True))
    return ft.Container(ft.Column(lines, spacing=2), padding=8, border=ft.Border.all(2, INK), border_radius=8,
                        opacity=0.6 if player.get("out") else 1.0)


def _pool_line(pool: dict[str, Any], ui: Ui) -> ft.Control:
    event = f"{pool['event']} (played by {pool['event_of']})" if pool.get("event") else "none"
    return ui.text(f"{pool['pool']}: ADR {pool.get('adr', 0)} (shared) · Event: {event}", 15, bold=True)


def _enemy(player: dict[str, Any], summary: dict[str, Any], ui: Ui,
           choose_target: TargetChooser | None) -> ft.Control:
    health, most = _health(player)
    line = " · ".join([str(player["name"]), *_roles(player, summary), f"health {health} of {most}",
                       f"hand {player.get('hand', 0)}"])
    if choose_target is None or player.get("out"):
        return ui.text(line, 15, bold=not player.get("out"))
    name = str(player["name"])
    return ui.button(f"Target {line}", lambda: choose_target(name))


def _facts(summary: dict[str, Any], ui: Ui) -> list[ft.Control]:
    facts = [str(summary.get("phase_name") or "")]
    if summary.get("chain"):
        facts.append(f"combo chain {summary['chain']}")
    if summary.get("next_link"):
        facts.append(f"next link needs {summary['next_link']}")
    shown: list[ft.Control] = [ui.text(" · ".join(f for f in facts if f), 15, bold=True)]
    if summary.get("counter"):
        shown.append(ui.text(f"Counter-attack open: {summary['counter']} (T8)", 15))
    following = summary.get("next_turn")
    if isinstance(following, dict) and following.get("player"):
        shown.append(ui.text(f"Next turn: {following['player']} ({following.get('why', '')}) "
                             f"[{following.get('ruling', '')}]", 14))
    return shown


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    mode = summary.get("mode")
    parts: list[ft.Control] = []
    if mode == "army-of-one":
        hero = [p for p in players if p.get("role") == "hero"]
        enemies = [p for p in players if p.get("role") != "hero"]
        parts += [_player(p, summary, ui, pooled=False) for p in hero]
        parts.append(ui.text(f"Enemies: {summary.get('enemies_defeated', 0)} of {summary.get('enemies', 0)} "
                             f"defeated; goal: {'the leader' if summary.get('goal') == 'leader' else 'all'}", 15,
                             bold=True))
        parts += [_enemy(p, summary, ui, choose_target) for p in enemies]
    elif mode == "two-on-two":
        for pool in summary.get("pools", []):
            parts.append(_pool_line(pool, ui))
            members = set(pool.get("players", []))
            parts += [_player(p, summary, ui, pooled=True) for p in players if p["name"] in members]
    else:
        parts += [_player(p, summary, ui, pooled=False) for p in players]
    parts += _facts(summary, ui)
    return ft.Column(parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
