"""The Momentum Boost destinations `legal_responses` lists come from a narrowed search (only the
hexes on the shortest lines towards each opponent, rings around him when blocked). Over states from
random play, with and without a ring, it must list exactly what measuring every reachable hex
against every opponent lists, in the same order."""

from __future__ import annotations

import random

import pytest

from companion.rules.mace import RULESET, search
from companion.rules.mace import cards as mc
from companion.rules.mace.engine import boost_room
from companion.rules.mace.hexgrid import Hex, distance, format_hex, moves, neighbours, reach_of
from companion.rules.mace.legal import legal_responses
from companion.rules.mace.state import Boost, MaceState, Phase
from companion.rules.mace.table import unseen
from companion.rules.match import Match
from companion.rules.model import LegalResponse


def exhaustive_picks(room: dict[Hex, int], start: Hex, opponents: list[Hex],
                     limits: set[int]) -> dict[int, list[Hex]]:
    """The search as it was: every reachable hex measured against every opponent."""
    zone = {h for o in opponents for h in neighbours(o)}
    steps_out = {h for h in neighbours(start) if h in room}
    best: list[tuple[int, Hex] | None] = [None] * len(opponents)
    picked: set[Hex] = set()
    found: dict[int, list[Hex]] = {}
    items = list(room.items())
    index = 0
    for limit in sorted(limits):
        while index < len(items) and items[index][1] <= limit:
            hex_ = items[index][0]
            if hex_ in zone or hex_ in steps_out:
                picked.add(hex_)
            for n, opponent in enumerate(opponents):
                gap = distance(hex_, opponent)
                current = best[n]
                if current is None or gap < current[0]:
                    best[n] = (gap, hex_)
            index += 1
        chosen = picked | {b[1] for b in best if b is not None}
        chosen.discard(start)
        found[limit] = sorted(chosen)
    return found


def exhaustive_boosts(state: MaceState) -> list[LegalResponse]:
    seat = state.active
    fighter = state.fighters[seat]
    old = mc.card(fighter.momentum or "").value or 0
    cards = [(c, mc.card(c).value) for c in unseen(state) if not mc.card(c).joker]
    limits = {abs((value or 0) - old) for _, value in cards} - {0}
    room = boost_room(state, seat, max(limits, default=0))
    opponents = [state.fighters[s].hex for s in state.in_combat() if s != seat]
    picks = exhaustive_picks(room, fighter.hex, opponents, limits)
    found = []
    values_done: set[int] = set()
    for card_id, value in cards:
        allowed = abs((value or 0) - old)
        why = f"replaces Momentum {mc.code(fighter.momentum or '')} ({old}); moves up to {allowed}"
        found.append(LegalResponse(Boost(seat, card_id), "MACE Momentum Boost", why,
                                   "stays put; the turn order changes next round (C5)"))
        if value in values_done or allowed == 0:
            continue
        values_done.add(value or 0)
        for hex_ in picks[allowed]:
            found.append(LegalResponse(Boost(seat, card_id, hex_), "MACE Momentum Boost", why,
                                       f"moves to {format_hex(hex_)} ({room[hex_]} hex(es); into "
                                       "but not through Reach, C2)"))
    return found


def turn_states(players: int, options: dict[str, int], seeds: range) -> list[MaceState]:
    setup = RULESET.make_setup(["Ann", "Ben", "Cal", "Dee"][:players], options)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(setup)
        while not match.outcome().finished:
            state = match.rules_state
            if state.phase is Phase.TURN and not state.boost_used:
                found.append(state)
            match.push(rng.choice(match.legal_responses()).action)
    return found


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}),
                                                  (4, {"ring-radius": 3}), (3, {"ring-radius": 4})])
def test_the_narrowed_boost_search_lists_what_the_exhaustive_one_did(players: int,
                                                                     options: dict[str, int]) -> None:
    states = turn_states(players, options, range(6))
    assert len(states) > 100
    for state in states:
        fast = [r for r in legal_responses(state) if isinstance(r.action, Boost)]
        assert fast == exhaustive_boosts(state), RULESET.summary(state, RULESET.make_setup(
            state.names, options))


def test_the_packed_search_reaches_the_same_hexes_in_the_same_order_as_moves() -> None:
    rng = random.Random(3)
    for _ in range(300):
        start: Hex = (rng.randint(-4, 4), rng.randint(-4, 4))
        others = [(rng.randint(-5, 5), rng.randint(-5, 5)) for _ in range(rng.randint(1, 3))]
        others = [o for o in others if o != start]
        radius = rng.choice([0, 0, 6, 9])
        if radius and any(distance(h, (0, 0)) > radius for h in [start, *others]):
            continue
        limit = rng.randint(0, 13)
        expected = moves(start, limit, set(others), reach_of(others), radius)
        space = search.room(start, limit, others, reach_of(others), radius)
        assert [search.unpack(k) for k in space.order] == list(expected)
        assert {search.unpack(k): space.steps(k) for k in space.order} == expected


def test_a_blocked_line_falls_back_to_the_rings_around_the_opponent() -> None:
    # Ben stands between Ann and Cal: the straight line from Ann towards Cal is closed, yet the
    # hex a 3-hex Boost brings nearest to Cal is still found, as the exhaustive search finds it.
    start, ben, cal = (0, 0), (2, 0), (6, 0)
    others = [ben, cal]
    room = moves(start, 3, set(others), reach_of(others), 0)
    space = search.room(start, 3, others, reach_of(others), 0)
    assert not space.within(search.pack((3, 0)), 3)  # the one hex 3 from Cal is out of reach
    assert search.unpack(search.nearest(space, start, cal, 3)) == (1, 0)  # 5 from Cal
    fast = search.boost_destinations(start, others, 0, {3})
    assert [h for h, _ in fast[3]] == exhaustive_picks(room, start, others, {3})[3]


def test_the_narrowed_search_agrees_on_scattered_positions_near_and_far() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        start: Hex = (rng.randint(-3, 3), rng.randint(-3, 3))
        spread = rng.choice([3, 6, 12, 18])
        others = list({(rng.randint(-spread, spread), rng.randint(-spread, spread))
                       for _ in range(rng.randint(1, 3))} - {start})
        radius = rng.choice([0, 0, 0, 8, 14])
        if not others or (radius and any(distance(h, (0, 0)) > radius for h in [start, *others])):
            continue
        limits = set(rng.sample(range(1, 13), rng.randint(1, 8)))
        room = moves(start, max(limits), set(others), reach_of(others), radius)
        expected = exhaustive_picks(room, start, others, limits)
        fast = search.boost_destinations(start, others, radius, limits)
        for limit in limits:
            assert fast[limit] == [(h, room[h]) for h in expected[limit]], (start, others, radius)
        checked += 1
    assert checked > 250
