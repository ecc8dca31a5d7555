"""Scanning: a picture (camera or file) becomes cards in the picker's play; the rules decide the rest.

A scanned card is never an action by itself: it fills the play text, and only `Play these cards`,
checked by the rules, records it. Bad pictures, foreign tags and refused cameras only set a message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.app.scan_adapter import PlayingCardPrint, ScanOutcome
from companion.app.viewmodels.live import LiveViewModel
from companion.rules.model import Action


@dataclass(frozen=True)
class PictureRead:
    """What the scanner read in one picture (`ScanViewModel.reading`): `taken_at`, the match's actions
    when the picture was taken; its outcome, or None and the `problem` that kept it from being read."""

    taken_at: tuple[Action, ...]
    outcome: ScanOutcome | None
    problem: str = ""


class ScanViewModel:
    def __init__(self, live: LiveViewModel, scan: Callable[..., Any] | None = None) -> None:
        self.live = live
        self._scan = scan
        self.camera_state = "off"  # off, starting, ready, unavailable
        self.status = "Start the camera, or choose a photo, or pick the cards by hand."
        self.outlined_png: bytes = b""
        self.continuous = False  # take and read a picture about every second while the scanner is open
        self.last_seen: tuple[str, ...] = ()
        self.card_print = PlayingCardPrint()  # the playing cards' corner indices (Settings, chosen on Decks)
        self.scanned_at: int | None = None  # the match's step when cards were last scanned into the play
        self.reading_picture = False  # a picture taken or chosen is being read (its buttons wait)

    def reading(self, data: bytes, source: str) -> Callable[[], PictureRead]:
        """The read of a picture, to be run off the screen's thread (a scene takes the scanner a fifth
        of a second here and more on a phone, and the referee's taps must not wait for it): what it
        needs of the match is taken now, and the read touches nothing of it."""
        from companion.app.scan_adapter import ScanFailed, scan_picture

        scan = self._scan or scan_picture
        taken_at = self.live.match.actions
        ruleset = self.live.match.ruleset
        own_deck = ruleset.catalog_id is None  # the player's own deck (Martial Arts TCG): its tags name its cards
        known = self.live.card_catalog() if own_deck else None
        card_print = self.card_print

        def read() -> PictureRead:
            try:
                if own_deck:
                    return PictureRead(taken_at, scan(data, None, source, known=known))
                return PictureRead(taken_at, scan(data, ruleset.catalog_id, source, card_print=card_print))
            except ScanFailed as error:
                return PictureRead(taken_at, None, str(error))
        return read

    def _outcome(self, read: PictureRead) -> ScanOutcome | None:
        """The read's outcome, or None with `status` saying why it is not shown."""
        if read.outcome is None:
            self.status = f"{read.problem}. The match is unchanged."
            self.outlined_png = b""
            return None
        if self._moved_on(read):
            self.status = "The match moved on while the picture was read: take it again."
            return None
        return read.outcome

    def _moved_on(self, read: PictureRead) -> bool:
        """A play was recorded or undone while the picture was read: it shows the table before that."""
        return read.taken_at != self.live.match.actions

    # --- the camera ---------------------------------------------------------------------------

    def camera_starting(self) -> None:
        self.camera_state = "starting"
        self.status = "Starting the camera..."

    def camera_ready(self) -> None:
        self.camera_state = "ready"
        self.status = "Camera ready: hold the played cards in view, then tap Take picture."

    def camera_unavailable(self, reason: str) -> None:
        self.camera_state = "unavailable"
        self.continuous = False
        self.status = f"No camera: {reason}. Choose a photo instead, or pick the cards by hand."

    # --- pictures -----------------------------------------------------------------------------

    def picture(self, data: bytes, source: str = "picture") -> bool:
        """Scan a picture; True when at least one card of this match's game was seen."""
        return self.show_picture(self.reading(data, source)())

    def reading_started(self) -> None:
        self.reading_picture = True
        self.status = "Reading the picture..."

    def show_picture(self, read: PictureRead) -> bool:
        """Show a picture's read (`reading`); True when at least one card of this match's game was seen."""
        self.scanned_at = None  # a new picture: its own status, until its cards are in the play
        self.reading_picture = False
        outcome = self._outcome(read)
        return outcome is not None and self._show(outcome)

    def start_continuous(self) -> None:
        self.continuous = True
        self.last_seen = ()
        self.status = "Scanning continuously: lay the played cards in view."

    def stop_continuous(self) -> None:
        self.continuous = False
        self.status = "Stopped scanning." + (" Check the play below." if self.live.picker.text else "")

    def continuous_picture(self, data: bytes) -> bool:
        """One picture of the continuous scan; True when the cards in view changed (the screen redraws)."""
        return self.show_continuous(self.reading(data, "camera picture")())

    def show_continuous(self, read: PictureRead) -> bool:
        """One read (`reading`) of the continuous scan; True when the cards in view changed.

        The same cards seen again, or none, change nothing: what the referee edits in the play stays.
        Nor does a picture taken before the match last moved on (it shows the play just recorded).
        """
        if read.outcome is None:
            self._outcome(read)  # says why; the screen shows it at its next redraw
            return False
        if self._moved_on(read):
            return False
        cards = tuple(card.card_id for card in read.outcome.cards)
        if not cards or cards == self.last_seen:
            return False
        return self._show(read.outcome)

    def _show(self, outcome: ScanOutcome) -> bool:
        self.outlined_png = outcome.outlined_png
        notes = "; also seen: " + "; ".join(outcome.notes) if outcome.notes else ""
        if not outcome.cards:
            seen = f"Seen only {'; '.join(outcome.notes)}" if outcome.notes else "Nothing recognised"
            self.status = (f"{seen}. Hold the tag flat and closer, or pick the card by hand. "
                           "The match is unchanged.")
            return False
        self.last_seen = tuple(card.card_id for card in outcome.cards)
        picker = self.live.picker
        picker.text = ""
        for card in outcome.cards:
            picker.choose(card.card_id)
        self.live.picker_open = True
        self.scanned_at = len(self.live.match.actions)
        self.status = (f"Scanned: {picker.text}{notes}. Check it and tap Play the scanned cards: "
                       "the rules decide.")
        return True

    @property
    def awaiting_play(self) -> bool:
        """Scanned cards wait in the play, and the match has not moved on since they were scanned."""
        return (self.scanned_at == len(self.live.match.actions) and bool(self.live.picker.text)
                and not self.live.finished)

    def shown_status(self) -> str:
        """The status line; once the scanned play is recorded (here or in the picker) it says so instead
        of still asking for it (issue 19)."""
        if self.scanned_at is not None and self.scanned_at != len(self.live.match.actions):
            return "Recorded. Scan the next play, or pick it by hand."
        return self.status

    def play_scanned(self) -> bool:
        """Record the scanned cards as they stand in the play; the rules decide (a refusal is the live
        screen's message and the play stays to be corrected)."""
        recorded = self.live.play_picked()
        if recorded:
            self.outlined_png = b""
            self.last_seen = ()
        return recorded
