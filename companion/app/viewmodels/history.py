"""History: the stored matches with a filter; one match opens to its timeline and a replay scrubber."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.app.storage import (
    CardStats,
    ExportFile,
    MatchStore,
    PlayerStats,
    StoredMatch,
    StoreError,
    result_text,
)
from companion.app.viewmodels.live import board_data
from companion.app.viewmodels.triggers import triggers_of
from companion.rules.match import Match
from companion.rules.record import format_action_line


def ruleset_title(ruleset_id: str) -> str:
    """The game's name as people say it; the id itself for a ruleset this program does not know."""
    from companion.rules.errors import RulesError
    from companion.rules.registry import get_ruleset

    try:
        return get_ruleset(ruleset_id).name
    except RulesError:
        return ruleset_id


SCORE_KEYS = ("ippon", "points", "score", "hand")  # the first the ruleset has (MACE: health in hand)
PENALTY_KEYS = ("hansoku", "penalties")


@dataclass(frozen=True)
class Series:
    """One line of the chart: a player's score (or penalties) after each step, from step 0."""

    label: str
    kind: str  # the summary key: ippon, points, hansoku...
    values: tuple[int, ...]
    seat: int

    @property
    def penalty(self) -> bool:
        return self.kind in PENALTY_KEYS

    def describe(self) -> str:
        return f"{self.label}: {self.kind.upper()} after each step: {' '.join(map(str, self.values))}"


class HistoryViewModel:
    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.query = ""
        self.status = "all"  # all, finished, in progress
        self.opened: Match | None = None
        self.opened_id: str | None = None
        self.position = 0
        self.message = ""
        self.stats_tournament: int | None = None  # the Players statistics of one tournament only
        self.tournament_choices: list[tuple[int, str]] = []  # set by the app from the tournaments list

    def rows(self) -> list[StoredMatch]:
        wanted = self.query.strip().casefold()
        found = []
        try:
            stored_matches = self.store.matches()
        except StoreError as error:  # a damaged row: say so, the app around it still works
            self.message = f"{error}. Export all matches keeps what can be read."
            return []
        for stored in stored_matches:
            if self.status == "finished" and not stored.finished:
                continue
            if self.status == "in progress" and stored.finished:
                continue
            haystack = " ".join((*stored.players, stored.ruleset, stored.result, stored.date,
                                 stored.tournament)).casefold()
            if wanted in haystack:
                found.append(stored)
        return found

    @staticmethod
    def row_text(stored: StoredMatch) -> str:
        """Date, players, game, result: enough to tell one match from another at a glance."""
        result = stored.result or "in progress"
        cup = f" · {stored.tournament}" if stored.tournament else ""
        date = f"{stored.date} · " if stored.date else ""
        return (f"{date}{' vs '.join(stored.players)} · {ruleset_title(stored.ruleset)} · {result} · "
                f"{stored.actions} actions{cup}")

    def open(self, match_id: str) -> None:
        self.message = ""
        try:
            self.opened = self.store.load(match_id)
        except StoreError as error:
            self.message = f"{error} Export all matches keeps it as JSON."
            return
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

    def series(self) -> list[Series]:
        """Score and penalties of each player after each step of the opened match."""
        if self.opened is None:
            return []
        replay = Match(self.opened.setup)
        summaries = [replay.summary()]
        for action in self.opened.actions:
            replay.push(action)
            summaries.append(replay.summary())
        first = summaries[0]["players"][0] if summaries[0].get("players") else {}
        keys = [k for k in SCORE_KEYS if k in first][:1] + [k for k in PENALTY_KEYS if k in first][:1]
        found = []
        for seat, player in enumerate(self.opened.setup.players):
            label = f"{player.name} ({player.side})" if player.side else player.name
            for key in keys:
                values = tuple(int(s["players"][seat].get(key) or 0) for s in summaries)
                found.append(Series(label, key, values, seat))
        return found

    def stats(self) -> list[PlayerStats]:
        """The Players figures, narrowed as History's filter narrows the list: to the player or the
        ruleset its text names exactly (anything else leaves them for all matches)."""
        player, ruleset = self.stats_filter()
        return self.store.player_stats(self.stats_tournament, player=player, ruleset=ruleset)

    def card_stats(self) -> list[CardStats]:
        """What each card did, narrowed by History's filter as the Players figures are."""
        player, ruleset = self.stats_filter()
        return self.store.card_stats(self.stats_tournament, player=player, ruleset=ruleset)

    @staticmethod
    def card_text(row: CardStats) -> str:
        answered = f"answered {row.answered} times" if row.answered != 1 else "answered once"
        return (f"{row.name} · {row.ruleset}: played {row.played}, {row.ippons} IPPON{'' if row.ippons == 1 else 's'}, "
                f"{row.points} points, {answered}")

    def stats_filter(self) -> tuple[str | None, str | None]:
        """(player, ruleset) that History's filter text names, if any."""
        from companion.rules.errors import RulesError
        from companion.rules.registry import get_ruleset

        wanted = self.query.strip()
        if not wanted:
            return None, None
        try:
            return None, get_ruleset(wanted).id
        except RulesError:
            pass
        try:
            names = self.store.player_names()
        except Exception:  # a store that cannot list names still shows every player's figures
            return None, None
        return (wanted if wanted.casefold() in {name.casefold() for name in names} else None), None

    def choose_stats_tournament(self, tournament_id: int | None) -> None:
        self.stats_tournament = tournament_id

    @staticmethod
    def stats_text(row: PlayerStats) -> str:
        return (f"{row.player} · {row.ruleset}: {row.played} played, {row.wins} won, {row.losses} lost, "
                f"{row.draws} drawn")

    def opened_result(self) -> str:
        """The opened match's result in the words the match list uses ("Aiko won: two IPPONs (2:1)")."""
        if self.opened is None:
            return ""
        return result_text(self.opened) or "in progress"

    def export_opened(self) -> ExportFile | None:
        if self.opened_id is None:
            return None
        try:
            return self.store.export_match(self.opened_id)
        except StoreError as error:
            self.message = f"{error} Export all matches keeps it as JSON."
            return None

    def export_all(self) -> ExportFile:
        return self.store.export_all()

    def timeline(self) -> list[str]:
        if self.opened is None:
            return []
        match, lines = self.opened, []
        for step in match.steps:
            line = f"{step.number}. {format_action_line(match.setup, step.action)}"
            titles = [t.text for t in triggers_of(step.events, match.ruleset, match.setup)]
            lines.append(line + ("  — " + "; ".join(titles) if titles else ""))
        return lines
