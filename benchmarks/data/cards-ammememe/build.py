"""Writes the committed playing-card photos of SOURCE.md (photos/) from the Roboflow export in
Ammememe/CardCounterML (CC BY 4.0), at the commit manifest.json records.

Each photo is one augmented version (640 x 640, as the export left it) of one source photo: the
file is copied byte for byte after its SHA-256 is checked against the manifest, and the export's
YOLO labels for it are checked against the manifest's cards (`cards` whole in the frame, `partial`
cut by the frame's edge), so a change of either upstream is reported rather than copied.
Takes the files from a local bare mirror (`--mirror DIR`, holding `owner+name/repo`) or a
`git clone` of its own. `--check` only checks the committed files (no git).
Usage: .venv/bin/python benchmarks/data/cards-ammememe/build.py [--mirror /work/.mirror] [--check]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories, checked_blob  # noqa: E402

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"
PHOTOS = HERE / "photos"
NOT_CARDS = {"BACK", "BLACK JOKER", "RED JOKER"}  # classes of the export that are no playing card


def load() -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return manifest


def label_path(source: str) -> str:
    """The YOLO label file of an image of the export: images/X.jpg -> labels/X.txt."""
    folder, name = source.rsplit("/images/", 1)
    return f"{folder}/labels/{name.rsplit('.', 1)[0]}.txt"


def git_text(git_dir: Path, commit: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                          capture_output=True, check=True, text=True).stdout


def class_names(data_yaml: str) -> list[str]:
    """data.yaml's `names: [...]` line (the file is YAML; this line is a Python-compatible list)."""
    line = next(line for line in data_yaml.splitlines() if line.startswith("names:"))
    names: list[str] = ast.literal_eval(line.split(":", 1)[1].strip())
    return names


def labelled_cards(label_text: str, names: list[str]) -> set[str]:
    """The playing cards an image's YOLO boxes name (one box per visible corner index)."""
    return {names[int(line.split()[0])] for line in label_text.splitlines() if line.strip()} - NOT_CARDS


def check_committed(manifest: dict[str, Any]) -> int:
    problems = 0
    for photo in manifest["photos"]:
        target = PHOTOS / photo["file"]
        if not target.is_file() or hashlib.sha256(target.read_bytes()).hexdigest() != photo["sha256"]:
            print(f"{photo['file']}: missing or not the recorded file", file=sys.stderr)
            problems += 1
    print(f"{PHOTOS}: {len(manifest['photos']) - problems} of {len(manifest['photos'])} photos as recorded")
    return 1 if problems else 0


def build(mirror: Path | None) -> int:
    manifest = load()
    git_dir = Repositories(mirror).git_dir(manifest["repo"])
    commit = manifest["commit"]
    names = class_names(git_text(git_dir, commit, "data.yaml"))
    PHOTOS.mkdir(exist_ok=True)
    problems = 0
    for photo in manifest["photos"]:
        blob = checked_blob(git_dir, commit, photo["source"], photo["sha256"])
        if blob is None:
            print(f"{photo['source']}: missing or checksum differs", file=sys.stderr)
            problems += 1
            continue
        labelled = labelled_cards(git_text(git_dir, commit, label_path(photo["source"])), names)
        kept = set(photo["cards"]) | set(photo["partial"])
        if labelled != kept and not photo.get("relabelled"):
            print(f"{photo['file']}: the export labels {sorted(labelled)}, the manifest {sorted(kept)}",
                  file=sys.stderr)
            problems += 1
        (PHOTOS / photo["file"]).write_bytes(blob)
    written = {photo["file"] for photo in manifest["photos"]}
    for stale in sorted(PHOTOS.glob("*.jpg")):
        if stale.name not in written:
            print(f"{stale.name}: not in the manifest (left in place)", file=sys.stderr)
    print(f"{PHOTOS}: {len(manifest['photos']) - problems} photos written and checked")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    parser.add_argument("--check", action="store_true", help="only check the committed photos' checksums")
    args = parser.parse_args()
    return check_committed(load()) if args.check else build(args.mirror)


if __name__ == "__main__":
    sys.exit(main())
