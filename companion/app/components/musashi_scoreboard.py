"""Musashi's Challenge's table: every player in one line each (cards in hand, in or out, place), who
attacks whom now and what must be answered first (KT1 5-8, M1-M3). Six players fit at 412 px: the
players stand one below the other, and each role is said in words, never by colour alone."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.app.components.targets import TargetChooser
from companion.app.ui import INK, Ui

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(place: int) -> str:
    return ORDINALS.get(place, f"{place}th")


def _roles(name: str, summary: dict[str, Any]) -> list[str]:
    roles = []
    if summary.get("attacker") == name:
        roles.append("ATTACKING")
    if summary.get("attacked") == name:
        roles.append("ATTACKED")
    if summary.get("turn") == name:
        roles.append("TO ACT")
    return roles


def _player(player: dict[str, Any], summary: dict[str, Any], ui: Ui) -> ft.Control:
    name = str(player["name"])
    out = player.get("status") == "out"
    place = player.get("place")
    facts = [f"{player.get('hand', 0)} cards"]
    facts.append(f"OUT, {_ordinal(place)} place" if out and place else ("OUT" if out else "in"))
    if not out and place:
        facts.append(f"{_ordinal(place)} place")
    roles = _roles(name, summary)
    acting = "TO ACT" in roles
    line = f"{name} · {' · '.join(facts)}"
    return ft.Container(ft.Column([
        ui.text(line, 16, bold=not out),
        *([ui.text(" · ".join(roles), 14, bold=True)] if roles else []),
    ], spacing=0), padding=ft.Padding(8, 4, 8, 4), border_radius=6,
        border=ft.Border.all(3 if acting else 1, INK), opacity=0.6 if out else 1.0)


def scoreboard(summary: dict[str, Any], ui: Ui, choose_target: TargetChooser | None = None) -> ft.Control:
    players = summary.get("players", [])
    standing = sum(1 for p in players if p.get("status") != "out")
    parts: list[ft.Control] = [ui.text(f"The table: {len(players)} players, {standing} still in", 15, bold=True)]
    parts += [_player(p, summary, ui) for p in players]
    if summary.get("attack"):
        parts.append(ui.text(f"Now: {summary['attacker']} attacks {summary['attacked']}: {summary['attack']}.",
                             16, bold=True))
    if summary.get("answer_first"):
        parts.append(ui.text(f"Answer first: {summary['answer_first']}", 15))
    parts += [ui.text(str(summary[key]), 15) for key in ("pull", "bonus", "not_to_be_attacked") if summary.get(key)]
    decks, discards = summary.get("decks") or {}, summary.get("discards") or {}
    if decks:
        parts.append(ui.text("Decks: " + " · ".join(f"{colour} {count}" for colour, count in decks.items())
                             + " (discards: " + " · ".join(f"{c} {n}" for c, n in discards.items()) + ")", 13))
    return ft.Column(parts, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
