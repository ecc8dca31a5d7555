"""C2: axial hexes, Reach, distance, hex lines, and moving into but not through Reach."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.errors import IllegalAction
from companion.rules.mace.hexgrid import distance, line_beyond, moves, neighbours, parse_hex
from tests.rules.mace.helpers import act, run, table

coords = st.integers(min_value=-20, max_value=20)


def test_reach_is_the_six_neighbouring_hexes() -> None:
    reach = neighbours((0, 0))
    assert sorted(reach) == [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
    assert all(distance((0, 0), h) == 1 for h in reach)


def test_distance_counts_hex_steps() -> None:
    assert distance((0, 0), (3, -3)) == 3
    assert distance((2, 0), (-2, 0)) == 4
    assert distance((1, 2), (-1, -1)) == 5


@given(coords, coords, coords, coords, st.integers(min_value=1, max_value=8))
def test_a_hex_line_runs_on_step_by_step_and_straight_away(q1: int, r1: int, q2: int, r2: int,
                                                           steps: int) -> None:
    source, target = (q1, r1), (q2, r2)
    if source == target:
        return
    path = line_beyond(source, target, steps)
    here = target
    for nxt in path:
        assert distance(here, nxt) == 1
        assert distance(source, nxt) == distance(source, here) + 1  # always further away
        here = nxt


def test_knockback_line_along_an_axis_is_the_straight_row() -> None:
    assert line_beyond((0, 0), (1, 0), 3) == [(2, 0), (3, 0), (4, 0)]
    assert line_beyond((0, 0), (0, -1), 2) == [(0, -2), (0, -3)]


def test_a_path_may_end_in_reach_but_not_pass_through_it() -> None:
    opponent = (0, 0)
    zone = set(neighbours(opponent))
    room = moves((3, 0), 6, {opponent}, zone, 0)
    assert room[(1, 0)] == 2  # into Reach
    assert (-2, 0) not in room  # 6 steps get behind him only through his Reach
    assert moves((3, 0), 7, {opponent}, zone, 0)[(-2, 0)] == 7  # round it
    free = moves((3, 0), 6, {opponent}, set(), 0)  # a Dodge's move ignores Reach
    assert free[(-2, 0)] == 6


def test_a_ring_radius_bounds_the_grid() -> None:
    room = moves((2, 0), 3, set(), set(), 2)
    assert all(distance((0, 0), h) <= 2 for h in room)
    assert (3, 0) not in room


def test_hexes_are_written_q_comma_r() -> None:
    assert parse_hex("1,-2") == (1, -2) == parse_hex("(1, -2)")
    with pytest.raises(Exception, match="q,r"):
        parse_hex("north")


def test_a_boost_moves_into_reach() -> None:
    # Ann KH (13) at (2,0); Ben at (-2,0). Boosting to 10H gives 3 hexes: into Ben's Reach at -1,0.
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = act(state, "Ann", "boost 10H to -1,0")
    assert state.fighters[0].hex == (-1, 0)
    assert state.fighters[0].momentum == "10h"


def test_a_boost_through_reach_is_refused_with_c2_and_nothing_changes() -> None:
    # Behind Ben is 5 hexes straight on; a 6H gives 7, but every way of 7 or fewer hexes passes
    # through his Reach.
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction) as refused:
        act(state, "Ann", "boost 6H to -3,0")
    assert refused.value.ruling == "C2"
    assert "through" in refused.value.reason
    # Going round the Reach takes 8 hexes: a 5 (13 - 5 = 8) gets there.
    moved, _ = act(state, "Ann", "boost 5H to -3,0")
    assert moved.fighters[0].hex == (-3, 0)


def test_a_boost_further_than_the_difference_is_refused() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="at most 1"):
        act(state, "Ann", "boost QH to 0,0")


def test_no_move_ends_on_an_occupied_hex() -> None:
    state = table((2, 0), (0, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="occupied"):
        act(state, "Ann", "boost 10H to 0,0")


def test_a_dodge_moves_through_reach() -> None:
    # Ben strikes Ann for 3; her Dodge with the 10H moves her 7 hexes, straight past Cal's Reach.
    state = table((0, 0), (1, 0), (-3, 1), momentum=("2C", "KH", "QD"))
    state, _ = run(state, "Ben: strike 3S at Ann")
    state, _ = act(state, "Ann", "dodge 10H to -7,0")
    assert state.fighters[0].hex == (-7, 0)
    assert state.attack is None


def test_moves_stop_at_the_ring_edge() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"), options={"ring-radius": "3"})
    with pytest.raises(IllegalAction, match="outside the ring"):
        act(state, "Ann", "boost 10H to 5,0")
