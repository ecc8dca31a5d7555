"""History: matches with a filter; a match opens to its timeline and a scrubber over the scoreboard."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.components.scoreboards import scoreboard_for
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.history import HistoryViewModel


def history_screen(vm: HistoryViewModel, ui: Ui, refresh: Handler, on_home: Handler) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    if vm.opened is not None:
        return _opened(vm, ui, act, on_home)

    rows = ft.Column(spacing=8)

    def fill() -> None:
        found = vm.rows()
        rows.controls = [ft.Column([ui.button(f"Open {' vs '.join(m.players)}", act(partial(vm.open, m.id))),
                                    ui.text(vm.row_text(m), 14)], spacing=2) for m in found]
        if not found:
            rows.controls = [ui.text("No match yet." if not vm.query else "No match matches that filter.", 15)]

    def filtered(text: str) -> None:
        vm.query = text
        fill()
        rows.update()

    statuses = ft.Row([ui.choice(s, s == vm.status, act(partial(setattr, vm, "status", s)))
                       for s in ("all", "finished", "in progress")], wrap=True)
    fill()
    return screen(ui.back_bar("History", on_home),
                  ui.text_field("Filter by player, ruleset or result", vm.query, filtered, 15),
                  statuses, rows)


def _opened(vm: HistoryViewModel, ui: Ui, act: Callable[[Callable[[], object]], Handler],
            on_home: Handler) -> ft.Control:
    assert vm.opened is not None
    total = len(vm.opened.actions)
    board = scoreboard_for(vm.opened.ruleset.id)(vm.scoreboard_at_position(), ui)

    def scrubbed(event: ft.Event[ft.Slider]) -> None:
        act(partial(vm.scrub, round(event.control.value or 0)))()

    slider = ft.Slider(min=0, max=max(total, 1), divisions=max(total, 1), value=vm.position,
                       label="step {value}", on_change_end=scrubbed, disabled=total == 0)
    steps = ft.Row([ui.button("Step back", act(vm.step_back), icon=ft.Icons.CHEVRON_LEFT),
                    ui.button("Step forward", act(vm.step_forward), icon=ft.Icons.CHEVRON_RIGHT)], wrap=True)
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
