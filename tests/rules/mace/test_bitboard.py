"""`bitboard` keeps sets of hexes as ints over a window (issue 17): its masks must be the hexes
they name, checked hex by hex against `hexgrid`."""

from __future__ import annotations

import random

from companion.rules.mace.bitboard import window
from companion.rules.mace.hexgrid import Hex, distance, neighbours


def hexes_of(bits: int, radius: int, centre: Hex) -> set[Hex]:
    grid = window(radius)
    return {grid.hex_at(index, centre) for index in grid.indices(bits)}


def test_the_window_holds_exactly_the_hexes_within_its_radius() -> None:
    for radius in (1, 4, 13):
        centre = (3, -7)
        inside = {(centre[0] + dq, centre[1] + dr) for dq in range(-radius, radius + 1)
                  for dr in range(-radius, radius + 1) if distance((0, 0), (dq, dr)) <= radius}
        assert hexes_of(window(radius).disk, radius, centre) == inside
        assert hexes_of(window(radius).bits_of(tuple(inside), centre), radius, centre) == inside


def test_spread_is_the_reach_of_every_hex_and_never_wraps_round_a_row() -> None:
    rng = random.Random(5)
    radius = 6
    grid = window(radius)
    centre = (0, 0)
    for _ in range(200):
        hexes = {(rng.randint(-radius, radius), rng.randint(-radius, radius)) for _ in range(rng.randint(1, 5))}
        hexes = {h for h in hexes if distance(h, centre) <= radius}
        around = hexes_of(grid.spread(grid.bits_of(tuple(hexes), centre)) & grid.disk, radius, centre)
        assert around == {n for h in hexes for n in neighbours(h) if distance(n, centre) <= radius}


def test_a_hexagon_anywhere_is_the_window_hexes_within_its_size() -> None:
    rng = random.Random(9)
    radius = 9
    grid = window(radius)
    centre = (2, 5)
    window_hexes = hexes_of(grid.disk, radius, centre)
    for _ in range(300):
        middle = (rng.randint(-25, 25), rng.randint(-25, 25))  # often outside the window
        size = rng.randint(0, 20)
        bits = grid.hexagon(middle[0] - centre[0], middle[1] - centre[1], size)
        assert hexes_of(bits, radius, centre) == {h for h in window_hexes if distance(h, middle) <= size}
