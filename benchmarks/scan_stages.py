"""Where a playing-card scan spends its time, stage by stage: a diagnostic for whoever makes
cardscans/ faster, never a reported figure (it has no goal; scan_real_cards.py judges the time).

Whole-scan medians on a shared machine move by a quarter between runs (the peer's own did, stops 37
and 38), so a saving of a few per cent shows only in process: each stage below is timed where the
pipeline calls it, over every photo of the chosen sets of scan_real_cards.py, and printed as
milliseconds a frame (stages nest: the looks hold steps 6 and 7, which hold their spot reads and
examinations).

With `--without PART` (again for more) a part of the scan that adds cards at a cost is left out, so
what it costs and what it names can be read off `whole_scan` and `right`/`wrong` (shares of the
set's cards named right and wrong, as scan_real_cards.py counts them): `later-looks` (the index
steps' second and third looks: their spots are still cut, ~5 ms a look), `extra-reads` (step 8's
more reads a look, lone_indices.MORE_READS_A_LOOK), `crowded-check` (cardscans.crowded_outlines).
Never run it on a report set to choose by: tune and check sets only.

Usage: .venv/bin/python benchmarks/scan_stages.py [--set NAME]... [--photos N] [--without PART]... [--json]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import benchmarks.scan_real_cards as real_cards  # noqa: E402
import cardscans.crowded_outlines as crowded_outlines  # noqa: E402
import cardscans.index_pairs as index_pairs  # noqa: E402
import cardscans.lone_indices as lone_indices  # noqa: E402
import cardscans.pipeline as pipeline  # noqa: E402
from benchmarks.report import Figure, emit  # noqa: E402
from cardscans.playing_cards import CornerReader  # noqa: E402

# (stage, module or class, attribute): where the pipeline looks each stage up when it calls it
STAGES: tuple[tuple[str, Any, str], ...] = (
    ("outlines found", pipeline, "find_card_quads"),
    ("outlines read", pipeline, "read_outlines"),
    ("face examinations (outlines, step 5)", CornerReader, "examine"),
    ("index steps", pipeline, "cards_by_index_pairs"),
    ("index spots cut", index_pairs, "cut_spots"),
    ("one look (steps 3-7)", index_pairs, "_named_by_pairs"),
    ("pair geometry", index_pairs, "pair_geometry"),
    ("step 6 (two top indices)", index_pairs, "_named_by_top_indices"),
    ("step 7 (two indices alike)", index_pairs, "_named_by_agreeing_indices"),
    ("step 8 (one index)", index_pairs, "named_by_lone_indices"),
    ("spot reads", index_pairs._SpotReads, "of"),
)


PARTS = ("later-looks", "extra-reads", "crowded-check")


@contextmanager
def left_out(parts: list[str], frame_started: list[int]) -> Iterator[None]:
    """The scan with `parts` (PARTS) left out; `frame_started`: one item added a frame (the looks
    of a frame are counted from it)."""
    saved = (lone_indices.MORE_READS_A_LOOK, crowded_outlines.DOUBTFUL_OUTLINE, index_pairs._named_by_pairs)
    looks = index_pairs._named_by_pairs
    seen: list[int] = [0, 0]  # the frame the looks were last counted in, and its looks so far

    def first_look_only(image: Any, found: list[Any], *args: Any) -> Any:
        if seen[0] != len(frame_started):
            seen[:] = [len(frame_started), 0]
        seen[1] += 1
        return looks(image, found if seen[1] == 1 else [], *args)

    try:
        if "extra-reads" in parts:
            lone_indices.MORE_READS_A_LOOK = 0
        if "crowded-check" in parts:
            crowded_outlines.DOUBTFUL_OUTLINE = 0.0
        if "later-looks" in parts:
            setattr(index_pairs, "_named_by_pairs", first_look_only)  # noqa: B010 (a stand-in of another type)
        yield
    finally:
        lone_indices.MORE_READS_A_LOOK, crowded_outlines.DOUBTFUL_OUTLINE, index_pairs._named_by_pairs = saved


@contextmanager
def timed_stages(spent: defaultdict[str, float], calls: defaultdict[str, int]) -> Iterator[None]:
    """Each stage wrapped where the pipeline finds it, its time and calls added up; unwrapped after."""
    originals = [(owner, attribute, getattr(owner, attribute)) for _, owner, attribute in STAGES]

    def timing(stage: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return call(*args, **kwargs)
            finally:
                spent[stage] += time.perf_counter() - start
                calls[stage] += 1
        return timed

    try:
        for (stage, _, _), (owner, attribute, call) in zip(STAGES, originals, strict=True):
            setattr(owner, attribute, timing(stage, call))
        yield
    finally:
        for owner, attribute, call in originals:
            setattr(owner, attribute, call)


def stage_figures(card_set: real_cards.PhotoSet, most_photos: int, without: list[str]) -> list[Figure]:
    scanner = pipeline.Scanner.for_catalog("playing-cards", card_indices=card_set.indices,
                                           index_corners=card_set.corners)
    # only the photos timed are read from disk
    frames = real_cards.photos(replace(card_set, photos=card_set.photos[:most_photos]))
    spent: defaultdict[str, float] = defaultdict(float)
    calls: defaultdict[str, int] = defaultdict(int)
    whole = 0.0
    named: list[list[str]] = []
    frame_started: list[int] = []
    with left_out(without, frame_started), timed_stages(spent, calls):
        for image, _ in frames:
            frame_started.append(1)
            start = time.perf_counter()
            sightings = scanner.scan(image, effort="fast")
            whole += time.perf_counter() - start
            named.append([sighting.card_id or "" for sighting in sightings if sighting.kind == "card"])
    count = max(1, len(frames))
    right, wrong = real_cards.score(named, [photo.cards for _, photo in frames], [photo.partial for _, photo in frames])
    prefix = f"scan_stages.{card_set.name}" + "".join(f".without-{part}" for part in without)
    figures = [Figure(f"{prefix}.frames", len(frames), "photos"),
               Figure(f"{prefix}.whole_scan", 1000 * whole / count, "ms a frame"),
               Figure(f"{prefix}.right", right, "%"), Figure(f"{prefix}.wrong", wrong, "%")]
    for stage, _, _ in STAGES:
        key = stage.split(" (")[0].replace(" ", "_")
        figures.append(Figure(f"{prefix}.{key}", 1000 * spent[stage] / count, "ms a frame"))
        figures.append(Figure(f"{prefix}.{key}.calls", calls[stage] / count, "a frame"))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", dest="sets",
                        help="a set of scan_real_cards.py by name (again for more; default: the rf100 scenes)")
    parser.add_argument("--photos", type=int, default=10_000, help="at most this many photos a set")
    parser.add_argument("--without", action="append", default=[], choices=PARTS,
                        help="leave this part of the scan out (again for more)")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    args = parser.parse_args()
    wanted = args.sets or ["rf100-poker-scenes-tune", "rf100-poker-scenes"]
    sets = {card_set.name: card_set for card_set in real_cards.load_sets()}
    unknown = [name for name in wanted if name not in sets]
    if unknown:
        print(f"unknown set {', '.join(unknown)}; known: {', '.join(sorted(sets))}", file=sys.stderr)
        return 2
    for name in wanted:
        if sets[name].missing:
            print(f"{name}: skipped, its photos are not cached (see scan_real_cards.py)", file=sys.stderr)
            continue
        emit(stage_figures(sets[name], args.photos, args.without), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
