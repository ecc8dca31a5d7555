"""Decks and tags: browse each catalog, see which owner values are still to be entered, print the QR
tag sheet."""

from __future__ import annotations

import flet as ft

from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.decks import DecksViewModel


def decks_screen(vm: DecksViewModel, ui: Ui, refresh: Handler, on_home: Handler) -> ft.Control:
    parts: list[ft.Control] = [ui.back_bar("Decks and tags", on_home)]
    for deck in vm.decks():
        def chosen(deck_id: str = deck.id) -> None:
            vm.open(deck_id)
            refresh()
        parts.append(ui.choice(deck.name, deck.id == vm.opened, chosen))

    async def print_sheet() -> None:
        sheet = vm.tag_sheet()
        if sheet is not None:
            name, data = sheet
            try:
                await ft.FilePicker().save_file(file_name=name, src_bytes=data)
                vm.message = f"Saved {name}: print it and stick each tag on its card."
            except Exception as error:  # no save dialog here: the CLI prints the same sheet
                vm.message = f"Not saved ({error}); `shinpan tags` prints the same sheet."
        refresh()

    if vm.opened:
        parts.append(ui.async_button("Print the tag sheet (PDF)", print_sheet, primary=True))
        parts.append(ui.notice(vm.message))
        parts.append(ui.text(vm.summary_line(), 15, bold=True))
        parts += [ui.text(line, 14) for line in vm.card_lines()]
    return screen(*parts)
