"""Build Musashi's Challenge games from record lines, as a referee would write them."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.match import Match
from companion.rules.musashi.state import MusashiState
from companion.rules.record import load_record

NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay")


def opening(count: int, first: int = 0) -> list[str]:
    """Nobody switches; `first` declares the largest brown sum and attacks first (KT1 4)."""
    lines = [f"{name}: switch 0" for name in NAMES[:count]]
    lines += [f"{name}: sum {15 if seat == first else 6}" for seat, name in enumerate(NAMES[:count])]
    return lines


def record_text(count: int, *lines: str, options: dict[str, str] | None = None) -> str:
    head = ["ruleset: musashi", *[f"player: {name}" for name in NAMES[:count]]]
    head += [f"option: {k} = {v}" for k, v in (options or {}).items()]
    return "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"


def play(count: int, *lines: str, first: int = 0, options: dict[str, str] | None = None,
         with_opening: bool = True) -> Match:
    body = (*opening(count, first), *lines) if with_opening else lines
    return load_record(record_text(count, *body, options=options))


def push(match: Match, line: str) -> None:
    name, _, text = line.partition(":")
    seat = match.setup.seat_of(name)
    assert seat is not None, name
    match.push(match.ruleset.parse_action(seat, text.strip()))


def state(match: Match) -> MusashiState:
    found: MusashiState = match.rules_state
    return found


def hands(match: Match) -> dict[str, int]:
    return dict(zip(state(match).names, state(match).hands, strict=True))


def legal_texts(match: Match) -> set[str]:
    return {match.ruleset.format_action(r.action) for r in match.legal_responses()}


def refused(match: Match, line: str) -> IllegalAction:
    """The line is refused with one IllegalAction, and the match is left exactly as it was."""
    before, count = match.state, len(match.actions)
    with pytest.raises(IllegalAction) as raised:
        push(match, line)
    assert match.state == before and len(match.actions) == count
    assert "\n" not in str(raised.value)
    return raised.value


def event_names(match: Match) -> list[str]:
    return [e.name for e in match.steps[-1].events]


def drain_three(victim: str, blocker: str, cycles: int) -> list[str]:
    """With 2-3 players: the victim attacks, is blocked, and loses 2 to the blocker; 3 cards a cycle."""
    lines: list[str] = []
    for _ in range(cycles):
        lines += [f"{victim}: MEN at {blocker}", f"{blocker}: BOGYO", f"{blocker}: KOTE at {victim}",
                  f"{victim}: no answer", f"{blocker}: pull 2"]
    return lines


def drain_many(victim: str, a: str, b: str, rounds: int) -> list[str]:
    """With 4-6 players: `a` attacks `b`, who counters at the victim and takes 2; then the roles swap."""
    lines: list[str] = []
    for number in range(rounds):
        attacker, counter = (a, b) if number % 2 == 0 else (b, a)
        lines += [f"{attacker}: MEN at {counter}", f"{counter}: MEN>KOTE at {victim}", f"{victim}: no answer",
                  f"{counter}: pull 2"]
    return lines
