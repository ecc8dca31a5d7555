"""Live video: report each card once, when it has been seen, holding still, for a few frames.

Waving the phone over a card shows it in many frames; the referee wants it played once. A card is
reported when it appears in `stable_frames` consecutive frames without moving more than
`max_shift` of its width from one frame to the next, then not again until the referee
resets the tracker (after the play is recorded) or it has been out of sight for `forget_after`
frames and comes back (the same card played again later).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscans.sighting import CardSighting


@dataclass
class CardTracker:
    stable_frames: int = 3
    forget_after: int = 30
    max_shift: float = 0.5  # of the code's (or card's) width between frames: more is still moving
    _streak: dict[str, int] = field(default_factory=dict)
    _last: dict[str, CardSighting] = field(default_factory=dict)
    _unseen: dict[str, int] = field(default_factory=dict)
    _reported: set[str] = field(default_factory=set)

    def update(self, sightings: list[CardSighting]) -> list[CardSighting]:
        """Feeds one frame's sightings; returns the cards that became stable in this frame."""
        present: dict[str, CardSighting] = {}
        for sighting in sightings:
            key = sighting.identity
            if key is not None and key not in present:
                present[key] = sighting
        for key in list(self._streak):
            if key not in present:
                self._streak.pop(key)
                self._last.pop(key, None)
        for key in list(self._reported):
            if key in present:
                self._unseen.pop(key, None)
                continue
            self._unseen[key] = self._unseen.get(key, 0) + 1
            if self._unseen[key] >= self.forget_after:
                self._reported.discard(key)
                self._unseen.pop(key)
        newly: list[CardSighting] = []
        for key, sighting in present.items():
            previous = self._last.get(key)
            moving = previous is not None and _shift(previous, sighting) > self.max_shift
            self._streak[key] = 1 if moving else self._streak.get(key, 0) + 1
            self._last[key] = sighting
            if key not in self._reported and self._streak[key] >= self.stable_frames:
                self._reported.add(key)
                newly.append(sighting)
        return newly

    def reset(self) -> None:
        """Forgets every card: the next stable sighting of any card is reported again."""
        self._streak.clear()
        self._last.clear()
        self._unseen.clear()
        self._reported.clear()

    @property
    def reported(self) -> frozenset[str]:
        return frozenset(self._reported)


def _shift(before: CardSighting, after: CardSighting) -> float:
    """How far the centre moved, in widths of the thing seen."""
    xs = [p[0] for p in after.polygon] or [0.0]
    width = max(max(xs) - min(xs), 1.0)
    dx = after.centre[0] - before.centre[0]
    dy = after.centre[1] - before.centre[1]
    return float((dx * dx + dy * dy) ** 0.5 / width)
