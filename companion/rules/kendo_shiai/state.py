"""Kendo Shiai's state, actions and events: frozen values, never mutated."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.rules.model import Action, Event, Trigger


class Phase(StrEnum):
    OFFER = "offer"  # each player offers a brown card to decide the starter
    START = "start"  # `turn` starts a new round
    ANSWER = "answer"  # `turn` answers `pending`
    OVER = "over"


class Threat(StrEnum):
    ATTACK = "attack"  # a basic attack on `target` (from a brown or a red card)
    JODAN = "jodan"  # brown + JODAN NO KAMAE: neutralise first, then answer the brown
    SEME = "seme"  # place a single brown card on it, or neutralise it
    SEME_BROWN = "seme-brown"  # the SEME player may now play the IPPON red (S5)
    OSHIDASHI = "oshidashi"
    MAKI_WAZA = "maki-waza"
    FUDOSHIN = "fudoshin"  # red + FUDOSHIN: lose two cards unless neutralised


@dataclass(frozen=True)
class Pending:
    """What the player to act must answer."""

    threat: Threat
    attacker: int
    target: str | None = None
    by_red: bool = False
    follow: Pending | None = None  # what remains once this is neutralised
    answering: bool = False  # SEME played as an answer (MUSHIN + red + SEME), not to open a round


@dataclass(frozen=True)
class KendoState:
    names: tuple[str, str]
    phase: Phase
    turn: int
    hands: tuple[int, int]
    pending: Pending | None = None
    ippons: tuple[int, int] = (0, 0)
    hansoku: tuple[int, int] = (0, 0)
    switched: tuple[bool, bool] = (False, False)  # switch-and-pick done this turn
    switched_in_round: tuple[bool, bool] = (False, False)
    switch_barred: bool = False  # `turn` may not switch before this start (S6)
    offers: tuple[int | None, int | None] = (None, None)
    first_switch_done: tuple[bool, bool] = (False, False)
    encho: bool = False
    jikan_used: bool = False
    jikan_watch: int | None = None  # JIKAN DESU at 1:0: this seat wins if the round ends without IPPON
    cannot_start_penalised: bool = False
    table: tuple[tuple[int, tuple[str, ...]], ...] = ()
    round_number: int = 0
    winner: int | None = None
    reason: str = ""
    brown_answer_starter: str = "attacker"

    def other(self, seat: int) -> int:
        return 1 - seat

    def evolve(self, **changes: object) -> KendoState:
        return replace(self, **changes)  # type: ignore[arg-type]


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class OfferBrown(Action):
    """A brown card shown to decide the starter, with the number printed on it (0: none to offer)."""

    card: str | None
    number: int


@dataclass(frozen=True)
class Play(Action):
    """Cards played together, in canonical order; `choice` is TSUBAZERIAI's keep/give."""

    cards: tuple[str, ...]
    choice: str | None = None


@dataclass(frozen=True)
class NoAnswer(Action):
    """Declared by the player to act: no card can answer (or start, or neutralise)."""


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwitchedAndPicked(Event):
    seat: int


@dataclass(frozen=True)
class BrownOffered(Event):
    seat: int
    card: str | None
    number: int


@dataclass(frozen=True)
class OffersTied(Event):
    number: int


@dataclass(frozen=True)
class StarterChosen(Event):
    seat: int


@dataclass(frozen=True)
class CardsPlayed(Event):
    seat: int
    cards: tuple[str, ...]
    effect: str
    ruling: str


@dataclass(frozen=True)
class ExchangeEnded(Event):
    starter: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class IpponAwarded(Trigger):
    seat: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class HansokuGiven(Trigger):
    seat: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class CardsLost(Event):
    seat: int
    count: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class BrownPickedAndDropped(Event):
    seat: int


@dataclass(frozen=True)
class HandsToppedUp(Event):
    hands: tuple[int, int]


@dataclass(frozen=True)
class JikanDesuCalled(Trigger):
    seat: int
    encho: bool


@dataclass(frozen=True)
class EnchoBegan(Trigger):
    starter: int
