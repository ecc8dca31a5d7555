"""The record notation: the documented example replays to its result, and every line round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import MalformedAction, RecordError
from companion.rules.record import load_record, match_to_record, read_record, replay_record
from companion.rules.registry import get_ruleset

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "musashi-four-players.shinpan"


def test_the_four_player_example_replays_from_the_deal_to_the_winner() -> None:
    match = load_record(EXAMPLE.read_text(encoding="utf-8"))  # its `result:` header is checked too
    outcome = match.outcome()
    assert outcome.winners == (3,) and outcome.places == (2, 4, 3, 1)
    triggers = [e.name for e in match.events if e.is_trigger]
    assert triggers == ["DroppedOut", "HikiWake", "DroppedOut", "DroppedOut", "MatchWon"]
    state = match.summary()
    assert [p["place"] for p in state["players"]] == [2, 4, 3, 1]
    assert state["outcome"]["places"][0] == {"player": "Dee", "place": 1}


def test_every_line_round_trips_through_format_and_parse() -> None:
    match = load_record(EXAMPLE.read_text(encoding="utf-8"))
    for action in match.actions:
        text = match.ruleset.format_action(action)
        assert match.ruleset.parse_action(action.actor, text) == action
    again = read_record(match_to_record(match))
    assert again.actions == list(match.actions) and replay_record(again).state == match.state


def test_a_wrong_result_header_is_refused() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("result: Dee won", "result: Ann won")
    with pytest.raises(RecordError):
        load_record(text)


@pytest.mark.parametrize("text", ["pull", "switch many", "bonus gold", "switch blue for brown", "MEN +"])
def test_malformed_lines_are_refused_with_one_line(text: str) -> None:
    with pytest.raises(MalformedAction) as raised:
        get_ruleset("musashi").parse_action(0, text)
    assert "\n" not in str(raised.value)


def test_an_illegal_record_line_names_its_line_and_ruling() -> None:
    text = "ruleset: musashi\nplayer: Ann\nplayer: Ben\n\nAnn: switch 0\nBen: switch 0\nAnn: sum 9\nBen: sum 8\n" \
           "Ann: MEN>KOTE at Ben\n"
    with pytest.raises(RecordError) as raised:
        load_record(text)
    assert str(raised.value).startswith("line 9: 'MEN>KOTE at Ben'") and str(raised.value).endswith("[KT1 5]")
