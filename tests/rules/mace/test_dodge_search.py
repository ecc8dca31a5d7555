"""The Dodge destinations `legal_responses` lists come from the layered search (`reach.Reach`),
straight away from the attacker where that line is open: they must be exactly what walking
`hexgrid.moves` in order and keeping the furthest hex lists (the code before issue 17)."""

from __future__ import annotations

import random

from companion.rules.mace import search
from companion.rules.mace.hexgrid import DIRECTIONS, Hex, distance, moves, neighbours


def walked_picks(start: Hex, occupied: set[Hex], attacker: Hex, radius: int,
                 limits: set[int]) -> dict[int, list[Hex]]:
    """As legal.py listed Dodges before: each step, and the first hex met that is furthest from
    the attacker, found by walking every reachable hex in search order."""
    room = moves(start, max(limits), occupied, (), radius)
    steps_out = {h for h in neighbours(start) if h in room}
    found: dict[int, list[Hex]] = {}
    best: tuple[int, Hex] = (distance(start, attacker), start)
    items = list(room.items())
    index = 0
    for limit in sorted(limits):
        while index < len(items) and items[index][1] <= limit:
            hex_ = items[index][0]
            gap = distance(hex_, attacker)
            if gap > best[0]:
                best = (gap, hex_)
            index += 1
        chosen = {h for h in steps_out if room[h] <= limit} | {best[1]}
        chosen.discard(start)
        found[limit] = sorted(chosen)
    return found


def test_dodges_agree_with_walking_every_hex_near_and_far_in_and_out_of_a_ring() -> None:
    rng = random.Random(17)
    checked = 0
    for _ in range(1500):
        start: Hex = (rng.randint(-3, 3), rng.randint(-3, 3))
        # The attacker is often next to him (a Strike), sometimes far (a Blast), often on a line
        # with him along a hex axis, where more hexes tie for furthest.
        if rng.random() < 0.5:
            dq, dr = rng.choice(DIRECTIONS)
            reach = rng.randint(1, 6)
            attacker = (start[0] - dq * reach, start[1] - dr * reach)
        else:
            attacker = (rng.randint(-8, 8), rng.randint(-8, 8))
        spread = rng.choice([2, 3, 6])
        others = {(start[0] + rng.randint(-spread, spread), start[1] + rng.randint(-spread, spread))
                  for _ in range(rng.randint(0, 3))}
        occupied = (others | {attacker}) - {start}
        radius = rng.choice([0, 0, 0, 4, 6, 9])
        if attacker == start or (radius and any(distance(h, (0, 0)) > radius for h in [start, *occupied])):
            continue
        limits = set(rng.sample(range(1, 13), rng.randint(1, 8)))
        expected = walked_picks(start, occupied, attacker, radius, limits)
        assert search.dodge_destinations(start, occupied, attacker, radius, limits) == expected, \
            (start, occupied, attacker, radius, limits)
        checked += 1
    assert checked > 1000


def test_a_blocked_line_away_falls_back_to_the_search() -> None:
    # Ann dodges Ben's Strike; Cal stands right behind her, on the line straight away from Ben.
    ann, ben, cal = (0, 0), (-1, 0), (1, 0)
    limits = {1, 2, 3}
    assert search.dodge_destinations(ann, {ben, cal}, ben, 0, limits) == walked_picks(ann, {ben, cal}, ben, 0, limits)
