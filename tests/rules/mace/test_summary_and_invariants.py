"""What the app's MACE scoreboard reads (summary, explain), and the card count that must hold
through any legal play: deck + discard pile + hands + Momentum + Charges = 54."""

from __future__ import annotations

import random

import pytest

from companion.rules.mace import RULESET
from companion.rules.mace.state import MaceState, Strike
from companion.rules.match import Match
from tests.rules.mace.helpers import act, play, run, table


def cards_accounted(state: MaceState) -> int:
    on_table = sum((f.momentum is not None) + len(f.charges) + f.hand for f in state.fighters)
    return state.deck + len(state.discard) + on_table


def test_the_summary_shows_each_fighters_hex_health_charges_and_state() -> None:
    match = play("Ann: momentum QH", "Ben: momentum 9S", "Cal: momentum 2C",
                 "Ann: charge 8C", "Ann: boost 9H to 0,-1", "Ben: strike 10S at Ann",
                 "Ann: no defence", "Ann: discard QD", players=3)
    summary = match.summary()
    ann, ben, cal = summary["players"]
    assert ann == {"name": "Ann", "hex": [0, 4], "hand": 4, "charges": 0, "momentum": "9H",
                   "knocked_down": True, "knocked_out": False, "forfeited": False}
    assert ben["hex"] == [0, -2] and ben["hand"] == 5 and cal["momentum"] == "2C"
    assert summary["momentum_order"] == ["Ann", "Ben", "Cal"]
    assert summary["next_round_order"] == ["Ann", "Ben", "Cal"]
    assert summary["turn"] == "Ben" and summary["action_used"] is True
    assert summary["discard_top"] == "8C"  # the lost Charge went on top of the discards
    assert summary["to_act"] == ["Ben"]


def test_the_summary_names_the_attack_to_answer() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state, _ = act(state, "Ann", "strike 9S at Ben")
    summary = RULESET.summary(state, RULESET.make_setup(["Ann", "Ben"]))
    assert summary["to_answer"] == "Ann's strike (9)" and summary["phase"] == "defence"


def test_explain_gives_the_ruling_for_a_refused_action() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    refused = RULESET.explain(state, Strike(0, "9h", "Ben"))
    assert not refused.legal and refused.ruling == "MACE Strike"
    for label in ("Ben", "ben", "P2"):
        allowed = RULESET.explain(state, Strike(0, "9s", label))
        assert allowed.legal and allowed.ruling == "MACE Strike" and "in Reach" in allowed.text


def test_knockback_stops_at_the_ring_edge() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"), options={"ring-radius": "3"})
    state, events = run(state, "Ann: strike QS at Ben", "Ben: no defence", "Ben: discard QH")
    assert state.fighters[1].hex == (3, 0)  # 6 hexes of knockback, 2 of them inside the ring
    assert any(e.name == "KnockedBack" and e.stopped for e in events)  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_is_accounted_for_through_random_play(players: int) -> None:
    setup = RULESET.make_setup(["Ann", "Ben", "Cal", "Dee"][:players])
    for seed in range(4):
        rng = random.Random(seed)
        match = Match(setup)
        while not match.outcome().finished:
            match.push(rng.choice(match.legal_responses()).action)
            state = match.rules_state
            assert cards_accounted(state) == 54
            seen = [d.card for d in state.discard if d.card] + [f.momentum for f in state.fighters
                                                                 if f.momentum]
            seen += [c.card for f in state.fighters for c in f.charges if c.card]
            assert len(seen) == len(set(seen))  # no card in two places
            # An unseen Charge (MCD12) is never a card the table shows.
            assert not any(c.could_be & set(seen) for f in state.fighters for c in f.charges)
        knocked_out = [p["knocked_out"] or p["forfeited"] for p in match.summary()["players"]]
        assert knocked_out.count(False) == 1
