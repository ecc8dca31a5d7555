"""Glyphs scored against the reader's templates: each label scored by its own templates only."""

from __future__ import annotations

import pytest

from cardscans.card_glyphs import Glyph, comparable
from cardscans.card_indices import IndexSet
from cardscans.corner_index import RANK_MATCHING, SUIT_MATCHING
from cardscans.playing_cards import CornerReader
from cardscans.template_match import Bank, label_scores


@pytest.mark.parametrize("indices", ["english", "german", "french"])
@pytest.mark.parametrize("kind", ["rank", "suit"])
def test_every_template_scores_as_its_own_label(indices: IndexSet, kind: str) -> None:
    """A glyph cut exactly like one of a deck's templates matches its own label perfectly, and every
    label scores its own best template: the labels hold different numbers of templates, and all are
    scored in one product (a label given its neighbour's rows would name such cards wrong)."""
    reader = CornerReader.for_deck(indices, 4)
    templates, matching = (reader.ranks, RANK_MATCHING) if kind == "rank" else (reader.suits, SUIT_MATCHING)
    bank = Bank.of(templates, matching.blur)
    assert len({len(rows) for rows in bank.labels.values()}) > 1
    for label, variants in templates.items():
        for mask in variants:
            scores = label_scores(bank, Glyph(mask, (0, 0, 1, 1), 0.0))
            vector = comparable(mask, matching.blur)
            assert scores == pytest.approx({name: float((rows @ vector).max()) for name, rows in bank.labels.items()},
                                           abs=1e-5)
            assert scores[label] == pytest.approx(1.0, abs=1e-4)
