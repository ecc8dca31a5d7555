"""Live video: each card reported once when stable, on frames decoded by the real pipeline."""

from __future__ import annotations

import cv2
import numpy as np

from cardscans import synthetic
from cardscans.pipeline import Scanner
from cardscans.tagformat import encode_tag
from cardscans.tracker import CardTracker

EMPTY = np.zeros((720, 1280, 3), np.uint8)


def video(texts: list[str], count: int, seed: int, step_px: float) -> list[np.ndarray]:
    """`count` frames of one table, the camera drifting `step_px` a frame (plus hand tremor)."""
    rng = np.random.default_rng(seed)
    table, _ = synthetic.tag_scene(rng, texts, 120)
    frames = []
    for index in range(count):
        dx, dy = step_px * index + rng.uniform(-3, 3), rng.uniform(-3, 3)
        moved = cv2.warpAffine(table, np.float32([[1, 0, dx], [0, 1, dy]]), (1280, 720),
                               borderMode=cv2.BORDER_REPLICATE)
        frames.append(synthetic.camera(moved, rng, blur=0.6, noise=3.0, light=0.1))
    return frames


def test_waving_over_a_card_plays_it_once_and_reset_plays_it_again() -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    frames = video([encode_tag("kendo-taikai", "men", 1)], 6, seed=10, step_px=0)
    tracker = CardTracker(stable_frames=3)
    reports = [tracker.update(scanner.scan(frame, effort="fast")) for frame in frames]
    assert [len(r) for r in reports] == [0, 0, 1, 0, 0, 0]
    assert reports[2][0].card_id == "men" and reports[2][0].copy == 1
    tracker.reset()
    again = [tracker.update(scanner.scan(frame, effort="fast")) for frame in frames[:3]]
    assert [len(r) for r in again] == [0, 0, 1]
    flicker = CardTracker(stable_frames=3)
    for frame in [frames[0], EMPTY, frames[1], EMPTY, frames[2], EMPTY]:
        assert flicker.update(scanner.scan(frame)) == []


def test_a_card_sweeping_through_the_frame_is_not_played_until_it_holds_still() -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    sweeping = video([encode_tag("kendo-taikai", "tsuki", 2)], 5, seed=20, step_px=90)
    still = video([encode_tag("kendo-taikai", "tsuki", 2)], 3, seed=21, step_px=0)
    tracker = CardTracker(stable_frames=3)
    seen = [scanner.scan(frame, effort="fast") for frame in sweeping]
    assert all(len(s) == 1 for s in seen)  # read in every frame, yet moving
    assert [tracker.update(s) for s in seen] == [[]] * 5
    reports = [tracker.update(scanner.scan(frame, effort="fast")) for frame in still]
    assert [[s.card_id for s in r] for r in reports] == [[], [], ["tsuki"]]


def test_two_copies_are_two_cards_and_a_card_out_of_sight_long_enough_comes_back() -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    copies = [encode_tag("kendo-taikai", "kote", 1), encode_tag("kendo-taikai", "kote", 2)]
    frames = video(copies, 2, seed=30, step_px=0)
    tracker = CardTracker(stable_frames=2, forget_after=2)
    first = tracker.update(scanner.scan(frames[0])) + tracker.update(scanner.scan(frames[1]))
    assert sorted(s.copy or 0 for s in first) == [1, 2]
    tracker.update(scanner.scan(EMPTY))
    assert tracker.reported  # still remembered after one empty frame
    tracker.update(scanner.scan(EMPTY))
    back = tracker.update(scanner.scan(frames[0])) + tracker.update(scanner.scan(frames[1]))
    assert sorted(s.copy or 0 for s in back) == [1, 2]
