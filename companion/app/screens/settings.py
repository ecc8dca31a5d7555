"""Settings: theme, text size, sound and vibration, card names, where matches are stored."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.ui import Handler, Ui, screen
from companion.app.viewmodels.settings import CARD_LANGUAGES, TEXT_SCALES, THEMES, SettingsViewModel


def settings_screen(vm: SettingsViewModel, ui: Ui, refresh: Handler, on_home: Handler,
                    on_backup: Handler) -> ft.Control:
    def act(change: Callable[[], object]) -> Handler:
        def run() -> None:
            change()
            refresh()
        return run

    def choices(values: tuple[object, ...], current: object, setter: Callable[[object], None],
                shown: Callable[[object], str] = str) -> ft.Control:
        return ft.Row([ui.choice(shown(v), v == current, act(partial(setter, v))) for v in values], wrap=True)

    return screen(
        ui.back_bar("Settings", on_home),
        ui.section("Theme", choices(THEMES, vm.theme, lambda v: vm.set_theme(str(v)))),
        ui.section("Text size", choices(TEXT_SCALES, vm.text_scale, lambda v: vm.set_text_scale(float(str(v))),
                                        lambda v: f"{int(float(str(v)) * 100)}%")),
        ui.section("Sound on triggers",
                   choices((True, False), vm.sound, lambda v: vm.set_sound(bool(v)),
                           lambda v: "Sound on" if v else "Sound off"),
                   ui.text("A short tone on IPPON, HANSOKU, a Break, a knockdown and the match's end, in the "
                           "browser (the app served by shinpan serve). The desktop window and phone builds "
                           "of this version have no sound player: they vibrate where the phone can.", 14)),
        ui.section("Vibration on triggers",
                   choices((True, False), vm.vibration, lambda v: vm.set_vibration(bool(v)),
                           lambda v: "Vibration on" if v else "Vibration off")),
        ui.section("Card names", choices(CARD_LANGUAGES, vm.card_language,
                                         lambda v: vm.set_card_language(str(v)))),
        ui.section("Matches are stored", ui.text(vm.storage, 15),
                   ui.button("Back up now", act(on_backup)), ui.notice(vm.notice)),
    )
