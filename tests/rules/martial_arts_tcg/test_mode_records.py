"""Records of Two-on-Two and Army of One: teams on the player lines, `at NAME`, `leads`; the whole
examples in docs/examples replay with what their headers promise."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import IllegalAction, MalformedAction, RecordError
from companion.rules.martial_arts_tcg.state import (
    AdrEarned,
    AdrSpent,
    AttackResolved,
    AttackWith,
    Counter,
    EventPlaced,
    HealthGone,
    LeaderDeclared,
    Leads,
    Link,
    PlayCard,
    TurnPassed,
    TurnTakenOver,
)
from companion.rules.model import MatchWon
from companion.rules.record import match_to_record, read_record, replay_record
from tests.rules.martial_arts_tcg.helpers import FOUR, RULESET, SHUFFLED, match, push

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def _replay(name: str) -> tuple[str, object]:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    return text, replay_record(read_record(text))


@pytest.mark.parametrize(("text", "action"), [
    ("attack Practice Jab at Ben", AttackWith(0, "Practice Jab", "Ben")),
    ("link Practice Backfist at Cal", Link(0, "Practice Backfist", "Cal")),
    ("counter Example Spinning Kick at Cal", Counter(0, "Example Spinning Kick", "Cal")),
    ("play Practice Feint at Dee", PlayCard(0, "Practice Feint", None, "Dee")),
    ("play Practice Festival replacing Practice Rainstorm", PlayCard(0, "Practice Festival", "Practice Rainstorm")),
    ("leads", Leads(0)),
    ("attack Practice Jab", AttackWith(0, "Practice Jab")),
])
def test_notation_reads_and_writes_targets_and_the_leader(text: str, action: object) -> None:
    assert RULESET.parse_action(0, text) == action
    assert RULESET.format_action(RULESET.parse_action(0, text)) == text


def test_an_empty_target_is_malformed_and_a_stranger_is_refused_naming_the_ruling() -> None:
    with pytest.raises(MalformedAction, match="'at' is followed by the name of a player"):
        RULESET.parse_action(0, "attack Practice Jab at ")
    played = match(*SHUFFLED, "Ann: starts", options={"mode": "two-on-two"}, names=FOUR)
    with pytest.raises(IllegalAction) as raised:
        push(played, "Ann: attack Practice Jab at Zed")
    assert raised.value.ruling == "T9" and "'Zed' is no player of this match" in raised.value.reason


def test_a_card_whose_name_holds_at_is_still_found() -> None:
    deck = (EXAMPLES.parents[1] / "assets" / "decks" / "martial-arts-tcg-tiger.toml").read_text(encoding="utf-8")
    renamed = deck.replace('"Practice Jab"', '"Strike at Dawn"')
    played = match(*SHUFFLED, "Ann: starts", "Ann: attack Strike at Dawn at Ben", "Ben: no block",
                   options={"mode": "two-on-two", "deck-1": renamed}, names=FOUR)
    assert played.summary()["players"][1]["health"] == 28
    played = match("Ann: shuffle", "Ben: shuffle", "Ann: starts", "Ann: attack Strike at Dawn",
                   options={"deck-1": renamed})
    assert played.state.attack is not None and played.state.attack.target == 1


def test_teams_are_written_on_the_player_lines_and_read_back() -> None:
    played = match(*SHUFFLED, "Ann: starts", "Ann: attack Practice Jab at Ben", "Dee: block Example Deflect",
                   options={"mode": "two-on-two"}, names=FOUR)
    text = match_to_record(played)
    assert "player: Ann, team A\nplayer: Ben, team B\nplayer: Cal, team A\nplayer: Dee, team B\n" in text
    assert "option: mode = two-on-two" in text and text.count("content: sha256:") == 2  # shared example decks
    assert "Ann: attack Practice Jab at Ben" in text
    record = read_record(text)
    assert record.setup == played.setup and replay_record(record).state == played.state


def test_a_record_with_three_players_in_two_on_two_is_refused_in_one_line() -> None:
    played = match(*SHUFFLED, options={"mode": "two-on-two"}, names=FOUR)
    text = match_to_record(played).replace("player: Dee, team B\n", "").replace("4. Dee: shuffle\n", "")
    with pytest.raises(RecordError, match=r"not 3 \[T9\]"):
        replay_record(read_record(text))


def test_the_two_on_two_example_replays_with_what_it_promises() -> None:
    text, played = _replay("martial-arts-tcg-two-on-two.shinpan")
    events = played.events  # type: ignore[attr-defined]
    assert any(isinstance(e, AttackResolved) and e.defender is not None for e in events)  # T9, T20
    defenders = {e.seat for e in events if isinstance(e, TurnTakenOver)}
    assert defenders == {0, 1, 2, 3}
    assert any(isinstance(e, AdrSpent) and e.seat == 2 for e in events)
    assert any(isinstance(e, EventPlaced) and e.seat == 3 and e.replaced == "Example Mountain Wind" for e in events)
    assert all(e.ruling == "T19" for e in events if isinstance(e, TurnPassed))
    assert [e.seat for e in events if isinstance(e, HealthGone)] == [3, 1]
    assert played.outcome().winners == (0, 2) and "result: Ann, Cal won" in text  # type: ignore[attr-defined]


def test_the_army_of_one_example_replays_with_what_it_promises() -> None:
    text, played = _replay("martial-arts-tcg-army-of-one.shinpan")
    events = played.events  # type: ignore[attr-defined]
    assert [e.seat for e in events if isinstance(e, LeaderDeclared)] == [3]
    assert sum(1 for e in events if isinstance(e, AdrEarned) and e.ruling == "T10") == 5
    assert {e.ruling for e in events if isinstance(e, TurnPassed)} == {"T10", "T21"}
    won = [e for e in events if isinstance(e, MatchWon)]
    assert won[0].ruling == "T10" and played.outcome().winners == (0,)  # type: ignore[attr-defined]
    summary = played.summary()  # type: ignore[attr-defined]
    assert summary["enemies_defeated"] == 3 and summary["leader"] == "Dee" and "result: Ann won" in text
