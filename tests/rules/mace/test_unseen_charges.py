"""Charges the referee could not see (MCD12-MCD14): `charge` alone, named when a Blast reveals it
or when it is lost face up, or never. Health and counts stay exact; a named card must be one that
could be there; the board shows how many Charges, never which."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.mace import RULESET
from companion.rules.mace.state import Blast, Charge, ChargeUp, DiscardForDamage, MaceState
from companion.rules.match import Match
from companion.rules.model import Action
from companion.rules.record import load_record
from tests.conftest import REPO, Cli
from tests.rules.mace.helpers import names, play, record_text, run, table

EXAMPLES = REPO / "docs" / "examples"


def health(state: MaceState) -> tuple[object, ...]:
    """What the referee's board counts: hands, hexes, Charges, knockdowns, deck and pile size."""
    return (tuple((f.hand, f.hex, len(f.charges), f.knocked_down, f.out) for f in state.fighters),
            state.deck, len(state.discard), state.phase, state.round_number, state.active
            if state.order else None)


def unseen_version(match: Match) -> list[Action]:
    """The same match with every Charge placed unseen. A Charge lost to damage goes face up onto
    the pile, so the referee names it there (MCD13) even where, named at once, it went without
    saying (his only Charge)."""
    actions: list[Action] = []
    for step in match.steps:
        action = step.action
        lost = next((e.card for e in step.events if e.name == "ChargeLost"), None)  # type: ignore[attr-defined]
        if isinstance(action, ChargeUp):
            action = ChargeUp(action.actor, None)
        elif isinstance(action, DiscardForDamage) and lost is not None:
            action = replace(action, charge=lost)
        actions.append(action)
    return actions


@pytest.mark.parametrize("name", ["mace-three-fighters.shinpan", "mace-four-fighters.shinpan"])
def test_an_example_record_with_unseen_charges_replays_to_the_same_health(name: str) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    named = load_record(text)
    unseen = Match(named.setup, unseen_version(named))
    assert any(isinstance(a, ChargeUp) for a in named.actions)
    assert "\ncharge\n" in "\n".join(RULESET.format_action(a) for a in unseen.actions) + "\n"
    assert [health(s.state) for s in unseen.steps] == [health(s.state) for s in named.steps]
    assert unseen.outcome() == named.outcome()
    assert unseen.summary()["players"] == named.summary()["players"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_replay_to_the_same_health_with_every_charge_unseen(players: int) -> None:
    setup = RULESET.make_setup(["Ann", "Ben", "Cal", "Dee"][:players])
    compared = 0
    for seed in range(8):
        rng = random.Random(seed)
        match = Match(setup)
        while not match.outcome().finished:
            listed = [r for r in match.legal_responses() if r.action != ChargeUp(r.action.actor, None)]
            match.push(rng.choice(listed).action)
        hidden = Match(setup, unseen_version(match))
        assert [health(s.state) for s in hidden.steps] == [health(s.state) for s in match.steps]
        assert hidden.outcome() == match.outcome()
        compared += sum(isinstance(a, ChargeUp) for a in match.actions)
    assert compared > 10


def charged_unseen() -> MaceState:
    """Ann (0,0) charges unseen, out of Ben's Reach (5,0); then she passes and Ben passes."""
    state = table((0, 0), (5, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: charge", "Ann: pass", "Ben: pass")
    return state


def test_an_unseen_charge_counts_like_any_but_shows_no_card() -> None:
    before = table((0, 0), (5, 0), momentum=("KH", "2C"))
    state = charged_unseen()
    ann = state.fighters[0]
    assert ann.hand == before.fighters[0].hand and state.deck == before.deck - 1  # drew one
    assert len(ann.charges) == 1 and ann.charges[0].card is None
    summary = RULESET.summary(state, RULESET.make_setup(["Ann", "Ben"]))
    assert summary["players"][0]["charges"] == 1
    # The board shows Ben's Momentum 2C, and no other club or Joker.
    assert re.findall(r'"(?:\d+|[JQKA])C"|"[BR]J"', json.dumps(summary)) == ['"2C"']
    extras = RULESET.legal_extras(state)["actions"]
    assert extras["blast_targets"] == {"face down": ["Ben"]}


def test_a_blast_names_the_unseen_charge_and_its_value_sets_the_range() -> None:
    state, events = run(charged_unseen(), "Ann: blast 8C with 10C at Ben")
    blasted = next(e for e in events if e.name == "Blasted")
    assert blasted.charge == "10c" and blasted.reach == 10  # type: ignore[attr-defined]
    assert state.fighters[0].charges == ()
    assert [d.card for d in state.discard[-2:]] == ["10c", "8c"]  # the Charge first (MCD3)
    with pytest.raises(IllegalAction, match="reaches 4") as refused:
        run(charged_unseen(), "Ann: blast 8C with 4C at Ben")  # 5 hexes away
    assert refused.value.ruling == "MACE Blast"


@pytest.mark.parametrize(("named", "ruling"), [("7H", "MACE Charge"), ("2C", "MCD7"), ("8C", "MACE Blast")])
def test_a_blast_that_names_an_impossible_card_is_refused_with_the_rule(named: str, ruling: str) -> None:
    # 7H is no club; 2C is Ben's Momentum card; 8C is the Blast card itself.
    state = charged_unseen()
    with pytest.raises(IllegalAction) as refused:
        run(state, f"Ann: blast 8C with {named} at Ben")
    assert refused.value.ruling == ruling


def test_a_card_shown_since_the_charge_was_placed_cannot_be_it() -> None:
    # As after a reshuffle: 9C was played from a hand after Ann placed her Charge, so it is no
    # longer among the cards the Charge could be, though it is not on the table now.
    state = charged_unseen()
    charge = state.fighters[0].charges[0]
    state = state.with_fighter(0, charges=(replace(charge, could_be=charge.could_be - {"9c"}),))
    with pytest.raises(IllegalAction) as refused:
        run(state, "Ann: blast 8C with 9C at Ben")
    assert refused.value.ruling == "MCD13" and "played from a hand after" in refused.value.reason


def test_the_last_card_a_charge_could_be_is_not_in_any_hand() -> None:
    state = charged_unseen()
    state = state.with_fighter(0, charges=(Charge(None, 0, frozenset({"7c", "jc"})),))
    state, _ = run(state, "Ann: charge JC", "Ann: pass", "Ben: pass")  # JC is seen now
    listed = {r.action for r in RULESET.legal_responses(state)}
    assert not any(getattr(a, "card", None) == "7c" for a in listed)
    with pytest.raises(IllegalAction) as refused:
        run(state, "Ann: boost 7C")
    assert refused.value.ruling == "MCD12"
    assert "7c" in {a.charge for a in listed if isinstance(a, Blast)}


def test_a_bad_reveal_in_a_record_is_one_line_naming_the_rule(cli: Cli) -> None:
    text = record_text("Ann: momentum KH", "Ben: momentum 2C", "Ann: charge", "Ann: pass",
                       "Ben: pass", "Ann: blast 8C with 2C at Ben")
    result = cli.run("replay", "-", stdin=text)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "'blast 8C with 2C at Ben'" in lines[0]
    assert lines[0].endswith("is Ben's Momentum card, so it cannot be Ann's face-down Charge: a "
                             "deck has one of each card [MCD7]")


def test_undo_and_redo_around_a_reveal() -> None:
    match = play("Ann: momentum KH", "Ben: momentum 2C", "Ann: charge", "Ann: pass", "Ben: pass")
    hidden = match.state
    match.push(RULESET.parse_action(0, "blast 8C with 10C at Ben"))
    revealed = match.state
    assert revealed.fighters[0].charges == () and revealed.discard[-2].card == "10c"
    match.undo()
    assert match.state == hidden and match.state.fighters[0].charges[0].card is None
    assert match.summary()["players"][0]["charges"] == 1
    match.redo()
    assert match.state == revealed
    match.undo()  # and a different card may be named instead, as if the first were misread
    match.push(RULESET.parse_action(0, "blast 8C with JC at Ben"))
    assert match.state.discard[-2].card == "jc"


def test_listed_blasts_name_only_cards_the_charge_could_be_and_each_is_accepted() -> None:
    state = charged_unseen()
    state, _ = run(state, "Ann: boost QH to 1,0")  # KH, QH seen; still out of Ben's Reach
    listed = RULESET.legal_responses(state)
    blasts = [r.action for r in listed if isinstance(r.action, Blast)]
    named = {a.charge for a in blasts}
    # Any club not on the table reaching Ben 4 hexes away, never a heart or a seen card (2C); not
    # a Joker: charged on an empty pile, it would reach 0 (MCD3).
    assert named == {"4c", "5c", "6c", "7c", "8c", "9c", "10c", "jc", "qc", "kc", "ac"}
    assert {a.card for a in blasts} >= {"3c", "jc", "bj"}
    for action in blasts:
        RULESET.apply(state, action)  # raises if a listed Blast were refused
    assert ChargeUp(0, None) in {r.action for r in listed}  # another may be placed unseen
    assert len(blasts) < 60  # one line per Blast card and per card it could be, not every pair


def test_a_charge_lost_to_damage_is_named_face_up_or_leaves_unnamed_with_a_knockout() -> None:
    state = table((0, 0), (3, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: charge", "Ann: boost 9H to 2,0", "Ben: strike 9S at Ann",
                   "Ann: no defence")
    with pytest.raises(IllegalAction) as refused:
        run(state, "Ann: discard 5H 4H")
    assert refused.value.ruling == "MCD13"
    lost, events = run(state, "Ann: discard 5H 4H, lose charge 7C")
    assert "ChargeLost" in names(events) and lost.discard[-1].card == "7c"
    assert lost.fighters[0].charges == ()
    # Discarding the whole hand knocks her out: the unseen Charge goes, unnamed, under the pile.
    whole = state.with_fighter(0, hand=1)
    out, events = run(whole, "Ann: discard 5H")
    assert "KnockedOut" in names(events)
    assert out.discard[0].card is None and out.discard[-1].card == "9h"  # her Momentum on top
    assert len(out.discard) == len(whole.discard) + 3  # 5H, her Momentum and the Charge


def test_notation_writes_an_unseen_charge_as_charge_alone() -> None:
    assert RULESET.parse_action(0, "charge") == ChargeUp(0, None)
    assert RULESET.parse_action(0, "Charge ?") == ChargeUp(0, None)
    assert RULESET.format_action(ChargeUp(0, None)) == "charge"
    assert RULESET.format_action(DiscardForDamage(0, ("9h",), "7c")) == "discard 9H, lose charge 7C"
