"""Kenpo Masters' state, actions and events: frozen values, never mutated."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.rules.kenpo.geometry import Square
from companion.rules.model import Action, Event, Trigger

DECK_SIZE = 26
HAND_SIZE = 8
WINNING_SCORE = 20


class Phase(StrEnum):
    SETUP = "setup"  # who starts is chosen at random at the table, then recorded
    TURN = "turn"  # `turn` declares rest or plays a first card
    COMBO = "combo"  # `turn` has played cards; he may combo more or end the turn
    BREAK = "break"  # a Break was called: the referee confirms blocks and points, then all resolves
    OVER = "over"


@dataclass(frozen=True)
class Played:
    """A card on the table. Bonuses are fixed when it is played (K5); None means not known (K9)."""

    card: str
    seat: int
    mirrored: bool = False  # Change Sides (KPD4)
    move: str | None = None  # the movement its turn made with it, as the fighter stepped
    move_bonus: int | None = 0
    fake_bonus: int | None = 0  # Hand Fake's bonus, when this is the next attack after it
    link: int | None = None  # index, in its turn's cards, of the card it was comboed on


@dataclass(frozen=True)
class KenpoState:
    names: tuple[str, str]
    sides: tuple[str, str]
    owner_values: str
    phase: Phase
    turn: int
    squares: tuple[Square, Square]
    scores: tuple[int, int] = (0, 0)
    hands: tuple[int, int] = (HAND_SIZE, HAND_SIZE)
    decks: tuple[int, int] = (DECK_SIZE - HAND_SIZE, DECK_SIZE - HAND_SIZE)
    discards: tuple[int, int] = (0, 0)
    pending: tuple[Played, ...] = ()  # the opponent's cards waiting to resolve at the end of this turn
    played: tuple[Played, ...] = ()  # this turn's cards so far
    moves_made: tuple[str, ...] = ()
    move_due: bool = True  # no Action card yet this turn, or Fast Footwork's second move to come
    fake_waiting: tuple[str, ...] = ()  # Hand Fakes waiting for the next attack of the combo
    burst_waiting: bool = False  # Burst of Speed: the next link needs no combo text (KPD3)
    mirror_on: bool = False  # Change Sides: every later card of the combo is mirrored
    first_turn: bool = True
    rested_last: tuple[bool, bool] = (False, False)
    no_rest: tuple[bool, bool] = (False, False)  # the first turn after a Break (K4)
    last_moves: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    break_reason: str = ""
    double_before_bonus: bool = False  # rules option jab-doubling = before-bonus (K9's other reading)
    break_bars_both: bool = True  # rules option break-no-rest = both (K4) or next-player
    turns: int = 0
    winner: int | None = None
    draw: bool = False
    reason: str = ""

    def evolve(self, **changes: object) -> KenpoState:
        return replace(self, **changes)  # type: ignore[arg-type]


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Starts(Action):
    """The player chosen at random to take the first turn."""


@dataclass(frozen=True)
class PlayCard(Action):
    """One card laid on the table; `move` is given with the card that makes the turn's movement."""

    card: str
    move: str | None = None


@dataclass(frozen=True)
class CardRef:
    """A card on the table by name and copy: the n-th card of that name in its list, from 1."""

    card: str
    copy: int = 1


@dataclass(frozen=True)
class BlockChoice:
    """Which pending attack one of this turn's defence cards prevents damage from (K5)."""

    defence: CardRef
    attack: CardRef


@dataclass(frozen=True)
class HandPoints:
    """Points the referee enters for a card whose values the catalog lacks (K9).

    `own` marks the acting player's card (resolving at a Break); otherwise the opponent's pending card.
    """

    ref: CardRef
    points: int
    own: bool = False


@dataclass(frozen=True)
class Rest(Action):
    """Draw 2, no move, no card; the opponent's cards resolve (K7)."""

    points: tuple[HandPoints, ...] = ()


@dataclass(frozen=True)
class EndTurn(Action):
    """The turn's cards are down: blocks are allocated and the opponent's cards resolve (K5)."""

    blocks: tuple[BlockChoice, ...] = ()
    points: tuple[HandPoints, ...] = ()


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StarterChosen(Event):
    seat: int


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: str
    move: str | None
    note: str
    ruling: str


@dataclass(frozen=True)
class Moved(Event):
    seat: int
    move: str
    square: Square


@dataclass(frozen=True)
class BreakCalled(Trigger):
    reason: str
    ruling: str = "K4"


@dataclass(frozen=True)
class PointsScored(Event):
    seat: int
    points: int
    card: str
    detail: str
    by_hand: bool = False
    ruling: str = "K5"


@dataclass(frozen=True)
class Rested(Event):
    seat: int
    drawn: int
    forced: bool


@dataclass(frozen=True)
class CardsDrawn(Event):
    seat: int
    count: int
    reason: str


@dataclass(frozen=True)
class DeckReshuffled(Event):
    seat: int
    cards: int


@dataclass(frozen=True)
class FightersReset(Event):
    squares: tuple[Square, Square]


@dataclass(frozen=True)
class TurnPassed(Event):
    seat: int
