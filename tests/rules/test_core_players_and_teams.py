"""The core carries 2 to 10 players and teams before any shipped ruleset needs them.

A throwaway ruleset ("relay": each seat in turn adds 1 to its team's total, first team to 5 wins)
is registered for these tests only.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from companion.rules.errors import IllegalAction, InvalidSetup, MalformedAction
from companion.rules.match import Match
from companion.rules.model import (
    ONGOING,
    Action,
    Event,
    LegalResponse,
    MatchSetup,
    MatchWon,
    Outcome,
    PlayerSpec,
)
from companion.rules.record import match_to_record, read_record, replay_record
from companion.rules.registry import get_ruleset, register, unregister
from companion.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Step(Action):
    pass


@dataclass(frozen=True)
class RelayState:
    teams: tuple[str, ...]
    turn: int = 0
    totals: tuple[tuple[str, int], ...] = ()
    winner_team: str | None = None


class Relay(Ruleset[RelayState]):
    id = "relay-test"
    name = "Relay (test only)"
    players_min = 2
    players_max = 10
    teams = True

    def initial_state(self, setup: MatchSetup) -> RelayState:
        teams = tuple(p.team or p.name for p in setup.players)
        return RelayState(teams, totals=tuple((t, 0) for t in dict.fromkeys(teams)))

    def to_act(self, state: RelayState) -> tuple[int, ...]:
        return () if state.winner_team else (state.turn,)

    def legal_responses(self, state: RelayState) -> list[LegalResponse]:
        return [] if state.winner_team else [LegalResponse(Step(state.turn), "R1", "add one")]

    def apply(self, state: RelayState, action: Action) -> tuple[RelayState, tuple[Event, ...]]:
        if action.actor != state.turn:
            raise IllegalAction("not your turn", "R1")
        team = state.teams[action.actor]
        totals = tuple((t, n + 1 if t == team else n) for t, n in state.totals)
        done = dict(totals)[team] >= 5
        seats = tuple(s for s, t in enumerate(state.teams) if t == team)
        after = replace(state, totals=totals, turn=(state.turn + 1) % len(state.teams),
                        winner_team=team if done else None)
        return after, ((MatchWon(seats, f"team {team} reached 5"),) if done else ())

    def outcome(self, state: RelayState) -> Outcome:
        if not state.winner_team:
            return ONGOING
        seats = tuple(s for s, t in enumerate(state.teams) if t == state.winner_team)
        return Outcome(True, seats, False, f"team {state.winner_team}")

    def format_action(self, action: Action) -> str:
        return "step"

    def parse_action(self, actor: int, text: str) -> Action:
        if text != "step":
            raise MalformedAction(f"{text!r} is not 'step'")
        return Step(actor)

    def summary(self, state: RelayState, setup: MatchSetup) -> dict[str, Any]:
        return {"totals": dict(state.totals)}


@pytest.fixture
def relay() -> Iterator[Ruleset[Any]]:
    ruleset = register(Relay())
    yield ruleset
    unregister(ruleset)


def ten_players() -> list[PlayerSpec]:
    return [PlayerSpec(f"Fighter {n}", team="north" if n % 2 else "south") for n in range(1, 11)]


def test_ten_players_in_two_teams_play_replay_and_round_trip(relay: Ruleset[Any]) -> None:
    setup = relay.make_setup(ten_players())
    match = Match(setup)
    while not match.outcome().finished:
        match.push(match.legal_responses()[0].action)
    outcome = match.outcome()
    assert outcome.winners == (0, 2, 4, 6, 8)  # seats of "Fighter 1", "Fighter 3"...: team north
    assert len(match.actions) == 9
    text = match_to_record(match)
    assert "player: Fighter 10, team south" in text
    record = read_record(text)
    assert record.setup == setup
    assert replay_record(record).state == match.state


def test_seat_labels_reach_the_tenth_player(relay: Ruleset[Any]) -> None:
    setup = relay.make_setup(ten_players())
    assert setup.seat_of("P10") == 9 and setup.seat_of("fighter 10") == 9 and setup.seat_of("P11") is None


def test_player_counts_and_teams_are_checked(relay: Ruleset[Any]) -> None:
    with pytest.raises(InvalidSetup, match="2 to 10 players, not 11"):
        relay.make_setup([f"P{n}" for n in range(11)])
    with pytest.raises(InvalidSetup, match="not played in teams"):
        get_ruleset("kendo-shiai").make_setup([PlayerSpec("A", team="x"), PlayerSpec("B", team="y")])
