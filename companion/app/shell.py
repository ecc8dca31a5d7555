"""The app shell: one page per browser session, showing the screen the AppViewModel names."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import flet as ft

from companion.app.components.scan_panel import CameraHolder
from companion.app.screens.decks import decks_screen
from companion.app.screens.history import history_screen
from companion.app.screens.home import home_screen
from companion.app.screens.live import LiveScreen
from companion.app.screens.new_match import new_match_screen
from companion.app.screens.settings import settings_screen
from companion.app.screens.tournaments import new_tournament_screen, tournament_screen, tournaments_screen
from companion.app.storage import MatchStore
from companion.app.ui import FONTS, Ui
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.owner_values import owner_values_folder
from companion.app.viewmodels.settings import default_settings_path
from companion.app.viewmodels.triggers import APP_TITLE, Trigger, announcement_title
from companion.rules.owner_files import open_owner_files_only_under

log = logging.getLogger(__name__)

THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


class Shell:
    def __init__(self, page: ft.Page, vm: AppViewModel) -> None:
        self.page, self.vm = page, vm
        self._banners_seen: object = None
        self._announcements = 0  # trigger announcements in this session: each one a new page title
        self._camera = CameraHolder()
        self._camera_for: object = None
        self._build_frame()
        page.on_route_change = self._route_changed
        # A phone that went away never gets this session back (server/guard.py): its match stops being
        # followed here, once what it queued is stored.
        page.on_disconnect = lambda _: self.vm.close()

    def _build_frame(self) -> None:
        # The page's frame stays the same objects from render to render, so the camera preview in it
        # keeps its controller; only the body's content is replaced.
        self._camera_frame = ft.Container(height=220, visible=False, border=ft.Border.all(2, "#1565C0"))
        self._body = ft.Container(padding=12, expand=True)
        self._camera_frame.visible = True
        self._preview = ft.Semantics(content=self._camera_frame, visible=False,
                                     label="Camera preview: hold the played cards in view")
        self.page.controls = [ft.SafeArea(ft.Column([self._preview, self._body], spacing=0, expand=True),
                                          expand=True)]

    def _route_changed(self, event: ft.RouteChangeEvent) -> None:
        """Back, forward or an address typed in the browser: show the screen it names."""
        if event.route != self.vm.location:
            self.vm.open_location(event.route)
            self.render()

    def go(self, route: str, match_id: str | None = None) -> None:
        self.vm.go(route, match_id)
        self.render()

    def home(self) -> None:
        self.go("home")

    def rematch(self) -> None:
        self.vm.rematch()
        self.render()

    def resume(self, match_id: str) -> None:
        self.go("live", match_id)

    def start_match(self) -> None:
        self.vm.start_match()
        self.render()

    def enter_owner_values(self) -> None:
        self.vm.enter_owner_values()
        self.render()

    def leave_live(self) -> None:
        self.vm.leave_live()
        self.render()

    def create_tournament(self) -> None:
        self.vm.create_tournament()
        self.render()

    def referee_pairing(self, key: str) -> None:
        self.vm.referee_pairing(key)
        self.render()

    def open_tournament(self, tournament_id: int) -> None:
        self.go("tournament", str(tournament_id))

    def refresh_tournament(self) -> None:
        self.vm.tournaments.refresh()
        self.render()

    def dismiss_champion(self) -> None:
        current = self.vm.tournaments.current
        self.vm.tournaments.champion_called = current.id if current is not None else None
        self.render()

    def render(self) -> None:
        self._follow_background_writes()
        try:
            self._render()
        except Exception as error:  # a drawing bug must never strand the referee: the match is saved
            log.exception("screen %s failed", self.vm.route)
            ui = Ui(self.vm.settings.text_scale)
            self._body.content = ft.Column([
                ui.heading("This screen could not be drawn"),
                ui.text(f"{type(error).__name__}: {error}. "
                        + (self.vm.not_saved_warning or "Every action so far is saved."), 15),
                ui.button("Home", self.home, primary=True),
                ui.button("New match", lambda: self.go("new")),
                ui.button("Settings", lambda: self.go("settings"))])
            self._preview.visible = False
            self.page.update()

    def _render(self) -> None:
        vm, ui = self.vm, Ui(self.vm.settings.text_scale)
        self.page.theme_mode = THEME_MODES.get(vm.settings.theme, ft.ThemeMode.SYSTEM)
        if vm.route == "new" and vm.new_match is not None:
            body = new_match_screen(vm.new_match, ui, self.render, self.start_match, self.home)
        elif vm.route == "live" and vm.live is not None:
            if self._camera_for is not vm.live:  # a new match gets a fresh camera control
                self._camera, self._camera_for = CameraHolder(desktop=self._desktop()), vm.live
            body = LiveScreen(vm.live, ui, self.render, self.leave_live, vm.scan, self._camera, self.rematch,
                              vm.not_saved_warning, self.enter_owner_values).build()
            self._announce(vm.live.banners)
        elif vm.route == "history":
            body = history_screen(vm.history, ui, self.render, self.home, self.resume)
        elif vm.route == "settings":
            body = settings_screen(vm.settings, ui, self.render, self.home, vm.backup_now)
        elif vm.route == "tournaments":
            body = tournaments_screen(vm.tournaments, ui, lambda: self.go("tournament-new"), self.open_tournament,
                                      self.home)
        elif vm.route == "tournament-new":
            body = new_tournament_screen(vm.tournaments, ui, self.render, self.create_tournament,
                                         lambda: self.go("tournaments"))
        elif vm.route == "tournament" and vm.tournaments.current is not None:
            body = tournament_screen(vm.tournaments, ui, self.referee_pairing, self.refresh_tournament,
                                     lambda: self.go("tournaments"), self.dismiss_champion)
        elif vm.route == "decks":
            body = decks_screen(vm.decks, ui, self.render, self.home, vm.settings)
        else:
            body = home_screen(vm.home, ui, self.go, self.render)
        self._show_camera()
        self._body.content = body
        self.page.update()
        self._follow_address(vm.location)

    def _follow_address(self, location: str) -> None:
        """The browser's address follows the screen, so Back, a reload and a link name it."""
        if self.page.route == location:
            return
        try:
            self.page.navigate(location)
        except RuntimeError:  # no event loop: a screen drawn outside a session (tests) has no address bar
            self.page.route = location

    def _follow_background_writes(self) -> None:
        """A live match that writes in the background tells this page when to redraw (saved, or changed
        by another phone); it calls from its writer thread, so the redraw is handed to the page's loop."""
        live = self.vm.live
        if live is None:
            return
        live.follow_store()
        if hasattr(live.session, "listener") and live.session.listener is None:
            live.session.listener = lambda: self.page.run_task(self._redraw)

    async def _redraw(self) -> None:
        self.render()

    def _desktop(self) -> bool:
        """A desktop window, where flet-camera does not work and OpenCV's camera is used."""
        desktops = {ft.PagePlatform.LINUX, ft.PagePlatform.MACOS, ft.PagePlatform.WINDOWS}
        return not self.page.web and self.page.platform in desktops

    def _show_camera(self) -> None:
        live, scan = self.vm.live, self.vm.scan
        scanning = self.vm.route == "live" and live is not None and live.scanner_open and scan is not None
        showing = (scanning and scan is not None and scan.camera_state in ("starting", "ready")
                   and not self._camera.desktop)  # OpenCV on a desktop has no preview to show
        if showing:
            if self._camera_frame.content is not self._camera.get():
                self._camera_frame.content = self._camera.get()
        elif not self._camera.desktop:  # the preview is gone, and its controller with it
            self._camera_frame.content = None
            self._camera.ready = False
        if not scanning and scan is not None:
            scan.continuous = False  # no picture is taken while the scanner is closed
        self._preview.visible = showing

    def _announce(self, banners: list[Trigger]) -> None:
        """A sound and a vibration for each new set of triggers, where the platform has them and the user
        wants them: the sound through the page title (companion/app/server/sound.py)."""
        if not banners and self.page.title != APP_TITLE:
            self.page.title = APP_TITLE  # the tab shows a trigger until the next action
        if not banners or banners is self._banners_seen:
            self._banners_seen = banners
            return
        self._banners_seen = banners
        if self.vm.settings.sound:
            self._announcements += 1
            self.page.title = announcement_title(banners, self._announcements)
        elif self.page.title != APP_TITLE:
            self.page.title = APP_TITLE
        if not self.vm.settings.vibration:
            return
        try:
            haptics = ft.HapticFeedback()
            asyncio.get_running_loop().create_task(haptics.heavy_impact())  # type: ignore[no-untyped-call]
        except Exception as error:  # a device without haptics must never stop the referee
            log.debug("no vibration: %s", error)


def make_main(store: MatchStore) -> Callable[[ft.Page], None]:
    # Whoever types into New match may be across the network (shinpan serve): owner files are opened
    # only from the Decks screen's folder and Shinpan's own (companion/rules/owner_files.py).
    open_owner_files_only_under(owner_values_folder())

    def main(page: ft.Page) -> None:
        page.title = APP_TITLE
        page.fonts = dict(FONTS)
        page.padding = 0
        vm = AppViewModel(store, default_settings_path())
        vm.open_location(page.route or "/")  # a reload, a link to one match, or a phone back from a dropped network
        Shell(page, vm).render()
    return main
