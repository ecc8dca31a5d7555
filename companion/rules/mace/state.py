"""MACE's state, actions and events: frozen values, never mutated.

Hands are hidden: the state counts the cards in each hand (a fighter's health) and knows every
card the table has seen (discard pile, Momentum cards, Charges), never what is in a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.rules.mace.hexgrid import Hex
from companion.rules.model import Action, Event, Trigger
from companion.rules.numbers import whole_number


class Phase(StrEnum):
    MOMENTUM = "momentum"  # each fighter plays a Momentum card face down
    TURN = "turn"  # `active` takes his turn
    DEFENCE = "defence"  # the attack's target may Block or Dodge
    DAMAGE = "damage"  # the target discards cards to cover the damage (C4)
    OVER = "over"


@dataclass(frozen=True)
class Charge:
    """A face-down Charge card and its value, fixed when it was played (a Joker's too, MCD3).

    A Charge the referee could not see (`charge` alone, MCD12) has no card until it is named
    (MCD13); its value is then what a Joker would be worth, and `could_be` holds the cards it may
    still turn out to be.
    """

    card: str | None
    value: int
    could_be: frozenset[str] = frozenset()

    @property
    def seen(self) -> bool:
        return self.card is not None


@dataclass(frozen=True)
class Fighter:
    hex: Hex
    hand: int
    momentum: str | None = None
    charges: tuple[Charge, ...] = ()
    knocked_down: bool = False
    out: str | None = None  # "knocked out" or "forfeited"

    @property
    def in_combat(self) -> bool:
        return self.out is None


@dataclass(frozen=True)
class Attack:
    """A Strike or Blast waiting for the target's defence and discards."""

    kind: str  # "strike" or "blast"
    attacker: int
    target: int
    card: str
    value: int
    damage: int  # what is left to cover after a Block
    source: Hex


@dataclass(frozen=True)
class Discarded:
    """A card on the discard pile with the value it counted for (a Joker's is fixed when played).

    `card` is None for a Charge never named, slipped under the pile when its fighter left (MCD14).
    """

    card: str | None
    value: int


@dataclass(frozen=True)
class MaceState:
    names: tuple[str, ...]
    fighters: tuple[Fighter, ...]
    phase: Phase
    deck: int
    discard: tuple[Discarded, ...] = ()
    round_number: int = 0
    order: tuple[int, ...] = ()
    turn_index: int = 0
    action_used: bool = False
    boost_used: bool = False
    between_rounds: bool = False  # nothing done yet this round: a fighter may forfeit (MCD8)
    attack: Attack | None = None
    radius: int = 0
    knockback_rounds_up: bool = False  # rules option knockback-rounding = up (C3's other reading)
    winner: int | None = None
    reason: str = ""

    def knockback(self, damage: int) -> int:
        """Damage divided by two, rounded down (C3), or up under the rules option."""
        return (damage + 1) // 2 if self.knockback_rounds_up else damage // 2

    @property
    def active(self) -> int:
        return self.order[self.turn_index]

    def evolve(self, **changes: object) -> MaceState:
        return replace(self, **changes)  # type: ignore[arg-type]

    def with_fighter(self, seat: int, **changes: object) -> MaceState:
        fighter = replace(self.fighters[seat], **changes)  # type: ignore[arg-type]
        fighters = (*self.fighters[:seat], fighter, *self.fighters[seat + 1:])
        return replace(self, fighters=fighters)

    def in_combat(self) -> tuple[int, ...]:
        return tuple(s for s, f in enumerate(self.fighters) if f.in_combat)

    def occupied(self, *, but: int | None = None) -> set[Hex]:
        return {f.hex for s, f in enumerate(self.fighters) if f.in_combat and s != but}

    def seat_of(self, label: str) -> int | None:
        wanted = label.strip().casefold()
        for seat, name in enumerate(self.names):
            if name.casefold() == wanted:
                return seat
        number = whole_number(wanted[1:], 1, len(self.names)) if wanted.startswith("p") else None
        if number is not None:
            return number - 1
        return None


# --- actions (what a person does at the table) ---------------------------------------------


@dataclass(frozen=True)
class PlayMomentum(Action):
    card: str


@dataclass(frozen=True)
class Strike(Action):
    card: str
    target: str  # a player's name (or P1..P4), resolved against the state


@dataclass(frozen=True)
class ChargeUp(Action):
    card: str | None  # None: placed face down unseen (MCD12)


@dataclass(frozen=True)
class Blast(Action):
    card: str
    charge: str
    target: str


@dataclass(frozen=True)
class Boost(Action):
    card: str
    to: Hex | None = None  # None: stay put


@dataclass(frozen=True)
class EndTurn(Action):
    """Pass whatever is left of the turn (the Action, the Momentum Boost or both)."""


@dataclass(frozen=True)
class Block(Action):
    card: str


@dataclass(frozen=True)
class Dodge(Action):
    card: str
    to: Hex | None = None


@dataclass(frozen=True)
class NoDefence(Action):
    pass


@dataclass(frozen=True)
class DiscardForDamage(Action):
    cards: tuple[str, ...]
    charge: str | None = None  # the Charge card he loses too (C4)


# --- events (what followed) ----------------------------------------------------------------


@dataclass(frozen=True)
class MomentumPlaced(Event):
    seat: int


@dataclass(frozen=True)
class MomentumRevealed(Event):
    cards: tuple[str | None, ...]


@dataclass(frozen=True)
class RoundBegan(Event):
    number: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class TurnBegan(Event):
    seat: int


@dataclass(frozen=True)
class TurnMissed(Event):
    seat: int


@dataclass(frozen=True)
class TurnEnded(Event):
    seat: int


@dataclass(frozen=True)
class Struck(Event):
    attacker: int
    target: int
    card: str
    value: int


@dataclass(frozen=True)
class Charged(Event):
    seat: int


@dataclass(frozen=True)
class Blasted(Event):
    attacker: int
    target: int
    card: str
    value: int
    charge: str
    reach: int


@dataclass(frozen=True)
class MomentumBoosted(Event):
    seat: int
    old: str
    new: str
    start: Hex
    end: Hex


@dataclass(frozen=True)
class Blocked(Event):
    seat: int
    card: str
    value: int
    damage_left: int


@dataclass(frozen=True)
class Dodged(Event):
    seat: int
    card: str
    value: int
    start: Hex
    end: Hex


@dataclass(frozen=True)
class DefenceDeclined(Event):
    seat: int
    knocked_down: bool


@dataclass(frozen=True)
class DamageDealt(Event):
    target: int
    attacker: int
    amount: int


@dataclass(frozen=True)
class CardsDiscarded(Event):
    seat: int
    cards: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class ChargeLost(Event):
    seat: int
    card: str


@dataclass(frozen=True)
class KnockedBack(Event):
    seat: int
    start: Hex
    end: Hex
    hexes: int
    stopped: bool


@dataclass(frozen=True)
class KnockedDown(Trigger):
    seat: int
    knockback: int
    hand: int


@dataclass(frozen=True)
class KnockedOut(Trigger):
    seat: int


@dataclass(frozen=True)
class FighterForfeited(Trigger):
    seat: int


@dataclass(frozen=True)
class DeckReshuffled(Event):
    cards: int


@dataclass(frozen=True)
class HandShrank(Event):
    """No card left to draw anywhere, so the played card is not replaced (MCD9)."""

    seat: int
