"""Numbers no referee writes (issue 20): 5,000 digits, digits of other scripts, a seed past 64 bits. Each
is one line naming the record line and the problem, through the real `shinpan replay`, `legal` and
`import`, and an import goes on with the files after the bad one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.main import main

HUGE = "9" * 5000
KENDO = "ruleset: kendo-shiai\nplayer: Aiko, side red\nplayer: Ben, side white\n{extra}\n1. Aiko: {first}\n"
MACE = ("ruleset: mace\nplayer: Ann\nplayer: Ben\n\n1. Ann: momentum 9H\n2. Ben: momentum 9D\n"
        "3. Ann: boost 4D to {hex}\n")
KENPO = ("ruleset: kenpo-masters\nplayer: Aiko\nplayer: Ben\n\n1. Aiko: Front Kick forward\n"
         "2. Aiko: end; points own Front Kick {points}\n")


@pytest.mark.parametrize(("name", "record", "says"), [
    ("offer-huge", KENDO.format(extra="", first=f"offer MEN {HUGE}"), "write 'offer CARD NUMBER'"),
    ("offer-arabic", KENDO.format(extra="", first="offer MEN \u0664"), "write 'offer CARD NUMBER'"),
    ("seat-huge", KENDO.format(extra="", first="offer MEN 4").replace("1. Aiko:", f"1. P{HUGE}:"), "line 5"),
    ("seed-65-bits", KENDO.format(extra=f"seed: {2**64}", first="offer MEN 4"), "within 64 bits"),
    ("seed-huge", KENDO.format(extra=f"seed: {HUGE}", first="offer MEN 4"), "within 64 bits"),
    ("hex-huge", MACE.format(hex=f"{HUGE},1"), "is not a hex"),
    ("points-huge", KENPO.format(points=HUGE), "points are a whole number"),
])
@pytest.mark.parametrize("command", ["replay", "legal"])
def test_a_number_no_referee_writes_is_one_line_with_exit_code_2(
        name: str, record: str, says: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{name}.shinpan"
    path.write_text(record, encoding="utf-8")
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err and len(err) < 400, err


def test_import_reports_a_65_bit_seed_and_still_imports_the_files_after_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "a-bad-seed.shinpan"
    bad.write_text(KENDO.format(extra=f"seed: {2**64}", first="offer MEN 4"), encoding="utf-8")
    good = tmp_path / "b-good.shinpan"
    good.write_text(KENDO.format(extra="seed: 7", first="offer MEN 4"), encoding="utf-8")
    database = str(tmp_path / "shinpan.db")
    code = main(["import", str(bad), str(good), "--database", database, "--json"])
    out = capsys.readouterr()
    assert code != 0 and "within 64 bits" in out.out + out.err
    assert main(["history", "--database", database, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    matches = listed["matches"] if isinstance(listed, dict) else listed
    assert len(matches) == 1  # the good file after the bad one was imported
