"""`shinpan tags` and `shinpan scan` as a user runs them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from cardscans import synthetic
from cardscans.tagformat import encode_tag
from companion.cli.main import main


def test_tags_then_scan_the_printed_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("2 KOTE\nTSUKI\n", encoding="utf-8")
    sheet = tmp_path / "sheet.png"
    assert main(["tags", "kendo-taikai", "--deck", str(deck), "--out", str(sheet), "--dpi", "150", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["stickers"] == 3 and written["files"] == [str(sheet)]
    assert main(["scan", str(sheet), "--catalog", "kendo-taikai", "--json"]) == 0
    [result] = json.loads(capsys.readouterr().out)
    assert result["path"] == str(sheet)
    cards = sorted((s["card_id"], s["copy"]) for s in result["sightings"])
    assert cards == [("kote", 1), ("kote", 2), ("tsuki", 1)]
    first = result["sightings"][0]
    assert set(first) == {"kind", "method", "text", "catalog", "card_id", "copy", "polygon", "confidence", "reason"}
    assert len(first["polygon"]) == 4 and first["confidence"] == 1.0


def test_scan_reports_foreign_codes_and_bad_files_per_image(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    foreign = tmp_path / "url.png"
    cv2.imwrite(str(foreign), synthetic.qr_picture("https://example.com/\x07bell"))
    tag = tmp_path / "tag.png"
    cv2.imwrite(str(tag), synthetic.qr_picture(encode_tag("kendo-taikai", "seme", 1)))
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    assert main(["scan", str(foreign), str(broken), str(tag), "--catalog", "playing-cards"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{foreign}: 1 sighting"
    assert "foreign code 'https://example.com/\\x07bell': not a Shinpan tag" in out[1]
    assert out[2].startswith(f"{broken}: error: ") and "take the photo again" in out[2]
    assert "a tag for catalog 'kendo-taikai', not 'playing-cards'" in out[4]


def test_unknown_catalog_and_missing_file_are_one_line_errors(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tags", "kendo-taikia", "--out", str(tmp_path / "x.pdf")]) == 1
    assert "unknown catalog 'kendo-taikia' (known: kendo-taikai" in capsys.readouterr().err
    assert main(["scan", str(tmp_path / "nope.png"), "--json"]) == 1
    [result] = json.loads(capsys.readouterr().out)
    assert result["error"].endswith("no such file") and result["sightings"] == []


def test_register_face_then_scan_recognises_the_untagged_card(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    face = tmp_path / "seme-face.png"
    cv2.imwrite(str(face), synthetic.card_face(9))
    gallery = tmp_path / "faces.npz"
    assert main(["register-face", str(face), "--face", "--catalog", "kendo-taikai", "--card", "SEME",
                 "--gallery", str(gallery)]) == 0
    assert "registered kendo-taikai/seme" in capsys.readouterr().out
    photo = tmp_path / "table.jpg"
    frame, _ = synthetic.photograph_card(synthetic.card_face(9), np.random.default_rng(3), 0.5)
    cv2.imwrite(str(photo), frame)
    assert main(["scan", str(photo), "--gallery", str(gallery), "--json"]) == 0
    [result] = json.loads(capsys.readouterr().out)
    cards = [(s["method"], s["card_id"]) for s in result["sightings"] if s["kind"] == "card"]
    assert cards == [("photo", "seme")]


@pytest.mark.parametrize("dpi", ["20000", "0", "-5", "71", "1201"])
def test_a_resolution_out_of_range_is_one_line_and_writes_nothing(tmp_path: Path, dpi: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.png"
    assert main(["tags", "kendo-taikai", "--out", str(sheet), "--dpi", dpi]) == 1
    error = capsys.readouterr().err.strip()
    assert error.endswith("choose between 72 and 1200 (300 suits most printers)") and "\n" not in error
    assert not sheet.exists()


def test_the_lowest_resolution_is_accepted(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.png"
    assert main(["tags", "kendo-taikai", "--out", str(sheet), "--dpi", "72"]) == 0
    page = cv2.imread(str(sheet))
    assert page is not None and page.shape[1] == math.ceil(210 / 25.4 * 72)  # A4's width at 72 dpi


def broken_galleries(folder: Path) -> dict[str, Path]:
    """Gallery files as a crash, a bad copy or another program leaves them."""
    import numpy as np

    good = folder / "good.npz"
    face = np.zeros((176, 126, 3), np.uint8)
    np.savez_compressed(good, catalogs=np.array(["kendo-taikai"]), cards=np.array(["men"]), faces=face[None])
    files = {"truncated": folder / "truncated.npz", "lengths": folder / "lengths.npz",
             "empty faces": folder / "shape.npz", "text": folder / "text.npz"}
    files["truncated"].write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    np.savez_compressed(files["lengths"], catalogs=np.array(["kendo-taikai", "kendo-taikai"]),
                        cards=np.array(["men"]), faces=face[None])
    np.savez_compressed(files["empty faces"], catalogs=np.array(["kendo-taikai"]), cards=np.array(["men"]),
                        faces=np.zeros((1, 0, 0, 3), np.uint8))
    files["text"].write_text("faces, honestly", encoding="utf-8")
    return files


def test_a_broken_gallery_file_is_one_line_for_scan_and_register(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    photo = tmp_path / "tag.png"
    cv2.imwrite(str(photo), synthetic.qr_picture(encode_tag("kendo-taikai", "men", 1)))
    face = tmp_path / "face.png"
    cv2.imwrite(str(face), synthetic.card_face(9))
    for kind, gallery in broken_galleries(tmp_path).items():
        before = gallery.read_bytes()
        assert main(["scan", str(photo), "--gallery", str(gallery)]) == 1, kind
        assert main(["register-face", str(face), "--face", "--catalog", "kendo-taikai", "--card", "men",
                     "--gallery", str(gallery)]) == 1, kind
        errors = capsys.readouterr().err.strip().splitlines()
        assert len(errors) == 2 and all(f"{gallery}: not a usable Shinpan face gallery" in e for e in errors), kind
        assert errors[0].endswith("register the cards again into a new gallery file")
        assert gallery.read_bytes() == before  # a file the user may still want is never overwritten


def test_register_face_into_a_missing_folder_is_one_line(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    face = tmp_path / "face.png"
    cv2.imwrite(str(face), synthetic.card_face(9))
    gallery = tmp_path / "no" / "such" / "folder" / "faces.npz"
    assert main(["register-face", str(face), "--face", "--catalog", "kendo-taikai", "--card", "men",
                 "--gallery", str(gallery)]) == 1
    error = capsys.readouterr().err.strip()
    assert error.endswith(f"{gallery}: cannot save the face gallery (No such file or directory); "
                          "choose a folder that exists and can be written")
