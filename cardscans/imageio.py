"""Reading frames safely: any bytes in, a greyscale array or one clear ImageError out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.rules.files import IMAGE_FILE_MAX, FileRefused, read_limited

Gray = npt.NDArray[np.uint8]
# A phone photo is 12-50 MP; decoding works on at most this many pixels (a 2.8:1 margin over a
# 1080p frame) so a 50 MP photo costs a bounded, small multiple of a preview frame.
MAX_WORK_PIXELS = 8_000_000
MAX_FILE_BYTES = IMAGE_FILE_MAX  # checked again here for bytes that came from a camera or an upload
MAX_IMAGE_PIXELS = 120_000_000  # a 100 MP camera's photo; a bigger claim is a decompression bomb

# A truncated file is reported once, as an ImageError, not also as OpenCV's own warning on stderr.
cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)


class ImageError(ValueError):
    """Input that is not a usable picture; the message says what to do."""


def decode_image_bytes(data: bytes, source: str = "image") -> npt.NDArray[np.uint8]:
    """BGR (or grey) pixels from encoded bytes (PNG, JPEG, WebP, BMP, TIFF...)."""
    if not data:
        raise ImageError(f"{source}: the file is empty; take the photo again")
    if len(data) > MAX_FILE_BYTES:
        raise ImageError(f"{source}: {len(data) // 2**20} MB is too large; export the photo at a smaller size")
    _check_dimensions(data, source)
    buffer = np.frombuffer(data, dtype=np.uint8)
    try:
        image = cv2.imdecode(buffer, cv2.IMREAD_COLOR)
    except cv2.error:
        image = None
    if image is None or image.size == 0:
        raise ImageError(f"{source}: not a readable image (truncated or not PNG/JPEG); take the photo again")
    return np.asarray(image, dtype=np.uint8)


def _check_dimensions(data: bytes, source: str) -> None:
    """Refuses a picture whose header claims more pixels than any camera takes, before decoding."""
    import io
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(data)) as header:
                width, height = header.size
    except Image.DecompressionBombError:  # Pillow's own, lower limit: far too large
        raise ImageError(f"{source}: larger than any camera photo; export it at a smaller size") from None
    except Exception:
        return  # not a format Pillow knows the header of: OpenCV decides
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageError(f"{source}: {width}x{height} pixels is larger than any camera photo; "
                         "export it at a smaller size")


def read_image(path: str | Path) -> npt.NDArray[np.uint8]:
    file = Path(path)
    try:
        data = read_limited(file, IMAGE_FILE_MAX, "photo")
    except FileRefused as error:
        raise ImageError(str(error)) from None
    except FileNotFoundError:
        raise ImageError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise ImageError(f"{file}: is a folder, not an image") from None
    except OSError as error:
        raise ImageError(f"{file}: cannot be read ({error.strerror})") from None
    return decode_image_bytes(data, str(file))


def to_gray(image: Any) -> Gray:
    """Greyscale uint8 from a grey, BGR or BGRA array; ImageError for anything else."""
    array = np.asarray(image)
    if array.size == 0 or array.ndim not in (2, 3):
        raise ImageError("the frame is empty; point the camera at the cards")
    if array.dtype != np.uint8:
        array = np.clip(array, 0, 255).astype(np.uint8)
    if array.ndim == 2:
        return np.ascontiguousarray(array)
    channels = array.shape[2]
    if channels == 1:
        return np.ascontiguousarray(array[:, :, 0])
    if channels == 3:
        return np.asarray(cv2.cvtColor(array, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    if channels == 4:
        return np.asarray(cv2.cvtColor(array, cv2.COLOR_BGRA2GRAY), dtype=np.uint8)
    raise ImageError(f"a frame with {channels} colour channels is not a photo")


def to_bgr(image: Any) -> npt.NDArray[np.uint8]:
    array = np.asarray(image)
    if array.ndim == 2:
        return np.asarray(cv2.cvtColor(array, cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    if array.ndim == 3 and array.shape[2] == 4:
        return np.asarray(cv2.cvtColor(array, cv2.COLOR_BGRA2BGR), dtype=np.uint8)
    return np.asarray(array, dtype=np.uint8)


def sharpened(gray: Gray, sigma: float = 1.5, amount: float = 1.0) -> Gray:
    """`gray` with its fine detail (under about `sigma` pixels) strengthened by `amount`: an unsharp mask."""
    blurred = cv2.GaussianBlur(gray, (0, 0), sigma)
    return np.asarray(cv2.addWeighted(gray, 1.0 + amount, blurred, -amount, 0), dtype=np.uint8)


def work_scale(shape: tuple[int, ...], max_pixels: int = MAX_WORK_PIXELS) -> float:
    """The factor (<= 1) that brings a frame down to at most max_pixels."""
    pixels = shape[0] * shape[1]
    return 1.0 if pixels <= max_pixels else float((max_pixels / pixels) ** 0.5)


def downscale(image: npt.NDArray[np.uint8], scale: float) -> npt.NDArray[np.uint8]:
    if scale >= 1.0:
        return image
    size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), dtype=np.uint8)
