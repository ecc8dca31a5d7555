"""Browser tests: the real web build (`shinpan serve` on a free loopback port) in headless Chromium.

They skip when /usr/bin/chromium or Playwright is missing, unless CI is set (then they fail).
The server gets its own database file; it is stopped with SIGTERM, then SIGKILL after a grace period
(a server with a browser attached sometimes ignores SIGTERM).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["AppPage"]

CHROMIUM = Path("/usr/bin/chromium")
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "app"
START_TIMEOUT = 60.0
SETTLE_MS = 60
CLICK_ATTEMPTS = 3
TYPE_SETTLE_MS = 250
REDRAW_TIMEOUT_MS = 8_000
PANEL_TIMEOUT_MS = 10_000
SEAT_TIMEOUT_MS = 5_000
STOP_GRACE = 3.0
PHONE = {"width": 412, "height": 915}
# Taps are made on a phone-wide but very tall page: Flutter draws its own scrolling, so a button
# below the fold cannot be scrolled to by the browser and a click there would land on something else.
# Screenshots are taken at the phone's real height.
DRIVE = {"width": 412, "height": 2400}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`make test`), every browser test runs on one worker, in the order written:
    they share one `shinpan serve`, its database and its settings, and a test may find what the one
    before it left (the match Home offers to resume is the one changed last). Spread over two
    workers by file, a full run once failed: after Resume match the text-size test's referee screen
    never came (another file's leftovers or a tap lost under two browsers at once)."""
    for item in items:
        if {"served_app", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("browser"))


def _require(condition: bool, reason: str) -> None:
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI is set, so this is a failure)")
        pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    _require(CHROMIUM.exists(), "browser tests need /usr/bin/chromium (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _require(False, "browser tests need Playwright (pip install -e '.[dev]')")
    return CHROMIUM


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_served(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"shinpan serve exited with {process.returncode}:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"shinpan serve did not answer at {url} within {START_TIMEOUT:.0f} s:\n"
                       f"{log.read_text()[-2000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(STOP_GRACE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


@pytest.fixture(scope="session")
def served_app(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`shinpan serve` on a free loopback port with a fresh database; yields its URL."""
    folder = tmp_path_factory.mktemp("served")
    port = free_port()
    log = folder / "serve.log"
    env = dict(os.environ, SHINPAN_DATABASE_URL=str(folder / "shinpan.db"),
               SHINPAN_SETTINGS=str(folder / "settings.json"), SHINPAN_FACES=str(folder / "faces.npz"),
               SHINPAN_OWNER_VALUES=str(folder / "owner-values"),
               PYTHONUNBUFFERED="1")
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port)],
                                   cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_served(url, process, log)
        assert f"http://127.0.0.1:{port}/" in log.read_text(), "serve must print the address"
        yield url
    finally:
        stop(process)


@pytest.fixture(scope="module")
def browser(chromium_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    video = getattr(request.module, "FAKE_CAMERA_VIDEO", None)
    if video is not None:
        args += ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                 f"--use-file-for-fake-video-capture={video()}"]
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(chromium_path), args=args, timeout=60_000)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def app(browser: Any, served_app: str, request: pytest.FixtureRequest) -> Iterator[AppPage]:
    context = browser.new_context(viewport=DRIVE, device_scale_factor=1, permissions=["camera"])
    page = context.new_page()
    page.set_default_timeout(15_000)
    driver = AppPage(page, served_app)
    driver.open()
    try:
        yield driver
    finally:
        if not page.is_closed():
            driver.shot(f"last-{request.node.name}")  # what the screen showed at the end, pass or fail
        context.close()


class AppPage:
    """Drives the Flutter web build through its semantics tree, as a screen reader would see it."""

    def __init__(self, page: Any, url: str) -> None:
        self.page, self.url = page, url
        self.last_tap: tuple[str, bool] | None = None  # (name, exact) of the button tapped last
        # (box label, text) typed since that tap: a lost tap tapped again redraws the screen, and the
        # text typed into the old one must be typed again (a full run lost "end" before a filter so)
        self.typed_since_tap: tuple[str, str] | None = None

    def open(self) -> None:
        self.page.goto(self.url)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT * 1000)
        # Flutter builds its accessibility tree (roles, names, text) only once asked to.
        self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.get_by_role("button", name="New match").wait_for(timeout=START_TIMEOUT * 1000)

    def button(self, name: str, *, exact: bool = True) -> Any:
        return self.page.get_by_role("button", name=name, exact=exact)

    def click(self, name: str, *, exact: bool = True, redraws: bool = True) -> None:
        """Tap a button; by default wait until the screen has been redrawn (the tapped node is gone),
        since a tap on the old drawing in that moment would be lost."""
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        previous, self.last_tap = self.last_tap, (name, exact)
        for attempt in range(CLICK_ATTEMPTS):
            # Flutter may draw the screen again between finding the button and tapping it (the browser's
            # address following the screen redraws it once): then the same button is found anew.
            button = self._found(name, exact, previous if attempt == 0 else None)
            try:
                button.click()
                self.typed_since_tap = None
                break
            except PlaywrightError as error:
                if "not attached" not in str(error) or attempt == CLICK_ATTEMPTS - 1:
                    raise
        if redraws:  # a tap that changed nothing visible times out here; the test's next wait tells
            try:
                button.wait_for_element_state("hidden", timeout=REDRAW_TIMEOUT_MS)
            except PlaywrightTimeout:
                # no redraw at all: on a loaded machine a tap landing while Flutter rebuilds its
                # semantics is lost (a full-suite run lost an "end" tap and an answer this way). Every
                # tap of the browser tests redraws within this wait when it lands (a whole run of the
                # 29 never came here), and one that changes nothing changes nothing twice
                with contextlib.suppress(PlaywrightError, PlaywrightTimeout):
                    button.click()
                    button.wait_for_element_state("hidden", timeout=REDRAW_TIMEOUT_MS)
        self.page.wait_for_timeout(SETTLE_MS)

    def _found(self, name: str, exact: bool, previous: tuple[str, bool] | None) -> Any:
        """The button to tap. When it has not come and the button tapped before it (`previous`) is
        still on the screen, that tap was lost (a full run on a loaded machine lost "Hana: offer
        none" so, and "Gin: MEN" never came): it is tapped once more, said on standard error, and
        the button waited for again."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            return self.button(name, exact=exact).first.element_handle()
        except PlaywrightTimeout:
            self.last_tap = previous
            if not self.tap_again_if_lost(f"for {name!r}"):
                raise
            self.last_tap = (name, exact)
            return self.button(name, exact=exact).first.element_handle()

    def open_panel(self, name: str, shows_button: str) -> None:
        """Tap a button that brings up a panel holding `shows_button`; tap once more if the panel has not
        come and the button is still there (a tap landing on a redraw on a loaded machine is lost)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.click(name)
        try:
            self.button(shows_button).first.wait_for(timeout=PANEL_TIMEOUT_MS)
        except PlaywrightTimeout:
            if not self.tap_again_if_lost(f"for the panel holding {shows_button!r}"):
                raise
            self.button(shows_button).first.wait_for()

    def see(self, text: str, *, exact: bool = False, timeout: float = 15_000) -> None:
        """Wait for `text`. When it has not come and the button tapped last is still on the screen,
        that tap was lost (it landed on semantics Flutter had just replaced, a redraw of the tap
        before it: a full-suite run lost "Aiko: no answer" so): it is tapped once more, said on
        standard error, and the text waited for again."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        seen = self.page.get_by_text(text, exact=exact).first
        try:
            seen.wait_for(timeout=timeout)
        except PlaywrightTimeout:
            if not self.tap_again_if_lost(f"for {text!r}"):
                raise
            seen.wait_for(timeout=timeout)

    def wait_until(self, script: str, *, timeout: float = 15_000) -> None:
        """Wait until the page's `script` (a JavaScript function) returns true; when it has not and the
        button tapped last is still on the screen, that tap was lost, as in `see`: it is tapped once
        more and the script waited for again (a full-suite run lost "OK, carry on" after an IPPON
        so, and the tab's title never went back)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(script, timeout=timeout)
        except PlaywrightTimeout:
            if not self.tap_again_if_lost(f"for {script!r}"):
                raise
            self.page.wait_for_function(script, timeout=timeout)

    def tap_again_if_lost(self, awaited: str) -> bool:
        """Tap the button tapped last once more when it is still on the screen (what was awaited
        after it has not come: the tap was lost), saying so on standard error; whether it did."""
        if self.last_tap is None:
            return False
        name, exact = self.last_tap
        if not self.button(name, exact=exact).first.is_visible():
            return False
        print(f"tap on {name!r} lost: tapped again, {awaited}", file=sys.stderr)
        typed = self.typed_since_tap
        self.last_tap = None
        self.click(name, exact=exact)
        if typed is not None:
            self.fill(*typed)
        return True

    def choose_seat(self, player: str) -> None:
        """Make `player` the fighter whose momentum card is tapped next (fighters place momentum together).
        Who acts is read from the card group's heading ("Ben · Momentum · 52 cards"), never from whether
        "Ben acts" is on the screen at one instant: in the moment of a redraw the old screen's buttons
        are still found, and the new one's not yet; a lost tap leaves the heading unchanged."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        heading = self.page.get_by_text(f"{player} · Momentum", exact=False).first
        for _ in range(CLICK_ATTEMPTS):
            if not heading.is_visible():
                acts = self.button(f"{player} acts", exact=False).first
                if acts.is_visible():
                    self.click(f"{player} acts", exact=False)
            try:
                heading.wait_for(timeout=SEAT_TIMEOUT_MS)
                return
            except PlaywrightTimeout:
                continue
        raise AssertionError(f"{player} could not be chosen to place momentum")

    def gone(self, text: str, *, timeout: float = 15_000) -> None:
        self.page.get_by_text(text).first.wait_for(state="detached", timeout=timeout)

    def fill(self, label: str, value: str) -> None:
        """Type `value` into the box `label`. When the box has not come and the button tapped last is
        still on the screen, that tap was lost (a full-suite run lost "Pick a card" so, and "Search
        cards" never came): it is tapped once more (`tap_again_if_lost`) and the box waited for again."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        box = self.page.get_by_role("textbox", name=label)
        try:
            box.first.wait_for(timeout=PANEL_TIMEOUT_MS)
        except PlaywrightTimeout:
            if not self.tap_again_if_lost(f"for the box {label!r}"):
                raise
        for _ in range(3):
            box.click()
            box.fill(value)
            self.page.wait_for_timeout(TYPE_SETTLE_MS)  # the text reaches Python; a redraw may replace the box
            if box.input_value() == value:
                self.typed_since_tap = (label, value)
                return
        raise AssertionError(f"could not type {value!r} into {label!r}")

    def new_match(self, game: str, names: dict[str, str], *choices: str) -> None:
        """New match of `game`, the buttons `choices` tapped (a deck, another player), each player's
        name typed into its box (`names`: box label -> name), started."""
        self.click("New match")
        self.click(game)
        for choice in choices:
            self.click(choice)
        for label, name in names.items():
            self.fill(label, name)
        self.click("Start match")

    def start_kendo_match(self, red: str, white: str) -> None:
        """New Kendo Shiai match; the red player wins the offer of brown cards and starts."""
        self.click("New match")
        self.button("Start match").wait_for()
        self.fill("Player 1 name (red side)", red)
        self.fill("Player 2 name (white side)", white)
        self.click("Start match")
        self.see("to offer a brown card")
        self.fill("Filter responses", "MEN 4")
        self.click(f"{red}: offer MEN 4")
        self.click(f"{white}: offer none")

    def pick_card(self, search: str, card_button: str, picked: str) -> None:
        """Search the open card picker, add a card, and wait until the play reads `picked`."""
        self.fill("Search cards", search)
        self.click(card_button, exact=False)
        self.see(f"Picked: {picked}", exact=True)

    def choose_photo(self, path: Path) -> None:
        with self.page.expect_file_chooser(timeout=15_000) as chooser:
            self.click("Choose a photo", redraws=False)
        chooser.value.set_files(str(path))

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.set_viewport_size(PHONE)
        self.page.wait_for_timeout(600)  # the layout for the new size, and the semantics ahead of the paint
        self.page.screenshot(path=str(path), full_page=False)
        self.page.set_viewport_size(DRIVE)
        self.page.wait_for_timeout(300)
        return path
