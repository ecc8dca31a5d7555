"""Characters a referee cannot see (issue 20): a NUL, an emoji or a right-to-left override inside a card
name, a player's name, a title or a date is refused with one line naming the record line, through the
real `shinpan replay`; a date is an ISO date."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.main import main
from companion.rules.errors import InvalidSetup
from companion.rules.model import PlayerSpec
from companion.rules.record import read_record
from companion.rules.registry import get_ruleset
from companion.rules.text import normalise_name

KENPO = "ruleset: kenpo-masters\nplayer: Aiko\nplayer: Ben\n{header}\n1. Aiko: {card} forward\n"


@pytest.mark.parametrize("card", ["Fr\x00ont Kick", "Front Kick\U0001f94b", "Front Ki\u202eck", "Front\u200bKick"])
def test_a_card_name_with_a_hidden_character_names_no_card(
        card: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hidden.shinpan"
    path.write_text(KENPO.format(header="", card=card), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "line 5" in err, err


def test_the_separators_docs_records_allows_still_match() -> None:
    assert normalise_name("front-kick") == normalise_name("FRONT KICK") == normalise_name("Front_Kick")


@pytest.mark.parametrize(("header", "says"), [
    ("title: Club\x00night", "line 4"),
    ("title: Final \u202eniaga", "U+202E"),
    ("date: next tuesday", "YYYY-MM-DD"),
    ("date: 2026-02-31", "YYYY-MM-DD"),
    ("date: 2026-1-5", "YYYY-MM-DD"),
])
def test_a_title_or_date_a_referee_cannot_read_is_one_line(
        header: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "header.shinpan"
    path.write_text(KENPO.format(header=header, card="Front Kick"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err, err


def test_an_iso_date_and_a_plain_title_read() -> None:
    parsed = read_record(KENPO.format(header="title: Club night\ndate: 2026-11-24", card="Front Kick"))
    assert parsed.title == "Club night" and parsed.setup.date == "2026-11-24"


@pytest.mark.parametrize("name", ["Ai\x00ko", "Ai\u202eko", "Ai\u200bko", "Ai\u2028ko"])
def test_a_player_name_with_a_hidden_character_is_refused(name: str) -> None:
    ruleset = get_ruleset("kendo-shiai")
    with pytest.raises(InvalidSetup, match="control characters"):
        ruleset.make_setup([PlayerSpec(name, "red"), PlayerSpec("Ben", "white")], {})
