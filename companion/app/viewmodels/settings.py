"""Settings: theme, text size, sound and vibration, card names in romaji or kanji, where matches live."""

from __future__ import annotations

from dataclasses import dataclass

TEXT_SCALES = (1.0, 1.25, 1.5, 2.0)
THEMES = ("system", "light", "dark")
CARD_LANGUAGES = ("romaji", "kanji")


@dataclass
class SettingsViewModel:
    theme: str = "system"
    text_scale: float = 1.0
    sound: bool = True
    vibration: bool = True
    card_language: str = "romaji"
    storage: str = ""

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme

    def set_text_scale(self, scale: float) -> None:
        self.text_scale = min(TEXT_SCALES, key=lambda s: abs(s - scale))

    def set_card_language(self, language: str) -> None:
        if language in CARD_LANGUAGES:
            self.card_language = language

    def size(self, base: float) -> float:
        """A font size scaled by the user's text size."""
        return round(base * self.text_scale, 1)
