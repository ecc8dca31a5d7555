"""Any edit of a Martial Arts TCG record, its content blocks included, replays or is one rules error."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from companion.rules.errors import RulesError
from companion.rules.record import load_record, match_to_record
from tests.rules.martial_arts_tcg.helpers import START, match

PIECES = st.sampled_from(["|", "| ", "\n", "content: sha256:", "option: deck-1 = ", "#", "\x00", "= -1", "copies = 9",
                          "[[card]]", "atk = -3", "\u202e", "link ", "9" * 25, "\r"])


@cache
def record() -> str:
    return match_to_record(match(*START, "Ann: attack Practice Jab", "Ben: block Example Deflect",
                                 "Ben: counter Example Finger Jab", "Ann: no block"))


@given(edits=st.lists(st.tuples(st.integers(0, 20_000), st.integers(0, 7), st.lists(PIECES, max_size=3)),
                      min_size=1, max_size=5))
def test_a_mutated_record_replays_or_is_one_rules_error(edits: list[tuple[int, int, list[str]]]) -> None:
    text = record()
    for position, cut, inserted in edits:
        at = position % (len(text) + 1)
        text = text[:at] + "".join(inserted) + text[at + cut:]
    try:
        played = load_record(text)
    except RulesError as error:
        assert str(error)
        return
    assert played.outcome() is not None
