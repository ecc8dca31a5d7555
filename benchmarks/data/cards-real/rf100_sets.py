"""Writes the Roboflow 100 poker-cards sets of manifest.json, split by the hand photographed.

The export (Quentin0312/poker-cards-yolo, CC BY 4.0) holds 1,285 photos taken in one afternoon of
twelve hands: each suit's A-4, 5-8 and 9-K, each hand shot about a hundred times in a row on a few
tables and cloths, seconds apart. Its train, valid and test splits were drawn at random from every
shoot, so a test photo has a valid photo of the same cards on the same cloth a few seconds from it
(stop 40 found 37 such pairs under 6 s apart). Split by photo, the report set was the tune set's near
twin. Split by hand, the report set shows cards that no tune photo shows, in photos never tuned on:

- rf100-poker-scenes-tune (tune): the valid photos of six hands, chosen so that each suit and each
  rank of the deck is among them (TUNE_HANDS);
- rf100-poker-scenes (report): every train and test photo of the six other hands;
- rf100-poker-scenes-seen (check): the valid photos of those six other hands. They were tune photos
  until stop 39 (the reader's cues were set looking at them), so they are never judged, and since
  their hands are the report set's they are no longer tuned on;
- rf100-poker-scenes-tune-more (tune, since stop 41): the train photos of the six tune hands, five
  times the tune set's cards, so that a change to the reader is judged on enough tune cards that a
  handful named by chance does not decide it. No glyph is cut from them: the photographed glyphs
  cut from every fourth of them (120 photos; build_photographed_glyphs.py keeps the most unlike,
  which of more photos are odder) named 315 of the tune set's 387 cards, against 331 cut from its
  own even half.

Labels are the export's YOLO boxes, one per card, with its class names corrected (classes 0-18 box
the card the next name says, class 20 "59" boxes 10D, 21-52 are as named; each class checked by eye
on three crops in stop 31; a photo with a box of class 19, whose name is no card it boxes, is left
out); a box within EDGE of the frame's edge is `partial` (cut by it), counted
neither right nor wrong.

Usage: .venv/bin/python benchmarks/data/cards-real/rf100_sets.py --mirror DIR   # rewrites manifest.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories  # noqa: E402

MANIFEST = Path(__file__).with_name("manifest.json")
REPO = "Quentin0312/poker-cards-yolo"
COMMIT = "7ad267266b183a384cfe8fb4772d20a5d8fe50fb"
LICENCE = ("CC BY 4.0 (Roboflow 100 'poker-cards', by Team Roboflow and Augmented Startups: "
           "poker_card_dataset/README.dataset.txt)")
DATASET = "poker_card_dataset"
EDGE = 0.005  # of the frame's side (3-5 px): a box this near the edge is cut by it
SUITS = {"Diamonds": "D", "Hearts": "H", "Spades": "S", "Trefoils": "C"}
HAND_RANKS = (("A", "2", "3", "4"), ("5", "6", "7", "8"), ("9", "10", "J", "Q", "K"))
# (suit, ranks of the hand): spades A-4 and 5-8, hearts 5-8 and 9-K, diamonds 9-K, clubs A-4. Every
# suit and every rank is in two of them at most and one at least, and so in the report hands too:
# the glyphs cut from tune photos (build_photographed_glyphs.py) hold each rank and suit, never a card
# of the report set.
TUNE_HANDS = frozenset({("S", HAND_RANKS[0]), ("S", HAND_RANKS[1]), ("H", HAND_RANKS[1]),
                        ("H", HAND_RANKS[2]), ("D", HAND_RANKS[2]), ("C", HAND_RANKS[0])})
TUNE, SEEN, REPORT = "rf100-poker-scenes-tune", "rf100-poker-scenes-seen", "rf100-poker-scenes"
TUNE_MORE = "rf100-poker-scenes-tune-more"
# the one class whose name is no card it boxes (named "5 Trefoils", it boxes a red court card: the
# jack of hearts of the one photo that has it, a train photo of hearts 9-K): that photo is left out
UNNAMED_CLASS = 19
ROLES = {TUNE: "tune", TUNE_MORE: "tune", SEEN: "check", REPORT: "report"}  # each set's role in scan_real_cards.py


def git_output(git_dir: Path, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True, check=True).stdout


def class_cards(git_dir: Path) -> list[str]:
    """Each class number's card, the export's names corrected."""
    data = git_output(git_dir, "show", f"{COMMIT}:{DATASET}/data.yaml").decode()
    names = json.loads(re.search(r"names: (\[.*\])", data).group(1).replace("'", '"'))  # type: ignore[union-attr]

    def card(number: int) -> str:
        name = names[number + 1] if number <= 18 else "10 Diamonds" if number == 20 else names[number]
        rank, suit = name.split()
        return rank + SUITS[suit]
    return [card(number) for number in range(len(names))]


def hand_of(cards: list[str]) -> tuple[str, tuple[str, ...]]:
    """The hand a photo shows (a suit's A-4, 5-8 or 9-K), from the cards most of its boxes hold."""
    suits = [card[-1] for card in cards]
    suit = max(set(suits), key=suits.count)
    ranks = [card[:-1] for card in cards]
    return suit, max(HAND_RANKS, key=lambda hand: sum(rank in hand for rank in ranks))


def label_of(image: str) -> str:
    """The export's YOLO label file of a photo (one line a card's box)."""
    return re.sub(r"/images/(.*)\.jpg$", r"/labels/\1.txt", image)


LabelBox = tuple[int, float, float, float, float]  # class number, centre x, centre y, width, height (of the photo)


def label_boxes(git_dir: Path, image: str) -> list[LabelBox]:
    """The boxes the export labels a photo with, as its label file gives them."""
    found: list[LabelBox] = []
    for line in git_output(git_dir, "show", f"{COMMIT}:{label_of(image)}").decode().splitlines():
        if line.strip():
            number, x, y, width, height = line.split()[:5]
            found.append((int(number), float(x), float(y), float(width), float(height)))
    return found


def photo_entry(git_dir: Path, image: str, cards_of: list[str]) -> (
        tuple[dict[str, Any], tuple[str, tuple[str, ...]]] | None):
    """The photo's manifest entry and its hand; None for a photo with a box of UNNAMED_CLASS."""
    whole: list[str] = []
    partial: list[str] = []
    for number, x, y, width, height in label_boxes(git_dir, image):
        if number == UNNAMED_CLASS:
            return None
        cut = min(x - width / 2, y - height / 2) < EDGE or max(x + width / 2, y + height / 2) > 1 - EDGE
        (partial if cut else whole).append(cards_of[number])
    blob = git_output(git_dir, "show", f"{COMMIT}:{image}")
    entry = {"source": image, "file": re.sub(r"_jpg\.rf\..*", ".jpg", image.rsplit("/", 1)[1]),
             "cards": whole, "partial": partial, "sha256": hashlib.sha256(blob).hexdigest()}
    return entry, hand_of(whole + partial)


def rf100_sets(git_dir: Path) -> dict[str, list[dict[str, Any]]]:
    cards_of = class_cards(git_dir)
    images = sorted(path for path in git_output(git_dir, "ls-tree", "-r", "--name-only", COMMIT).decode().splitlines()
                    if re.match(rf"{DATASET}/(train|valid|test)/images/.*\.jpg$", path))
    sets: dict[str, list[dict[str, Any]]] = {name: [] for name in ROLES}
    for image in images:
        split = image.split("/")[1]
        found = photo_entry(git_dir, image, cards_of)
        if found is None:
            continue
        entry, hand = found
        tuned = hand in TUNE_HANDS
        if split == "valid":
            sets[TUNE if tuned else SEEN].append(entry)
        else:
            sets[TUNE_MORE if tuned else REPORT].append(entry)
    return sets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    git_dir = Repositories(parser.parse_args().mirror).git_dir(REPO)
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    for name, photos in rf100_sets(git_dir).items():
        manifest["sets"][name] = {"repo": REPO, "commit": COMMIT, "licence": LICENCE, "role": ROLES[name],
                                  "kind": "scene", "indices": "english", "corners": 4, "photos": photos}
        print(f"{name}: {len(photos)} photos, {sum(len(p['cards']) for p in photos)} cards "
              f"(+ {sum(len(p['partial']) for p in photos)} partial)")
    MANIFEST.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
