"""Rebuilds this folder's card faces from tomwhite/set-game's `data/train-v2` (Apache-2.0, see SOURCE.md).

`--select` writes the seven label files, each from other photos of the three boards (all 27 cards
of one count), 146-177 photos a board over 2017-03-11..18, some by a second camera (`DSC_*`):
- tune-first-labels.json: the first photo of the first day registers; the first photo of each later
  day and three of the second camera (first, middle, last) are queried;
- tune-last-labels.json: the second photo of the first day registers; the last photo of each later
  day and three of the second camera (at 1/4, 1/2 and 3/4 of its photos) are queried;
- tune-middle-labels.json: the third photo of the first day registers; the middle photo of each
  later day and four of the second camera (at 1/8, 3/8, 5/8 and 7/8) are queried;
- tune-quarter-labels.json: the fourth photo of the first day registers; the photo at a quarter of
  each later day's and four of the second camera (at 1/16, 5/16, 9/16 and 13/16) are queried;
- tune-threequarters-labels.json (the report set until its errors were looked at): the fifth photo
  of the first day registers; the photo at three quarters of each later day's and four of the second
  camera (at 3/16, 7/16, 11/16 and 15/16) are queried;
- tune-fiveeighths-labels.json (the report set until its errors were looked at): the sixth photo
  of the first day registers; the photo at five eighths of each later day's and four of the second
  camera (at 1/32, 9/32, 17/32 and 25/32) are queried, each, where an earlier file took it,
  replaced by the next photo of that day (of that camera) that no earlier file took, wrapping round
  to the first; a day all of whose photos were taken gives none;
- labels.json, the report set: the seventh photo of the first day registers; the photo at three
  eighths of each later day's and four of the second camera (at 5/32, 13/32, 21/32 and 29/32) are
  queried, each replaced, where an earlier file took it, as for tune-fiveeighths.
For the other files, a photo already taken by an earlier file (in the order above) is skipped.
Without `--select`, each face named in the label files is taken at the recorded commit, its SHA-256
checked, and written byte for byte (the source's faces are already small JPEGs: ~170 x 270 px,
~3 kB): the report set's to faces/ here (committed: CI judges on it), the tune parts' 4,563 faces
(~18 MB, too much to keep in every clone) to a cache, `$SHINPAN_FACE_PHOTOS` (default
`~/.cache/shinpan/faces-set-game-v2`), which the benchmark reads when it is there.
Usage: .venv/bin/python benchmarks/data/faces-set-game-v2/build.py [--select] [--git-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories, checked_blob  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = "tomwhite/set-game"
COMMIT = "bd047ece2f07e483f39fa41ba1170d9afd9a768c"
LABELLED = "data/train-v2/labelled"
SECOND_CAMERA_PHOTOS = 3  # DSC_* files: another camera, its own light; first, middle and last
# a face's file: <photo>_<board>_<place on the 3 x 9 board>.jpg (board 0 holds the threes), in a
# folder named after the card (`2-red-striped-ovals`), whose first character is the count
FACE_FILE = re.compile(r"(?P<photo>.+)_[0-2]_\d+\.jpg$")


def faces_dir(labels_name: str) -> Path:
    """Where a label file's faces are: the report set's in the repository, the tune parts' in a cache."""
    if labels_name == "labels.json":
        return HERE / "faces"
    cache = os.environ.get("SHINPAN_FACE_PHOTOS", str(Path.home() / ".cache" / "shinpan" / "faces-set-game-v2"))
    return Path(cache) / "faces"


def listing(git_dir: Path) -> list[str]:
    return subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", COMMIT, LABELLED],
                          capture_output=True, check=True, text=True).stdout.split()


# label file -> (registering photo: index among the first day's, which photo of each later day,
# where among the second camera's photos, whether a photo taken before is replaced by the next one
# not taken instead of skipped), in the order the files take photos
Rule = tuple[int, str, tuple[float, ...], bool]
RULES: dict[str, Rule] = {
    "tune-first-labels.json": (0, "first", (0.0, 0.5, 1.0), False),
    "tune-last-labels.json": (1, "last", (0.25, 0.5, 0.75), False),
    "tune-middle-labels.json": (2, "middle", (0.125, 0.375, 0.625, 0.875), False),
    "tune-quarter-labels.json": (3, "quarter", (0.0625, 0.3125, 0.5625, 0.8125), False),
    "tune-threequarters-labels.json": (4, "three quarters", (0.1875, 0.4375, 0.6875, 0.9375), False),
    "tune-fiveeighths-labels.json": (5, "five eighths", (0.03125, 0.28125, 0.53125, 0.78125), True),
    "labels.json": (6, "three eighths", (0.15625, 0.40625, 0.65625, 0.90625), True),
}
LABEL_FILES = tuple(RULES)


def not_taken(photos: list[str], index: int, taken: set[str]) -> str | None:
    """The photo at `index`, or where it was taken the next one that was not (wrapping round)."""
    return next((photos[(index + step) % len(photos)] for step in range(len(photos))
                 if photos[(index + step) % len(photos)] not in taken), None)


def chosen_photos(photos: list[str], rule: Rule, taken: set[str]) -> tuple[str, list[str]]:
    """The registering photo and the queried ones of one board by a rule, none of them in `taken`."""
    registering_index, of_day, second_camera_at, replace_taken = rule
    if replace_taken:
        return replaced_photos(photos, rule, taken)
    phone = sorted(p for p in photos if re.match(r"\d{8}_", p))
    second_camera = sorted(p for p in photos if p.startswith("DSC_"))
    first_day = [p for p in phone if p.startswith(phone[0][:8])]
    registering = first_day[registering_index]
    queried = []
    for day in sorted({p[:8] for p in phone} - {phone[0][:8]}):
        of_this_day = [p for p in phone if p.startswith(day)]
        queried.append({"first": of_this_day[0], "last": of_this_day[-1], "middle": of_this_day[len(of_this_day) // 2],
                        "quarter": of_this_day[len(of_this_day) // 4],
                        "three quarters": of_this_day[3 * len(of_this_day) // 4]}[of_day])
    queried += [second_camera[round(at * (len(second_camera) - 1))] for at in second_camera_at]
    return registering, [p for p in dict.fromkeys(queried) if p not in taken and p != registering]


def replaced_photos(photos: list[str], rule: Rule, taken: set[str]) -> tuple[str, list[str]]:
    """As `chosen_photos`, each photo taken by an earlier file replaced by the next one not taken."""
    registering_index, of_day, second_camera_at, _ = rule
    phone = sorted(p for p in photos if re.match(r"\d{8}_", p))
    second_camera = sorted(p for p in photos if p.startswith("DSC_"))
    first_day = [p for p in phone if p.startswith(phone[0][:8])]
    registering = first_day[registering_index]
    assert registering not in taken, registering
    fraction = {"five eighths": 0.625, "three eighths": 0.375}[of_day]
    queried: list[str | None] = []
    for day in sorted({p[:8] for p in phone} - {phone[0][:8]}):
        of_this_day = [p for p in phone if p.startswith(day)]
        queried.append(not_taken(of_this_day, int(fraction * len(of_this_day)), taken))
    for at in second_camera_at:
        queried.append(not_taken(second_camera, round(at * (len(second_camera) - 1)),
                                 taken | {q for q in queried if q is not None}))
    return registering, [p for p in dict.fromkeys(queried) if p is not None]


def select(git_dir: Path) -> int:
    taken: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}  # per board, photos of earlier files
    for labels_name, rule in RULES.items():
        select_file(git_dir, labels_name, rule, taken)
    return 0


def select_file(git_dir: Path, labels_name: str, rule: Rule, taken: dict[int, set[str]]) -> None:
    faces_by_photo: dict[str, list[tuple[str, str]]] = {}  # photo -> (card, source path)
    counts: dict[str, int] = {}
    for path in listing(git_dir):
        card, name = path.split("/")[-2:]
        match = FACE_FILE.match(name)
        if match is None:
            continue
        faces_by_photo.setdefault(match["photo"], []).append((card, path))
        counts[match["photo"]] = int(card[0])
    boards = []
    for count in (1, 2, 3):
        registering, queried = chosen_photos([p for p, c in counts.items() if c == count], rule, taken[count])
        taken[count] |= {registering, *queried}
        faces = []
        for photo in [registering, *queried]:
            for card, path in sorted(faces_by_photo[photo]):
                blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{COMMIT}:{path}"],
                                      capture_output=True, check=True).stdout
                faces.append({"source": path, "file": f"{count}/{photo}/{card}.jpg", "card": card,
                              "photo": photo, "sha256": hashlib.sha256(blob).hexdigest()})
        boards.append({"count": count, "registering_photo": registering, "queried_photos": queried,
                       "faces": faces})
    role = "report" if labels_name == "labels.json" else "tune"
    labels = {"repo": REPO, "commit": COMMIT, "licence": "Apache-2.0", "role": role, "boards": boards}
    (HERE / labels_name).write_text(json.dumps(labels, indent=1) + "\n", encoding="utf-8")
    print(f"{HERE / labels_name}: {sum(len(b['faces']) for b in boards)} faces")


def build(git_dir: Path) -> int:
    problems = written = 0
    for labels_name in LABEL_FILES:
        labels = json.loads((HERE / labels_name).read_text(encoding="utf-8"))
        for face in (face for board in labels["boards"] for face in board["faces"]):
            blob = checked_blob(git_dir, labels["commit"], face["source"], face["sha256"])
            if blob is None:
                print(f"{face['source']}: missing or checksum differs", file=sys.stderr)
                problems += 1
                continue
            target = faces_dir(labels_name) / face["file"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob)
            written += 1
    print(f"{written} faces written: {HERE / 'faces'} (report set), {faces_dir(LABEL_FILES[0])} (tune parts)")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--select", action="store_true", help="choose the photos again (writes labels.json)")
    parser.add_argument("--git-dir", type=Path, help="a bare clone of the repository (default: git clone)")
    arguments = parser.parse_args()
    git_dir = arguments.git_dir or Repositories(None).git_dir(REPO)
    return select(git_dir) if arguments.select else build(git_dir)


if __name__ == "__main__":
    sys.exit(main())
