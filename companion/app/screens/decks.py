"""Decks and tags: browse each catalog, enter the owner values the rulebook does not give, print the QR
tag sheet, register untagged cards by photo."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import flet as ft

from companion.app.components.deck_editor import deck_editor
from companion.app.components.owner_values_editor import owner_values_editor
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.decks import DecksViewModel
from companion.app.viewmodels.settings import CARD_CORNERS, CARD_INDICES, SettingsViewModel


def decks_screen(vm: DecksViewModel, ui: Ui, refresh: Handler, on_home: Handler,
                 settings: SettingsViewModel | None = None) -> ft.Control:
    parts: list[ft.Control] = [ui.back_bar("Decks and tags", on_home)]
    if vm.owner_values is not None:
        def done() -> None:
            vm.close_owner_values()
            refresh()
        parts.append(owner_values_editor(vm.owner_values, ui, refresh, done))
        return screen(*parts)
    for deck in vm.decks():
        def chosen(deck_id: str = deck.id) -> None:
            vm.open(deck_id)
            refresh()
        parts.append(ui.choice(deck.name, deck.id == vm.opened, chosen))

    def edit_decks() -> None:
        vm.open_deck_editor()
        refresh()
    parts.append(ui.choice("Martial Arts TCG: your decks", vm.deck_editor is not None, edit_decks))
    if vm.deck_editor is not None:
        parts.append(deck_editor(vm.deck_editor, ui, refresh))
        return screen(*parts)

    async def print_sheet() -> None:
        sheet = await asyncio.to_thread(vm.tag_sheet)  # a sheet of a whole catalog's tags: ~0.5 s, off the screen
        if sheet is not None:
            name, data = sheet
            try:
                await ft.FilePicker().save_file(file_name=name, src_bytes=data)
                vm.message = f"Saved {name}: print it and stick each tag on its card."
            except Exception as error:  # no save dialog here: the CLI prints the same sheet
                vm.message = f"Not saved ({error}); `shinpan tags` prints the same sheet."
        refresh()

    def registerer(card_id: str) -> Callable[[], Awaitable[None]]:
        async def register() -> None:
            files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.IMAGE)
            if files:  # read and saved off the screen's thread, as a scanned picture is (scan_panel)
                await asyncio.to_thread(vm.register_photo, card_id, files[0].bytes or b"", files[0].name)
            refresh()
        return register

    choices = ft.Row(wrap=True)

    def fill_choices() -> None:
        choices.controls = [ui.async_button(f"Register {name} by photo", registerer(card_id))
                            for card_id, name in vm.register_choices(vm.register_query)]

    def searched(text: str) -> None:
        vm.register_query = text
        fill_choices()
        choices.update()

    def enter_owner_values() -> None:
        vm.open_owner_values()
        refresh()

    if vm.opened:
        parts.append(ui.async_button("Print the tag sheet (PDF)", print_sheet, primary=True))
        parts.append(ui.text(vm.summary_line(), 15, bold=True))
        if settings is not None and vm.plays_with_playing_cards():
            parts.append(_playing_card_indices(settings, ui, refresh))
        if vm.has_owner_values():
            parts.append(ui.button("Enter owner values", enter_owner_values, icon=ft.Icons.EDIT))
        fill_choices()
        parts.append(ui.section("Untagged cards: register one by a photo of it alone on the table",
                                ui.text_field("Card to register", vm.register_query, searched, 15), choices))
        parts.append(ui.notice(vm.message))
        parts += [ui.text(line, 14) for line in vm.card_lines()]
    return screen(*parts)


def _playing_card_indices(settings: SettingsViewModel, ui: Ui, refresh: Handler) -> ft.Control:
    """The letters in the corners of the deck in hand, and how many corners print them: the scanner
    reads only these letters, and calls a card of other letters unrecognised rather than guess (issue 16)."""
    def letters_chooser(indices: str) -> Handler:
        def choose() -> None:
            settings.set_card_indices(indices)
            refresh()
        return choose

    def corners_chooser(corners: int) -> Handler:
        def choose() -> None:
            settings.set_card_corners(corners)
            refresh()
        return choose

    letters = [ui.choice(label, key == settings.card_indices, letters_chooser(key))
               for key, label in CARD_INDICES.items()]
    corners = [ui.choice(label, key == settings.card_corners, corners_chooser(key))
               for key, label in CARD_CORNERS.items()]
    return ui.section("Corner letters of your playing cards",
                      ft.Row(letters, wrap=True),
                      ui.text("The scanner reads the letters chosen here; a card printed with other letters is "
                              "left unrecognised, never guessed.", 14),
                      ui.text("Corners that print them", 15, bold=True),
                      ft.Row(corners, wrap=True),
                      ui.text("Most English decks print their letters in two corners, most German and French "
                              "decks in all four. With all four chosen, a card whose lower half lies under "
                              "another is read by its two top corners; two corners scan faster.", 14))
