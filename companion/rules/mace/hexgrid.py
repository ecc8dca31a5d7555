"""The hex grid in axial coordinates (C2): Reach, distance, hex lines and legal moves.

A hex is (q, r). The grid is unbounded unless a ring radius is set (radius 0 means unbounded).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Collection, Iterable

from companion.rules.errors import MalformedAction
from companion.rules.numbers import whole_number

Hex = tuple[int, int]
ORIGIN: Hex = (0, 0)
# Clockwise from "east"; ring corners for the start follow this order.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
MAX_COORDINATE = 999  # far beyond any ring a table holds
_HEX_TEXT = re.compile(r"^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$")


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    """A fighter's Reach: the six hexes around him (C2)."""
    return tuple(add(hex_, d) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def split(start: Hex, goal: Hex) -> tuple[int, int, int, int]:
    """goal - start as m steps in direction number a and n in the next one, b = a + 1 (mod 6):
    (a, b, m, n). Every shortest path from start to goal mixes just those two (MCD11's hex line
    among them)."""
    dq, dr = goal[0] - start[0], goal[1] - start[1]
    for a, (p1, q1) in enumerate(DIRECTIONS):
        b = (a + 1) % 6
        p2, q2 = DIRECTIONS[b]
        det = p1 * q2 - p2 * q1
        m, n = (dq * q2 - dr * p2) // det, (p1 * dr - q1 * dq) // det
        if m >= 0 and n >= 0 and m * p1 + n * p2 == dq and m * q1 + n * q2 == dr:
            return a, b, m, n
    return 0, 1, 0, 0  # goal == start


def on_grid(hex_: Hex, radius: int) -> bool:
    return radius <= 0 or distance(hex_, ORIGIN) <= radius


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def line_beyond(source: Hex, target: Hex, steps: int) -> list[Hex]:
    """The next `steps` hexes on the hex line from `source` through `target`, beyond it (C3)."""
    span = distance(source, target)
    if span == 0 or steps <= 0:
        return []
    dq, dr = target[0] - source[0], target[1] - source[1]
    # A tiny nudge settles lines that run exactly along hex edges the same way every time.
    q0, r0 = source[0] + 1e-6, source[1] + 2e-6
    found: list[Hex] = []
    for k in range(1, steps + 1):
        t = (span + k) / span
        found.append(_round(q0 + dq * t, r0 + dr * t))
    return found


def ring_corners(radius: int) -> tuple[Hex, ...]:
    return tuple((d[0] * radius, d[1] * radius) for d in DIRECTIONS)


def moves(
    start: Hex,
    limit: int,
    occupied: Collection[Hex],
    zone: Collection[Hex],
    radius: int,
) -> dict[Hex, int]:
    """Every hex within `limit` steps and the fewest steps to it.

    No move enters an occupied hex. A path may end in a hex of `zone` (opposing Reach) but never
    continues out of one (C2: into, not through); the starting hex does not count (MCD1). Pass an
    empty zone for a Dodge's move, which C2 exempts.
    """
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        steps = found[here]
        if steps >= limit or (here != start and here in zone):
            continue
        q, r = here
        for dq, dr in DIRECTIONS:
            nxt = (q + dq, r + dr)
            if nxt in found or nxt in occupied or (radius > 0 and not on_grid(nxt, radius)):
                continue
            found[nxt] = steps + 1
            queue.append(nxt)
    return found  # in order of steps, fewest first


def reach_of(hexes: Iterable[Hex]) -> set[Hex]:
    zone: set[Hex] = set()
    for hex_ in hexes:
        zone.update(neighbours(hex_))
    return zone


def format_hex(hex_: Hex) -> str:
    return f"{hex_[0]},{hex_[1]}"


def parse_hex(text: str) -> Hex:
    found = _HEX_TEXT.match(text.strip())
    q = whole_number(found[1], -MAX_COORDINATE, MAX_COORDINATE) if found else None
    r = whole_number(found[2], -MAX_COORDINATE, MAX_COORDINATE) if found else None
    if q is None or r is None:
        raise MalformedAction(f"{text[:40]!r} is not a hex: write q,r (axial), e.g. 1,-2, "
                              f"each from -{MAX_COORDINATE} to {MAX_COORDINATE}")
    return (q, r)
