"""Glyphs compared with templates: each template bank made comparable once, each label's best
correlation with a glyph (kept for the glyphs last compared), and the best label when it is clear of
every label meaning something else. The corner reader (cardscans.playing_cards) decides what the
scores mean; this module only scores."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import numpy.typing as npt

from cardscans.card_glyphs import Glyph, comparable
from cardscans.card_indices import Templates

TWO_PART_RANKS = frozenset({"10", "As", "JK"})  # printed as two characters side by side


@dataclass(frozen=True)
class Matching:
    """How glyphs are compared with templates, and how sure a match must be."""

    blur: float  # px of Gaussian blur on both sides before correlating (see card_glyphs.comparable)
    min_score: float  # correlation with the best template of the label
    min_score_checked: float  # when something else must agree too (a number's pips must number it)
    margin: float  # over the best label meaning something else


@dataclass(frozen=True)
class Bank:
    """Templates made comparable (`comparable` at `blur`): label -> one unit vector per row."""

    blur: float
    labels: dict[str, npt.NDArray[np.float32]]

    @classmethod
    def of(cls, templates: Templates, blur: float) -> Bank:
        """Each label's template masks made comparable at `blur`, one row each (labels without any
        template left out)."""
        return cls(blur, {label: np.stack([comparable(mask, blur) for mask in masks])
                          for label, masks in templates.items() if masks})

    # every label's rows in one matrix, and the row each label starts at: a glyph is then scored by
    # one product, not one a label (an English rank bank's 14 labels: 0.086 -> 0.037 ms a glyph)
    @cached_property
    def _stacked(self) -> tuple[list[str], npt.NDArray[np.float32], npt.NDArray[np.intp]]:
        names = list(self.labels)
        starts = np.cumsum([0] + [len(self.labels[name]) for name in names[:-1]], dtype=np.intp)
        return names, np.concatenate([self.labels[name] for name in names]), starts

    def scores(self, vector: npt.NDArray[np.float32]) -> dict[str, float]:
        """Each label's best correlation with a comparable glyph vector."""
        if not self.labels:
            return {}
        names, stacked, starts = self._stacked
        return dict(zip(names, np.maximum.reduceat(stacked @ vector, starts).tolist(), strict=True))


def top_label(bank: Bank, glyph: Glyph, labels: dict[str, str]) -> str | None:
    """The label whose templates match the glyph best, however well."""
    every = label_scores(bank, glyph)
    scores = {label: every[label] for label in labels if label in every}
    return max(scores, key=lambda label: scores[label]) if scores else None


# the scores of a glyph against every label of a bank, kept for the glyphs last compared: one glyph
# is compared several times (its best suit, its best of a colour, its top label, red against black),
# always with the same result. Keyed by the objects' ids, which the kept objects hold unique.
_SCORES_KEPT = 64
_scores_kept: dict[tuple[int, int], tuple[Bank, npt.NDArray[np.float32], dict[str, float]]] = {}


def label_scores(bank: Bank, glyph: Glyph) -> dict[str, float]:
    """Each label's best correlation with the glyph (`comparable` at the bank's blur)."""
    key = (id(bank), id(glyph.mask))
    kept = _scores_kept.get(key)
    if kept is not None and kept[0] is bank and kept[1] is glyph.mask:
        return kept[2]
    vector = comparable(glyph.mask, bank.blur)
    scores = bank.scores(vector)
    if len(_scores_kept) >= _SCORES_KEPT:
        _scores_kept.clear()
    _scores_kept[key] = (bank, glyph.mask, scores)
    return scores


def best_label(bank: Bank, glyph: Glyph, printed: dict[str, str], matching: Matching,
          checked: set[str] | None = None) -> tuple[str | None, float, str, float]:
    """The label whose templates match best, if above the matching's minimum (the lower one for
    labels in `checked`, which a later test confirms) and clear of every label that means something
    else; the reason when not. A glyph of two blobs side by side is a two-character label, unless a
    one-character label beats them all by the margin at its full minimum: a letter broken in two (a
    German D whose stem parts from its bowl, anima's QD, read as a "10" the pips then refuse)."""
    every = label_scores(bank, glyph)
    eligible = {label for label in printed if label in bank.labels}
    if glyph.parts >= 2:
        whole = best_label(bank, replace(glyph, parts=1), printed, matching)
        two_part = [every[label] for label in eligible & TWO_PART_RANKS]
        if whole[0] is not None and whole[0] not in TWO_PART_RANKS and whole[1] - max(two_part, default=-1.0) >= (
                matching.margin):
            # its lead counts as just enough: a corner read so is never clear-cut alone (a greyscale
            # anima 10H's "1" and half its "0" read as a K at 0.71), the other corner must agree
            return whole[0], whole[1], whole[2], min(whole[3], matching.margin)
        eligible &= TWO_PART_RANKS
    scores = {label: every[label] for label in eligible}
    if not scores:
        return None, 0.0, "no templates" if glyph.parts < 2 else "no two-character label matches", 0.0
    ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
    best, score = ranked[0]
    rivals = [s for label, s in ranked[1:] if printed[label] != printed[best]]
    runner_up = rivals[0] if rivals else -1.0
    minimum = matching.min_score_checked if checked and best in checked else matching.min_score
    margin = score - runner_up
    if score < minimum:
        return None, score, f"best match {best} at {score:.2f}", margin
    if margin < matching.margin:
        return None, score, f"{best} or {next(label for label, s in ranked[1:] if s == runner_up)}", margin
    return best, score, "", margin
