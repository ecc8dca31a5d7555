"""Never a guess under blur: the playing-card tune photos of scan_real_cards.py reduced to half
size and blurred, as a phone's frame is when the hand shakes or the focus hunts, in colour and in
grey. A card the blur has made unreadable must come out unrecognised; what matters here is the
share named wrong (goal: <= 1 %, the issue's bound for scenes), and the share still named right is
printed beside it. The peer is scan_real_cards.py's (EdjeElectronics' outline + corner templates) on
the same frames.

Only tune photos are blurred (the English decks: Ammememe's white deck, pstephenwille, rdpong,
jacky), so this is a check of the reader's refusals, never a figure to tune its reading on; the
photo sets and their caches are scan_real_cards.py's.

    .venv/bin/python benchmarks/scan_blurred_cards.py [--json]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.report import Figure, emit  # noqa: E402
from benchmarks.scan_real_cards import edje_peer, load_sets, photos, score  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402

MAX_WRONG = 1.0  # % of the labelled cards
# name: (scale, blur sigma in the reduced frame's pixels, greyscale)
BLURS = {"half-blur1": (0.5, 1.0, False), "half-blur2": (0.5, 2.0, False), "half-blur2-grey": (0.5, 2.0, True)}
SETS = ("ammememe-white-singles", "ammememe-white-scenes", "ammememe-white-singles-more",
        "pstephenwille-singles", "rdpong-singles", "rdpong-scenes", "jacky-scenes")


def blurred(image: npt.NDArray[np.uint8], scale: float, sigma: float, grey: bool) -> npt.NDArray[np.uint8]:
    if grey:
        image = np.asarray(cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR), dtype=np.uint8)
    reduced = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(reduced, (0, 0), sigma), dtype=np.uint8)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    note = sys.stderr if args.json else sys.stdout
    sets = [card_set for card_set in load_sets() if card_set.role == "tune" and card_set.name in SETS]
    for card_set in sets:
        if card_set.missing:
            print(f"scan_blurred_cards: {card_set.name} left out ({card_set.missing})", file=note)
    loaded = [pair for card_set in sets if not card_set.missing for pair in photos(card_set)]
    if not loaded:
        print("no photo set to run", file=sys.stderr)
        return 2
    scanner = Scanner.for_catalog("playing-cards")
    peer = edje_peer()
    truth = [photo.cards for _, photo in loaded]
    partial = [photo.partial for _, photo in loaded]
    figures = [Figure("scan_blurred_cards.cards", sum(map(len, truth)), "cards")]
    for name, (scale, sigma, grey) in BLURS.items():
        frames = [blurred(image, scale, sigma, grey) for image, _ in loaded]
        named = [[s.card_id or "" for s in scanner.scan(frame, effort="fast") if s.kind == "card"] for frame in frames]
        right, wrong = score(named, truth, partial)
        peer_right = peer_wrong = None
        if peer is not None:
            peer_right, peer_wrong = score([peer.scan(frame) for frame in frames], truth, partial)
        peer_name = "edje-template" if peer is not None else ""
        figures += [Figure(f"scan_blurred_cards.{name}.wrong", wrong, "%", f"<= {MAX_WRONG:g} %",
                           peer=peer_wrong, peer_name=peer_name, met=wrong <= MAX_WRONG),
                    Figure(f"scan_blurred_cards.{name}.right", right, "%", "", peer=peer_right, peer_name=peer_name)]
    emit(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
