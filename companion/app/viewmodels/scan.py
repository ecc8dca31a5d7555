"""Scanning: a picture (camera or file) becomes cards in the picker's play; the rules decide the rest.

A scanned card is never an action by itself: it fills the play text, and only `Play these cards`,
checked by the rules, records it. Bad pictures, foreign tags and refused cameras only set a message.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.app.viewmodels.live import LiveViewModel


class ScanViewModel:
    def __init__(self, live: LiveViewModel, scan: Callable[..., object] | None = None) -> None:
        self.live = live
        self._scan = scan
        self.camera_state = "off"  # off, starting, ready, unavailable
        self.status = "Start the camera, or choose a photo, or pick the cards by hand."
        self.outlined_png: bytes = b""

    def _scan_function(self) -> Callable[..., object]:
        if self._scan is None:
            from companion.app.scan_adapter import scan_picture

            self._scan = scan_picture
        return self._scan

    def camera_starting(self) -> None:
        self.camera_state = "starting"
        self.status = "Starting the camera..."

    def camera_ready(self) -> None:
        self.camera_state = "ready"
        self.status = "Camera ready: hold the played cards in view, then tap Take picture."

    def camera_unavailable(self, reason: str) -> None:
        self.camera_state = "unavailable"
        self.status = f"No camera: {reason}. Choose a photo instead, or pick the cards by hand."

    def picture(self, data: bytes, source: str = "picture") -> bool:
        """Scan a picture; True when at least one card of this match's game was seen."""
        from companion.app.scan_adapter import ScanFailed, ScanOutcome

        catalog = self.live.match.ruleset.catalog_id
        try:
            outcome = self._scan_function()(data, catalog, source)
        except ScanFailed as error:
            self.status = f"{error}. The match is unchanged."
            self.outlined_png = b""
            return False
        assert isinstance(outcome, ScanOutcome)
        self.outlined_png = outcome.outlined_png
        notes = "; also seen: " + "; ".join(outcome.notes) if outcome.notes else ""
        if not outcome.cards:
            seen = f"Seen only {'; '.join(outcome.notes)}" if outcome.notes else "Nothing recognised"
            self.status = (f"{seen}. Hold the tag flat and closer, or pick the card by hand. "
                           "The match is unchanged.")
            return False
        picker = self.live.picker
        picker.text = ""
        for card in outcome.cards:
            picker.choose(card.card_id)
        self.live.picker_open = True
        self.status = (f"Scanned: {picker.text}{notes}. Check the play below and tap Play these cards: "
                       "the rules decide.")
        return True
