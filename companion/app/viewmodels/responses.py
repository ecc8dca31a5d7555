"""A legal response as the referee screen shows it: a button's label, the ruling and why, what follows."""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.rules.model import HandEntry

# A response the engine could not check because a card's value is an owner value (Kenpo, KPD1).
OWNER_VALUE_MISSING = re.compile(r"owner values? not entered", re.IGNORECASE)
OWNER_VALUES_HINT = "Enter the printed values once on the Decks screen (Enter owner values) for later matches."


@dataclass(frozen=True)
class ResponseItem:
    """One legal response as a button: its label, the ruling and why, and what follows."""

    index: int
    actor: int
    label: str
    ruling: str
    why: str
    consequence: str
    plays_cards: bool
    step: int = 0  # actions in force when it was listed: a tap on an older list is not taken
    hand: HandEntry | None = None  # the question it answers, where it carries points entered by hand (K9)
    moves: bool = False  # it moves its fighter (an action with a destination: MACE's Boost and Dodge)
    destination: tuple[int, int] | None = None  # where to; None: stays put
    notation: str = ""  # the record line ("Ben: boost 2H to 1,0"), whatever words the button uses

    @property
    def explanation(self) -> str:
        text = f"Why: {self.why} [{self.ruling}]" if self.ruling else f"Why: {self.why}"
        if OWNER_VALUE_MISSING.search(self.why):  # say where the missing value is entered (KPD1)
            text += f" {OWNER_VALUES_HINT}"
        return text
