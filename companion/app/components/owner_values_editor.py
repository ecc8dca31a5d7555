"""The owner values editor: a deck's cards, a labelled text box per owner value, and Save."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.owner_values import OwnerValuesViewModel


def owner_values_editor(vm: OwnerValuesViewModel, ui: Ui, refresh: Handler, on_done: Handler) -> ft.Control:
    def choose(card_id: str) -> None:
        vm.select_card(card_id)
        refresh()

    def save() -> None:
        vm.save()
        refresh()

    cards = ft.Row([ui.choice(label, card_id == vm.card_id, partial(choose, card_id))
                    for card_id, label in vm.card_choices()], wrap=True)
    boxes: list[ft.Control] = []
    for row in vm.card_rows():
        # Typing only keeps the text; it is checked when Save is tapped, so no redraw mid-word.
        box = ui.text_field(row.label, vm.text(row), partial(vm.set_text, row.card_id, row.field), 15)
        boxes.append(ft.Column([box, ui.text(f"{row.description}. Allowed: {row.allowed}.", 13)], spacing=2))
    feedback = ui.message(vm.message) if vm.refused else ui.notice(vm.message)
    return ft.Column([
        ui.text(f"{vm.catalog.name}: the values printed on your cards but not in the rulebook (K9). "
                "An empty box is a value still unknown.", 14),
        ui.section("Cards", cards),
        *boxes,
        feedback,
        ft.Row([ui.button("Save owner values", save, primary=True), ui.button("Back to the deck", on_done)],
               wrap=True),
    ], spacing=10)
