"""Rebuilds cardscans/glyphs/black-suits.npz: the spade-or-club discriminant (cardscans.black_suits).

Source: the tune photos of English decks (never a report or check set): the rf100 poker scenes' two
tune sets (Roboflow 100 "poker-cards", CC BY 4.0), the white Ammememe deck's tune photos (CC BY 4.0)
and the tune sets of cards-real/SOURCE.md from other repositories (pstephenwille, rdpong, jacky,
kentdoan's scenes, anima's English scenes). Each photo is scanned by the reader without the
discriminant; every black suit glyph it cuts under a rank it reads (each cut once a photo) is
labelled by the photo's labels when they hold one black card of that rank, partial ones too. A
glyph under a rank misread is labelled by chance, so the labels hold a few slips: the figures count
them.

The photos are split in two by a checksum of their names: the discriminant learned on one half is
judged on the other, against the templates alone, and printed; the shipped one is learned on both.

Usage: .venv/bin/python benchmarks/data/cards-real/build_black_suits.py [--judge-only]
(the photos come from the cache of fetch.py and more_tune.py, which check each file's SHA-256)
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.scan_real_cards import load_sets, photos  # noqa: E402
from cardscans.balanced_face import BalancedFace  # noqa: E402
from cardscans.black_suits import MIN_HEIGHT, glyph_features, learned  # noqa: E402
from cardscans.card_glyphs import RED_CHROMA, Glyph  # noqa: E402
from cardscans.corner_index import SUIT_MATCHING, SURE_GRADIENT_LEAD, CornerReading  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402
from cardscans.playing_cards import CornerReader  # noqa: E402
from cardscans.template_match import label_scores  # noqa: E402

SETS = ("rf100-poker-scenes-tune", "rf100-poker-scenes-tune-more", "ammememe-white-singles",
        "ammememe-white-scenes", "ammememe-white-singles-more", "pstephenwille-singles", "rdpong-singles",
        "rdpong-scenes", "jacky-scenes", "kentdoan-scenes-tune", "anima-english-scenes")
SHRINKAGE = 1.0  # of 0.1 and 1.0 on the halves, the surer (93.1 % of the judged half's glyphs right, 92.6)


@dataclass
class CuttingReader(CornerReader):
    """The corner reader keeping each black suit glyph it reads under a rank, with that rank and the
    templates' lead of a spade over a club (tests/cardscans/test_black_suits.py cuts them so too)."""

    cut: list[tuple[str, Glyph, float]] = field(default_factory=list, repr=False, compare=False)

    def _read_shapes(self, rank_glyph: Glyph | None, suit_glyph: Glyph | None,
                     face: BalancedFace | None = None) -> CornerReading:
        reading = super()._read_shapes(rank_glyph, suit_glyph, face)
        rank = reading.rank or (reading.card_id or "")[:-1]
        if rank and suit_glyph is not None and suit_glyph.redness <= RED_CHROMA / 2:
            scores = label_scores(self._bank("suit"), suit_glyph)
            self.cut.append((rank, suit_glyph, scores.get("S", 0.0) - scores.get("C", 0.0)))
        return reading


def labelled_black_suits(reader: CuttingReader, image: npt.NDArray[np.uint8],
                         cards: list[str]) -> list[tuple[Glyph, bool, float]]:
    """Each black suit glyph the reader cuts under a rank scanning `image` (each cut once), labelled
    spade or not by `cards` when they hold one black card of that rank, with the templates' lead."""
    reader.cut.clear()
    Scanner(catalog="playing-cards", corners=reader).scan(image, effort="fast")
    kept: set[bytes] = set()
    labelled = []
    for rank, glyph, lead in reader.cut:
        blacks = {card for card in cards if card[:-1] == rank and card[-1] in "SC"}
        digest = hashlib.sha256(glyph.mask.tobytes()).digest()
        if len(blacks) == 1 and digest not in kept:
            kept.add(digest)
            labelled.append((glyph, blacks.pop().endswith("S"), lead))
    return labelled


@dataclass
class Glyphs:
    features: list[npt.NDArray[np.float32]] = field(default_factory=list)
    spades: list[bool] = field(default_factory=list)
    templates_lead: list[float] = field(default_factory=list)
    halves: list[int] = field(default_factory=list)
    heights: list[int] = field(default_factory=list)


def harvested() -> Glyphs:
    glyphs = Glyphs()
    for card_set in load_sets():
        if card_set.role != "tune" or card_set.name not in SETS or card_set.missing:
            continue
        reader = CuttingReader.for_deck(card_set.indices, card_set.corners)
        assert isinstance(reader, CuttingReader)  # for_deck keeps the class
        reader.spade_or_club = None
        for image, photo in photos(card_set):
            for glyph, spade, lead in labelled_black_suits(reader, image, [*photo.cards, *photo.partial]):
                glyphs.features.append(glyph_features(glyph.mask, glyph.aspect))
                glyphs.spades.append(spade)
                glyphs.templates_lead.append(lead)
                glyphs.heights.append(glyph.box[3])
                glyphs.halves.append(zlib.crc32(f"{card_set.name}/{photo.path.name}".encode()) % 2)
        print(f"{card_set.name}: {len(glyphs.spades)} glyphs so far", file=sys.stderr)
    return glyphs


def judged(glyphs: Glyphs) -> None:
    """The discriminant learned on one half of the photos, judged on the other beside the templates."""
    features, spades = np.array(glyphs.features), np.array(glyphs.spades)
    templates, halves = np.array(glyphs.templates_lead), np.array(glyphs.halves)
    learn, judge = halves == 0, halves == 1
    discriminant = learned(features[learn], spades[learn], SHRINKAGE)
    leads = features[judge] @ discriminant.weights + discriminant.bias
    leads[np.array(glyphs.heights)[judge] < MIN_HEIGHT] = 0.0  # as SpadeOrClub.lead: too small to ask
    truth, by_templates = spades[judge], templates[judge]
    print(f"{len(spades)} glyphs ({spades.mean():.0%} spades), {judge.sum()} judged")
    print(f"right by the templates alone {np.mean((by_templates > 0) == truth):.1%}, "
          f"by the gradients alone {_share(leads[leads != 0] > 0, truth[leads != 0])} of those {MIN_HEIGHT} px high")
    for low, high in ((0.0, SUIT_MATCHING.margin), (SUIT_MATCHING.margin, 0.1), (0.1, 1.0)):
        band = (np.abs(by_templates) >= low) & (np.abs(by_templates) < high)
        agreed = band & (np.abs(leads) >= SURE_GRADIENT_LEAD) & ((leads > 0) == (by_templates > 0))
        against = band & (np.abs(leads) >= SURE_GRADIENT_LEAD) & ((leads > 0) != (by_templates > 0))
        print(f"templates leading by {low:.2f}-{high:.2f}: {band.sum()} glyphs, right by them "
              f"{_share(by_templates[band] > 0, truth[band])}; the gradients agreeing by {SURE_GRADIENT_LEAD}: "
              f"{agreed.sum()}, right {_share(leads[agreed] > 0, truth[agreed])}; against them: {against.sum()}, "
              f"the templates right on {_share(by_templates[against] > 0, truth[against])}")


def _share(said: npt.NDArray[np.bool_], truth: npt.NDArray[np.bool_]) -> str:
    return f"{np.mean(said == truth):.1%}" if len(truth) else "none"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge-only", action="store_true", help="print the halves' figures, write nothing")
    args = parser.parse_args()
    glyphs = harvested()
    if not glyphs.spades:
        print("no tune photos in the cache: run benchmarks/data/cards-real/fetch.py first", file=sys.stderr)
        return 2
    judged(glyphs)
    if not args.judge_only:
        discriminant = learned(np.array(glyphs.features), np.array(glyphs.spades), SHRINKAGE)
        discriminant.save()
        print(f"wrote {len(discriminant.weights)} weights, learned on {len(glyphs.spades)} glyphs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
