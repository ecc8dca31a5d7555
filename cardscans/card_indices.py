"""Which letters a deck prints in its corner index, and the glyph templates to read them.

English decks print A K Q J, German ones A (or As) K D B (Ass, König, Dame, Bube), French ones
A R D V (as, roi, dame, valet). Card ids stay MACE's English ones: a German B is a jack ("JH").
Templates come from three sources: glyphs cut from the corner indices of public-domain card artwork
(`cardscans/glyphs/english.npz`, rebuilt by `benchmarks/data/card-art/build_glyphs.py`; the designs,
commits and licences are in cardscans/glyphs/SOURCE.md), glyphs drawn with OpenCV's built-in fonts
(for letters none of those designs prints, and for the drawn cards of the synthetic tests), and,
for English decks, rank glyphs cut from half of one tune set's photos of a casino deck
(`cardscans/glyphs/english-photographed.npz`, rebuilt by
`benchmarks/data/cards-real/build_photographed_glyphs.py`): its tall Q and condensed 10 no artwork
prints. The file may hold suit glyphs too (none is shipped: cut from the tune photos alone they
read blurred clubs as spades). No report photo, nor any card the report photos show, gives a
template: the report sets measure the reader on photos it never saw.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import balance
from cardscans.card_glyphs import Glyph, corner_glyphs
from cardscans.paper_light import FACE

IndexSet = Literal["english", "german", "french"]
INDEX_SETS: tuple[IndexSet, ...] = ("english", "german", "french")
# the corners a deck prints its index in: two diagonally opposite (most English decks) or all four
# (most German and French ones, some English ones); a four-index card shows its two top indices
# where another card hides its lower half
IndexCorners = Literal[2, 4]
INDEX_CORNERS: tuple[IndexCorners, ...] = (2, 4)
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
# printed letters -> MACE's rank
LETTERS: dict[IndexSet, dict[str, str]] = {
    "english": {"A": "A", "K": "K", "Q": "Q", "J": "J"},
    "german": {"A": "A", "As": "A", "K": "K", "D": "Q", "B": "J"},
    # many French decks print the ace as "1" (the deck of the bnoteris-french sets does)
    "french": {"A": "A", "1": "A", "R": "K", "D": "Q", "V": "J"},
}
JOKER = "JK"
SUITS = ("H", "D", "S", "C")  # MACE's order for ties: Hearts, Diamonds, Spades, Clubs
RED_SUITS = ("H", "D")
BLACK_SUITS = ("S", "C")
GLYPH_DIR = Path(__file__).with_name("glyphs")  # written by build_glyphs.py, read back as package data
PHOTOGRAPHED = "english-photographed"  # the glyphs cut from photos (build_photographed_glyphs.py)
DRAWING_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX,
                 cv2.FONT_HERSHEY_COMPLEX)

Templates = dict[str, list[npt.NDArray[np.float32]]]


def printed_ranks(indices: IndexSet) -> dict[str, str]:
    """Every glyph such a deck prints as a rank -> MACE's rank."""
    return {**{n: n for n in NUMBERS}, **LETTERS[indices], JOKER: JOKER}


def _blank() -> npt.NDArray[np.uint8]:
    return np.full((FACE[1], FACE[0], 3), 250, np.uint8)


def drawn_rank(text: str, font: int, thickness: int) -> Glyph | None:
    """A rank glyph drawn at a corner index's place and size, cut like a photographed one."""
    canvas = _blank()
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, thickness)
    scale = min(34 / tw, 40 / th) if len(text) > 1 else 40 / th
    cv2.putText(canvas, text, (10, 12 + int(th * scale)), font, scale, (20, 20, 20), thickness, cv2.LINE_AA)
    rank, _ = corner_glyphs(balance(canvas))
    return rank


def drawn_templates(labels: list[str]) -> Templates:
    templates: Templates = {}
    for label in labels:
        for font in DRAWING_FONTS:
            for thickness in (3, 5):
                glyph = drawn_rank(label, font, thickness)
                if glyph is not None:
                    templates.setdefault(label, []).append(glyph.mask)
    return templates


def cut_templates(name: str) -> tuple[Templates, Templates]:
    """Rank and suit glyphs cut from card artwork (`cardscans/glyphs/<name>.npz`, shipped as package
    data), or none when the file is missing."""
    ranks: Templates = {}
    suits: Templates = {}
    source = resources.files("cardscans").joinpath("glyphs", f"{name}.npz")
    if not source.is_file():
        return ranks, suits
    with source.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        for kind, store in (("rank", ranks), ("suit", suits)):
            for label, mask in zip(data[f"{kind}_labels"], data[f"{kind}_masks"], strict=True):
                store.setdefault(str(label), []).append(np.asarray(mask, np.float32) / 255.0)
    return ranks, suits


def save_cut_templates(name: str, ranks: Templates, suits: Templates) -> Path:
    """Stores cut glyphs as 8-bit masks (tens of kB): what `cut_templates` loads."""
    GLYPH_DIR.mkdir(exist_ok=True)
    path = GLYPH_DIR / f"{name}.npz"
    arrays: dict[str, npt.NDArray[np.generic]] = {}
    for kind, store in (("rank", ranks), ("suit", suits)):
        labels = [label for label, masks in store.items() for _ in masks]
        masks = [np.round(mask * 255).astype(np.uint8) for masks in store.values() for mask in masks]
        arrays[f"{kind}_labels"] = np.array(labels, dtype=str)
        arrays[f"{kind}_masks"] = np.stack(masks) if masks else np.zeros((0, 1, 1), np.uint8)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]
    return path
