"""Records carry the decks as content blocks (SHA-256); the whole example match replays from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules import content
from companion.rules.errors import RecordError
from companion.rules.martial_arts_tcg import example_deck
from companion.rules.martial_arts_tcg.deck_toml import deck_to_toml
from companion.rules.martial_arts_tcg.state import (
    AdrEarned,
    AdrSpent,
    EventPlaced,
    RecoveryPhase,
    TurnTakenOver,
)
from companion.rules.model import MatchWon
from companion.rules.record import match_to_record, read_record, replay_record
from tests.rules.martial_arts_tcg.helpers import START, match

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "martial-arts-tcg-match.shinpan"


def _record() -> str:
    return match_to_record(match(*START, "Ann: attack Practice Jab", "Ben: no block"))


def test_a_record_embeds_each_deck_once_and_replays_with_it() -> None:
    text = _record()
    tiger = content.reference(deck_to_toml(example_deck(0)))
    assert f"option: deck-1 = {tiger}" in text and text.count(f"content: {tiger}") == 1
    assert "| name = \"Practice Jab\"" in text
    record = read_record(text)
    assert record.setup.option("deck-1", "") == deck_to_toml(example_deck(0))
    assert replay_record(record).summary()["players"][1]["health"] == 28


def test_the_same_deck_for_both_players_is_one_block() -> None:
    tiger = deck_to_toml(example_deck(0))
    played = match(*START, options={"deck-2": tiger})
    text = match_to_record(played)
    assert text.count("content: sha256:") == 1
    assert read_record(text).setup == played.setup


def test_a_deck_file_with_comments_and_odd_spacing_is_embedded_canonically() -> None:
    written = "# my deck\n" + deck_to_toml(example_deck(1)).replace(" = ", "   =   ")
    played = match(*START, options={"deck-2": written})
    assert played.setup.option("deck-2", "") == deck_to_toml(example_deck(1))


def test_content_that_disagrees_with_its_hash_is_refused_naming_the_line() -> None:
    text = _record().replace('| atk = 2', '| atk = 9', 1)
    line = text.splitlines().index("content: " + text.split("option: deck-1 = ")[1].split("\n")[0]) + 1
    with pytest.raises(RecordError) as raised:
        read_record(text)
    assert str(raised.value).startswith(f"line {line}: content block sha256:")
    assert "does not match its content" in str(raised.value)


def test_a_reference_without_its_block_is_refused_naming_the_option_line() -> None:
    text = _record()
    cut = text[: text.index("\ncontent: ")] + "\n"
    with pytest.raises(RecordError, match=r"^line 6: option deck-1 names content sha256:[0-9a-f]{10}…, but the "
                       "record has no content block with that hash"):
        read_record(cut)


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace("1. Ann: shuffle", "| stray\n1. Ann: shuffle"), r"line 9: a content line \('\|'\) outside"),
    (lambda t: t.replace("option: deck-2 = sha256:", "option: deck-2 = my-deck.toml #"),
     "option deck-2 takes a content reference"),
    (lambda t: t + "\ncontent: " + content.reference("x\n") + "\n| x\n", "is named by no option"),
])
def test_other_content_mistakes_are_one_line_each(change: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_record(change(_record()))  # type: ignore[operator]


def test_a_deck_breaking_t6_in_a_record_is_named_at_its_option_line() -> None:
    text = _record()
    ref = text.split("option: deck-1 = ")[1].split("\n")[0]
    block_start = text.index(f"content: {ref}")
    block = text[block_start:].split("\n\ncontent:")[0]
    broken_body = block.replace("| copies = 4", "| copies = 1")
    lines = broken_body.split("\n")[1:]
    new_text = "\n".join(line[2:] if line.startswith("| ") else "" for line in lines) + "\n"
    new_ref = content.reference(new_text)
    rebuilt = text.replace(block, "\n".join(content.block_lines(new_text))).replace(ref, new_ref)
    with pytest.raises(RecordError, match=r"^line 6: option deck-1: deck 'Tiger \(example deck\)': the main deck "
                       r"holds \d+ cards; a deck holds at least 50 \[T6\]"):
        read_record(rebuilt)


def test_the_example_match_replays_with_every_feature_the_docs_promise() -> None:
    played = replay_record(read_record(EXAMPLE.read_text(encoding="utf-8")))
    events = played.events
    assert any(isinstance(e, AdrEarned) and e.ruling == "T3" for e in events)
    assert any(isinstance(e, AdrSpent) for e in events)
    assert any(isinstance(e, TurnTakenOver) for e in events)
    assert any(isinstance(e, EventPlaced) and e.replaced for e in events)
    assert any(isinstance(e, RecoveryPhase) for e in events)
    won = [e for e in events if isinstance(e, MatchWon)]
    assert won and played.outcome().winners == (1,) and played.summary()["players"][0]["health"] <= 0
    assert match_to_record(played, title=read_record(EXAMPLE.read_text()).title).count("content: ") == 2
