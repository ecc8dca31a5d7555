"""The peer: EdjeElectronics/OpenCV-Playing-Card-Detector's reading method, re-implemented here.

Its repository publishes no licence, so none of its code is copied; this follows its published
method (Cards.py, 2018): flatten the card to 200 x 300, zoom the 32 x 84 top-left corner 4x,
threshold it 30 levels under the corner's paper, take the largest blob of the rank part and of the
suit part, scale them to 70 x 125 and 70 x 100, and name the template (its Card_Imgs, cut from a
real deck) with the smallest absolute difference, if under 2000 (rank) and 700 (suit) pixels.
Outlines come from Shinpan's `find_card_quads`: the detector's own contour step assumes an overhead
camera with a card-area window that misses most phone photos (see the peers note).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import to_gray
from cardscans.quads import find_card_quads, rectify

RANKS = {"Ace": "A", "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6", "Seven": "7", "Eight": "8",
         "Nine": "9", "Ten": "10", "Jack": "J", "Queen": "Q", "King": "K"}
SUITS = {"Spades": "S", "Diamonds": "D", "Clubs": "C", "Hearts": "H"}
RANK_DIFF_MAX = 2000
SUIT_DIFF_MAX = 700


def _largest_blob(binary: npt.NDArray[np.uint8], size: tuple[int, int]) -> npt.NDArray[np.uint8] | None:
    contours, _ = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    x, y, w, h = cv2.boundingRect(max(contours, key=cv2.contourArea))
    return np.asarray(cv2.resize(binary[y: y + h, x: x + w], size), dtype=np.uint8)


class EdjeReader:
    def __init__(self, template_dir: Path) -> None:
        self.ranks: dict[str, npt.NDArray[np.uint8]] = {}
        self.suits: dict[str, npt.NDArray[np.uint8]] = {}
        for name, rank in RANKS.items():
            self.ranks[rank] = np.asarray(cv2.imread(str(template_dir / f"{name}.jpg"), cv2.IMREAD_GRAYSCALE))
        for name, suit in SUITS.items():
            self.suits[suit] = np.asarray(cv2.imread(str(template_dir / f"{name}.jpg"), cv2.IMREAD_GRAYSCALE))

    def read_face(self, flat: npt.NDArray[np.uint8]) -> str | None:
        corner = flat[0:84, 0:32]
        zoom = cv2.resize(corner, (0, 0), fx=4, fy=4)
        white = int(zoom[15, 64])
        _, binary = cv2.threshold(zoom, max(1, white - 30), 255, cv2.THRESH_BINARY_INV)
        rank = _largest_blob(np.ascontiguousarray(binary[20:185, 0:128]), (70, 125))
        suit = _largest_blob(np.ascontiguousarray(binary[186:336, 0:128]), (70, 100))
        if rank is None or suit is None:
            return None
        rank_diffs = {r: int(np.sum(cv2.absdiff(rank, t)) / 255) for r, t in self.ranks.items()}
        suit_diffs = {s: int(np.sum(cv2.absdiff(suit, t)) / 255) for s, t in self.suits.items()}
        best_rank = min(rank_diffs, key=lambda r: rank_diffs[r])
        best_suit = min(suit_diffs, key=lambda s: suit_diffs[s])
        if rank_diffs[best_rank] < RANK_DIFF_MAX and suit_diffs[best_suit] < SUIT_DIFF_MAX:
            return best_rank + best_suit
        return None

    def scan(self, image: npt.NDArray[np.uint8]) -> list[str]:
        gray = to_gray(image)
        cards = []
        for quad in find_card_quads(gray):
            flat = rectify(gray, quad, (200, 300))
            card = self.read_face(np.asarray(flat, dtype=np.uint8))
            if card:
                cards.append(card)
        return cards
