"""Tag sheets printed to PNG, photographed synthetically, and decoded back to their cards."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import cv2
import numpy as np
import pytest

from cardscans import synthetic
from cardscans.decklist import DeckListError, catalog_cards, parse_deck_list, stickers
from cardscans.pipeline import Scanner
from cardscans.sheets import SheetError, layout, write_sheet


def test_a_printed_and_photographed_sheet_decodes_back_to_every_card(tmp_path: Path) -> None:
    deck = parse_deck_list("3 MEN\n2x hiki-do\nMAKI WAZA\n2 men-kote\n# the referee's markers\nhansoku\n",
                           "kendo-taikai")
    chosen = stickers("kendo-taikai", deck)
    files = write_sheet(chosen, tmp_path / "sheet.png", paper="a4", size_mm=20, dpi=200)
    assert files == [tmp_path / "sheet.png"]
    page = cv2.imread(str(files[0]))
    photo = synthetic.photograph_page(page, np.random.default_rng(7), frame=(1800, 2400))
    sightings = Scanner.for_catalog("kendo-taikai").scan(photo, effort="thorough")
    seen = sorted((s.card_id, s.copy) for s in sightings if s.kind == "card")
    assert seen == sorted((s.card_id, s.copy) for s in chosen)
    assert len(seen) == 9


def test_whole_catalog_sheet_pdf_and_svg(tmp_path: Path) -> None:
    chosen = stickers("kendo-taikai", catalog_cards("kendo-taikai"))
    assert len(chosen) == sum(c.count for c in catalog_cards("kendo-taikai"))
    pdf = write_sheet(chosen, tmp_path / "sheet.pdf", paper="letter", size_mm=25)
    data = pdf[0].read_bytes()
    pages = max(p.page for p in layout(chosen, "letter", 25)) + 1
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= pages
    svgs = write_sheet(chosen, tmp_path / "sheet.svg")
    texts = []
    for svg in svgs:
        root = ElementTree.parse(svg).getroot()
        texts += [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "MEN→KOTE" in texts and texts.count("MEN") == 5


def test_bigger_stickers_and_letter_paper_change_the_layout() -> None:
    chosen = stickers("kendo-taikai", catalog_cards("kendo-taikai"))
    small, big = layout(chosen, "a4", 20), layout(chosen, "a4", 40)
    assert max(p.page for p in big) > max(p.page for p in small)
    for placement in layout(chosen, "letter", 30):
        assert placement.x + placement.size <= 215.9 - 10 and placement.y + placement.size <= 279.4 - 10


def test_bad_sheet_requests_say_what_to_do(tmp_path: Path) -> None:
    chosen = stickers("kendo-taikai", catalog_cards("kendo-taikai"))[:2]
    with pytest.raises(SheetError, match=r"\.pdf, \.png or \.svg"):
        write_sheet(chosen, tmp_path / "sheet.docx")
    with pytest.raises(SheetError, match="between 12 and 80"):
        write_sheet(chosen, tmp_path / "sheet.pdf", size_mm=5)
    with pytest.raises(DeckListError, match="line 2: unknown card 'MENN'; did you mean MEN"):
        parse_deck_list("1 KOTE\n2 MENN\n", "kendo-taikai")
    with pytest.raises(DeckListError, match="names no card"):
        parse_deck_list("# nothing\n", "kendo-taikai")
