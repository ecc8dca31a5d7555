"""Home: resume first when a match is unfinished, then new match, history, decks and tags, settings."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.ui import Ui, screen
from companion.app.viewmodels.home import HomeViewModel


def home_screen(vm: HomeViewModel, ui: Ui, go: Callable[[str, str | None], None],
                refresh: Callable[[], None]) -> ft.Control:
    rows: list[ft.Control] = [ui.heading("Shinpan", 30),
                              ui.text("The referee for card games played with real cards.", 16),
                              ui.message(vm.warning)]
    entries = vm.entries()  # first: reading them may set the message
    rows.append(ui.message(vm.message))
    if vm.notice:
        def undo() -> None:
            vm.undo_delete()
            refresh()
        rows.append(ui.notice(vm.notice))
        if vm.deleted is not None:
            rows.append(ui.button("Undo the delete", undo))
    for entry in entries:
        def open_entry(route: str = entry.route, match_id: str | None = entry.match_id) -> None:
            if route == "delete" and match_id is not None:
                vm.delete_unfinished(match_id)
                refresh()
                return
            go(route, match_id)
        rows.append(ft.Column([ui.button(entry.label, open_entry, primary=entry.route in ("live", "new")),
                               ui.text(entry.detail, 14)], spacing=2,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return screen(*rows)
