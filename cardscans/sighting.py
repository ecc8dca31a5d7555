"""What a scan saw: the one value the app, the tracker and storage consume (documented in docs/tags.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

SightingKind = Literal["card", "foreign", "unrecognised"]
SightingMethod = Literal["qr", "photo", "corner-index"]
Point = tuple[float, float]


@dataclass(frozen=True)
class CardSighting:
    """One thing seen in one frame.

    kind: `card` (a known card: `catalog`, `card_id`, and `copy` when a tag says which copy),
    `foreign` (a code that is not a Shinpan tag for this table: `text` holds what it says, `reason`
    why it is not a card) or `unrecognised` (a card outline whose face matched no registered card).
    `polygon` is in the frame's pixel coordinates, clockwise from the top-left corner of the code or
    card as the camera sees it. `confidence` is 1.0 for a tag whose check character verified.
    """

    kind: SightingKind
    method: SightingMethod
    polygon: tuple[Point, ...]
    confidence: float
    text: str | None = None
    catalog: str | None = None
    card_id: str | None = None
    copy: int | None = None
    reason: str = ""

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.polygon] or [0.0]
        ys = [p[1] for p in self.polygon] or [0.0]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    @property
    def identity(self) -> str | None:
        """What makes two sightings the same physical card: catalog, card and copy (None if not a card)."""
        if self.kind != "card":
            return None
        return f"{self.catalog}/{self.card_id}/{self.copy or 0}"

    def rescaled(self, factor: float) -> CardSighting:
        if factor == 1.0:
            return self
        polygon = tuple((x * factor, y * factor) for x, y in self.polygon)
        return replace(self, polygon=polygon)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "method": self.method,
            "text": self.text,
            "catalog": self.catalog,
            "card_id": self.card_id,
            "copy": self.copy,
            "polygon": [[round(x, 1), round(y, 1)] for x, y in self.polygon],
            "confidence": round(self.confidence, 3),
            "reason": self.reason,
        }


def _width(sighting: CardSighting) -> float:
    xs = [p[0] for p in sighting.polygon] or [0.0]
    return max(xs) - min(xs)


def left_to_right(sightings: list[CardSighting]) -> list[CardSighting]:
    """Reading order of a combo laid on the table: by the centre's x; a sighting whose centre is
    less than a quarter of a code's width right of the previous one's continues its column (a sheet,
    a stacked combo, a hand-laid column that drifts), and a column reads top to bottom.

    A total order: the same sightings come out in the same order whatever order the decoder
    found them in."""
    columns: list[list[CardSighting]] = []
    for sighting in sorted(sightings, key=lambda s: (s.centre[0], s.centre[1])):
        if columns:
            previous = columns[-1][-1]
            if sighting.centre[0] - previous.centre[0] <= 0.25 * min(_width(sighting), _width(previous)):
                columns[-1].append(sighting)
                continue
        columns.append([sighting])
    return [s for column in columns for s in sorted(column, key=lambda s: (s.centre[1], s.centre[0]))]
