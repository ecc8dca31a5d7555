"""Army of One (T10, T17, T18, T21): the Hero (Ann, seat 1) against Enemies Ben (the leader), Cal and Dee.

Health 30 / 15 / 10; the Hero draws one more; exhausted once his deck has run out; any Enemy defends
for another; the Hero's switch earns +1 ADR; his turn passes to the Enemy he attacked last; the goal
is the leader (default) or all the Enemies.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.errors import InvalidSetup
from companion.rules.martial_arts_tcg.state import AdrEarned, RecoveryPhase, TargetSwitched
from companion.rules.model import Forfeit, MatchWon
from tests.rules.martial_arts_tcg.helpers import FOUR, RULESET, SHUFFLED, match, player, push, refused

ARMY = {"mode": "army-of-one"}
LED = (*SHUFFLED, "Ben: leads")


def army(*lines: str, options: dict[str, Any] | None = None) -> Any:
    return match(*LED, *lines, options={**ARMY, **(options or {})}, names=FOUR)


def healths(played: Any) -> dict[str, int]:
    return {p["name"]: p["health"] for p in played.summary()["players"]}


def test_t10_player_counts_are_refused_in_one_line_naming_the_ruling() -> None:
    with pytest.raises(InvalidSetup) as raised:
        RULESET.make_setup([f"P{n}" for n in range(11)], ARMY)
    assert str(raised.value) == ("Army of One is played by the Hero and 2 to 9 Enemies (3 to 10 players), not 11 "
                                 "[T10, T21]")
    with pytest.raises(InvalidSetup, match=r"not 2 \[T10, T21\]$"):
        RULESET.make_setup(["Ann", "Ben"], ARMY)
    setup = RULESET.make_setup([f"P{n}" for n in range(10)], ARMY)
    assert [p.team for p in setup.players] == ["Hero", *["Enemies"] * 9]
    assert setup.option("deck-10", "")  # every seat has a deck: the example decks by turns (MTD18)


def test_t10_the_enemies_declare_their_leader_who_has_15_and_starts() -> None:
    played = match(*SHUFFLED, options=ARMY, names=FOUR)
    assert healths(played) == {"Ann": 30, "Ben": 10, "Cal": 10, "Dee": 10}
    assert refused(played, "Ben: starts").ruling == "T10"
    assert refused(played, "Ann: leads").ruling == "T10"  # the Hero is not an Enemy
    push(played, "Ben: leads")
    summary = played.summary()
    assert healths(played) == {"Ann": 30, "Ben": 15, "Cal": 10, "Dee": 10}
    assert summary["leader"] == "Ben" and summary["turn"] == "Ben" and summary["hero"] == "Ann"
    roles = {p["name"]: p["role"] for p in summary["players"]}
    assert roles == {"Ann": "hero", "Ben": "leader", "Cal": "enemy", "Dee": "enemy"}


def test_t10_t18_the_hero_draws_one_more_every_time_he_draws() -> None:
    played = army("Ben: end")  # the Hero's turn: 4 for him, 2 for every Enemy
    hands = {p["name"]: p["hand"] for p in played.summary()["players"]}
    assert hands == {"Ann": 11, "Ben": 9, "Cal": 9, "Dee": 9}
    push(played, "Ann: end")  # an Enemy's turn: 3 for him, 3 for the Hero, nothing for the other Enemies
    hands = {p["name"]: p["hand"] for p in played.summary()["players"]}
    assert hands == {"Ann": 14, "Ben": 12, "Cal": 9, "Dee": 9}


def test_t10_any_enemy_defends_for_the_attacked_one_and_he_takes_the_rest() -> None:
    played = army("Ben: end", "Ann: attack Practice Roundhouse at Dee")
    assert played.to_act() == (3, 1, 2)
    push(played, "Cal: block Practice High Block")  # DEF 4 against ATK 5
    assert healths(played)["Dee"] == 9 and healths(played)["Cal"] == 10


def test_t10_each_switch_earns_one_more_the_rulebooks_four_adr() -> None:
    played = army("Ben: end", "Ann: attack Practice Jab at Ben", "Ben: no block",
                  "Ann: link Practice Backfist at Cal", "Cal: no block")
    assert player(played, "Ann")["adr"] == 2  # hit 2 of the chain (T3) and the switch (T10)
    assert any(isinstance(e, TargetSwitched) for e in played.steps[-2].events)
    push(played, "Ann: link Practice Elbow at Dee")
    push(played, "Dee: no block")
    earned = [e.ruling for e in played.steps[-1].events if isinstance(e, AdrEarned)]
    assert earned == ["T3", "T10"] and player(played, "Ann")["adr"] == 4
    assert player(played, "Ben")["adr"] == 0  # the Enemies' pool is theirs


def test_t10_a_switch_then_the_same_enemy_earns_one_bonus_only() -> None:
    played = army("Ben: end", "Ann: attack Practice Jab at Ben", "Ben: no block",
                  "Ann: link Practice Backfist at Cal", "Cal: no block", "Ann: link Practice Elbow", "Cal: no block")
    assert player(played, "Ann")["adr"] == 3  # 1 + 1 for the switch, then 1


def test_t21_a_new_attack_on_another_enemy_after_a_defence_earns_no_switch() -> None:
    played = army("Ben: end", "Ann: attack Practice Jab at Ben", "Ben: block Example Wing Block",
                  "Ann: attack Practice Cross at Cal", "Cal: no block")
    assert player(played, "Ann")["adr"] == 0


def test_t10_switching_to_a_defeated_enemy_is_refused_and_changes_nothing() -> None:
    played = army("Ben: end", "Ann: adjust damage 10 opponent by Practice Roundhouse at Cal",
                  "Ann: attack Practice Jab at Ben", "Ben: no block")
    error = refused(played, "Ann: link Practice Backfist at Cal")
    assert str(error) == "Cal is out (0 health): an attack names an opponent still in [T10]"
    responses = {played.ruleset.format_action(r.action) for r in played.legal_responses()}
    assert "link Practice Backfist at Dee" in responses and "link Practice Backfist at Cal" not in responses


def test_t10_t21_the_heros_turn_passes_to_the_enemy_he_attacked_last_and_back() -> None:
    played = army("Ben: end", "Ann: attack Practice Jab at Cal", "Cal: no block", "Ann: attack Practice Jab at Dee",
                  "Dee: block Example Wing Block")
    assert played.summary()["next_turn"]["player"] == "Dee" and played.summary()["next_turn"]["ruling"] == "T10"
    push(played, "Ann: end")
    assert played.summary()["turn"] == "Dee"
    push(played, "Dee: end")
    assert played.summary()["turn"] == "Ann"  # an Enemy's turn passes back to the Hero (T21)
    push(played, "Ann: adjust damage 10 opponent by Practice Roundhouse at Dee")  # the one he attacked last is out
    follows = played.summary()["next_turn"]
    assert follows["player"] == "Ben" and follows["ruling"] == "T21" and "the leader Ben" in follows["why"]


def test_t21_with_the_leader_out_the_enemy_with_the_most_health_plays_next() -> None:
    played = army("Ben: end", "Ann: adjust damage 3 opponent by Practice Roundhouse at Cal",
                  "Ann: attack Practice Jab at Ben", "Ben: no block", options={"goal": "all-enemies"})
    push(played, "Ann: adjust damage 15 opponent by Practice Roundhouse at Ben")
    assert not played.outcome().finished and played.summary()["enemies_defeated"] == 1
    assert played.summary()["next_turn"]["player"] == "Dee"  # Dee 10, Cal 7


def test_t17_once_his_deck_has_run_out_the_hero_skips_every_other_turn_of_his() -> None:
    played = army("Ben: end", "Ann: adjust draw 50 by Practice Focus",  # 47 left: his deck runs out
                  "Ann: adjust discard 40 self by Practice Focus", "Ann: end", "Ben: end")
    assert played.summary()["phase"] == "recovery" and played.to_act() == (0,)  # his next turn: skipped (T16)
    push(played, "Ann: shuffle")
    assert player(played, "Ann")["deck"] > 0 and played.summary()["turn"] == "Ben"
    push(played, "Ben: end")
    assert played.summary()["turn"] == "Ann" and player(played, "Ann")["skips_next_turn"]  # he plays; next skipped
    push(played, "Ann: end")
    push(played, "Ben: end")  # the Hero's turn, skipped (no discards: at once), so the leader plays again
    assert any(isinstance(e, RecoveryPhase) and e.seat == 0 for e in played.steps[-1].events)
    assert played.summary()["turn"] == "Ben" and player(played, "Ann")["deck"] > 0
    push(played, "Ben: end")
    assert played.summary()["turn"] == "Ann" and player(played, "Ann")["exhausted"]


def test_t10_victory_by_defeating_the_leader_by_default() -> None:
    played = army("Ben: end", "Ann: adjust damage 15 opponent by Practice Roundhouse at Ben")
    outcome = played.outcome()
    assert outcome.winners == (0,) and outcome.reason == "the Hero Ann defeated the leader Ben (1 of 3 Enemies)"
    assert played.summary()["enemies_defeated"] == 1


def test_t10_victory_by_defeating_all_enemies_as_a_rules_option() -> None:
    played = army("Ben: end", "Ann: adjust damage 15 opponent by Practice Roundhouse at Ben",
                  options={"goal": "all-enemies"})
    assert not played.outcome().finished
    push(played, "Ann: adjust damage 10 opponent by Practice Roundhouse at Cal")
    push(played, "Ann: adjust damage 10 opponent by Practice Roundhouse")  # Dee, the one left
    won = [e for e in played.steps[-1].events if isinstance(e, MatchWon)]
    assert won and won[0].ruling == "T10" and played.outcome().winners == (0,)
    assert played.summary()["enemies_defeated"] == 3


def test_t10_the_hero_out_means_every_enemy_wins() -> None:
    played = army("Ben: adjust damage 30 opponent by Example Crane Kick")
    assert played.outcome().winners == (1, 2, 3)
    assert played.outcome().reason == "the Hero Ann is out after defeating 0 of 3 Enemies"
    played = army()
    played.push(Forfeit(2))  # an Enemy's forfeit concedes for the Enemies
    assert played.outcome().winners == (0,)


def test_legal_responses_name_the_switch_and_what_it_earns() -> None:
    played = army("Ben: end", "Ann: attack Practice Jab at Ben", "Ben: no block")
    links = {played.ruleset.format_action(r.action): r for r in played.legal_responses()
             if played.ruleset.format_action(r.action).startswith("link Practice Backfist")}
    assert set(links) == {"link Practice Backfist at Ben", "link Practice Backfist at Cal",
                          "link Practice Backfist at Dee"}
    switch = links["link Practice Backfist at Cal"]
    assert switch.ruling == "T10" and "switches from Ben to Cal" in switch.why
    assert switch.consequence == "a hit earns 1 ADR (T3) and 1 more for the switch (T10)"
    assert links["link Practice Backfist at Ben"].ruling == "T2"
    push(played, "Ann: attack Practice Cross at Cal")
    blocks = [r for r in played.legal_responses() if r.action.actor == 3 and "Block" in type(r.action).__name__]
    assert blocks and all(r.ruling == "T10" and "Dee defends for Cal" in r.why for r in blocks)
