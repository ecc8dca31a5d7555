"""The hexes a move reaches (C2, MCD1), breadth-first, as layers of bits; and, of a few of them,
which one the search meets first.

`hexgrid.moves` is the rule as written: a breadth-first search from the start, into but not
through opposing Reach, never onto an occupied hex, inside the ring. Its order of hexes decides
ties (the nearest hex to an opponent, the furthest from an attacker: the first one met), and the
engine has always listed by it. `Reach` is the same search for `legal_responses`, where it runs
for every Boost and Dodge listed: each layer is one int over a window around the start
(`bitboard`) and grows by six shifts, a few microseconds for the 470 hexes a Boost of 12 reaches.
The order within a layer is not kept; `first_met` works it out for the few hexes that tie.
`tests/rules/mace/test_boost_search.py` checks it against `moves`, hex by hex and in order
(`in_search_order`).
"""

from __future__ import annotations

from collections.abc import Collection

from companion.rules.mace.bitboard import window
from companion.rules.mace.hexgrid import Hex, distance, split


class Reach:
    """The hexes a move of up to `depth` steps reaches from `start`, layer by layer: into a hex
    of `zone` (opposing Reach, C2; the Reach of `occupied` when None, none for a Dodge) but
    never on out of one, never onto an occupied hex, inside the ring of `radius` unless it is 0.
    A working value of one `legal_responses` call, never part of a state.

    Bits are over `window(depth + 1)` centred on the start: the search never goes further than
    `depth`, and one more keeps a fighter just out of range, and so his Reach, inside."""

    def __init__(self, start: Hex, occupied: Collection[Hex], zone: Collection[Hex] | None,
                 radius: int, depth: int) -> None:
        self.start = start
        self.window = grid = window(depth + 1)
        self.occupied = grid.bits_of(tuple(occupied), start)
        free = grid.disk & ~self.occupied
        if radius > 0:
            free &= grid.hexagon(-start[0], -start[1], radius)  # the ring, around (0, 0)
        first = 1 << grid.centre
        zone_bits = grid.spread(self.occupied) if zone is None else grid.bits_of(tuple(zone), start)
        # A move may go on from the start even in someone's Reach (MCD1: it does not count).
        self.stops = zone_bits & grid.disk & ~first
        self.layers = [first]  # layers[k]: the hexes first reached in k steps
        seen = frontier = first
        for _ in range(depth):
            onward = frontier & ~self.stops
            frontier = grid.spread(onward) & free & ~seen
            if not frontier:
                break
            seen |= frontier
            self.layers.append(frontier)
        self.upto = [first]  # upto[k]: the hexes reached in at most k steps
        for layer in self.layers[1:]:
            self.upto.append(self.upto[-1] | layer)

    def bit(self, hex_: Hex) -> int:
        """The window bit of a hex, -1 when it lies outside the window."""
        dq, dr = hex_[0] - self.start[0], hex_[1] - self.start[1]
        if abs(dq) + abs(dr) + abs(dq + dr) > 2 * self.window.radius:
            return -1
        return self.window.index(dq, dr)

    def hex_at(self, index: int) -> Hex:
        return self.window.hex_at(index, self.start)

    def reached(self, limit: int) -> int:
        """The hexes within `limit` steps."""
        return self.upto[min(limit, len(self.upto) - 1)]

    def first_met(self, hexes: int, turns: tuple[int, int] | None = None) -> tuple[int, int]:
        """Of the hexes (bits, at least one reached), the window bit of the one the search meets
        first, with its steps. `turns`: the two directions of every path to them that matters,
        when all of them lie on shortest paths from the start along those two (`split`).

        The search takes a layer's hexes in the order it met them, and each hex's neighbours in
        the order of DIRECTIONS. So within a layer, hexes come in the order of their paths
        (the first path met to each), read as words of direction numbers; the first of `hexes`
        ends the smallest such word, spelt out step by step as the smallest direction that still
        leads on to one of them (`leads_on[k]`: the hexes of layer k from which one is reached).
        """
        steps = next(k for k, layer in enumerate(self.layers) if layer & hexes)
        targets = self.layers[steps] & hexes
        if targets & (targets - 1) == 0:
            return targets.bit_length() - 1, steps  # only one: no order to settle
        offsets = self.window.offsets
        leads_on = [targets]
        if turns is None:
            spread = self.window.spread
            for layer in reversed(self.layers[1:steps]):
                leads_on.append(layer & ~self.stops & spread(leads_on[-1]))
            tried = offsets
        else:
            # Two directions only: two shifts back instead of six.
            tried = tuple(offsets[t] for t in sorted(turns))
            low, high = tried
            for layer in reversed(self.layers[1:steps]):
                ahead = leads_on[-1]
                back = ((ahead >> low if low > 0 else ahead << -low)
                        | (ahead >> high if high > 0 else ahead << -high))
                leads_on.append(layer & ~self.stops & back)
        here = self.window.centre
        for layer in reversed(leads_on):
            here = next(here + step for step in tried if layer >> (here + step) & 1)
        return here, steps

    def nearest(self, opponent: Hex, limit: int, beyond: int = 0) -> tuple[int, int] | None:
        """The window bit and steps of the hex within `limit` steps nearest to `opponent`, the
        first met on equal distance (the start itself when nothing is nearer); None when none is
        nearer than `beyond` hexes from him."""
        reached = self.reached(limit)
        dq, dr = opponent[0] - self.start[0], opponent[1] - self.start[1]
        hexagon = self.window.hexagon
        gap = distance(self.start, opponent)
        size = max(1, gap - limit)  # no hex within `limit` is nearer
        while size != beyond and not reached & hexagon(dq, dr, size):
            size += 1  # blocked: the next ring out (the start ends this at his distance)
        if size == beyond:
            return None
        # As near as can be: on shortest paths towards him, which take just two directions.
        turns = split(self.start, opponent)[:2] if size == gap - limit else None
        return self.first_met(reached & hexagon(dq, dr, size), turns)

    def furthest(self, attacker: Hex, limit: int, within: int = 0) -> tuple[int, int] | None:
        """The window bit and steps of the hex within `limit` steps furthest from `attacker`,
        the first met on equal distance; None when none is further than the start, nor than
        `within` hexes from him."""
        reached = self.reached(limit)
        dq, dr = attacker[0] - self.start[0], attacker[1] - self.start[1]
        hexagon = self.window.hexagon
        floor = max(within, distance(self.start, attacker))
        size = distance(self.start, attacker) + limit  # no hex within `limit` is further
        while size > floor and not reached & ~hexagon(dq, dr, size - 1):
            size -= 1
        return None if size == floor else self.first_met(reached & ~hexagon(dq, dr, size - 1))

    def in_search_order(self) -> list[tuple[Hex, int]]:
        """Every hex reached with its steps, in the order the breadth-first search meets them
        (`first_met`'s words, all of them: for tests and debugging, not for play)."""
        words: dict[int, tuple[int, ...]] = {self.window.centre: ()}
        offsets = self.window.offsets
        for previous, layer in zip(self.layers, self.layers[1:], strict=False):
            onward = previous & ~self.stops
            for index in self.window.indices(layer):
                words[index] = min(words[index - step] + (turn,) for turn, step in enumerate(offsets)
                                   if onward >> (index - step) & 1)
        ranked = sorted(words, key=lambda index: (len(words[index]), words[index]))
        return [(self.hex_at(index), len(words[index])) for index in ranked]
