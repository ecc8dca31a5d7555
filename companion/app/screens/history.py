"""History: matches with a filter and per-player statistics; a match opens to its result, a chart of
score and penalties, its timeline, a scrubber that replays it on the scoreboard, and export."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

import flet as ft

from companion.app.components.score_chart import score_chart
from companion.app.components.scoreboards import scoreboard_for
from companion.app.storage import ExportFile
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.history import HistoryViewModel

CARDS_SHOWN = 12  # a screenful; `shinpan stats` lists them all

Act = Callable[[Callable[[], object]], Handler]


def history_screen(vm: HistoryViewModel, ui: Ui, refresh: Handler, on_home: Handler,
                   on_resume: Callable[[str], None]) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    if vm.opened is not None:
        return _opened(vm, ui, act, on_home, on_resume, refresh)

    rows = ft.Column(spacing=8)

    def fill() -> None:
        found = vm.rows()
        rows.controls = [ft.Column([ui.button(f"Open {' vs '.join(m.players)}", act(partial(vm.open, m.id))),
                                    ui.text(vm.row_text(m), 14)], spacing=2) for m in found]
        if not found:
            rows.controls = [ui.text("No match yet." if not vm.query else "No match matches that filter.", 15)]

    figures = ft.Column(spacing=4)

    cards = ft.Column(spacing=4)

    def fill_figures() -> None:  # the Players and Cards figures follow the filter, as the list does
        figures.controls = ([ui.text(vm.stats_text(row), 14) for row in vm.stats()]
                            or [ui.text("No finished match yet.", 14)])
        found = vm.card_stats()
        cards.controls = ([ui.text(vm.card_text(row), 14) for row in found[:CARDS_SHOWN]]
                          or [ui.text("No card played yet.", 14)])
        if len(found) > CARDS_SHOWN:
            cards.controls.append(ui.text(f"... {len(found) - CARDS_SHOWN} more cards: narrow the filter to a "
                                          "player or a ruleset, or run shinpan stats.", 14))

    def filtered(text: str) -> None:
        vm.query = text
        fill()
        fill_figures()
        rows.update()
        figures.update()
        cards.update()

    statuses = ft.Row([ui.choice(s, s == vm.status, act(partial(setattr, vm, "status", s)))
                       for s in ("all", "finished", "in progress")], wrap=True)
    fill()
    stats: list[ft.Control] = []
    if vm.tournament_choices:  # the Players figures of all matches, or of one tournament's
        stats.append(ft.Row([ui.choice("all matches", vm.stats_tournament is None,
                                       act(partial(vm.choose_stats_tournament, None)))]
                            + [ui.choice(name, vm.stats_tournament == tid, act(partial(vm.choose_stats_tournament,
                                                                                         tid)))
                               for tid, name in vm.tournament_choices], wrap=True))
    fill_figures()
    stats.append(figures)
    return screen(ui.back_bar("History", on_home),
                  ui.text_field("Filter by player, ruleset, result or tournament", vm.query, filtered, 15),
                  statuses, rows,
                  ui.section("Players", *stats),
                  ui.section("Cards", ui.text("Most played first: how often each card was played, the IPPONs and "
                                              "points credited to it, and how often it was answered.", 13), cards),
                  ui.async_button("Export all matches", _exporter(vm.export_all, vm, refresh)),
                  ui.message(vm.message))


def _exporter(make: Callable[[], ExportFile | None], vm: HistoryViewModel,
              refresh: Handler) -> Callable[[], Awaitable[None]]:
    async def export() -> None:
        file = make()
        if file is None:  # nothing to export, or refused: the view-model's message says why
            refresh()
            return
        try:
            await ft.FilePicker().save_file(file_name=file.name, src_bytes=file.text.encode("utf-8"))
            vm.message = f"Exported {file.name}."
        except Exception as error:  # no file dialog on this platform: say so, lose nothing
            vm.message = f"Export failed ({error}); `shinpan export` does the same from the command line."
        refresh()
    return export


def _opened(vm: HistoryViewModel, ui: Ui, act: Act, on_home: Handler, on_resume: Callable[[str], None],
            refresh: Handler) -> ft.Control:
    assert vm.opened is not None and vm.opened_id is not None
    total = len(vm.opened.actions)
    board = scoreboard_for(vm.opened.ruleset.id)(vm.scoreboard_at_position(), ui)

    # Buttons rather than a Slider: after a window resize (a phone turned) Flutter web's Slider leaves a
    # full-screen layer that swallows every tap.
    steps = ft.Row([ui.button("Start", act(partial(vm.scrub, 0)), icon=ft.Icons.FIRST_PAGE),
                    ui.button("Step back", act(vm.step_back), icon=ft.Icons.CHEVRON_LEFT),
                    ui.button("Step forward", act(vm.step_forward), icon=ft.Icons.CHEVRON_RIGHT),
                    ui.button("End", act(partial(vm.scrub, total)), icon=ft.Icons.LAST_PAGE)], wrap=True)
    parts: list[ft.Control] = [ui.back_bar("Match", on_home),
                               ui.button("All matches", act(vm.close), icon=ft.Icons.ARROW_BACK),
                               ui.text(f"Result: {vm.opened_result()}", 18, bold=True)]
    if not vm.opened.outcome().finished:
        parts.append(ui.button("Resume this match", partial(on_resume, vm.opened_id), primary=True))
    parts += [ui.async_button("Export this match", _exporter(vm.export_opened, vm, refresh)),
              ui.message(vm.message),
              score_chart(vm.series(), ui),
              ui.text(f"Replay: step {vm.position} of {total}", 16, bold=True),
              steps, board,
              ui.section("Timeline", *[ui.text(line, 13) for line in vm.timeline()])]
    return screen(*parts)
