"""`legal_responses` lists exactly what it listed before the speed work of issue 17, line for line
and in the same order, at every position of seeded random matches of 2, 3 and 4 fighters (with a
ring, knockback rounded up, and Charges placed unseen, MCD12-MCD14). See `golden.py`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.mace.golden import EXTRAS_EVERY, FIXTURE, Game, digest, extras_digest, games, load, positions

RECORDED = load()


def test_the_fixture_covers_every_game_and_stays_small() -> None:
    assert [Game(g["players"], g["seed"], g["options"], g["unseen_charges"]) for g in RECORDED] == games()
    assert FIXTURE.stat().st_size < 1_000_000
    assert sum(len(g["digests"]) for g in RECORDED) > 5000
    # The unseen-Charge games do reach Blasts that name such a Charge (MCD13).
    assert any("MCD13" in line for g in RECORDED for lines in g["samples"].values() for line in lines)


@pytest.mark.parametrize("recorded", RECORDED,
                         ids=lambda g: f"{g['players']}p-seed{g['seed']}-{'-'.join(map(str, g['options'].values()))}")
def test_legal_responses_list_what_they_listed_before(recorded: dict[str, Any]) -> None:
    game = Game(recorded["players"], recorded["seed"], recorded["options"], recorded["unseen_charges"])
    count = 0
    for index, (state, lines) in enumerate(positions(game)):
        assert index < len(recorded["digests"]), "the match went on past where it ended"
        sample = recorded["samples"].get(str(index))
        if sample is not None:
            assert lines == sample, f"position {index}"
        assert digest(lines) == recorded["digests"][index], f"position {index}: {lines}"
        if index % EXTRAS_EVERY == 0:
            assert extras_digest(state) == recorded["extras"][index // EXTRAS_EVERY], \
                f"position {index}: legal_extras"
        count += 1
    assert count == len(recorded["digests"]), "the match ended early"
