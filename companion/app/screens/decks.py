"""Decks and tags: browse each catalog and see which owner values are still to be entered."""

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
    if vm.opened:
        parts.append(ui.text(vm.summary_line(), 15, bold=True))
        parts += [ui.text(line, 14) for line in vm.card_lines()]
    return screen(*parts)
