"""Two-on-Two (T9, T18, T19, T20): seats A1, B1, A2, B2; a teammate defends and counters; ADR and the
Event per team; no Strategy card on a teammate; a player at 0 is out; the team with a player standing wins."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.errors import InvalidSetup
from companion.rules.martial_arts_tcg.state import HealthGone, Phase, TurnPassed
from companion.rules.model import Forfeit, MatchWon, PlayerSpec
from tests.rules.martial_arts_tcg.helpers import FOUR, RULESET, SHUFFLED, match, player, push, refused

TWO = {"mode": "two-on-two"}
BEGUN = (*SHUFFLED, "Ann: starts")


def duel(*lines: str) -> Any:
    return match(*BEGUN, *lines, options=TWO, names=FOUR)


def test_t9_four_players_in_alternating_teams_else_one_line_naming_t9() -> None:
    setup = RULESET.make_setup(list(FOUR), TWO)
    assert [(p.name, p.team) for p in setup.players] == [("Ann", "A"), ("Ben", "B"), ("Cal", "A"), ("Dee", "B")]
    with pytest.raises(InvalidSetup) as raised:
        RULESET.make_setup(["Ann", "Ben", "Cal"], TWO)
    assert str(raised.value) == "Two-on-Two is played by 4 players in 2 teams (seats A1, B1, A2, B2), not 3 [T9]"
    named = [PlayerSpec("Ann", team="Red"), PlayerSpec("Ben", team="Blue"), PlayerSpec("Cal", team="Red"),
             PlayerSpec("Dee", team="Blue")]
    assert [p.team for p in RULESET.make_setup(named, TWO).players] == ["Red", "Blue", "Red", "Blue"]
    crossed = [PlayerSpec("Ann", team="Red"), PlayerSpec("Ben", team="Red"), PlayerSpec("Cal"), PlayerSpec("Dee")]
    with pytest.raises(InvalidSetup, match=r"players 1 and 3 are one team, 2 and 4 the other \[T9\]$"):
        RULESET.make_setup(crossed, TWO)
    with pytest.raises(InvalidSetup, match=r"\[T9, T10\]$"):
        RULESET.make_setup(list(FOUR), {})  # four players need a mode for them


def test_t9_t20_the_teammate_defends_and_the_attacked_player_takes_the_rest() -> None:
    played = duel("Ann: attack Practice Roundhouse at Ben")  # ATK 5
    assert played.to_act() == (1, 3)  # Ben, or Dee for him
    push(played, "Dee: block Example Deflect")  # DEF 3
    assert player(played, "Ben")["health"] == 28 and player(played, "Dee")["health"] == 30
    assert played.summary()["counter"] == "Dee may counter with CPT <= 5"
    assert refused(played, "Dee: no block").ruling == "T1"  # the block is made: nothing waits


def test_t9_no_block_is_the_attacked_players_and_only_his_side_defends() -> None:
    played = duel("Ann: attack Practice Jab at Ben")
    assert refused(played, "Dee: no block").ruling == "T9"
    assert refused(played, "Cal: block Practice High Block").ruling == "T1"  # Ann's teammate does not defend Ben


def test_t9_t19_the_teammates_counter_takes_the_turn_over_and_may_strike_either_opponent() -> None:
    played = duel("Ann: attack Practice Jab at Ben", "Dee: block Example Deflect",
                  "Dee: counter Example Spinning Kick at Cal")  # CPT 4 <= LNK 5 of the Deflect
    summary = played.summary()
    assert summary["controls"] == "Dee" and summary["turn"] == "Ann" and summary["target"] == "Cal"
    assert played.to_act() == (2, 0)  # Cal, or Ann for him
    push(played, "Cal: no block")
    assert player(played, "Cal")["health"] == 25 and player(played, "Dee")["adr"] == 1  # the guard began it (T3)
    assert player(played, "Ben")["adr"] == 1  # the pool is team B's
    push(played, "Dee: end")  # Dee controls the turn last; the order goes on from Ann's seat (T19)
    passed = [e for e in played.steps[-1].events if isinstance(e, TurnPassed)]
    assert passed[0].ruling == "T19" and played.summary()["turn"] == "Ben"


def test_t9_pooled_adr_is_spent_by_the_other_teammate() -> None:
    played = duel("Ann: attack Practice Jab at Ben", "Ben: no block", "Ann: link Practice Cross at Ben",
                  "Ben: no block", "Ann: end", "Ben: end")
    assert player(played, "Cal")["adr"] == 1 and played.summary()["pools"][0]["adr"] == 1
    hand = player(played, "Cal")["hand"]
    push(played, "Cal: play Practice Focus")  # ADR 1, earned by Ann: draw 2
    assert player(played, "Ann")["adr"] == 0 and player(played, "Cal")["hand"] == hand - 1 + 2


def test_t9_a_strategy_card_aimed_at_a_teammate_is_refused_in_one_line() -> None:
    played = duel("Ann: adjust adr +3 by Practice Feint")
    error = refused(played, "Ann: play Practice Feint at Cal")
    assert error.ruling == "T9"
    assert str(error) == "Strategy cards may not target a teammate: Cal is Ann's teammate [T9]"
    assert refused(played, "Ann: play Practice Breath at Cal").ruling == "T9"
    error = refused(played, "Ann: play Practice Feint")  # two opponents: name one
    assert error.ruling == "T9" and "play CARD at NAME" in error.reason
    push(played, "Ann: play Practice Feint at Dee")
    assert player(played, "Dee")["next_card_cancelled"] and not player(played, "Ben")["next_card_cancelled"]


def test_t9_one_event_per_team_and_the_teammate_replaces_it() -> None:
    played = duel("Ann: play Practice Rainstorm", "Ann: end", "Ben: play Example Fog", "Ben: end")
    pools = {pool["pool"]: pool for pool in played.summary()["pools"]}
    assert pools["A"]["event"] == "Practice Rainstorm" and pools["B"]["event"] == "Example Fog"
    error = refused(played, "Cal: play Practice Festival replacing Example Fog")
    assert error.ruling == "T9" and "only its team replaces it" in error.reason
    discards = player(played, "Ann")["discard"]
    push(played, "Cal: play Practice Festival replacing Practice Rainstorm")
    pools = {pool["pool"]: pool for pool in played.summary()["pools"]}
    assert pools["A"]["event"] == "Practice Festival" and pools["A"]["event_of"] == "Cal"
    assert player(played, "Ann")["discard"] == discards + 1  # the replaced card goes to its owner's discards


def test_t18_the_draw_phase_gives_nothing_to_teammates() -> None:
    played = duel("Ann: end")
    hands = {p["name"]: p["hand"] for p in played.summary()["players"]}
    assert hands == {"Ann": 9, "Ben": 10, "Cal": 9, "Dee": 7}  # Ben 3, his opponents 2, Dee nothing


def test_t2_t10_a_link_stays_on_its_target_outside_the_army_of_one() -> None:
    played = duel("Ann: attack Practice Jab at Ben", "Ben: no block")
    assert refused(played, "Ann: link Practice Cross at Dee").ruling == "T10"
    push(played, "Ann: link Practice Cross")  # without a name: the chain's target
    assert played.state.attack is not None and played.state.attack.target == 1


def test_t9_t19_a_player_at_zero_is_out_his_turns_skipped_and_the_team_left_standing_wins() -> None:
    played = duel("Ann: adjust damage 30 opponent by Practice Roundhouse at Ben")
    assert any(isinstance(e, HealthGone) for e in played.steps[-1].events) and not played.outcome().finished
    assert player(played, "Ben")["out"] and played.summary()["out"] == ["Ben"]
    error = refused(played, "Ann: attack Practice Jab at Ben")
    assert error.ruling == "T9" and "Ben is out" in error.reason
    push(played, "Ann: attack Practice Jab")  # one opponent left: no name needed
    assert played.to_act() == (3,)
    push(played, "Dee: no block")
    push(played, "Ann: end")
    assert played.summary()["turn"] == "Cal"  # Ben's seat is skipped (T19)
    assert refused(played, "Ben: end").ruling in ("T8", "T9")
    push(played, "Cal: adjust damage 30 opponent by Practice Roundhouse")
    won = [e for e in played.steps[-1].events if isinstance(e, MatchWon)]
    assert won and won[0].ruling == "T9" and played.outcome().winners == (0, 2)
    assert played.outcome().reason == "Ben and Dee are both out"


def test_t24_both_teams_out_at_once_is_a_draw() -> None:
    played = duel("Ann: adjust damage 30 both by Practice Roundhouse at Ben")
    assert not played.outcome().finished and played.summary()["out"] == ["Ann", "Ben"]  # Cal and Dee stand
    assert played.summary()["turn"] == "Cal"  # Ann's turn passed on: he is out, and Ben's seat is skipped
    push(played, "Cal: adjust damage 30 both by Practice Roundhouse at Dee")
    assert played.outcome().draw


def test_a_forfeit_concedes_for_the_team() -> None:
    played = duel()
    played.push(Forfeit(1))
    assert played.outcome().winners == (0, 2) and played.outcome().reason == "Ben forfeited for his side"


def test_legal_responses_say_who_defends_for_whom_and_whose_turn_comes_next() -> None:
    played = duel("Ann: attack Practice Jab at Ben")
    lines = {played.ruleset.format_action(r.action) + f" ({r.action.actor})": r for r in played.legal_responses()}
    dee = lines["block Example Deflect (3)"]
    assert dee.ruling == "T9" and "Dee defends for Ben, his teammate (T9)" in dee.why
    assert "he may counter-attack with CPT <= 5" in dee.consequence
    played = duel()
    ends = [r for r in played.legal_responses() if played.ruleset.format_action(r.action) == "end"]
    assert ends[0].ruling == "T19" and ends[0].consequence == "Ben's turn begins with the Draw Phase (T4)"
    attacks = {played.ruleset.format_action(r.action) for r in played.legal_responses()}
    assert {"attack Practice Jab at Ben", "attack Practice Jab at Dee"} <= attacks
    assert not any(line.endswith("at Cal") for line in attacks)
    assert played.state.phase is Phase.PREP
