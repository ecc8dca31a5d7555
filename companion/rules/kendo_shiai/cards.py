"""The Kendo Taikai cards as the Kendo Shiai engine sees them: the shared module, re-exported."""

from __future__ import annotations

from companion.rules.kendo_taikai.cards import (
    BOGYO,
    CATALOG_ID,
    FUDOSHIN,
    GREEN_ORDER,
    JIKAN_DESU,
    JODAN,
    KAIHI_SURU,
    MAKI_WAZA,
    MUSHIN,
    OSHIDASHI,
    SEME,
    TAI_JODAN,
    TARGETS,
    TSUBAZERIAI,
    TSUYOI_KAMAE,
    KendoCard,
    browns,
    canonical,
    card,
    card_id,
    kendo_cards,
    names,
    reds,
    sort_key,
)

__all__ = [
    "BOGYO", "CATALOG_ID", "FUDOSHIN", "GREEN_ORDER", "JIKAN_DESU", "JODAN", "KAIHI_SURU", "MAKI_WAZA",
    "MUSHIN", "OSHIDASHI", "SEME", "TAI_JODAN", "TARGETS", "TSUBAZERIAI", "TSUYOI_KAMAE", "KendoCard",
    "browns", "canonical", "card", "card_id", "kendo_cards", "names", "reds", "sort_key",
]
