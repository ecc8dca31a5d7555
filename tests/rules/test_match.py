"""The match log: push, undo, redo, forfeit, exact replay; an illegal push changes nothing."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.match import Match
from companion.rules.model import Forfeit
from companion.rules.registry import get_ruleset


@pytest.fixture
def match() -> Match:
    ruleset = get_ruleset("kendo-shiai")
    setup = ruleset.make_setup(["Aiko", "Ben"])
    m = Match(setup)
    for actor, text in [(0, "offer MEN 4"), (1, "offer DO 2"), (0, "MEN"), (1, "MEN>KOTE")]:
        m.push(ruleset.parse_action(actor, text))
    return m


def test_undo_shows_what_it_takes_back_and_redo_restores_it(match: Match) -> None:
    state_before = match.steps[-2].state
    last = match.peek_undo()
    assert last is not None and match.ruleset.format_action(last.action) == "MEN>KOTE"
    undone = match.undo()
    assert undone == last and match.state == state_before and match.to_act() == (1,)
    assert match.peek_redo() == last and match.redo_actions == (last.action,)
    match.redo()
    assert match.state == last.state and not match.can_redo()


def test_a_new_action_after_undo_drops_the_redo_list(match: Match) -> None:
    match.undo()
    match.push(match.ruleset.parse_action(1, "BOGYO"))
    assert not match.can_redo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        match.redo()


def test_an_illegal_action_leaves_the_match_exactly_as_it_was(match: Match) -> None:
    state, actions = match.state, match.actions
    with pytest.raises(IllegalAction):
        match.push(match.ruleset.parse_action(0, "OSHIDASHI"))
    assert match.state == state and match.actions == actions and match.can_undo()


def test_restore_redo_rebuilds_the_redo_list_after_a_resume(match: Match) -> None:
    actions = match.actions
    resumed = Match(match.setup, actions[:2])
    resumed.restore_redo(actions[2:])
    assert resumed.actions == actions[:2] and resumed.redo_actions == actions[2:]
    resumed.redo()
    resumed.redo()
    assert resumed.state == match.state


def test_forfeit_ends_the_match_for_the_others_and_can_be_undone(match: Match) -> None:
    before = match.state
    events = match.push(Forfeit(0))
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (1,) and "forfeited" in outcome.reason
    assert events[0].name == "MatchWon" and match.legal_responses() == []
    match.undo()
    assert match.state == before and not match.outcome().finished


def test_no_action_after_the_end(match: Match) -> None:
    match.push(Forfeit(1))
    with pytest.raises(IllegalAction, match="over"):
        match.push(match.ruleset.parse_action(0, "KOTE"))


def test_restore_redo_is_all_or_nothing(match: Match) -> None:
    actions = match.actions
    resumed = Match(match.setup, actions[:2])
    stale = [actions[2], match.ruleset.parse_action(1, "OSHIDASHI")]  # the second cannot follow the first
    with pytest.raises(IllegalAction):
        resumed.restore_redo(stale)
    assert resumed.actions == actions[:2] and resumed.redo_actions == ()
