"""Where a Momentum Boost is worth listing, found without measuring every reachable hex.

`legal_responses` lists, for each move limit, each first step, each hex in an opponent's Reach and
the reachable hex nearest to each opponent (on equal distance, the first one a breadth-first search
meets). A Boost of 12 reaches some 470 hexes, and measuring each against every opponent was most
of a four-fighter `legal_responses`. Now the search runs only as far as the opponents' Reach it
can meet; a hex can be no nearer an opponent than his distance less the limit, and the hexes that
close lie on the shortest paths towards him, which are walked directly (`_ahead`); only when those
are blocked does the search grow and the rings around him get checked, outwards.
`tests/rules/mace/test_boost_search.py` holds the exhaustive search and checks they agree.

Hexes are packed into one int (q * _W + r) while searching: adding ints is much cheaper than
building tuples, and the search visits hundreds of hexes per call."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Sequence
from itertools import islice

from companion.rules.mace.hexgrid import DIRECTIONS, Hex, distance, neighbours, on_grid

_W = 1 << 12  # wider than twice any coordinate a move reaches (999 + 14)
_HALF = _W >> 1
_OFFSETS = tuple(dq * _W + dr for dq, dr in DIRECTIONS)


def pack(hex_: Hex) -> int:
    return hex_[0] * _W + hex_[1]


def unpack(key: int) -> Hex:
    q = (key + _HALF) // _W
    return (q, key - q * _W)


class Room:
    """The hexes a move reaches, in breadth-first order (the order `hexgrid.moves` gives), searched
    layer by layer only as deep as asked: a working value of one `legal_responses` call, never
    part of a state."""

    def __init__(self, start: Hex, occupied: Collection[Hex], zone: Collection[Hex],
                 radius: int) -> None:
        self.first = pack(start)
        self.order = {self.first: 0}  # packed hex -> its place in breadth-first order
        self.ends = [1]  # ends[k]: how many hexes are at most k steps away
        self._seen = {pack(h) for h in occupied} | {self.first}
        self._stops = {pack(h) for h in zone} - {self.first}
        self._radius = radius
        self._frontier = [self.first]

    def steps(self, key: int) -> int:
        return bisect_right(self.ends, self.order[key])

    def within(self, key: int, limit: int) -> bool:
        place = self.order.get(key)
        return place is not None and place < self.ends[min(limit, len(self.ends) - 1)]

    def grow(self, depth: int, until: Collection[int] | None = None) -> Room:
        """Search on to `depth` steps, or only until every hex of `until` is met (after the first
        steps, which are always listed)."""
        order, seen, stops, radius = self.order, self._seen, self._stops, self._radius
        a, b, c, d, e, f = _OFFSETS
        while len(self.ends) <= depth and self._frontier:
            if until is not None and len(self.ends) > 1 and all(k in order for k in until):
                break
            layer: list[int] = []
            for here in self._frontier:
                if here in stops:
                    continue  # C2: a move may end in opposing Reach but not go on out of it
                for nxt in (here + a, here + b, here + c, here + d, here + e, here + f):
                    if nxt in seen or (radius > 0 and not _inside(nxt, radius)):
                        continue  # one membership test per neighbour: this loop is the hot spot
                    seen.add(nxt)
                    order[nxt] = len(order)
                    layer.append(nxt)
            self._frontier = layer
            if layer:
                self.ends.append(len(order))
        return self


def room(start: Hex, limit: int, occupied: Collection[Hex], zone: Collection[Hex],
         radius: int) -> Room:
    """As `hexgrid.moves` (into, not through, the zone; never onto an occupied hex; inside the
    ring)."""
    return Room(start, occupied, zone, radius).grow(limit)


def _inside(key: int, radius: int) -> bool:
    q, r = unpack(key)
    return (abs(q) + abs(r) + abs(q + r)) >> 1 <= radius


def _split(start: Hex, goal: Hex) -> tuple[Hex, Hex, int, int]:
    """goal - start as m steps of one direction and n of the next (every shortest path mixes
    those two, MCD11's hex line among them)."""
    dq, dr = goal[0] - start[0], goal[1] - start[1]
    for k, (p1, q1) in enumerate(DIRECTIONS):
        p2, q2 = DIRECTIONS[(k + 1) % 6]
        det = p1 * q2 - p2 * q1
        m, n = (dq * q2 - dr * p2) // det, (p1 * dr - q1 * dq) // det
        if m >= 0 and n >= 0 and m * p1 + n * p2 == dq and m * q1 + n * q2 == dr:
            return (p1, q1), (p2, q2), m, n
    return DIRECTIONS[0], DIRECTIONS[1], 0, 0  # goal == start


def _ring(centre: Hex, radius: int) -> list[int]:
    q, r = centre[0] + DIRECTIONS[4][0] * radius, centre[1] + DIRECTIONS[4][1] * radius
    found = []
    for dq, dr in DIRECTIONS:
        for _ in range(radius):
            found.append(q * _W + r)
            q, r = q + dq, r + dr
    return found


def nearest(space: Room, start: Hex, opponent: Hex, limit: int,
            split: tuple[Hex, Hex, int, int] | None = None) -> int:
    """The hex within `limit` steps nearest to `opponent`, the first met on equal distance."""
    gap = distance(start, opponent)
    floor = max(1, gap - limit)  # a hex `limit` steps out is at least this close
    if floor == gap - limit:
        # Only hexes exactly `limit` steps along a shortest path towards him are that close.
        (p1, q1), (p2, q2), m, n = split or _split(start, opponent)
        q0, r0 = start[0] + limit * p2, start[1] + limit * q2
        candidates = [(q0 + i * (p1 - p2)) * _W + r0 + i * (q1 - q2)
                      for i in range(max(0, limit - n), min(m, limit) + 1)]
    else:
        candidates = _ring(opponent, 1)
    order = space.order
    bound = space.ends[min(limit, len(space.ends) - 1)]
    while True:
        found = [place for place in map(order.get, candidates) if place is not None and place < bound]
        if found:
            place = min(found)
            return next(k for k in candidates if order.get(k) == place)
        floor += 1  # blocked: the next ring out (the start itself ends the search at `gap`)
        candidates = _ring(opponent, floor)


def _ahead(start: Hex, opponent: Hex, top: int, blocked: set[Hex], stops: set[Hex],
           radius: int) -> dict[int, Hex]:
    """For each limit up to `top`, the hex exactly that many steps along a shortest path towards
    the opponent that a breadth-first search meets first, where one is reachable.

    Every shortest path mixes two neighbouring directions, so these hexes and the paths to them
    fill a parallelogram: walked diagonal by diagonal, a hex is reached from a reached hex before
    it that a move may go on from (not an opposing Reach, C2). The search meets hexes of one
    distance in the order of the hexes it came from, then of the direction taken: so each hex's
    path of direction numbers, compared as words, is its place in the search (`moves`' order).
    """
    (p1, q1), (p2, q2), m, n = _split(start, opponent)
    turns = (DIRECTIONS.index((p1, q1)), DIRECTIONS.index((p2, q2)))
    paths: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): ()}
    onward = {(0, 0)}  # reached hexes a move may go on from (the start always)
    found: dict[int, Hex] = {}
    for total in range(1, top + 1):
        best: tuple[tuple[int, ...], Hex] | None = None
        for i in range(max(0, total - n), min(m, total) + 1):
            j = total - i
            hex_ = (start[0] + i * p1 + j * p2, start[1] + i * q1 + j * q2)
            if hex_ in blocked or (radius > 0 and not on_grid(hex_, radius)):
                continue
            ways = [paths[cell] + (turn,) for cell, turn in (((i - 1, j), turns[0]),
                                                             ((i, j - 1), turns[1]))
                    if cell in onward]
            if not ways:
                continue
            path = paths[(i, j)] = min(ways)
            if hex_ not in stops:
                onward.add((i, j))
            if best is None or path < best[0]:
                best = (path, hex_)
        if best is not None:
            found[total] = best[1]
        elif not onward.intersection((i, total - i) for i in range(total + 1)):
            break  # nothing further along can be reached either
    return found


def boost_destinations(start: Hex, opponents: Sequence[Hex], radius: int,
                       limits: Collection[int]) -> dict[int, list[tuple[Hex, int]]]:
    """For each move limit, the notable destinations of a Momentum Boost with their steps,
    sorted: each first step, each hex in an opponent's Reach, and the hex nearest to each
    opponent (MCD1, C2).

    The breadth-first search runs only as far as the hexes of Reach that a limit may reach. An
    opponent with a hex of his Reach within the limit is nearest there, a hex listed already (the
    start is never listed). An opponent further than the limit is nearest at a hex along a shortest
    path towards him (`_ahead`); only if all those are blocked is the full search needed.
    """
    top = max(limits, default=0)
    zone = {(o[0] + dq, o[1] + dr) for o in opponents for dq, dr in DIRECTIONS}
    taken = set(opponents)
    gaps = [distance(start, o) for o in opponents]

    walls = zone | taken

    def can_meet(hex_: Hex) -> bool:
        # A hex of Reach further than the limit cannot be met, nor one walled in by other Reach
        # and fighters (a move may not go on out of Reach); off the ring neither.
        q, r = hex_
        dq, dr = q - start[0], r - start[1]
        gap = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        return gap <= top and hex_ not in taken and on_grid(hex_, radius) and (gap == 1 or any(
            (q + a, r + b) not in walls for a, b in DIRECTIONS))

    wanted = [[h for h in neighbours(o) if can_meet(h)] for o in opponents]
    # An opponent whose Reach a limit may reach yet none of it can be met may be nearest anywhere.
    early = all(hexes or gap - 1 > top for hexes, gap in zip(wanted, gaps, strict=True))
    space = Room(start, opponents, zone, radius)
    space.grow(top, [pack(h) for hexes in wanted for h in hexes] if early else None)
    order, ends = space.order, space.ends
    last = len(ends) - 1
    first = pack(start)
    reach = [[pack(h) for h in neighbours(o)] for o in opponents]
    # Per opponent, the first place of his Reach in the room: within a limit, nothing to search.
    reach_first = [min((order[k] for k in keys if k in order), default=len(order)) for keys in reach]
    aheads = [_ahead(start, o, min(top, gap - 2), taken, zone, radius)
              for o, gap in zip(opponents, gaps, strict=True)]
    met = sorted((order[k], k) for k in {k for keys in reach for k in keys} if k in order and k != first)
    met_places = [place for place, _ in met]
    steps_out = list(islice(order, 1, ends[min(1, last)]))
    entries: dict[int, tuple[Hex, int]] = {}  # the same hexes recur from limit to limit

    def entry(key: int) -> tuple[Hex, int]:
        found = entries.get(key)
        if found is None:
            found = entries[key] = (unpack(key), bisect_right(ends, order[key]))
        return found

    picks: dict[int, list[tuple[Hex, int]]] = {}
    for limit in sorted(limits):
        bound = ends[min(limit, last)]
        chosen = set(map(entry, steps_out))
        chosen.update(entry(key) for _, key in met[:bisect_left(met_places, bound)])
        for n, opponent in enumerate(opponents):
            if reach_first[n] < bound:
                continue
            if limit < gaps[n] - 1 and limit in aheads[n]:
                chosen.add((aheads[n][limit], limit))
                continue
            # A shortest path is blocked (or he is within the limit): the search, grown as deep.
            key = nearest(space.grow(limit), start, opponent, limit, _split(start, opponent))
            chosen.add((unpack(key), space.steps(key)))
        chosen.discard((start, 0))
        picks[limit] = sorted(chosen)
    return picks
