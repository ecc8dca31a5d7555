"""Play modes as seats and sides (T9, T10): who is whose teammate, who owns which ADR pool and Event slot.

A mode is a rules option read here once (ARCHITECTURE "Growing it"); the engine asks `Rules` the few
questions where the modes differ: `pool_of`, `side_name`, `is_hero`. Normal play and Anything Goes are
two players, each his own pool; Two-on-Two is seats A1, B1, A2, B2 with a pool per team (T9); Army of
One is the Hero in seat 1 against 2-9 Enemies sharing one pool (T10, T21).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.rules.errors import InvalidSetup

SEATS_MAX = 10  # Army of One: the Hero and 9 Enemies (T10)
START_HEALTH = 30  # T1
LEADER_HEALTH, ENEMY_HEALTH = 15, 10  # T1, T10
HERO = 0  # the Hero is the first player of an Army of One (MTD17)


class Mode(StrEnum):
    NORMAL = "normal"
    ANYTHING_GOES = "anything-goes"
    TWO_ON_TWO = "two-on-two"
    ARMY_OF_ONE = "army-of-one"


class Goal(StrEnum):
    LEADER = "leader"
    ALL_ENEMIES = "all-enemies"


TEAM_NAMES = {Mode.TWO_ON_TWO: ("A", "B"), Mode.ARMY_OF_ONE: ("Hero", "Enemies")}


@dataclass(frozen=True)
class Rules:
    anything_goes: bool = False
    cpt_at_least_lnk: bool = False  # T2's printed reading on attack links
    mode: Mode = Mode.NORMAL
    goal: Goal = Goal.LEADER  # Army of One: defeat the leader, or all the Enemies (T10)
    teams: tuple[int, ...] = ()  # the pool of each seat; empty: each seat is its own pool

    def pool_of(self, seat: int) -> int:
        """Who owns the ADR pool and the Event slot a seat uses (T5; the team in T9 and T21)."""
        return self.teams[seat] if self.teams else seat

    @property
    def army(self) -> bool:
        return self.mode is Mode.ARMY_OF_ONE

    @property
    def teamed(self) -> bool:
        return bool(self.teams)

    def is_hero(self, seat: int) -> bool:
        return self.army and seat == HERO


def mode_of(value: object) -> Mode:
    return Mode(str(value))


def check_seat_count(mode: Mode, count: int) -> None:
    """The player count each mode is played by; one line naming the ruling."""
    if mode is Mode.TWO_ON_TWO and count != 4:
        raise InvalidSetup(f"Two-on-Two is played by 4 players in 2 teams (seats A1, B1, A2, B2), not {count} [T9]")
    if mode is Mode.ARMY_OF_ONE and not 3 <= count <= SEATS_MAX:
        raise InvalidSetup(f"Army of One is played by the Hero and 2 to 9 Enemies (3 to {SEATS_MAX} players), "
                           f"not {count} [T10, T21]")
    if mode in (Mode.NORMAL, Mode.ANYTHING_GOES) and count != 2:
        raise InvalidSetup(f"mode {mode.value} is played by 2 players, not {count}: choose mode two-on-two (4, T9) "
                           "or army-of-one (3 to 10, T10) [T9, T10]")


def teams_of(mode: Mode, count: int) -> tuple[int, ...]:
    if mode is Mode.TWO_ON_TWO:
        return tuple(seat % 2 for seat in range(count))  # A1, B1, A2, B2 (T9)
    if mode is Mode.ARMY_OF_ONE:
        return tuple(0 if seat == HERO else 1 for seat in range(count))
    return ()


def fill_team_names(mode: Mode, given: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """Each seat's team label: the players' own when they follow the mode's layout, else the defaults
    (A and B; Hero and Enemies). Labels that break the layout are refused (T9, T10)."""
    if mode not in TEAM_NAMES:
        return given
    layout = teams_of(mode, len(given))
    names: list[str] = list(TEAM_NAMES[mode])
    for seat, label in enumerate(given):
        if label is None:
            continue
        pool = layout[seat]
        if names[pool] != TEAM_NAMES[mode][pool] and names[pool] != label:
            raise InvalidSetup(_layout_problem(mode))
        names[pool] = label
    if names[0].casefold() == names[1].casefold():
        raise InvalidSetup(_layout_problem(mode))
    for seat, label in enumerate(given):
        if label is not None and label != names[layout[seat]]:
            raise InvalidSetup(_layout_problem(mode))
    return tuple(names[pool] for pool in layout)


def _layout_problem(mode: Mode) -> str:
    if mode is Mode.TWO_ON_TWO:
        return "Two-on-Two seats alternate teams: players 1 and 3 are one team, 2 and 4 the other [T9]"
    return "Army of One: player 1 is the Hero, alone in his team; every other player is an Enemy [T10]"
