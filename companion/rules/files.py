"""Reading a file someone handed over: its kind and size checked before a byte is read (issue 20).

`/dev/zero` or a sparse 3 GB file used to be read whole into memory, and a FIFO blocked forever. Every
file Shinpan reads on a person's say-so (a record, an export, a photo, an owner's values, a deck) comes
through `read_limited` with the limit of its kind, listed here and in docs/security.md.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MB = 1024 * 1024
RECORD_FILE_MAX = 16 * MB  # `shinpan replay` / `legal`: a record file, one match or a few
IMPORT_FILE_MAX = 256 * MB  # `shinpan import`: a JSON export of a club's whole history
IMAGE_FILE_MAX = 64 * MB  # a photo: a 48-megapixel phone JPEG is about 15 MB, a PNG of it about 60
OWNER_FILE_MAX = 1 * MB  # owner values and deck lists: a few hundred lines of TOML


class FileRefused(OSError):
    """A file that is not read at all: a folder, a device, a FIFO, or larger than its kind allows (an OSError,
    so a caller that already says "cannot be read" for one says it for these too)."""


def _size(count: int) -> str:
    return f"{count / MB:.1f} MB" if count >= MB else f"{count} bytes"


def read_limited(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them. Raises FileRefused for a folder,
    device, FIFO or socket (refused without opening it, so a FIFO cannot block) and for a file larger
    than `limit`; FileNotFoundError and other OSErrors pass through for the caller's own words."""
    file = Path(path)
    info = file.stat()
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused(f"{file}: is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"{file}: is not a regular file (a device, FIFO or socket); give a {what} file")
    if info.st_size > limit:
        raise FileRefused(f"{file}: is {_size(info.st_size)}; a {what} may be at most {_size(limit)}")
    # O_NONBLOCK: had the path become a FIFO since the check, opening it must not wait for a writer.
    descriptor = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FileRefused(f"{file}: is not a regular file (a device, FIFO or socket); give a {what} file")
        data = handle.read(limit + 1)
    if len(data) > limit:  # it grew since the check
        raise FileRefused(f"{file}: is larger than {_size(limit)}, the most a {what} may be")
    return data


def assets_dir() -> Path:
    """The assets folder: `SHINPAN_ASSETS` when set, else the one beside the packages."""
    override = os.environ.get("SHINPAN_ASSETS")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "assets"
