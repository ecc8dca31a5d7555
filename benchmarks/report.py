"""How every benchmark prints a figure: a readable line, or with --json one JSON object per line."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    goal: str = ""
    peer: float | None = None
    peer_name: str = ""

    def line(self) -> str:
        goal = f"  (goal {self.goal})" if self.goal else ""
        peer = f"  [{self.peer_name}: {self.peer:.4g} {self.unit}]" if self.peer is not None else ""
        return f"{self.name:<55} {self.value:>10.4g} {self.unit}{goal}{peer}"

    def as_json(self) -> str:
        data = {"name": self.name, "value": round(self.value, 6), "unit": self.unit, "goal": self.goal}
        if self.peer is not None:
            data["peer"] = round(self.peer, 6)
            data["peer_name"] = self.peer_name
        return json.dumps(data)


def emit(figures: Sequence[Figure], as_json: bool) -> None:
    for figure in figures:
        print(figure.as_json() if as_json else figure.line(), flush=True)


def percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)
