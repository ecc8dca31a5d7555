"""History: the stored matches with a filter; one match opens to its timeline and a replay scrubber."""

from __future__ import annotations

from typing import Any

from companion.app.storage import MatchStore, StoredMatch
from companion.app.viewmodels.live import board_data
from companion.app.viewmodels.triggers import triggers_of
from companion.rules.match import Match
from companion.rules.record import format_action_line


class HistoryViewModel:
    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.query = ""
        self.status = "all"  # all, finished, in progress
        self.opened: Match | None = None
        self.opened_id: str | None = None
        self.position = 0

    def rows(self) -> list[StoredMatch]:
        wanted = self.query.strip().casefold()
        found = []
        for stored in self.store.matches():
            if self.status == "finished" and not stored.finished:
                continue
            if self.status == "in progress" and stored.finished:
                continue
            haystack = " ".join((*stored.players, stored.ruleset, stored.result, stored.date)).casefold()
            if wanted in haystack:
                found.append(stored)
        return found

    @staticmethod
    def row_text(stored: StoredMatch) -> str:
        result = stored.result or "in progress"
        return f"{' vs '.join(stored.players)} · {stored.ruleset} · {result} · {stored.actions} actions"

    def open(self, match_id: str) -> None:
        self.opened = self.store.load(match_id)
        self.opened_id = match_id
        self.position = len(self.opened.actions)

    def close(self) -> None:
        self.opened = None
        self.opened_id = None

    def scrub(self, position: int) -> None:
        if self.opened is not None:
            self.position = max(0, min(position, len(self.opened.actions)))

    def step_back(self) -> None:
        self.scrub(self.position - 1)

    def step_forward(self) -> None:
        self.scrub(self.position + 1)

    def replayed(self) -> Match:
        """The opened match replayed up to the scrubber's position."""
        assert self.opened is not None
        return Match.replay(self.opened.setup, self.opened.actions[: self.position])

    def scoreboard_at_position(self) -> dict[str, Any]:
        return board_data(self.replayed())

    def timeline(self) -> list[str]:
        if self.opened is None:
            return []
        match, lines = self.opened, []
        for step in match.steps:
            line = f"{step.number}. {format_action_line(match.setup, step.action)}"
            titles = [t.text for t in triggers_of(step.events, match.ruleset, match.setup)]
            lines.append(line + ("  — " + "; ".join(titles) if titles else ""))
        return lines
