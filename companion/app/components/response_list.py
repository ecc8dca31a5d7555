"""The legal responses of the player to act: one button each, with the ruling's "why" and what follows."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.live import LiveViewModel, ResponseItem


def response_card(item: ResponseItem, ui: Ui, on_choose: Callable[[ResponseItem], None]) -> ft.Control:
    lines: list[ft.Control] = [
        ui.button(item.label, lambda: on_choose(item), primary=True),
        ui.text(item.explanation, 14),
    ]
    if item.consequence:
        lines.append(ui.text(f"Then: {item.consequence}", 14))
    return ft.Container(ft.Column(lines, spacing=4), padding=8, border=ft.Border.all(1, "#777777"),
                        border_radius=8)


def response_items(vm: LiveViewModel, ui: Ui, on_choose: Callable[[ResponseItem], None],
                   on_more: Handler) -> list[ft.Control]:
    items: list[ft.Control] = [response_card(item, ui, on_choose) for item in vm.responses()]
    if not items:
        items.append(ui.text("No card play matches; see the other actions above.", 14))
    hidden = vm.hidden_response_count()
    if hidden:
        items.append(ui.button(f"Show {hidden} more responses", on_more))
    elif vm.show_all_responses:
        items.append(ui.button("Show fewer responses", on_more))
    return items
