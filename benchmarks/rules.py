"""Rules-core speed: legal_responses and apply (median, p99) over states from random play, and
whole random matches per second, for every registered ruleset.

    python benchmarks/rules.py [--matches N] [--json] [--ruleset ID]

Goal: legal_responses p99 <= 0.5 ms for every ruleset, play mode and player count (a phone CPU is
several times slower than a desktop). Each call is
timed once as met in play (caches as they are), and each state again cold (caches cleared) as the
best of three runs, which keeps the scheduler and GC noise of a busy machine out of the per-state
cost.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.report import Figure, emit, median, percentile
from companion.rules.match import Match
from companion.rules.model import MatchSetup
from companion.rules.registry import all_rulesets

MAX_STEPS = 3000


def random_match(setup: MatchSetup, seed: int) -> tuple[list[Any], list[float], list[float], float]:
    """Play one random legal match, timing each legal_responses and apply call as met in play.

    Returns the states met, the two lists of timings (ms) and the match's time in seconds.
    """
    rng = random.Random(seed)
    ruleset = Match(setup).ruleset
    state = ruleset.initial_state(setup)
    states, legal_ms, apply_ms = [], [], []
    started = time.perf_counter()
    for _ in range(MAX_STEPS):
        if ruleset.outcome(state).finished:
            break
        t0 = time.perf_counter()
        responses = ruleset.legal_responses(state)
        t1 = time.perf_counter()
        action = rng.choice(responses).action
        t2 = time.perf_counter()
        next_state, _ = ruleset.apply(state, action)
        t3 = time.perf_counter()
        states.append(state)
        legal_ms.append((t1 - t0) * 1000)
        apply_ms.append((t3 - t2) * 1000)
        state = next_state
    return states, legal_ms, apply_ms, time.perf_counter() - started


def cold_best_of_three(ruleset: Any, state: Any) -> float:
    runs = []
    for _ in range(3):
        ruleset.clear_caches()
        t0 = time.perf_counter()
        ruleset.legal_responses(state)
        runs.append((time.perf_counter() - t0) * 1000)
    return min(runs)


# Seat counts measured where the default (two up to four) is not enough: Musashi's Challenge seats
# 2-6, and its 6-player legal_responses must stay within 0.5 ms at p99.
SEATS = {"musashi": (2, 6)}
TIGHTER_GOALS = {("musashi", 6): "<= 0.5 ms", ("martial-arts-tcg", 2): "<= 0.5 ms",
                 ("martial-arts-tcg", 10): "<= 0.5 ms"}
# Play modes that are rules options, measured besides the default options.
MODES: dict[str, list[dict[str, str]]] = {}
# Play modes that fix their own seat counts: each (players, options) is measured instead of the range.
SEATED_MODES: dict[str, list[tuple[int, dict[str, str]]]] = {"martial-arts-tcg": [
    (2, {}), (2, {"mode": "anything-goes"}), (4, {"mode": "two-on-two"}), (10, {"mode": "army-of-one"})]}


def seat_counts(ruleset: Any) -> tuple[int, ...]:
    return SEATS.get(ruleset.id, tuple(range(ruleset.players_min, min(ruleset.players_max, 4) + 1)))


def measure(setup: MatchSetup, matches: int) -> list[Figure]:
    ruleset = Match(setup).ruleset
    mode = dict(setup.options).get("mode")
    label = f"{ruleset.id} {len(setup.players)}p" + (f" {mode}" if mode and mode != "normal" else "")
    goal = TIGHTER_GOALS.get((ruleset.id, len(setup.players)), "<= 0.5 ms")
    legal_ms: list[float] = []
    apply_ms: list[float] = []
    cold_ms: list[float] = []
    match_seconds: list[float] = []
    for seed in range(matches):
        states, legal_times, apply_times, seconds = random_match(setup, seed)
        legal_ms += legal_times
        apply_ms += apply_times
        match_seconds.append(seconds)
        cold_ms += [cold_best_of_three(ruleset, state) for state in states]
    return [
        Figure(f"{label} legal_responses median", median(legal_ms), "ms"),
        Figure(f"{label} legal_responses p99", percentile(legal_ms, 0.99), "ms", goal),
        Figure(f"{label} legal_responses p99, cold, best of 3", percentile(cold_ms, 0.99), "ms", goal),
        Figure(f"{label} apply median", median(apply_ms), "ms"),
        Figure(f"{label} apply p99", percentile(apply_ms, 0.99), "ms"),
        Figure(f"{label} random matches per second", len(match_seconds) / sum(match_seconds), "matches/s"),
        Figure(f"{label} states measured", len(legal_ms), "states"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="random matches per ruleset (200)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--ruleset", help="measure only this ruleset (id or alias)")
    args = parser.parse_args(argv)
    for ruleset in all_rulesets():
        if args.ruleset and args.ruleset.casefold() not in (ruleset.id, *ruleset.aliases):
            continue
        for count, options in SEATED_MODES.get(ruleset.id, []):
            names = [f"P{n + 1}" for n in range(count)]
            emit(measure(ruleset.make_setup(names, options), args.matches), args.json)
        if ruleset.id in SEATED_MODES:
            continue
        for count in seat_counts(ruleset):
            names = [f"P{n + 1}" for n in range(count)]
            for options in ({}, *MODES.get(ruleset.id, [])):
                emit(measure(ruleset.make_setup(names, options), args.matches), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
