"""The legal responses are exactly what the engine accepts: every card with every move (and none) is
tried on states from random legal play, with and without the owner's values."""

from __future__ import annotations

import random

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.cards import kenpo_cards
from companion.rules.kenpo.geometry import MOVES
from companion.rules.kenpo.state import KenpoState, PlayCard
from companion.rules.match import Match
from companion.rules.registry import get_ruleset
from tests.rules.kenpo.helpers import OWNER_EXAMPLE


def _states(options: dict[str, str], seed: int) -> list[KenpoState]:
    ruleset = get_ruleset("kenpo-masters")
    match = Match(ruleset.make_setup(["Cullam", "Adam"], options))
    rng = random.Random(seed)
    states: list[KenpoState] = []
    while not match.outcome().finished and len(states) < 150:
        states.append(match.rules_state)
        match.push(rng.choice(match.legal_responses()).action)
    return states


@pytest.mark.parametrize("options", [{}, {"owner-values": OWNER_EXAMPLE}], ids=["catalog", "owner-values"])
def test_offered_card_plays_are_exactly_the_accepted_ones(options: dict[str, str]) -> None:
    ruleset = get_ruleset("kenpo-masters")
    for seed in (1, 2):
        for state in _states(options, seed):
            offered = {r.action for r in ruleset.legal_responses(state) if isinstance(r.action, PlayCard)}
            accepted = set()
            for card in kenpo_cards(state.owner_values):
                for move in (*MOVES, None):
                    action = PlayCard(state.turn, card, move)
                    try:
                        ruleset.apply(state, action)
                    except IllegalAction:
                        continue
                    accepted.add(action)
            # A later card may repeat the turn's move; the responses write it without (one spelling).
            accepted = {a for a in accepted if a.move is None or state.move_due}
            assert offered == accepted


def test_every_offered_response_applies() -> None:
    ruleset = get_ruleset("kenpo-masters")
    for state in _states({"owner-values": OWNER_EXAMPLE}, 3):
        for response in ruleset.legal_responses(state):
            ruleset.apply(state, response.action)
