"""Generated 1280x720 table scenes: three cards laid left to right, each with a tag whose code is
80 px or 120 px wide, with perspective, blur, noise, uneven light and clutter. The pipeline against
each decoder library called directly on the same frames, in the same run.

    .venv/bin/python benchmarks/scan_scenes.py [--scenes N] [--json]

The pipeline runs with its default effort ("auto": the same as the live preview's "fast" wherever
zxing-cpp finds a code); every contender is timed as the fastest of 3 runs per frame.

Goal: every tag read, in left-to-right order, at <= 5 ms median per frame.
"""

from __future__ import annotations

import argparse
from typing import Any

from scan_common import timed

from benchmarks.report import Figure, emit, median

CARDS = ("men", "kote", "do", "tsuki", "seme", "hiki-do", "men-kote", "bogyo")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenes", type=int, default=40, help="scenes per tag size (default 40)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import cv2
    import numpy as np
    import zxingcpp
    from pyzbar import pyzbar

    from cardscans import synthetic
    from cardscans.pipeline import Scanner
    from cardscans.tagformat import encode_tag

    scanner = Scanner.for_catalog("kendo-taikai")
    detector = cv2.QRCodeDetector()

    def opencv(gray: Any) -> set[str]:
        try:
            ok, texts, _, _ = detector.detectAndDecodeMulti(gray)
        except (cv2.error, UnicodeDecodeError):
            return set()
        return {t for t in texts if t} if ok else set()

    peers = {
        "zxing-cpp": lambda g: {r.text for r in zxingcpp.read_barcodes(g, formats=zxingcpp.BarcodeFormat.QRCode)},  # type: ignore[arg-type]
        "pyzbar": lambda g: {r.data.decode("utf-8", "replace")
                             for r in pyzbar.decode(g, symbols=[pyzbar.ZBarSymbol.QRCODE])},
        "opencv": opencv,
    }
    for size in (80, 120):
        read = {name: 0 for name in ["pipeline", *peers]}
        times: dict[str, list[float]] = {name: [] for name in read}
        in_order = 0
        total = 0
        for index in range(args.scenes):
            rng = np.random.default_rng(size * 10_000 + index)
            picks = rng.choice(len(CARDS), 3, replace=False)
            texts = [encode_tag("kendo-taikai", CARDS[i], int(rng.integers(1, 3))) for i in picks]
            frame, _ = synthetic.tag_scene(rng, texts, size)
            sightings, ms = timed(lambda f=frame: scanner.scan(f))
            times["pipeline"].append(ms)
            seen = [s.text for s in sightings if s.kind == "card"]
            read["pipeline"] += len(set(texts) & set(seen))
            in_order += seen == texts
            total += len(texts)
            gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
            for name, decode in peers.items():
                found, ms = timed(lambda g=gray, d=decode: d(g))
                times[name].append(ms)
                read[name] += len(set(texts) & found)
        rate = {name: 100.0 * count / total for name, count in read.items()}
        med = {name: median(values) for name, values in times.items()}
        emit([
            Figure(f"scan_scenes.{size}px.tags_read", rate["pipeline"], "%", "100 %",
                   peers={n: rate[n] for n in peers}, met=rate["pipeline"] == 100.0),
            Figure(f"scan_scenes.{size}px.scenes_in_order", 100.0 * in_order / args.scenes, "%", "100 %",
                   met=in_order == args.scenes),
            Figure(f"scan_scenes.{size}px.median_time", med["pipeline"], "ms", "<= 5 ms",
                   peers={n: med[n] for n in peers}, met=med["pipeline"] <= 5.0),
        ], args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
