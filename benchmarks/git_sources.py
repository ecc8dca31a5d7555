"""Files of public repositories at a recorded commit, checked by SHA-256: how the benchmark data scripts
(benchmarks/data/*/) take real photos and card art from a bare mirror (`--mirror DIR` holding
`owner+name/repo`, as `fetch` leaves them) or a `git clone` of their own."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt


class Repositories:
    """Where each repository's git objects are: a mirror's, or one clone per repository made once."""

    def __init__(self, mirror: Path | None) -> None:
        self.mirror = mirror
        self._clones: dict[str, Path] = {}

    def git_dir(self, repo: str) -> Path:
        if self.mirror is not None:
            base = self.mirror / repo.replace("/", "+") / "repo"
            return base / ".git" if (base / ".git").is_dir() else base
        if repo not in self._clones:
            target = Path(tempfile.mkdtemp(prefix="shinpan-sources-")) / "repo.git"
            subprocess.run(["git", "clone", "--bare", f"https://github.com/{repo}", str(target)], check=True)
            self._clones[repo] = target
        return self._clones[repo]


def checked_blob(git_dir: Path, commit: str, path: str, sha256: str) -> bytes | None:
    """The file at `commit`, or None when it is missing or not the one recorded."""
    blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                          capture_output=True, check=False).stdout
    return blob if hashlib.sha256(blob).hexdigest() == sha256 else None


def fetch_missing(git_dir: Path, commit: str, photos: list[dict[str, Any]], folder: Path,
                  write: Callable[[Path, bytes], object]) -> int:
    """Each photo (`source`, `sha256`, `file`) not yet in `folder`, taken at `commit` and checked,
    written there by `write`; says which are missing or differ, and returns how many."""
    problems = 0
    for photo in photos:
        target = folder / photo["file"]
        if target.exists():
            continue
        blob = checked_blob(git_dir, commit, photo["source"], photo["sha256"])
        if blob is None:
            print(f"{folder.name}/{photo['file']}: missing or checksum differs", file=sys.stderr)
            problems += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write(target, blob)
    return problems


def downscaled(blob: bytes, long_side: int) -> npt.NDArray[np.uint8]:
    """The photo, shrunk (never enlarged) so that its longer side is at most `long_side` pixels."""
    image = cv2.imdecode(np.frombuffer(blob, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError("not an image")  # the checksum matched, so the recorded file itself is no image
    scale = long_side / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.asarray(image, dtype=np.uint8)
