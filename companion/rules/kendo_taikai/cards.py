"""The Kendo Taikai cards, read from the catalog, and what both rule versions agree on.

Kendo Shiai (rule version 2) and Musashi's Challenge (rule version 1) play the same cards: the
targets, which red card receives which attack (S1), and the green cards' names. What answers what
differs between the versions, so each ruleset keeps its own tables beside its engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.rules.catalog import load_catalog
from companion.rules.errors import UnknownCard
from companion.rules.text import normalise_name

CATALOG_ID = "kendo-taikai"
TARGETS = ("MEN", "KOTE", "DO", "TSUKI")

JODAN = "jodan-no-kamae"
SEME = "seme"
TAI_JODAN = "tai-jodan"
MUSHIN = "mushin"
OSHIDASHI = "oshidashi"
MAKI_WAZA = "maki-waza"
TSUBAZERIAI = "tsubazeriai"
BOGYO = "bogyo"
KAIHI_SURU = "kaihi-suru"
TSUYOI_KAMAE = "tsuyoi-kamae"
FUDOSHIN = "fudoshin"
JIKAN_DESU = "jikan-desu"
GREEN_ORDER = (JODAN, MUSHIN, SEME, TAI_JODAN, OSHIDASHI, MAKI_WAZA, TSUBAZERIAI, BOGYO,
               KAIHI_SURU, TSUYOI_KAMAE, FUDOSHIN, JIKAN_DESU)


@dataclass(frozen=True)
class KendoCard:
    id: str
    name: str
    kind: str  # brown, red, green, marker
    kanji: str
    target: str | None = None  # brown: what it strikes
    hiki: bool = False
    receives: str | None = None  # red: the attack it receives
    strikes: str | None = None  # red: the counterattack it makes
    numbers: tuple[int, ...] | None = None  # brown: owner-entered numbers, if known


@lru_cache(maxsize=1)
def kendo_cards() -> dict[str, KendoCard]:
    catalog = load_catalog(CATALOG_ID)
    cards: dict[str, KendoCard] = {}
    for card in catalog.cards:
        strikes = card.value("strikes")
        cards[card.id] = KendoCard(
            id=card.id,
            name=card.name,
            kind=card.kind,
            kanji=card.value("kanji", card.name),
            target=card.value("target") or strikes,
            hiki=bool(card.value("hiki", False)),
            receives=card.value("receives"),
            strikes=strikes,
            numbers=card.value("numbers"),
        )
    return cards


@lru_cache(maxsize=1)
def _lookup() -> dict[str, str]:
    return load_catalog(CATALOG_ID).name_index()


def card_id(name: str) -> str:
    """The id of a playable card from any spelling; raises UnknownCard with suggestions."""
    found = _lookup().get(normalise_name(name))
    cards = kendo_cards()
    if found is None or cards[found].kind == "marker":
        playable = [c.name for c in cards.values() if c.kind != "marker"]
        raise UnknownCard(name, playable)
    return found


def card(card_id_: str) -> KendoCard:
    return kendo_cards()[card_id_]


def browns(*, hiki: bool | None = None) -> list[KendoCard]:
    return [c for c in kendo_cards().values() if c.kind == "brown" and (hiki is None or c.hiki == hiki)]


def reds() -> list[KendoCard]:
    return [c for c in kendo_cards().values() if c.kind == "red"]


def appropriate(red_id: str, target: str | None) -> bool:
    """A red card is appropriate when it receives the target of the attack it answers (S1)."""
    return kendo_cards()[red_id].receives == target


def is_kind(card_id_: str, kind: str) -> bool:
    return kendo_cards()[card_id_].kind == kind


def sort_key(card_id_: str) -> tuple[int, int, str]:
    """Canonical order inside a play: brown, red, then greens in rulebook order."""
    info = card(card_id_)
    if info.kind == "green":
        return (2, GREEN_ORDER.index(card_id_), card_id_)
    return (0 if info.kind == "brown" else 1, 0, card_id_)


def canonical(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def names(cards: tuple[str, ...]) -> str:
    return " + ".join(card(c).name for c in cards)
