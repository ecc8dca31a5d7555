"""A deck as a catalog (T7): what `shinpan tags` prints and `shinpan scan --catalog DECK.toml` names.

The catalog's id is the deck's id and each card's id its tag code, so a tag reads
`SP1/TIGER-EXAMPLE/PRACTICE-JAB/2/<check>`: the deck, the card, the copy.
"""

from __future__ import annotations

from companion.rules.catalog import Card, Catalog, Sourced
from companion.rules.martial_arts_tcg.cards import Deck


def deck_catalog(deck: Deck, path: str = "") -> Catalog:
    """Every card the owner has (main deck and sideboard) with its copies."""
    cards = tuple(Card(id=card.tag_id, name=card.name, kind=card.kind.value,
                       count=Sourced(value=card.owned, source="owner"))
                  for card in deck.cards if card.owned)
    return Catalog(id=deck.deck_id, name=deck.name, rulesets=("martial-arts-tcg",), cards=cards, path=path)
