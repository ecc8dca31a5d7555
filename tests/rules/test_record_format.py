"""The plain-text record: reader and writer round-trip; bad headers are named by line."""

from __future__ import annotations

import pytest

from companion.rules.errors import InvalidSetup, RecordError
from companion.rules.match import Match
from companion.rules.model import PlayerSpec
from companion.rules.record import match_to_record, read_record, replay_record, write_record
from companion.rules.registry import get_ruleset


def _setup():  # type: ignore[no-untyped-def]
    return get_ruleset("kendo").make_setup(
        [PlayerSpec("Aiko Tanaka", "white"), PlayerSpec("Ben", "red")],
        {"brown-answers-brown": "answerer-starts"}, seed=12, date="2026-11-21",
    )


def test_a_written_record_reads_back_to_the_same_setup_and_actions() -> None:
    setup = _setup()
    ruleset = get_ruleset(setup.ruleset)
    texts = ["offer HIKI-KOTE 3", "offer MEN 2", "HIKI-MEN + TSUBAZERIAI"]
    actors = [0, 1, 0]
    match = Match(setup, [ruleset.parse_action(a, t) for a, t in zip(actors, texts, strict=True)])
    text = write_record(setup, match.actions, title="Final")
    record = read_record(text)
    assert record.setup == setup
    assert record.actions == list(match.actions)
    assert record.title == "Final"
    assert "player: Aiko Tanaka, side white" in text and "option: brown-answers-brown = answerer-starts" in text
    assert replay_record(record).state == match.state


def test_hand_written_records_may_skip_numbers_and_use_seat_labels_and_comments() -> None:
    text = (
        "# written at the table\nruleset: SHIAI\nplayer: Aiko\nplayer: Ben\n"
        "P1: offer men 4   # lower case is fine\np2: Offer kote 1\naiko: Men\n"
    )
    match = replay_record(read_record(text))
    assert len(match.actions) == 3 and match.to_act() == (1,)
    assert match.setup.players[0].side == "red"  # sides default in seat order


def test_the_result_is_written_for_a_finished_match() -> None:
    text = match_to_record(replay_record(read_record(
        "ruleset: kendo-shiai\nplayer: A\nplayer: B\nA: offer MEN 2\nB: offer DO 1\nA: MEN\nB: no answer\n"
        "B: KOTE\nA: KOTE>MEN\nB: no answer\n")))
    assert "result: A won" in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player: A\nplayer: B\n", "line 1: the record has no 'ruleset:' header line"),
        ("ruleset: chess\nplayer: A\nplayer: B\n", "unknown ruleset 'chess'"),
        ("ruleset: kendo-shiai\nplayer: A\n", "played by 2 players, not 1"),
        ("ruleset: kendo-shiai\nformat: 9\nplayer: A\nplayer: B\n", "record format 9 is not supported"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: A\n", "two players have the same name"),
        ("ruleset: kendo-shiai\nplayer: A, colour red\nplayer: B\n", "line 2: player attribute 'colour red'"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\noption: speed = 3\n", "has no option 'speed'"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\noption: brown-answers-brown = maybe\n", "not 'maybe'"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\noption: broken\n", "line 4: option 'broken'"),
        ("ruleset: kendo-shiai\nseed: x\nplayer: A\nplayer: B\n", "seed 'x' is not a whole number"),
        ("ruleset: kendo-shiai\nruleset: kendo-shiai\n", "line 2: header 'ruleset' is given twice"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\n1. A: offer MEN 2\n2. B offer KOTE\n",
         "line 5: '2. B offer KOTE' is not 'Player: action'"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\noption: brown-answers-brown = attacker-starts\n"
         "option: brown-answers-brown = answerer-starts\n", "line 5: option 'brown-answers-brown' is given twice"),
        ("ruleset: kendo-shiai\nplayer: A\nvenue: dojo\nplayer: B\n",
         "line 3: 'venue: dojo' is neither a header"),
        ("ruleset: kendo-shiai\nplayer: A\nplayer: B\n1. A: offer MEN 2\n2. B: " + "KOTE " * 5000 + "\n",
         "line 5: unknown card"),
    ],
)
def test_a_malformed_record_is_refused_with_a_clear_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError) as raised:
        read_record(text)
    assert message in str(raised.value)


def test_an_illegal_line_stops_the_replay_with_its_line_and_ruling() -> None:
    record = read_record("ruleset: kendo-shiai\nplayer: A\nplayer: B\n\nA: offer MEN 2\nB: offer DO 1\nB: MEN\n")
    with pytest.raises(RecordError) as raised:
        replay_record(record)
    assert raised.value.line_number == 7 and raised.value.ruling == "KT2 I"
    assert "A's turn" in str(raised.value)


def test_header_keys_are_read_in_any_case() -> None:
    record = read_record("Ruleset: kendo-shiai\nPlayer: A\nPLAYER: B\nTitle: Final\n")
    assert [p.name for p in record.setup.players] == ["A", "B"] and record.title == "Final"


def test_a_hash_inside_text_is_kept_and_a_spaced_hash_starts_a_comment() -> None:
    record = read_record("ruleset: kendo-shiai\ntitle: Table #2   # the club's second table\nplayer: A\nplayer: B\n")
    assert record.title == "Table #2"


def test_names_the_format_cannot_carry_are_refused_when_the_match_is_set_up() -> None:
    ruleset = get_ruleset("kendo-shiai")
    with pytest.raises(InvalidSetup, match="may not contain"):
        ruleset.make_setup(["Ann #1", "Ben"])
    with pytest.raises(InvalidSetup, match="same name"):
        ruleset.make_setup(["Ann ", " Ann"])
    with pytest.raises(InvalidSetup, match="control characters"):
        ruleset.make_setup(["Ann\tB", "Ben"])
    with pytest.raises(InvalidSetup, match="longer than 100"):
        ruleset.make_setup(["A" * 101, "Ben"])
    with pytest.raises(InvalidSetup, match=r"date .* control characters"):
        ruleset.make_setup(["Ann", "Ben"], date="2026-11-21\noption: x = 1")


def test_errors_quote_at_most_a_short_piece_of_a_runaway_line() -> None:
    text = "ruleset: kendo-shiai\nplayer: A\nplayer: B\n" + "x" * 1_000_000 + "\n"
    with pytest.raises(RecordError) as raised:
        read_record(text)
    assert len(str(raised.value)) < 200


def test_a_result_that_disagrees_with_the_replay_is_refused_with_its_line() -> None:
    body = "A: offer MEN 2\nB: offer DO 1\nA: MEN\nB: no answer\nB: KOTE\nA: KOTE>MEN\nB: no answer\n"
    good = read_record("ruleset: kendo-shiai\nplayer: A\nplayer: B\nresult: A won\n" + body)
    assert replay_record(good).outcome().winners == (0,)
    for claimed, reason in (("B won", "the replay gives 'A won'"), ("banana", "the replay gives 'A won'")):
        record = read_record(f"ruleset: kendo-shiai\nplayer: A\nplayer: B\nresult: {claimed}\n" + body)
        with pytest.raises(RecordError, match=f"line 4: the record says 'result: {claimed}' but {reason}"):
            replay_record(record)
    unfinished = read_record("ruleset: kendo-shiai\nplayer: A\nplayer: B\nresult: A won\nA: offer MEN 2\n")
    with pytest.raises(RecordError, match="not finished"):
        replay_record(unfinished)
