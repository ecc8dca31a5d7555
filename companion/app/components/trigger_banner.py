"""Triggers announced unmissably: a big high-contrast banner per trigger, dismissed with one tap."""

from __future__ import annotations

import flet as ft

from companion.app.ui import BANNER_BG, INK, Handler, Ui
from companion.app.viewmodels.triggers import Trigger


def trigger_banner(triggers: list[Trigger], ui: Ui, on_dismiss: Handler) -> ft.Control:
    if not triggers:
        return ft.Container(height=0)
    rows: list[ft.Control] = []
    for trigger in triggers:
        rows.append(ui.text(trigger.title, 34, bold=True, color=INK))
        rows.append(ui.text(trigger.text, 16, color=INK))
    rows.append(ui.button("OK, carry on", on_dismiss))
    return ft.Container(ft.Column(rows, spacing=4), bgcolor=BANNER_BG, padding=14,
                        border=ft.Border.all(4, INK), border_radius=10)
