"""A progress bar on standard error, drawn only when it is a terminal (a pipe or a log gets nothing)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
REDRAW_SECONDS = 0.1  # a 100,000-match export calls update far more often than a terminal needs


class ProgressBar:
    def __init__(self, label: str, *, enabled: bool = True, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.label = label
        self.enabled = enabled and self.stream.isatty()
        self._drawn_at = 0.0
        self._shown = False

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        now = time.monotonic()
        if now - self._drawn_at < REDRAW_SECONDS and done < total:
            return
        self._drawn_at = now
        filled = WIDTH * done // total
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total}")
        self.stream.flush()
        self._shown = True

    def done(self) -> None:
        if self._shown:
            self.stream.write("\n")
            self.stream.flush()
            self._shown = False
