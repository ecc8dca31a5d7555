"""Hostile QR payloads (issue 20): a tag whose digits are not ASCII, with spaces around it or a leading
zero is no card, said in one line; such a sticker hides neither the genuine tag beside it nor the
other photos on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from cardscans import synthetic
from cardscans.tagformat import TagError, decode_tag, encode_tag
from companion.cli.main import main

GENUINE = encode_tag("kendo-taikai", "men", 2)  # SP1/KT/MEN/2/5


@pytest.mark.parametrize("hostile", [
    GENUINE.replace("/2/", "/\u0662/"),   # Arabic-Indic two
    GENUINE.replace("/2/", "/\uff12/"),   # full-width two
    GENUINE.replace("/2/", "/02/"),       # a leading zero: not what Shinpan prints
    " " + GENUINE, GENUINE + "\n", GENUINE + "\t",
    "SP\u0661/KT/MEN/2/5", "SP1/KT/MEN/2/5/\x00", "SP99999999999999999999999/X",
])
def test_a_tag_shinpan_did_not_print_is_no_card_and_says_so(hostile: str) -> None:
    with pytest.raises(TagError):
        decode_tag(hostile)


def test_a_hostile_sticker_hides_no_other_photo_on_the_command_line(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    hostile = tmp_path / "hostile.png"
    cv2.imwrite(str(hostile), synthetic.qr_picture(GENUINE.replace("/2/", "/\u0662/")))
    genuine = tmp_path / "genuine.png"
    cv2.imwrite(str(genuine), synthetic.qr_picture(GENUINE))
    assert main(["scan", str(hostile), str(genuine), "--json"]) == 0
    first, second = json.loads(capsys.readouterr().out)
    [sticker] = first["sightings"]
    assert sticker["kind"] == "foreign" and sticker["card_id"] is None
    assert sticker["reason"] == "a damaged Shinpan tag (its fields are malformed); reprint it"
    assert [(s["card_id"], s["copy"]) for s in second["sightings"]] == [("men", 2)]
