"""The live referee screen, laid out for a phone held upright: triggers and score on top,
the exchange and whose turn, the actions that are not cards, the picker, the legal responses,
then undo and redo (each saying what it will change)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.components.card_picker import CardPicker
from companion.app.components.response_list import grouped_response_items, response_items
from companion.app.components.scan_panel import CameraHolder, scan_panel
from companion.app.components.scoreboards import scoreboard_for
from companion.app.components.trigger_banner import trigger_banner
from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.live import HandQuestion, LiveViewModel
from companion.app.viewmodels.responses import ResponseItem
from companion.app.viewmodels.scan import ScanViewModel


class LiveScreen:
    def __init__(self, vm: LiveViewModel, ui: Ui, refresh: Handler, on_home: Handler,
                 scan: ScanViewModel | None = None, camera: CameraHolder | None = None,
                 on_rematch: Handler | None = None, not_saved: str = "",
                 on_owner_values: Handler | None = None) -> None:
        self.vm, self.ui, self.refresh, self.on_home, self.on_rematch = vm, ui, refresh, on_home, on_rematch
        self.on_owner_values = on_owner_values
        self.not_saved = not_saved
        self.scan, self.camera = scan, camera
        self.responses = ft.Column(spacing=8)

    def _do(self, change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            self.refresh()
        return run

    def _choose(self, item: ResponseItem) -> None:
        self.vm.tap(item)
        self.refresh()

    def _choose_completion(self, item: ResponseItem) -> None:
        self.vm.choose_completion(item)
        self.refresh()

    def _filtered(self, text: str) -> None:
        self.vm.filter_responses(text)
        self.responses.controls = self._response_controls()
        self.responses.update()

    def _response_controls(self) -> list[ft.Control]:
        if self.vm.grouped:
            return grouped_response_items(self.vm, self.ui, self._choose, self._move)
        return response_items(self.vm, self.ui, self._choose, self._do(self.vm.toggle_all_responses))

    def _move(self, title: str) -> None:
        self.vm.choose_move(title)
        self.refresh()

    def build(self) -> ft.Control:
        vm, ui = self.vm, self.ui
        parts: list[ft.Control] = [
            ui.back_bar("Referee", self.on_home),
            ui.message(self.not_saved),  # permanent while matches are only in memory
            ui.notice(vm.save_state()),  # "Saving..." while a served app's write is on its way
            trigger_banner(vm.banners, ui, self._do(vm.dismiss_banners), vm.banner_undo_label(), self._do(vm.undo)),
            self._scoreboard(),
            ui.text(vm.turn_text(), 18, bold=True),
        ]
        table = vm.table_lines()
        parts.append(ui.text("On the table: " + ("; ".join(table) if table else "nothing yet"), 15))
        parts.append(ui.message(vm.message))
        if vm.save_failed:
            parts.append(ui.button("Reload the match as stored", self._do(vm.reload), primary=True))
        parts.append(ui.notice(vm.notice))
        if vm.finished:
            parts += [ui.button("Back to home (the match is saved)", self.on_home, primary=True)]
            if self.on_rematch is not None:
                parts.append(ui.button("Rematch: same players and rules", self.on_rematch))
            parts.append(self._undo_bar())
            parts.append(self._timeline())
            return screen(*parts)

        seats = vm.acting_seats()
        if len(seats) > 1:
            acting = vm.acting_seat()
            parts.append(ft.Row([ui.choice(f"{vm.player_label(s)} acts", s == acting,
                                           self._do(partial(vm.choose_seat, s)))
                                 for s in seats], wrap=True))
        quick: list[ft.Control] = [ui.button(vm.button_text(item), partial(self._choose, item), primary=True)
                                   for item in vm.other_actions()]
        quick.append(ui.button("Close card picker" if vm.picker_open else "Pick a card",
                               self._do(vm.toggle_picker)))
        if self.scan is not None:
            quick.append(ui.button("Close scanner" if vm.scanner_open else "Scan cards",
                                   self._do(vm.toggle_scanner)))
        parts.append(ft.Row(quick, wrap=True))
        questions = vm.hand_questions()
        parts += [self._question(question, named=len(questions) > 1) for question in questions]
        if vm.scanner_open and self.scan is not None and self.camera is not None:
            parts.append(scan_panel(self.scan, ui, self.camera, self.refresh))
        if vm.picker_open:
            completions = [ui.button(item.label, partial(self._choose_completion, item), primary=True)
                           for item in vm.picker_completions()]
            picker = CardPicker(vm.picker, ui, vm.card_language, self._do(vm.play_picked),
                                self._do(vm.toggle_picker), self.refresh, completions)
            parts.append(picker.build())
        parts.append(self._undo_bar())
        filter_field = ui.text_field("Filter responses", vm.response_filter, self._filtered, 15)
        self.responses.controls = self._response_controls()
        parts.append(ui.section("Legal responses", filter_field, self.responses))
        acting = vm.acting_seat()
        if acting is not None:
            parts.append(ui.button(vm.forfeit_label(acting), self._do(self._forfeit)))
        parts.append(self._timeline())
        return screen(*parts)

    def _question(self, question: HandQuestion, *, named: bool) -> ft.Control:
        """Points entered by hand (K9), asked in words with one button per value and where to enter the
        values once for all later matches. Several questions (blocks allocated one way or another) name
        their action on each answer, so no two buttons read the same."""
        ui = self.ui

        def answer_text(item: ResponseItem) -> str:
            answer = item.hand.answer if item.hand else item.label
            return f"{question.action}: {answer}" if named else answer
        answers = ft.Row([ui.button(answer_text(item), partial(self._choose, item), primary=True)
                          for item in question.answers], wrap=True)
        parts: list[ft.Control] = [ui.text(question.question, 17, bold=True),
                                   ui.text(f"Then: {question.action}.", 14), answers,
                                   ui.text(question.reason, 14)]
        if self.on_owner_values is not None:
            parts.append(ui.button("Enter owner values (Decks screen)", self.on_owner_values, icon=ft.Icons.EDIT))
        return ft.Container(ft.Column(parts, spacing=6), padding=10, border_radius=6,
                            border=ft.Border.all(2, ft.Colors.BLUE_GREY_400))

    def _scoreboard(self) -> ft.Control:
        return scoreboard_for(self.vm.ruleset_id)(self.vm.board(), self.ui, self._target)

    def _target(self, name: str) -> None:
        self.vm.choose_target(name)
        self.refresh()

    def _forfeit(self) -> None:
        seat = self.vm.acting_seat()
        if seat is not None:
            self.vm.forfeit(seat)

    def _undo_bar(self) -> ft.Control:
        vm, ui = self.vm, self.ui
        return ft.Row([ui.button(vm.undo_preview(), self._do(vm.undo), disabled=not vm.match.can_undo()),
                       ui.button(vm.redo_preview(), self._do(vm.redo), disabled=not vm.match.can_redo())],
                      wrap=True)

    def _timeline(self) -> ft.Control:
        lines = self.vm.timeline()
        if not lines:
            return ft.Container(height=0)
        return self.ui.section("Timeline", *[self.ui.text(line, 13) for line in lines[-30:]])
