"""Home: resume an unfinished match first when there is one, then new match, history, decks, settings."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.storage import MatchStore, StoredMatch, StoreError


@dataclass(frozen=True)
class HomeEntry:
    label: str
    route: str
    detail: str = ""
    match_id: str | None = None


def not_saved_warning(store: MatchStore) -> str:
    """The permanent line shown while matches live only in memory; "" when they are saved."""
    reason = store.not_saved_because
    return f"Not being saved: {reason}; export before closing." if reason else ""


class HomeViewModel:
    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.unresumable: set[str] = set()  # tried and refused this session: offer the next one instead
        self.message = ""  # why the last resume failed, or why the list could not be read

    @property
    def warning(self) -> str:
        return not_saved_warning(self.store)

    def unfinished(self) -> StoredMatch | None:
        """The match to resume (the store's rule: recorded here, most recently changed first)."""
        match_id = self.store.latest_unfinished(frozenset(self.unresumable))
        if match_id is None:
            return None
        try:
            found = next((m for m in self.store.matches() if m.id == match_id), None)
        except StoreError as error:  # the list is damaged, the match itself may still resume
            self.message = f"The stored matches could not be read: {error}. New matches are still saved."
            found = None
        return found or StoredMatch(match_id, "", (), False, "", 0, "")

    def entries(self) -> list[HomeEntry]:
        entries = []
        try:
            pending = self.unfinished()
        except StoreError as error:  # a damaged row must not hide the rest of the app
            pending = None
            self.message = f"The stored matches could not be read: {error}. New matches are still saved."
        if pending is not None:
            who = " vs ".join(pending.players) or f"match {pending.id}"
            entries.append(HomeEntry("Resume match", "live", f"{who}, {pending.actions} actions so far",
                                     pending.id))
        entries += [
            HomeEntry("New match", "new", "choose the rules and the players"),
            HomeEntry("History", "history", "every match, its timeline and result"),
            HomeEntry("Tournaments", "tournaments", "a bracket or a round robin, each pairing refereed here"),
            HomeEntry("Decks and tags", "decks", "the cards of each game"),
            HomeEntry("Settings", "settings", "theme, text size, vibration, card names"),
        ]
        return entries
