"""New match: ruleset, rules options with their explanations, players (remembered names), sides."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.new_match import NewMatchViewModel


def _choice(ui: Ui, label: str, chosen: bool, on_click: Handler) -> ft.Control:
    # The chosen value is said in words ("chosen"), not only by the filled style.
    return ui.choice(label, chosen, on_click)


def new_match_screen(vm: NewMatchViewModel, ui: Ui, refresh: Handler, on_start: Handler,
                     on_home: Handler) -> ft.Control:
    def act(change: Callable[[], None]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    rulesets = ft.Row([_choice(ui, name, rid == vm.ruleset_id, act(lambda rid=rid: vm.select_ruleset(rid)))
                       for rid, name in vm.ruleset_choices()], wrap=True)
    options: list[ft.Control] = []
    for row in vm.option_rows():
        buttons = [_choice(ui, str(value), value == row.value,
                           act(lambda name=row.name, value=value: vm.set_option(name, value)))
                   for value in row.choices]
        options.append(ft.Column([ui.text(row.name, 16, bold=True), ui.text(row.explanation, 14),
                                  ft.Row(buttons, wrap=True)], spacing=4))
    if not options:
        options.append(ui.text("This ruleset has no rules options.", 14))

    players: list[ft.Control] = []
    for seat, name in enumerate(vm.names):
        side = vm.sides[seat]
        def renamed(event: ft.ControlEvent, seat: int = seat) -> None:
            vm.set_name(seat, str(event.control.value or ""))
        field = ft.TextField(label=f"Player {seat + 1} name" + (f" ({side} side)" if side else ""),
                             value=name, on_change=renamed, text_size=ui.size(16))
        side_buttons = [_choice(ui, f"{choice} side", choice == side,
                                act(lambda seat=seat, choice=choice: vm.set_side(seat, choice)))
                        for choice in vm.side_choices()]
        players.append(ft.Column([field, ft.Row(side_buttons, wrap=True)], spacing=4))
    if vm.remembered_names:
        players.append(ui.text("Players seen before: " + ", ".join(vm.remembered_names[:8]), 14))

    return screen(
        ui.back_bar("New match", on_home),
        ui.section("Rules", rulesets),
        ui.section("Rules options", *options),
        ui.section("Players and sides", *players),
        ui.text(vm.starter_text(), 14),
        ui.message(vm.message),
        ui.button("Start match", on_start, primary=True, expand=True),
    )
