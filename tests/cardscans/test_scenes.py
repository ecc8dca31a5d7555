"""Several tags in one frame: all read in one pass, with polygons, in left-to-right order."""

from __future__ import annotations

import numpy as np
import pytest

from cardscans import synthetic
from cardscans.pipeline import Scanner
from cardscans.tagformat import encode_tag


@pytest.mark.parametrize("code_px", [80, 120])
def test_a_combo_laid_on_the_table_scans_in_order(code_px: int) -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    for seed in range(4):
        texts = [encode_tag("kendo-taikai", card, seed % 2 + 1) for card in ("seme", "men", "hiki-do")]
        frame, centres = synthetic.tag_scene(np.random.default_rng(seed), texts, code_px)
        sightings = scanner.scan(frame, effort="fast")
        assert [s.card_id for s in sightings] == ["seme", "men", "hiki-do"]
        for sighting, centre in zip(sightings, centres, strict=True):
            assert abs(sighting.centre[0] - centre[0]) < code_px and abs(sighting.centre[1] - centre[1]) < code_px
            assert len(sighting.polygon) == 4


def test_a_column_of_tags_reads_top_to_bottom() -> None:
    frame = np.full((900, 400, 3), 230, np.uint8)
    texts = [encode_tag("kendo-taikai", card, 1) for card in ("do", "kote", "men")]
    for row, text in enumerate(texts):
        picture = synthetic.qr_picture(text, module_px=6)
        x = 60 + row * 4  # a hand-laid column is never quite straight
        frame[40 + row * 280: 40 + row * 280 + picture.shape[0], x: x + picture.shape[1]] = picture
    assert [s.card_id for s in Scanner.for_catalog(None).scan(frame)] == ["do", "kote", "men"]
