"""Real tag pictures for the scanning tests: Shinpan tags drawn by segno, placed on a table-like frame,
and a Y4M video of them for Chromium's fake camera (--use-file-for-fake-video-capture)."""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import segno

from cardscans.tagformat import encode_tag

FRAME = (480, 640)  # rows, columns: what flet-camera's MEDIUM preset asks for


def tag_frame(catalog: str, card_id: str, copy: int = 1) -> npt.NDArray[np.uint8]:
    """A 640x480 BGR picture of one printed tag on a light table."""
    buffer = io.BytesIO()
    segno.make_qr(encode_tag(catalog, card_id, copy), error="m").save(buffer, kind="png", scale=8, border=4)
    tag = cv2.imdecode(np.frombuffer(buffer.getvalue(), np.uint8), cv2.IMREAD_COLOR)
    assert tag is not None, "segno's PNG did not decode"
    frame = np.full((*FRAME, 3), 225, np.uint8)
    top, left = (FRAME[0] - tag.shape[0]) // 2, (FRAME[1] - tag.shape[1]) // 2
    frame[top:top + tag.shape[0], left:left + tag.shape[1]] = tag
    return frame


def png_bytes(image: npt.NDArray[np.uint8]) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return data.tobytes()


def blank_frame() -> npt.NDArray[np.uint8]:
    return np.full((*FRAME, 3), 225, np.uint8)


def write_y4m(frames: list[npt.NDArray[np.uint8]], path: Path, repeat: int = 15) -> Path:
    """A raw 4:2:0 video Chromium loops as its fake camera."""
    height, width = FRAME
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            yuv = cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes()
            for _ in range(repeat):
                out.write(b"FRAME\n" + yuv)
    return path
