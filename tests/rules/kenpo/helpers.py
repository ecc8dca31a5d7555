"""Build Kenpo Masters matches from record files and record lines, as a referee writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.state import KenpoState
from companion.rules.match import Match
from companion.rules.record import load_record

RECORDS = Path(__file__).parent / "records"
OWNER_EXAMPLE = "docs/examples/kenpo-owner-values.toml"


def record_file(name: str) -> Path:
    return RECORDS / name


def load(name: str) -> Match:
    return load_record(record_file(name).read_text(encoding="utf-8"))


def record_text(*lines: str, owner_values: bool = False, options: dict[str, str] | None = None) -> str:
    head = ["ruleset: kenpo-masters", "player: Cullam, side yellow", "player: Adam, side red"]
    if owner_values:
        head.append(f"option: owner-values = {OWNER_EXAMPLE}")
    head += [f"option: {name} = {value}" for name, value in (options or {}).items()]
    return "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"


def play(*lines: str, owner_values: bool = False, options: dict[str, str] | None = None) -> Match:
    return load_record(record_text(*lines, owner_values=owner_values, options=options))


def state(match: Match) -> KenpoState:
    result: KenpoState = match.rules_state
    return result


def state_after(match: Match, step: int) -> KenpoState:
    """The state after record action number `step` (1-based)."""
    result: KenpoState = match.steps[step - 1].state
    return result


def scores(match: Match, step: int | None = None) -> tuple[int, int]:
    return (state(match) if step is None else state_after(match, step)).scores


def refused(match: Match, player: str, text: str) -> IllegalAction:
    """Push `text` for `player`; it must be refused and leave the match exactly as it was."""
    seat = match.setup.seat_of(player)
    assert seat is not None
    before = (match.state, match.actions)
    action = match.ruleset.parse_action(seat, text)
    with pytest.raises(IllegalAction) as caught:
        match.push(action)
    assert (match.state, match.actions) == before
    return caught.value


def legal_texts(match: Match) -> set[str]:
    return {match.ruleset.format_action(r.action) for r in match.legal_responses()}


def events_of(match: Match, step: int) -> list[str]:
    return [e.name for e in match.steps[step - 1].events]


def table_total(s: KenpoState, seat: int) -> int:
    """Every card of a player's 26 is in hand, deck, discards or on the table (K7)."""
    on_table = sum(1 for p in (*s.pending, *s.played) if p.seat == seat)
    return s.hands[seat] + s.decks[seat] + s.discards[seat] + on_table
