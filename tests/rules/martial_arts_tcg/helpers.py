"""Matches from record lines, on the shipped example decks: Ann plays Tiger (seat 1), Ben Crane (seat 2),
then Tiger and Crane by turns (Cal Tiger, Dee Crane, ...)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.errors import IllegalAction
from companion.rules.match import Match
from companion.rules.model import OptionValue
from companion.rules.registry import get_ruleset

RULESET = get_ruleset("martial-arts-tcg")
START = ("Ann: shuffle", "Ben: shuffle", "Ann: starts")
FOUR = ("Ann", "Ben", "Cal", "Dee")  # Two-on-Two: Ann and Cal are team A, Ben and Dee team B (T9)
SHUFFLED = tuple(f"{name}: shuffle" for name in FOUR)


def match(*lines: str, options: Mapping[str, OptionValue] | None = None,
          names: tuple[str, ...] = ("Ann", "Ben")) -> Match:
    played = Match(RULESET.make_setup(list(names), options or {}))
    for line in lines:
        push(played, line)
    return played


def push(played: Match, line: str) -> Any:
    name, _, text = line.partition(": ")
    seat = played.setup.seat_of(name)
    assert seat is not None
    return played.push(RULESET.parse_action(seat, text))


def refused(played: Match, line: str) -> IllegalAction:
    before = played.state
    try:
        push(played, line)
    except IllegalAction as error:
        assert played.state == before
        return error
    raise AssertionError(f"{line!r} was accepted")


def player(played: Match, name: str) -> dict[str, Any]:
    return next(p for p in played.summary()["players"] if p["name"] == name)
