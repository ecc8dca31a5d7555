"""Shared by the scan benchmarks: timing, figures printed as text or as JSON lines."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

T = TypeVar("T")


def timed(function: Callable[[], T], repeats: int = 3) -> tuple[T, float]:
    """The result and the fastest of `repeats` runs in ms (the least disturbed by other processes)."""
    best = float("inf")
    result: Any = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return result, best * 1000


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Report:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def figure(self, name: str, value: float, unit: str, goal: str, peers: dict[str, float] | None = None,
               met: bool | None = None) -> None:
        if self.as_json:
            row: dict[str, Any] = {"name": name, "value": round(value, 3), "unit": unit, "goal": goal}
            if peers:
                row["peers"] = {k: round(v, 3) for k, v in peers.items()}
            if met is not None:
                row["met"] = met
            print(json.dumps(row), flush=True)
            return
        peer_text = "; ".join(f"{k} {v:.2f}{unit}" for k, v in (peers or {}).items())
        verdict = "" if met is None else ("  [goal met]" if met else "  [goal NOT met]")
        print(f"{name}: {value:.2f}{unit} (goal {goal}){'  peers: ' + peer_text if peer_text else ''}{verdict}",
              flush=True)

    def note(self, text: str) -> None:
        if not self.as_json:
            print(text, flush=True)
