"""Playing card faces drawn with OpenCV's own shapes and fonts (no artwork, no font files): the drawn
suits the corner reader adds to its templates, and the plain faces of the synthetic tests and
benchmarks."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.card_indices import JOKER, RED_SUITS
from cardscans.paper_light import FACE

RANK_BOX = (4, 6, 40, 50)  # x, y, width, height on a FACE-sized card
SUIT_BOX = (6, 56, 34, 34)


def draw_suit(canvas: npt.NDArray[np.uint8], suit: str, centre: tuple[int, int], size: int) -> None:
    """A suit pip drawn with polygons and circles (no font needed)."""
    x, y = centre
    s = size / 2
    colour = (30, 30, 200) if suit in RED_SUITS else (20, 20, 20)
    if suit == "D":
        points = [(x, y - s), (x + 0.7 * s, y), (x, y + s), (x - 0.7 * s, y)]
        cv2.fillPoly(canvas, [np.array(points, np.int32)], colour, cv2.LINE_AA)
    elif suit == "H":
        r = int(s * 0.5)
        cv2.circle(canvas, (int(x - r), int(y - s * 0.3)), r, colour, -1, cv2.LINE_AA)
        cv2.circle(canvas, (int(x + r), int(y - s * 0.3)), r, colour, -1, cv2.LINE_AA)
        points = [(x - 2 * r, y - s * 0.2), (x + 2 * r, y - s * 0.2), (x, y + s)]
        cv2.fillPoly(canvas, [np.array(points, np.int32)], colour, cv2.LINE_AA)
    elif suit == "S":
        r = int(s * 0.5)
        cv2.circle(canvas, (int(x - r), int(y + s * 0.15)), r, colour, -1, cv2.LINE_AA)
        cv2.circle(canvas, (int(x + r), int(y + s * 0.15)), r, colour, -1, cv2.LINE_AA)
        points = [(x - 2 * r, y + s * 0.05), (x + 2 * r, y + s * 0.05), (x, y - s)]
        cv2.fillPoly(canvas, [np.array(points, np.int32)], colour, cv2.LINE_AA)
        stem = [(x, y + s * 0.2), (x + s * 0.35, y + s), (x - s * 0.35, y + s)]
        cv2.fillPoly(canvas, [np.array(stem, np.int32)], colour, cv2.LINE_AA)
    else:
        r = int(s * 0.42)
        for dx, dy in ((0, -0.45), (-0.5, 0.1), (0.5, 0.1)):
            cv2.circle(canvas, (int(x + dx * s), int(y + dy * s)), r, colour, -1, cv2.LINE_AA)
        stem = [(x, y), (x + s * 0.35, y + s), (x - s * 0.35, y + s)]
        cv2.fillPoly(canvas, [np.array(stem, np.int32)], colour, cv2.LINE_AA)


def draw_rank(canvas: npt.NDArray[np.uint8], rank: str, box: tuple[int, int, int, int], red: bool,
              font: int = cv2.FONT_HERSHEY_SIMPLEX) -> None:
    """The rank fitted into box (x, y, width, height)."""
    x, y, w, h = box
    colour = (30, 30, 200) if red else (20, 20, 20)
    (tw, th), _ = cv2.getTextSize(rank, font, 1.0, 2)
    scale = min(w / tw, h / th) * 0.9
    (tw, th), _ = cv2.getTextSize(rank, font, scale, 2)
    origin = (int(x + (w - tw) / 2), int(y + (h + th) / 2))
    cv2.putText(canvas, rank, origin, font, scale, colour, max(2, int(scale * 2)), cv2.LINE_AA)


def blank_face() -> npt.NDArray[np.uint8]:
    return np.full((FACE[1], FACE[0], 3), 250, np.uint8)


def with_rank_above(canvas: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A drawn suit needs a rank above it to be cut as the suit of an index."""
    cv2.putText(canvas, "A", (10, 24), cv2.FONT_HERSHEY_DUPLEX, 0.6, (20, 20, 20), 2, cv2.LINE_AA)
    return canvas


def playing_card_face(card_id: str, font: int = cv2.FONT_HERSHEY_DUPLEX,
                      four_indices: bool = False) -> npt.NDArray[np.uint8]:
    """A plain playing card face: indices in two corners (`four_indices`: in all four, the top right
    one upright, as a Schnapsen deck prints them), pips or a letter in the middle."""
    card = card_id.upper()
    canvas = blank_face()
    cv2.rectangle(canvas, (0, 0), (FACE[0] - 1, FACE[1] - 1), (200, 200, 200), 2)
    if card == JOKER:
        draw_rank(canvas, JOKER, RANK_BOX, red=True, font=font)
        draw_rank(canvas, "JOKER", (60, 140, 130, 60), red=True, font=font)
    else:
        rank, suit = card[:-1], card[-1]
        red = suit in RED_SUITS
        draw_rank(canvas, rank, RANK_BOX, red, font)
        x, y, w, h = SUIT_BOX
        draw_suit(canvas, suit, (x + w // 2, y + h // 2), int(w * 0.8))
        if rank in ("J", "Q", "K"):
            cv2.rectangle(canvas, (60, 70), (192, 282), (60, 140, 200), 3)
            draw_rank(canvas, rank, (80, 120, 90, 110), red, font)
        else:
            count = 1 if rank == "A" else int(rank)
            rows = max(1, (count + 1) // 2)
            for i in range(count):
                col = 0 if count == 1 else i % 2
                cx = 126 if count == 1 else 96 + 60 * col
                cy = 176 if rows == 1 else 90 + (172 * (i // 2)) // max(1, rows - 1)
                draw_suit(canvas, suit, (cx, cy), 64 if count == 1 else 30)
    turned = canvas[::-1, ::-1].copy()
    corner_h, corner_w = SUIT_BOX[1] + SUIT_BOX[3] + 4, RANK_BOX[0] + RANK_BOX[2] + 6
    canvas[-corner_h:, -corner_w:] = turned[-corner_h:, -corner_w:]
    if four_indices:
        canvas[:corner_h, -corner_w:] = canvas[:corner_h, :corner_w]
        canvas[-corner_h:, :corner_w] = canvas[-corner_h:, -corner_w:]
    return canvas
