"""Settings: theme, text size, vibration and sound, card names in romaji or kanji, where matches live.

Kept in a small JSON file (`SHINPAN_SETTINGS`, else settings.json in the user's config folder), saved
on every change; a missing or damaged file means the defaults, never an error.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from companion.app.paths import user_file
from companion.app.scan_adapter import PlayingCardPrint

log = logging.getLogger(__name__)

TEXT_SCALES = (1.0, 1.25, 1.5, 2.0)
THEMES = ("system", "light", "dark")
CARD_LANGUAGES = ("romaji", "kanji")
# The letters printed in the corners of the playing cards in hand (MACE's deck), as the scanner reads them.
CARD_INDICES = {"english": "English: A K Q J", "german": "German: A K D B", "french": "French: A R D V"}
# The corners those cards print an index in: all four (the scanner reads a card whose lower half another
# hides by its two top indices), or two (the scanner spares the time of looking at the other two).
CARD_CORNERS = {4: "All four corners", 2: "Two corners"}
SETTINGS_ENV = "SHINPAN_SETTINGS"


def default_settings_path() -> Path:
    return user_file(SETTINGS_ENV, "settings.json", config=True)


@dataclass
class SettingsViewModel:
    theme: str = "system"
    text_scale: float = 1.0
    vibration: bool = True
    sound: bool = True
    card_language: str = "romaji"
    card_indices: str = "english"
    card_corners: int = 4
    storage: str = field(default="", metadata={"saved": False})
    notice: str = field(default="", metadata={"saved": False})
    path: Path | None = field(default=None, metadata={"saved": False})

    @classmethod
    def load(cls, path: Path | None, storage: str = "") -> SettingsViewModel:
        settings = cls(storage=storage, path=path)
        if path is None or not path.exists():
            return settings
        try:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            log.warning("settings file %s not read (%s): using the defaults", path, error)
            return settings
        settings.set_theme(str(data.get("theme", settings.theme)))
        scale = data.get("text_scale")
        if isinstance(scale, int | float):
            settings.set_text_scale(float(scale))
        if isinstance(data.get("vibration"), bool):
            settings.vibration = data["vibration"]
        if isinstance(data.get("sound"), bool):
            settings.sound = data["sound"]
        settings.set_card_language(str(data.get("card_language", settings.card_language)))
        settings.set_card_indices(str(data.get("card_indices", settings.card_indices)))
        if isinstance(data.get("card_corners"), int):
            settings.set_card_corners(data["card_corners"])
        return settings

    def save(self) -> None:
        if self.path is None:
            return
        data = {k: v for k, v in asdict(self).items() if k not in {"storage", "path", "notice"}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        except OSError as error:  # settings are a comfort: never stop the referee for them, but say so
            log.warning("settings not saved to %s: %s", self.path, error)
            reason = error.strerror or type(error).__name__
            self.notice = f"Not saved ({reason}: {self.path}); this setting lasts until the app closes."

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self.save()

    def set_text_scale(self, scale: float) -> None:
        self.text_scale = min(TEXT_SCALES, key=lambda s: abs(s - scale))
        self.save()

    def set_vibration(self, on: bool) -> None:
        self.vibration = on
        self.save()

    def set_sound(self, on: bool) -> None:
        self.sound = on
        self.save()

    def set_card_language(self, language: str) -> None:
        if language in CARD_LANGUAGES:
            self.card_language = language
            self.save()

    def set_card_indices(self, indices: str) -> None:
        if indices in CARD_INDICES:
            self.card_indices = indices
            self.save()

    def set_card_corners(self, corners: int) -> None:
        if corners in CARD_CORNERS:
            self.card_corners = corners
            self.save()

    @property
    def card_print(self) -> PlayingCardPrint:
        """How the playing cards in hand print their corner index, for the scanner."""
        return PlayingCardPrint(self.card_indices, self.card_corners)

    def size(self, base: float) -> float:
        """A font size scaled by the user's text size."""
        return round(base * self.text_scale, 1)
