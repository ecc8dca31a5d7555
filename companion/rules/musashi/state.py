"""Musashi's Challenge's state, actions and events: frozen values, never mutated.

Hands are hidden (M1): the state counts cards (hands, decks, discards, cards set aside) and records
what the table shows and what the players declare.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.rules.model import Action, Event, Trigger

COLOURS = ("brown", "red", "green")


class Phase(StrEnum):
    SWITCH = "switch"  # each player says how many cards he switches before the game (rule 3, M13)
    SUMS = "sums"  # each player declares the sum of his brown cards (rule 4, M14)
    ATTACK = "attack"  # `turn` starts a new attack (rule 5)
    ANSWER = "answer"  # `turn` answers `attack` (rule 6)
    PULL = "pull"  # `turn` pulls cards blind from the player who could not answer (M2)
    BONUS = "bonus"  # `turn` may draw the bonus card of rule 8
    OVER = "over"


class Kind(StrEnum):
    BASIC = "basic"  # a brown card, or a red card's counterattack (rule 5)
    OSHIDASHI = "oshidashi"
    MAKI_WAZA = "maki-waza"


@dataclass(frozen=True)
class Attack:
    """The attack `defender` must answer now; `strengthening` (SEME or JODAN NO KAMAE) comes first."""

    attacker: int
    defender: int
    kind: Kind
    target: str | None = None  # what a basic attack strikes: MEN, KOTE, DO or TSUKI
    strengthening: str | None = None  # card id, while it is still to be answered (rule 6a)


@dataclass(frozen=True)
class Barred:
    """A player the next attack may not be aimed at while 4-6 players are in (rule 7, rule 10)."""

    seat: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class PendingPull:
    """Cards owed after an unanswered attack (M2); `resume` is the basic attack still to answer (M9)."""

    taker: int
    giver: int
    owed: int
    reason: str
    ruling: str
    resume: Attack | None = None


@dataclass(frozen=True)
class PendingBonus:
    """Rule 8's bonus card: `receiver` may draw one; `players_before` were in before the drop-out (M5)."""

    receiver: int | None
    dropped: int
    players_before: int


@dataclass(frozen=True)
class MusashiState:
    names: tuple[str, ...]
    phase: Phase
    hands: tuple[int, ...]
    decks: tuple[int, int, int]  # brown, red, green (M15)
    discards: tuple[int, int, int] = (0, 0, 0)
    set_aside: int = 0  # the cards of players who dropped out
    turn: int = 0
    switches: tuple[int | None, ...] = ()
    sums: tuple[int | None, ...] = ()
    to_declare: tuple[int, ...] = ()  # seats still to declare a brown sum
    attack: Attack | None = None
    barred: Barred | None = None
    switched_for_brown: bool = False  # rule 9, once per attack turn
    pull: PendingPull | None = None
    bonus: PendingBonus | None = None
    last_attacker: tuple[int | None, ...] = ()
    dropped: tuple[int, ...] = ()  # seats in the order they dropped out
    table: tuple[tuple[int, tuple[str, ...]], ...] = ()  # the plays of the exchange on the table
    winner: int | None = None
    drawn: bool = False
    reason: str = ""
    strengthening_travels: bool = False
    brown_answers: bool = False

    def evolve(self, **changes: object) -> MusashiState:
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def players_in(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.names)) if seat not in self.dropped)

    def is_in(self, seat: int) -> bool:
        return seat not in self.dropped


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwitchBeforeGame(Action):
    """How many cards (0-2) the player switched before the game (rule 3, M13)."""

    count: int


@dataclass(frozen=True)
class DeclareSum(Action):
    """The sum of the numbers on the player's brown cards (rule 4, M14)."""

    total: int


@dataclass(frozen=True)
class Play(Action):
    """Cards played together (canonical order), aimed at `target` (a name) when they attack someone."""

    cards: tuple[str, ...]
    target: str | None = None


@dataclass(frozen=True)
class NoAnswer(Action):
    """Declared by the attacked player: no card answers what he must answer now (M1)."""


@dataclass(frozen=True)
class Pull(Action):
    """The attacker takes `count` cards blind; `cards` names them when the referee saw them (M2)."""

    count: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class SwitchForBrown(Action):
    """Rule 9: a card of `colour` goes under its own deck and a brown card is drawn."""

    colour: str


@dataclass(frozen=True)
class NoAttack(Action):
    """Declared: no card to start an attack with, and no brown card left to switch for (rule 8, M15)."""


@dataclass(frozen=True)
class TakeBonus(Action):
    """Rule 8's bonus card from the `deck` of that colour, or none."""

    deck: str | None


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwitchesDeclared(Event):
    seat: int
    count: int


@dataclass(frozen=True)
class SumDeclared(Event):
    seat: int
    total: int


@dataclass(frozen=True)
class SumsTied(Event):
    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class FirstAttackerChosen(Event):
    seat: int
    total: int


@dataclass(frozen=True)
class CardsPlayed(Event):
    seat: int
    cards: tuple[str, ...]
    target: int | None
    effect: str
    ruling: str


@dataclass(frozen=True)
class AnswerMissing(Event):
    seat: int
    owed: int
    ruling: str


@dataclass(frozen=True)
class CardsPulled(Event):
    taker: int
    giver: int
    count: int
    cards: tuple[str, ...]
    ruling: str


@dataclass(frozen=True)
class SwitchedForBrown(Event):
    seat: int
    colour: str


@dataclass(frozen=True)
class DiscardsShuffled(Event):
    colour: str
    count: int


@dataclass(frozen=True)
class BonusDrawn(Event):
    seat: int
    deck: str | None


@dataclass(frozen=True)
class AttackerNamed(Event):
    seat: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class DroppedOut(Trigger):
    seat: int
    place: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class HikiWake(Trigger):
    seat: int
    ruling: str
