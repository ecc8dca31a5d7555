"""The tournament core (T11, T25): seeding and byes for every bracket size, round-robin schedules, tie-breaks,
replayed draws, places, undo and redo, and the bad input a club organiser types."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

import pytest

from companion.rules.errors import RulesError
from companion.tournaments.bracket import bracket_size
from companion.tournaments.model import TournamentError, make_setup
from companion.tournaments.round_robin import circle_rounds
from companion.tournaments.tournament import Tournament


def names(count: int) -> list[str]:
    return [f"P{number}" for number in range(1, count + 1)]


def bracket(count: int) -> Tournament:
    return Tournament(make_setup("Club cup", "kendo-shiai", "bracket", names(count)))


def play_out(tournament: Tournament, rng: random.Random, *, draws: float = 0.0) -> int:
    played = 0
    while tournament.pending:
        pairing = rng.choice(tournament.pending)
        winner = None if rng.random() < draws else rng.choice([pairing.a, pairing.b])
        tournament.settle(pairing.a, pairing.b, winner)
        played += 1
        assert played < 500, "the tournament never ends"
    return played


@pytest.mark.parametrize("count", range(2, 21))
def test_byes_fill_the_bracket_and_go_to_the_top_seeds_once(count: int) -> None:
    tournament = bracket(count)
    size = bracket_size(count)
    byes = [player for round_number, player in tournament.progress.byes]
    assert all(round_number == 1 for round_number, _ in tournament.progress.byes)
    assert byes and sorted(byes, key=names(count).index) == names(size - count) if size > count else not byes
    first_round = [p for p in tournament.pending if p.round == 1]
    playing = [player for p in first_round for player in (p.a, p.b)]
    assert len(playing) == len(set(playing)) == count - len(byes)  # nobody twice, nobody both bye and playing
    assert not set(playing) & set(byes)
    assert len(first_round) + len(byes) == size // 2


@pytest.mark.parametrize("count", range(2, 21))
def test_every_bracket_ends_with_one_champion_and_places_shared_by_round(count: int) -> None:
    tournament = bracket(count)
    played = play_out(tournament, random.Random(count))
    assert played == count - 1  # single elimination: every match but the champion's removes one player
    assert tournament.status == "finished" and tournament.winner is not None
    places = {row.player: row.place for row in tournament.standings}
    assert places[tournament.winner] == 1 and sorted(places) == sorted(names(count))
    if count >= 2:
        assert sorted(places.values())[1] == 2  # the final's loser
    if count >= 4:
        assert sorted(places.values())[2:4] == [3, 3]  # two third places (T25)


def test_eight_players_are_seeded_one_eight_four_five_two_seven_three_six() -> None:
    pairs = [(p.a, p.b) for p in bracket(8).pending]
    assert pairs == [("P1", "P8"), ("P4", "P5"), ("P2", "P7"), ("P3", "P6")]


def test_the_whole_bracket_is_shown_before_it_is_played_with_each_unknown_side_named() -> None:
    tournament = bracket(9)
    assert tournament.progress.to_come == [
        (2, "P1", "the winner of P8 v P9"),
        (3, "the winner of quarter-final 1", "the winner of P4 v P5"),
        (3, "the winner of P2 v P7", "the winner of P3 v P6"),
        (4, "the winner of semi-final 1", "the winner of semi-final 2"),
    ]
    tournament.settle("P8", "P9", "P9")
    assert (2, "P1", "P9") not in tournament.progress.to_come  # now due, so among the pairings
    assert ("P1", "P9") in [(p.a, p.b) for p in tournament.pending]
    assert [row for row in tournament.progress.to_come if row[0] == 2] == []
    play_out(tournament, random.Random(9))
    assert tournament.progress.to_come == []


def test_a_drawn_bracket_match_is_replayed() -> None:
    tournament = bracket(2)
    tournament.settle("P1", "P2", None)
    assert [(p.a, p.b) for p in tournament.pending] == [("P1", "P2")] and tournament.winner is None
    assert "replayed (T11)" in tournament.progress.notes[0]
    tournament.settle("P2", "P1", "P2")
    assert tournament.winner == "P2"


@pytest.mark.parametrize("count", range(2, 11))
def test_a_round_robin_schedule_has_every_pair_once_and_nobody_twice_in_a_round(count: int) -> None:
    rounds = circle_rounds(names(count))
    pairs = [frozenset(pair) for round_pairs in rounds for pair in round_pairs]
    assert sorted(pairs, key=sorted) == sorted((frozenset(p) for p in itertools.combinations(names(count), 2)),
                                               key=sorted)
    for round_pairs in rounds:
        players = [player for pair in round_pairs for player in pair]
        assert len(players) == len(set(players))
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)


def round_robin(players: list[str]) -> Tournament:
    return Tournament(make_setup("Club league", "kenpo-masters", "round-robin", players))


def settle_all(tournament: Tournament, winners: Mapping[frozenset[str], str | None]) -> None:
    for pairing in list(tournament.pending):
        tournament.settle(pairing.a, pairing.b, winners[frozenset((pairing.a, pairing.b))])


def test_a_three_way_tie_for_first_is_settled_by_a_second_round_robin() -> None:
    tournament = round_robin(["Ann", "Ben", "Cy", "Dee"])
    settle_all(tournament, {frozenset(("Ann", "Ben")): "Ann", frozenset(("Ben", "Cy")): "Ben",
                            frozenset(("Cy", "Ann")): "Cy", frozenset(("Ann", "Dee")): "Ann",
                            frozenset(("Ben", "Dee")): "Ben", frozenset(("Cy", "Dee")): "Cy"})
    assert tournament.winner is None and all(p.stage == 2 for p in tournament.pending)
    assert {p.a for p in tournament.pending} | {p.b for p in tournament.pending} == {"Ann", "Ben", "Cy"}
    settle_all(tournament, {frozenset(("Ann", "Ben")): "Ben", frozenset(("Ben", "Cy")): "Ben",
                            frozenset(("Cy", "Ann")): "Ann"})
    assert tournament.winner == "Ben"
    places = {row.player: (row.place, row.points) for row in tournament.standings}
    assert places["Ben"] == (1, 2.0) and places["Ann"][0] == 2 and places["Cy"][0] == 3 and places["Dee"] == (4, 0.0)


def test_a_tie_break_that_separates_nobody_is_played_again_and_the_third_settles_it() -> None:
    tournament = round_robin(["Ann", "Ben", "Cy"])
    cycle = {frozenset(("Ann", "Ben")): "Ann", frozenset(("Ben", "Cy")): "Ben", frozenset(("Cy", "Ann")): "Cy"}
    settle_all(tournament, cycle)  # stage 1: everyone 1 point
    settle_all(tournament, cycle)  # stage 2: again everyone 1 point: nobody separated
    assert "separated nobody" in tournament.progress.notes[-1]
    assert tournament.winner is None and {p.stage for p in tournament.pending} == {3}
    settle_all(tournament, {**cycle, frozenset(("Cy", "Ann")): "Ann"})
    assert tournament.winner == "Ann"


def test_a_round_robin_draw_is_half_a_point_each() -> None:
    tournament = round_robin(["Ann", "Ben"])
    tournament.settle("Ann", "Ben", None)
    assert [row.points for row in tournament.standings] == [0.5, 0.5]
    assert tournament.winner is None and tournament.pending[0].stage == 2  # tied for first: they play again


def test_undo_and_redo_give_back_the_same_tournament() -> None:
    tournament = bracket(6)
    rng = random.Random(6)
    snapshots = []
    while tournament.pending:
        snapshots.append((tournament.pending, tournament.standings))
        pairing = tournament.pending[0]
        tournament.settle(pairing.a, pairing.b, rng.choice([pairing.a, pairing.b]))
    final = (tournament.standings, tournament.winner)
    for expected in reversed(snapshots):
        tournament.undo()
        assert (tournament.pending, tournament.standings) == expected
    while tournament.redo_results:
        tournament.redo()
    assert (tournament.standings, tournament.winner) == final
    replayed = Tournament(tournament.setup, tournament.results)
    assert (replayed.standings, replayed.winner) == final


@pytest.mark.parametrize(("format", "count", "says"), [("bracket", 21, "2 to 20"), ("round-robin", 11, "2 to 10"),
                                                        ("bracket", 1, "2 to 20")])
def test_too_many_or_too_few_players_is_one_line(format: str, count: int, says: str) -> None:
    with pytest.raises(TournamentError, match=says):
        make_setup("Cup", "kendo-shiai", format, names(count))


@pytest.mark.parametrize(("ruleset", "players", "says"), [
    ("kendo-shiai", ["Ann", "ann"], "named twice"),
    ("kendo-shiai", ["Ann", "B\u202een"], "invisible"),
    ("no-such-game", ["Ann", "Ben"], "unknown ruleset"),
])
def test_a_bad_entry_is_refused(ruleset: str, players: list[str], says: str) -> None:
    with pytest.raises(RulesError, match=says):
        make_setup("Cup", ruleset, "bracket", players)


def test_a_result_already_settled_or_not_yet_due_is_refused_and_changes_nothing() -> None:
    tournament = bracket(4)
    tournament.settle("P1", "P4", "P1")
    before = (list(tournament.results), tournament.pending)
    with pytest.raises(TournamentError, match="already settled"):
        tournament.settle("P1", "P4", "P4")
    tournament.settle("P2", "P3", "P2")
    with pytest.raises(TournamentError, match="not in the tournament"):
        tournament.settle("P1", "Zed", "P1")
    fresh = bracket(4)
    with pytest.raises(TournamentError, match="not due now"):
        fresh.settle("P1", "P2", "P1")  # they can meet only in the final
    assert before[0] == tournament.results[:1]
