"""Before the first attack: the optional switch (KT1 3, M13) and who attacks first (KT1 4, M14)."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.model import Action
from companion.rules.musashi import flow
from companion.rules.musashi.flow import Events, set_at
from companion.rules.musashi.state import (
    DeclareSum,
    FirstAttackerChosen,
    MusashiState,
    Phase,
    SumDeclared,
    SumsTied,
    SwitchBeforeGame,
    SwitchesDeclared,
)

SWITCH_MAX = 2
# Three brown cards (KT1 2; every switch before the first attack keeps the colour), each showing 1 to 5.
SUM_MIN, SUM_MAX = 3, 15


def declare_switches(state: MusashiState, action: Action, events: Events) -> MusashiState:
    if not isinstance(action, SwitchBeforeGame):
        raise IllegalAction("first each player says how many cards he switched before the game", "KT1 3")
    seat = action.actor
    if state.switches[seat] is not None:
        raise IllegalAction(f"{state.names[seat]} has already said how many cards he switched", "M13")
    if not 0 <= action.count <= SWITCH_MAX:
        raise IllegalAction(f"a player switches 0, 1 or 2 cards before the game, not {action.count}", "M13")
    # A switched card goes under its own deck and one of the same colour is drawn: no count changes (KT1 3).
    events.append(SwitchesDeclared(seat, action.count))
    switches = set_at(state.switches, seat, action.count)
    if any(count is None for count in switches):
        return state.evolve(switches=switches)
    return state.evolve(switches=switches, phase=Phase.SUMS, to_declare=tuple(range(len(state.names))))


def declare_sum(state: MusashiState, action: Action, events: Events) -> MusashiState:
    if not isinstance(action, DeclareSum):
        raise IllegalAction("each player declares the sum of his brown cards to decide who attacks first",
                            "KT1 4")
    seat = action.actor
    if seat not in state.to_declare or state.sums[seat] is not None:
        waiting = ", ".join(state.names[s] for s in state.to_declare if state.sums[s] is None)
        raise IllegalAction(f"{state.names[seat]} has no sum to declare now (waiting for {waiting})", "M14")
    if not SUM_MIN <= action.total <= SUM_MAX:
        raise IllegalAction(f"three brown cards of 1 to 5 add up to {SUM_MIN}-{SUM_MAX}, not {action.total}",
                            "KT1 4")
    events.append(SumDeclared(seat, action.total))
    sums = set_at(state.sums, seat, action.total)
    if any(sums[s] is None for s in state.to_declare):
        return state.evolve(sums=sums)
    top = max(total for total in sums if total is not None)
    tied = tuple(s for s, total in enumerate(sums) if total == top)
    if len(tied) == 1:
        events.append(FirstAttackerChosen(tied[0], top))
        return flow.attack_turn(state.evolve(sums=sums), tied[0], None, events)
    # Each tied player switches his smallest brown card (brown for brown: no count changes) and sums again.
    events.append(SumsTied(tied, top))
    cleared = tuple(None if s in tied else total for s, total in enumerate(sums))
    return state.evolve(sums=cleared, to_declare=tied)
