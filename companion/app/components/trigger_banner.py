"""Triggers announced unmissably: a big high-contrast banner per trigger, dismissed with one tap."""

from __future__ import annotations

import flet as ft

from companion.app.ui import BANNER_BG, INK, Handler, Ui
from companion.app.viewmodels.triggers import Trigger


def trigger_banner(triggers: list[Trigger], ui: Ui, on_dismiss: Handler, undo_label: str = "",
                   on_undo: Handler | None = None) -> ft.Control:
    """`undo_label` and `on_undo` offer taking the step back at once (a declaration tapped by mistake)."""
    if not triggers:
        return ft.Container(height=0)
    rows: list[ft.Control] = []
    for trigger in triggers:
        rows.append(ui.text(trigger.title, 34, bold=True, color=INK))
        rows.append(ui.text(trigger.text, 16, color=INK))
    buttons = [ui.button("OK, carry on", on_dismiss)]
    if undo_label and on_undo is not None:
        buttons.append(ui.button(undo_label, on_undo))
    rows.append(ft.Row(buttons, wrap=True))
    return ft.Container(ft.Column(rows, spacing=4), bgcolor=BANNER_BG, padding=14,
                        border=ft.Border.all(4, INK), border_radius=10)
