"""How long the referee's screen waits while the scanner reads a picture of several cards: the longest
its event loop goes unanswered during one read, read as the app reads it (scan_panel.read_off_screen,
a worker thread) beside the same read on the screen's own thread, as the app read until stop 53.

    python benchmarks/scan_off_screen.py [--pictures N] [--json]

The pictures are the committed Ammememe scene photos, tune and report alike (a time, not a share
named: nothing is chosen by it), in a MACE match (the playing-card reader), each read once a way.
The loop's answer is sampled by a task that sleeps TICK and measures how late it wakes. Goal: no
wait over 50 ms, the goal of a tap's own work (app_taps.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.report import Figure, emit, median, percentile  # noqa: E402
from companion.app.components.scan_panel import read_off_screen  # noqa: E402
from companion.app.scan_adapter import FACES_ENV  # noqa: E402
from companion.app.storage import MemoryStore  # noqa: E402
from companion.app.viewmodels.app import AppViewModel  # noqa: E402
from companion.app.viewmodels.scan import PictureRead, ScanViewModel  # noqa: E402

PHOTOS = ROOT / "benchmarks" / "data" / "cards-ammememe"
TICK = 0.002  # seconds the sampling task sleeps between looks at the clock
GOAL_MS = 50.0


def scene_pictures() -> list[bytes]:
    manifest = json.loads((PHOTOS / "manifest.json").read_text(encoding="utf-8"))
    return [(PHOTOS / "photos" / photo["file"]).read_bytes() for photo in manifest["photos"]
            if photo["kind"] == "scene"]


def mace_scanner() -> ScanViewModel:
    app = AppViewModel(MemoryStore())
    app.go("new")
    assert app.new_match is not None
    app.new_match.select_ruleset("mace")
    assert app.start_match(), app.new_match.message
    assert app.scan is not None
    return app.scan


async def longest_wait(read: Callable[[], Awaitable[PictureRead]]) -> tuple[float, PictureRead]:
    """The longest the loop went unanswered while `read` ran (ms), and what it read."""
    finished = False
    longest = 0.0

    async def sample() -> None:
        nonlocal longest
        while not finished:
            asked = time.perf_counter()
            await asyncio.sleep(TICK)
            longest = max(longest, time.perf_counter() - asked - TICK)

    sampler = asyncio.create_task(sample())
    await asyncio.sleep(0)  # the sampler is running before the read starts
    try:
        outcome = await read()
    finally:
        finished = True
        await sampler
    return longest * 1000, outcome


async def waits(scan: ScanViewModel, pictures: list[bytes]) -> tuple[list[float], list[float]]:
    inline: list[float] = []
    off_screen: list[float] = []
    for picture in pictures:
        async def on_screen(picture: bytes = picture) -> PictureRead:
            return scan.reading(picture, "camera picture")()

        async def in_worker(picture: bytes = picture) -> PictureRead:
            return await read_off_screen(scan, picture, "camera picture")

        wait, read_here = await longest_wait(on_screen)
        inline.append(wait)
        wait, read_there = await longest_wait(in_worker)
        off_screen.append(wait)
        assert read_here.outcome == read_there.outcome, "a worker thread read the picture otherwise"
    return inline, off_screen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=int, default=10_000, help="at most this many scene photos")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    args = parser.parse_args()
    pictures = scene_pictures()[:max(1, args.pictures)]
    with tempfile.TemporaryDirectory(prefix="shinpan-bench-") as folder:
        os.environ[FACES_ENV] = str(Path(folder) / "faces.npz")  # no card registered by photo: not the user's
        scan = mace_scanner()
        scan.reading(pictures[0], "camera picture")()  # the scanner and its glyph banks made before timing
        inline, off_screen = asyncio.run(waits(scan, pictures))
    worst = max(off_screen)
    emit([Figure("scan_off_screen.pictures", len(pictures), "scene photos"),
          Figure("scan_off_screen.longest_wait.median", median(off_screen), "ms", f"<= {GOAL_MS:g} ms",
                 median(inline), "on the screen's thread", met=median(off_screen) <= GOAL_MS),
          Figure("scan_off_screen.longest_wait.p95", percentile(off_screen, 0.95), "ms", "",
                 percentile(inline, 0.95), "on the screen's thread"),
          Figure("scan_off_screen.longest_wait.max", worst, "ms", f"<= {GOAL_MS:g} ms",
                 max(inline), "on the screen's thread", met=worst <= GOAL_MS)], args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
