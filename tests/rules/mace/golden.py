"""Golden legal responses: seeded random MACE matches, and what `legal_responses` listed at every
position of them, recorded once from code known to be right.

Speed work on `legal_responses` (issue 17) must not change a single line it lists nor their order.
`test_legal_golden.py` replays the same seeds and compares. A position is kept as a digest of its
whole list (every third one also of `legal_extras`), and every `SAMPLE_EVERY`-th position also in full, so that a
failure shows the lines that changed, not only that something did, while the file stays small.

Regenerate only when a rule is meant to change what is listed (then say so in the commit):

    .venv/bin/python -m tests.rules.mace.golden
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.rules.mace import RULESET
from companion.rules.mace.state import ChargeUp, MaceState
from companion.rules.model import LegalResponse

FIXTURE = Path(__file__).parent / "fixtures" / "legal_golden.json.gz"
SAMPLE_EVERY = 23  # a prime, so the sampled positions fall on every phase in turn
EXTRAS_EVERY = 3  # `legal_extras` searches 14 hexes out each time: every third position is plenty
MAX_STEPS = 3000
NAMES = ("Ann", "Ben", "Cal", "Dee")


@dataclass(frozen=True)
class Game:
    """One seeded random match. `unseen_charges`: whenever a Charge may be placed unseen (MCD12),
    it is, half of the time; plain random play picks that one line among hundreds too rarely to
    reach the Blasts and losses that name such Charges (MCD13, MCD14)."""

    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    unseen_charges: bool = False

    def as_data(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "options": self.options,
                "unseen_charges": self.unseen_charges}


def games() -> list[Game]:
    found: list[Game] = []
    for players in (2, 3, 4):
        found += [Game(players, seed) for seed in range(14)]
        found += [Game(players, seed, unseen_charges=True) for seed in range(100, 108)]
        found += [Game(players, seed, {"ring-radius": 4}) for seed in range(200, 204)]
        found += [Game(players, seed, {"ring-radius": 6, "start-radius": 3}) for seed in range(300, 302)]
        found += [Game(players, seed, {"knockback-rounding": "up"}, True) for seed in range(400, 402)]
    return found


def response_line(response: LegalResponse) -> str:
    """Everything a response carries, in one line: the action with its fields, the ruling, why
    and what follows."""
    return f"{response.action!r} | {response.ruling} | {response.why} | {response.consequence}"


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def extras_digest(state: MaceState) -> str:
    return digest([json.dumps(RULESET.legal_extras(state), sort_keys=True)])


def positions(game: Game) -> Iterator[tuple[MaceState, list[str]]]:
    """Every position of the match with the lines listed there, the match played by choosing
    among those with the game's seeded generator."""
    rng = random.Random(game.seed)
    setup = RULESET.make_setup(list(NAMES[:game.players]), game.options)
    state = RULESET.initial_state(setup)
    for _ in range(MAX_STEPS):
        if RULESET.outcome(state).finished:
            return
        responses = RULESET.legal_responses(state)
        yield state, [response_line(r) for r in responses]
        unseen = [r for r in responses if isinstance(r.action, ChargeUp) and r.action.card is None]
        placed_unseen = game.unseen_charges and unseen and rng.random() < 0.5
        chosen = unseen[0] if placed_unseen else rng.choice(responses)
        state, _ = RULESET.apply(state, chosen.action)


def record(game: Game) -> dict[str, Any]:
    digests: list[str] = []
    extras: list[str] = []
    samples: dict[str, list[str]] = {}
    for index, (state, lines) in enumerate(positions(game)):
        digests.append(digest(lines))
        if index % EXTRAS_EVERY == 0:
            extras.append(extras_digest(state))
        if index % SAMPLE_EVERY == 0:
            samples[str(index)] = lines
    return {**game.as_data(), "digests": digests, "extras": extras, "samples": samples}


def load() -> list[dict[str, Any]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as file:
        data: list[dict[str, Any]] = json.load(file)["games"]
    return data


def write() -> None:
    data = {"about": "tests/rules/mace/golden.py", "games": [record(g) for g in games()]}
    text = json.dumps(data, separators=(",", ":")).encode()
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))  # the same bytes each time


if __name__ == "__main__":
    write()
    recorded = load()
    print(f"{FIXTURE}: {FIXTURE.stat().st_size} bytes, {len(recorded)} games, "
          f"{sum(len(g['digests']) for g in recorded)} positions")
