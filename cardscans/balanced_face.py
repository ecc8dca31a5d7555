"""A rectified card face over its own paper: white-balanced by the paper of its border ring (or of
its top-left corner, for a face laid around an index found without the card's outline), where a
shadow or a lamp's fall-off darkens part of it by a white that follows the light (paper_light), and
its ink, the pixels much darker than that white in any channel. Whether a photo holds any colour at
all is told here too: in a greyscale one, ink's colour says nothing. Cutting the index's glyphs from
such a face is cardscans.card_glyphs' job.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import to_bgr
from cardscans.paper_light import FACE, RING_SAMPLE, ring_white, shading

# share of the face's width and height searched for the index: jumbo indices (a rank a fifth of the
# card high) put their suit down to about 0.45 of the height
CORNER = (0.22, 0.48)
INK_DARKNESS = 0.55  # ink: some channel below this share of the paper's white
# a face's border ring (its paper) whose brightest channel's median is at most this is dark paper:
# black-deck tune photos measure 10-87 there. An outline round a white card that strays onto a dark
# table measures less too (28 on a tune photo), so a face is read as light on dark only when it
# reads nothing as printed
DARK_PAPER = 110
# a photo taken or stored in greyscale (some of the Ammememe set's) has its three channels equal to
# within JPEG rounding: 0-2 levels apart at the 99th percentile of a frame's pixels, where the 130
# colour frames of cards-real measure 38 or more. Below this spread a face's ink colour says
# nothing: red and black must be told apart by the suit's shape alone
COLOURLESS_SPREAD = 4
# a face's ink plainly coloured: channels this far apart (a red pip's spread is 60 and more, JPEG
# ringing about black ink in a colour photo under 20) on this share of its pixels (a red ace's
# index and pip cover about 2 %)
COLOURED_SPREAD = 40
COLOURED_SHARE = 0.005


class Corner(NamedTuple):
    """A face's top-left corner: its pixels, their darkest channel over the paper's white, and its ink."""

    bgr: npt.NDArray[np.uint8]
    darkest: npt.NDArray[np.uint8]
    ink: npt.NDArray[np.uint8]


class BalancedFace:
    """A face at FACE size and its paper's white: `image` divides it by that white (1.0 is the
    card's own white), `darkest` is its darkest channel per pixel (0-255 for 0.0-1.0, paper at 255).

    A face placed around an index spot found without its card's outline is balanced corner first
    (`corner_first`): its top-left corner, all an index read needs, is warped and balanced alone,
    and the rest only when something looks past it (the pips, a picture). The whole face takes
    five times as long, and most spots read are no card at all. `top_left` serves the corner
    either way; every other view is of the whole face."""

    def __init__(self, bgr: npt.NDArray[np.uint8], white: npt.NDArray[np.float32], ink: npt.NDArray[np.uint8],
                 paper_contrast: float, darkest: npt.NDArray[np.uint8], mirrored: bool = False,
                 colourless: bool = False) -> None:
        self.white = white
        # seen in a mirror (`mirrored`): glyphs cut from it are turned back, so they read as printed
        self.mirrored = mirrored
        self.colourless = colourless  # from a greyscale photo: its ink's colour is unknown (`is_colourless`)
        # what was measured on the face once (its pips), for the cues that ask again
        self.measured: dict[str, object] = {}
        self._whole: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], float, npt.NDArray[np.uint8]] | None = (
            bgr, ink, paper_contrast, darkest)
        self._corner = Corner(bgr, darkest, ink)
        self._rest: Callable[[], npt.NDArray[np.uint8]] | None = None

    @classmethod
    def corner_first(cls, corner: npt.NDArray[np.uint8], white: npt.NDArray[np.float32],
                     whole: Callable[[], npt.NDArray[np.uint8]]) -> BalancedFace:
        """A face of which only `corner` (its top-left pixels, from a photo with colour) is balanced
        by `white`; `whole` gives all its pixels, balanced by the same white when first asked for."""
        face = cls.__new__(cls)
        face.white, face.mirrored, face.colourless, face.measured = white, False, False, {}
        darkest = _darkest(_scaled(corner, white))
        face._whole, face._corner, face._rest = None, Corner(corner, darkest, _ink(darkest)), whole
        return face

    def top_left(self, width: int, height: int) -> Corner:
        """The face's top-left `width` x `height` pixels (from the corner alone when it holds them)."""
        if width > self._corner.bgr.shape[1] or height > self._corner.bgr.shape[0]:
            return Corner(self.bgr[:height, :width], self.darkest[:height, :width], self.ink[:height, :width])
        bgr, darkest, ink = self._corner
        return Corner(bgr[:height, :width], darkest[:height, :width], ink[:height, :width])

    def _completed(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], float, npt.NDArray[np.uint8]]:
        if self._whole is None:
            assert self._rest is not None
            whole = _balanced_by(self._rest(), self.white, colourless=False)
            self._whole = (whole.bgr, whole.ink, whole.paper_contrast, whole.darkest)
        return self._whole

    @property
    def bgr(self) -> npt.NDArray[np.uint8]:
        return self._completed()[0]

    @property
    def ink(self) -> npt.NDArray[np.uint8]:
        return self._completed()[1]

    @property
    def paper_contrast(self) -> float:
        """How much darker the darkest ink is than the paper (0: a blank or a blur)."""
        return self._completed()[2]

    @property
    def darkest(self) -> npt.NDArray[np.uint8]:
        return self._completed()[3]

    @property
    def image(self) -> npt.NDArray[np.float32]:
        """The whole face balanced (slow: glyphs balance only their own pixels, `balanced_pixels`)."""
        return self.balanced_pixels(self.bgr)

    def balanced_pixels(self, pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        return np.asarray(np.minimum(pixels.astype(np.float32) / self.white, 1.5), dtype=np.float32)

    def turned(self) -> BalancedFace:
        """The same face upside down (its other corner index at the top left), without balancing
        again: the border ring the white comes from is the same ring turned."""
        return BalancedFace(self.bgr[::-1, ::-1], self.white, self.ink[::-1, ::-1], self.paper_contrast,
                            self.darkest[::-1, ::-1], self.mirrored, self.colourless)

    def mirrored_face(self) -> BalancedFace:
        """The face left to right, so its top-right corner lies at the top left: a deck printing
        four indices prints that one upright too, and its glyphs are cut, then turned back, with the
        card's edge where the top-left index has it."""
        return BalancedFace(self.bgr[:, ::-1], self.white, self.ink[:, ::-1], self.paper_contrast,
                            self.darkest[:, ::-1], not self.mirrored, self.colourless)


def balance(face: npt.NDArray[np.uint8], colourless: bool = False) -> BalancedFace:
    """White balance from the card's border ring, where every standard card is plain paper.
    `colourless`: the photo holds no colour at all (`is_colourless` of the whole frame, not of the
    face: a black card drawn in perfectly neutral ink is colourless on its face, yet black)."""
    bgr = _face_sized(face)
    return _balanced_by(bgr, ring_white(bgr), colourless, shading(bgr))


def light_on_dark(face: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8] | None:
    """A FACE-sized card printed in light ink on dark paper (a black deck's gold and white), as dark
    ink on light paper in grey, for the corner reader to read as a greyscale photo; None when its
    border ring, plain paper on every standard card, is not dark."""
    ring = np.ascontiguousarray(face).reshape(-1, 3)[RING_SAMPLE]
    if float(np.median(ring.max(axis=1))) > DARK_PAPER:
        return None
    grey = 255 - np.asarray(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    return np.asarray(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), dtype=np.uint8)


def balance_by_corner(face: npt.NDArray[np.uint8], colourless: bool = False) -> BalancedFace:
    """White balance from the top-left corner index's surroundings: for a face placed around an
    index found without the card's outline (cardscans.index_pairs), whose border ring may be table
    or past the frame. Glyphs cover well under a quarter of the corner, so its brighter quarter is
    paper."""
    bgr = _face_sized(face)
    return _balanced_by(bgr, corner_white(bgr), colourless)


def corner_white(bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """Each channel's white by the top-left corner of a face (`balance_by_corner`), or of as much
    of one as holds that corner."""
    corner = np.ascontiguousarray(bgr[: int(CORNER[1] * FACE[1]), : int(CORNER[0] * FACE[0])]).reshape(-1, 3)
    nth = int(0.75 * (len(corner) - 1))
    return np.maximum([nth_smallest(corner[:, channel], nth) for channel in range(3)], 1).astype(np.float32)


def _face_sized(face: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    bgr = to_bgr(face)
    if bgr.shape[:2] != (FACE[1], FACE[0]):
        bgr = np.asarray(cv2.resize(bgr, FACE, interpolation=cv2.INTER_AREA), dtype=np.uint8)
    return bgr


def _balanced_by(bgr: npt.NDArray[np.uint8], white: npt.NDArray[np.float32], colourless: bool,
                 shading: npt.NDArray[np.float32] | None = None) -> BalancedFace:
    darkest = _darkest(_scaled(bgr, white, shading))
    sample = darkest[::2, ::2].ravel()
    contrast = float(1.0 - nth_smallest(sample, len(sample) // 100) / 255.0)
    # a frame judged greyscale by a sample of its pixels may hold a small card whose red ink the
    # sample missed (a neutral table, a card a tenth of the frame wide): ink this face shows in colour
    # is coloured, and its suit's colour is then read from it
    return BalancedFace(bgr, white, _ink(darkest), contrast, darkest,
                        colourless=colourless and not _shows_colour(bgr))


def _scaled(bgr: npt.NDArray[np.uint8], white: npt.NDArray[np.float32],
            shading: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.uint8]:
    """Each channel over its white, in 8 bits (ink is far below the paper, so clipping at the
    paper's white loses nothing the cut needs)."""
    if shading is None:
        # through a lookup table
        levels = np.arange(256, dtype=np.float32)[:, None] * (255.0 / white)[None, :]
        table = np.clip(np.round(levels), 0, 255).astype(np.uint8).reshape(256, 1, 3)
        return np.asarray(cv2.LUT(bgr, table), dtype=np.uint8)
    # a white that follows the light across the face: each channel's plane of whites, then one
    # division by OpenCV (NumPy's broadcast division and clip took ten times as long, 1.8 ms a
    # face, for the same bytes: every quotient is non-negative, so only its top is clipped)
    whites = cv2.merge([shading * channel for channel in (white / 255.0).astype(np.float32)])
    quotient = np.asarray(cv2.divide(bgr, whites, dtype=cv2.CV_32F), dtype=np.float32)
    return np.minimum(quotient, 255.0, out=quotient).astype(np.uint8)


def _darkest(scaled: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    blue, green, red = cv2.split(scaled)
    return np.asarray(cv2.min(cv2.min(blue, green), red), dtype=np.uint8)


def _ink(darkest: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return (darkest < int(INK_DARKNESS * 255)).astype(np.uint8)


def _shows_colour(face: npt.NDArray[np.uint8]) -> bool:
    """Whether a face holds plainly coloured ink: COLOURED_SHARE of its pixels (every fourth one in
    each direction) spread more than COLOURED_SPREAD levels across their channels. A greyscale
    photo's never do (COLOURLESS_SPREAD)."""
    spread = _channel_spread(face, (face.shape[1] // 4, face.shape[0] // 4))
    return int(np.count_nonzero(spread > COLOURED_SPREAD)) >= COLOURED_SHARE * spread.size


def is_colourless(image: npt.NDArray[np.uint8]) -> bool:
    """Whether an image's three channels are equal nearly everywhere: a greyscale photo."""
    if image.ndim < 3:
        return True
    # 64 x 48 pixels picked evenly (no averaging, which would blur noise away): enough to see
    # whether any colour is there, in a twentieth of a millisecond
    spread = _channel_spread(image, (64, 48))
    # at the 99th percentile: a few coloured specks (JPEG ringing, dust) leave a photo greyscale
    return int(np.count_nonzero(spread > COLOURLESS_SPREAD)) <= 0.01 * spread.size


def _channel_spread(image: npt.NDArray[np.uint8], size: tuple[int, int]) -> npt.NDArray[np.uint8]:
    """How far apart each pixel's three channels are, on `size` (width, height) pixels picked
    evenly (no averaging, which would blur colour away)."""
    blue, green, red = cv2.split(cv2.resize(image, size, interpolation=cv2.INTER_NEAREST))
    return np.asarray(cv2.absdiff(cv2.max(cv2.max(blue, green), red), cv2.min(cv2.min(blue, green), red)),
                      dtype=np.uint8)


def nth_smallest(values: npt.NDArray[np.uint8], nth: int) -> int:
    """What np.partition(values, nth)[nth] is, by counting the 256 levels (several times faster)."""
    counts = np.cumsum(np.bincount(values, minlength=256))
    return int(np.searchsorted(counts, nth + 1))
