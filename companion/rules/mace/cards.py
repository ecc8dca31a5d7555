"""The standard deck as MACE sees it, read from the generated catalog: codes, suits, values (C1)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.rules.catalog import load_catalog
from companion.rules.errors import UnknownCard
from companion.rules.mace.deck_catalog import CATALOG_ID, SUITS
from companion.rules.text import normalise_name

JOKER_SUIT = "any"
_SYMBOLS = {"♥": "H", "♡": "H", "♦": "D", "♢": "D", "♠": "S", "♤": "S", "♣": "C", "♧": "C"}


@dataclass(frozen=True)
class MaceCard:
    id: str
    code: str
    name: str
    suit: str  # hearts, diamonds, spades, clubs, or "any" for a Joker
    value: int | None  # None for a Joker: it takes the top of the discard pile (C1)

    @property
    def joker(self) -> bool:
        return self.value is None

    def has_suit(self, suit: str) -> bool:
        """A Joker counts as any suit (C1)."""
        return self.joker or self.suit == suit


@lru_cache(maxsize=1)
def deck() -> dict[str, MaceCard]:
    catalog = load_catalog(CATALOG_ID)
    return {
        c.id: MaceCard(c.id, c.value("code"), c.name, c.value("suit"), c.value("value"))
        for c in catalog.cards
    }


@lru_cache(maxsize=1)
def _lookup() -> dict[str, str]:
    return load_catalog(CATALOG_ID).name_index()


def card(card_id: str) -> MaceCard:
    return deck()[card_id]


def card_id(text: str) -> str:
    """A card's id from a code (7H, 10c, TS, ♠K), its name (Ace of Spades) or a Joker's name."""
    cleaned = text.strip()
    for symbol, letter in _SYMBOLS.items():
        if symbol in cleaned:
            cleaned = cleaned.replace(symbol, "") + letter
    found = _lookup().get(normalise_name(cleaned))
    if found is None:
        raise UnknownCard(text, [c.code for c in deck().values()])
    return found


def code(card_id_: str) -> str:
    return card(card_id_).code


def codes(card_ids: Iterable[str]) -> str:
    return " ".join(code(c) for c in card_ids)


def suit_rank(suit: str) -> int:
    """Higher is stronger: hearts 4, diamonds 3, spades 2, clubs 1 (C1)."""
    return len(SUITS) - SUITS.index(suit)


def momentum_key(card_id_: str) -> tuple[int, int]:
    """Turn order: the higher value first, the higher suit on equal values (C1, C5)."""
    info = card(card_id_)
    assert info.value is not None, "a Joker is never Momentum (C1)"
    return (info.value, suit_rank(info.suit))


def all_ids() -> tuple[str, ...]:
    return tuple(deck())
