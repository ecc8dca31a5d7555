"""Build MACE tables and matches the way a referee would: records, or tokens placed on hexes."""

from __future__ import annotations

from companion.rules.mace import RULESET
from companion.rules.mace.cards import card_id
from companion.rules.mace.hexgrid import Hex
from companion.rules.mace.state import MaceState, PlayMomentum
from companion.rules.match import Match
from companion.rules.model import Event
from companion.rules.record import load_record

NAMES = ("Ann", "Ben", "Cal", "Dee")


def record_text(*lines: str, players: int = 2, options: dict[str, str] | None = None) -> str:
    head = ["ruleset: mace", *(f"player: {n}" for n in NAMES[:players])]
    head += [f"option: {k} = {v}" for k, v in (options or {}).items()]
    return "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"


def play(*lines: str, players: int = 2, options: dict[str, str] | None = None) -> Match:
    return load_record(record_text(*lines, players=players, options=options))


def table(*hexes: Hex, momentum: tuple[str, ...] = ("KH", "QD", "JS", "10C"),
          options: dict[str, str] | None = None) -> MaceState:
    """Momentum played and revealed (the first listed fighter acts first by default), then the
    tokens put on the given hexes, as a referee sets up a position to check a ruling."""
    setup = RULESET.make_setup(NAMES[:len(hexes)], options or {})
    state = RULESET.initial_state(setup)
    for seat in range(len(hexes)):
        state, _ = RULESET.apply(state, PlayMomentum(seat, card_id(momentum[seat])))
    for seat, hex_ in enumerate(hexes):
        state = state.with_fighter(seat, hex=hex_)
    return state


def act(state: MaceState, who: str, text: str) -> tuple[MaceState, tuple[Event, ...]]:
    seat = NAMES.index(who)
    return RULESET.apply(state, RULESET.parse_action(seat, text))


def run(state: MaceState, *lines: str) -> tuple[MaceState, list[Event]]:
    """Apply 'Who: action' lines in order; returns the final state and every event."""
    events: list[Event] = []
    for line in lines:
        who, _, text = line.partition(":")
        state, new = act(state, who.strip(), text.strip())
        events += new
    return state, events


def names(events: tuple[Event, ...] | list[Event]) -> list[str]:
    return [e.name for e in events]


def seat(name: str) -> int:
    return NAMES.index(name)
