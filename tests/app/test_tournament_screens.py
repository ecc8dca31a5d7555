"""Tournaments in the app (issue 14): New tournament, the bracket with its due pairings, each pairing
refereed as a match with its players filled in, the result flowing in when the referee returns, the
champion called; a round robin's table; a typed mistake said on the form. Real SQLite database."""

from __future__ import annotations

from pathlib import Path

from companion.app.db_adapter import DbStore
from companion.app.viewmodels.app import AppViewModel
from db.engine import open_database


def app_on(tmp_path: Path) -> AppViewModel:
    return AppViewModel(DbStore(open_database(f"sqlite:///{tmp_path / 'club.db'}"), "test database"))


def new_tournament(app: AppViewModel, format_name: str, players: list[str]) -> None:
    app.go("tournaments")
    app.go("tournament-new")
    form = app.tournaments
    form.set_name("Club cup")
    form.select_ruleset("kendo-shiai")
    form.select_format(format_name)
    while len(form.names) < len(players):
        form.add_player()
    while len(form.names) > len(players):
        form.remove_player()
    for index, name in enumerate(players):
        form.set_player(index, name)
    assert app.create_tournament(), form.message
    assert app.route == "tournament"


def referee_by_forfeit(app: AppViewModel, label: str, loser_seat: int) -> None:
    """Open the due pairing `label` (e.g. "Aiko v Dai"), forfeit one player, and go back."""
    rows = [row for view in app.tournaments.rounds() for row in view.rows if row.due and row.label == label]
    assert rows, [row.label for view in app.tournaments.rounds() for row in view.rows]
    assert app.referee_pairing(rows[0].key)
    live = app.live
    assert live is not None and [p.name for p in live.match.setup.players] == label.split(" v ")
    assert not live.forfeit(loser_seat) and live.forfeit(loser_seat)  # two taps, as on screen
    assert live.match.outcome().finished
    app.leave_live()
    assert app.route == "tournament"


def test_a_four_player_bracket_is_refereed_pairing_by_pairing_to_its_champion(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    new_tournament(app, "bracket", ["Aiko", "Ben", "Chie", "Dai"])
    shown = {view.title: [(row.label, row.result) for row in view.rows] for view in app.tournaments.rounds()}
    assert shown["Final"] == [("the winner of Aiko v Dai v the winner of Ben v Chie", "to come")]  # the whole bracket
    referee_by_forfeit(app, "Aiko v Dai", 1)
    shown = {row.label: row.result for view in app.tournaments.rounds() for row in view.rows}
    assert shown["Aiko v Dai"] == "Aiko won (forfeit)"
    assert shown["Aiko v the winner of Ben v Chie"] == "to come"
    referee_by_forfeit(app, "Ben v Chie", 0)
    assert [view.title for view in app.tournaments.rounds()] == ["Semi-finals", "Final"]
    referee_by_forfeit(app, "Aiko v Chie", 1)
    assert app.tournaments.champion() == "Aiko"
    assert app.tournaments.standings()[0].startswith("1. Aiko") and "3. Dai" in " ".join(app.tournaments.standings())
    app.go("history")
    assert len(app.store.matches()) == 3


def test_a_match_resumed_from_home_still_settles_its_pairing(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    new_tournament(app, "round-robin", ["Aiko", "Ben"])
    key = app.tournaments.rounds()[0].rows[0].key
    assert app.referee_pairing(key)
    assert app.live is not None
    match_id = app.live.match_id
    app.go("home")  # the referee leaves mid-match; later, from Home, resumes it
    again = app_on(tmp_path)
    again.go("live", match_id)
    assert again.live is not None and again.live_tournament is not None
    assert not again.live.forfeit(0) and again.live.forfeit(0)
    again.leave_live()
    assert again.route == "tournament" and again.tournaments.champion() == "Ben"


def test_a_tournament_that_cannot_be_made_says_why_on_the_form(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    app.go("tournament-new")
    app.tournaments.set_player(1, "player 1")  # the same name as seed 1, in other case
    assert not app.create_tournament()
    assert "named twice" in app.tournaments.message and app.route == "tournament-new"
    app.tournaments.select_format("round-robin")
    for _ in range(12):
        app.tournaments.add_player()
    assert len(app.tournaments.names) == 10 and "at most 10" in app.tournaments.message


def test_the_tournaments_options_apply_to_every_pairings_match_and_history_finds_them(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    app.go("tournament-new")
    form = app.tournaments
    name, _, values, chosen = form.option_rows()[0]
    other = next(value for value in values if value != chosen)
    form.set_option(name, other)
    form.set_player(0, "Aiko")
    form.set_player(1, "Ben")
    form.remove_player()
    form.remove_player()
    assert app.create_tournament(), form.message
    assert app.referee_pairing(form.rounds()[0].rows[0].key)
    assert app.live is not None and app.live.match.setup.option_map[name] == other
    app.go("history")
    app.history.query = "club tournament"
    assert [row.tournament for row in app.history.rows()] == ["Club tournament, R1-1"]
    assert app.history.tournament_choices and app.history.tournament_choices[0][1] == "Club tournament"

