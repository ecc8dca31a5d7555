"""The app's side of a referee's tap: the rules, the durable write, and everything the live screen
then shows (scoreboard data with extras, whose turn, the responses, the undo/redo previews, the
timeline), measured through the screen's view-model on a real SQLite file, for every ruleset.

    python benchmarks/app_taps.py [--taps N] [--browser] [--json]

Goal: p95 <= 50 ms per tap, so that with Flet's round trip the screen answers well inside the
100 ms a person perceives as instant. With --browser, also the whole round trip in the real web
build: a tap on Undo or Redo in headless Chromium until the new label is in the page (Playwright's
own polling included, so an upper bound); goal median <= 250 ms. Figures on a shared machine are
noisy: compare medians, and rerun before trusting a p95.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.report import Figure, emit, median, percentile
from companion.app.db_adapter import DbStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.live import LiveViewModel
from companion.rules.registry import all_rulesets
from db.engine import open_database

GOAL_MS = 50.0


def draw(live: LiveViewModel) -> None:
    """Everything the live screen reads from its view-model after a tap."""
    live.board()
    live.turn_text()
    live.table_lines()
    live.responses()
    live.hidden_response_count()
    live.other_actions()
    live.undo_preview()
    live.redo_preview()
    live.timeline()


def taps(ruleset_id: str, count: int, folder: Path, seed: int = 7) -> tuple[list[float], list[float]]:
    store = DbStore(open_database(f"sqlite:///{folder / (ruleset_id + '.db')}"), "benchmark")
    rng = random.Random(seed)
    pushes: list[float] = []
    undos: list[float] = []
    live: LiveViewModel | None = None
    while len(pushes) < count:
        if live is None or live.finished:
            app = AppViewModel(store)
            app.go("new")
            assert app.new_match is not None
            app.new_match.select_ruleset(ruleset_id)
            assert app.start_match(), app.new_match.message
            live = app.live
            assert live is not None
            draw(live)
        responses = live.match.legal_responses()
        started = time.perf_counter()
        assert live.choose(rng.randrange(len(responses))), live.message
        draw(live)
        pushes.append((time.perf_counter() - started) * 1000)
        if len(pushes) % 10 == 0:  # a referee corrects now and then: undo, then redo
            started = time.perf_counter()
            live.undo()
            draw(live)
            undos.append((time.perf_counter() - started) * 1000)
            live.redo()
            draw(live)
    return pushes, undos


def browser_round_trips(count: int, folder: Path) -> list[float]:
    import os
    import subprocess

    from playwright.sync_api import ViewportSize, sync_playwright

    from tests.app.conftest import DRIVE, REPO, AppPage, free_port, stop, wait_until_served

    port, log = free_port(), folder / "serve.log"
    env = dict(os.environ, SHINPAN_DATABASE_URL=str(folder / "browser.db"),
               SHINPAN_SETTINGS=str(folder / "settings.json"))
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port)], cwd=REPO,
                                  env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    samples: list[float] = []
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_served(url, server, log)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport=ViewportSize(width=DRIVE["width"], height=DRIVE["height"]))
            page.set_default_timeout(15_000)
            app = AppPage(page, url)
            app.open()
            app.start_kendo_match("Aiko", "Ben")
            app.see("Aiko (red) to start a round")
            for index in range(count):
                name, expect = (("Undo step 2: Ben: offer none", "Redo step 2: Ben: offer none") if index % 2 == 0
                                else ("Redo step 2: Ben: offer none", "Undo step 2: Ben: offer none"))
                button = app.button(name)
                button.wait_for()
                started = time.perf_counter()
                button.click()
                app.button(expect).wait_for()
                samples.append((time.perf_counter() - started) * 1000)
            browser.close()
    finally:
        stop(server)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=200, help="taps per ruleset (default 200)")
    parser.add_argument("--browser", action="store_true",
                        help="also time taps in the real web build (needs /usr/bin/chromium)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args()
    figures = []
    with tempfile.TemporaryDirectory(prefix="shinpan-bench-") as folder:
        for ruleset in all_rulesets():
            pushes, undos = taps(ruleset.id, args.taps, Path(folder))
            figures += [
                Figure(f"app tap {ruleset.id}: median", median(pushes), "ms", f"p95 <= {GOAL_MS:g} ms"),
                Figure(f"app tap {ruleset.id}: p95", percentile(pushes, 0.95), "ms", f"<= {GOAL_MS:g} ms"),
                Figure(f"app undo {ruleset.id}: median", median(undos), "ms", f"<= {GOAL_MS:g} ms"),
            ]
        if args.browser:
            trips = browser_round_trips(20, Path(folder))
            figures += [Figure("web build tap to new label (undo/redo): median", median(trips), "ms", "<= 250 ms"),
                        Figure("web build tap to new label (undo/redo): p95", percentile(trips, 0.95), "ms")]
    emit(figures, args.json)


if __name__ == "__main__":
    main()
