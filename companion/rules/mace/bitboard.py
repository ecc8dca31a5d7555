"""Sets of hexes as the bits of one int, over a window of hexes around a centre hex.

The searches of a move (`reach.py`, for every Momentum Boost and Dodge listed) meet hundreds of
hexes per `legal_responses` call. Kept as ints, a whole breadth-first layer moves one step in six
shifts, and a membership test or a union is one loop in C instead of a Python loop over tuples.

A window of radius R holds the hexes at most R from its centre. A hex (dq, dr) relative to the
centre is bit (dq + R) * STRIDE + (dr + R); each row has one spare bit past its end, so a step
off either end of a row lands on a spare bit, which no mask of the window holds, instead of on
the next row.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from companion.rules.mace.hexgrid import DIRECTIONS, Hex


class Window:
    """The hexes at most `radius` from a centre, with the masks every search over it needs.

    Made once per radius (`window`) and shared: nothing in it depends on a state."""

    def __init__(self, radius: int) -> None:
        self.radius = radius
        self.stride = stride = 2 * radius + 2  # one spare bit per row, see the module docstring
        self.centre = radius * stride + radius
        # Bit offsets of a step in each direction, in the order of DIRECTIONS (the order a
        # breadth-first search tries them, which decides which hex it meets first).
        self.offsets = tuple(dq * stride + dr for dq, dr in DIRECTIONS)
        self.disk = 0
        # The hexes whose q, r or s (= -q - r) is k - radius, then (`_upto`) at most that: a
        # hexagon anywhere is three bands of these (`hexagon`).
        at_q, at_r, at_s = ([0] * (2 * radius + 1) for _ in range(3))
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                bit = 1 << self.index(dq, dr)
                self.disk |= bit
                at_q[dq + radius] |= bit
                at_r[dr + radius] |= bit
                at_s[-dq - dr + radius] |= bit
        self._upto = (_running_union(at_q), _running_union(at_r), _running_union(at_s))

    def index(self, dq: int, dr: int) -> int:
        """The bit of the hex (dq, dr) from the centre; only meaningful within the window."""
        return (dq + self.radius) * self.stride + dr + self.radius

    def hex_at(self, index: int, centre: Hex) -> Hex:
        row, column = divmod(index, self.stride)
        return (centre[0] + row - self.radius, centre[1] + column - self.radius)

    def bits_of(self, hexes: list[Hex] | tuple[Hex, ...], centre: Hex) -> int:
        """The hexes of the list inside the window, as one int."""
        found, radius = 0, self.radius
        for q, r in hexes:
            dq, dr = q - centre[0], r - centre[1]
            if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * radius:
                found |= 1 << self.index(dq, dr)
        return found

    def spread(self, bits: int) -> int:
        """Every hex next to a hex of `bits` (its Reach, C2), spare bits and hexes past the window
        included: mask the result."""
        a, b, c, d, e, f = self.offsets  # +S, +S-1, -1, -S, -S+1, +1
        return (bits << a) | (bits << b) | (bits >> -c) | (bits >> -d) | (bits >> -e) | (bits << f)

    def hexagon(self, dq: int, dr: int, size: int) -> int:
        """The window's hexes at most `size` from the hex (dq, dr), which may lie outside it."""
        q_upto, r_upto, s_upto = self._upto
        return (self._band(q_upto, dq, size) & self._band(r_upto, dr, size)
                & self._band(s_upto, -dq - dr, size))

    def _band(self, upto: tuple[int, ...], middle: int, size: int) -> int:
        """The window's hexes whose coordinate lies within `size` of `middle`."""
        radius = self.radius
        high, low = middle + size + radius, middle - size + radius - 1  # indices into `upto`
        if high < 0 or low >= 2 * radius:
            return 0
        inside = upto[min(high, 2 * radius)]
        return inside & ~upto[low] if low >= 0 else inside

    def indices(self, bits: int) -> Iterator[int]:
        """The bits set, lowest first."""
        while bits:
            low = bits & -bits
            yield low.bit_length() - 1
            bits ^= low


def _running_union(masks: list[int]) -> tuple[int, ...]:
    found, union = [], 0
    for mask in masks:
        union |= mask
        found.append(union)
    return tuple(found)


@cache
def window(radius: int) -> Window:
    """The window of a radius, built once per radius a move reaches (the values 2-14 give at
    most 12, the search one more for the Reach around it) and shared: it is only geometry."""
    return Window(radius)
