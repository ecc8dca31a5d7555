"""Tournaments: the list, New tournament, and one tournament (rounds one below the other at phone width,
each due pairing a button that opens its refereed match; the champion called as a trigger)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.components.trigger_banner import trigger_banner
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.new_match import option_words
from companion.app.viewmodels.tournaments import FORMAT_LABELS, TournamentsViewModel, two_player_rulesets
from companion.app.viewmodels.triggers import Trigger
from companion.tournaments.model import FORMATS


def tournaments_screen(vm: TournamentsViewModel, ui: Ui, on_new: Handler, on_open: Callable[[int], None],
                       on_home: Handler) -> ft.Control:
    rows: list[ft.Control] = [ui.back_bar("Tournaments", on_home)]
    listed = vm.rows()
    rows.append(ui.message(vm.message))
    if vm.available:
        rows.append(ui.button("New tournament", on_new, primary=True, icon=ft.Icons.EMOJI_EVENTS))
    if vm.available and not listed:
        rows.append(ui.text("No tournament yet: a Championship bracket of up to 20 players or a Round Robin of "
                            "up to 10, for any two-player game (T11).", 15))
    for tournament_id, title, detail in listed:
        rows.append(ft.Column([ui.button(title, partial(on_open, tournament_id)), ui.text(detail, 14)], spacing=2,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return screen(*rows)


def new_tournament_screen(vm: TournamentsViewModel, ui: Ui, refresh: Handler, on_create: Handler,
                          on_back: Handler) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    rows: list[ft.Control] = [ui.back_bar("New tournament", on_back, "Tournaments"),
                              ui.text_field("Tournament name", vm.name, vm.set_name)]
    rows.append(ui.section("Game", ft.Row([ui.choice(name, rid == vm.ruleset_id, act(partial(vm.select_ruleset, rid)))
                                           for rid, name in two_player_rulesets()], wrap=True)))
    rows.append(ui.section("Format", ft.Row([ui.choice(FORMAT_LABELS[f], f == vm.format,
                                                       act(partial(vm.select_format, f))) for f in FORMATS],
                                            wrap=True)))
    for name, explained, values, chosen in vm.option_rows():
        rows.append(ui.section(option_words(name).capitalize(), ui.text(explained, 14),
                               ft.Row([ui.choice(option_words(value), value == chosen,
                                                 act(partial(vm.set_option, name, value))) for value in values],
                                      wrap=True)))
    players: list[ft.Control] = [ui.text("In seed order: seed 1 first (byes go to the top seeds).", 14)]
    for index, name in enumerate(vm.names):
        players.append(ui.text_field(f"Seed {index + 1} name", name, partial(vm.set_player, index)))
    buttons: list[ft.Control] = []
    if vm.can_add_player():
        buttons.append(ui.button("Add a player", act(vm.add_player), icon=ft.Icons.PERSON_ADD))
    if len(vm.names) > 2:
        buttons.append(ui.button("Remove the last player", act(vm.remove_player)))
    players.append(ft.Row(buttons, wrap=True))
    known = vm.unused_names()
    if known:
        players.append(ft.Row([ui.choice(f"+ {name}", False, act(partial(vm.add_player, name))) for name in known],
                              wrap=True))
    rows.append(ui.section(f"Players ({len(vm.names)})", *players))
    rows.append(ui.message(vm.message))
    rows.append(ui.button("Create tournament", on_create, primary=True))
    return screen(*rows)


def tournament_screen(vm: TournamentsViewModel, ui: Ui, on_referee: Callable[[str], None], on_refresh: Handler,
                      on_back: Handler, on_dismiss: Handler) -> ft.Control:
    rows: list[ft.Control] = [ui.back_bar("Tournament", on_back, "Tournaments"), ui.heading(vm.title, 20)]
    champion = vm.champion()
    if champion and vm.current is not None and vm.champion_called != vm.current.id:
        rows.append(trigger_banner([Trigger("CHAMPION", f"{champion} wins the tournament (T11).")], ui, on_dismiss))
    elif champion:
        rows.append(ui.text(f"Champion: {champion}", 20, bold=True))
    rows.append(ui.message(vm.message))
    for round_view in vm.rounds():
        items: list[ft.Control] = []
        for row in round_view.rows:
            if row.due:
                items.append(ui.button(f"Referee {row.label}", partial(on_referee, row.key), primary=True))
                if row.result:
                    items.append(ui.text(row.result, 14))
            else:
                items.append(ui.text(f"{row.label}: {row.result}" if row.result else row.label, 16))
        rows.append(ui.section(round_view.title, *items))
    rows.append(ui.section("Standings", *[ui.text(line, 16) for line in vm.standings()]))
    rows.append(ui.button("Show the latest results", on_refresh))
    return screen(*rows)
