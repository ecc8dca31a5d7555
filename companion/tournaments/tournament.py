"""A tournament as it stands: its setup and the log of results, replayed through its format.

Like a match (companion/rules/match.py), everything is derived from the log: settling a pairing
appends a result, undo takes the last one back (it can be redone), and replaying the same setup and
results gives the same pairings, standings and champion on any machine.
"""

from __future__ import annotations

from companion.tournaments.bracket import bracket_progress
from companion.tournaments.model import (
    DRAW,
    WIN_A,
    WIN_B,
    Outcome,
    Pairing,
    Progress,
    Result,
    Standing,
    TournamentError,
    TournamentSetup,
)
from companion.tournaments.round_robin import round_robin_progress

IN_PROGRESS, FINISHED = "in progress", "finished"


class Tournament:
    def __init__(self, setup: TournamentSetup, results: list[Result] | None = None) -> None:
        self.setup = setup
        self.results: list[Result] = []
        self.redo_results: list[Result] = []
        self._progress = self._compute()
        for result in results or []:
            self.record(result)

    def _compute(self) -> Progress:
        compute = bracket_progress if self.setup.format == "bracket" else round_robin_progress
        return compute(self.setup, self.results)

    # --- reading ------------------------------------------------------------------------------

    @property
    def progress(self) -> Progress:
        return self._progress

    @property
    def pending(self) -> list[Pairing]:
        return list(self._progress.pending)

    @property
    def winner(self) -> str | None:
        return self._progress.winner

    @property
    def status(self) -> str:
        return FINISHED if self.winner is not None else IN_PROGRESS

    @property
    def standings(self) -> list[Standing]:
        return list(self._progress.standings)

    def pairing(self, key: str) -> Pairing | None:
        return next((p for p in self._progress.pairings if p.key == key), None)

    def pending_between(self, first: str, second: str) -> Pairing:
        """The pairing due now between two players (either order); TournamentError saying why not."""
        names = {p.casefold(): p for p in self.setup.players}
        missing = [name for name in (first, second) if name.casefold() not in names]
        if missing:
            raise TournamentError(f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in "
                                  f"the tournament {self.setup.name!r}")
        a, b = names[first.casefold()], names[second.casefold()]
        if self.winner is not None:
            raise TournamentError(f"the tournament is over ({self.winner} won): no pairing is due")
        for pairing in self._progress.pending:
            if {pairing.a, pairing.b} == {a, b}:
                return pairing
        settled = [p for p in self._progress.pairings if {p.a, p.b} == {a, b} and p.key in self._progress.settled]
        if settled:
            raise TournamentError(f"{a} v {b} is already settled ({settled[-1].key}); undo that result first "
                                  "to change it")
        due = ", ".join(f"{p.a} v {p.b}" for p in self._progress.pending)
        raise TournamentError(f"{a} v {b} is not due now; due: {due}")

    # --- changing -----------------------------------------------------------------------------

    def settle(self, first: str, second: str, winner: str | None, *, match_id: int | None = None,
               forfeit: bool = False) -> Result:
        """Record a played match between two players: `winner` one of them, or None for a draw."""
        pairing = self.pending_between(first, second)
        if winner is None:
            outcome: Outcome = DRAW
        elif winner.casefold() == pairing.a.casefold():
            outcome = WIN_A
        elif winner.casefold() == pairing.b.casefold():
            outcome = WIN_B
        else:
            raise TournamentError(f"{winner} did not play in {pairing.a} v {pairing.b}")
        result = Result(pairing.key, outcome, match_id, forfeit)
        self.record(result)
        return result

    def record(self, result: Result) -> None:
        """Append a result for a pending pairing (the log replayed, or a new one)."""
        if result.key not in {p.key for p in self._progress.pending}:
            raise TournamentError(f"pairing {result.key} is not due now (settled already, or not yet known)")
        if result.outcome not in (WIN_A, WIN_B, DRAW):
            raise TournamentError(f"a result is {WIN_A!r}, {WIN_B!r} or {DRAW!r}, not {result.outcome!r}")
        self.results.append(result)
        self.redo_results.clear()
        self._progress = self._compute()

    def undo(self) -> Result:
        if not self.results:
            raise TournamentError("there is no result to undo")
        result = self.results.pop()
        self.redo_results.append(result)
        self._progress = self._compute()
        return result

    def redo(self) -> Result:
        if not self.redo_results:
            raise TournamentError("there is nothing to redo")
        result = self.redo_results.pop()
        self.results.append(result)
        self._progress = self._compute()
        return result
