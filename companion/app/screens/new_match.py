"""New match: ruleset, rules options with their explanations, players (remembered names), sides."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.new_match import NewMatchViewModel, option_words


def _choice(ui: Ui, label: str, chosen: bool, on_click: Handler) -> ft.Control:
    # The chosen value is said in words ("chosen"), not only by the filled style.
    return ui.choice(label, chosen, on_click)


def new_match_screen(vm: NewMatchViewModel, ui: Ui, refresh: Handler, on_start: Handler,
                     on_home: Handler) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    rulesets = ft.Row([_choice(ui, name, rid == vm.ruleset_id, act(partial(vm.select_ruleset, rid)))
                       for rid, name in vm.ruleset_choices()], wrap=True)
    options: list[ft.Control] = []
    for row in vm.option_rows():
        chooser: ft.Control
        if row.choices:
            chooser = ft.Row([_choice(ui, option_words(value), value == row.value,
                                      act(partial(vm.set_option, row.name, value))) for value in row.choices],
                             wrap=True)
        elif vm.is_deck(row.name):  # a deck from the deck editor, never a typed path; the record carries it
            chooser = ft.Row([_choice(ui, label, value == row.value, act(partial(vm.set_option, row.name, value)))
                              for label, value in vm.deck_choices(row.name)], wrap=True)
        elif vm.is_owner_values(row.name):  # never a typed path: the app opens no file a remote user names
            saved = vm.owner_value_choices(row.name)
            chooser = ft.Row([_choice(ui, label, value == row.value, act(partial(vm.set_option, row.name, value)))
                              for label, value in saved], wrap=True) if saved else ui.text(
                "None entered yet: enter your deck's owner values on the Decks screen, then choose them here.", 14)
        else:  # a free value (a number): typed, checked when the match starts
            chooser = ui.text_field(f"{row.title} (empty: none)", str(row.value), partial(vm.set_option, row.name))
        options.append(ft.Column([ui.text(row.title, 16, bold=True), ui.text(row.explanation, 14), chooser],
                                 spacing=4))
    if not options:
        options.append(ui.text("This ruleset has no rules options.", 14))

    players: list[ft.Control] = []
    for seat, name in enumerate(vm.names):
        side = vm.sides[seat]
        field = ui.text_field(f"Player {seat + 1} name" + (f" ({side} side)" if side else ""), name,
                              partial(vm.set_name, seat))
        side_buttons = [_choice(ui, f"{choice} side", choice == side,
                                act(partial(vm.set_side, seat, choice)))
                        for choice in vm.side_choices()]
        players.append(ft.Column([field, ft.Row(side_buttons, wrap=True)], spacing=4))
    more: list[ft.Control] = []
    if vm.can_add_player():
        more.append(ui.button("Add a player", act(vm.add_player), icon=ft.Icons.PERSON_ADD))
    if vm.can_remove_player():
        more.append(ui.button("Remove the last player", act(vm.remove_player), icon=ft.Icons.PERSON_REMOVE))
    if more:
        players.append(ft.Row(more, wrap=True))
    if vm.unused_names():
        players.append(ui.text("Players seen before:", 14, bold=True))
        players.append(ft.Row([ui.button(f"Use {name}", act(partial(vm.use_name, name)))
                               for name in vm.unused_names()[:8]], wrap=True))

    return screen(
        ui.back_bar("New match", on_home),
        ui.section("Rules", rulesets),
        ui.section("Rules options", *options),
        ui.section("Players and sides", *players),
        ui.text(vm.starter_text(), 14),
        ui.message(vm.message),
        ui.button("Start match", on_start, primary=True),
    )
