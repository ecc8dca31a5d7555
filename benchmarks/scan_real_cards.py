"""Playing cards read from real phone photographs, Shinpan's corner reader against the peer
(EdjeElectronics' outline + template method, benchmarks/peers/).

Two sources of photos:
- benchmarks/data/cards-ammememe (SOURCE.md): committed, CC BY 4.0, 640 x 640 Roboflow export of
  one white-paper deck, split by source photo into a tune half and a held-apart report half, and a
  black-paper deck (light ink on dark paper, read as its negative), a tune and a report half printed
  without a goal;
- benchmarks/data/cards-real (SOURCE.md): photos of other repositories (most publish no licence),
  fetched into a local cache by its fetch.py; skipped, saying so, when the cache is missing; among
  them the report sets of three more decks: German singles (kalkaran), English singles (kentdoan)
  and French scenes (bnoteris, an ace printed "1"), and Roboflow 100's poker-cards scenes (rf100,
  split by the hand photographed, cards-real/rf100_sets.py: six hands tuned on, six others
  reported); the kentdoan deck's own seven scenes are a tune set (kentdoan-scenes-tune), its
  singles stay held apart;
- ammememe-white-singles-more: 166 more tune photos of the same white deck, fetched into that cache
  by cards-ammememe/more_tune.py (never a reported figure: their labels were not checked by eye);
- anima-german-overlaps: German two-card scenes made from the German tune singles by
  cards-real/german_overlaps.py (generated, so a tune set only: the real German scenes are held apart),
  anima-german-overlaps-turned, tune tricks of other seeds seen from farther, turned and a little
  from the side, and anima-german-overlaps-unseen, three times as many made the same way with other
  seeds: a `check` set, printed between the two, never tuned on and never judged (it is generated).

Per set: share of labelled cards named right, share named wrong (a card named that is not in the
photo, or named twice: worse than none), median and p95 ms per frame through
`Scanner.scan(frame, effort="fast")`, each report frame's time the median of 3 runs (the machine
may be shared; a tune or check frame is read once, its time that run's: they have no goal, and the
rf100 tune photos alone are 639). Cards a photo shows only in part (cut by its edge or mostly
hidden: the manifest's `partial`) count neither way. Tune sets are printed first, without goals.
The glyph templates are cut from drawn card art and, for English decks, from half of the rf100
tune photos (cardscans/glyphs/SOURCE.md), never from a photo or a card of a report set. The peer
needs its templates from the cache (edje-peer-templates); without them its figures are left out.
It runs on every set, German and French ones too: it reads English letters only (a German B, a
French R are no rank of its own).

    .venv/bin/python benchmarks/data/cards-real/fetch.py --mirror DIR   # once: fills the cache
    .venv/bin/python benchmarks/data/cards-ammememe/more_tune.py --mirror DIR   # and the larger tune set
    .venv/bin/python benchmarks/data/cards-real/german_overlaps.py   # and the German tune scenes
    .venv/bin/python benchmarks/scan_real_cards.py [--json] [--only NAME-PART] [--report-misses]

Goals (report sets): single cards >= 95 % right and <= 0.5 % wrong; multi-card scenes >= 90 %
right and <= 1 % wrong; <= 30 ms per frame. Each report set is printed against them, and then all
report sets of a kind together (report.all-singles, report.all-scenes: every held-apart deck, each
card once), the figures the goals are judged on. Exits 2 only when no photo set is there at all.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
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
from cardscans.card_indices import IndexCorners, IndexSet  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402

MANIFEST = ROOT / "benchmarks" / "data" / "cards-real" / "manifest.json"
AMMEMEME = ROOT / "benchmarks" / "data" / "cards-ammememe"
GOALS = {"single": (95.0, 0.5), "scene": (90.0, 1.0)}
MAX_MS = 30.0
GERMAN_OVERLAPS = {"anima-german-overlaps": "tune", "anima-german-overlaps-turned": "tune",
                   "anima-german-overlaps-unseen": "check"}  # name: role
REPEATS = 3  # runs per report frame; its time is their median (tune and check frames: one run)
ROLES = ("tune", "check", "report")  # printed in this order


@dataclass
class Photo:
    path: Path
    cards: list[str]
    partial: list[str] = field(default_factory=list)  # shown in part: naming them is neither right nor wrong


@dataclass
class PhotoSet:
    name: str
    role: str  # tune | check (generated, not tuned on, no goal) | report
    kind: str  # single | scene
    indices: IndexSet
    photos: list[Photo]
    goal: bool = True  # False: printed without a goal (a deck the reader is not meant to read)
    corners: IndexCorners = 4  # the corners its deck prints an index in, as chosen on the Decks screen
    missing: str = ""  # why the set cannot be run here, or ""


def cache_dir() -> Path:
    sys.path.insert(0, str(MANIFEST.parent))
    from fetch import cache_dir as configured  # the fetch script owns where the cache is

    return configured()


def cached_sets(folder: Path) -> list[PhotoSet]:
    """The sets of cards-real, read from the cache fetch.py fills (no licence: never committed)."""
    sets: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))["sets"]
    missing = "" if folder.is_dir() else f"{folder} is missing: run benchmarks/data/cards-real/fetch.py"
    return [PhotoSet(name, card_set["role"], card_set["kind"], card_set["indices"],
                     [Photo(folder / name / photo["file"], list(photo["cards"]), list(photo.get("partial", [])))
                      for photo in card_set["photos"]],
                     missing=missing, corners=card_set.get("corners", 4))
            for name, card_set in sets.items()]


def committed_sets() -> list[PhotoSet]:
    """The Ammememe photos (committed), one set per deck, kind and role."""
    manifest = json.loads((AMMEMEME / "manifest.json").read_text(encoding="utf-8"))
    sets: dict[str, PhotoSet] = {}
    for photo in manifest["photos"]:
        deck = manifest["decks"][photo["deck"]]
        name = f"ammememe-{photo['deck']}-{photo['kind']}s"
        key = f"{photo['role']}.{name}"
        if key not in sets:
            sets[key] = PhotoSet(name, photo["role"], photo["kind"], manifest["indices"], [], goal=deck["goal"],
                                 corners=deck["corners"])
        sets[key].photos.append(Photo(AMMEMEME / "photos" / photo["file"], list(photo["cards"]),
                                      list(photo["partial"])))
    return list(sets.values())


def more_tune_set(folder: Path) -> PhotoSet:
    """The larger tune set of the same white deck (cards-ammememe/more_tune.py), from the cache."""
    more: dict[str, Any] = json.loads((AMMEMEME / "more-tune.json").read_text(encoding="utf-8"))
    place = folder / more["set"]
    missing = "" if place.is_dir() else f"{place} is missing: run benchmarks/data/cards-ammememe/more_tune.py"
    manifest = json.loads((AMMEMEME / "manifest.json").read_text(encoding="utf-8"))
    return PhotoSet(more["set"], more["role"], more["kind"], manifest["indices"],
                    [Photo(place / photo["file"], list(photo["cards"])) for photo in more["photos"]], missing=missing,
                    corners=manifest["decks"]["white"]["corners"])


def german_overlaps_set(folder: Path, name: str, role: str) -> PhotoSet:
    """German scenes made from the German tune singles (cards-real/german_overlaps.py), from the cache."""
    place = folder / name
    labels = place / "labels.json"
    if not labels.is_file():
        return PhotoSet(name, role, "scene", "german", [],
                        missing=f"{labels} is missing: run benchmarks/data/cards-real/german_overlaps.py")
    made: dict[str, Any] = json.loads(labels.read_text(encoding="utf-8"))
    return PhotoSet(name, role, made["kind"], made["indices"],
                    [Photo(place / photo["file"], list(photo["cards"])) for photo in made["photos"]])


PEER_TEMPLATES = "edje-peer-templates"  # the peer's rank and suit templates, in the cache


def edje_peer() -> EdjeReader | None:
    """The peer reader, with its templates from the cache of cards-real/fetch.py; None without them."""
    templates = cache_dir() / PEER_TEMPLATES
    return EdjeReader(templates) if templates.is_dir() else None


def load_sets() -> list[PhotoSet]:
    return [*committed_sets(), more_tune_set(cache_dir()), *cached_sets(cache_dir()),
            *(german_overlaps_set(cache_dir(), name, role) for name, role in GERMAN_OVERLAPS.items())]


def photos(card_set: PhotoSet) -> list[tuple[npt.NDArray[np.uint8], Photo]]:
    loaded = []
    for photo in card_set.photos:
        image = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
        if image is not None:
            loaded.append((np.asarray(image, dtype=np.uint8), photo))
    return loaded


def score(named: list[list[str]], truth: list[list[str]],
          partial: list[list[str]] | None = None) -> tuple[float, float]:
    """Right: labelled cards named; wrong: named cards not in the photo (or named twice), both as a
    share of the labelled cards. A card the photo shows only in part (`partial`) may be named once
    without counting either way."""
    right = wrong = total = 0
    for index, (cards, labels) in enumerate(zip(named, truth, strict=True)):
        remaining = list(labels)
        spare = list(partial[index]) if partial is not None else []
        for card in cards:
            if card in remaining:
                remaining.remove(card)
                right += 1
            elif card in spare:
                spare.remove(card)
            else:
                wrong += 1
        total += len(labels)
    return 100.0 * right / max(1, total), 100.0 * wrong / max(1, total)


def timed(read: Callable[[], list[str]], repeats: int) -> tuple[list[str], float]:
    """The frame's cards and its time: the median of `repeats` runs, as the machine is shared."""
    runs = []
    cards: list[str] = []
    for _ in range(repeats):
        start = time.perf_counter()
        cards = read()
        runs.append((time.perf_counter() - start) * 1000)
    return cards, median(runs)


def run_shinpan(scanner: Scanner, frames: list[npt.NDArray[np.uint8]],
                repeats: int) -> tuple[list[list[str]], list[float]]:
    def cards_in(frame: npt.NDArray[np.uint8]) -> list[str]:
        return [s.card_id or "" for s in scanner.scan(frame, effort="fast") if s.kind == "card"]

    named, times = [], []
    for frame in frames:
        cards, ms = timed(functools.partial(cards_in, frame), repeats)
        named.append(cards)
        times.append(ms)
    return named, times


def run_peer(peer: EdjeReader, frames: list[npt.NDArray[np.uint8]],
             repeats: int) -> tuple[list[list[str]], list[float]]:
    named, times = [], []
    for frame in frames:
        cards, ms = timed(functools.partial(peer.scan, frame), repeats)
        named.append(cards)
        times.append(ms)
    return named, times


@dataclass
class SetRun:
    """What the reader (and the peer, where it ran) named on each photo of a set, and how fast."""

    kind: str
    truth: list[list[str]]
    partial: list[list[str]]
    named: list[list[str]]
    times: list[float]
    peer_named: list[list[str]] | None = None
    peer_times: list[float] | None = None


def run_set(card_set: PhotoSet, peer: EdjeReader | None, report_misses: bool) -> SetRun:
    """The set read; each photo not read as labelled is printed to stderr, but a report set's only
    with `report_misses` (held apart: whoever tunes the reader should not see which they are)."""
    loaded = photos(card_set)
    frames = [image for image, _ in loaded]
    scanner = Scanner.for_catalog("playing-cards", card_indices=card_set.indices, index_corners=card_set.corners)
    repeats = REPEATS if card_set.role == "report" else 1
    named, times = run_shinpan(scanner, frames, repeats)
    missed = 0
    for (_, photo), cards in zip(loaded, named, strict=True):
        if sorted(photo.cards) != sorted(card for card in cards if card not in photo.partial):
            missed += 1
            if card_set.role != "report" or report_misses:
                shown = f" (+ partly shown {photo.partial})" if photo.partial else ""
                print(f"{card_set.name}/{photo.path.name}: labelled {photo.cards}{shown}, named {cards}",
                      file=sys.stderr)
    if missed and card_set.role == "report" and not report_misses:
        print(f"{card_set.name}: {missed} photos not read as labelled (--report-misses names them)", file=sys.stderr)
    run = SetRun(card_set.kind, [photo.cards for _, photo in loaded], [photo.partial for _, photo in loaded],
                 named, times)
    if peer is not None:
        # on every deck: the peer knows English letters only, which is its answer to a German or
        # French deck (Shinpan's reader is told the deck's letters, as a referee tells the app)
        run.peer_named, run.peer_times = run_peer(peer, frames, repeats)
    return run


def pooled(runs: list[SetRun]) -> SetRun:
    """Several sets' photos as one set (of one kind); the peer's only where it ran on all of them."""
    with_peer = all(run.peer_named is not None for run in runs)
    return SetRun(runs[0].kind, [t for run in runs for t in run.truth], [p for run in runs for p in run.partial],
                  [n for run in runs for n in run.named], [t for run in runs for t in run.times],
                  [n for run in runs for n in run.peer_named or []] if with_peer else None,
                  [t for run in runs for t in run.peer_times or []] if with_peer else None)


def figures_for(prefix: str, run: SetRun, judged: bool) -> list[Figure]:
    """A set's figures: right, wrong, median and p95 ms, each beside the peer's where it ran;
    `judged`: a report set with a goal, whose figures say whether they meet it."""
    right, wrong = score(run.named, run.truth, run.partial)
    peer_right = peer_wrong = peer_median = peer_p95 = None
    if run.peer_named is not None and run.peer_times is not None:
        peer_right, peer_wrong = score(run.peer_named, run.truth, run.partial)
        peer_median, peer_p95 = median(run.peer_times), percentile(run.peer_times, 0.95)
    want_right, want_wrong = GOALS[run.kind]

    def fig(what: str, value: float, unit: str, goal: str, met: bool, peer_value: float | None) -> Figure:
        return Figure(f"{prefix}.{what}", value, unit, goal if judged else "",
                      peer=peer_value, peer_name="edje-template" if peer_value is not None else "",
                      met=met if judged else None)

    ms_median, ms_p95 = median(run.times), percentile(run.times, 0.95)
    return [
        fig("right", right, "%", f">= {want_right:g} %", right >= want_right, peer_right),
        fig("wrong", wrong, "%", f"<= {want_wrong:g} %", wrong <= want_wrong, peer_wrong),
        fig("median_time", ms_median, "ms", f"<= {MAX_MS:g} ms", ms_median <= MAX_MS, peer_median),
        fig("p95_time", ms_p95, "ms", "", ms_p95 <= MAX_MS, peer_p95),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", default="", help="run only the sets whose name contains this text")
    parser.add_argument("--report-misses", action="store_true",
                        help="name the report sets' photos not read as labelled too (only when not tuning)")
    args = parser.parse_args()
    note = sys.stderr if args.json else sys.stdout  # with --json, stdout is only figures
    sets = [card_set for card_set in load_sets()  # not the peer's templates, which are no photo set
            if card_set.role in ROLES and args.only in card_set.name]
    for card_set in sets:
        if card_set.missing:
            print(f"scan_real_cards.{card_set.role}.{card_set.name}: skipped ({card_set.missing})", file=note)
    runnable = [card_set for card_set in sets if not card_set.missing]
    if not runnable:
        print("no photo set to run", file=sys.stderr)
        return 2
    peer = edje_peer()
    if peer is None:
        print(f"peer left out: its templates ({cache_dir() / PEER_TEMPLATES}) come with the cache of "
              "cards-real/fetch.py", file=note)
    judged: dict[str, list[SetRun]] = {}
    for role in ROLES:
        for card_set in runnable:
            if card_set.role == role:
                run = run_set(card_set, peer, args.report_misses)
                goal = role == "report" and card_set.goal
                emit(figures_for(f"scan_real_cards.{role}.{card_set.name}", run, goal), args.json)
                if goal:
                    judged.setdefault(card_set.kind, []).append(run)
    for kind, runs in judged.items():
        # the goals are the held-apart decks' together: every report set of that kind, each card once
        emit(figures_for(f"scan_real_cards.report.all-{kind}s", pooled(runs), True), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
