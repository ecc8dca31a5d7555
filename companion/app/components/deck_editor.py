"""The Martial Arts TCG deck editor on the Decks screen: the owner's decks, one deck's cards with their
copies, the add-card form (kind first, then that kind's numbers), CSV in and out, the T6 check."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.deck_editor import DeckEditorViewModel
from companion.rules.martial_arts_tcg import example_deck
from companion.rules.martial_arts_tcg.cards import Kind


def deck_editor(vm: DeckEditorViewModel, ui: Ui, refresh: Handler) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    parts: list[ft.Control] = [ui.text("Martial Arts TCG: the cards you own, as decks (T6, T7)", 16, bold=True)]
    saved = vm.saved_decks()
    if saved:
        parts.append(ft.Row([ui.choice(f"Open {deck.name}", vm.deck is not None and vm.deck.name == deck.name,
                                       act(partial(vm.open, file))) for file, deck in saved], wrap=True))
    parts.append(ui.text_field("New deck name", vm.new_name, partial(setattr, vm, "new_name"), 15))
    parts.append(ft.Row([
        ui.button("Start a new deck", act(lambda: vm.new_deck(vm.new_name))),
        ui.button("Start from an example deck",
                  act(lambda: vm.start_from(example_deck(0), vm.new_name.strip() or "My deck"))),
    ], wrap=True))
    parts.append(ui.notice(vm.message))
    if vm.deck is None:
        return ft.Column(parts, spacing=6)

    async def export_csv() -> None:
        exported = vm.export_csv()
        if exported is not None:
            try:
                await ft.FilePicker().save_file(file_name=exported[0], src_bytes=exported[1])
                vm.message = f"Saved {exported[0]}: a spreadsheet opens it."
            except Exception as error:  # no save dialog on this device
                vm.message = f"Not saved ({error})."
        refresh()

    async def import_csv() -> None:
        files = await ft.FilePicker().pick_files(with_data=True, allowed_extensions=["csv"])
        if files:
            vm.import_csv((files[0].bytes or b"").decode("utf-8", errors="replace"), files[0].name)
        refresh()

    # What is done most comes first: the check, saving, adding a card; the card list below it.
    parts.append(ui.text(f"{vm.deck.name}{'' if vm.saved else ' (not saved yet)'}", 18, bold=True))
    parts.append(ui.text(vm.check_line(), 15, bold=True))
    parts.append(ft.Row([ui.button("Save deck", act(vm.save), primary=True),
                         ui.async_button("Export as CSV", export_csv),
                         ui.async_button("Import a CSV", import_csv)], wrap=True))
    form: list[ft.Control] = [ft.Row([ui.choice(kind.value, kind is vm.kind, act(partial(vm.choose_kind, kind)))
                                      for kind in Kind], wrap=True)]
    form += [ui.text_field(vm.field_label(field), vm.form.get(field, ""), partial(vm.set_field, field), 15)
             for field in vm.fields()]
    form.append(ui.button("Add this card", act(vm.add_card), primary=True))
    parts.append(ui.section("Add a card: its kind first, then what it prints", *form))
    cards: list[ft.Control] = []
    for name, line in vm.card_lines():
        cards.append(ft.Column([
            ui.text(line, 14),
            ft.Row([ui.button(f"One more {name}", act(partial(vm.change_copies, name, 1))),
                    ui.button(f"One fewer {name}", act(partial(vm.change_copies, name, -1))),
                    ui.button(f"Duplicate {name}", act(partial(vm.duplicate, name))),
                    ui.button(f"Remove {name}", act(partial(vm.remove, name)))], wrap=True),
        ], spacing=2))
    parts.append(ui.section(f"The cards ({len(cards)} kinds)", *cards))
    return ft.Column(parts, spacing=6)
