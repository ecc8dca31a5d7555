"""The bridge to `cardscans/`: a picture's bytes in, the cards seen (left to right) and what else was seen out.

The app never needs OpenCV or a decoder itself; everything about pixels stays in `cardscans`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.app.paths import user_file
from companion.rules.catalog import Catalog

OUTLINE_CARD = (40, 160, 40)  # BGR: green box, and the card's name written beside it
OUTLINE_OTHER = (30, 30, 200)  # red box for a foreign tag or an unrecognised card, with what it is


@dataclass(frozen=True)
class SeenCard:
    card_id: str
    method: str  # qr, photo, corner-index


@dataclass(frozen=True)
class ScanOutcome:
    cards: tuple[SeenCard, ...]  # cards of this match's catalog, left to right
    notes: tuple[str, ...]  # foreign tags and unrecognised cards, each said in words
    outlined_png: bytes  # the picture with every tag and card outlined and named


@dataclass(frozen=True)
class PlayingCardPrint:
    """How the playing cards in hand print their corner index (chosen on the Decks screen): its
    letters (english, german, french: the names cardscans knows) and in how many corners (2 or 4)."""

    letters: str = "english"
    corners: int = 4


class ScanFailed(Exception):
    """The picture could not be read at all (empty, truncated, not an image)."""


FACES_ENV = "SHINPAN_FACES"
# Pictures are read and registered off the screen's thread (scan_panel, the Decks screen), so two may
# come at once (a tap on Take picture during a continuous scan; two tables on one served app). One is
# handled at a time: a scanner fills its caches (the corner reader's glyph banks, the lru_caches here)
# as it reads, and a registration reads, changes and saves the one face gallery.
_ONE_PICTURE_AT_A_TIME = threading.Lock()


def faces_path() -> Path:
    """The face gallery of cards registered by photo: `SHINPAN_FACES`, else faces.npz in the data folder."""
    return user_file(FACES_ENV, "faces.npz")


def _faces_version() -> float:
    path = faces_path()
    return path.stat().st_mtime if path.exists() else 0.0


@lru_cache(maxsize=2)
def _gallery(faces_version: float) -> tuple[Any, str]:
    """The registered faces as they are on disk, and what went wrong with them ("" when nothing did)."""
    from cardscans.imageio import ImageError
    from cardscans.recognizer import FaceGallery

    if not faces_version:
        return None, ""
    try:
        return FaceGallery.load(faces_path()), ""
    except ImageError as error:
        # Tags still read: a damaged gallery costs only the cards registered by photo.
        return None, (f"the cards registered by photo cannot be read ({error}): "
                      "register them again under Decks and tags")


@lru_cache(maxsize=8)
def _scanner_for(catalog_id: str | None, faces_version: float, card_print: PlayingCardPrint) -> tuple[Any, str]:
    from cardscans.pipeline import Scanner

    gallery, problem = _gallery(faces_version)
    # Settings keep only the values cardscans knows (english, german, french; 2 or 4).
    return Scanner.for_catalog(catalog_id, gallery, card_indices=card_print.letters,  # type: ignore[arg-type]
                               index_corners=card_print.corners), problem  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def _qr_reader() -> Any:
    """The QR decoders this build can carry: a phone build exactly pyzbar and OpenCV, no zxing-cpp."""
    from cardscans.platforms import decoder_chain_for, running_platform
    from cardscans.qrchain import QrReader

    return QrReader.create(decoder_chain_for(running_platform()))


def _scanner(catalog_id: str | None, known: Catalog | None = None,
             card_print: PlayingCardPrint = PlayingCardPrint()) -> tuple[Any, str]:
    """The scanner for a catalog, or for a known one (a player's own deck, made per match), with the
    registered faces as they are on disk now and the corner indices of the playing cards in hand."""
    if known is None:
        scanner, problem = _scanner_for(catalog_id, _faces_version(), card_print)
    else:
        from cardscans.pipeline import Scanner

        gallery, problem = _gallery(_faces_version())
        scanner = Scanner.for_known_catalog(known, gallery)
    scanner.reader = _qr_reader()
    return scanner, problem


def register_card_photo(catalog_id: str, card_id: str, data: bytes, source: str = "photo") -> None:
    """Teach the face gallery a card from a photo of it alone on the table; raises ScanFailed."""
    from cardscans.imageio import ImageError, decode_image_bytes
    from cardscans.recognizer import FaceGallery

    path = faces_path()
    try:
        photo = decode_image_bytes(data, source)
        with _ONE_PICTURE_AT_A_TIME:
            gallery = FaceGallery.load(path) if path.exists() else FaceGallery()
            gallery.register_photo(catalog_id, card_id, photo)
            path.parent.mkdir(parents=True, exist_ok=True)
            gallery.save(path)  # GalleryError (an ImageError) when the file cannot be written
    except ImageError as error:
        raise ScanFailed(str(error)) from None
    except OSError as error:
        raise ScanFailed(f"the face gallery {path} cannot be written ({error.strerror}); nothing was changed") from None


def scan_picture(data: bytes, catalog_id: str | None, source: str = "picture",
                 known: Catalog | None = None, card_print: PlayingCardPrint = PlayingCardPrint()) -> ScanOutcome:
    import cv2

    from cardscans.imageio import ImageError, decode_image_bytes

    try:
        image = decode_image_bytes(data, source)
    except ImageError as error:
        raise ScanFailed(str(error)) from None
    with _ONE_PICTURE_AT_A_TIME:
        scanner, gallery_problem = _scanner(catalog_id, known, card_print)
        try:
            sightings = scanner.scan(image, effort="fast" if source == "camera picture" else "auto")
        except Exception as error:  # the screen's boundary: one message, the match untouched
            raise ScanFailed(f"the {source} could not be scanned ({type(error).__name__}: {error})") from None
    cards: list[SeenCard] = []
    notes = [gallery_problem] if gallery_problem else []
    canvas = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    for sighting in sightings:
        if sighting.kind == "card" and sighting.card_id:
            cards.append(SeenCard(sighting.card_id, sighting.method))
            label, colour = sighting.card_id.upper(), OUTLINE_CARD
        elif sighting.kind == "foreign":
            notes.append(f"a code that is not this game's card ({sighting.reason or 'not a Shinpan tag'})")
            label, colour = "not a card here", OUTLINE_OTHER
        else:
            notes.append("a card that was not recognised: register it under Decks and tags, or pick it by hand")
            label, colour = "unrecognised", OUTLINE_OTHER
        points = [(int(x), int(y)) for x, y in sighting.polygon]
        if points:
            import numpy as np

            cv2.polylines(canvas, [np.array(points, dtype=np.int32)], True, colour, 4)
            cv2.putText(canvas, label, (points[0][0], max(16, points[0][1] - 8)), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                        colour, 2)
    ok, png = cv2.imencode(".png", canvas)
    return ScanOutcome(tuple(cards), tuple(notes), png.tobytes() if ok else b"")


def tag_sheet_pdf(catalog_id: str) -> tuple[str, bytes]:
    """A printable PDF of QR tags, one per copy of every card of the catalog (counts the catalog knows)."""
    import tempfile

    from cardscans.decklist import catalog_cards, stickers
    from cardscans.sheets import write_sheet

    with tempfile.TemporaryDirectory(prefix="shinpan-sheet-") as folder:
        path = Path(folder) / f"{catalog_id}-tags.pdf"
        write_sheet(stickers(catalog_id, catalog_cards(catalog_id)), path, title=f"Shinpan tags: {catalog_id}")
        return path.name, path.read_bytes()
