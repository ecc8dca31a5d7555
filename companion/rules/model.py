"""Shapes shared by every ruleset: players, setup, actions, events, outcomes, legal responses.

States, actions and events are frozen dataclasses; each ruleset subclasses `Action` and `Event`
and defines its own frozen state. Nothing here holds a clock or a random generator.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.rules.numbers import SEED_MAX, whole_number

OptionValue = bool | int | str


T = TypeVar("T")


def set_seat(values: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """A two-player pair with one seat's value replaced (states are frozen)."""
    return (value, values[1]) if seat == 0 else (values[0], value)


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table. `side` is a colour or role (red/white, yellow/red); `team` groups seats."""

    name: str
    side: str | None = None
    team: str | None = None


@dataclass(frozen=True)
class MatchSetup:
    """Everything a match starts from; with the action list it replays the match exactly."""

    ruleset: str
    players: tuple[PlayerSpec, ...]
    options: tuple[tuple[str, OptionValue], ...] = ()
    seed: int | None = None
    date: str | None = None
    # The revision of the ruleset's rules the match is played under (Ruleset.revision): a match replays
    # under its own, years later; records and stored matches made before revisions existed are 1.
    rules: int = 1

    def option(self, name: str, default: OptionValue) -> OptionValue:
        return dict(self.options).get(name, default)

    @property
    def option_map(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def seat_of(self, label: str) -> int | None:
        """Seat for a player's name (case-insensitive) or a label P1..P10."""
        wanted = label.strip().casefold()
        for seat, player in enumerate(self.players):
            if player.name.casefold() == wanted:
                return seat
        if wanted.startswith("p"):
            number = whole_number(wanted[1:], 1, len(self.players))
            if number is not None:
                return number - 1
        return None


@dataclass(frozen=True)
class Action:
    """What a person does at the table. `actor` is the seat that does it."""

    actor: int


@dataclass(frozen=True)
class Forfeit(Action):
    """A player gives up the match; shared by every ruleset."""


@dataclass(frozen=True)
class Event:
    """What followed an action, in the past tense."""

    @property
    def name(self) -> str:
        return type(self).__name__

    @property
    def is_trigger(self) -> bool:
        """Triggers are announced unmissably by the app (IPPON, HANSOKU, Break, knockdown...)."""
        return False


@dataclass(frozen=True)
class Trigger(Event):
    """An event the app announces unmissably: banner, sound, vibration."""

    @property
    def is_trigger(self) -> bool:
        return True


@dataclass(frozen=True)
class MatchWon(Trigger):
    winners: tuple[int, ...]
    reason: str
    ruling: str = ""


@dataclass(frozen=True)
class MatchDrawn(Trigger):
    reason: str
    ruling: str = ""


@dataclass(frozen=True)
class Outcome:
    """How a match stands: still going, won by some seats, or drawn."""

    finished: bool = False
    winners: tuple[int, ...] = ()
    draw: bool = False
    reason: str = ""
    # Place of each seat (1 = first), for games that rank every player (Musashi's Challenge: the order
    # of drop-outs); empty where a match only has winners and losers. Shared places repeat a number.
    places: tuple[int, ...] = ()

    def place_of(self, seat: int) -> int | None:
        return self.places[seat] if seat < len(self.places) else None

    @property
    def label(self) -> str:
        if not self.finished:
            return "in progress"
        if self.draw:
            return "draw"
        return "won"


ONGOING = Outcome()


@dataclass(frozen=True)
class LegalResponse:
    """One thing the player to act may do now, why it is allowed, and what it would lead to."""

    action: Action
    ruling: str
    why: str
    consequence: str = ""


@dataclass(frozen=True)
class HandEntry:
    """A value the referee enters by hand because the catalog cannot work it out (Kenpo's points, K9),
    in words: the question, this response's answer to it, why it is asked, and the rest of the action
    (responses with the same question and rest are one question with several answers)."""

    question: str
    answer: str
    reason: str
    rest: str


@dataclass(frozen=True)
class Explanation:
    legal: bool
    ruling: str
    text: str


@dataclass(frozen=True)
class OptionSpec:
    """A rules option: its values, its default, and the one-line explanation the app shows."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[OptionValue, ...] = ()
    ruling: str = ""
    # The value is a file's whole content (a deck): a record carries it as a content block referenced
    # by its SHA-256 (companion/rules/content.py), never as a path.
    embedded: bool = False
    # The first rules revision that embeds it: a match played under an earlier one named a file by its
    # path, and keeps doing so when replayed (Kenpo owner values, revision 1).
    embedded_since: int = 1

    def embedded_in(self, revision: int) -> bool:
        """Whether a match played under rules `revision` carries this option's value as content."""
        return self.embedded and revision >= self.embedded_since

    def validate(self, value: OptionValue) -> OptionValue:
        from companion.rules.errors import InvalidSetup

        if isinstance(self.default, bool):
            if isinstance(value, str) and value.lower() in {"true", "yes", "on", "1", "false", "no", "off", "0"}:
                return value.lower() in {"true", "yes", "on", "1"}
            if not isinstance(value, bool):
                raise InvalidSetup(f"option {self.name} takes true or false, not {value!r}")
            return value
        if isinstance(self.default, int):
            found = value if isinstance(value, int) and not isinstance(value, bool) else \
                whole_number(str(value), -SEED_MAX, SEED_MAX)
            if found is None:
                raise InvalidSetup(f"option {self.name} takes a whole number, not {str(value)[:40]!r}")
            number = found
            if self.choices and number not in self.choices:
                raise InvalidSetup(f"option {self.name} takes one of {self.choices}, not {number}")
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            raise InvalidSetup(
                f"option {self.name} takes one of {', '.join(map(str, self.choices))}, not {text!r}"
            )
        return text


def to_data(value: Any) -> Any:
    """Plain JSON-ready data for actions, events and states (dataclasses tagged with their type)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"type": type(value).__name__}
        for item in dataclasses.fields(value):
            data[item.name] = to_data(getattr(value, item.name))
        return data
    if isinstance(value, Mapping):
        return {str(k): to_data(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [to_data(v) for v in value]
    return value


__all__ = [
    "ONGOING",
    "Action",
    "Event",
    "Explanation",
    "Forfeit",
    "LegalResponse",
    "MatchDrawn",
    "MatchSetup",
    "MatchWon",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "PlayerSpec",
    "Trigger",
    "set_seat",
    "to_data",
]
