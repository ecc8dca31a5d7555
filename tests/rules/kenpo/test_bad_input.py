"""Bad input is normal input: each is refused with a one-line reason and its ruling; nothing recorded
is lost and the match is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import MalformedAction, UnknownCard
from companion.rules.match import Match
from companion.rules.record import load_record
from tests.conftest import Cli
from tests.rules.kenpo.helpers import load, play, record_file, record_text, refused


def test_a_misspelt_card_gets_the_nearest_names() -> None:
    match = play("Cullam: starts")
    with pytest.raises(UnknownCard, match="Front Kick"):
        match.ruleset.parse_action(0, "Frnt Kick forward")


@pytest.mark.parametrize("text", ["end; parry Jab", "rest; block Jab with Block", "Jab; points Jab 2"])
def test_malformed_clauses_say_what_to_write(text: str) -> None:
    match = play("Cullam: starts")
    with pytest.raises(MalformedAction):
        match.ruleset.parse_action(0, text)


def test_out_of_turn_and_before_the_start() -> None:
    fresh = play()
    assert refused(fresh, "Cullam", "Front Kick forward").ruling == "KM setup"
    match = play("Cullam: starts")
    assert refused(match, "Adam", "Front Kick forward").ruling == "KM turn"
    assert refused(match, "Cullam", "end").ruling == "K7"  # nothing played yet
    assert refused(match, "Cullam", "Front Kick").ruling == "K8"  # the first Action card names its move


def test_block_allocation_must_name_cards_on_the_table() -> None:
    match = load_record_until("play-example.shinpan", "7.")
    assert refused(match, "Adam", "end").ruling == "K5"  # say which attack the Block blocks
    assert refused(match, "Adam", "end; block Round Kick with Block").ruling == "K5"  # not waiting
    assert refused(match, "Adam", "end; block Jab with Hard Block").ruling == "K5"  # not played
    assert refused(match, "Adam", "end; block Jab with Block; block Front Kick with Block").ruling == "K5"


def test_hand_points_only_where_the_catalog_is_silent() -> None:
    match = load("faq-walk-into-it.shinpan")
    match.push(match.ruleset.parse_action(0, "Front Kick stand"))
    missing = refused(match, "Cullam", "end")
    assert missing.ruling == "K9" and "points Reverse Punch" in missing.reason
    assert refused(match, "Cullam", "end; points Reverse Punch -1").ruling == "K5"
    example = load_record_until("play-example.shinpan", "7.")
    wrong = refused(example, "Adam", "end; block Jab with Block; points Front Kick 5")
    assert wrong.ruling == "K9" and "scores 2" in wrong.reason
    assert refused(example, "Adam", "end; block Jab with Block; points Side Kick 1").ruling == "K5"


def load_record_until(name: str, marker: str) -> Match:
    return load_record(record_file(name).read_text().rsplit(marker, 1)[0])


def test_a_bad_record_line_names_the_line_and_the_ruling(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "bad.shinpan"
    record.write_text(record_text("Cullam: starts", "Cullam: Front Kick back"))
    result = cli.run("replay", str(record))
    assert result.returncode == 2
    assert "line 6" in result.stderr and "[K2]" in result.stderr and "leaves the ring" in result.stderr
