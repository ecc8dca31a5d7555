"""How every benchmark prints a figure: a readable line, or with --json one JSON object per line."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    goal: str = ""
    peer: float | None = None
    peer_name: str = ""
    # several peers measured in the same run (decoder libraries), by name; printed only when set
    peers: dict[str, float] | None = None
    met: bool | None = None  # whether the goal is met, where the benchmark can judge it

    def line(self) -> str:
        goal = f"  (goal {self.goal})" if self.goal else ""
        peer = f"  [{self.peer_name}: {self.peer:.4g} {self.unit}]" if self.peer is not None else ""
        peers = "".join(f"  [{name}: {value:.4g} {self.unit}]" for name, value in (self.peers or {}).items())
        met = "" if self.met is None else ("  goal met" if self.met else "  GOAL NOT MET")
        return f"{self.name:<55} {self.value:>10.4g} {self.unit}{goal}{peer}{peers}{met}"

    def as_json(self) -> str:
        data: dict[str, Any] = {"name": self.name, "value": round(self.value, 6), "unit": self.unit,
                                "goal": self.goal}
        if self.peer is not None:
            data["peer"] = round(self.peer, 6)
            data["peer_name"] = self.peer_name
        if self.peers is not None:
            data["peers"] = {name: round(value, 6) for name, value in self.peers.items()}
        if self.met is not None:
            data["met"] = self.met
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
