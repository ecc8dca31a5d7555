"""Standard playing cards (MACE) known by rank and suit from the corner index, without registering.

A playing card prints its index (rank above suit) in the top-left corner and, turned, in the
bottom-right, so the rectified face's top-left corner reads the same whichever way up the card
lies. The corner is compared with rank and suit templates drawn here; a deck with unusual
lettering can be taught with `CornerReader.learn` from one photographed card per rank and suit.
Card ids: rank then suit, "2H" .. "10S", "JH", "QD", "KC", "AS", and "JK" for a joker.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import to_bgr, to_gray
from cardscans.quads import Quad, rectify
from cardscans.sighting import CardSighting

CATALOG = "playing-cards"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("H", "D", "S", "C")  # MACE's order for ties: Hearts, Diamonds, Spades, Clubs
RED_SUITS = ("H", "D")
JOKER = "JK"
PLAYING_CARD_IDS: tuple[str, ...] = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER)
FACE = (252, 352)
RANK_BOX = (4, 6, 40, 50)  # x, y, width, height on a FACE-sized card
SUIT_BOX = (6, 56, 34, 34)
MIN_SCORE = 0.55
MIN_MARGIN = 0.04
SINGLE_CORNER_SCORE = 0.8  # when the other corner is unreadable (a thumb, a glare)


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


def _corner(face_gray: npt.NDArray[np.uint8], box: tuple[int, int, int, int]) -> npt.NDArray[np.float32]:
    x, y, w, h = box
    patch = cv2.resize(face_gray, FACE, interpolation=cv2.INTER_AREA)[y: y + h, x: x + w].astype(np.float32)
    patch -= patch.mean()
    norm = float(np.linalg.norm(patch))
    return np.asarray(patch / norm if norm > 1e-6 else patch, dtype=np.float32)


def _blank() -> npt.NDArray[np.uint8]:
    return np.full((FACE[1], FACE[0], 3), 250, np.uint8)


@dataclass
class CornerReader:
    """Rank and suit templates; `read` answers a card id with a confidence, or None."""

    ranks: dict[str, list[npt.NDArray[np.float32]]] = field(default_factory=dict)
    suits: dict[str, list[npt.NDArray[np.float32]]] = field(default_factory=dict)

    @classmethod
    def standard(cls) -> CornerReader:
        reader = cls()
        for rank in (*RANKS, "JK"):
            for font in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX):
                canvas = _blank()
                draw_rank(canvas, rank, RANK_BOX, red=False, font=font)
                reader.ranks.setdefault(rank, []).append(_corner(to_gray(canvas), _padded(RANK_BOX)))
        for suit in SUITS:
            canvas = _blank()
            x, y, w, h = SUIT_BOX
            draw_suit(canvas, suit, (x + w // 2, y + h // 2), int(w * 0.8))
            reader.suits.setdefault(suit, []).append(_corner(to_gray(canvas), _padded(SUIT_BOX)))
        return reader

    def learn(self, card_id: str, face: npt.NDArray[np.uint8]) -> None:
        """Adds the corner of an upright photographed face as a template for its rank and suit."""
        gray = to_gray(face)
        card = card_id.upper()
        if card not in PLAYING_CARD_IDS:
            raise ValueError(f"{card_id!r} is not a playing card id (2H .. AS, JK)")
        rank, suit = (JOKER, None) if card == JOKER else (card[:-1], card[-1])
        self.ranks.setdefault(rank, []).append(_corner(gray, _padded(RANK_BOX)))
        if suit:
            self.suits.setdefault(suit, []).append(_corner(gray, _padded(SUIT_BOX)))

    def read(self, face: npt.NDArray[np.uint8]) -> tuple[str, float] | None:
        """Both corner indices must agree (a card prints two); one alone must be clear-cut."""
        first = self.read_corner(face)
        second = self.read_corner(np.ascontiguousarray(np.asarray(face)[::-1, ::-1]))
        if first and second:
            return (first[0], min(first[1], second[1])) if first[0] == second[0] else None
        alone = first or second
        return alone if alone and alone[1] >= SINGLE_CORNER_SCORE else None

    def read_corner(self, face: npt.NDArray[np.uint8]) -> tuple[str, float] | None:
        """The index in the top-left corner of an upright face."""
        gray = to_gray(face)
        rank, rank_score = _best(self.ranks, _corner(gray, _padded(RANK_BOX)))
        if rank is None:
            return None
        if rank == JOKER:
            return JOKER, rank_score
        red = _is_red(face)
        suits = {s: t for s, t in self.suits.items() if (s in RED_SUITS) == red}
        suit, suit_score = _best(suits, _corner(gray, _padded(SUIT_BOX)))
        if suit is None:
            return None
        return rank + suit, min(rank_score, suit_score)

    def identify(self, image: npt.NDArray[np.uint8], quad: Quad, deck: DeckCatalog | None = None) -> (
            CardSighting | None):
        """The card in `quad` as a playing card, or as the card of `deck` (a catalog of a standard
        deck, e.g. MACE's) when one is given."""
        face = rectify(to_bgr(image), quad, FACE)
        found = self.read(face)
        if found is None:
            return None
        card_id, score = found
        catalog = CATALOG
        if deck is not None:
            red = _is_red(face) or _is_red(np.ascontiguousarray(face[::-1, ::-1]))
            card_id = deck.card_for(card_id, red)
            catalog = deck.catalog
        polygon = tuple((float(x), float(y)) for x, y in quad)
        return CardSighting("card", "corner-index", polygon, score, catalog=catalog, card_id=card_id)


@dataclass(frozen=True)
class DeckCatalog:
    """A catalog whose cards are a standard deck, with ids like `10h` and `qs` (MACE's), and its
    jokers: `rj`/`bj` (red and black) when it tells them apart, else `jk`."""

    catalog: str
    jokers: tuple[str, ...]

    @classmethod
    def recognise(cls, catalog: str, card_ids: list[str]) -> DeckCatalog | None:
        """Whether a catalog is a standard deck: every one of the 52 cards under its usual id."""
        ids = set(card_ids)
        if not all(card.lower() in ids for card in PLAYING_CARD_IDS if card != JOKER):
            return None
        return cls(catalog, tuple(j for j in ("rj", "bj", "jk") if j in ids))

    def card_for(self, card_id: str, red: bool) -> str:
        if card_id != JOKER:
            return card_id.lower()
        wanted = "rj" if red else "bj"
        if wanted in self.jokers:
            return wanted
        return "jk" if "jk" in self.jokers else card_id.lower()


def _padded(box: tuple[int, int, int, int], pad: int = 4) -> tuple[int, int, int, int]:
    x, y, w, h = box
    return (max(0, x - pad), max(0, y - pad), w + 2 * pad, h + 2 * pad)


def _best(templates: dict[str, list[npt.NDArray[np.float32]]], patch: npt.NDArray[np.float32]) -> tuple[
        str | None, float]:
    """The label whose best template correlates most, if clear of the runner-up; small shifts tried."""
    scores: dict[str, float] = {}
    for label, variants in templates.items():
        scores[label] = max(_shifted_correlation(patch, t) for t in variants)
    if not scores:
        return None, 0.0
    ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
    best, score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
    if score < MIN_SCORE or score - runner_up < MIN_MARGIN:
        return None, score
    return best, score


def _shifted_correlation(patch: npt.NDArray[np.float32], template: npt.NDArray[np.float32]) -> float:
    """Correlation allowing the index to sit up to 4 px off (decks differ, outlines are not exact)."""
    inner = template[4:-4, 4:-4]
    result = cv2.matchTemplate(patch, inner, cv2.TM_CCOEFF_NORMED)
    return float(result.max())


def _is_red(face: npt.NDArray[np.uint8]) -> bool:
    bgr = cv2.resize(to_bgr(face), FACE, interpolation=cv2.INTER_AREA)
    x, y, w, h = _padded(SUIT_BOX)
    corner = bgr[RANK_BOX[1]: y + h, x: x + w].astype(np.int32)
    ink = corner.sum(axis=2) < 450
    if not ink.any():
        return False
    blue, green, red = (corner[:, :, i][ink] for i in range(3))
    return bool(np.median(red - np.maximum(blue, green)) > 40)


def playing_card_face(card_id: str, font: int = cv2.FONT_HERSHEY_DUPLEX) -> npt.NDArray[np.uint8]:
    """A plain playing card face: indices in two corners, pips or a letter in the middle."""
    card = card_id.upper()
    canvas = _blank()
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
    return canvas
