"""The manual card picker: a search box over the catalog, tap to add, edit the play text, play it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.card_picker import CardPickerViewModel


class CardPicker:
    """Keeps its result list and play text in place while the referee types, so focus is not lost."""

    def __init__(self, vm: CardPickerViewModel, ui: Ui, language: str, on_play: Handler,
                 on_close: Handler, on_changed: Handler, completions: list[ft.Control]) -> None:
        self.vm, self.ui, self.language = vm, ui, language
        self.on_play, self.on_close, self.on_changed = on_play, on_close, on_changed
        self.completions = completions
        self.results = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.play_text = ui.text_field("Play (record notation)", vm.text, vm.edit)
        self.search = ui.text_field("Search cards", vm.query, self._searched)
        self._fill_results()

    def _searched(self, query: str) -> None:
        self.vm.search(query)
        self._fill_results()
        self.results.update()

    def _chooser(self, card_id: str) -> Callable[[], None]:
        def choose() -> None:
            self.vm.choose(card_id)
            self.on_changed()
        return choose

    def _remove_last(self) -> None:
        self.vm.remove_last()
        self.on_changed()

    def _clear(self) -> None:
        self.vm.text = ""
        self.on_changed()

    def _fill_results(self) -> None:
        buttons = [self.ui.button(f"Add {card.label(self.language)} ({card.kind})", self._chooser(card.id))
                   for card in self.vm.results()]
        more = self.vm.more_count()
        if more:
            buttons.append(self.ui.text(f"{more} more: type to narrow the search", 14))
        if not buttons:
            buttons.append(self.ui.text("No card matches that search.", 14))
        self.results.controls = buttons

    def build(self) -> ft.Control:
        ui = self.ui
        return ft.Container(ft.Column([
            ui.text("Card picker", 18, bold=True),
            self.search,
            self.results,
            self.play_text,
            *([ui.text(f"Picked: {self.vm.text}", 15, bold=True)] if self.vm.text.strip() else []),
            *([ui.text("Complete the play (legal now):", 15, bold=True), ft.Row(self.completions, wrap=True)]
              if self.completions else []),
            ft.Row([ui.button("Play these cards", self.on_play, primary=True),
                    ui.button("Remove last card", self._remove_last),
                    ui.button("Clear play", self._clear),
                    ui.button("Close picker", self.on_close)], wrap=True),
        ], spacing=8), padding=10, border=ft.Border.all(2, "#1565C0"), border_radius=10)
