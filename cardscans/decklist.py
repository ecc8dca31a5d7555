"""Which stickers a sheet holds: every card of a catalog with its count, or a deck list.

A deck list is text, one card a line: `3 MEN`, `3x hiki-do`, `MAKI WAZA` (one copy); names are
matched like the catalog matches them (id, name or alias, any case). `#` starts a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardscans.card_indices import JOKER
from cardscans.corner_index import PLAYING_CARD_IDS
from cardscans.playing_cards import CATALOG as PLAYING_CARDS
from cardscans.tagformat import MAX_COPY, encode_tag
from companion.rules.catalog import Catalog, load_catalog
from companion.rules.errors import RulesError

_LINE = re.compile(r"^\s*(?:(\d+)\s*[xX\u00d7]?\s+)?(.+?)\s*$")  # 3 MEN, 3x MEN, or the multiplication sign


class DeckListError(ValueError):
    """A deck list line that names no card or an impossible count; says which line."""


@dataclass(frozen=True)
class Sticker:
    catalog: str
    card_id: str
    name: str
    copy: int
    copies: int

    @property
    def payload(self) -> str:
        return encode_tag(self.catalog, self.card_id.lower(), self.copy)

    @property
    def caption(self) -> str:
        return f"{self.copy}/{self.copies}"


@dataclass(frozen=True)
class CardCount:
    card_id: str
    name: str
    count: int


def catalog_cards(catalog_id: str) -> list[CardCount]:
    """Each card with its printed count; a count the owner has not entered yet counts as 1."""
    if catalog_id == PLAYING_CARDS:
        return [CardCount(card, "Joker" if card == JOKER else card, 2 if card == JOKER else 1)
                for card in PLAYING_CARD_IDS]
    catalog = load_catalog(catalog_id)
    return [CardCount(card.id, card.name, int(card.count.value or 1)) for card in catalog.cards]


def known_catalog_cards(catalog: Catalog) -> list[CardCount]:
    """Each card of a given catalog (an owner's deck file) with its count."""
    return [CardCount(card.id, card.name, int(card.count.value or 1)) for card in catalog.cards]


def parse_deck_list(text: str, catalog_id: str) -> list[CardCount]:
    cards = {c.card_id: c for c in catalog_cards(catalog_id)}
    catalog = None if catalog_id == PLAYING_CARDS else load_catalog(catalog_id)
    wanted: dict[str, CardCount] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _LINE.match(line)
        if not match:
            raise DeckListError(f"line {number}: cannot read {raw!r}; write COUNT NAME, e.g. '3 MEN'")
        count = int(match.group(1) or 1)
        name = match.group(2)
        if not 1 <= count <= MAX_COPY:
            raise DeckListError(f"line {number}: {count} copies; a tag numbers copies 1 to {MAX_COPY}")
        if catalog is None:
            card_id = name.upper()
            if card_id not in cards:
                raise DeckListError(f"line {number}: {name!r} is not a playing card (2H .. AS, JK)")
        else:
            try:
                card_id = catalog.find(name).id
            except RulesError as error:
                raise DeckListError(f"line {number}: {error}") from None
        total = wanted[card_id].count + count if card_id in wanted else count
        if total > MAX_COPY:
            raise DeckListError(f"line {number}: {total} copies of {name}; at most {MAX_COPY}")
        wanted[card_id] = CardCount(card_id, cards[card_id].name, total)
    if not wanted:
        raise DeckListError("the deck list names no card; write one card a line, e.g. '3 MEN'")
    return list(wanted.values())


def stickers(catalog_id: str, cards: list[CardCount]) -> list[Sticker]:
    return [
        Sticker(catalog_id, card.card_id, card.name, copy, card.count)
        for card in cards
        for copy in range(1, card.count + 1)
    ]
