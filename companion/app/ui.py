"""Small shared pieces of the screens: scaled text, labelled buttons, section headings.

Every button's text is its accessible name; pieces told by colour (a side, a banner) also say it in words.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

Handler = Callable[[], None]

BANNER_BG = "#FFD54F"
INK = "#111111"


# The offline web build carries only Roboto: the kanji of card terms and arrows come from a small
# font made for the catalogs (assets/app/fonts), used wherever Roboto has no glyph.
FONTS = {"ShinpanCardTerms": "fonts/ShinpanCardTerms.ttf", "ShinpanSymbols": "fonts/ShinpanSymbols.ttf"}
FALLBACK = list(FONTS)


LARGE_TEXT = 1.5  # the text size from which side-by-side panels are stacked


class Ui:
    """Sizes scaled by the user's text size; one instance per render."""

    def __init__(self, text_scale: float = 1.0) -> None:
        self.scale = text_scale

    def size(self, base: float) -> float:
        return round(base * self.scale, 1)

    def text(self, value: str, size: float = 16, *, bold: bool = False, color: str | None = None,
             label: str | None = None, selectable: bool = False) -> ft.Text:
        return ft.Text(value, size=self.size(size), weight=ft.FontWeight.BOLD if bold else None,
                       color=color, semantics_label=label, selectable=selectable, font_family_fallback=FALLBACK)

    def heading(self, value: str, size: float = 22) -> ft.Text:
        return self.text(value, size, bold=True)

    def side_by_side(self, panels: list[ft.Control], spacing: int = 8) -> ft.Control:
        """Two players' panels beside each other at 100 %; at 150 % and above, at 412 px wide, a panel
        half the width cannot hold its numbers, so they stand one below the other."""
        if self.scale >= LARGE_TEXT:
            return ft.Column(panels, spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return ft.Row(panels, spacing=spacing, vertical_alignment=ft.CrossAxisAlignment.START)

    def button(self, label: str, on_click: Handler, *, primary: bool = False, disabled: bool = False,
               expand: bool = False, tooltip: str | None = None, icon: ft.IconData | None = None,
               ) -> ft.Control:
        style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                               text_style=ft.TextStyle(size=self.size(16), font_family_fallback=FALLBACK))

        def clicked(_: Any) -> None:
            on_click()

        maker = ft.FilledButton if primary else ft.OutlinedButton
        return maker(label, icon=icon, on_click=clicked, disabled=disabled, style=style,
                     expand=True if expand else None, tooltip=tooltip)

    def async_button(self, label: str, on_click: Callable[[], Awaitable[None]], *, primary: bool = False,
                     disabled: bool = False) -> ft.Control:
        """A button whose work waits on the device (camera, file picker) without blocking the others."""
        style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                               text_style=ft.TextStyle(size=self.size(16), font_family_fallback=FALLBACK))

        async def clicked(_: Any) -> None:
            await on_click()

        maker = ft.FilledButton if primary else ft.OutlinedButton
        return maker(label, on_click=clicked, style=style, disabled=disabled)

    def text_field(self, label: str, value: str, on_text: Callable[[str], None], size: float = 16,
                   ) -> ft.TextField:
        """A labelled text box; `on_text` gets the whole text after every keystroke."""
        def changed(event: ft.Event[ft.TextField]) -> None:
            on_text(event.control.value or "")
        return ft.TextField(label=label, value=value, on_change=changed, text_size=self.size(size))

    def back_bar(self, title: str, on_back: Handler, back: str = "Home") -> ft.Control:
        home = self.button(back, on_back, icon=ft.Icons.ARROW_BACK)
        return ft.Row([home, ft.Container(self.heading(title, 20), expand=True)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def message(self, text: str) -> ft.Control:
        if not text:
            return ft.Container(height=0)
        return ft.Container(self.text(text, 15, bold=True, color=INK), bgcolor="#FFE0E0",
                            padding=10, border=ft.Border.all(2, "#B71C1C"), border_radius=6)

    def choice(self, label: str, chosen: bool, on_click: Handler) -> ft.Control:
        """One of several values; the chosen one says so in words and with a tick, not only by colour."""
        return self.button(f"{label} (chosen)" if chosen else label, on_click, primary=chosen,
                           icon=ft.Icons.CHECK if chosen else None)

    def notice(self, text: str) -> ft.Control:
        if not text:
            return ft.Container(height=0)
        return ft.Container(self.text(text, 15, color=INK), bgcolor="#E3F2FD", padding=10,
                            border=ft.Border.all(1, "#1565C0"), border_radius=6)

    def section(self, title: str, *controls: ft.Control) -> ft.Control:
        return ft.Column([self.text(title, 18, bold=True), *controls], spacing=6)


def screen(*controls: ft.Control) -> ft.Control:
    """A screen's body: one scrolling column with room at the sides on a phone."""
    # Stretched: single buttons span the phone's width, big targets for a thumb.
    return ft.Column(list(controls), spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
