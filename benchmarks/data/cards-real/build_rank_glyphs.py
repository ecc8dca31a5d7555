"""Rebuilds cardscans/glyphs/english-photographed.npz: rank templates cut from real photos of a deck.

The drawn templates (cardscans/glyphs/english.npz) are cut from card artwork, which prints its
letters round and wide; a casino deck prints a tall, narrow Q with a looped tail and a condensed
10, which those match at 0.6 where the steps that name a card by two indices ask for 0.85. Cut from
photos of such a deck, the glyphs are what a phone sees of it.

Source: the rf100 poker scenes' tune photos (Roboflow 100 "poker-cards", CC BY 4.0; see
benchmarks/data/cards-real/SOURCE.md), the even-numbered half by file name only: the odd half, whose
glyphs no template holds, checks what the templates do, and the rf100 report photos stay unseen.
Each index spot (cardscans.index_spots, both looks) is read by the reader without these templates;
where it names a card the photo is labelled with, its rank glyph (at the ink cut it was read at,
the first cut reading that card) is kept. Per rank (but those LEFT_OUT), PER_RANK glyphs as unlike
each other as can be (each next one the least like those chosen) become templates. English index decks only: a German
or French deck's letters and figures are other prints.

The photos come from the cache of fetch.py, which checks each file's SHA-256; the same cache and
OpenCV give the same file.
Usage: .venv/bin/python benchmarks/data/cards-real/build_rank_glyphs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.scan_real_cards import load_sets, photos  # noqa: E402
from cardscans.card_glyphs import comparable, each_corner_cut  # noqa: E402
from cardscans.card_indices import PHOTOGRAPHED, Templates, save_cut_templates  # noqa: E402
from cardscans.corner_index import RANK_MATCHING, IndexReader  # noqa: E402
from cardscans.index_spots import index_spots, upright_face  # noqa: E402

SOURCE_SET = "rf100-poker-scenes-tune"
PER_RANK = 6  # rf100 tune, odd half: 289 of 387 cards named with none, 306 with 6, 305 with 10
# the J's glyphs named no card more there, and made a QC blurred 2 px (scan_blurred_cards) a JC
LEFT_OUT = ("J",)


def rank_glyphs_read_right(reader: IndexReader, frame: npt.NDArray[np.uint8], cards: list[str]) -> Templates:
    """The rank masks of the index spots in `frame` that the reader reads as one of `cards`."""
    found: Templates = {}
    for against_paper in (False, True):
        for spot in index_spots(frame, against_paper):
            face = upright_face(frame, spot, False)
            reading = reader.read_index(face)
            if reading.card_id is None or reading.card_id not in cards:
                continue
            for rank, suit in each_corner_cut(face, reading.ink_level, past_frame_lines=False):
                if rank is not None and reader.read_glyphs(rank, suit, face).card_id == reading.card_id:
                    found.setdefault(reading.card_id[:-1], []).append(rank.mask)
                    break
    return found


def most_unlike(masks: list[npt.NDArray[np.float32]], count: int) -> list[npt.NDArray[np.float32]]:
    """`count` of the masks, the first and then each the least like those chosen (as the reader
    compares them: correlation at RANK_MATCHING's blur)."""
    vectors = np.array([comparable(mask, RANK_MATCHING.blur) for mask in masks])
    chosen = [0]
    while len(chosen) < min(count, len(masks)):
        likeness = (vectors @ vectors[chosen].T).max(axis=1)
        likeness[chosen] = np.inf
        chosen.append(int(np.argmin(likeness)))
    return [masks[index] for index in chosen]


def main() -> int:
    card_set = next(card_set for card_set in load_sets() if card_set.name == SOURCE_SET)
    if card_set.missing:
        print(card_set.missing, file=sys.stderr)
        return 1
    reader = IndexReader.standard("english", photographed=False)
    cut: Templates = {}
    frames = sorted(photos(card_set), key=lambda loaded: loaded[1].path.name)
    for frame, photo in frames[::2]:
        for rank, masks in rank_glyphs_read_right(reader, frame, photo.cards).items():
            cut.setdefault(rank, []).extend(masks)
    templates = {rank: most_unlike(cut[rank], PER_RANK) for rank in sorted(cut) if rank not in LEFT_OUT}
    path = save_cut_templates(PHOTOGRAPHED, templates, {})
    print(f"{path}: {sum(len(masks) for masks in templates.values())} rank templates from {len(frames[::2])} photos "
          f"({', '.join(f'{rank} {len(cut[rank])}' for rank in sorted(cut))} glyphs read right)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
