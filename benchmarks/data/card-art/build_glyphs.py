"""Rebuilds cardscans/glyphs/english.npz from playing-card artwork we may ship (cardscans/glyphs/SOURCE.md).

The English rank (A 2-10 J Q K) and suit templates are cut from the corner indices of three
public-domain card designs kept in public GitHub repositories: each file is taken at the commit
recorded in manifest.json (from a local bare mirror, `--mirror DIR` holding `owner+name/repo`, or
a `git clone`) and its SHA-256 checked, so the same art always gives the same templates.

The art is drawn, not photographed: to stand for printed cards under a phone camera each index is
cut in a few prints (as drawn, ink spread a little, ink thinned a little, and seen from afar: a
small blurred copy), then through the very code that reads photos (`balance`, `corner_glyphs`).
No photograph is used for this file (the rank and suit glyphs cut from photos are another file:
benchmarks/data/cards-real/build_photographed_glyphs.py).

Usage: .venv/bin/python benchmarks/data/card-art/build_glyphs.py [--mirror /work/.mirror] [--sheet out.png]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories, checked_blob  # noqa: E402
from cardscans.balanced_face import INK_DARKNESS, balance  # noqa: E402
from cardscans.card_glyphs import corner_glyphs, similarity  # noqa: E402
from cardscans.card_indices import Templates, save_cut_templates  # noqa: E402
from cardscans.paper_light import FACE  # noqa: E402

MANIFEST = Path(__file__).with_name("manifest.json")
INDEX_PLACE = (8, 10, 34, 96)  # x, y, max width, max height of the index on a blank FACE-sized card
PRINTS = ("drawn", "spread", "thinned", "afar")  # "drawn" first: the others must still look like it
SAME_GLYPH = 0.75  # a print whose glyph correlates less with the drawn one has lost its shape
DUPLICATE = 0.97  # correlation above which two templates of a label are one


def on_white(blob: bytes) -> npt.NDArray[np.uint8]:
    """The art as BGR on white paper (the PNGs are transparent around the card)."""
    image = cv2.imdecode(np.frombuffer(blob, np.uint8), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise ValueError("not an image")
    if image.ndim == 2:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    if image.shape[2] == 4:
        alpha = image[:, :, 3:4].astype(np.float32) / 255.0
        image = image[:, :, :3] * alpha + 255.0 * (1.0 - alpha)
    return np.asarray(np.clip(image, 0, 255), dtype=np.uint8)


def index_only(art: npt.NDArray[np.uint8], box: tuple[float, float]) -> npt.NDArray[np.uint8]:
    """The top-left index alone, cropped to its ink: the blobs that lie wholly inside `box` (right
    and bottom edge as shares of the card). Designs print pips, frames and pictures right beside the
    index; a blob reaching out of the box is one of those, so it is left out."""
    h, w = art.shape[:2]
    paper = np.percentile(art.reshape(-1, 3), 90, axis=0).clip(1, None)
    ink = ((art / paper).min(axis=2) < INK_DARKNESS).astype(np.uint8)
    right, bottom = int(box[0] * w), int(box[1] * h)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = np.zeros((h, w), bool)
    for index in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[index])
        if x + bw <= right and y + bh <= bottom and x > 0 and y > 0 and area >= 4:
            keep |= labels == index
    if not keep.any():
        raise ValueError("no index in the corner box")
    ys, xs = np.nonzero(keep)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    # anti-aliased rims belong to the glyphs: keep the pixels next to kept ink, whiten the rest
    near = cv2.dilate(keep.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    cut = np.where(near[..., None], art, np.uint8(255))[y0:y1, x0:x1]
    return np.asarray(cut, dtype=np.uint8)


def prints(index: npt.NDArray[np.uint8]) -> Iterator[tuple[str, npt.NDArray[np.uint8]]]:
    """The index placed on a blank card in each of PRINTS."""
    x, y, max_w, max_h = INDEX_PLACE
    scale = min(max_w / index.shape[1], max_h / index.shape[0])
    size = (max(1, round(index.shape[1] * scale)), max(1, round(index.shape[0] * scale)))
    placed = cv2.resize(index, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    kernel = np.ones((3, 3), np.uint8)
    for name in PRINTS:
        glyphs = placed
        if name == "spread":  # ink spreading into the paper: darker is the minimum
            glyphs = cv2.erode(placed, kernel)
        elif name == "thinned":
            glyphs = cv2.dilate(placed, kernel)
        elif name == "afar":  # a card a quarter of the frame high: a third of the pixels, blurred
            small = cv2.resize(placed, None, fx=0.35, fy=0.35, interpolation=cv2.INTER_AREA)
            glyphs = cv2.GaussianBlur(cv2.resize(small, size, interpolation=cv2.INTER_LINEAR), (3, 3), 0)
        face = np.full((FACE[1], FACE[0], 3), 255, np.uint8)
        face[y: y + size[1], x: x + size[0]] = glyphs
        yield name, face


def load_manifest() -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return manifest


def build(mirror: Path | None, sheet: Path | None) -> int:
    manifest = load_manifest()
    repositories = Repositories(mirror)
    ranks: Templates = {}
    suits: Templates = {}
    problems = 0
    tiles: list[npt.NDArray[np.float32]] = []
    for name, design in manifest["designs"].items():
        source = repositories.git_dir(design["repo"])
        box = (design["index_box"][0], design["index_box"][1])
        cut = 0
        skipped: list[str] = []
        for card in design["cards"]:
            blob = checked_blob(source, design["commit"], card["path"], card["sha256"])
            if blob is None:
                print(f"{name}/{card['path']}: missing or checksum differs", file=sys.stderr)
                problems += 1
                continue
            rank_label, suit_label = card["card"][:-1], card["card"][-1]
            drawn: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]] | None = None
            for print_name, face in prints(index_only(on_white(blob), box)):
                rank, suit = corner_glyphs(balance(face))
                if rank is not None and suit is not None and drawn is None:
                    drawn = rank.mask, suit.mask
                if rank is None or suit is None or drawn is None or min(
                        similarity(rank.mask, drawn[0]), similarity(suit.mask, drawn[1])) < SAME_GLYPH:
                    # thinning breaks hairline strokes (a 5 in two), a jumbo Q's tail touches its
                    # suit: such a print gives no template, the design's other prints still do
                    skipped.append(f"{card['card']} {print_name}")
                    continue
                ranks.setdefault(rank_label, []).append(rank.mask)
                suits.setdefault(suit_label, []).append(suit.mask)
                tiles.append(np.hstack([rank.mask, suit.mask]))
                cut += 1
        print(f"{name}: {cut} indices cut from {len(design['cards'])} cards; not cut: {', '.join(skipped) or 'none'}",
              file=sys.stderr)
    if problems:
        print(f"{problems} problems: templates not written", file=sys.stderr)
        return 1
    print(save_cut_templates("english", _distinct(ranks), _distinct(suits)), file=sys.stderr)
    if sheet is not None:
        _contact_sheet(tiles, sheet)
    return 0


def _distinct(store: Templates) -> Templates:
    """Without near-duplicates (one design prints a rank alike in every suit): fewer templates to try."""
    distinct: Templates = {}
    for label, masks in store.items():
        kept: list[npt.NDArray[np.float32]] = []
        for mask in masks:
            if all(similarity(mask, other) < DUPLICATE for other in kept):
                kept.append(mask)
        distinct[label] = kept
    return distinct


def _contact_sheet(tiles: list[npt.NDArray[np.float32]], path: Path) -> None:
    """Every cut rank and suit side by side, to check the cuts by eye."""
    per_row = 16
    padded = tiles + [np.zeros_like(tiles[0])] * (-len(tiles) % per_row)
    rows = [np.hstack([np.pad(t, 2) for t in padded[i: i + per_row]]) for i in range(0, len(padded), per_row)]
    cv2.imwrite(str(path), (np.vstack(rows) * 255).astype(np.uint8))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    parser.add_argument("--sheet", type=Path, help="also write every cut glyph into this PNG")
    args = parser.parse_args()
    return build(args.mirror, args.sheet)


if __name__ == "__main__":
    sys.exit(main())
