"""Tournaments in the app: the list, New tournament, and one tournament's bracket or table with the
pairings due, each of which opens a refereed match with its players and options filled in.

The pure rules of brackets and round robins are companion/tournaments; storing them is db/tournaments.
A finished match linked to a pairing settles it the next time the tournament is shown (on any phone).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from companion.rules.errors import RulesError
from companion.rules.model import MatchSetup, OptionValue, PlayerSpec
from companion.rules.registry import all_rulesets, get_ruleset
from companion.tournaments.bracket import round_name
from companion.tournaments.model import FORMATS, PLAYERS_MAX, Pairing, make_setup
from db.errors import StorageError
from db.models import StoredMatch
from db.tournaments import (
    StoredTournamentState,
    create_tournament,
    link_match,
    list_tournaments,
    load_tournament,
    settle_finished_matches,
)

FORMAT_LABELS = {"bracket": "Championship bracket (2-20 players)", "round-robin": "Round Robin (2-10 players)"}


@dataclass
class PairingRow:
    label: str  # "Aiko v Dai"
    result: str  # "Aiko won", "draw: played again", "" while due
    key: str
    due: bool


@dataclass
class RoundView:
    title: str
    rows: list[PairingRow] = field(default_factory=list)


def two_player_rulesets() -> list[tuple[str, str]]:
    return [(r.id, r.name) for r in all_rulesets() if r.players_min <= 2 <= r.players_max]


class TournamentsViewModel:
    def __init__(self, engine: Engine | None, remembered_names: list[str] | None = None) -> None:
        self.engine = engine
        self.remembered_names = remembered_names or []
        self.message = ""
        self.current: StoredTournamentState | None = None
        self.champion_called: int | None = None  # the tournament whose champion was announced already
        self.reset_form()

    @property
    def available(self) -> bool:
        return self.engine is not None

    # --- the list --------------------------------------------------------------------------------

    def rows(self) -> list[tuple[int, str, str]]:
        """(id, title, detail) newest first; [] with `message` when the database cannot be read."""
        if self.engine is None:
            self.message = "Tournaments are kept in the match database, which this app is not using."
            return []
        try:
            with Session(self.engine) as session:
                found = list_tournaments(session=session)
        except (SQLAlchemyError, StorageError) as error:
            self.message = f"The tournaments could not be read: {error}."
            return []
        return [(int(row.id or 0), row.name, f"{get_ruleset(row.ruleset).name}, {FORMAT_LABELS[row.format]}: "
                 + (f"champion {row.winner}" if row.winner else "in progress")) for row in found]

    # --- New tournament --------------------------------------------------------------------------

    def reset_form(self) -> None:
        self.name = "Club tournament"
        rulesets = two_player_rulesets()
        ids = [rid for rid, _ in rulesets]
        self.ruleset_id = "kendo-shiai" if "kendo-shiai" in ids else ids[0] if ids else ""
        self.format = "bracket"
        self.names = ["Player 1", "Player 2", "Player 3", "Player 4"]
        self.options: dict[str, OptionValue] = {}
        self.message = ""

    def set_name(self, text: str) -> None:
        self.name = text

    def select_ruleset(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.options = {}

    def option_rows(self) -> list[tuple[str, str, tuple[OptionValue, ...], OptionValue]]:
        """(name, explanation, values, chosen) of each rules option with a set of values: every match of
        the tournament is played under them (TD5). Free-typed options (a number) keep their default."""
        rows = []
        for spec in get_ruleset(self.ruleset_id).options:
            values = (True, False) if isinstance(spec.default, bool) else spec.choices
            if values:
                explained = f"{spec.description} [{spec.ruling}]" if spec.ruling else spec.description
                rows.append((spec.name, explained, values, self.options.get(spec.name, spec.default)))
        return rows

    def set_option(self, name: str, value: OptionValue) -> None:
        self.options[name] = value

    def select_format(self, format_name: str) -> None:
        if format_name in FORMATS:
            self.format = format_name

    def set_player(self, index: int, text: str) -> None:
        self.names[index] = text

    def can_add_player(self) -> bool:
        return len(self.names) < PLAYERS_MAX[self.format]

    def add_player(self, name: str | None = None) -> None:
        if not self.can_add_player():
            self.message = f"A {FORMAT_LABELS[self.format]} takes at most {PLAYERS_MAX[self.format]} players (T11)."
            return
        taken = {n.casefold() for n in self.names}
        pool = ([name] if name else []) + self.remembered_names + [f"Player {i}" for i in range(1, 21)]
        self.names.append(next(n for n in pool if n.casefold() not in taken))

    def remove_player(self) -> None:
        if len(self.names) > 2:
            self.names.pop()

    def unused_names(self) -> list[str]:
        taken = {n.strip().casefold() for n in self.names}
        return [n for n in self.remembered_names if n.casefold() not in taken][:12]

    def create(self) -> bool:
        """Store the tournament from the form and open it; False with `message` saying what to fix."""
        if self.engine is None:
            self.message = "Tournaments need the match database."
            return False
        try:
            setup = make_setup(self.name, self.ruleset_id, self.format, self.names, options=self.options)
            with Session(self.engine) as session, session.begin():
                tournament_id = create_tournament(setup, session=session)
        except RulesError as error:
            self.message = f"{error}."
            return False
        except (SQLAlchemyError, StorageError) as error:
            self.message = f"The tournament could not be stored ({error}); nothing was saved - try again."
            return False
        return self.open(tournament_id)

    # --- one tournament --------------------------------------------------------------------------

    def open(self, tournament_id: int) -> bool:
        """Load the tournament, settling pairings whose matches have ended meanwhile."""
        assert self.engine is not None
        try:
            with Session(self.engine) as session, session.begin():
                state = load_tournament(tournament_id, session=session)
                settle_finished_matches(state, session=session)
            with Session(self.engine) as session:
                self.current = load_tournament(tournament_id, session=session)
        except (SQLAlchemyError, StorageError, RulesError) as error:
            self.message = f"Tournament {tournament_id} could not be opened: {error}."
            return False
        self.message = ""
        return True

    def refresh(self) -> None:
        if self.current is not None:
            self.open(self.current.id)

    @property
    def title(self) -> str:
        assert self.current is not None
        setup = self.current.tournament.setup
        return f"{setup.name}: {get_ruleset(setup.ruleset).name}, {FORMAT_LABELS[setup.format]}"

    def champion(self) -> str:
        return self.current.tournament.winner or "" if self.current is not None else ""

    def rounds(self) -> list[RoundView]:
        """The rounds one below the other (never a tiny tree): each pairing with its result or due."""
        assert self.current is not None
        tournament = self.current.tournament
        progress = tournament.progress
        views: dict[tuple[int, int], RoundView] = {}
        bracket_rounds = max((p.round for p in progress.pairings), default=1)
        if tournament.setup.format == "bracket":
            from companion.tournaments.bracket import bracket_size

            bracket_rounds = bracket_size(len(tournament.setup.players)).bit_length() - 1
        pending = {p.key for p in progress.pending}
        draws: dict[str, int] = {}
        for result in tournament.results:
            if result.outcome == "draw":
                draws[result.key] = draws.get(result.key, 0) + 1
        for pairing in progress.pairings:
            title = (round_name(pairing.round, bracket_rounds) if tournament.setup.format == "bracket"
                     else f"Round {pairing.round}" if pairing.stage == 1
                     else f"Tie-break {pairing.stage - 1}, round {pairing.round}")
            view = views.setdefault((pairing.stage, pairing.round), RoundView(title))
            view.rows.append(PairingRow(f"{pairing.a} v {pairing.b}", self._result(pairing, draws), pairing.key,
                                        pairing.key in pending))
        for round_number, player in progress.byes:
            views.setdefault((1, round_number), RoundView(round_name(round_number, bracket_rounds))).rows.append(
                PairingRow(f"{player}: bye", "goes through without playing", "", False))
        for round_number, a, b in progress.to_come:
            views.setdefault((1, round_number), RoundView(round_name(round_number, bracket_rounds))).rows.append(
                PairingRow(f"{a} v {b}", "to come", "", False))
        return [views[key] for key in sorted(views)]

    def _result(self, pairing: Pairing, draws: dict[str, int]) -> str:
        assert self.current is not None
        settled = self.current.tournament.progress.settled.get(pairing.key)
        if settled is None:
            return f"drawn {draws[pairing.key]}x: played again (T11)" if pairing.key in draws else ""
        winner = settled.winner(pairing)
        return "draw (half a point each)" if winner is None else f"{winner} won" + (
            " (forfeit)" if settled.forfeit else "")

    def standings(self) -> list[str]:
        assert self.current is not None
        return [f"{row.place}. {row.player}: {row.points:g} point{'' if row.points == 1 else 's'} ({row.wins} won, "
                f"{row.draws} drawn, {row.losses} lost)" for row in self.current.tournament.standings]

    def pairing_setup(self, key: str) -> MatchSetup | None:
        """The match for a due pairing: the tournament's ruleset and options, the two players with the
        ruleset's sides in order; None with `message` when it is not due (settled on another phone)."""
        assert self.current is not None
        self.refresh()
        pairing = next((p for p in self.current.tournament.pending if p.key == key), None)
        if pairing is None:
            self.message = "That pairing is not due any more (settled on another phone?); the screen shows it now."
            return None
        setup = self.current.tournament.setup
        ruleset = get_ruleset(setup.ruleset)
        sides = ruleset.sides
        players = [PlayerSpec(name, sides[i] if sides else None) for i, name in enumerate((pairing.a, pairing.b))]
        return ruleset.make_setup(players, setup.option_map)

    def link(self, match_id: str, key: str) -> None:
        """Mark the started match as this pairing's, so its end settles the pairing."""
        assert self.current is not None and self.engine is not None
        with Session(self.engine) as session, session.begin():
            link_match(int(match_id), self.current.id, key, session=session)

    def tournament_of(self, match_id: str) -> int | None:
        """The tournament whose pairing a stored match plays (None: a friendly, or no database)."""
        if self.engine is None or not match_id.isdigit():
            return None
        try:
            with Session(self.engine) as session:
                row = session.get(StoredMatch, int(match_id))
        except SQLAlchemyError:
            return None
        return row.tournament_id if row is not None else None

