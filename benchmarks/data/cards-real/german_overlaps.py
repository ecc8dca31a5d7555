"""Builds a tune set of German-deck scenes from the tune singles: two cards on the green mat, the
back card partly under the front one, as a Schnapsen trick lies.

The only real German scenes (`anima-german-scenes`) are held apart for the report, so the reader
is tuned on these instead. Each is made from two photos of `anima-german-singles` (tune): the
back card's photo is set on a wider mat (its own mat's colour and grain), and the front card, cut
from its photo by the reader's outline finder, is laid over the back card's lower part, turned and
shifted, with a soft shadow. The back card keeps its top indices and about half its face or more
in view, as `anima-german-scenes` labels a card `cards`. Generated, never reported: written with
`labels.json` into the photo cache after fetch.py has filled it, as three sets: `anima-german-overlaps`
(seed 16), the reader's tune set; `anima-german-overlaps-unseen` (seeds 1-3, three times as many),
a check that nobody tunes on: what the tune set's figure is worth on tricks it has not seen; and
`anima-german-overlaps-turned` (seeds 101-103), tune tricks seen as a phone sees a table, from
farther, turned and a little from the side (`seen_otherwise`): the upright close-ups alone no
longer show what the reader misses.
Usage: .venv/bin/python benchmarks/data/cards-real/german_overlaps.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardscans.quads import find_card_quads  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from fetch import MANIFEST, cache_dir  # noqa: E402

SET = "anima-german-overlaps"
UNSEEN_SET = "anima-german-overlaps-unseen"
SINGLES = "anima-german-singles"
SEED = 16  # the number: any fixed seed gives the same set every run
UNSEEN_SEEDS = (1, 2, 3)
TURNED_SET = "anima-german-overlaps-turned"
TURNED_SEEDS = (101, 102, 103)
FARTHER = (0.75, 0.95)  # of the scene's size, a turned trick is seen from farther
WHOLE_TURN = (15.0, 45.0)  # degrees either way, the whole trick is turned
SIDEWAYS = 0.08  # of the width, at most, the far side of the frame is narrowed (a camera held at a slant)
SHOWN = (0.45, 0.7)  # of the back card's height left in view above the front card
SHIFT = 0.3  # of a card's width, at most, the front card lies to either side
TURN = 25.0  # degrees, at most, the front card is turned
LONG_SIDE = 1280
EDGE = 60  # px of each photo's border: mat only
Image = npt.NDArray[np.uint8]


def card_outline(photo: Image) -> npt.NDArray[np.float32]:
    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    quads = find_card_quads(np.asarray(gray, dtype=np.uint8))
    return max(quads, key=lambda quad: cv2.contourArea(quad.astype(np.float32)))


def mat_around(photo: Image, height: int, width: int, rng: np.random.Generator) -> Image:
    """A mat of the photo's own colour and grain (its border, which is mat in every one)."""
    patch = np.concatenate([photo[:EDGE].reshape(-1, 3), photo[-EDGE:].reshape(-1, 3),
                            photo[:, :EDGE].reshape(-1, 3), photo[:, -EDGE:].reshape(-1, 3)]).astype(np.float32)
    mat = np.empty((height, width, 3), np.float32)
    mat[:] = np.median(patch, axis=0)
    grain = cv2.GaussianBlur(rng.normal(0, float(patch.std()), (height, width)).astype(np.float32), (0, 0), 1.2)
    return np.asarray(np.clip(mat + grain[..., None], 0, 255), dtype=np.uint8)


@lru_cache(maxsize=4)
def _fade(height: int, width: int) -> npt.NDArray[np.float32]:
    """How much of the photo shows at each pixel: it fades into the mat over its border, so its edge
    makes no line a reader could take for a card's (made once a photo size: a blur this wide is most of
    a scene's making)."""
    inside = np.zeros((height, width), np.float32)
    inside[EDGE:-EDGE, EDGE:-EDGE] = 1
    fade = np.asarray(cv2.GaussianBlur(inside, (0, 0), EDGE / 2), np.float32)[..., None]
    fade.flags.writeable = False  # shared by every scene of that size
    return fade


def overlap_scene(back: Image, front: Image, rng: np.random.Generator) -> Image:
    back_quad, front_quad = card_outline(back), card_outline(front)
    height, width = back.shape[:2]
    canvas = mat_around(back, int(height * 1.45), int(width * 1.45), rng)
    top, left = int(height * 0.02), int(width * 0.22)
    fade = _fade(height, width)
    placed = canvas[top:top + height, left:left + width].astype(np.float32)
    canvas[top:top + height, left:left + width] = np.clip(placed * (1 - fade) + back * fade, 0, 255).astype(np.uint8)
    back_quad = back_quad + np.array([left, top], np.float32)
    card_height = float(np.hypot(*(back_quad[3] - back_quad[0])))
    card_width = float(np.hypot(*(back_quad[1] - back_quad[0])))
    centre = back_quad.mean(axis=0) + np.array([rng.uniform(-SHIFT, SHIFT) * card_width,
                                                rng.uniform(*SHOWN) * card_height], np.float32)
    front_centre = front_quad.mean(axis=0)
    turn = cv2.getRotationMatrix2D((float(front_centre[0]), float(front_centre[1])), rng.uniform(-TURN, TURN), 1.0)
    turn[:, 2] += centre - front_centre
    cut = np.zeros(front.shape[:2], np.uint8)
    cv2.fillConvexPoly(cut, front_quad.astype(np.int32), 255)
    size = (canvas.shape[1], canvas.shape[0])
    laid = cv2.warpAffine(front, turn, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(cut, turn, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    shadow = cv2.GaussianBlur(np.roll(mask, (6, 6), axis=(0, 1)), (0, 0), 6)[..., None]
    mask = mask[..., None]
    darkened = canvas.astype(np.float32) * (1 - 0.35 * shadow)
    scene = darkened * (1 - mask) + laid.astype(np.float32) * mask
    scale = LONG_SIDE / max(scene.shape[:2])
    return np.asarray(cv2.resize(np.clip(scene, 0, 255).astype(np.uint8), None, fx=scale, fy=scale,
                                 interpolation=cv2.INTER_AREA), dtype=np.uint8)


def scenes(source: Path, seed: int = SEED) -> Iterator[tuple[str, Image, list[str]]]:
    """Each scene's file name, image and cards (back first), made from the singles in `source`."""
    singles = json.loads(MANIFEST.read_text(encoding="utf-8"))["sets"][SINGLES]["photos"]
    rng = np.random.default_rng(seed)
    prefix = "overlap" if seed == SEED else f"overlap_seed{seed}"
    for index, back in enumerate(singles):
        front = singles[(index + 1 + int(rng.integers(len(singles) - 1))) % len(singles)]
        if front is back:
            front = singles[(index + 1) % len(singles)]
        back_photo, front_photo = (cv2.imread(str(source / photo["file"])) for photo in (back, front))
        scene = overlap_scene(np.asarray(back_photo, np.uint8), np.asarray(front_photo, np.uint8), rng)
        yield f"{prefix}_{index:02d}.jpg", scene, [*back["cards"], *front["cards"]]


def seen_otherwise(scene: Image, rng: np.random.Generator) -> Image:
    """The scene from farther, turned and seen a little from the side, on its own mat."""
    height, width = scene.shape[:2]
    sign = 1.0 if rng.random() < 0.5 else -1.0
    turn = cv2.getRotationMatrix2D((width / 2, height / 2), sign * rng.uniform(*WHOLE_TURN), rng.uniform(*FARTHER))
    narrowed = rng.uniform(0, SIDEWAYS) * width
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    slanted = np.array([[narrowed, 0], [width - narrowed, 0], [width, height], [0, height]], np.float32)
    view = cv2.getPerspectiveTransform(frame, slanted) @ np.vstack([turn, [0.0, 0.0, 1.0]])
    mat = tuple(float(level) for level in np.median(scene[:EDGE].reshape(-1, 3), axis=0))
    return np.asarray(cv2.warpPerspective(scene, view, (width, height), flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_CONSTANT, borderValue=mat), dtype=np.uint8)


def turned_scenes(source: Path, seed: int) -> Iterator[tuple[str, Image, list[str]]]:
    """`scenes(source, seed)`, each seen otherwise (`seen_otherwise`): the same tricks, from farther."""
    view = np.random.default_rng(seed + 1000)  # apart from the scenes' own draws
    for file, scene, cards in scenes(source, seed):
        yield file, seen_otherwise(scene, view), cards


def write_set(source: Path, name: str, seeds: tuple[int, ...], turned: bool = False) -> int:
    out = cache_dir() / name
    out.mkdir(parents=True, exist_ok=True)
    labels = []
    for seed in seeds:
        for file, scene, cards in (turned_scenes if turned else scenes)(source, seed):
            cv2.imwrite(str(out / file), scene, [cv2.IMWRITE_JPEG_QUALITY, 90])
            labels.append({"file": file, "cards": cards})
    (out / "labels.json").write_text(json.dumps({"kind": "scene", "indices": "german",
                                                 "photos": labels}, indent=1), encoding="utf-8")
    print(f"{out}: {len(labels)} scenes")
    return len(labels)


def build() -> int:
    source = cache_dir() / SINGLES
    if not source.is_dir():
        print(f"{source} is missing: run benchmarks/data/cards-real/fetch.py first", file=sys.stderr)
        return 1
    write_set(source, SET, (SEED,))
    write_set(source, UNSEEN_SET, UNSEEN_SEEDS)  # scan_real_cards.py gives each set its role
    write_set(source, TURNED_SET, TURNED_SEEDS, turned=True)
    return 0


if __name__ == "__main__":
    sys.exit(build())
