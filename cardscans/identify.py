"""From decoded text to a sighting: a card of a known catalog, or a foreign code with the reason."""

from __future__ import annotations

from functools import lru_cache

from cardscans.decoders import DecodedCode
from cardscans.sighting import CardSighting
from cardscans.tagformat import TagError, decode_tag, is_shinpan_text
from companion.rules.catalog import Catalog, available_catalogs, load_catalog
from companion.rules.errors import RulesError

PLAYING_CARDS = "playing-cards"


@lru_cache(maxsize=16)
def loaded_catalog(catalog_id: str) -> Catalog | None:
    """The installed catalog, or None when it is not installed or does not load."""
    if catalog_id not in available_catalogs():
        return None
    try:
        return load_catalog(catalog_id)
    except RulesError:
        return None


def card_exists(catalog_id: str, card_id: str, known: Catalog | None = None) -> bool | None:
    """True/False when the catalog is installed (or is `known`, a deck file's); None when it is not."""
    if known is not None and catalog_id == known.id:
        return any(card.id == card_id for card in known.cards)
    if catalog_id == PLAYING_CARDS:
        from cardscans.corner_index import PLAYING_CARD_IDS

        return card_id.upper() in PLAYING_CARD_IDS
    catalog = loaded_catalog(catalog_id)
    if catalog is None:
        return None
    return any(card.id == card_id for card in catalog.cards)


def sighting_from_code(code: DecodedCode, catalog: str | None = None, known: Catalog | None = None) -> CardSighting:
    """`catalog` restricts the table to one catalog: a tag of another is foreign, not a card. `known` is a
    catalog that is not installed but given (an owner's deck file, Martial Arts TCG)."""

    def foreign(reason: str) -> CardSighting:
        return CardSighting("foreign", "qr", code.polygon, 1.0, text=code.text, reason=reason)

    if not is_shinpan_text(code.text):
        return foreign("not a Shinpan tag")
    try:
        payload = decode_tag(code.text)
    except TagError as error:
        return foreign(str(error))
    if catalog is not None and payload.catalog != catalog:
        return foreign(f"a tag for catalog {payload.catalog!r}, not {catalog!r}")
    exists = card_exists(payload.catalog, payload.card_id, known)
    if exists is None:
        return foreign(f"a tag for catalog {payload.catalog!r}, which is not installed")
    if not exists:
        return foreign(f"a tag for card {payload.card_id!r}, which catalog {payload.catalog!r} does not have")
    card_id = payload.card_id.upper() if payload.catalog == PLAYING_CARDS else payload.card_id
    return CardSighting(
        "card", "qr", code.polygon, 1.0, text=code.text,
        catalog=payload.catalog, card_id=card_id, copy=payload.copy,
    )
