"""The whole app's state: which screen is shown and the view-model behind it."""

from __future__ import annotations

from pathlib import Path

from companion.app.storage import MatchStore, StoreError
from companion.app.viewmodels.decks import DecksViewModel
from companion.app.viewmodels.history import HistoryViewModel
from companion.app.viewmodels.home import HomeViewModel, not_saved_warning
from companion.app.viewmodels.live import LiveViewModel
from companion.app.viewmodels.new_match import NewMatchViewModel
from companion.app.viewmodels.scan import ScanViewModel
from companion.app.viewmodels.settings import SettingsViewModel
from companion.app.viewmodels.tournaments import TournamentsViewModel

ROUTES = ("home", "new", "live", "history", "decks", "settings", "tournaments", "tournament-new", "tournament")
# The address each screen shows in the browser, so Back, a reload, a phone back after its network dropped
# and a link to one match open the screen the referee was on. Screens with an id name it after a slash.
PATHS = {"home": "/", "new": "/new", "live": "/match", "history": "/history", "decks": "/decks",
         "settings": "/settings", "tournaments": "/tournaments", "tournament-new": "/tournaments/new",
         "tournament": "/tournament"}
ROUTE_OF_PATH = {path: route for route, path in PATHS.items()}


class AppViewModel:
    def __init__(self, store: MatchStore, settings_path: Path | None = None) -> None:
        self.store = store
        self.route = "home"
        self.settings = SettingsViewModel.load(settings_path, store.description)
        self.home = HomeViewModel(store)
        self.history = HistoryViewModel(store)
        self.decks = DecksViewModel()
        self.new_match: NewMatchViewModel | None = None
        self.live: LiveViewModel | None = None
        self.scan: ScanViewModel | None = None
        self.tournaments = TournamentsViewModel(getattr(store, "engine", None))
        self.live_tournament: int | None = None  # the tournament whose pairing the live match plays

    def go(self, route: str, match_id: str | None = None) -> None:
        if route not in ROUTES:
            route = "home"
        if route == "new":
            self.new_match = NewMatchViewModel(self.store.player_names())
        if route == "live":
            if match_id is not None:
                try:
                    self._show_live(LiveViewModel(self.store.resume(match_id), match_id))
                except StoreError as error:  # kept as stored; Home offers the next match to resume
                    self.home.unresumable.add(match_id)
                    self.home.message = f"{error} In the app: History, Export all matches keeps it as JSON."
                    self.route = "home"
                    return
            if self.live is None:
                route = "home"
        if route == "history":
            self.history.close()
            self.history.tournament_choices = [(tid, name) for tid, name, _ in self.tournaments.rows()]
        if route == "tournament-new":
            self.tournaments.reset_form()
            self.tournaments.remembered_names = self.store.player_names()
        if route == "tournament" and (match_id is None or not match_id.isdigit()
                                      or not self.tournaments.open(int(match_id))):
            route = "tournaments"
        if route == "live" and match_id is not None:  # a resumed match may be a tournament pairing's
            self.live_tournament = self.tournaments.tournament_of(match_id)
        if route == "home" and self.route != "home":
            self.home.message = ""
        if self.live is not None:
            self.live.card_language = self.settings.card_language
        if self.scan is not None:
            self.scan.card_print = self.settings.card_print
        self.route = route

    @property
    def location(self) -> str:
        """The browser address of the screen shown: `/match/12`, `/tournament/3`, `/history`..."""
        if self.route == "live" and self.live is not None:
            return f"{PATHS['live']}/{self.live.match_id}"
        if self.route == "tournament" and self.tournaments.current is not None:
            return f"{PATHS['tournament']}/{self.tournaments.current.id}"
        return PATHS.get(self.route, "/")

    def open_location(self, location: str) -> None:
        """Show the screen an address names (Back, a reload, a link); an address of nothing known is Home."""
        path = location.split("?", 1)[0].rstrip("/") or "/"
        if path == self.location:
            return
        head, _, tail = path.rpartition("/")
        if head in (PATHS["live"], PATHS["tournament"]) and tail:
            self.go(ROUTE_OF_PATH[head], tail)
            return
        self.go(ROUTE_OF_PATH.get(path, "home"))

    @property
    def not_saved_warning(self) -> str:
        """Shown on Home and on the referee screen while matches are kept only in memory."""
        return not_saved_warning(self.store)

    def backup_now(self) -> None:
        try:
            self.settings.notice = self.store.backup()
        except Exception as error:  # the reason is the message: nothing is changed by a failed backup
            self.settings.notice = f"No backup made: {error}."

    def rematch(self) -> None:
        """New match screen filled in from the live match: same ruleset, options, players and sides."""
        if self.live is None:
            return
        setup = self.live.match.setup
        vm = NewMatchViewModel(self.store.player_names())
        vm.select_ruleset(setup.ruleset)
        vm.options.update(setup.option_map)
        vm.names = [p.name for p in setup.players]
        vm.sides = [p.side for p in setup.players]
        self.new_match = vm
        self.route = "new"

    def start_match(self) -> bool:
        if self.new_match is None:
            return False
        setup = self.new_match.setup()
        if setup is None:
            return False
        try:
            match_id, session = self.store.start(setup)
        except StoreError as error:  # e.g. another window holds the database: nothing was started
            self.new_match.message = str(error)
            return False
        self._show_live(LiveViewModel(session, match_id))
        self.route = "live"
        return True

    def create_tournament(self) -> bool:
        if not self.tournaments.create():
            return False
        self.route = "tournament"
        return True

    def referee_pairing(self, key: str) -> bool:
        """Open a refereed match for a due pairing, players and options filled in, linked to the pairing."""
        current = self.tournaments.current
        setup = self.tournaments.pairing_setup(key)
        if setup is None or current is None:
            return False
        try:
            match_id, session = self.store.start(setup)
            self.tournaments.link(match_id, key)
        except StoreError as error:
            self.tournaments.message = str(error)
            return False
        self._show_live(LiveViewModel(session, match_id))
        self.live_tournament = current.id
        self.route = "live"
        return True

    def _show_live(self, live: LiveViewModel) -> None:
        """The referee screen's match; the one it showed before is let go (its writer stops polling)."""
        self.close()
        self.live, self.scan = live, ScanViewModel(live)
        live.card_language = self.settings.card_language
        self.scan.card_print = self.settings.card_print

    def close(self) -> None:
        """This phone is done with its match (another match opened, or the phone has gone)."""
        if self.live is not None:
            self.live.session.close()
            self.live, self.scan = None, None

    def enter_owner_values(self) -> None:
        """From a referee's question about points by hand (K9) to the Decks screen's owner values for this
        match's catalog; the match is stored as it is and Resume match brings it back."""
        catalog_id = self.live.match.ruleset.catalog_id if self.live is not None else None
        self.go("decks")
        if catalog_id is not None:
            self.decks.open(catalog_id)
            self.decks.open_owner_values()

    def leave_live(self) -> None:
        """Back from the referee screen: to the tournament the match belongs to (its result settles the
        pairing as the tournament is shown), else Home."""
        if self.route == "live" and self.live_tournament is not None:
            self.go("tournament", str(self.live_tournament))
            return
        self.go("home")

