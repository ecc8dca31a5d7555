"""Live video: each card reported once when stable, on frames decoded by the real pipeline."""

from __future__ import annotations

import numpy as np

from cardscans import synthetic
from cardscans.pipeline import Scanner
from cardscans.tagformat import encode_tag
from cardscans.tracker import CardTracker


def frames_of(texts: list[str], count: int, seed: int) -> list[np.ndarray]:
    return [synthetic.tag_scene(np.random.default_rng(seed + i), texts, 120)[0] for i in range(count)]


def test_waving_over_a_card_plays_it_once_and_reset_plays_it_again() -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    men = encode_tag("kendo-taikai", "men", 1)
    frames = frames_of([men], 6, seed=10)
    empty = np.zeros((720, 1280, 3), np.uint8)
    tracker = CardTracker(stable_frames=3)
    reports = [tracker.update(scanner.scan(frame, effort="fast")) for frame in frames]
    assert [len(r) for r in reports] == [0, 0, 1, 0, 0, 0]
    assert reports[2][0].card_id == "men" and reports[2][0].copy == 1
    tracker.reset()
    again = [tracker.update(scanner.scan(frame, effort="fast")) for frame in frames[:3]]
    assert [len(r) for r in again] == [0, 0, 1]
    flicker = CardTracker(stable_frames=3)
    for frame in [frames[0], empty, frames[1], empty, frames[2], empty]:
        assert flicker.update(scanner.scan(frame)) == []


def test_two_copies_are_two_cards_and_a_card_out_of_sight_long_enough_comes_back() -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    copies = [encode_tag("kendo-taikai", "kote", 1), encode_tag("kendo-taikai", "kote", 2)]
    frames = frames_of(copies, 2, seed=30)
    tracker = CardTracker(stable_frames=2, forget_after=2)
    first = tracker.update(scanner.scan(frames[0])) + tracker.update(scanner.scan(frames[1]))
    assert sorted(s.copy or 0 for s in first) == [1, 2]
    empty = np.zeros((720, 1280, 3), np.uint8)
    tracker.update(scanner.scan(empty))
    tracker.update(scanner.scan(empty))
    back = tracker.update(scanner.scan(frames[0])) + tracker.update(scanner.scan(frames[1]))
    assert sorted(s.copy or 0 for s in back) == [1, 2]
