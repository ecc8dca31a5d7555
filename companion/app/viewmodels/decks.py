"""Decks and tags: the catalogs, their cards, and the owner values entered and still unknown."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.app.viewmodels.owner_values import OwnerValuesViewModel
from companion.rules.catalog import Catalog, available_catalogs, load_catalog
from companion.rules.text import normalise_name

if TYPE_CHECKING:  # the deck editor (and the Martial Arts TCG ruleset) load when it is opened
    from companion.app.viewmodels.deck_editor import DeckEditorViewModel


@dataclass(frozen=True)
class DeckRow:
    id: str
    name: str


class DecksViewModel:
    def __init__(self, owner_values_folder: Path | None = None) -> None:
        self.message = ""
        self.register_query = ""
        self.opened: str | None = None
        self.owner_values: OwnerValuesViewModel | None = None  # the editor, while it is open
        self._owner_values_folder = owner_values_folder
        self._catalog: Catalog | None = None
        self._entered = self._remaining = 0
        self._entered_values: dict[str, dict[str, object]] = {}  # card id -> owner values saved for it
        self.deck_editor: DeckEditorViewModel | None = None  # Martial Arts TCG decks, while open

    def decks(self) -> list[DeckRow]:
        return [DeckRow(cid, load_catalog(cid).name) for cid in available_catalogs()]

    def open_deck_editor(self) -> DeckEditorViewModel:
        """Martial Arts TCG has no card list: each owner enters his own decks (T6, T7)."""
        from companion.app.viewmodels.deck_editor import DeckEditorViewModel

        self.opened, self._catalog = None, None
        self.deck_editor = DeckEditorViewModel()
        return self.deck_editor

    def plays_with_playing_cards(self) -> bool:
        """The opened catalog is a standard deck of playing cards (MACE), whose corner letters vary."""
        from companion.rules.mace.deck_catalog import CATALOG_ID as PLAYING_CARDS

        return self.opened == PLAYING_CARDS

    def open(self, catalog_id: str) -> None:
        self.deck_editor = None
        self.opened = catalog_id
        self.owner_values = None
        self._catalog = load_catalog(catalog_id)
        self._count_entered()

    def _count_entered(self) -> None:
        if self.opened is None:
            return
        editor = OwnerValuesViewModel(self.opened, self._owner_values_folder)
        self._entered, self._remaining = editor.entered_count(), editor.remaining_count()
        self._entered_values = editor.entered

    def open_owner_values(self) -> OwnerValuesViewModel:
        """The editor for the opened catalog's owner values, with what was saved before."""
        if self.opened is None:
            raise ValueError("open a deck first")
        self.owner_values = OwnerValuesViewModel(self.opened, self._owner_values_folder)
        return self.owner_values

    def close_owner_values(self) -> None:
        self.owner_values = None
        self._count_entered()

    def has_owner_values(self) -> bool:
        return self._entered + self._remaining > 0

    def summary_line(self) -> str:
        if self._catalog is None:
            return ""
        return (f"{len(self._catalog.cards)} kinds of card; {self._remaining} owner values still to enter, "
                f"{self._entered} entered")

    def card_lines(self) -> list[str]:
        if self._catalog is None:
            return []
        lines = []
        for card in self._catalog.cards:
            entered = self._entered_values.get(card.id, {}).get("count")
            count = (card.count.value if card.count.known else f"{entered} (your count)" if entered is not None
                     else "count unknown: enter it in Enter owner values")
            lines.append(f"{card.name} · {card.kind} · {count}")
        return lines

    def register_choices(self, query: str, limit: int = 8) -> list[tuple[str, str]]:
        """(card id, name) of the opened catalog's cards matching `query`, to register by photo."""
        if self._catalog is None:
            return []
        wanted = normalise_name(query)
        found = [(c.id, c.name) for c in self._catalog.cards
                 if not wanted or wanted in normalise_name(c.name) or wanted in normalise_name(c.id)]
        return found[:limit]

    def register_photo(self, card_id: str, data: bytes, source: str = "photo") -> bool:
        """Teach the scanner this card's face; untagged copies are then recognised by it."""
        if self._catalog is None:
            self.message = "Open a deck first."
            return False
        from companion.app.scan_adapter import ScanFailed, register_card_photo

        name = self._catalog.card(card_id).name
        try:
            register_card_photo(self._catalog.id, card_id, data, source)
        except ScanFailed as error:
            self.message = f"{name} not registered: {error}."
            return False
        self.message = f"Registered {name}: an untagged {name} is now recognised by its face."
        return True

    def tag_sheet(self) -> tuple[str, bytes] | None:
        """The opened catalog's QR tag sheet as a PDF, or None with `message` saying why not."""
        if self.opened is None:
            self.message = "Open a deck first."
            return None
        from companion.app.scan_adapter import tag_sheet_pdf

        try:
            return tag_sheet_pdf(self.opened)
        except (ValueError, OSError) as error:
            self.message = f"No tag sheet: {error}."
            return None
