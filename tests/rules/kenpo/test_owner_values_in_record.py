"""Owner values carried inside the match from rules revision 2 (KPD15), and revision 1 kept reachable."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules import content
from companion.rules.errors import RecordError
from companion.rules.match import Match
from companion.rules.owner_files import owner_files_beside
from companion.rules.record import load_record, match_to_record, read_record, write_record
from companion.rules.registry import get_ruleset

RECORDS = Path(__file__).parent / "records"
REPO = Path(__file__).resolve().parents[3]
K5 = RECORDS / "k5-resolution.shinpan"  # revision 1: `option: owner-values = docs/examples/...` (a path)


def test_a_revision_1_record_naming_a_file_still_replays_and_rewritten_at_revision_2_gives_the_same() -> None:
    old = load_record(K5.read_text())
    assert old.setup.rules == 1 and old.setup.option_map["owner-values"] == "docs/examples/kenpo-owner-values.toml"
    parsed = read_record(K5.read_text())
    setup = get_ruleset("kenpo-masters").make_setup(parsed.setup.players, dict(parsed.setup.options))
    assert setup.rules == 2
    assert setup.option_map["owner-values"] == (REPO / "docs/examples/kenpo-owner-values.toml").read_text()
    new_text = match_to_record(load_record(match_to_record(old)))  # the old record written again: still revision 1
    assert "rules: 1" in new_text and "owner-values = docs/examples/kenpo-owner-values.toml" in new_text

    carried = Match(setup)
    for line in parsed.lines:
        carried.push(line.action)
    text = match_to_record(carried)
    assert "rules: 2" in text and "option: owner-values = sha256:" in text and "\n| [card." in text
    carried_summary, old_summary = load_record(text).summary(), old.summary()
    assert carried_summary.pop("owner_values").startswith("sha256:")  # named by hash, like the record
    old_summary.pop("owner_values")
    assert carried_summary == old_summary  # the same scores, hands and squares


def carried_record(values: str) -> str:
    parsed = read_record(K5.read_text())
    setup = get_ruleset("kenpo-masters").make_setup(parsed.setup.players, {"owner-values": values})
    return write_record(setup, [line.action for line in parsed.lines])


def test_an_embedded_block_that_sets_a_value_the_rulebook_prints_is_refused_at_its_option_line() -> None:
    text = carried_record((REPO / "docs/examples/kenpo-owner-values.toml").read_text())
    # Hand-edited: the Jab's count is printed in the rulebook, not the owner's to set. The block's
    # hash is made to match, so what is refused is the content, not the tampering.
    body = text[text.index("content: sha256:"):]
    block = "\n".join(line[2:] if line.startswith("| ") else line[1:] for line in body.splitlines()[1:]) + "\n"
    edited = block.replace("[card.jab]", "[card.jab]\nname = \"Jabby\"", 1)
    assert edited != block
    ref = content.reference(edited)
    assert content.reference(block) in body
    text = text.replace(body, "\n".join(content.block_lines(edited)) + "\n").replace(content.reference(block), ref)
    with pytest.raises(RecordError) as refused:
        read_record(text)
    option_line = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("option: owner-values"))
    assert refused.value.line_number == option_line
    assert str(refused.value) == (f"line {option_line}: option owner-values: owner values, card 'jab', field "
                                  "'name': is not a value of this card")


def test_a_reference_whose_content_is_missing_names_the_option_line() -> None:
    text = carried_record((REPO / "docs/examples/kenpo-owner-values.toml").read_text())
    cut = text[: text.index("content: sha256:")]
    with pytest.raises(RecordError) as refused:
        read_record(cut)
    assert "no content block with that hash" in str(refused.value)
    assert cut.splitlines()[refused.value.line_number - 1].startswith("option: owner-values = sha256:")


def test_an_owner_file_beside_the_record_is_read_once_at_set_up() -> None:
    with owner_files_beside(REPO):
        setup = get_ruleset("kenpo-masters").make_setup(["Yui", "Ren"], {
            "owner-values": "docs/examples/kenpo-owner-values.toml"})
    assert "\n" in str(setup.option_map["owner-values"])


@pytest.mark.parametrize("block", ["override = 5\n", "[card]\njab = 3\n"])
def test_owner_values_of_the_wrong_shape_in_a_record_are_one_line_not_a_crash(block: str) -> None:
    """A record from another machine may carry anything in its block: a wrong shape is named, never a traceback."""
    text = carried_record((REPO / "docs/examples/kenpo-owner-values.toml").read_text())
    body = text[text.index("content: sha256:"):]
    original = "\n".join(line[2:] if line.startswith("| ") else line[1:] for line in body.splitlines()[1:]) + "\n"
    text = text.replace(body, "\n".join(content.block_lines(block)) + "\n").replace(
        content.reference(original), content.reference(block))
    with pytest.raises(RecordError) as refused:
        read_record(text)
    assert refused.value.line_number == next(n for n, line in enumerate(text.splitlines(), 1)
                                             if line.startswith("option: owner-values"))
    assert "table" in str(refused.value)
