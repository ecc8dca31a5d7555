"""Home: resume an unfinished match first when there is one, then new match, history, decks, settings."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.storage import MatchStore, StoredMatch


@dataclass(frozen=True)
class HomeEntry:
    label: str
    route: str
    detail: str = ""
    match_id: str | None = None


class HomeViewModel:
    def __init__(self, store: MatchStore) -> None:
        self.store = store

    def unfinished(self) -> StoredMatch | None:
        return next((m for m in self.store.matches() if not m.finished), None)

    def entries(self) -> list[HomeEntry]:
        entries = []
        pending = self.unfinished()
        if pending is not None:
            who = " vs ".join(pending.players)
            entries.append(HomeEntry("Resume match", "live", f"{who}, {pending.actions} actions so far",
                                     pending.id))
        entries += [
            HomeEntry("New match", "new", "choose the rules and the players"),
            HomeEntry("History", "history", "every match, its timeline and result"),
            HomeEntry("Decks and tags", "decks", "the cards of each game"),
            HomeEntry("Settings", "settings", "theme, text size, vibration, card names"),
        ]
        return entries
