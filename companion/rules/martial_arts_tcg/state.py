"""The Martial Arts TCG's state, actions and events: frozen values, never mutated.

Everything a player owns is per seat (`SeatState`), ADR and the Event in play are keyed by a pool
owner (`Rules.pool_of`: the seat, or the team in Two-on-Two and Army of One, seating.py), an attack
names its target seat, and who plays next is a function (modes.py).
Hands are hidden: the state counts hand, deck and discard per seat, and how many copies of each card
are known to be out of hand and deck (discards, the Event in play).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from companion.rules.martial_arts_tcg.cards import Effect, PlayableCard
from companion.rules.martial_arts_tcg.seating import START_HEALTH, Rules
from companion.rules.model import Action, Event, Trigger

HAND_AT_START = 7  # T6
DRAW_ACTIVE, DRAW_OTHER = 3, 2  # T4


class Phase(StrEnum):
    SETUP = "setup"  # each player shuffles; then who starts is recorded (T6)
    RECOVERY = "recovery"  # the player whose deck ran out skips this turn and reshuffles (T4, T16)
    PREP = "prep"  # Events and Strategy cards, or the first attack (the Attack Phase)
    BLOCK = "block"  # the attacked player answers the attack waiting on the table
    CONTINUED = "continued-attack"  # after an attack: link, attack again, or on to Resolve (T12)
    RESOLVE = "resolve"  # Events and Strategy cards, then End Turn
    OVER = "over"


PHASE_NAMES = {Phase.SETUP: "Setup", Phase.RECOVERY: "Recovery Phase", Phase.PREP: "Prep Phase",
               Phase.BLOCK: "Block Phase", Phase.CONTINUED: "Continued Attack Phase",
               Phase.RESOLVE: "Resolve Phase", Phase.OVER: "match over"}


@dataclass(frozen=True)
class PlayDeck:
    """A seat's deck as played under the match's mode; `index` finds a card by its normalised name."""

    name: str
    cards: tuple[PlayableCard, ...]
    index: dict[str, int] = field(compare=False, hash=False, repr=False)

    @property
    def size(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class SeatState:
    health: int = START_HEALTH
    hand: int = 0
    deck: int = 0
    discard: int = 0
    out: tuple[int, ...] = ()  # per card of the deck: copies known out of hand and deck (T6 counting)
    shuffled: bool = False
    skip_next: bool = False  # the deck ran out: the next turn is a Recovery Phase (T16)
    owed: int = 0  # cards a draw could not give; drawn after the reshuffle (T16)
    cancel_next: bool = False  # a cancel waits for this seat's next Attack, Defense or Strategy card (T7)
    start_health: int = START_HEALTH  # healing stops here (T23); Army of One: 30, 15, 10 (T10)
    exhausted: bool = False  # Army of One: the Hero's deck has run out once: every other turn skipped (T17)


@dataclass(frozen=True)
class EventInPlay:
    seat: int  # whose deck the card belongs to
    card: int


@dataclass(frozen=True)
class WaitingAttack:
    """An Attack card on the table waiting for the target's block."""

    attacker: int
    target: int
    card: int
    linked: bool = False
    counter: bool = False


@dataclass(frozen=True)
class Chain:
    """An unbroken combo (T2, T3): `hits` so far (a counter starts at 1: the guard, T3), and the LNK a
    link must fit, or None when the last attack did not hit."""

    attacker: int
    hits: int
    lnk: int | None
    card: int | None = None  # the card whose LNK is open
    target: int | None = None  # who the last hit struck: a link elsewhere is the Hero's switch (T10)


@dataclass(frozen=True)
class CounterWindow:
    """After a defence: the defender may counter with CPT at most `max_cpt` (T8), until the attacker acts."""

    defender: int
    card: int
    max_cpt: int
    absorbed_all: bool


@dataclass(frozen=True)
class Rewind:
    """A Strategy card just played, and the state before it: the opponent may still cancel it before
    anything else happens (the FAQ's Divert their Attention; its ADR stays spent, T3)."""

    before: MatState
    seat: int
    card: int


@dataclass(frozen=True)
class MatState:
    names: tuple[str, ...]
    decks: tuple[PlayDeck, ...]
    seats: tuple[SeatState, ...]
    adr: tuple[int, ...]  # by pool owner (T3)
    events: tuple[EventInPlay | None, ...]  # by pool owner (T5)
    rules: Rules
    phase: Phase = Phase.SETUP
    turn: int = 0  # whose turn it is (began it)
    control: int = 0  # who controls the turn now: a counter-attack takes it over (T8)
    turn_number: int = 0
    starter: int | None = None
    attack: WaitingAttack | None = None
    chain: Chain | None = None
    counter: CounterWindow | None = None
    rewind: Rewind | None = None
    leader: int | None = None  # Army of One: the Enemies' leader, declared at setup (T10)
    hero_target: int | None = None  # Army of One: the Enemy the Hero attacked last (T10, T21)
    fallen: tuple[int, ...] = ()  # seats out at 0 health, in the order they fell (T9, T10)
    winners: tuple[int, ...] = ()
    drawn: bool = False
    reason: str = ""

    def evolve(self, **changes: object) -> MatState:
        return replace(self, **changes)  # type: ignore[arg-type]

    def seat(self, seat: int, **changes: object) -> MatState:
        updated = replace(self.seats[seat], **changes)  # type: ignore[arg-type]
        return replace(self, seats=(*self.seats[:seat], updated, *self.seats[seat + 1:]))

    def card(self, seat: int, index: int) -> PlayableCard:
        return self.decks[seat].cards[index]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other side's seats: the other player, the other team, the Hero or the Enemies (T9, T10)."""
        pool = self.rules.pool_of(seat)
        return tuple(other for other in range(len(self.names)) if self.rules.pool_of(other) != pool)

    def standing_opponents(self, seat: int) -> tuple[int, ...]:
        return tuple(other for other in self.opponents(seat) if other not in self.fallen)

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The seat's partners still in (T9; the other Enemies, T10)."""
        pool = self.rules.pool_of(seat)
        return tuple(other for other in range(len(self.names))
                     if other != seat and self.rules.pool_of(other) == pool and other not in self.fallen)

    def available(self, seat: int, index: int) -> int:
        """Copies of a card that may still be in the seat's hand or deck."""
        return self.decks[seat].cards[index].copies - self.seats[seat].out[index]


# --- actions --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shuffle(Action):
    """The player shuffled his Main Deck (setup, T6) or his discards into it (Recovery, T16)."""


@dataclass(frozen=True)
class Starts(Action):
    """This player starts the fight (T6: decided at the table, recorded)."""


@dataclass(frozen=True)
class Leads(Action):
    """Army of One: this Enemy is the Enemies' leader (15 health) and starts (T10)."""


@dataclass(frozen=True)
class PlayCard(Action):
    """An Event or Strategy card; an Event may name the Event it replaces (T5)."""

    card: str
    replacing: str | None = None
    target: str | None = None  # the opponent a Strategy card is aimed at (never a teammate, T9)


@dataclass(frozen=True)
class AttackWith(Action):
    """A new attack with an Attack card (Attack Phase, Continued Attack Phase, T12)."""

    card: str
    target: str | None = None  # the player attacked, by name (T9, T10)


@dataclass(frozen=True)
class Link(Action):
    """A linked attack after a hit: CPT must fit the previous card's LNK (T2)."""

    card: str
    target: str | None = None  # the player attacked, by name (T9, T10)


@dataclass(frozen=True)
class Block(Action):
    """Defend with a Defense card, or an Attack card's DEF (T1, T14)."""

    card: str


@dataclass(frozen=True)
class NoBlock(Action):
    """The attacked player takes the attack."""


@dataclass(frozen=True)
class Counter(Action):
    """A counter-attack after a defence: CPT at most the defence card's LNK (T8)."""

    card: str
    target: str | None = None  # the player attacked, by name (T9, T10)


@dataclass(frozen=True)
class ToResolve(Action):
    """No more attacks: on to the Resolve Phase."""


@dataclass(frozen=True)
class EndTurn(Action):
    """End Turn: the other player's turn begins with its Draw Phase (T8)."""


@dataclass(frozen=True)
class Adjust(Action):
    """The referee applies card text the program cannot read, naming the card that causes it (T7)."""

    effect: Effect
    card: str
    target: str | None = None  # whom "opponent" means with more than one


# --- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shuffled(Event):
    seat: int
    cards: int


@dataclass(frozen=True)
class StarterChosen(Event):
    seat: int


@dataclass(frozen=True)
class LeaderDeclared(Event):
    seat: int
    health: int


@dataclass(frozen=True)
class TargetSwitched(Event):
    """The Hero's link goes on against another Enemy (T10)."""

    seat: int
    old: int
    new: int


@dataclass(frozen=True)
class TurnPassed(Event):
    """Whose turn comes next, and the rule that says so (T8, T19, T21)."""

    seat: int
    why: str
    ruling: str


@dataclass(frozen=True)
class CardsDrawn(Event):
    seat: int
    count: int
    reason: str


@dataclass(frozen=True)
class DeckRanOut(Event):
    seat: int
    owed: int


@dataclass(frozen=True)
class RecoveryPhase(Trigger):
    seat: int
    reshuffled: int


@dataclass(frozen=True)
class TurnBegan(Event):
    seat: int
    number: int


@dataclass(frozen=True)
class PhaseEntered(Event):
    seat: int
    phase: Phase


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: str
    role: str
    ruling: str


@dataclass(frozen=True)
class AdrSpent(Event):
    seat: int
    card: str
    cost: int
    left: int


@dataclass(frozen=True)
class AdrEarned(Event):
    seat: int
    hits: int
    total: int
    ruling: str


@dataclass(frozen=True)
class CardCancelled(Event):
    seat: int
    card: str
    ruling: str


@dataclass(frozen=True)
class AttackResolved(Event):
    attacker: int
    target: int
    card: str
    atk: int
    defence: str | None
    defence_value: int
    damage: int
    health: int
    defender: int | None = None  # a teammate who defended for the attacked player (T9, T20)


@dataclass(frozen=True)
class ChainBroken(Event):
    seat: int
    reason: str
    ruling: str


@dataclass(frozen=True)
class TurnTakenOver(Event):
    seat: int
    card: str


@dataclass(frozen=True)
class EventPlaced(Event):
    seat: int
    card: str
    replaced: str | None


@dataclass(frozen=True)
class EffectApplied(Event):
    seat: int
    card: str
    effect: str
    result: str
    adjusted: bool


@dataclass(frozen=True)
class HealthGone(Trigger):
    seat: int
    health: int
