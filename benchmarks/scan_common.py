"""Shared by the scan benchmarks: the repository on the import path, and timing."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

T = TypeVar("T")
RUNS = 3  # every contender of a benchmark is timed the same number of times


def timed(function: Callable[[], T], repeats: int = RUNS) -> tuple[T, float]:
    """The result and the fastest of `repeats` runs in ms (the least disturbed by other processes)."""
    best = float("inf")
    result: Any = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return result, best * 1000


def note(text: str) -> None:
    """A remark for the reader, on stderr: stdout holds only figures (one JSON object a line with --json)."""
    print(text, file=sys.stderr, flush=True)
