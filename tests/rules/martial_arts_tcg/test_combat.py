"""Attack and defence (T1, T13-T15), links and adrenaline (T2, T3, T12, T27), counter-attacks (T8, T22)."""

from __future__ import annotations

from companion.rules.martial_arts_tcg.state import AdrEarned, Phase, TurnTakenOver
from tests.rules.martial_arts_tcg.helpers import START, match, player, refused


def test_t1_damage_is_atk_minus_def_never_below_zero() -> None:
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: block Example Deflect")
    assert player(played, "Ben")["health"] == 28  # ATK 5 - DEF 3
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: block Example Stillness")
    assert player(played, "Ben")["health"] == 30  # ATK 5 - DEF 6: 0, not -1
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: no block")
    assert player(played, "Ben")["health"] == 25


def test_t14_an_attack_card_defends_with_its_def_and_its_lnk_opens_the_counter() -> None:
    played = match(*START, "Ann: attack Practice Front Kick", "Ben: block Example Double Palm")
    assert player(played, "Ben")["health"] == 29  # ATK 4 - DEF 3
    assert played.summary()["counter"] == "Ben may counter with CPT <= 3"
    error = refused(played, "Ben: counter Example Spinning Kick")  # CPT 4 > LNK 3
    assert error.ruling == "T8" and "needs CPT <= 3" in error.reason


def test_t15_one_defence_card_per_attack() -> None:
    played = match(*START, "Ann: attack Practice Cross", "Ben: block Example Wing Block")
    assert refused(played, "Ben: block Example Deflect").ruling == "T1"


def test_t2_a_link_needs_cpt_at_most_the_previous_lnk_and_says_so() -> None:
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: no block")
    assert played.summary()["next_link"] == "CPT <= 1"
    error = refused(played, "Ann: link Practice Hook")
    assert error.ruling == "T2"
    assert error.reason == "Practice Hook has CPT 3; the link after Practice Roundhouse (LNK 1) needs CPT <= 1"
    played = match(*START, "Ann: attack Practice Backfist", "Ben: no block", "Ann: link Practice Roundhouse")
    assert played.state.phase is Phase.BLOCK and played.state.attack.linked


def test_t2_the_printed_reading_is_an_option() -> None:
    options = {"cpt-at-least-lnk-on-attack": True}
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: no block", "Ann: link Practice Hook",
                   options=options)
    assert played.state.attack is not None and played.state.attack.linked
    played = match(*START, "Ann: attack Practice Cross", "Ben: no block", options=options)
    assert refused(played, "Ann: link Practice Backfist").reason.endswith("needs CPT >= 3")


def test_t3_each_hit_after_the_first_earns_one_adr_spendable_at_once() -> None:
    played = match(*START, "Ann: attack Practice Jab", "Ben: no block", "Ann: link Practice Cross", "Ben: no block")
    assert player(played, "Ann")["adr"] == 1
    hand = player(played, "Ann")["hand"]
    events = played.steps[-1].events
    assert any(isinstance(e, AdrEarned) and e.hits == 2 and e.ruling == "T3" for e in events)
    played.push(played.ruleset.parse_action(0, "play Practice Focus"))  # ADR 1, draw 2, in the same chain
    assert player(played, "Ann")["adr"] == 0 and player(played, "Ann")["hand"] == hand - 1 + 2
    played.push(played.ruleset.parse_action(0, "link Practice Jab"))  # the chain goes on after a Strategy card
    played.push(played.ruleset.parse_action(1, "no block"))
    assert player(played, "Ann")["adr"] == 1 and played.summary()["chain"] == 3


def test_t3_a_strategy_card_without_the_adr_is_refused() -> None:
    played = match(*START)
    error = refused(played, "Ann: play Practice Feint")
    assert error.ruling == "T3" and error.reason == "Practice Feint costs 2 ADR and Ann has 0"


def test_t13_a_partly_absorbed_attack_is_a_hit_and_the_attacker_linking_goes_first() -> None:
    played = match(*START, "Ann: attack Practice Roundhouse", "Ben: block Example Deflect")
    assert played.to_act() == (0, 1)  # Ann may link, Ben may counter (T8, T13)
    whys = {r.action: r.why for r in played.legal_responses()}
    assert any("the attacker's link comes first" in why for why in whys.values())
    played.push(played.ruleset.parse_action(0, "link Practice Backfist"))  # CPT 1 <= LNK 1
    played.push(played.ruleset.parse_action(1, "no block"))
    assert player(played, "Ann")["adr"] == 1  # the partly absorbed attack was hit 1 of the chain
    assert refused(played, "Ben: counter Example Finger Jab").ruling == "T8"  # his counter was lost


def test_t12_a_new_attack_after_a_hit_starts_a_new_chain() -> None:
    played = match(*START, "Ann: attack Practice Jab", "Ben: no block", "Ann: attack Practice Cross", "Ben: no block")
    assert player(played, "Ann")["adr"] == 0 and played.summary()["chain"] == 1


def test_a_defended_attack_breaks_the_chain_and_the_attacker_may_attack_again() -> None:
    played = match(*START, "Ann: attack Practice Jab", "Ben: block Example Wing Block")
    assert played.summary()["next_link"] is None
    assert refused(played, "Ann: link Practice Cross").ruling == "T2"
    played.push(played.ruleset.parse_action(0, "attack Practice Cross"))
    assert played.state.phase is Phase.BLOCK


def test_t8_a_counter_takes_over_the_turn_and_whoever_controls_it_last_ends_it() -> None:
    played = match(*START, "Ann: attack Practice Cross", "Ben: block Example Deflect")  # DEF 3: all absorbed
    assert played.to_act() == (0, 1)
    played = match(*START, "Ann: attack Practice Cross", "Ben: block Example Deflect",
                   "Ben: counter Example Spinning Kick")  # CPT 4 <= LNK 5
    assert any(isinstance(e, TurnTakenOver) for e in played.steps[-1].events)
    summary = played.summary()
    assert summary["controls"] == "Ben" and summary["turn"] == "Ann" and played.to_act() == (0,)
    for line in ("Ann: no block", "Ben: play Example Fog", "Ben: end"):  # T22: his Resolve Phase, his Event
        played.push(played.ruleset.parse_action(played.setup.seat_of(line.split(":")[0]) or 0, line.split(": ")[1]))
    assert player(played, "Ann")["adr"] == 0 and player(played, "Ben")["adr"] == 1  # the counter's hit (T3)
    assert player(played, "Ben")["event"] == "Example Fog"
    summary = played.summary()
    assert summary["turn"] == "Ann" and summary["turn_number"] == 2  # the other player's turn follows (T8)


def test_t27_a_cancelled_attack_ends_the_combo_and_its_adr_stays_spent() -> None:
    played = match(*START, "Ann: attack Practice Jab", "Ben: no block", "Ann: link Practice Cross", "Ben: no block",
                   "Ben: adjust adr +2 by Example Misdirection", "Ann: link Practice Jab",
                   "Ben: play Example Misdirection")
    assert player(played, "Ben")["adr"] == 0
    assert played.state.attack is None and played.summary()["next_link"] is None
    assert player(played, "Ben")["health"] == 25  # Jab 2 + Cross 3; the cancelled Jab did nothing
    assert refused(played, "Ann: link Practice Backfist").ruling == "T2"
    played.push(played.ruleset.parse_action(0, "attack Practice Backfist"))  # a new attack may follow
