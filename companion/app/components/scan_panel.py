"""The scan panel: the camera's preview (flet-camera, phone and web), a photo or file instead, and the
last picture with every tag and card outlined. Pictures go to the ScanViewModel; nothing here decides."""

from __future__ import annotations

import asyncio
import base64
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from companion.app.ui import Handler, Ui
from companion.app.viewmodels.responses import ResponseItem
from companion.app.viewmodels.scan import PictureRead, ScanViewModel

log = logging.getLogger(__name__)
CONTINUOUS_PAUSE = 1.0  # seconds between pictures: fast enough for a referee, light on a phone


class CameraHolder:
    """One camera control per live screen, kept across re-renders so it stays initialised.

    On a desktop window (no flet-camera there) pictures come from OpenCV's camera instead, and
    there is no preview: each picture is shown outlined once taken.
    """

    def __init__(self, desktop: bool = False) -> None:
        self.desktop = desktop
        self.control: Any = None
        self.ready = False
        self.loop: asyncio.Task[None] | None = None

    def get(self) -> Any:
        if self.control is None:
            import flet_camera as fc

            self.control = fc.Camera(preview_enabled=True, expand=True)
        return self.control

    async def start(self) -> None:
        if self.desktop:
            await asyncio.to_thread(opencv_picture)  # proves a camera answers
            self.ready = True
            return
        import flet_camera as fc

        camera = self.get()
        cameras = await camera.get_available_cameras()
        if not cameras:
            raise RuntimeError("this device reports no camera")
        await camera.initialize(cameras[0], fc.ResolutionPreset.MEDIUM, enable_audio=False)
        self.ready = True

    async def take(self) -> bytes:
        """A picture; a preview rebuilt by a re-render has lost its controller, so initialise again."""
        if self.desktop:
            return await asyncio.to_thread(opencv_picture)
        if not self.ready:
            await self.start()
        try:
            data: bytes = await self.get().take_picture()
        except Exception as error:
            log.info("camera needs initialising again: %s", error)
            await self.start()
            data = await self.get().take_picture()
        return data


def opencv_picture(index: int = 0) -> bytes:
    """One JPEG from the desktop's camera through OpenCV; raises RuntimeError when there is none."""
    import cv2

    capture = cv2.VideoCapture(index)
    try:
        if not capture.isOpened():
            raise RuntimeError("this device reports no camera")
        for _ in range(5):  # the first frames of a webcam are often dark while it adjusts
            ok, frame = capture.read()
        if not ok or frame is None:
            raise RuntimeError("the camera gave no picture")
        ok, jpeg = cv2.imencode(".jpg", frame)
        if not ok:
            raise RuntimeError("the camera's picture could not be encoded")
        return bytes(jpeg.tobytes())
    finally:
        capture.release()


def scan_panel(vm: ScanViewModel, ui: Ui, holder: CameraHolder, refresh: Handler) -> ft.Control:
    def run(work: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
        async def clicked() -> None:
            await work()
            refresh()
        return clicked

    async def start_camera() -> None:
        vm.camera_starting()
        refresh()
        try:
            await holder.start()
            vm.camera_ready()
        except Exception as error:  # refused, absent, or a platform without flet-camera
            log.info("camera unavailable: %s", error)
            holder.ready = False
            vm.camera_unavailable(_camera_reason(error))

    async def take_picture() -> None:
        try:
            data = await holder.take()
        except Exception as error:
            holder.ready = False
            vm.camera_unavailable(_camera_reason(error))
            return
        await read_picture(data, "camera picture")

    async def read_picture(data: bytes, source: str) -> None:
        vm.reading_started()
        refresh()
        try:
            vm.show_picture(await read_off_screen(vm, data, source))
        finally:  # show_picture frees the buttons; a read that raised must free them too
            vm.reading_picture = False

    async def scan_continuously() -> None:
        vm.start_continuous()
        if holder.loop is None or holder.loop.done():
            holder.loop = asyncio.get_running_loop().create_task(_continuous(vm, holder, refresh))

    async def stop_scanning() -> None:
        vm.stop_continuous()

    async def choose_photo() -> None:
        files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.IMAGE)
        if not files:
            return
        chosen = files[0]
        await read_picture(chosen.bytes or b"", chosen.name)

    parts: list[ft.Control] = [ui.text("Scan cards", 18, bold=True), ui.text(vm.shown_status(), 15, bold=True)]
    if vm.awaiting_play:  # what was scanned, and the button that plays it, right here (issue 19)
        parts.append(_scanned_play(vm, ui, refresh))
    buttons: list[ft.Control] = []
    no_camera = vm.camera_state == "unavailable"  # what cannot work is disabled, and says why
    if vm.camera_state != "ready":
        buttons.append(ui.async_button("Try the camera again" if no_camera else "Start camera", run(start_camera)))
    buttons.append(ui.async_button("Take picture (no camera)" if no_camera else "Take picture", run(take_picture),
                                   primary=vm.camera_state == "ready", disabled=no_camera or vm.reading_picture))
    if vm.continuous:
        buttons.append(ui.async_button("Stop scanning", run(stop_scanning), primary=True))
    else:
        buttons.append(ui.async_button("Scan continuously (no camera)" if no_camera else "Scan continuously",
                                       run(scan_continuously), disabled=no_camera))
    buttons.append(ui.async_button("Choose a photo", run(choose_photo), disabled=vm.reading_picture))
    parts.append(ft.Row(buttons, wrap=True))
    if vm.outlined_png:
        parts.append(ft.Image(src=base64.b64encode(vm.outlined_png).decode("ascii"), height=200,
                              semantics_label="The last picture, with each tag and card outlined and named"))
    return ft.Container(ft.Column(parts, spacing=8), padding=10, border=ft.Border.all(2, "#1565C0"),
                        border_radius=10)


async def _continuous(vm: ScanViewModel, holder: CameraHolder, refresh: Handler) -> None:
    """While continuous scanning is on and the scanner open: a picture about every second."""
    while vm.continuous and vm.live.scanner_open and not vm.live.finished:
        try:
            data = await holder.take()
        except Exception as error:
            vm.continuous = False
            holder.ready = False
            vm.camera_unavailable(_camera_reason(error))
            refresh()
            return
        read = await read_off_screen(vm, data, "camera picture")
        if vm.continuous and vm.live.scanner_open and vm.show_continuous(read):
            refresh()
        await asyncio.sleep(CONTINUOUS_PAUSE)
    vm.continuous = False


async def read_off_screen(vm: ScanViewModel, data: bytes, source: str) -> PictureRead:
    """The picture read in a worker thread: the screen's loop goes on answering taps meanwhile (the
    scanner's OpenCV calls let go of Python's lock, and its Python yields it every few milliseconds)."""
    return await asyncio.to_thread(vm.reading(data, source))


def _camera_reason(error: Exception) -> str:
    text = str(error) or type(error).__name__
    lowered = text.lower()
    if "permission" in lowered or "notallowed" in lowered or "denied" in lowered:
        return "the camera was refused (allow it in the browser or phone settings)"
    if "notfound" in lowered or "no camera" in lowered or "reports no camera" in lowered:
        return "this device has no camera"
    return text.splitlines()[0][:160]


def _scanned_play(vm: ScanViewModel, ui: Ui, refresh: Handler) -> ft.Control:
    """The scanned cards, a move or partner card that completes them where the rules need one, and
    Play the scanned cards, beside the picture instead of two screens down in the picker (where they can
    still be corrected)."""
    live = vm.live

    def play() -> None:
        vm.play_scanned()
        refresh()

    def complete(item: ResponseItem) -> Handler:
        def chosen() -> None:
            live.choose_completion(item)
            refresh()
        return chosen
    completions = live.picker_completions()
    buttons: list[ft.Control] = [ui.button(item.label, complete(item), primary=True) for item in completions]
    buttons.append(ui.button("Play the scanned cards", play, primary=not completions))
    return ft.Column([ui.text(f"In the play: {live.picker.text}", 16, bold=True), ft.Row(buttons, wrap=True)],
                     spacing=6)
