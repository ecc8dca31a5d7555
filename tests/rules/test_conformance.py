"""One conformance test for every registered ruleset: random legal play from many seeds.

For each ruleset and player count: play never raises, always ends, every legal action is explained
with its ruling, undo then redo restores the identical state, the replayed log equals the live
state, and the record round-trips.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.rules.mace.state import ChargeUp
from companion.rules.match import Match
from companion.rules.model import LegalResponse, MatchSetup
from companion.rules.record import match_to_record, read_record, replay_record
from companion.rules.registry import all_rulesets

SEEDS = range(25)
MAX_STEPS = 3000


# Rulesets whose rules change with more than four seats are played at every count they allow.
EVERY_SEAT_COUNT = {"musashi"}
# Play modes that are rules options of a ruleset, played besides its default options.
MODES: dict[str, list[dict[str, str]]] = {}
# Rulesets whose play modes fix their seat counts: each (players, options) is played instead of the range.
SEATED_MODES: dict[str, list[tuple[int, dict[str, str]]]] = {"martial-arts-tcg": [
    (2, {}), (2, {"mode": "anything-goes"}), (4, {"mode": "two-on-two"}), (3, {"mode": "army-of-one"}),
    (10, {"mode": "army-of-one"}), (10, {"mode": "army-of-one", "goal": "all-enemies", "anything-goes": "true"}),
]}


def _mace_unseen(responses: list[LegalResponse], choice: LegalResponse, rng: random.Random) -> LegalResponse:
    """MACE: half the Charges are placed unseen (MCD12), far more often than picking the one such
    line among the clubs would, so Blasts and damage name the cards they could be (MCD13)."""
    if isinstance(choice.action, ChargeUp) and rng.random() < 0.5:
        unseen = ChargeUp(choice.action.actor, None)
        return next((r for r in responses if r.action == unseen), choice)
    return choice


# Per ruleset, how the random player bends its choice towards lines worth exercising.
STEER = {"mace": _mace_unseen}


def _setups() -> list[tuple[str, MatchSetup]]:
    cases = []
    for ruleset in all_rulesets():
        for count, options in SEATED_MODES.get(ruleset.id, []):
            names = [f"Player{n + 1}" for n in range(count)]
            label = "".join(f"-{value}" for value in options.values())
            cases.append((f"{ruleset.id}-{count}p{label}", ruleset.make_setup(names, options, seed=0)))
        if ruleset.id in SEATED_MODES:
            continue
        top = ruleset.players_max if ruleset.id in EVERY_SEAT_COUNT else min(ruleset.players_max, 4)
        for count in range(ruleset.players_min, top + 1):
            names = [f"Player{n + 1}" for n in range(count)]
            cases.append((f"{ruleset.id}-{count}p", ruleset.make_setup(names, seed=0)))
            for options in MODES.get(ruleset.id, []):
                label = "-".join(str(value) for value in options.values())
                cases.append((f"{ruleset.id}-{count}p-{label}", ruleset.make_setup(names, options, seed=0)))
    return cases


def _play_randomly(setup: MatchSetup, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(setup)
    for _ in range(MAX_STEPS):
        if match.outcome().finished:
            return match
        responses = match.legal_responses()
        assert responses, f"no legal response while the match is still on: {match.summary()}"
        assert set(r.action.actor for r in responses) <= set(match.to_act())
        choice = rng.choice(responses)
        if setup.ruleset in STEER:
            choice = STEER[setup.ruleset](responses, choice, rng)
        before: Any = match.state
        if rng.random() < 0.2:
            explained = match.ruleset.explain(match.rules_state, choice.action)
            assert explained.legal and explained.ruling, f"{choice.action} is explained without a ruling"
        match.push(choice.action)
        if rng.random() < 0.1:
            after = match.state
            match.undo()
            assert match.state == before
            match.redo()
            assert match.state == after
    raise AssertionError(f"no end after {MAX_STEPS} random legal actions")


@pytest.mark.parametrize(("name", "setup"), _setups(), ids=[c[0] for c in _setups()])
def test_random_legal_play_conforms(name: str, setup: MatchSetup) -> None:
    for seed in SEEDS:
        match = _play_randomly(setup, seed)
        assert match.outcome().finished
        replayed = Match(setup, match.actions)
        assert replayed.state == match.state
        assert replayed.events == match.events
        text = match_to_record(match)
        record = read_record(text)
        assert record.actions == list(match.actions)
        assert replay_record(record).state == match.state
        # Undo everything, then redo everything: the same match again.
        count = len(match.actions)
        for _ in range(count):
            match.undo()
        assert match.state == match.initial_state
        for _ in range(count):
            match.redo()
        assert match.state == replayed.state
