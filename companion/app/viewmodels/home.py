"""Home: resume an unfinished match first when there is one, then new match, history, decks, settings."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.storage import MatchStore, StoredMatch, StoreError
from companion.rules.errors import RulesError
from companion.rules.match import Match


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
        self.deleted: Match | None = None  # the last match deleted here, until Undo or the next delete
        self.notice = ""

    def delete_unfinished(self, match_id: str) -> bool:
        """A match started by mistake goes; its actions are kept here so that Undo brings it back."""
        try:
            match = self.store.load(match_id)
            if match.outcome().finished:
                self.message = "A finished match is the club's record: it is not deleted here."
                return False
            self.store.delete(match_id)
        except StoreError as error:
            self.message = f"{error}."
            return False
        self.deleted = match
        who = " vs ".join(p.name for p in match.setup.players)
        self.notice = f"Deleted {who} ({len(match.actions)} actions). Undo brings it back."
        return True

    def undo_delete(self) -> bool:
        """The deleted match stored again, every action as it was (a new number in History)."""
        match, self.deleted = self.deleted, None
        if match is None:
            return False
        try:
            _, session = self.store.start(match.setup)
            for action in match.actions:
                session.push(action)
            session.close()
        except (StoreError, RulesError) as error:
            self.message = f"The match could not be brought back ({error})."
            return False
        self.notice = "The match is back: Resume match continues it."
        return True

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
            entries.append(HomeEntry("Delete this unfinished match", "delete",
                                     "started by mistake? it goes, and Undo brings it back", pending.id))
        entries += [
            HomeEntry("New match", "new", "choose the rules and the players"),
            HomeEntry("History", "history", "every match, its timeline and result"),
            HomeEntry("Tournaments", "tournaments", "a bracket or a round robin, each pairing refereed here"),
            HomeEntry("Decks and tags", "decks", "the cards of each game"),
            HomeEntry("Settings", "settings", "theme, text size, vibration, card names"),
        ]
        return entries
