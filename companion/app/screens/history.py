"""History: matches with a filter; a match opens to its timeline and a scrubber over the scoreboard."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.components.scoreboards import scoreboard_for
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.history import HistoryViewModel


def history_screen(vm: HistoryViewModel, ui: Ui, refresh: Handler, on_home: Handler) -> ft.Control:
    def act(change: Callable[[], None]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    if vm.opened is not None:
        return _opened(vm, ui, act, on_home)

    rows = ft.Column(spacing=8)

    def fill() -> None:
        found = vm.rows()
        rows.controls = [ft.Column([ui.button(f"Open {' vs '.join(m.players)}", act(lambda i=m.id: vm.open(i))),
                                    ui.text(vm.row_text(m), 14)], spacing=2) for m in found]
        if not found:
            rows.controls = [ui.text("No match yet." if not vm.query else "No match matches that filter.", 15)]

    def filtered(event: ft.ControlEvent) -> None:
        vm.query = str(event.control.value or "")
        fill()
        rows.update()

    statuses = ft.Row([ui.choice(s, s == vm.status, act(lambda s=s: setattr(vm, "status", s)))
                       for s in ("all", "finished", "in progress")], wrap=True)
    fill()
    return screen(ui.back_bar("History", on_home),
                  ft.TextField(label="Filter by player, ruleset or result", value=vm.query,
                               on_change=filtered, text_size=ui.size(15)),
                  statuses, rows)


def _opened(vm: HistoryViewModel, ui: Ui, act: Callable[[Callable[[], None]], Handler],
            on_home: Handler) -> ft.Control:
    assert vm.opened is not None
    total = len(vm.opened.actions)
    replayed = vm.replayed()
    board = scoreboard_for(replayed.ruleset.id)(replayed.summary(), ui)

    def scrubbed(event: ft.ControlEvent) -> None:
        vm.scrub(int(float(event.control.value or 0)))
        act(lambda: None)()

    slider = ft.Slider(min=0, max=max(total, 1), divisions=max(total, 1), value=vm.position,
                       label="step {value}", on_change_end=scrubbed, disabled=total == 0)
    steps = ft.Row([ui.button("Step back", icon=ft.Icons.CHEVRON_LEFT, on_click=act(lambda: vm.scrub(vm.position - 1))),
                    ui.button("Step forward", icon=ft.Icons.CHEVRON_RIGHT, on_click=act(lambda: vm.scrub(vm.position + 1)))], wrap=True)
    result = vm.opened.outcome()
    result_text = "in progress" if not result.finished else (
        "draw" if result.draw else
        f"won by {', '.join(vm.opened.setup.players[s].name for s in result.winners)}: {result.reason}")
    return screen(ui.back_bar("Match", on_home),
                  ui.button("All matches", act(vm.close), icon=ft.Icons.ARROW_BACK),
                  ui.text(f"Result: {result_text}", 18, bold=True),
                  ui.text(f"Replay: step {vm.position} of {total}", 16),
                  slider, steps, board,
                  ui.section("Timeline", *[ui.text(line, 13) for line in vm.timeline()]))
