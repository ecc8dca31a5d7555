"""A match: its setup plus the actions made, with push, undo, redo and exact replay."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import IllegalAction
from companion.rules.model import Action, Event, Forfeit, LegalResponse, MatchSetup, MatchWon, Outcome
from companion.rules.registry import get_ruleset
from companion.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Step:
    """One action in the log, what it caused, and the state it left."""

    number: int
    action: Action
    events: tuple[Event, ...]
    state: Any


@dataclass(frozen=True)
class Forfeited:
    """Wraps a ruleset's state once a player has forfeited: nothing more can be played."""

    inner: Any
    by: int
    outcome: Outcome


class Match:
    """Owns the action log; the state is always derived from setup + actions.

    Undo keeps the undone steps for redo until a new action is pushed.
    """

    def __init__(self, setup: MatchSetup, actions: Iterable[Action] = ()) -> None:
        self.setup = setup
        self.ruleset: Ruleset[Any] = get_ruleset(setup.ruleset)
        self.initial_state: Any = self.ruleset.initial_state(setup)
        self._steps: list[Step] = []
        self._redo: list[Step] = []
        for action in actions:
            self.push(action)

    # --- reading --------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._steps[-1].state if self._steps else self.initial_state

    @property
    def rules_state(self) -> Any:
        """The ruleset's own state, even after a forfeit."""
        state = self.state
        return state.inner if isinstance(state, Forfeited) else state

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self._steps)

    @property
    def redo_actions(self) -> tuple[Action, ...]:
        return tuple(step.action for step in reversed(self._redo))

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(event for step in self._steps for event in step.events)

    def outcome(self) -> Outcome:
        state = self.state
        if isinstance(state, Forfeited):
            return state.outcome
        return self.ruleset.outcome(state)

    def to_act(self) -> tuple[int, ...]:
        if self.outcome().finished:
            return ()
        return self.ruleset.to_act(self.rules_state)

    def legal_responses(self) -> list[LegalResponse]:
        if self.outcome().finished:
            return []
        return self.ruleset.legal_responses(self.rules_state)

    def summary(self) -> dict[str, Any]:
        data = self.ruleset.summary(self.rules_state, self.setup)
        outcome = self.outcome()
        data["outcome"] = {
            "status": outcome.label,
            "winners": [self.setup.players[s].name for s in outcome.winners],
            "reason": outcome.reason,
        }
        if outcome.places:
            ranked = sorted(range(len(outcome.places)), key=lambda seat: (outcome.places[seat], seat))
            data["outcome"]["places"] = [{"player": self.setup.players[s].name, "place": outcome.places[s]}
                                         for s in ranked]
        data["to_act"] = [self.setup.players[s].name for s in self.to_act()]
        return data

    # --- changing -------------------------------------------------------------------------

    def try_apply(self, action: Action) -> tuple[Any, tuple[Event, ...]]:
        """What `action` would do, without recording it."""
        return self._apply_to(self.state, action)

    def _apply_to(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]:
        outcome = state.outcome if isinstance(state, Forfeited) else self.ruleset.outcome(state)
        if outcome.finished:
            raise IllegalAction("the match is over; undo to change it", "end")
        if not 0 <= action.actor < len(self.setup.players):
            raise IllegalAction(f"there is no player {action.actor + 1}", "seat")
        if isinstance(action, Forfeit) and not self.ruleset.handles_forfeit:
            others = tuple(s for s in range(len(self.setup.players)) if s != action.actor)
            reason = f"{self.setup.players[action.actor].name} forfeited"
            return Forfeited(state, action.actor, Outcome(True, others, False, reason)), (MatchWon(others, reason),)
        return self.ruleset.apply(state, action)

    def push(self, action: Action) -> tuple[Event, ...]:
        """Record `action`; raises IllegalAction and leaves the match unchanged when it is illegal."""
        state, events = self.try_apply(action)
        self._steps.append(Step(len(self._steps) + 1, action, events, state))
        self._redo.clear()
        return events

    def can_undo(self) -> bool:
        return bool(self._steps)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def peek_undo(self) -> Step | None:
        """The step an undo would take back, to show the referee before he confirms."""
        return self._steps[-1] if self._steps else None

    def peek_redo(self) -> Step | None:
        return self._redo[-1] if self._redo else None

    def undo(self) -> Step:
        if not self._steps:
            raise IllegalAction("nothing to undo", "undo")
        step = self._steps.pop()
        self._redo.append(step)
        return step

    def redo(self) -> Step:
        if not self._redo:
            raise IllegalAction("nothing to redo", "undo")
        step = self._redo.pop()
        self._steps.append(step)
        return step

    def restore_redo(self, actions: Iterable[Action]) -> None:
        """Re-create a redo list (next action first) after a resume, checking that each still applies.

        All or nothing: if one no longer applies, IllegalAction is raised and the match is unchanged.
        """
        steps: list[Step] = []
        state = self.state
        for action in actions:
            state, events = self._apply_to(state, action)
            steps.append(Step(len(self._steps) + len(steps) + 1, action, events, state))
        self._redo = list(reversed(steps))

    @classmethod
    def replay(cls, setup: MatchSetup, actions: Iterable[Action]) -> Match:
        return cls(setup, actions)
