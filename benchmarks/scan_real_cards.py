"""Playing cards read from real phone photographs (benchmarks/data/cards-real/SOURCE.md), Shinpan's
corner reader against the peer (EdjeElectronics' outline + template method, benchmarks/peers/).

Per set: share of labelled cards named right, share named wrong (a card named that is not in the
photo: worse than none), median and p95 ms per frame through `Scanner.scan(frame, effort="fast")`,
each frame's time the median of 3 runs (the machine may be shared).
The reader is tuned on drawn card artwork only (its glyph templates: cardscans/glyphs/SOURCE.md,
rebuilt by benchmarks/data/card-art/build_glyphs.py), so every photo set is a report set; a set
whose manifest role is "tune" would be printed apart, without goals.

    .venv/bin/python benchmarks/data/cards-real/fetch.py --mirror DIR   # once: fills the cache
    .venv/bin/python benchmarks/scan_real_cards.py [--json]

Goals (report sets): single cards >= 95 % right and <= 0.5 % wrong; multi-card scenes >= 90 %
right and <= 1 % wrong; <= 30 ms per frame. Exits 2 when the photo cache is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.peers.edje_corner import EdjeReader  # noqa: E402
from benchmarks.report import Figure, emit, median, percentile  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402

MANIFEST = ROOT / "benchmarks" / "data" / "cards-real" / "manifest.json"
GOALS = {"single": (95.0, 0.5), "scene": (90.0, 1.0)}
MAX_MS = 30.0
REPEATS = 3  # runs per frame; its time is their median


def cache_dir() -> Path:
    sys.path.insert(0, str(MANIFEST.parent))
    from fetch import cache_dir as configured  # the fetch script owns where the cache is

    return configured()


def load_sets() -> dict[str, Any]:
    sets: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))["sets"]
    return sets


def photos(folder: Path, card_set: dict[str, Any]) -> list[tuple[npt.NDArray[np.uint8], list[str]]]:
    loaded = []
    for photo in card_set["photos"]:
        image = cv2.imread(str(folder / photo["file"]), cv2.IMREAD_COLOR)
        if image is not None:
            loaded.append((np.asarray(image, dtype=np.uint8), list(photo["cards"])))
    return loaded


def score(named: list[list[str]], truth: list[list[str]]) -> tuple[float, float]:
    """Right: labelled cards named; wrong: named cards not in the photo (or named twice), both as a
    share of the labelled cards."""
    right = wrong = total = 0
    for cards, labels in zip(named, truth, strict=True):
        remaining = list(labels)
        for card in cards:
            if card in remaining:
                remaining.remove(card)
                right += 1
            else:
                wrong += 1
        total += len(labels)
    return 100.0 * right / max(1, total), 100.0 * wrong / max(1, total)


def timed(read: Callable[[], list[str]]) -> tuple[list[str], float]:
    """The frame's cards and its time: the median of REPEATS runs, as the machine is shared."""
    runs = []
    cards: list[str] = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        cards = read()
        runs.append((time.perf_counter() - start) * 1000)
    return cards, median(runs)


def run_shinpan(scanner: Scanner, frames: list[npt.NDArray[np.uint8]]) -> tuple[list[list[str]], list[float]]:
    named, times = [], []
    for frame in frames:
        cards, ms = timed(lambda frame=frame: [s.card_id or "" for s in scanner.scan(frame, effort="fast")
                                               if s.kind == "card"])
        named.append(cards)
        times.append(ms)
    return named, times


def run_peer(peer: EdjeReader, frames: list[npt.NDArray[np.uint8]]) -> tuple[list[list[str]], list[float]]:
    named, times = [], []
    for frame in frames:
        cards, ms = timed(lambda frame=frame: list(peer.scan(frame)))
        named.append(cards)
        times.append(ms)
    return named, times


def figures_for(name: str, card_set: dict[str, Any], folder: Path, peer: EdjeReader | None) -> list[Figure]:
    loaded = photos(folder / name, card_set)
    frames = [image for image, _ in loaded]
    truth = [labels for _, labels in loaded]
    scanner = Scanner.for_catalog("playing-cards", card_indices=card_set["indices"])
    named, times = run_shinpan(scanner, frames)
    for labels, cards in zip(truth, named, strict=True):
        if sorted(labels) != sorted(cards):
            print(f"{name}: labelled {labels}, named {cards}", file=sys.stderr)
    right, wrong = score(named, truth)
    peer_right = peer_wrong = peer_median = peer_p95 = None
    if peer is not None and card_set["indices"] == "english":
        peer_named, peer_times = run_peer(peer, frames)
        peer_right, peer_wrong = score(peer_named, truth)
        peer_median, peer_p95 = median(peer_times), percentile(peer_times, 0.95)
    report = card_set["role"] == "report"
    want_right, want_wrong = GOALS[card_set["kind"]]
    prefix = f"scan_real_cards.{card_set['role']}.{name}"

    def fig(what: str, value: float, unit: str, goal: str, met: bool, peer_value: float | None) -> Figure:
        return Figure(f"{prefix}.{what}", value, unit, goal if report else "",
                      peer=peer_value, peer_name="edje-template" if peer_value is not None else "",
                      met=met if report else None)

    ms_median, ms_p95 = median(times), percentile(times, 0.95)
    return [
        fig("right", right, "%", f">= {want_right:g} %", right >= want_right, peer_right),
        fig("wrong", wrong, "%", f"<= {want_wrong:g} %", wrong <= want_wrong, peer_wrong),
        fig("median_time", ms_median, "ms", f"<= {MAX_MS:g} ms", ms_median <= MAX_MS, peer_median),
        fig("p95_time", ms_p95, "ms", "", ms_p95 <= MAX_MS, peer_p95),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = cache_dir()
    sets = load_sets()
    if not folder.is_dir():
        print(f"{folder} is missing: run benchmarks/data/cards-real/fetch.py first", file=sys.stderr)
        return 2
    templates = folder / "edje-peer-templates"
    peer = EdjeReader(templates) if templates.is_dir() else None
    figures: list[Figure] = []
    for role in ("tune", "report"):
        for name, card_set in sets.items():
            if card_set["role"] == role:
                figures += figures_for(name, card_set, folder, peer)
    emit(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
