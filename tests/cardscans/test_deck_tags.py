"""Martial Arts TCG deck files as tag catalogs: a printed sheet decodes back to the deck's card names."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from cardscans import synthetic
from cardscans.decklist import known_catalog_cards, stickers
from cardscans.pipeline import Scanner
from cardscans.sheets import write_sheet
from cardscans.tagformat import decode_tag
from companion.cli.main import main
from companion.rules.martial_arts_tcg.deck_catalog import deck_catalog
from companion.rules.martial_arts_tcg.deck_toml import load_deck

REPO = Path(__file__).resolve().parents[2]
TIGER = REPO / "assets" / "decks" / "martial-arts-tcg-tiger.toml"


def test_a_deck_sheet_photographed_decodes_to_the_decks_card_names(tmp_path: Path) -> None:
    catalog = deck_catalog(load_deck(TIGER))
    chosen = [s for s in stickers(catalog.id, known_catalog_cards(catalog)) if s.copy <= 1][:12]
    assert decode_tag(chosen[0].payload).catalog == "tiger-example"
    files = write_sheet(chosen, tmp_path / "sheet.png", paper="a4", size_mm=22, dpi=200)
    page = cv2.imread(str(files[0]))
    assert page is not None
    photo = synthetic.photograph_page(page.astype(np.uint8), np.random.default_rng(3), frame=(1800, 2400))
    sightings = Scanner.for_known_catalog(catalog).scan(photo, effort="thorough")
    names = {card.id: card.name for card in catalog.cards}
    seen = sorted(names[s.card_id or ""] for s in sightings if s.kind == "card")
    assert seen == sorted(s.name for s in chosen)
    assert "Practice Jab" in seen
    # the same tags at a table that plays another catalog are foreign, never cards
    assert all(s.kind == "foreign" for s in Scanner.for_catalog("kendo-taikai").scan(photo, effort="fast"))


def test_shinpan_tags_and_scan_take_a_deck_file(tmp_path: Path, capsys: object) -> None:
    sheet = tmp_path / "tiger.png"
    assert main(["tags", str(TIGER), "--out", str(sheet), "--dpi", "150", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert printed["catalog"] == "tiger-example" and printed["stickers"] == 62  # 58 in the deck, 4 in the sideboard
    assert main(["scan", str(sheet), "--catalog", str(TIGER), "--json"]) == 0
    scanned = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    names = {s["name"] for s in scanned[0]["sightings"] if s["kind"] == "card"}
    assert {"Practice Jab", "Practice Staff", "Practice Festival"} <= names
