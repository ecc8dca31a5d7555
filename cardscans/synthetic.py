"""Synthetic card faces, tables and camera effects, for tests and benchmarks.

Every function takes a seed or a numpy Generator and is deterministic, so a benchmark's frames are
the same on every machine.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
FACE_PIXELS = (252, 352)  # a 63 x 88 mm card at 4 px per mm


def card_face(seed: int, size: tuple[int, int] = FACE_PIXELS) -> Image:
    """A distinct illustrated card: white border, coloured panel, art of random shapes, a title."""
    rng = np.random.default_rng(seed)
    width, height = size
    face = np.full((height, width, 3), 245, np.uint8)
    border = width // 14
    panel = tuple(int(c) for c in rng.integers(40, 220, 3))
    cv2.rectangle(face, (border, border), (width - border, height - border), panel, -1)
    art_top, art_bottom = border + height // 8, height - border - height // 5
    cv2.rectangle(face, (border * 2, art_top), (width - border * 2, art_bottom),
                  tuple(int(c) for c in rng.integers(0, 256, 3)), -1)
    frame = face.copy()  # the art stays inside its frame, as printed cards keep their border
    for _ in range(int(rng.integers(8, 15))):
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        x, y = int(rng.integers(border * 2, width - border * 2)), int(rng.integers(art_top, art_bottom))
        shape = rng.integers(0, 3)
        if shape == 0:
            cv2.circle(face, (x, y), int(rng.integers(8, width // 4)), colour, -1)
        elif shape == 1:
            w, h = int(rng.integers(10, width // 2)), int(rng.integers(10, height // 3))
            cv2.rectangle(face, (x, y), (min(x + w, width - 2 * border), min(y + h, art_bottom)), colour, -1)
        else:
            points = rng.integers([border * 2, art_top], [width - border * 2, art_bottom], (3, 2))
            cv2.fillPoly(face, [points.astype(np.int32)], colour)
    outside = np.ones(face.shape[:2], bool)
    outside[art_top: art_bottom + 1, border * 2: width - border * 2 + 1] = False
    face[outside] = frame[outside]
    title = "".join(chr(int(c)) for c in rng.integers(65, 91, int(rng.integers(4, 9))))
    cv2.putText(face, title, (border * 2, border + height // 12), cv2.FONT_HERSHEY_SIMPLEX,
                width / 420, (20, 20, 20), 2, cv2.LINE_AA)
    cv2.putText(face, str(int(rng.integers(1, 100))), (border * 2, height - border - height // 16),
                cv2.FONT_HERSHEY_DUPLEX, width / 300, (250, 250, 250), 2, cv2.LINE_AA)
    return np.asarray(face, dtype=np.uint8)


def table(rng: np.random.Generator, size: tuple[int, int] = (1280, 720), clutter: int = 12) -> Image:
    """A table top: a wood or cloth colour with texture, and clutter (coins, pens, paper scraps)."""
    width, height = size
    base = np.array(rng.choice([(40, 70, 110), (50, 110, 60), (60, 60, 70), (90, 110, 140)]), np.float32)
    low = cv2.resize(rng.normal(0, 14, (height // 32, width // 32)).astype(np.float32), (width, height))
    grain = rng.normal(0, 4, (height, width, 3)).astype(np.float32)
    canvas = np.clip(base + low[:, :, None] + grain, 0, 255).astype(np.uint8)
    for _ in range(clutter):
        colour = tuple(int(c) for c in rng.integers(0, 200, 3))
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        kind = rng.integers(0, 3)
        if kind == 0:
            cv2.circle(canvas, (x, y), int(rng.integers(8, 30)), colour, -1)
        elif kind == 1:
            x2, y2 = x + int(rng.integers(-200, 200)), y + int(rng.integers(-60, 60))
            cv2.line(canvas, (x, y), (x2, y2), colour, int(rng.integers(3, 10)))
        else:
            points = rng.integers([x - 40, y - 40], [x + 40, y + 40], (5, 2)).astype(np.int32)
            cv2.fillPoly(canvas, [points], colour)
    return np.asarray(canvas, dtype=np.uint8)


def place(canvas: Image, picture: Image, corners: npt.NDArray[np.float32]) -> Image:
    """Pastes `picture` onto `canvas` so its corners land on `corners` (TL, TR, BR, BL)."""
    h, w = picture.shape[:2]
    source = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, corners.astype(np.float32))
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpPerspective(picture, matrix, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), matrix, size, flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float32) / 255.0)[:, :, None]
    out = canvas.astype(np.float32) * (1 - alpha) + warped.astype(np.float32) * alpha
    return np.asarray(out.astype(np.uint8), dtype=np.uint8)


def turned_corners(centre: tuple[float, float], width: float, height: float,
                   degrees: float) -> npt.NDArray[np.float32]:
    """Corners of a width x height rectangle about `centre`, turned by `degrees`, clockwise from the
    top left as it stands."""
    angle = np.deg2rad(degrees)
    half = np.array([[-width, -height], [width, -height], [width, height], [-width, height]], np.float32) / 2
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]], np.float32)
    return np.asarray(half @ rotation.T + np.array(centre, np.float32), dtype=np.float32)


def tilted_corners(rng: np.random.Generator, centre: tuple[float, float], width: float, height: float,
                   max_angle: float = 20.0, perspective: float = 0.08) -> npt.NDArray[np.float32]:
    """Corners of a width x height rectangle turned by up to max_angle degrees, with each corner
    moved by up to `perspective` of the size (a camera not straight above the table)."""
    corners = turned_corners(centre, width, height, rng.uniform(-max_angle, max_angle))
    jitter = rng.uniform(-perspective, perspective, (4, 2)) * np.array([width, height])
    return np.asarray(corners + jitter, dtype=np.float32)


def _green_mat(height: int, width: int) -> Image:
    """A card table's plain green mat (BGR)."""
    return np.full((height, width, 3), (60, 90, 30), np.uint8)


def trick(back: Image, front: Image, seed: int = 5) -> Image:
    """Two card faces on a green mat, the front one over the back one's lower half, turned a little
    (a trick as a game of tricks leaves it), photographed."""
    scene = place(_green_mat(900, 700), back, turned_corners((330, 300), 250, 350, 4.0))
    scene = place(scene, front, turned_corners((380, 560), 250, 350, -12.0))
    return camera(scene, np.random.default_rng(seed), blur=0.8, noise=3.0, light=0.1)


def fan(faces: list[Image], seed: int = 5, step: float = 80.0) -> Image:
    """Card faces fanned left to right on a green mat, each laid over the one before, which still
    shows a strip `step` pixels wide on its left (a hand laid down to be seen), turned a little
    each, photographed."""
    scene = _green_mat(700, 500 + int(step) * len(faces))
    for index, face in enumerate(faces):
        scene = place(scene, face, turned_corners((250 + step * index, 350), 250, 350, -4.0 + 3.0 * index))
    return camera(scene, np.random.default_rng(seed), blur=0.8, noise=3.0, light=0.1)


def camera(image: Image, rng: np.random.Generator, blur: float = 1.0, noise: float = 6.0,
           light: float = 0.35) -> Image:
    """Uneven light (a gradient of up to +-light), defocus blur of sigma up to `blur`, sensor noise."""
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    gradient = 1.0 + light * (gx * (xs / w - 0.5) + gy * (ys / h - 0.5)) + rng.uniform(-0.1, 0.1)
    out = image.astype(np.float32) * (gradient[:, :, None] if image.ndim == 3 else gradient)
    sigma = rng.uniform(0.3, blur) if blur > 0.3 else blur
    if sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out = out + rng.normal(0, noise, out.shape)
    return np.asarray(np.clip(out, 0, 255).astype(np.uint8), dtype=np.uint8)


def photograph_card(face: Image, rng: np.random.Generator, height_fraction: float,
                    frame: tuple[int, int] = (1280, 720)) -> tuple[Image, npt.NDArray[np.float32]]:
    """A frame of a table with `face` on it at `height_fraction` of the frame height; its corners."""
    canvas = table(rng, frame)
    card_height = height_fraction * frame[1]
    card_width = card_height * face.shape[1] / face.shape[0]
    margin = card_height * 0.65
    centre = (rng.uniform(margin, frame[0] - margin), rng.uniform(margin, frame[1] - margin))
    corners = tilted_corners(rng, centre, card_width, card_height)
    return camera(place(canvas, face, corners), rng), corners


def qr_picture(text: str, module_px: int = 8, border: int = 4) -> Image:
    """A printed QR code (black on white, `border` modules of quiet zone) as a BGR picture."""
    import segno

    qr = segno.make_qr(text, error="m", boost_error=False)
    matrix = np.array([list(row) for row in qr.matrix], np.uint8)
    matrix = np.pad(matrix, border)
    picture = np.where(matrix == 1, 0, 255).astype(np.uint8)
    picture = np.asarray(cv2.resize(picture, None, fx=module_px, fy=module_px, interpolation=cv2.INTER_NEAREST),
                         dtype=np.uint8)
    return np.asarray(cv2.cvtColor(picture, cv2.COLOR_GRAY2BGR), dtype=np.uint8)


def tag_scene(rng: np.random.Generator, texts: list[str], code_px: float,
              frame: tuple[int, int] = (1280, 720)) -> tuple[Image, list[tuple[float, float]]]:
    """A table with one card per text laid left to right, each with its tag sticker; the code
    (without its quiet zone) is about `code_px` pixels wide. Returns the frame and tag centres."""
    canvas = table(rng, frame)
    centres: list[tuple[float, float]] = []
    slot = frame[0] / len(texts)
    card_height = min(frame[1] * 0.6, slot * 1.2)
    for index, text in enumerate(texts):
        face = card_face(int(rng.integers(0, 1_000_000)))
        centre = (slot * (index + 0.5) + rng.uniform(-0.05, 0.05) * slot, frame[1] / 2 + rng.uniform(-60, 60))
        corners = tilted_corners(rng, centre, card_height * face.shape[1] / face.shape[0], card_height, 12, 0.04)
        canvas = place(canvas, face, corners)
        sticker = qr_picture(text)
        modules = sticker.shape[0] / 8 - 8
        side = code_px * (modules + 8) / modules
        tag_corners = tilted_corners(rng, centre, side, side, 15, 0.05)
        canvas = place(canvas, sticker, tag_corners)
        centres.append(centre)
    return camera(canvas, rng, blur=1.0, noise=5.0), centres


def photograph_page(page: Image, rng: np.random.Generator, frame: tuple[int, int] = (2400, 3200),
                    tilt: float = 0.04) -> Image:
    """A printed page photographed from above and a little aside: perspective, light, blur, noise."""
    h, w = page.shape[:2]
    fw, fh = frame
    scale = min(fw / w, fh / h) * 0.92
    pw, ph = w * scale, h * scale
    corners = np.array([[fw / 2 - pw / 2, fh / 2 - ph / 2], [fw / 2 + pw / 2, fh / 2 - ph / 2],
                        [fw / 2 + pw / 2, fh / 2 + ph / 2], [fw / 2 - pw / 2, fh / 2 + ph / 2]], np.float32)
    corners += rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * np.array([pw, ph], np.float32)
    canvas = table(rng, frame, clutter=4)
    colour = page if page.ndim == 3 else np.asarray(cv2.cvtColor(page, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    return camera(place(canvas, colour, corners), rng, blur=0.8, noise=4.0)
