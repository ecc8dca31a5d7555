"""The manual card picker: search the ruleset's catalog, tap cards to build a play, send it to the rules."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.catalog import Catalog, load_catalog
from companion.rules.text import normalise_name


@dataclass(frozen=True)
class PickerCard:
    id: str
    name: str
    kanji: str
    kind: str

    @property
    def notation(self) -> str:
        """The name as typed in a record (the catalog's arrow is written '>')."""
        return self.name.replace("→", ">")

    def label(self, language: str = "romaji") -> str:
        if language == "kanji" and self.kanji and self.kanji != self.name:
            return f"{self.kanji} ({self.notation})"
        return self.notation


def picker_cards(catalog: Catalog) -> list[PickerCard]:
    """Every card a player can put on the table (markers such as score tokens are left out)."""
    return [PickerCard(c.id, c.name, str(c.value("kanji", "") or ""), c.kind)
            for c in catalog.cards if c.kind != "marker"]


@dataclass
class CardPickerViewModel:
    """A search box over the catalog, the cards chosen so far, and the play they make in notation.

    The notation text stays editable: the referee may add what a card does not say
    (TSUBAZERIAI's ", keep", an offered brown card's number).
    """

    cards: list[PickerCard]
    query: str = ""
    text: str = ""
    limit: int = 12

    @classmethod
    def for_catalog(cls, catalog_id: str | None) -> CardPickerViewModel:
        return cls(picker_cards(load_catalog(catalog_id)) if catalog_id else [])

    @classmethod
    def of(cls, catalog: Catalog | None) -> CardPickerViewModel:
        return cls(picker_cards(catalog) if catalog is not None else [])

    def results(self) -> list[PickerCard]:
        wanted = normalise_name(self.query)
        words = self.query.strip().casefold()
        found = [c for c in self.cards
                 if not wanted or wanted in normalise_name(c.name) or wanted in normalise_name(c.id)
                 or (c.kanji and self.query.strip() in c.kanji) or words == c.kind]
        return found[: self.limit] if self.limit else found

    def more_count(self) -> int:
        saved, self.limit = self.limit, 0
        total = len(self.results())
        self.limit = saved
        return max(0, total - len(self.results()))

    def search(self, query: str) -> None:
        self.query = query

    def choose(self, card_id: str) -> None:
        """Adds the card to the play text, after whatever the referee has typed or chosen."""
        name = self.notation_of(card_id)
        self.text = f"{self.text.strip()} + {name}" if self.text.strip() else name

    def remove_last(self) -> None:
        parts = [p.strip() for p in self.text.split("+")]
        self.text = " + ".join(parts[:-1])

    def clear(self) -> None:
        self.text = ""
        self.query = ""

    def edit(self, text: str) -> None:
        self.text = text

    def notation_of(self, card_id: str) -> str:
        return next((c.notation for c in self.cards if c.id == card_id), card_id)
