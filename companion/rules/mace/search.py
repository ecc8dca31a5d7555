"""Where a Momentum Boost or a Dodge is worth listing: of the hexes a move reaches (`reach`),
the few `legal_responses` names.

For each move limit, a Boost lists each first step, each hex in an opponent's Reach and the hex
nearest to each opponent (MCD1, C2); a Dodge each first step and the hex furthest from the
attacker. On equal distance, the hex the breadth-first search meets first. Listing every hex
would be hundreds of lines; any other hex may still be played (`legal_extras` maps them).

Most picks lie on the straight path towards the opponent (away from the attacker) and are read
off it (`_straight_towards`, `_straight_away`); where it is blocked, `Reach` searches the rings
around him, once per distance. `tests/rules/mace/test_boost_search.py` and `test_dodge_search.py`
hold the exhaustive searches and check they agree.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Sequence

from companion.rules.mace.hexgrid import Hex, distance, split
from companion.rules.mace.reach import Reach

# Packed hexes and `Room`: the search as `hexgrid.moves` gives it, for tests and debugging.
_W = 1 << 12  # wider than twice any coordinate a move reaches (999 + 14)
_HALF = _W >> 1


def pack(hex_: Hex) -> int:
    """A hex as one int, the key of `Room.order`."""
    return hex_[0] * _W + hex_[1]


def unpack(key: int) -> Hex:
    q = (key + _HALF) // _W
    return (q, key - q * _W)


class Room:
    """A `Reach` seen as `hexgrid.moves` sees a move: `order` has every hex reached, `pack`ed,
    in the order the search meets them, with its steps. For tests and debugging."""

    def __init__(self, space: Reach) -> None:
        self.space = space
        self.order = {pack(hex_): steps for hex_, steps in space.in_search_order()}

    def steps(self, key: int) -> int:
        return self.order[key]

    def within(self, key: int, limit: int) -> bool:
        return self.order.get(key, limit + 1) <= limit


def room(start: Hex, limit: int, occupied: Collection[Hex], zone: Collection[Hex],
         radius: int) -> Room:
    """As `hexgrid.moves` (into, not through, the zone; never onto an occupied hex; inside the
    ring)."""
    return Room(Reach(start, occupied, zone, radius, limit))


def nearest(space: Room, start: Hex, opponent: Hex, limit: int) -> int:
    """`Reach.nearest` as a packed hex."""
    assert start == space.space.start
    found = space.space.nearest(opponent, limit)
    assert found is not None
    return pack(space.space.hex_at(found[0]))


def _straight_towards(space: Reach, opponent: Hex, top: int) -> list[int]:
    """The window bits of the hexes 1, 2, ... steps along the path towards the opponent that the
    search meets first at each distance, for as long as that path is open.

    Every shortest path mixes two neighbouring directions; the first met at a distance takes
    the lower-numbered one as far as it goes, then the other (`Reach.first_met`: the smallest
    word). Where that path is blocked, or runs into a Reach it may not leave (C2), `nearest`
    settles the rest."""
    a, b, m, n = split(space.start, opponent)
    if b < a:
        a, b, m, n = b, a, n, m
    offsets = space.window.offsets
    here = space.window.centre
    found: list[int] = []
    for turn in [a] * m + [b] * n:
        steps = len(found) + 1
        if steps > top or steps >= len(space.layers) or (found and space.stops >> here & 1):
            break
        here += offsets[turn]
        if not space.layers[steps] >> here & 1:
            break  # occupied, off the ring, or behind a Reach: `nearest` settles the rest
        found.append(here)
    return found


def _nearest_by_limit(space: Reach, opponent: Hex, limits: list[int]) -> list[tuple[int, int] | None]:
    """For each limit (ascending), the window bit and steps of the hex nearest to the opponent,
    or None where that is a hex of his Reach (listed anyway) or the start.

    Nearest at the same distance as for the limit before, it is the same hex: the hexes a larger
    limit adds come later in the search. So once the straight path has run out, the rings around
    him are searched only as far as the distance found before."""
    gap = distance(space.start, opponent)
    index = space.bit(opponent)
    his_reach = space.window.spread(1 << index) if index >= 0 else 0
    reach_steps = next((k for k, reached in enumerate(space.upto) if reached & his_reach), limits[-1] + 1)
    straight = _straight_towards(space, opponent, min(limits[-1], gap - 2))
    found: list[tuple[int, int] | None] = []
    answer: tuple[int, int] | None = None
    size = 0  # the distance of `answer` from him (0: none yet)
    for limit in limits:
        if limit >= reach_steps:
            answer = None
        elif limit <= len(straight):
            answer, size = (straight[limit - 1], limit), gap - limit
        else:
            nearer = space.nearest(opponent, limit, size)
            if nearer is not None:
                answer, size = nearer, distance(space.hex_at(nearer[0]), opponent)
        found.append(answer if answer is None or answer[1] else None)
    return found


def boost_destinations(start: Hex, opponents: Sequence[Hex], radius: int,
                       limits: Collection[int]) -> dict[int, list[tuple[Hex, int]]]:
    """For each move limit, the notable destinations of a Momentum Boost with their steps,
    sorted: each first step, each hex in an opponent's Reach, and the hex nearest to each
    opponent (MCD1, C2)."""
    ascending = sorted(limits)
    if not ascending:
        return {}
    space = Reach(start, opponents, None, radius, ascending[-1])
    # listed[k]: the first steps and the hexes of Reach met k steps out, listed for every limit
    # from k on (a move stops in Reach, C2: `stops` holds the Reach the search meets).
    listed = [[(space.hex_at(i), steps) for i in space.window.indices(layer if steps == 1 else layer & space.stops)]
              for steps, layer in enumerate(space.layers)]
    nearest = [_nearest_by_limit(space, o, ascending) for o in opponents]
    return _per_limit(space, ascending, listed, nearest)


def _straight_away(space: Reach, attacker: Hex, top: int) -> list[int]:
    """The window bits of the hexes 1, 2, ... steps straight away from the attacker that the
    search meets first among the furthest from him, for as long as that line is open.

    A hex is as far as can be when every step of its path leads away from him: in the one or two
    directions his line to the start runs in, or next to the one (every path to a hex so placed
    uses only those). The first met takes the lowest-numbered of them all the way (the smallest
    word, `Reach.first_met`); where that line is blocked or leaves the ring, `Reach.furthest`
    settles the rest."""
    a, b, m, n = split(attacker, space.start)
    if m and n:
        away = min(a, b)
    else:
        axis = a if m else b
        away = min(axis, (axis + 1) % 6, (axis + 5) % 6)
    step = space.window.offsets[away]
    here = space.window.centre
    found: list[int] = []
    while len(found) < min(top, len(space.layers) - 1):
        here += step
        if not space.layers[len(found) + 1] >> here & 1:
            break  # occupied or off the ring: `furthest` settles the rest
        found.append(here)
    return found


def dodge_destinations(start: Hex, occupied: Collection[Hex], attacker: Hex, radius: int,
                       limits: Collection[int]) -> dict[int, list[Hex]]:
    """For each move limit, the notable destinations of a Dodge, sorted: each first step and the
    hex furthest from the attacker. A Dodge's move ignores Reach (C2) but never enters an
    occupied hex (MCD1), as `combat.dodge_room` checks it."""
    ascending = sorted(limits)
    if not ascending:
        return {}
    space = Reach(start, occupied, (), radius, ascending[-1])
    first_steps = space.layers[1] if len(space.layers) > 1 else 0
    listed = [[], [(space.hex_at(i), 1) for i in space.window.indices(first_steps)]]
    straight = _straight_away(space, attacker, ascending[-1])
    gap = distance(start, attacker)
    furthest: list[tuple[int, int] | None] = []
    answer: tuple[int, int] | None = None
    size = 0  # the distance of `answer` from him (0: none yet)
    for limit in ascending:
        if limit <= len(straight):
            answer, size = (straight[limit - 1], limit), gap + limit
        else:
            # As far as for the limit before: the same hex (see `_nearest_by_limit`).
            further = space.furthest(attacker, limit, size)
            if further is not None:
                answer, size = further, distance(space.hex_at(further[0]), attacker)
        furthest.append(answer)
    return {limit: [hex_ for hex_, _ in found]
            for limit, found in _per_limit(space, ascending, listed, [furthest]).items()}


def _per_limit(space: Reach, ascending: list[int], listed: list[list[tuple[Hex, int]]],
               picks: list[list[tuple[int, int] | None]]) -> dict[int, list[tuple[Hex, int]]]:
    """For each limit, the hexes of `listed` up to it and its picks (window bits and steps), as
    (hex, steps), sorted and each once."""
    found: dict[int, list[tuple[Hex, int]]] = {}
    always: list[tuple[Hex, int]] = []
    layers_in = 0
    for n, limit in enumerate(ascending):
        grew = False
        while layers_in <= min(limit, len(listed) - 1):
            always += listed[layers_in]
            grew = grew or bool(listed[layers_in])
            layers_in += 1
        if grew:
            always.sort()
        chosen = always.copy()
        for answers in picks:
            answer = answers[n]
            if answer is None:
                continue
            pick = (space.hex_at(answer[0]), answer[1])
            place = bisect_left(chosen, pick)
            if place == len(chosen) or chosen[place] != pick:
                chosen.insert(place, pick)
        found[limit] = chosen
    return found
