"""Rules-core speed: legal_responses and apply (median, p99) over states from random play, and
whole random matches per second, for every registered ruleset.

    python benchmarks/rules.py [--matches N] [--json]

Goal: legal_responses p99 <= 1 ms. Each state is timed as met in play (caches as they are), and
again cold (caches cleared) as the best of three runs, which keeps scheduler and GC noise of a busy
machine out of the per-state cost.
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


def random_match(setup: MatchSetup, seed: int) -> tuple[list[Any], list[Any], float]:
    """Play one random legal match; returns the states, the actions taken, and its time in seconds."""
    rng = random.Random(seed)
    ruleset = Match(setup).ruleset
    state = ruleset.initial_state(setup)
    states, actions = [], []
    started = time.perf_counter()
    for _ in range(MAX_STEPS):
        if ruleset.outcome(state).finished:
            break
        responses = ruleset.legal_responses(state)
        action = rng.choice(responses).action
        states.append(state)
        actions.append(action)
        state, _ = ruleset.apply(state, action)
    return states, actions, time.perf_counter() - started


def measure(setup: MatchSetup, matches: int) -> list[Figure]:
    ruleset = Match(setup).ruleset
    label = f"{ruleset.id} {len(setup.players)}p"
    legal_ms, cold_ms, apply_ms, match_seconds = [], [], [], []
    for seed in range(matches):
        states, actions, seconds = random_match(setup, seed)
        match_seconds.append(seconds)
        for state, action in zip(states, actions, strict=True):
            t0 = time.perf_counter()
            ruleset.legal_responses(state)
            t1 = time.perf_counter()
            ruleset.apply(state, action)
            t2 = time.perf_counter()
            legal_ms.append((t1 - t0) * 1000)
            apply_ms.append((t2 - t1) * 1000)
        for state in states:
            runs = []
            for _ in range(3):
                ruleset.clear_caches()
                t3 = time.perf_counter()
                ruleset.legal_responses(state)
                runs.append((time.perf_counter() - t3) * 1000)
            cold_ms.append(min(runs))
    return [
        Figure(f"{label} legal_responses median", median(legal_ms), "ms"),
        Figure(f"{label} legal_responses p99", percentile(legal_ms, 0.99), "ms", "<= 1 ms"),
        Figure(f"{label} legal_responses p99, cold, best of 3", percentile(cold_ms, 0.99), "ms", "<= 1 ms"),
        Figure(f"{label} apply median", median(apply_ms), "ms"),
        Figure(f"{label} apply p99", percentile(apply_ms, 0.99), "ms"),
        Figure(f"{label} random matches per second", len(match_seconds) / sum(match_seconds), "matches/s"),
        Figure(f"{label} states measured", len(legal_ms), "states"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="random matches per ruleset (200)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    for ruleset in all_rulesets():
        for count in range(ruleset.players_min, min(ruleset.players_max, 4) + 1):
            setup = ruleset.make_setup([f"P{n + 1}" for n in range(count)])
            emit(measure(setup, args.matches), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
